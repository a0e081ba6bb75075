package msg

import (
	"fmt"
	"math"
	"time"
)

// An encoder appends values to a byte slice: unsigned integers as
// uvarints, signed ones zigzagged, strings and lists with their length
// first, booleans as a byte, times as seconds, nanoseconds and the
// zone's offset.
//
// Its methods are not inlined: inlined, each call brings its own copy
// of append's growing of the slice, and the code of the functions that
// write an exchange and a step took 33,364 and 30,030 bytes of the
// viewer's module (which writes a part when it warms up its reader),
// 3,588 and 2,591 without (go run ./cmd/wasmsize -build ./cmd/viewer
// -by symbol -pkg github.com/a2aplay/a2aplay/view/msg).
type encoder struct{ b []byte }

//go:noinline
func (e *encoder) uint(v uint64) {
	for v >= 0x80 {
		e.b = append(e.b, byte(v)|0x80)
		v >>= 7
	}
	e.b = append(e.b, byte(v))
}

//go:noinline
func (e *encoder) int(v int) { e.uint(uint64(v<<1) ^ uint64(v>>63)) }

//go:noinline
func (e *encoder) str(s string) {
	e.uint(uint64(len(s)))
	e.b = append(e.b, s...)
}

// raw writes bytes as str writes a string.
//
//go:noinline
func (e *encoder) raw(b []byte) {
	e.uint(uint64(len(b)))
	e.b = append(e.b, b...)
}

//go:noinline
func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

//go:noinline
func (e *encoder) strs(s []string) {
	e.list(s == nil, len(s))
	for _, v := range s {
		e.str(v)
	}
}

// list writes a list's length, one more than it, so that 0 is a nil
// list and 1 an empty one that is not nil.
//
//go:noinline
func (e *encoder) list(isNil bool, n int) {
	if isNil {
		e.uint(0)
		return
	}
	e.uint(uint64(n) + 1)
}

// time writes t: 0 for the zero time; else 1 in UTC, or 2 and the zone's
// offset in seconds; then the seconds since 1970 and the nanoseconds.
//
//go:noinline
func (e *encoder) time(t time.Time) {
	switch name, off := t.Zone(); {
	case t.IsZero():
		e.uint(0)
		return
	case t.Location() == time.UTC || name == "UTC" && off == 0:
		e.uint(1)
	default:
		e.uint(2)
		e.int(off)
	}
	e.int(int(t.Unix()))
	e.uint(uint64(t.Nanosecond()))
}

// A decoder reads what an encoder wrote. The first thing wrong stops it:
// err says where and what, every read after it returns zero values,
// and nothing it reads panics. Strings share the decoder's text.
type decoder struct {
	s   string
	i   int
	err error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("byte %d: "+format, append([]any{d.i}, args...)...)
	}
	d.i = len(d.s)
}

func (d *decoder) uint() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if d.i >= len(d.s) {
			d.fail("the message ends inside a number")
			return 0
		}
		c := d.s[d.i]
		d.i++
		if shift == 63 && c > 1 {
			d.fail("a number too large")
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
}

func (d *decoder) int() int {
	u := d.uint()
	v := int64(u>>1) ^ -int64(u&1)
	if int64(int(v)) != v {
		d.fail("a number too large")
		return 0
	}
	return int(v)
}

// count reads a length that the rest of the message can hold, at least
// one byte for each item.
func (d *decoder) count() int {
	n := d.uint()
	if n > uint64(len(d.s)-d.i) {
		d.fail("a length of %d where %d bytes remain", n, len(d.s)-d.i)
		return 0
	}
	return int(n)
}

// list reads what encoder.list wrote: whether the list is nil, and its
// length.
func (d *decoder) list() (isNil bool, n int) {
	v := d.uint()
	if v == 0 || d.err != nil {
		return true, 0
	}
	if v-1 > uint64(len(d.s)-d.i) { // an empty list may end a message
		d.fail("a length of %d where %d bytes remain", v-1, len(d.s)-d.i)
		return true, 0
	}
	return false, int(v - 1)
}

func (d *decoder) str() string {
	n := d.count()
	s := d.s[d.i : d.i+n]
	d.i += n
	return s
}

func (d *decoder) bool() bool {
	switch d.uint() {
	case 0:
		return false
	case 1:
		return true
	}
	d.fail("a boolean that is neither 0 nor 1")
	return false
}

func (d *decoder) strs() []string {
	isNil, n := d.list()
	if isNil {
		return nil
	}
	s := make([]string, n)
	for i := range s {
		s[i] = d.str()
	}
	return s
}

func (d *decoder) time() time.Time {
	var loc *time.Location
	switch d.uint() {
	case 0:
		return time.Time{}
	case 1:
		loc = time.UTC
	case 2:
		off := d.int()
		if off < -24*3600 || off > 24*3600 {
			d.fail("a zone offset of %d seconds", off)
			return time.Time{}
		}
		loc = time.FixedZone("", off)
	default:
		d.fail("a time of an unknown kind")
		return time.Time{}
	}
	sec, ns := d.int(), d.uint()
	if ns >= 1e9 || sec < math.MinInt64/2 || sec > math.MaxInt64/2 {
		d.fail("a time out of range")
		return time.Time{}
	}
	return time.Unix(int64(sec), int64(ns)).In(loc)
}

// end reports d's error, or one when bytes are left over.
func (d *decoder) end() error {
	if d.err == nil && d.i != len(d.s) {
		d.fail("%d bytes left over", len(d.s)-d.i)
	}
	return d.err
}
