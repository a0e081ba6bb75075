package wasmbin

import (
	"errors"
	"fmt"
	"sort"
	"unicode/utf8"
)

// Section ids of the WebAssembly binary format (core specification 2.0,
// section 5.5.2).
const (
	SectionCustom   = 0
	SectionImport   = 2
	SectionFunction = 3
	SectionCode     = 10
	SectionData     = 11
)

// A Module is the layout of a WebAssembly binary: where its bytes are.
type Module struct {
	// Size is the length of the whole binary.
	Size int
	// Sections lists every section in file order.
	Sections []Section
	// Imports is the number of imported functions; the module's own
	// functions are numbered after them.
	Imports int
	// Funcs lists the functions the module defines, in code section order.
	Funcs []Func
	// Data lists the data segments in file order.
	Data []Segment
}

// A Section is one section of the binary.
type Section struct {
	ID   byte
	Name string // a custom section's name; empty for the others
	// Offset is where the section's id byte is; Size counts the id, the
	// length prefix and the contents, so the sizes of all sections add up
	// to the binary's size less its 8-byte header.
	Offset, Size int
}

// A Func is one function body of the code section.
type Func struct {
	Index int    // the function index (imports first)
	Name  string // from the "name" section; empty when it has none
	// Offset is where the body's length prefix is; Size counts the prefix
	// and the body.
	Offset, Size int
}

// A Segment is one data segment.
type Segment struct {
	// Addr is the linear-memory address an active segment is loaded at.
	// Active is false for passive segments and for active ones whose
	// offset is not a constant.
	Addr   int64
	Active bool
	// Offset is where the segment's bytes are in the binary, Size how
	// many there are; Overhead counts its header (flags, offset
	// expression, length prefix).
	Offset, Size, Overhead int
}

// Bytes returns the segment's contents, which lie inside bin.
func (s Segment) Bytes(bin []byte) []byte { return bin[s.Offset : s.Offset+s.Size] }

// ErrNotWasm is returned for input that does not start with the
// WebAssembly magic number and version 1.
var ErrNotWasm = errors.New("wasm: not a WebAssembly binary (no \\0asm version 1 header)")

// Parse reads the layout of the binary module bin. It checks what it
// reads (every length stays inside its section, the code section has one
// body per declared function) but does not validate instructions.
func Parse(bin []byte) (*Module, error) {
	if len(bin) < 8 || string(bin[:4]) != "\x00asm" || string(bin[4:8]) != "\x01\x00\x00\x00" {
		return nil, ErrNotWasm
	}
	m := &Module{Size: len(bin)}
	declared := -1 // functions declared by the function section
	var names map[int]string
	r := &reader{b: bin, pos: 8}
	for r.pos < len(bin) {
		start := r.pos
		id := r.byte()
		n := r.u32()
		if r.err != nil {
			return nil, r.err
		}
		if n > len(bin)-r.pos {
			return nil, fmt.Errorf("wasm: offset %#x: section %d is %d bytes long, past the end of the binary", start, id, n)
		}
		body := &reader{b: bin[:r.pos+n], pos: r.pos}
		r.pos += n
		sec := Section{ID: id, Offset: start, Size: r.pos - start}
		var err error
		switch id {
		case SectionCustom:
			sec.Name = body.name()
			if sec.Name == "name" && body.err == nil {
				names = body.funcNames()
			}
			err = body.err
		case SectionImport:
			m.Imports, err = body.imports()
		case SectionFunction:
			declared = body.u32()
			err = body.err
		case SectionCode:
			m.Funcs, err = body.code(m.Imports)
			if err == nil && len(m.Funcs) != declared {
				err = fmt.Errorf("wasm: offset %#x: the code section has %d bodies for %d declared functions", start, len(m.Funcs), max(declared, 0))
			}
		case SectionData:
			m.Data, err = body.data()
		}
		if err != nil {
			return nil, err
		}
		m.Sections = append(m.Sections, sec)
	}
	for i := range m.Funcs {
		m.Funcs[i].Name = names[m.Funcs[i].Index]
	}
	return m, nil
}

// A reader reads the binary format's primitive values. The first error
// sticks: later reads return zero values, so callers check err once.
type reader struct {
	b   []byte // ends where the current section ends
	pos int
	err error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("wasm: offset %#x: %s", r.pos, fmt.Sprintf(format, args...))
	}
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.pos >= len(r.b) {
		r.fail("unexpected end of section")
		return 0
	}
	r.pos++
	return r.b[r.pos-1]
}

// u32 reads an unsigned LEB128 number of at most 32 bits. It returns an
// int, which holds any u32 on the 64-bit and wasm platforms this runs on.
func (r *reader) u32() int {
	var v uint64
	for shift := 0; ; shift += 7 {
		b := r.byte()
		if r.err != nil {
			return 0
		}
		if shift == 28 && b > 0x0f {
			r.fail("u32 does not fit in 32 bits")
			return 0
		}
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return int(v)
		}
	}
}

// sleb reads a signed LEB128 number of at most bits bits.
func (r *reader) sleb(bits int) int64 {
	var v int64
	for shift := 0; ; shift += 7 {
		if shift >= bits {
			r.fail("signed number longer than %d bits", bits)
			return 0
		}
		b := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(b&0x7f) << shift
		if b < 0x80 {
			if shift+7 < 64 && b&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v
		}
	}
}

// skip moves past n bytes, which must lie in the section.
func (r *reader) skip(n int, what string) {
	if r.err != nil {
		return
	}
	if n < 0 || n > len(r.b)-r.pos {
		r.fail("%s of %d bytes runs past the end of the section", what, n)
		return
	}
	r.pos += n
}

func (r *reader) name() string {
	n := r.u32()
	start := r.pos
	r.skip(n, "name")
	if r.err != nil {
		return ""
	}
	s := string(r.b[start:r.pos])
	if !utf8.ValidString(s) {
		r.pos = start
		r.fail("name is not UTF-8")
		return ""
	}
	return s
}

// count reads a vector's length and checks that the section has room for
// that many items of at least min bytes each, so that a corrupt length
// cannot make the parser allocate or loop far beyond the input.
func (r *reader) count(min int, what string) int {
	n := r.u32()
	if r.err == nil && n > (len(r.b)-r.pos)/min {
		r.fail("%d %s cannot fit in the %d bytes left", n, what, len(r.b)-r.pos)
		return 0
	}
	return n
}

// imports reads the import section and counts the imported functions.
func (r *reader) imports() (int, error) {
	n := r.count(3, "imports")
	funcs := 0
	for i := 0; i < n && r.err == nil; i++ {
		r.name() // module
		r.name() // field
		switch kind := r.byte(); kind {
		case 0x00: // function: type index
			r.u32()
			funcs++
		case 0x01: // table: reference type, limits
			r.byte()
			r.limits()
		case 0x02: // memory: limits
			r.limits()
		case 0x03: // global: value type, mutability
			r.byte()
			r.byte()
		case 0x04: // tag (exception handling): attribute, type index
			r.byte()
			r.u32()
		default:
			if r.err == nil {
				r.pos--
				r.fail("import %d has unknown kind %#x", i, kind)
			}
		}
	}
	return funcs, r.err
}

func (r *reader) limits() {
	flags := r.byte()
	r.u32()
	if flags&1 != 0 {
		r.u32()
	}
}

// code reads the code section: one length-prefixed body per function.
func (r *reader) code(imports int) ([]Func, error) {
	n := r.count(2, "function bodies")
	funcs := make([]Func, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		start := r.pos
		size := r.u32()
		r.skip(size, fmt.Sprintf("function body %d", i))
		funcs = append(funcs, Func{Index: imports + i, Offset: start, Size: r.pos - start})
	}
	if r.err == nil && r.pos != len(r.b) {
		r.fail("%d bytes after the last function body", len(r.b)-r.pos)
	}
	return funcs, r.err
}

// data reads the data section's segments.
func (r *reader) data() ([]Segment, error) {
	n := r.count(2, "data segments")
	segs := make([]Segment, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		start := r.pos
		var s Segment
		switch flags := r.u32(); flags {
		case 0: // active, memory 0
			s.Addr, s.Active = r.constExpr()
		case 1: // passive
		case 2: // active, explicit memory
			r.u32()
			s.Addr, s.Active = r.constExpr()
		default:
			r.fail("data segment %d has unknown flags %d", i, flags)
		}
		size := r.u32()
		s.Offset = r.pos
		r.skip(size, fmt.Sprintf("data segment %d", i))
		s.Size = r.pos - s.Offset
		s.Overhead = s.Offset - start
		segs = append(segs, s)
	}
	if r.err == nil && r.pos != len(r.b) {
		r.fail("%d bytes after the last data segment", len(r.b)-r.pos)
	}
	return segs, r.err
}

// constExpr reads a segment's offset expression. It returns the address
// when the expression is one i32.const or i64.const; other constant
// expressions (global.get, extended constants) are skipped up to their end.
func (r *reader) constExpr() (addr int64, known bool) {
	switch op := r.byte(); op {
	case 0x41: // i32.const
		addr, known = r.sleb(32), true
	case 0x42: // i64.const
		addr, known = r.sleb(64), true
	case 0x23: // global.get
		r.u32()
	default:
		if r.err == nil {
			r.pos--
			r.fail("unsupported opcode %#x in a data segment's offset", op)
		}
		return 0, false
	}
	if end := r.byte(); r.err == nil && end != 0x0b {
		r.pos--
		r.fail("offset expression is not a single constant")
		return 0, false
	}
	return addr, known && r.err == nil
}

// funcNames reads the function names subsection (id 1) of a "name"
// section. The names are optional: a malformed subsection yields the names
// read so far and no error, as engines treat it.
func (r *reader) funcNames() map[int]string {
	names := map[int]string{}
	for r.pos < len(r.b) {
		id := r.byte()
		size := r.u32()
		if r.err != nil || size > len(r.b)-r.pos {
			break
		}
		sub := &reader{b: r.b[:r.pos+size], pos: r.pos}
		r.pos += size
		if id != 1 {
			continue
		}
		n := sub.count(2, "function names")
		for i := 0; i < n && sub.err == nil; i++ {
			idx := sub.u32()
			name := sub.name()
			if sub.err == nil {
				names[idx] = name
			}
		}
	}
	r.err = nil
	return names
}

// SectionDataCount is the id of the data count section (bulk memory).
const SectionDataCount = 12

// MergeData returns a copy of bin whose active data segments are joined
// wherever fewer than maxGap zero bytes separate them; the zeros between
// them become part of the joined segment. Memory starts out exactly as
// before, since linear memory is zero where no segment writes.
//
// The Go linker ends a segment at every run of 8 or more zeros, which
// keeps the raw module small but gives a large Go module tens of
// thousands of segment headers; runs of zeros cost brotli almost nothing,
// and the headers, each with its own address, compress poorly.
//
// Every segment must be active, in memory 0, at an i32.const address,
// and no two may overlap: MergeData returns an error otherwise.
func MergeData(bin []byte, maxGap int) ([]byte, error) {
	m, err := Parse(bin)
	if err != nil {
		return nil, err
	}
	segs := append([]Segment(nil), m.Data...)
	for i, s := range segs {
		hdr := s.Offset - s.Overhead // flags, then the offset expression
		if !s.Active || bin[hdr] != 0 || bin[hdr+1] != 0x41 || s.Addr < 0 {
			return nil, fmt.Errorf("wasm: offset %#x: data segment %d is not active at an i32.const address", hdr, i)
		}
	}
	sort.SliceStable(segs, func(i, j int) bool { return segs[i].Addr < segs[j].Addr })
	type joined struct {
		addr int64
		data []byte
	}
	var out []joined
	for _, s := range segs {
		if n := len(out); n > 0 {
			last := &out[n-1]
			end := last.addr + int64(len(last.data))
			if s.Addr < end {
				return nil, fmt.Errorf("wasm: offset %#x: data segment at %#x overlaps the one before it", s.Offset, s.Addr)
			}
			if s.Addr-end < int64(maxGap) {
				last.data = append(last.data, make([]byte, s.Addr-end)...)
				last.data = append(last.data, s.Bytes(bin)...)
				continue
			}
		}
		out = append(out, joined{s.Addr, append([]byte(nil), s.Bytes(bin)...)})
	}
	body := appendULEB(nil, uint64(len(out)))
	for _, j := range out {
		body = append(body, 0x00, 0x41) // active in memory 0, i32.const
		body = appendSLEB(body, j.addr)
		body = append(body, 0x0b)
		body = appendULEB(body, uint64(len(j.data)))
		body = append(body, j.data...)
	}
	res := append(make([]byte, 0, len(bin)), bin[:8]...)
	for _, s := range m.Sections {
		switch s.ID {
		case SectionData:
			res = appendSection(res, SectionData, body)
		case SectionDataCount:
			res = appendSection(res, SectionDataCount, appendULEB(nil, uint64(len(out))))
		default:
			res = append(res, bin[s.Offset:s.Offset+s.Size]...)
		}
	}
	return res, nil
}

func appendSection(b []byte, id byte, body []byte) []byte {
	b = append(b, id)
	b = appendULEB(b, uint64(len(body)))
	return append(b, body...)
}

func appendULEB(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
