package replay

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A jsonReader reads one JSON text in a single pass, without reflection:
// the code that reads a body (wire.go) asks it for each value in the
// type it wants, and it checks the text as it goes by the rules
// encoding/json checks it by: RFC 8259, bytes that are not UTF-8 allowed
// inside strings, arrays and objects nested at most maxDepth deep.
//
// The first syntax error makes the reader bad, and every method does
// nothing from then on; whoever started the read looks at bad once at
// the end. What it read until then is meaningless, as encoding/json,
// which checks the whole text before it decodes any of it, never
// decodes an invalid text at all.
//
// Strings it returns share the text's memory unless they held escapes
// or bytes that are not UTF-8; those it decodes as encoding/json does,
// each invalid byte and each unpaired surrogate becoming U+FFFD.
type jsonReader struct {
	s     string
	i     int // position of the next byte to read
	depth int // arrays and objects open at the position
	bad   bool
}

// maxDepth is how deep encoding/json lets arrays and objects nest.
const maxDepth = 10000

// fail makes the reader bad.
func (r *jsonReader) fail() { r.bad = true }

// space skips white space.
func (r *jsonReader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte, or 0 at the end of
// the text or when the reader is bad.
func (r *jsonReader) peek() byte {
	r.space()
	if r.bad || r.i >= len(r.s) {
		return 0
	}
	return r.s[r.i]
}

// end reports whether the reader read the whole text, with nothing but
// white space after its one value, without error.
func (r *jsonReader) end() bool {
	r.space()
	return !r.bad && r.i == len(r.s)
}

// object reads an object, calling member with each key and the reader at
// the key's value; member must read the value. Anything but an object
// is an error.
func (r *jsonReader) object(member func(key string)) {
	r.container('{', '}', func() {
		if r.peek() != '"' {
			r.fail()
			return
		}
		key := r.str()
		if r.peek() != ':' {
			r.fail()
			return
		}
		r.i++
		member(key)
	})
}

// array reads an array, calling elem with the reader at each element;
// elem must read the element. Anything but an array is an error.
func (r *jsonReader) array(elem func()) { r.container('[', ']', elem) }

// container reads an array or an object: open, then items separated by
// commas, then close. item reads one item.
func (r *jsonReader) container(open, close byte, item func()) {
	if r.peek() != open {
		r.fail()
		return
	}
	r.i++
	if r.depth++; r.depth > maxDepth {
		r.fail()
		return
	}
	if r.peek() != close {
		for !r.bad {
			item()
			if r.peek() != ',' {
				break
			}
			r.i++
		}
	}
	if r.peek() != close {
		r.fail()
		return
	}
	r.i++
	r.depth--
}

// skip reads any value and throws it away.
func (r *jsonReader) skip() {
	switch c := r.peek(); {
	case c == '{':
		r.object(func(string) { r.skip() })
	case c == '[':
		r.array(r.skip)
	case c == '"':
		r.skipStr()
	case c == '-' || '0' <= c && c <= '9':
		r.number()
	default:
		r.literal()
	}
}

// raw reads any value and returns its text.
func (r *jsonReader) raw() string {
	r.space()
	start := r.i
	r.skip()
	if r.bad {
		return ""
	}
	return r.s[start:r.i]
}

// literal reads true, false or null and returns its text.
func (r *jsonReader) literal() string {
	if r.bad {
		return ""
	}
	rest := r.s[min(r.i, len(r.s)):]
	for _, l := range [...]string{"true", "false", "null"} {
		if strings.HasPrefix(rest, l) {
			r.i += len(l)
			return l
		}
	}
	r.fail()
	return ""
}

// number reads a number and returns its text.
func (r *jsonReader) number() string {
	s, start := r.s, r.i
	i := start
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = digits(s, i)
	default:
		r.fail()
		return ""
	}
	if i < len(s) && s[i] == '.' {
		if i++; i == len(s) || !isDigit(s[i]) {
			r.fail()
			return ""
		}
		i = digits(s, i)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i == len(s) || !isDigit(s[i]) {
			r.fail()
			return ""
		}
		i = digits(s, i)
	}
	r.i = i
	return s[start:i]
}

// digits returns the position after the digits at s[i:].
func digits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// str reads a string and returns its text, decoded.
func (r *jsonReader) str() string {
	start := r.i + 1 // after the opening quote
	end, plain := r.strEnd()
	if r.bad {
		return ""
	}
	r.i = end + 1
	if plain {
		return r.s[start:end]
	}
	return unquote(r.s[start:end])
}

// skipStr reads a string and throws it away.
func (r *jsonReader) skipStr() {
	end, _ := r.strEnd()
	r.i = end + 1
}

// strEnd checks the string that starts at the reader's position and
// returns the position of its closing quote, and whether its text is
// its value: no escapes, and UTF-8.
func (r *jsonReader) strEnd() (end int, plain bool) {
	s := r.s
	plain = true
	for i := r.i + 1; ; {
		for i < len(s) && strPlain[s[i]] {
			i++
		}
		if i == len(s) {
			r.fail()
			return 0, false
		}
		switch c := s[i]; {
		case c == '"':
			return i, plain
		case c < ' ':
			r.fail()
			return 0, false
		case c == '\\':
			plain = false
			if i+1 == len(s) {
				r.fail()
				return 0, false
			}
			switch {
			case strings.IndexByte(escapes, s[i+1]) >= 0:
				i += 2
			case s[i+1] == 'u':
				if hex4(s, i+2) < 0 {
					r.fail()
					return 0, false
				}
				i += 6
			default:
				r.fail()
				return 0, false
			}
		case !plain:
			i++
		default:
			ch, size := utf8.DecodeRuneInString(s[i:])
			plain = ch != utf8.RuneError || size > 1
			i += size
		}
	}
}

// strPlain holds the bytes a string holds as they are: ASCII, not a
// control character, a quote or a backslash.
var strPlain = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// unquote decodes the text of a string that strEnd checked, as
// encoding/json does: each byte that is not UTF-8, and each escaped
// surrogate that is not half of a pair, becomes U+FFFD.
func unquote(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		ch, size := utf8.DecodeRuneInString(s[i:]) // U+FFFD for a byte that is not UTF-8
		if ch == '\\' {
			size = 2
			switch e := s[i+1]; e {
			case 'u':
				size = 6
				ch = hex4(s, i+2)
				if utf16.IsSurrogate(ch) {
					// A pair only when the next escape completes it;
					// otherwise U+FFFD, and the next escape reads on
					// its own.
					ch2 := rune(-1)
					if strings.HasPrefix(s[i+6:], `\u`) {
						ch2 = hex4(s, i+8)
					}
					if ch = utf16.DecodeRune(ch, ch2); ch != utf8.RuneError {
						size = 12
					}
				}
			default:
				ch = rune(escaped[strings.IndexByte(escapes, e)])
			}
		}
		b = utf8.AppendRune(b, ch)
		i += size
	}
	return string(b)
}

// The escapes of a string other than \u, and what each stands for.
const escapes, escaped = `bfnrt"\/`, "\b\f\n\r\t\"\\/"

// hex4 returns the value of the four hex digits at s[i:], or -1.
func hex4(s string, i int) rune {
	if i+4 > len(s) {
		return -1
	}
	var v rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		v = v<<4 | rune(c)
	}
	return v
}

// A value of the wrong type for where it goes is read and left out, as
// encoding/json leaves it out (with an error that the caller ignores).

// readString reads a string into *dst; null and values of other types
// leave it as it is.
func (r *jsonReader) readString(dst *string) {
	if r.peek() == '"' {
		*dst = r.str()
		return
	}
	r.skip()
}

// readInt reads a number that is an integer of 64 bits into *dst;
// anything else leaves it as it is.
func (r *jsonReader) readInt(dst *int) {
	if c := r.peek(); c == '-' || isDigit(c) {
		if n, err := strconv.ParseInt(r.number(), 10, 64); err == nil && int64(int(n)) == n {
			*dst = int(n)
		}
		return
	}
	r.skip()
}

// A jsonObject is a struct that reads the members of a JSON object.
type jsonObject interface {
	member(r *jsonReader, key string)
}

// readObject reads an object into v, over what v holds; null and values
// of other types leave it as it is.
func (r *jsonReader) readObject(v jsonObject) {
	if r.peek() != '{' {
		r.skip()
		return
	}
	r.object(func(key string) { v.member(r, key) })
}

// null reads null and reports whether it did; it reads nothing when the
// next value is another one.
func (r *jsonReader) null() bool {
	if r.peek() == 'n' && strings.HasPrefix(r.s[r.i:], "null") {
		r.i += len("null")
		return true
	}
	return false
}

// readPtr reads a value into a pointer to a struct: null sets it to nil,
// an object is read into the struct it points to (a new one when it is
// nil), and a value of another type leaves it pointing to a struct, new
// when it was nil.
func readPtr[T any, P interface {
	*T
	jsonObject
}](r *jsonReader, p *P) {
	if r.null() {
		*p = nil
		return
	}
	if *p == nil {
		*p = new(T)
	}
	r.readObject(*p)
}

// readSlice reads an array into a slice of structs: null sets it to nil,
// an array's elements are read over the elements the slice has (up to
// its capacity), and a value of another type leaves it as it is. An
// empty array gives an empty slice that is not nil.
func readSlice[T any, P interface {
	*T
	jsonObject
}](r *jsonReader, p *[]T) {
	if r.null() {
		*p = nil
		return
	}
	if r.peek() != '[' {
		r.skip()
		return
	}
	s, n := *p, 0
	r.array(func() {
		switch {
		case n < len(s):
		case n < cap(s):
			s = s[:n+1]
		default:
			s = append(s, *new(T))
		}
		r.readObject(P(&s[n]))
		n++
	})
	if n == 0 {
		s = []T{}
	}
	*p = s[:n]
}

// fieldIndex returns the index of the name in names that key stands
// for: the same name, or else one that is equal to it under Unicode
// case folding, as encoding/json matches a key to a struct field. It
// returns -1 when key stands for none.
func fieldIndex(key string, names []string) int {
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

// fieldName is fieldIndex as the name, "" for none.
func fieldName(key string, names []string) string {
	if i := fieldIndex(key, names); i >= 0 {
		return names[i]
	}
	return ""
}

// validJSON reports whether s is one JSON value, as encoding/json's
// Valid does for bytes that are s.
func validJSON(s string) bool {
	r := jsonReader{s: s}
	r.skip()
	return r.end()
}
