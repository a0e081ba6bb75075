package replay

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Visible returns s with every character that is not shown as itself
// written as the escape Go would write in a quoted string, so that text
// from a transcript cannot look like other text when drawn, printed or
// shown in a page:
//
//   - control characters other than tab and line feed: "\x1b", "\r",
//     "\u0085" (a terminal obeys them; a page shows nothing);
//   - format characters (Unicode's Cf), which are invisible or move the
//     text around them: the bidirectional embeddings, overrides and
//     isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E,
//     U+200F and U+061C, the zero-width space, joiners and word joiner
//     U+200B–U+200D and U+2060, the invisible operators, the soft hyphen,
//     U+FEFF and the tag characters U+E0000–U+E007F;
//   - the line and paragraph separators U+2028 and U+2029;
//   - bytes that are not UTF-8, as "\xff".
//
// Everything else is kept as it is, letters of any script, combining
// marks and emoji included (though an emoji joined with U+200D shows its
// parts and the escape between them). Text without such characters is
// returned unchanged, without a copy.
func Visible(s string) string {
	i := firstHidden(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case hidden(r):
			q := strconv.QuoteRuneToASCII(r) // '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// firstHidden returns the index of the first byte of s that [Visible]
// escapes, or -1.
func firstHidden(s string) int {
	for i := 0; i < len(s); {
		// Printable ASCII, most of any text, at one comparison a byte.
		for i < len(s) && s[i]-0x20 < 0x7f-0x20 {
			i++
		}
		if i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			if c != '\t' && c != '\n' { // another control character, or DEL
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || hidden(r) {
			return i
		}
		i += n
	}
	return -1
}

// hidden reports whether Visible escapes r.
func hidden(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r < 0xad:
		return false
	case r == 0x2028 || r == 0x2029:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}
