package replay

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/a2aplay/a2aplay/jsonread"
)

// TestIndentBodies holds jsonread.Indent, which the page pretty-prints
// bodies with, to encoding/json's Indent on every body of the shipped
// transcripts and the tests' own.
func TestIndentBodies(t *testing.T) {
	n := 0
	for _, s := range bodies(t) {
		var want bytes.Buffer
		wantErr := json.Indent(&want, []byte(s), "", "  ")
		got, ok := jsonread.Indent(s)
		switch {
		case ok != (wantErr == nil):
			t.Errorf("Indent(%q) ok = %v, json.Indent's error %v", s, ok, wantErr)
		case ok && got != want.String():
			t.Errorf("Indent(%q) =\n%s\nwant\n%s", s, got, want.String())
		}
		if wantErr == nil {
			n++
		}
	}
	if n < 50 {
		t.Errorf("only %d JSON bodies in the transcripts", n)
	}
}
