package wire

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

var timeType = reflect.TypeFor[time.Time]()

// Value writes v: a string, integer (signed or not), float64 or boolean
// of any named type, a time.Time, a []byte, a pointer (whether it is
// nil, then what it points to), a slice (as a list) or a struct (its
// exported fields in the order of their declaration) of these; given a
// pointer, it writes what the pointer points to, as ReadValue reads it.
// It panics on a value of another kind, which a message type must not
// hold: the round-trip tests of every message find that first.
//
// Each type is looked at once, into a plan of how to write and read it
// that every later value of the type reuses (planOf); put and get then
// read and write the value's memory at the offsets the plan holds, as
// the functions view/msg once wrote by hand for a step and an exchange
// did. Through reflect.Value instead, its checks on each field made a
// 240-step part a third slower to send and read back than by hand
// (997-2,209 µs against 766-1,362 µs). With these plans it costs what
// it cost by hand, within the spread of a loaded 2-core machine: CPU
// seconds of 1,000 parts, six runs each, one binary after the other,
// by hand 0.52-0.66 (median 0.58), by plan 0.56-0.66 (0.62); under
// Node, 300 parts and the setup, four runs each, 1.64-1.92 and
// 1.77-1.87 (time go test -c of view/msg, then its
// -test.bench Part/binary -test.benchtime 1000x -test.cpu 1).
func (e *Encoder) Value(v any) {
	rv := reflect.ValueOf(v)
	var p unsafe.Pointer
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		p, rv = rv.UnsafePointer(), rv.Elem()
	} else {
		c := reflect.New(rv.Type()) // a value, not a pointer: a copy to point at
		c.Elem().Set(rv)
		p = c.UnsafePointer()
	}
	pl, err := planOf(rv.Type())
	if err != nil {
		panic("wire: " + err.Error())
	}
	e.put(pl, p)
}

// ReadValue reads into *p what Value wrote of a value of p's element
// type. What it cannot read sets the Decoder's error.
func (d *Decoder) ReadValue(p any) {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		d.Fail("nowhere to read a %T into", p)
		return
	}
	pl, err := planOf(v.Type().Elem())
	if err != nil {
		d.Fail("%v", err)
		return
	}
	if d.Err == nil {
		d.get(pl, v.UnsafePointer())
	}
}

// A plan says how to write and read the values of one type: its op,
// and what the op needs. min is the fewest bytes a value of it takes,
// which bounds how long a list of them a message of some length can
// hold before the list is made.
type plan struct {
	op     op
	t      reflect.Type
	elem   *plan   // opPtr, opSlice: the plan of what it points to, or holds
	size   uintptr // opSlice: an item's size
	fields []field // opStruct: its exported fields
	min    int
}

// A field is one of a struct's exported fields: where it is in the
// struct, and its plan.
type field struct {
	off uintptr
	op  op // p.op, here to save a load for each field
	p   *plan
}

// An op is a kind of value as put and get write and read it.
type op uint8

const (
	opNone op = iota // a plan being made
	opStr
	opBool
	opInt
	opInt64
	opInt32
	opInt16
	opInt8
	opUint
	opUint64
	opUint32
	opUint16
	opUint8
	opFloat64
	opTime
	opBytes
	opStrs
	opPtr
	opSlice
	opStruct
)

// plans holds every plan made: read without a lock, and replaced, not
// changed, under plansMu when a type's plan is made.
var (
	plansMu sync.Mutex
	plans   atomic.Pointer[map[reflect.Type]*plan]
)

// planOf returns the plan of type t, made the first time it is asked
// for; a type a message cannot hold is an error that names it.
func planOf(t reflect.Type) (*plan, error) {
	if m := plans.Load(); m != nil {
		if p, ok := (*m)[t]; ok {
			return p, nil
		}
	}
	plansMu.Lock()
	defer plansMu.Unlock()
	building = map[reflect.Type]*plan{}
	if m := plans.Load(); m != nil {
		maps.Copy(building, *m)
	}
	p, err := makePlan(t)
	if err == nil {
		m := building
		plans.Store(&m)
	}
	building = nil
	return p, err
}

// building are the plans while planOf makes one: those made before and
// those it has made so far, which it keeps only if it makes them all.
var building map[reflect.Type]*plan

// ops are the ops of the kinds that need nothing more than their op.
var ops = map[reflect.Kind]op{
	reflect.String: opStr, reflect.Bool: opBool,
	reflect.Int: opInt, reflect.Int64: opInt64, reflect.Int32: opInt32, reflect.Int16: opInt16, reflect.Int8: opInt8,
	reflect.Uint: opUint, reflect.Uint64: opUint64, reflect.Uint32: opUint32, reflect.Uint16: opUint16, reflect.Uint8: opUint8,
	reflect.Float64: opFloat64,
}

// makePlan makes t's plan and those of the types it holds. A type that
// holds itself (through a pointer or a slice) finds its own plan in
// building while it is being made.
func makePlan(t reflect.Type) (*plan, error) {
	if p, ok := building[t]; ok {
		return p, nil
	}
	p := &plan{t: t, min: 1}
	building[t] = p
	if o, ok := ops[t.Kind()]; ok {
		p.op = o
		return p, nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		p.op = opPtr
		if t.Kind() == reflect.Slice {
			p.op, p.size = opSlice, t.Elem().Size()
			switch t.Elem().Kind() {
			case reflect.Uint8:
				p.op = opBytes
				return p, nil
			case reflect.String:
				p.op = opStrs
				return p, nil
			}
		}
		elem, err := makePlan(t.Elem())
		if err != nil {
			return nil, err
		}
		p.elem = elem
	case reflect.Struct:
		if t == timeType {
			p.op = opTime
			return p, nil
		}
		p.op, p.min = opStruct, 0
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			fp, err := makePlan(f.Type)
			if err != nil {
				return nil, fmt.Errorf("%w (field %s of %s)", err, f.Name, t)
			}
			p.fields = append(p.fields, field{f.Offset, fp.op, fp})
			p.min += fp.min
		}
	default:
		return nil, fmt.Errorf("a message cannot hold a %s", t)
	}
	return p, nil
}

// put writes the value of p's type at v.
//
// put and get read and write a value of exactly the type the plan was
// made for, at an address that holds one: that is what makes their
// conversions of unsafe.Pointer sound. A named type is laid out as the
// type of its kind (a StepKind as a string).
func (e *Encoder) put(p *plan, v unsafe.Pointer) {
	switch p.op {
	case opStr:
		e.Str(*(*string)(v))
	case opBool:
		e.Bool(*(*bool)(v))
	case opInt:
		e.Int(*(*int)(v))
	case opInt64:
		e.Int(int(*(*int64)(v)))
	case opInt32:
		e.Int(int(*(*int32)(v)))
	case opInt16:
		e.Int(int(*(*int16)(v)))
	case opInt8:
		e.Int(int(*(*int8)(v)))
	case opUint:
		e.Uint(uint64(*(*uint)(v)))
	case opUint64:
		e.Uint(*(*uint64)(v))
	case opUint32:
		e.Uint(uint64(*(*uint32)(v)))
	case opUint16:
		e.Uint(uint64(*(*uint16)(v)))
	case opUint8:
		e.Uint(uint64(*(*uint8)(v)))
	case opFloat64:
		e.Uint(math.Float64bits(*(*float64)(v)))
	case opTime:
		e.Time(*(*time.Time)(v))
	case opBytes:
		b := *(*[]byte)(v)
		e.List(b == nil, len(b))
		e.B = append(e.B, b...)
	case opStrs:
		e.Strs(*(*[]string)(v))
	case opPtr:
		q := *(*unsafe.Pointer)(v)
		e.Bool(q != nil)
		if q != nil {
			e.put(p.elem, q)
		}
	case opSlice:
		h := *(*[]byte)(v) // every slice's header is laid out as a []byte's
		e.List(h == nil, len(h))
		at := unsafe.Pointer(unsafe.SliceData(h))
		for i := range len(h) {
			e.put(p.elem, unsafe.Add(at, uintptr(i)*p.size))
		}
	case opStruct:
		// A string, int or boolean field here, not in a call of put:
		// the commonest fields, a call less each.
		for i := range p.fields {
			f := &p.fields[i]
			switch q := unsafe.Add(v, f.off); f.op {
			case opStr:
				e.Str(*(*string)(q))
			case opInt:
				e.Int(*(*int)(q))
			case opBool:
				e.Bool(*(*bool)(q))
			default:
				e.put(f.p, q)
			}
		}
	}
}

// get reads into v a value of p's type. It is called only while d.Err
// is nil.
func (d *Decoder) get(p *plan, v unsafe.Pointer) {
	switch p.op {
	case opStr:
		*(*string)(v) = d.Str()
	case opBool:
		*(*bool)(v) = d.Bool()
	case opInt:
		*(*int)(v) = d.Int()
	case opInt64:
		*(*int64)(v) = int64(d.Int())
	case opInt32:
		*(*int32)(v) = int32(d.intIn(p.t, math.MinInt32, math.MaxInt32))
	case opInt16:
		*(*int16)(v) = int16(d.intIn(p.t, math.MinInt16, math.MaxInt16))
	case opInt8:
		*(*int8)(v) = int8(d.intIn(p.t, math.MinInt8, math.MaxInt8))
	case opUint:
		*(*uint)(v) = uint(d.uintIn(p.t, uint64(^uint(0))))
	case opUint64:
		*(*uint64)(v) = d.Uint()
	case opUint32:
		*(*uint32)(v) = uint32(d.uintIn(p.t, math.MaxUint32))
	case opUint16:
		*(*uint16)(v) = uint16(d.uintIn(p.t, math.MaxUint16))
	case opUint8:
		*(*uint8)(v) = uint8(d.uintIn(p.t, math.MaxUint8))
	case opFloat64:
		*(*float64)(v) = math.Float64frombits(d.Uint())
	case opTime:
		*(*time.Time)(v) = d.Time()
	case opBytes:
		if isNil, n := d.List(); !isNil {
			b := make([]byte, n)
			d.I += copy(b, d.S[d.I:d.I+n])
			*(*[]byte)(v) = b
		}
	case opStrs:
		*(*[]string)(v) = d.Strs()
	case opPtr:
		if d.Bool() {
			q := reflect.New(p.t.Elem()).UnsafePointer()
			d.get(p.elem, q)
			*(*unsafe.Pointer)(v) = q
		}
	case opSlice:
		isNil, n := d.List()
		if isNil {
			return
		}
		// The list's items each take at least elem.min bytes: a
		// length the rest of the message cannot hold is wrong before
		// a list of it is made.
		if rest := len(d.S) - d.I; p.elem.min > 1 && n > rest/p.elem.min {
			d.Fail("a list of %d where %d bytes remain", n, rest)
			return
		}
		s := reflect.NewAt(p.t, v).Elem()
		if n == 0 {
			s.Set(reflect.MakeSlice(p.t, 0, 0)) // empty, not nil
			return
		}
		s.SetZero() // a list of its own, even read into one that held items
		s.Grow(n)   // and not MakeSlice, whose slice header is another allocation
		s.SetLen(n)
		at := s.UnsafePointer()
		for i := 0; i < n && d.Err == nil; i++ {
			d.get(p.elem, unsafe.Add(at, uintptr(i)*p.size))
		}
	case opStruct:
		for i := range p.fields {
			if d.Err != nil {
				return
			}
			f := &p.fields[i]
			switch q := unsafe.Add(v, f.off); f.op {
			case opStr:
				*(*string)(q) = d.Str()
			case opInt:
				*(*int)(q) = d.Int()
			case opBool:
				*(*bool)(q) = d.Bool()
			default:
				d.get(f.p, q)
			}
		}
	}
}

// intIn reads an integer of type t, which holds lo to hi.
func (d *Decoder) intIn(t reflect.Type, lo, hi int) int {
	n := d.Int()
	if n < lo || n > hi {
		d.Fail("%d does not fit a %s", n, t)
		return 0
	}
	return n
}

// uintIn reads an unsigned integer of type t, which holds up to hi.
func (d *Decoder) uintIn(t reflect.Type, hi uint64) uint64 {
	n := d.Uint()
	if n > hi {
		d.Fail("%d does not fit a %s", n, t)
		return 0
	}
	return n
}
