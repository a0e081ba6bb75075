package jsonread

import "strings"

// Indent returns s, one JSON text, indented as encoding/json's
// Indent(dst, s, "", "  ") writes it: each element of a non-empty array
// or object on a line of its own, two spaces deeper than its container,
// a space after each key's colon, strings and numbers as they are
// written, white space before the text dropped and after it kept. It
// reports false, and returns "", when s is not one JSON text (or is
// nested deeper than MaxDepth). The page pretty-prints bodies with it,
// without encoding/json.
func Indent(s string) (string, bool) {
	r := NewReader(s)
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	r.indent(&b, 0)
	if r.err != nil {
		return "", false
	}
	r.space()
	rest := r.s[r.i:]
	if !r.End() {
		return "", false
	}
	// End skipped the white space after the value; Indent keeps it.
	_ = rest
	return b.String() + trailingSpace(s), true
}

// trailingSpace is the white space at the end of s.
func trailingSpace(s string) string {
	i := len(s)
	for i > 0 {
		switch s[i-1] {
		case ' ', '\t', '\n', '\r':
			i--
			continue
		}
		break
	}
	return s[i:]
}

// indent copies one value to b, indented as Indent says, depth
// containers deep.
func (r *Reader) indent(b *strings.Builder, depth int) {
	switch c := r.Peek(); c {
	case '{', '[':
		end, name := byte(']'), "']'"
		if c == '{' {
			end, name = '}', "'}'"
		}
		b.WriteByte(c)
		n := 0
		r.container(c, end, name, func() {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			newline(b, depth+1)
			if c == '{' {
				if r.Peek() != '"' {
					r.unexpected("a member name")
					return
				}
				b.WriteString(r.Raw())
				if r.Peek() != ':' {
					r.unexpected("':'")
					return
				}
				r.i++
				b.WriteString(": ")
			}
			r.indent(b, depth+1)
		})
		if n > 0 {
			newline(b, depth)
		}
		b.WriteByte(end)
	default:
		b.WriteString(r.Raw())
	}
}

// newline starts a line depth levels deep.
func newline(b *strings.Builder, depth int) {
	b.WriteByte('\n')
	for range depth {
		b.WriteString("  ")
	}
}
