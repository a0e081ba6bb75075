package replay

import "strings"

// IndentJSON returns s, one JSON text, indented as encoding/json's
// Indent(dst, s, "", "  ") writes it: each element of a non-empty array
// or object on a line of its own, two spaces deeper than its container,
// a space after each key's colon, strings and numbers as they are
// written, white space before the text dropped and after it kept. It
// reports false, and returns "", when s is not one JSON text. It reads
// with the transcript's JSON reader: the page pretty-prints bodies
// without encoding/json.
func IndentJSON(s string) (string, bool) {
	r := jsonReader{s: s}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	r.indent(&b, 0)
	if r.bad {
		return "", false
	}
	rest := r.s[r.i:]
	if !r.end() {
		return "", false
	}
	b.WriteString(rest) // the white space after it, as Indent keeps it
	return b.String(), true
}

// indent copies one value to b, indented as IndentJSON says, depth
// containers deep.
func (r *jsonReader) indent(b *strings.Builder, depth int) {
	switch c := r.peek(); c {
	case '{', '[':
		end := byte(']')
		if c == '{' {
			end = '}'
		}
		b.WriteByte(c)
		n := 0
		r.container(c, end, func() {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			newline(b, depth+1)
			if c == '{' {
				if r.peek() != '"' {
					r.fail()
					return
				}
				b.WriteString(r.raw())
				if r.peek() != ':' {
					r.fail()
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
		b.WriteString(r.raw())
	}
}

// newline starts a line depth levels deep.
func newline(b *strings.Builder, depth int) {
	b.WriteByte('\n')
	for range depth {
		b.WriteString("  ")
	}
}
