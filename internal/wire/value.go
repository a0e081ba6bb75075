package wire

import (
	"fmt"
	"math"
	"reflect"
	"time"
)

var timeType = reflect.TypeFor[time.Time]()

// Value writes v: a string, integer (signed or not), float64 (its
// bits) or boolean of any named type, a time.Time, a []byte, a pointer
// (whether it is nil, then what it points to), a slice (as a list) or a
// struct (its exported fields in the order of their declaration) of
// these; given a pointer, it writes what the pointer points to, as
// ReadValue reads it. It panics on a value of another kind, which a
// message type must not hold: the round-trip tests of every message
// find that first.
//
// It goes through reflect.Value. Cached per-type plans that read the
// values' memory at their offsets (package unsafe) made it as fast as
// the functions written by hand for a step and an exchange natively,
// but not under Node, where a 240-step part still cost a fifth more
// (view/msg/doc.go): not worth unsafe code for the messages that use
// Value, which are small; a part's steps and exchanges are written by
// hand (values.go).
func (e *Encoder) Value(v any) {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	e.value(rv)
}

func (e *Encoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		e.Str(v.String())
	case reflect.Bool:
		e.Bool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.Int(int(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		e.Uint(v.Uint())
	case reflect.Float64:
		e.Uint(math.Float64bits(v.Float()))
	case reflect.Pointer:
		e.Bool(!v.IsNil())
		if !v.IsNil() {
			e.value(v.Elem())
		}
	case reflect.Slice:
		e.List(v.IsNil(), v.Len())
		if v.Type().Elem().Kind() == reflect.Uint8 {
			e.B = append(e.B, v.Bytes()...)
			return
		}
		for i := range v.Len() {
			e.value(v.Index(i))
		}
	case reflect.Struct:
		t := v.Type()
		if t == timeType {
			e.Time(v.Interface().(time.Time))
			return
		}
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				e.value(v.Field(i))
			}
		}
	default:
		panic(fmt.Sprintf("wire: a message cannot hold a %s", v.Type()))
	}
}

// ReadValue reads into *p what Value wrote of a value of p's element
// type. What it cannot read sets the Decoder's error.
func (d *Decoder) ReadValue(p any) {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		d.Fail("nowhere to read a %T into", p)
		return
	}
	d.value(v.Elem())
}

func (d *Decoder) value(v reflect.Value) {
	if d.Err != nil {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(d.Str())
	case reflect.Bool:
		v.SetBool(d.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := int64(d.Int())
		if v.OverflowInt(n) {
			d.Fail("%d does not fit a %s", n, v.Type())
			return
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := d.Uint()
		if v.OverflowUint(n) {
			d.Fail("%d does not fit a %s", n, v.Type())
			return
		}
		v.SetUint(n)
	case reflect.Float64:
		v.SetFloat(math.Float64frombits(d.Uint()))
	case reflect.Pointer:
		if d.Bool() {
			p := reflect.New(v.Type().Elem())
			d.value(p.Elem())
			v.Set(p)
		}
	case reflect.Slice:
		isNil, n := d.List()
		if isNil {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := reflect.MakeSlice(v.Type(), n, n)
			copy(b.Bytes(), d.S[d.I:d.I+n])
			d.I += n
			v.Set(b)
			return
		}
		s := reflect.MakeSlice(v.Type(), 0, min(n, 64))
		for i := 0; i < n && d.Err == nil; i++ {
			s = reflect.Append(s, reflect.Zero(v.Type().Elem()))
			d.value(s.Index(i))
		}
		v.Set(s)
	case reflect.Struct:
		t := v.Type()
		if t == timeType {
			v.Set(reflect.ValueOf(d.Time()))
			return
		}
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				d.value(v.Field(i))
			}
		}
	default:
		d.Fail("a message cannot hold a %s", v.Type())
	}
}
