// Package jsonvalue reads a JSON value that something else has parsed
// into Go structs, a member at a time, without encoding/json: on the
// page, the objects JSON.parse makes, read across the JavaScript
// boundary (the viewer's module does not link encoding/json, whose
// reflection costs it tens of kilobytes). The page's side of each
// boundary implements [Value] over a syscall/js value (wasm/viewer);
// [Of] implements it over what encoding/json decodes into an any, for
// the tests, which hold each reader to encoding/json's reading of the
// same text.
//
// A [Reader] reads members as encoding/json reads them into a struct's
// fields: a member that is missing or null leaves the field's zero
// value; a member of the wrong kind is an error, the first of which
// the Reader keeps, naming the member's path ("transcripts[1].steps is
// not a number").
package jsonvalue

import (
	"errors"
	"strconv"
)

// A Value is a JSON value already parsed. Get of a member that is not
// there, Index out of range, and the methods of a value of another
// kind, return zero values.
type Value interface {
	Kind() Kind
	Bool() bool
	Num() float64
	Str() string
	Len() int
	Index(i int) Value
	Get(key string) Value
}

// Kind is the kind of a Value.
type Kind int

const (
	Null Kind = iota // null, or no value at all
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{Null: "null", Bool: "true or false", Number: "a number", String: "a string", Array: "a list", Object: "an object"}

// A Reader reads members of Values, keeping the first error.
type Reader struct {
	What string // what is read, the start of every error: "the page's data block"
	err  error
}

// Err returns the first member of the wrong kind the Reader met, or nil.
func (r *Reader) Err() error { return r.err }

// Want reports whether v, at path, is of kind k; when it is not, its
// error is kept unless one came before.
func (r *Reader) Want(v Value, path string, k Kind) bool {
	if v.Kind() == k {
		return true
	}
	r.fail(path + " is not " + kindNames[k])
	return false
}

func (r *Reader) fail(what string) {
	if r.err == nil {
		r.err = errors.New(r.What + ": " + what)
	}
}

// member returns o's member key, and its path: at, then key.
func member(o Value, at, key string) (Value, string) {
	return o.Get(key), at + key
}

// Str reads o's member key, a string; at is o's path with a dot, or "".
func (r *Reader) Str(o Value, at, key string) string {
	if v, path := member(o, at, key); v.Kind() != Null && r.Want(v, path, String) {
		return v.Str()
	}
	return ""
}

// Int reads o's member key, a whole number of at most 53 bits.
func (r *Reader) Int(o Value, at, key string) int {
	v, path := member(o, at, key)
	return r.whole(v, path)
}

// whole reads v, at path, a whole number; null is 0.
func (r *Reader) whole(v Value, path string) int {
	if v.Kind() == Null || !r.Want(v, path, Number) {
		return 0
	}
	n := v.Num()
	if n != float64(int64(n)) || n < -(1<<53) || n > 1<<53 {
		r.fail(path + " is not a whole number")
		return 0
	}
	return int(n)
}

// Bool reads o's member key, true or false.
func (r *Reader) Bool(o Value, at, key string) bool {
	v, path := member(o, at, key)
	return v.Kind() != Null && r.Want(v, path, Bool) && v.Bool()
}

// Object returns o's member key, an object, and its path with a dot;
// ok is false when it is missing, null or not an object.
func (r *Reader) Object(o Value, at, key string) (v Value, path string, ok bool) {
	v, path = member(o, at, key)
	if v.Kind() == Null || !r.Want(v, path, Object) {
		return nil, "", false
	}
	return v, path + ".", true
}

// Objects calls each with every element of o's member key, a list of
// objects, and its path with a dot; it reports whether the list was
// there (not missing or null).
func (r *Reader) Objects(o Value, at, key string, each func(i int, e Value, at string)) bool {
	v, path := member(o, at, key)
	if v.Kind() == Null || !r.Want(v, path, Array) {
		return false
	}
	for i := range v.Len() {
		e, p := v.Index(i), path+"["+strconv.Itoa(i)+"]"
		if e.Kind() == Null {
			each(i, e, p+".") // null: a zero element
			continue
		}
		if r.Want(e, p, Object) {
			each(i, e, p+".")
		}
	}
	return true
}

// Strs reads o's member key, a list of strings; nil when it is missing
// or null, a list that is not nil when it is there.
func (r *Reader) Strs(o Value, at, key string) []string {
	v, path := member(o, at, key)
	if v.Kind() == Null || !r.Want(v, path, Array) {
		return nil
	}
	out := make([]string, 0, v.Len())
	for i := range v.Len() {
		e := v.Index(i)
		if e.Kind() != Null && !r.Want(e, path+"["+strconv.Itoa(i)+"]", String) {
			continue
		}
		out = append(out, e.Str())
	}
	return out
}

// Ints reads o's member key, a list of whole numbers, as Strs reads
// strings.
func (r *Reader) Ints(o Value, at, key string) []int {
	v, path := member(o, at, key)
	if v.Kind() == Null || !r.Want(v, path, Array) {
		return nil
	}
	out := make([]int, v.Len())
	for i := range out {
		out[i] = r.whole(v.Index(i), path+"["+strconv.Itoa(i)+"]")
	}
	return out
}

// Of returns a Value over what encoding/json decodes into an any:
// nil, bool, float64, string, []any and map[string]any.
func Of(v any) Value { return anyValue{v} }

type anyValue struct{ v any }

func (a anyValue) Kind() Kind {
	switch a.v.(type) {
	case bool:
		return Bool
	case float64:
		return Number
	case string:
		return String
	case []any:
		return Array
	case map[string]any:
		return Object
	}
	return Null
}

func (a anyValue) Bool() bool   { b, _ := a.v.(bool); return b }
func (a anyValue) Num() float64 { n, _ := a.v.(float64); return n }
func (a anyValue) Str() string  { s, _ := a.v.(string); return s }
func (a anyValue) Len() int     { l, _ := a.v.([]any); return len(l) }

func (a anyValue) Index(i int) Value {
	if l, _ := a.v.([]any); i >= 0 && i < len(l) {
		return anyValue{l[i]}
	}
	return anyValue{}
}

func (a anyValue) Get(key string) Value {
	m, _ := a.v.(map[string]any)
	return anyValue{m[key]}
}
