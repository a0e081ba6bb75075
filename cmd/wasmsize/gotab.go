package main

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/a2aplay/a2aplay/internal/wasmbin"
)

// memory is a module's linear memory as its active data segments set it;
// bytes between segments are zero, as the Go linker leaves runs of zeros
// out of the data section.
type memory struct {
	bin  []byte
	segs []wasmbin.Segment // active, sorted by address
}

func newMemory(bin []byte, m *wasmbin.Module) *memory {
	mem := &memory{bin: bin}
	for _, s := range m.Data {
		if s.Active && s.Addr >= 0 {
			mem.segs = append(mem.segs, s)
		}
	}
	sort.Slice(mem.segs, func(i, j int) bool { return mem.segs[i].Addr < mem.segs[j].Addr })
	return mem
}

// end is the address after the last segment's last byte.
func (mem *memory) end() int64 {
	if len(mem.segs) == 0 {
		return 0
	}
	s := mem.segs[len(mem.segs)-1]
	return s.Addr + int64(s.Size)
}

// read returns n bytes at addr, or false when they go past the end of
// the initialized memory.
func (mem *memory) read(addr int64, n int) ([]byte, bool) {
	if addr < 0 || n < 0 || addr+int64(n) > mem.end() {
		return nil, false
	}
	out := make([]byte, n)
	i := sort.Search(len(mem.segs), func(i int) bool { return mem.segs[i].Addr+int64(mem.segs[i].Size) > addr })
	for ; i < len(mem.segs) && mem.segs[i].Addr < addr+int64(n); i++ {
		s := mem.segs[i]
		lo, hi := max(addr, s.Addr), min(addr+int64(n), s.Addr+int64(s.Size))
		copy(out[lo-addr:hi-addr], s.Bytes(mem.bin)[lo-s.Addr:hi-s.Addr])
	}
	return out, true
}

func (mem *memory) u32(addr int64) (uint32, bool) {
	b, ok := mem.read(addr, 4)
	if !ok {
		return 0, false
	}
	return binary.LittleEndian.Uint32(b), true
}

func (mem *memory) u64(addr int64) (int64, bool) {
	b, ok := mem.read(addr, 8)
	if !ok {
		return 0, false
	}
	return int64(binary.LittleEndian.Uint64(b)), true
}

// goTables is what a Go module's runtime tables say about its functions
// and its data: the real (unmangled) name of every function, the bytes of
// function metadata each one brings, and where the linker's data regions
// are.
type goTables struct {
	// funcs is indexed like the module's defined functions.
	funcs []funcInfo
	// regions are the data regions the moduledata names, by address.
	regions []region
}

type funcInfo struct {
	name string
	// meta counts the function's bytes in the pclntab: its name, its
	// _func record and ftab entry, and the pc tables it is the first to
	// use.
	meta int
}

// A region is a range of addresses that holds one kind of data.
type region struct {
	name    string
	lo, hi  int64
	perFunc bool // part of the per-function metadata a package's functions bring
}

// Layout constants of the Go 1.20+ runtime tables for a 64-bit target
// (runtime/symtab.go: pcHeader, moduledata, functab, _func).
const (
	pclnMagic      = 0xfffffff1
	funcRecordSize = 44 // _func without its pcdata and funcdata arrays
	maxNameLen     = 1 << 16
	// A wasm function's entry in the ftab is funcValueOffset plus its
	// index among the defined functions (cmd/link/internal/wasm).
	wasmFuncValueOffset = 0x1000
)

// moduledata field offsets (runtime.moduledata on a 64-bit target).
const (
	mdFuncnametab = 8
	mdCutab       = 32
	mdFiletab     = 56
	mdPctab       = 80
	mdPclntable   = 104
	mdFtab        = 128
	mdText        = 176
	mdNoptrdata   = 192
	mdEnoptrdata  = 200
	mdData        = 208
	mdEdata       = 216
	mdTypes       = 296
	mdEtypes      = 304
	mdGofunc      = 320
	mdEpclntab    = 328
	mdSize        = 336
)

// readGoTables finds the pclntab and the moduledata in the module's data
// and reads them. defined is the number of functions the module defines.
// An error says which table could not be read; the caller profiles the
// module without them.
func readGoTables(mem *memory, defined int) (*goTables, error) {
	hdr, ok := findPCHeader(mem)
	if !ok {
		return nil, fmt.Errorf("no Go 1.20+ pclntab header (magic %#x, 8-byte pointers) in the data section", pclnMagic)
	}
	md, ok := findModuledata(mem, hdr)
	if !ok {
		return nil, fmt.Errorf("pclntab at %#x: no runtime.moduledata points to it", hdr)
	}
	field := func(off int64) int64 { v, _ := mem.u64(md + off); return v }
	nfunc, _ := mem.u64(hdr + 8)
	text := field(mdText)
	names := field(mdFuncnametab)
	pctab := field(mdPctab)
	pcln := field(mdPclntable)
	ftab := field(mdFtab)
	if nfunc < 0 || nfunc > int64(defined) || text != 0 {
		return nil, fmt.Errorf("moduledata at %#x: %d functions and text at %#x do not fit a wasm module of %d functions", md, nfunc, text, defined)
	}
	t := &goTables{funcs: make([]funcInfo, defined)}
	seen := map[uint32]bool{} // pc tables already counted
	for i := int64(0); i < nfunc; i++ {
		entry, ok1 := mem.u32(ftab + 8*i)
		off, ok2 := mem.u32(ftab + 8*i + 4)
		rec := pcln + int64(off)
		nameOff, ok3 := mem.u32(rec + 4)
		npcdata, ok4 := mem.u32(rec + 28)
		nfuncdata, ok5 := mem.read(rec+funcRecordSize-1, 1)
		idx := int64(entry) - wasmFuncValueOffset
		if !(ok1 && ok2 && ok3 && ok4 && ok5) || idx < 0 || idx >= int64(defined) || npcdata > 1<<10 {
			return nil, fmt.Errorf("pclntab: function %d of %d: record at %#x is not readable", i, nfunc, rec)
		}
		name, ok := mem.cstring(names + int64(nameOff))
		if !ok {
			return nil, fmt.Errorf("pclntab: function %d: name at %#x has no end", i, names+int64(nameOff))
		}
		meta := len(name) + 1 + 8 + funcRecordSize + 4*int(npcdata) + 4*int(nfuncdata[0])
		// pcsp, pcfile, pcln, then the pcdata offsets, all into pctab.
		tabs := []int64{rec + 16, rec + 20, rec + 24}
		for k := int64(0); k < int64(npcdata); k++ {
			tabs = append(tabs, rec+funcRecordSize+4*k)
		}
		for _, at := range tabs {
			o, ok := mem.u32(at)
			if !ok || o == 0 || seen[o] {
				continue
			}
			seen[o] = true
			meta += mem.pcTableLen(pctab + int64(o))
		}
		t.funcs[idx] = funcInfo{name: name, meta: meta}
	}
	t.regions = regionsOf(hdr, field)
	return t, nil
}

// findPCHeader looks for the pclntab header: the magic, two zero pads,
// the minimum instruction size 1 and 8-byte pointers, 8-byte aligned.
func findPCHeader(mem *memory) (int64, bool) {
	for _, s := range mem.segs {
		b := s.Bytes(mem.bin)
		for i := (8 - s.Addr%8) % 8; i+8 <= int64(len(b)); i += 8 {
			if binary.LittleEndian.Uint32(b[i:]) == pclnMagic && b[i+4] == 0 && b[i+5] == 0 && b[i+6] == 1 && b[i+7] == 8 {
				return s.Addr + i, true
			}
		}
	}
	return 0, false
}

// findModuledata looks for the moduledata: an aligned word holding the
// header's address, followed by the funcnametab slice the header's own
// offset names.
func findModuledata(mem *memory, hdr int64) (int64, bool) {
	nameOff, ok := mem.u64(hdr + 32) // pcHeader.funcnameOffset
	if !ok {
		return 0, false
	}
	// A pointer's low byte may be zero and left out of the segment it
	// starts, so every aligned word that touches a segment is read whole.
	for _, s := range mem.segs {
		for md := s.Addr &^ 7; md < s.Addr+int64(s.Size); md += 8 {
			if v, ok := mem.u64(md); !ok || v != hdr {
				continue
			}
			if v, ok := mem.u64(md + mdFuncnametab); ok && v == hdr+nameOff {
				if _, ok := mem.read(md, mdSize); ok {
					return md, true
				}
			}
		}
	}
	return 0, false
}

// cstring reads a NUL-terminated name of at most maxNameLen bytes.
func (mem *memory) cstring(addr int64) (string, bool) {
	for n := int64(64); ; n *= 4 {
		n = min(n, maxNameLen, mem.end()-addr)
		b, ok := mem.read(addr, int(n))
		if !ok {
			return "", false
		}
		for i, c := range b {
			if c == 0 {
				return string(b[:i]), true
			}
		}
		if n == maxNameLen || n == mem.end()-addr {
			return "", false
		}
	}
}

// pcTableLen is the length of the pc-value table at addr: pairs of a
// value delta and a pc delta (varints), ended by a zero value delta after
// the first pair. It stops counting at maxNameLen bytes, far more than a
// real table holds.
func (mem *memory) pcTableLen(addr int64) int {
	n := 0
	uvarint := func() (uint64, bool) {
		var v uint64
		for shift := 0; shift < 64; shift += 7 {
			b, ok := mem.read(addr+int64(n), 1)
			if !ok {
				return 0, false
			}
			n++
			v |= uint64(b[0]&0x7f) << shift
			if b[0] < 0x80 {
				return v, true
			}
		}
		return 0, false
	}
	for first := true; n < maxNameLen; first = false {
		d, ok := uvarint()
		if !ok || (d == 0 && !first) {
			return n
		}
		if _, ok := uvarint(); !ok {
			return n
		}
	}
	return n
}

// regionsOf names the data regions the moduledata delimits. A Go 1.26
// wasm module lays them out as: type descriptors with the strings and
// other read-only data (runtime.types to etypes), the pclntab (function
// names, file names, pc tables, function records) with the functions'
// stack maps after it, type and itab links, noptrdata, data. The bounds
// are read from the moduledata, not assumed in that order.
func regionsOf(hdr int64, field func(int64) int64) []region {
	r := func(name string, lo, hi int64, perFunc bool) region {
		return region{name: name, lo: lo, hi: max(lo, hi), perFunc: perFunc}
	}
	return []region{
		r("read-only data: type descriptors, strings (runtime.types to etypes)", field(mdTypes), field(mdEtypes), false),
		r("pclntab: function names", field(mdFuncnametab), field(mdCutab), true),
		r("pclntab: header, file names", hdr, field(mdPctab), true),
		r("pclntab: pc tables", field(mdPctab), field(mdPclntable), true),
		r("pclntab: function records", field(mdPclntable), min(field(mdGofunc), field(mdEpclntab)), true),
		r("stack maps, arg info (go:func.*)", field(mdGofunc), field(mdEpclntab), false),
		r("variables without pointers (noptrdata)", field(mdNoptrdata), field(mdEnoptrdata), false),
		r("variables with pointers (data)", field(mdData), field(mdEdata), false),
	}
}

// assign gives every stored byte to the first region that holds its
// address, or to the rest. It returns the bytes of each region, and of
// the rest last.
func (mem *memory) assign(regions []region) [][]byte {
	out := make([][]byte, len(regions)+1)
	for _, s := range mem.segs {
		b := s.Bytes(mem.bin)
		for i, c := range b {
			a := s.Addr + int64(i)
			k := len(regions)
			for j, r := range regions {
				if a >= r.lo && a < r.hi {
					k = j
					break
				}
			}
			out[k] = append(out[k], c)
		}
	}
	return out
}
