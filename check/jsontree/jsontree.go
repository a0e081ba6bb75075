package jsontree

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects Parse accepts.
const MaxDepth = 256

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

// A SyntaxError says where the input stops being JSON.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg)
}

// Parse parses one JSON value.
func Parse(b []byte) (*Value, error) { return ParseString(string(b)) }

// ParseString is Parse of a string. The values' Raw, Str and keys share
// the string's memory, so parsing copies no text.
func ParseString(b string) (*Value, error) {
	sc := scratchPool.Get().(*scratch)
	defer func() {
		// Drop the pointers into this parse's tree before reuse.
		clear(sc.fields[:cap(sc.fields)])
		clear(sc.items[:cap(sc.items)])
		sc.fields, sc.items = sc.fields[:0], sc.items[:0]
		scratchPool.Put(sc)
	}()
	p := &parser{b: b, fields: sc.fields, items: sc.items}
	defer func() { sc.fields, sc.items = p.fields, p.items }()
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.b) {
		return nil, p.errorf("unexpected %s after the value", p.show())
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

type parser struct {
	b string
	i int
	// fields and items are stacks the open objects and arrays collect
	// their members on; each gets an exact-size copy when it closes.
	fields []Field
	items  []*Value
}

func (p *parser) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: p.i, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) show() string {
	if p.i >= len(p.b) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(p.b[p.i:])
	return strconv.QuoteRune(r)
}

func (p *parser) space() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (*Value, error) {
	if p.i >= len(p.b) {
		return nil, p.errorf("unexpected end of input, want a value")
	}
	start := p.i
	switch c := p.b[p.i]; {
	case c == '{':
		if depth >= MaxDepth {
			return nil, p.errorf("nested deeper than %d", MaxDepth)
		}
		return p.object(depth + 1)
	case c == '[':
		if depth >= MaxDepth {
			return nil, p.errorf("nested deeper than %d", MaxDepth)
		}
		return p.array(depth + 1)
	case c == '"':
		raw, s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &Value{Kind: String, Raw: raw, Str: s, Start: start, End: p.i}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		if err := p.number(); err != nil {
			return nil, err
		}
		return &Value{Kind: Number, Raw: p.b[start:p.i], Start: start, End: p.i}, nil
	default:
		for _, lit := range [...]struct {
			word string
			kind Kind
		}{{"true", Bool}, {"false", Bool}, {"null", Null}} {
			if strings.HasPrefix(p.b[p.i:], lit.word) {
				p.i += len(lit.word)
				return &Value{Kind: lit.kind, Raw: lit.word, Start: start, End: p.i}, nil
			}
		}
		return nil, p.errorf("unexpected %s, want a value", p.show())
	}
}

func (p *parser) object(depth int) (*Value, error) {
	v := &Value{Kind: Object, Start: p.i}
	p.i++ // {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		v.End = p.i
		return v, nil
	}
	mark := len(p.fields)
	defer func() { p.fields = p.fields[:mark] }()
	for {
		p.space()
		if p.i >= len(p.b) || p.b[p.i] != '"' {
			return nil, p.errorf("unexpected %s, want a member name", p.show())
		}
		keyStart := p.i
		_, key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return nil, p.errorf("unexpected %s, want ':'", p.show())
		}
		p.i++
		p.space()
		m, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		p.fields = append(p.fields, Field{Key: key, KeyStart: keyStart, Value: m})
		p.space()
		if p.i >= len(p.b) {
			return nil, p.errorf("unexpected end of input, want ',' or '}'")
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			v.End = p.i
			v.Fields = append(make([]Field, 0, len(p.fields)-mark), p.fields[mark:]...)
			return v, nil
		default:
			return nil, p.errorf("unexpected %s, want ',' or '}'", p.show())
		}
	}
}

func (p *parser) array(depth int) (*Value, error) {
	v := &Value{Kind: Array, Start: p.i}
	p.i++ // [
	p.space()
	if p.i < len(p.b) && p.b[p.i] == ']' {
		p.i++
		v.End = p.i
		return v, nil
	}
	mark := len(p.items)
	defer func() { p.items = p.items[:mark] }()
	for {
		p.space()
		e, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		p.items = append(p.items, e)
		p.space()
		if p.i >= len(p.b) {
			return nil, p.errorf("unexpected end of input, want ',' or ']'")
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			v.End = p.i
			v.Items = append(make([]*Value, 0, len(p.items)-mark), p.items[mark:]...)
			return v, nil
		default:
			return nil, p.errorf("unexpected %s, want ',' or ']'", p.show())
		}
	}
}

// str scans a string literal at p.i and returns its raw text and its
// decoded value.
func (p *parser) str() (raw, s string, err error) {
	start := p.i
	// The common case first: printable ASCII up to the closing quote.
	if k := strings.IndexByte(p.b[start+1:], '"'); k >= 0 && plainASCII(p.b[start+1:start+1+k]) {
		p.i = start + k + 2
		raw = p.b[start:p.i]
		return raw, raw[1 : len(raw)-1], nil
	}
	p.i++ // opening quote
	simple := true
	for {
		if p.i >= len(p.b) {
			return "", "", p.errorf("unterminated string")
		}
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			raw = p.b[start:p.i]
			if simple {
				return raw, raw[1 : len(raw)-1], nil
			}
			if err := json.Unmarshal([]byte(raw), &s); err != nil {
				p.i = start
				return "", "", p.errorf("bad string: %v", err)
			}
			return raw, s, nil
		case c == '\\':
			simple = false
			if p.i+1 >= len(p.b) {
				return "", "", p.errorf("unterminated string")
			}
			switch p.b[p.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i += 2
			case 'u':
				if p.i+6 > len(p.b) {
					return "", "", p.errorf("short \\u escape")
				}
				for k := p.i + 2; k < p.i+6; k++ {
					if !isHex(p.b[k]) {
						return "", "", p.errorf("bad \\u escape")
					}
				}
				p.i += 6
			default:
				p.i++
				return "", "", p.errorf("bad escape %s", p.show())
			}
		case c < 0x20:
			return "", "", p.errorf("control character %U in string", rune(c))
		case c < utf8.RuneSelf:
			p.i++
		default:
			// Invalid UTF-8 decodes to U+FFFD, as encoding/json does.
			r, n := utf8.DecodeRuneInString(p.b[p.i:])
			if r == utf8.RuneError && n == 1 {
				simple = false
			}
			p.i += n
		}
	}
}

// plainASCII says whether s holds only printable ASCII without a
// backslash: a string body that needs no decoding.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (p *parser) digits() int {
	n := 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

func (p *parser) number() error {
	if p.b[p.i] == '-' {
		p.i++
	}
	if p.i >= len(p.b) {
		return p.errorf("unexpected end of input in a number")
	}
	if p.b[p.i] == '0' {
		p.i++
	} else if p.digits() == 0 {
		return p.errorf("unexpected %s in a number", p.show())
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return p.errorf("unexpected %s, want a digit after '.'", p.show())
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return p.errorf("unexpected %s, want a digit in the exponent", p.show())
		}
	}
	return nil
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
