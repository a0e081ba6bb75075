package jsonread

import (
	"strconv"
	"strings"
)

// The functions of this file read JSON into structs as encoding/json's
// Unmarshal would with the structs' field names as tags: a value of
// the wrong type for where it goes is read and left out, as
// encoding/json leaves it out (with an error the caller ignores).

// ReadString reads a string into *dst; null and values of other types
// leave it as it is.
func (r *Reader) ReadString(dst *string) {
	if r.Peek() == '"' {
		*dst = r.str()
		return
	}
	r.Skip()
}

// ReadInt reads a number that is an integer of 64 bits into *dst;
// anything else leaves it as it is.
func (r *Reader) ReadInt(dst *int) {
	if c := r.Peek(); c == '-' || isDigit(c) {
		if n, err := strconv.ParseInt(r.Number(), 10, 64); err == nil && int64(int(n)) == n {
			*dst = int(n)
		}
		return
	}
	r.Skip()
}

// A Struct is a struct that reads the members of a JSON object: Member
// reads the value of the member key, or skips it.
type Struct interface {
	Member(r *Reader, key string)
}

// ReadObject reads an object into v, over what v holds; null and values
// of other types leave it as it is.
func (r *Reader) ReadObject(v Struct) {
	if r.Peek() != '{' {
		r.Skip()
		return
	}
	r.Object(func(key string) { v.Member(r, key) })
}

// ReadPtr reads a value into a pointer to a struct: null sets it to nil,
// an object is read into the struct it points to (a new one when it is
// nil), and a value of another type leaves it pointing to a struct, new
// when it was nil.
func ReadPtr[T any, P interface {
	*T
	Struct
}](r *Reader, p *P) {
	if r.Null() {
		*p = nil
		return
	}
	if *p == nil {
		*p = new(T)
	}
	r.ReadObject(*p)
}

// ReadSlice reads an array into a slice of structs: null sets it to nil,
// an array's elements are read over the elements the slice has (up to
// its capacity), and a value of another type leaves it as it is. An
// empty array gives an empty slice that is not nil.
func ReadSlice[T any, P interface {
	*T
	Struct
}](r *Reader, p *[]T) {
	if r.Null() {
		*p = nil
		return
	}
	if r.Peek() != '[' {
		r.Skip()
		return
	}
	s, n := *p, 0
	r.Array(func() {
		switch {
		case n < len(s):
		case n < cap(s):
			s = s[:n+1]
		default:
			s = append(s, *new(T))
		}
		r.ReadObject(P(&s[n]))
		n++
	})
	if n == 0 {
		s = []T{}
	}
	*p = s[:n]
}

// FieldIndex returns the index of the name in names that key stands
// for: the same name, or else one that is equal to it under Unicode
// case folding, as encoding/json matches a key to a struct field. It
// returns -1 when key stands for none.
func FieldIndex(key string, names []string) int {
	for i, n := range names {
		if key == n {
			return i
		}
	}
	for i, n := range names {
		if strings.EqualFold(key, n) {
			return i
		}
	}
	return -1
}

// FieldName is FieldIndex as the name, "" for none.
func FieldName(key string, names []string) string {
	if i := FieldIndex(key, names); i >= 0 {
		return names[i]
	}
	return ""
}
