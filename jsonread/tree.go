package jsonread

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Kind is the JSON type of a value.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Value is one JSON value.
type Value struct {
	Kind Kind
	// Raw is the literal text of a scalar as written, quotes and escapes
	// included for strings. It is empty for arrays and objects.
	Raw string
	// Str is the decoded text of a string (Kind String).
	Str    string
	Fields []Field  // members of an object, in order
	Items  []*Value // elements of an array

	Start, End int // byte offsets of the value in the parsed input
}

// A Field is one member of an object.
type Field struct {
	Key      string
	KeyStart int // byte offset of the key's opening quote
	Value    *Value
}

// Parse reads one JSON value into a tree.
func Parse(b []byte) (*Value, error) { return ParseString(string(b)) }

// ParseString is Parse of a string. The values' Raw, Str and keys share
// the string's memory, but for strings that held escapes or bytes that
// are not UTF-8, so a parse copies little text.
func ParseString(s string) (*Value, error) {
	sc := scratchPool.Get().(*scratch)
	defer func() {
		// Drop the pointers into this parse's tree before reuse.
		clear(sc.fields[:cap(sc.fields)])
		clear(sc.items[:cap(sc.items)])
		sc.fields, sc.items = sc.fields[:0], sc.items[:0]
		scratchPool.Put(sc)
	}()
	t := &tree{r: Reader{s: s}, fields: sc.fields, items: sc.items}
	defer func() { sc.fields, sc.items = t.fields, t.items }()
	v := t.value()
	if !t.r.End() {
		return nil, t.r.err
	}
	return v, nil
}

// A scratch holds the stacks a parse collects members on, reused from
// one parse to the next.
type scratch struct {
	fields []Field
	items  []*Value
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// A tree builds Values from what its Reader reads.
type tree struct {
	r Reader
	// fields and items are stacks the open objects and arrays collect
	// their members on; each gets an exact-size copy when it closes.
	fields []Field
	items  []*Value
}

// value reads one value, or returns nil when the reader stopped.
func (t *tree) value() *Value {
	r := &t.r
	c := r.Peek()
	v := &Value{Start: r.i}
	switch {
	case c == '{':
		v.Kind = Object
		mark := len(t.fields)
		r.Object(func(key string) {
			at := r.key
			if m := t.value(); m != nil {
				t.fields = append(t.fields, Field{Key: key, KeyStart: at, Value: m})
			}
		})
		if n := len(t.fields) - mark; n > 0 && r.err == nil {
			v.Fields = append(make([]Field, 0, n), t.fields[mark:]...)
		}
		t.fields = t.fields[:mark]
	case c == '[':
		v.Kind = Array
		mark := len(t.items)
		r.Array(func() {
			if e := t.value(); e != nil {
				t.items = append(t.items, e)
			}
		})
		if n := len(t.items) - mark; n > 0 && r.err == nil {
			v.Items = append(make([]*Value, 0, n), t.items[mark:]...)
		}
		t.items = t.items[:mark]
	case c == '"':
		v.Kind = String
		v.Str = r.str()
		v.Raw = r.s[v.Start:r.i]
	case c == '-' || isDigit(c):
		v.Kind = Number
		v.Raw = r.Number()
	default:
		v.Raw = r.Literal()
		if v.Raw != "null" {
			v.Kind = Bool
		}
	}
	if r.err != nil {
		return nil
	}
	v.End = r.i
	return v
}

// Get returns the value of the object member key, or nil when v is not
// an object or has no such member. When a key repeats, the first wins.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for _, f := range v.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

// Has reports whether v is an object with the member key.
func (v *Value) Has(key string) bool { return v.Get(key) != nil }

// Text returns the decoded string of a string value and "" for anything
// else, nil included.
func (v *Value) Text() string {
	if v == nil || v.Kind != String {
		return ""
	}
	return v.Str
}

// IsTrue reports whether v is the literal true.
func (v *Value) IsTrue() bool { return v != nil && v.Kind == Bool && v.Raw == "true" }

// ErrNoPath is wrapped by the errors of [Value.Path] when a step of the
// path does not exist.
var ErrNoPath = errors.New("no such path")

// Path walks a dotted path like "result.task.status.state" or
// "parts.0.text": each step names an object member, or, as a decimal
// number, an array element (counting from 0). The empty path is v.
func (v *Value) Path(path string) (*Value, error) {
	if path == "" {
		return v, nil
	}
	cur := v
	steps := strings.Split(path, ".")
	for i, step := range steps {
		if step == "" {
			return nil, fmt.Errorf("path %q: empty step", path)
		}
		var next *Value
		switch cur.Kind {
		case Object:
			next = cur.Get(step)
		case Array:
			if n, err := strconv.Atoi(step); err == nil && n >= 0 && n < len(cur.Items) {
				next = cur.Items[n]
			}
		}
		if next == nil {
			at := strings.Join(steps[:i], ".")
			if at == "" {
				at = "the top"
			}
			return nil, fmt.Errorf("path %q: %w: %q not found in the %s at %s", path, ErrNoPath, step, cur.Kind, at)
		}
		cur = next
	}
	return cur, nil
}

// Walk calls fn for v and every value inside it, depth first, in order.
// The path passed to fn is dotted as in [Value.Path]. When fn returns
// false Walk does not descend into that value.
func (v *Value) Walk(fn func(path string, v *Value) bool) {
	v.walk("", fn)
}

func (v *Value) walk(path string, fn func(string, *Value) bool) {
	if v == nil || !fn(path, v) {
		return
	}
	join := func(step string) string {
		if path == "" {
			return step
		}
		return path + "." + step
	}
	switch v.Kind {
	case Object:
		for _, f := range v.Fields {
			f.Value.walk(join(f.Key), fn)
		}
	case Array:
		for i, e := range v.Items {
			e.walk(join(strconv.Itoa(i)), fn)
		}
	}
}
