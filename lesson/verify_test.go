package lesson

import (
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

func TestGlobMatch(t *testing.T) {
	for _, tc := range []struct {
		pat, s string
		want   bool
	}{
		{"Which base branch?", "Which base branch?", true},
		{"Which base…", "Which base branch?", true},
		{"…branch?", "Which base branch?", true},
		{"Which…branch…", "Which base branch?", true},
		{"Which…tree…", "Which base branch?", false},
		{"a…a", "a", false},
		{"…", "", true},
	} {
		if got := globMatch(tc.pat, tc.s); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tc.pat, tc.s, got, tc.want)
		}
	}
}

func TestParseQuote(t *testing.T) {
	value := `{"task": {"id": "t1", "status": {"state": "S", "message": {"messageId": "m", "role": "R", "parts": [{"text": "a"}, {"text": "b"}]}}, "history": []}}`
	v, err := jsonread.Parse([]byte(value))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		quote string
		match bool
	}{
		{`"task": { "id": "t1", … }`, true},
		{`"task": { "id": "t1", …`, true},                                     // the rest cut
		{`"status": { "state": "S", "message": { … "role": "R", … } }`, true}, // a cut inside
		{`"parts": [ …, { "text": "b" } ]`, true},                             // elements cut
		{`"parts": [ { "text": "b" } ]`, false},                               // no cut: both elements
		{`"parts": [ { "text": "b" }, …, { "text": "a" } ]`, false},           // order kept
		{`{"text": "a"}`, true},
		{`"id": "t2"`, false},
		{`"state": "S", "id": "t1"`, false}, // members of two objects
		{`"history": [], "id": "t1", …`, true},
	} {
		p, err := parseQuote(tc.quote)
		if err != nil {
			t.Errorf("parseQuote(%q): %v", tc.quote, err)
			continue
		}
		h := findQuote(p, tc.quote, []place{{where: "x", v: v}})
		if got := h.mm == nil && h.score >= 0; got != tc.match {
			t.Errorf("%q matches: %v, want %v (%+v)", tc.quote, got, tc.match, h.mm)
		}
	}
	for _, bad := range []string{"", "…", `{"a": 1`, `"a" 1`, `{"a": 1,, }`, `[1 2]`, `"a": tru`, `}`, "\"a\nb\": 1"} {
		if _, err := parseQuote(bad); err == nil {
			t.Errorf("parseQuote(%q): no error", bad)
		}
	}
}

// FuzzQuote: no quote makes the quote parser or the matcher panic, and
// every mismatch points into the quote.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{
		`"task": { "id": "t1", … }`, `[1, …, {"a": "x…y"}]`, `… "role": "R", …`, `{"a": [`, "\"\\u00e9\": 1e3",
	} {
		f.Add(s)
	}
	v, err := jsonread.Parse([]byte(`{"task": {"id": "t1", "n": 1.5, "ok": true, "z": null, "parts": [{"text": "a…"}, []]}}`))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, quote string) {
		p, err := parseQuote(quote)
		if err != nil {
			if qe, ok := err.(*quoteError); !ok || qe.off < 0 || qe.off > len(quote) {
				t.Fatalf("error %v is not at an offset of the quote", err)
			}
			return
		}
		h := findQuote(p, quote, []place{{where: "x", v: v}})
		if h.mm != nil && (h.mm.off < 0 || h.mm.off > len(quote)) {
			t.Fatalf("mismatch at %d, outside the %d-byte quote", h.mm.off, len(quote))
		}
		findText(quote, []place{{where: "x", text: "POST / HTTP/1.1\n\n{\"a\": 1}"}})
	})
}

// FuzzClaims: no caption makes the step checker panic.
func FuzzClaims(f *testing.F) {
	for _, s := range []string{
		"Steps 2 to 4 and 7 to 9 are the six frames of one stream. Steps 5 and 6 are plain HTTP outside A2A.",
		"Steps 1 to 3 are the first `SendMessage` and its reply, and steps 4 to 9 answer on the same task.",
		"step 0 and steps 9 to 3, steps 1 - 999999 to 5",
	} {
		f.Add(s)
	}
	tr, err := testResolver.Transcript("transcripts/deploy.http")
	if err != nil {
		f.Fatal(err)
	}
	steps := replay.Steps(tr)
	f.Fuzz(func(t *testing.T, caption string) {
		for _, rg := range [][2]int{{0, 0}, {2, 4}} {
			for _, p := range checkClaims(caption, steps, rg[0], rg[1]) {
				if p == "" || strings.ContainsAny(p, "\x1b\x07") {
					t.Fatalf("finding %q", p)
				}
			}
		}
	})
}
