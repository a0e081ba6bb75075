package replay

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestVisible(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"task e5c95b09 INPUT_REQUIRED", "task e5c95b09 INPUT_REQUIRED"},
		{"two\tcolumns\nand lines", "two\tcolumns\nand lines"},
		{"Which base branch…? ✅ 日本語 é", "Which base branch…? ✅ 日本語 é"},
		{"deploy to \u202eprod\u202c now", `deploy to \u202eprod\u202c now`},
		{"\u2066isolate\u2069 \u2067r\u2068", `\u2066isolate\u2069 \u2067r\u2068`},
		{"zero\u200bwidth\u200c\u200d\u200e\u200f", `zero\u200bwidth\u200c\u200d\u200e\u200f`},
		{"\ufeffbom", `\ufeffbom`},
		{"word\u2060joiner\u00adsoft", `word\u2060joiner\u00adsoft`},
		{"arabic\u061cmark", `arabic\u061cmark`},
		{"tag\U000E0041\U000E007F", `tag\U000e0041\U000e007f`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"esc \x1b]0;title\x07 cr\r del\x7f", `esc \x1b]0;title\a cr\r del\x7f`},
		{"c1 \u0085\u009b", `c1 \u0085\u009b`},
		{"bad \xff\xfe utf-8", `bad \xff\xfe utf-8`},
	} {
		if got := Visible(tc.in); got != tc.want {
			t.Errorf("Visible(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestVisibleNoCopy checks that text with nothing to escape is returned
// as it is, without a copy.
func TestVisibleNoCopy(t *testing.T) {
	s := strings.Repeat("SendMessage (task e5c95b09) é ", 10)
	if n := testing.AllocsPerRun(10, func() { _ = Visible(s) }); n != 0 {
		t.Errorf("Visible allocates %v times on plain text", n)
	}
}

func FuzzVisible(f *testing.F) {
	for _, s := range []string{"a\u202eb", "\x1b[2J", "\xff", "ok", "\u200d👍", "del\x7f", "tab\tand\nline", "ok\u00a0é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := Visible(s)
		if !utf8.ValidString(v) {
			t.Fatalf("Visible(%q) = %q is not UTF-8", s, v)
		}
		for _, r := range v {
			if r != '\t' && r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029) {
				t.Fatalf("Visible(%q) = %q keeps %U", s, v, r)
			}
		}
		if Visible(v) != v {
			t.Fatalf("Visible(Visible(%q)) changes it again: %q", s, v)
		}
		if firstHidden(s) < 0 && v != s {
			t.Fatalf("Visible(%q) = %q changed text with nothing hidden", s, v)
		}
		// firstHidden goes over ASCII a byte at a time: it finds what a
		// look at each rune finds.
		want := -1
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 || hidden(r) {
				want = i
				break
			}
			i += n
		}
		if got := firstHidden(s); got != want {
			t.Fatalf("firstHidden(%q) = %d, want %d", s, got, want)
		}
	})
}
