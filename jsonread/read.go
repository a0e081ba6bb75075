package jsonread

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects a Reader reads:
// the 257th array or object open at once is an error, [ErrTooDeep].
const MaxDepth = 256

// ErrTooDeep is wrapped by the [*SyntaxError] of a text that nests
// arrays and objects deeper than [MaxDepth].
var ErrTooDeep = errors.New("JSON nested deeper than " + strconv.Itoa(MaxDepth) + " levels, a2aplay's limit")

// A SyntaxError says where a text stops being JSON that a2aplay reads,
// by the byte offset in the text, and what it found there.
type SyntaxError struct {
	Offset int
	Msg    string
	err    error // ErrTooDeep, or nil
}

func (e *SyntaxError) Error() string { return "offset " + strconv.Itoa(e.Offset) + ": " + e.Msg }

// Unwrap returns [ErrTooDeep] for a text nested too deep, and nil for
// any other error.
func (e *SyntaxError) Unwrap() error { return e.err }

// A Reader reads one JSON text in a single pass, without reflection:
// its caller asks for each value in the type it wants, and it checks the
// text as it goes by the rules encoding/json checks it by (RFC 8259,
// bytes that are not UTF-8 allowed inside strings), but for nesting,
// which stops at [MaxDepth].
//
// The first error stops the reader, and every method does nothing from
// then on; whoever started the read looks at [Reader.Err] once at the
// end. What it read until then is meaningless, as encoding/json, which
// checks the whole text before it decodes any of it, never decodes an
// invalid text at all.
//
// Strings it returns share the text's memory unless they held escapes
// or bytes that are not UTF-8; those it decodes as encoding/json does,
// each invalid byte and each unpaired surrogate becoming U+FFFD.
type Reader struct {
	s     string
	i     int // position of the next byte to read
	depth int // arrays and objects open at the position
	key   int // position of the key an Object's member function was called for
	err   *SyntaxError
}

// NewReader returns a Reader at the start of s.
func NewReader(s string) Reader { return Reader{s: s} }

// Err returns the reader's first error, a [*SyntaxError], or nil.
func (r *Reader) Err() error {
	if r.err == nil {
		return nil
	}
	return r.err
}

// Offset returns the position of the next byte to read.
func (r *Reader) Offset() int { return r.i }

// KeyOffset returns, in the member function of [Reader.Object], the
// position of the member's key, at its opening quote.
func (r *Reader) KeyOffset() int { return r.key }

// fail stops the reader with an error at the position.
func (r *Reader) fail(msg string) {
	if r.err == nil {
		r.err = &SyntaxError{Offset: r.i, Msg: msg}
	}
}

// unexpected stops the reader with "unexpected X, want" what.
func (r *Reader) unexpected(what string) { r.fail("unexpected " + r.found() + ", want " + what) }

// found names the byte at the position, for an error.
func (r *Reader) found() string {
	if r.i >= len(r.s) {
		return "end of input"
	}
	c, _ := utf8.DecodeRuneInString(r.s[r.i:])
	return strconv.QuoteRune(c)
}

// space skips white space.
func (r *Reader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// Peek skips white space and returns the next byte, or 0 at the end of
// the text or when the reader stopped.
func (r *Reader) Peek() byte {
	r.space()
	if r.err != nil || r.i >= len(r.s) {
		return 0
	}
	return r.s[r.i]
}

// End reports whether the reader read the whole text, with nothing but
// white space after its one value, without error.
func (r *Reader) End() bool {
	r.space()
	if r.err == nil && r.i < len(r.s) {
		r.fail("unexpected " + r.found() + " after the value")
	}
	return r.err == nil
}

// Object reads an object, calling member with each key and the reader at
// the key's value; member must read the value. Anything but an object
// is an error.
func (r *Reader) Object(member func(key string)) {
	r.container('{', '}', "'}'", func() {
		if r.Peek() != '"' {
			r.unexpected("a member name")
			return
		}
		at := r.i
		key := r.str()
		if r.Peek() != ':' {
			r.unexpected("':'")
			return
		}
		r.i++
		r.key = at
		member(key)
	})
}

// Array reads an array, calling elem with the reader at each element;
// elem must read the element. Anything but an array is an error.
func (r *Reader) Array(elem func()) { r.container('[', ']', "']'", elem) }

// container reads an array or an object: open, then items separated by
// commas, then close. item reads one item.
func (r *Reader) container(open, close byte, closeName string, item func()) {
	if r.Peek() != open {
		r.unexpected("'" + string(open) + "'")
		return
	}
	if r.depth == MaxDepth {
		r.fail(ErrTooDeep.Error())
		r.err.err = ErrTooDeep
		return
	}
	r.i++
	r.depth++
	if r.Peek() != close {
		for r.err == nil {
			item()
			if r.Peek() != ',' {
				break
			}
			r.i++
		}
	}
	if r.Peek() != close {
		r.unexpected("',' or " + closeName)
		return
	}
	r.i++
	r.depth--
}

// Skip reads any value and throws it away.
func (r *Reader) Skip() {
	switch c := r.Peek(); {
	case c == '{':
		r.Object(func(string) { r.Skip() })
	case c == '[':
		r.Array(r.Skip)
	case c == '"':
		r.skipStr()
	case c == '-' || '0' <= c && c <= '9':
		r.Number()
	default:
		r.Literal()
	}
}

// Raw reads any value and returns its text.
func (r *Reader) Raw() string {
	r.space()
	start := r.i
	r.Skip()
	if r.err != nil {
		return ""
	}
	return r.s[start:r.i]
}

// Literal reads true, false or null and returns its text.
func (r *Reader) Literal() string {
	if r.err != nil {
		return ""
	}
	rest := r.s[r.i:]
	for _, l := range [...]string{"true", "false", "null"} {
		if strings.HasPrefix(rest, l) {
			r.i += len(l)
			return l
		}
	}
	r.unexpected("a value")
	return ""
}

// Number reads a number and returns its text.
func (r *Reader) Number() string {
	if r.err != nil {
		return ""
	}
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
		r.i = i
		r.unexpected("a digit")
		return ""
	}
	if i < len(s) && s[i] == '.' {
		if i++; i == len(s) || !isDigit(s[i]) {
			r.i = i
			r.unexpected("a digit after '.'")
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
			r.i = i
			r.unexpected("a digit in the exponent")
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

// Str reads a string and returns its text, decoded. Anything but a
// string is an error.
func (r *Reader) Str() string {
	if r.Peek() != '"' {
		r.unexpected("a string")
		return ""
	}
	return r.str()
}

// str reads the string at the position and returns its text, decoded.
func (r *Reader) str() string {
	start := r.i + 1 // after the opening quote
	end, plain := r.strEnd()
	if r.err != nil {
		return ""
	}
	r.i = end + 1
	if plain {
		return r.s[start:end]
	}
	return unquote(r.s[start:end])
}

// skipStr reads a string and throws it away.
func (r *Reader) skipStr() {
	if end, _ := r.strEnd(); r.err == nil {
		r.i = end + 1
	}
}

// strEnd checks the string that starts at the reader's position and
// returns the position of its closing quote, and whether its text is
// its value: no escapes, and UTF-8.
func (r *Reader) strEnd() (end int, plain bool) {
	s := r.s
	plain = true
	for i := r.i + 1; ; {
		for i < len(s) && strPlain[s[i]] {
			i++
		}
		if i == len(s) {
			r.i = i
			r.fail("unterminated string")
			return 0, false
		}
		switch c := s[i]; {
		case c == '"':
			return i, plain
		case c < ' ':
			r.i = i
			r.fail("control character U+00" + hexDigits[c>>4:c>>4+1] + hexDigits[c&15:c&15+1] + " in string")
			return 0, false
		case c == '\\':
			plain = false
			if i+1 == len(s) {
				r.i = i + 1
				r.fail("unterminated string")
				return 0, false
			}
			switch {
			case strings.IndexByte(escapes, s[i+1]) >= 0:
				i += 2
			case s[i+1] == 'u':
				if hex4(s, i+2) < 0 {
					r.i = i
					r.fail(`bad \u escape`)
					return 0, false
				}
				i += 6
			default:
				r.i = i + 1
				r.fail("bad escape " + r.found())
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

const hexDigits = "0123456789ABCDEF"

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

// Null reads null and reports whether it did; it reads nothing when the
// next value is another one.
func (r *Reader) Null() bool {
	if r.Peek() == 'n' && strings.HasPrefix(r.s[r.i:], "null") {
		r.i += len("null")
		return true
	}
	return false
}

// Check returns the error of reading s as one JSON value, a
// [*SyntaxError], or nil when s is JSON.
func Check(s string) error {
	r := Reader{s: s}
	r.Skip()
	r.End()
	return r.Err()
}

// Valid reports whether s is one JSON value no deeper than [MaxDepth]:
// encoding/json's Valid, with a2aplay's limit.
func Valid(s string) bool { return Check(s) == nil }

// CheckDepth returns the error of reading s as JSON when that reading
// stops at [MaxDepth], one that wraps [ErrTooDeep], and nil otherwise: s
// is JSON no deeper, or it stops being JSON before it nests too deep
// (plain text, say). A text with no more opening brackets than MaxDepth
// it answers without reading it as JSON.
func CheckDepth(s string) error {
	if strings.Count(s, "[")+strings.Count(s, "{") <= MaxDepth {
		return nil
	}
	r := Reader{s: s}
	r.Skip()
	if r.err != nil && r.err.err == ErrTooDeep {
		return r.err
	}
	return nil
}
