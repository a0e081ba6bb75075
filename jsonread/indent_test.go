package jsonread

import (
	"bytes"
	"encoding/json"
	"testing"
)

// checkIndent holds Indent to encoding/json's Indent on s. (replay's
// tests hold it so on every body of the transcripts.)
func checkIndent(t *testing.T, s string) {
	t.Helper()
	var want bytes.Buffer
	wantErr := json.Indent(&want, []byte(s), "", "  ")
	got, ok := Indent(s)
	switch {
	case ok != (wantErr == nil):
		t.Errorf("Indent(%q) ok = %v, json.Indent's error %v", s, ok, wantErr)
	case ok && got != want.String():
		t.Errorf("Indent(%q) =\n%s\nwant\n%s", s, got, want.String())
	}
}

func TestIndent(t *testing.T) {
	for _, s := range []string{
		``, ` `, `{}`, `[]`, `[ ]`, ` { } `, `{"a":1}`, "\n\t{\"a\" : [1, 2.5e3, -0, true, false, null, \"x\\u0041\\n\"] , \"b\":{}}\n \n",
		`{"a":[{},[],{"b":[{"c":"\u2028<&>"}]}]}`, `"just a string"`, `42`, `null`, "\"bad \xff byte\"",
		`{"a":1,}`, `[1,]`, `{"a" 1}`, `{1:2}`, `[1 2]`, `{"a":1} x`, `{"a":01}`, `[`, `]`, `"\q"`, `tru`,
	} {
		checkIndent(t, s)
	}
}

func FuzzIndent(f *testing.F) {
	f.Add(`{"a":[1,{"b":null}],"c":"\ud800"}`)
	f.Fuzz(func(t *testing.T, s string) {
		checkIndent(t, s)
	})
}
