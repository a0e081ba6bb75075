package main

import (
	"encoding/binary"
	"testing"

	"github.com/a2aplay/a2aplay/internal/wasmbin"
	w "github.com/a2aplay/a2aplay/internal/wasmbin/wasmbintest"
)

// tablesModule writes a module with two functions, main.a and main.b,
// and the Go runtime tables that describe them: a pclntab at 0x1000 and
// a moduledata at 0x2000, in one data segment loaded at 0x800.
func tablesModule() []byte {
	const base, hdr, md = 0x800, 0x1000, 0x2000
	mem := make([]byte, md+mdSize-base)
	put64 := func(addr, v int) { binary.LittleEndian.PutUint64(mem[addr-base:], uint64(v)) }
	put32 := func(addr, v int) { binary.LittleEndian.PutUint32(mem[addr-base:], uint32(v)) }
	const (
		names  = hdr + 0x48 // "main.a\0main.b\0"
		cutab  = names + 0x10
		files  = cutab + 8 // "x.go\0"
		pctab  = files + 8 // 0, then one table at offset 1
		pcln   = pctab + 8 // ftab (3 entries), then two _func records
		gofunc = pcln + 24 + 2*funcRecordSize
		epcln  = gofunc + 16
	)
	binary.LittleEndian.PutUint32(mem[hdr-base:], pclnMagic)
	mem[hdr-base+6], mem[hdr-base+7] = 1, 8
	put64(hdr+8, 2) // nfunc
	put64(hdr+16, 1)
	put64(hdr+32, names-hdr)
	put64(hdr+40, cutab-hdr)
	put64(hdr+48, files-hdr)
	put64(hdr+56, pctab-hdr)
	put64(hdr+64, pcln-hdr)
	copy(mem[names-base:], "main.a\x00main.b\x00")
	copy(mem[files-base:], "x.go\x00")
	copy(mem[pctab-base+1:], []byte{0x02, 0x01, 0x00}) // value +1 for 1 pc, end
	for i := range 3 {
		put32(pcln+8*i, wasmFuncValueOffset+i)
		if i < 2 {
			rec := pcln + 24 + i*funcRecordSize
			put32(pcln+8*i+4, rec-pcln)
			put32(rec, wasmFuncValueOffset+i)
			put32(rec+4, 7*i) // nameOff
			put32(rec+16, 1)  // pcsp
			put32(rec+24, 1)  // pcln, the same table
		}
	}
	put64(md, hdr)
	for off, v := range map[int]int{mdFuncnametab: names, mdCutab: cutab, mdFiletab: files, mdPctab: pctab,
		mdPclntable: pcln, mdFtab: pcln, mdTypes: base, mdEtypes: hdr, mdGofunc: gofunc, mdEpclntab: epcln,
		mdNoptrdata: md, mdEnoptrdata: md + mdSize} {
		put64(md+off, v)
	}
	put64(md+mdFtab+8, 3)
	return w.Module(
		w.Section(1, w.ULEB(1), []byte{0x60, 0, 0}),
		w.Section(wasmbin.SectionFunction, w.ULEB(2), w.ULEB(0), w.ULEB(0)),
		w.Section(wasmbin.SectionCode, w.ULEB(2), w.ULEB(2), []byte{0x00, 0x0b}, w.ULEB(3), []byte{0x00, 0x01, 0x0b}),
		w.Section(wasmbin.SectionData, w.ULEB(1), w.ULEB(0), []byte{0x41}, w.ULEB(base), []byte{0x0b}, w.ULEB(len(mem)), mem),
		w.Section(wasmbin.SectionCustom, w.Str("name"), w.Section(1, w.ULEB(2), w.ULEB(0), w.Str("main.a"), w.ULEB(1), w.Str("main.b"))),
	)
}

func TestGoTables(t *testing.T) {
	p, err := newProfile(tablesModule())
	if err != nil {
		t.Fatal(err)
	}
	if p.tablesOK != nil {
		t.Fatal(p.tablesOK)
	}
	// main.a: its name and NUL, its ftab entry, its record, and the
	// 3-byte pc table it is first to use; main.b shares that table.
	want := map[string]int{"main.a": 7 + 8 + funcRecordSize + 3, "main.b": 7 + 8 + funcRecordSize}
	for _, s := range p.symbols {
		if s.meta != want[s.name] {
			t.Errorf("%s: %d pclntab bytes, want %d", s.name, s.meta, want[s.name])
		}
		delete(want, s.name)
	}
	if len(want) > 0 {
		t.Errorf("functions not found: %v", want)
	}
	// The data rows count the stored bytes of each range; this module
	// stores its zeros too.
	rows := map[string]int{}
	for _, d := range p.data {
		rows[d.name] = d.bytes
	}
	for name, n := range map[string]int{
		"pclntab: function names":          0x10,
		"pclntab: header, file names":      0x48 + 8 + 8,
		"pclntab: pc tables":               8,
		"pclntab: function records":        24 + 2*funcRecordSize,
		"stack maps, arg info (go:func.*)": 16,
	} {
		if rows[name] != n {
			t.Errorf("%s: %d bytes, want %d", name, rows[name], n)
		}
	}
}

// The tables are checked against the name section: a module whose
// pclntab names its functions differently is profiled by the name
// section alone.
func TestGoTablesMismatch(t *testing.T) {
	bin := tablesModule()
	i := len(bin) - len("main.b")
	copy(bin[i:], "main.c")
	p, err := newProfile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if p.tablesOK == nil || p.names != mangledNames {
		t.Fatalf("tables accepted although the names differ (%q)", p.names)
	}
}

func BenchmarkProfileTables(b *testing.B) {
	bin := tablesModule()
	for b.Loop() {
		if _, err := newProfile(bin); err != nil {
			b.Fatal(err)
		}
	}
}
