package wire

import (
	"fmt"
	"math"
	"time"
)

// An Encoder appends values to a byte slice, B: unsigned integers as
// uvarints, signed ones zigzagged, strings and lists with their length
// first, booleans as a byte, times as seconds, nanoseconds and the
// zone's offset.
//
// Its methods are not inlined: inlined, each call brings its own copy
// of append's growing of the slice, and the code of the functions that
// write an exchange and a step took 33,364 and 30,030 bytes of the
// viewer's module (which writes a part when it warms up its reader),
// 3,588 and 2,591 without (go run ./cmd/wasmsize -build ./cmd/viewer
// -by symbol -pkg github.com/a2aplay/a2aplay/view/msg, when they were
// there).
type Encoder struct{ B []byte }

//go:noinline
func (e *Encoder) Uint(v uint64) {
	for v >= 0x80 {
		e.B = append(e.B, byte(v)|0x80)
		v >>= 7
	}
	e.B = append(e.B, byte(v))
}

//go:noinline
func (e *Encoder) Int(v int) { e.Uint(uint64(v<<1) ^ uint64(v>>63)) }

//go:noinline
func (e *Encoder) Str(s string) {
	e.Uint(uint64(len(s)))
	e.B = append(e.B, s...)
}

// raw writes bytes as str writes a string.
//
//go:noinline
func (e *Encoder) Raw(b []byte) {
	e.Uint(uint64(len(b)))
	e.B = append(e.B, b...)
}

//go:noinline
func (e *Encoder) Bool(v bool) {
	if v {
		e.B = append(e.B, 1)
	} else {
		e.B = append(e.B, 0)
	}
}

//go:noinline
func (e *Encoder) Strs(s []string) {
	e.List(s == nil, len(s))
	for _, v := range s {
		e.Str(v)
	}
}

// list writes a list's length, one more than it, so that 0 is a nil
// list and 1 an empty one that is not nil.
//
//go:noinline
func (e *Encoder) List(isNil bool, n int) {
	if isNil {
		e.Uint(0)
		return
	}
	e.Uint(uint64(n) + 1)
}

// time writes t: 0 for the zero time; else 1 in UTC, or 2 and the zone's
// offset in seconds; then the seconds since 1970 and the nanoseconds.
//
//go:noinline
func (e *Encoder) Time(t time.Time) {
	switch name, off := t.Zone(); {
	case t.IsZero():
		e.Uint(0)
		return
	case t.Location() == time.UTC || name == "UTC" && off == 0:
		e.Uint(1)
	default:
		e.Uint(2)
		e.Int(off)
	}
	e.Int(int(t.Unix()))
	e.Uint(uint64(t.Nanosecond()))
}

// A Decoder reads what an Encoder wrote. The first thing wrong stops it:
// err says where and what, every read after it returns zero values,
// and nothing it reads panics. Strings share the Decoder's text.
type Decoder struct {
	S   string // the message
	I   int    // the next byte to read
	Err error  // the first thing wrong
}

func (d *Decoder) Fail(format string, args ...any) {
	if d.Err == nil {
		d.Err = fmt.Errorf("byte %d: "+format, append([]any{d.I}, args...)...)
	}
	d.I = len(d.S)
}

func (d *Decoder) Uint() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if d.I >= len(d.S) {
			d.Fail("the message ends inside a number")
			return 0
		}
		c := d.S[d.I]
		d.I++
		if shift == 63 && c > 1 {
			d.Fail("a number too large")
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
}

func (d *Decoder) Int() int {
	u := d.Uint()
	v := int64(u>>1) ^ -int64(u&1)
	if int64(int(v)) != v {
		d.Fail("a number too large")
		return 0
	}
	return int(v)
}

// count reads a length that the rest of the message can hold, at least
// one byte for each item.
func (d *Decoder) Count() int {
	n := d.Uint()
	if n > uint64(len(d.S)-d.I) {
		d.Fail("a length of %d where %d bytes remain", n, len(d.S)-d.I)
		return 0
	}
	return int(n)
}

// list reads what Encoder.list wrote: whether the list is nil, and its
// length.
func (d *Decoder) List() (isNil bool, n int) {
	v := d.Uint()
	if v == 0 || d.Err != nil {
		return true, 0
	}
	if v-1 > uint64(len(d.S)-d.I) { // an empty list may end a message
		d.Fail("a length of %d where %d bytes remain", v-1, len(d.S)-d.I)
		return true, 0
	}
	return false, int(v - 1)
}

func (d *Decoder) Str() string {
	n := d.Count()
	s := d.S[d.I : d.I+n]
	d.I += n
	return s
}

func (d *Decoder) Bool() bool {
	switch d.Uint() {
	case 0:
		return false
	case 1:
		return true
	}
	d.Fail("a boolean that is neither 0 nor 1")
	return false
}

func (d *Decoder) Strs() []string {
	isNil, n := d.List()
	if isNil {
		return nil
	}
	s := make([]string, n)
	for i := range s {
		s[i] = d.Str()
	}
	return s
}

func (d *Decoder) Time() time.Time {
	var loc *time.Location
	switch d.Uint() {
	case 0:
		return time.Time{}
	case 1:
		loc = time.UTC
	case 2:
		off := d.Int()
		if off < -24*3600 || off > 24*3600 {
			d.Fail("a zone offset of %d seconds", off)
			return time.Time{}
		}
		loc = time.FixedZone("", off)
	default:
		d.Fail("a time of an unknown kind")
		return time.Time{}
	}
	sec, ns := d.Int(), d.Uint()
	if ns >= 1e9 || sec < math.MinInt64/2 || sec > math.MaxInt64/2 {
		d.Fail("a time out of range")
		return time.Time{}
	}
	return time.Unix(int64(sec), int64(ns)).In(loc)
}

// end reports d's error, or one when bytes are left over.
func (d *Decoder) End() error {
	if d.Err == nil && d.I != len(d.S) {
		d.Fail("%d bytes left over", len(d.S)-d.I)
	}
	return d.Err
}
