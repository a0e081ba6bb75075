package replay

import (
	"bytes"
	"encoding/json"
	"testing"
)

// checkIndent holds IndentJSON to encoding/json's Indent on s.
func checkIndent(t *testing.T, s string) {
	t.Helper()
	var want bytes.Buffer
	wantErr := json.Indent(&want, []byte(s), "", "  ")
	got, ok := IndentJSON(s)
	switch {
	case ok != (wantErr == nil):
		t.Errorf("IndentJSON(%q) ok = %v, json.Indent's error %v", s, ok, wantErr)
	case ok && got != want.String():
		t.Errorf("IndentJSON(%q) =\n%s\nwant\n%s", s, got, want.String())
	}
}

// TestIndentJSONBodies holds IndentJSON to json.Indent on every body of
// the shipped transcripts and the tests' own.
func TestIndentJSONBodies(t *testing.T) {
	n := 0
	for _, s := range bodies(t) {
		checkIndent(t, s)
		if json.Valid([]byte(s)) {
			n++
		}
	}
	if n < 50 {
		t.Errorf("only %d JSON bodies in the transcripts", n)
	}
}

func TestIndentJSON(t *testing.T) {
	for _, s := range []string{
		``, ` `, `{}`, `[]`, `[ ]`, ` { } `, `{"a":1}`, "\n\t{\"a\" : [1, 2.5e3, -0, true, false, null, \"x\\u0041\\n\"] , \"b\":{}}\n \n",
		`{"a":[{},[],{"b":[{"c":"\u2028<&>"}]}]}`, `"just a string"`, `42`, `null`, "\"bad \xff byte\"",
		`{"a":1,}`, `[1,]`, `{"a" 1}`, `{1:2}`, `[1 2]`, `{"a":1} x`, `{"a":01}`, `[`, `]`, `"\q"`, `tru`,
	} {
		checkIndent(t, s)
	}
}

func FuzzIndentJSON(f *testing.F) {
	for _, s := range bodies(f) {
		f.Add(s)
	}
	f.Add(`{"a":[1,{"b":null}],"c":"\ud800"}`)
	f.Fuzz(func(t *testing.T, s string) {
		checkIndent(t, s)
	})
}
