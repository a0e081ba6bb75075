package view

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFindingsRoundTrip(t *testing.T) {
	for _, fs := range [][]Finding{
		nil,
		{{Step: 0, Text: "§3.1.2: about the whole transcript"}},
		{{Step: 1, Text: ""}, {Step: 70000, Rule: "task-state", Text: "§7.6.1: warning: ünïcode and a\nnewline and a \x00"}, {Step: 2, Rule: "r", Text: strings.Repeat("x", 300)}},
	} {
		b := AppendFindings(nil, fs)
		got, err := ReadFindings(b)
		if err != nil {
			t.Fatalf("ReadFindings(AppendFindings(%v)): %v", fs, err)
		}
		if diff := cmp.Diff(fs, got); diff != "" {
			t.Errorf("round trip (-want +got):\n%s", diff)
		}
	}
}

func TestFindingsNegativeStep(t *testing.T) {
	got, err := ReadFindings(AppendFindings(nil, []Finding{{Step: -3, Text: "t"}}))
	if err != nil || len(got) != 1 || got[0].Step != 0 {
		t.Errorf("a negative step: got %v, %v; want step 0", got, err)
	}
}

func TestReadFindingsBad(t *testing.T) {
	good := AppendFindings(nil, []Finding{{Step: 4, Rule: "r", Text: "abc"}})
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"short head", good[:5], "byte 0: 5 bytes where a finding's step and lengths take 12"},
		{"short text", good[:14], "byte 4: a rule of 1 bytes and a text of 3 where 2 remain"},
		{"step out of range", []byte{0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0}, "byte 0: step 2147483648 is out of range"},
		{"length past the end", append(good, 1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff), "byte 20: a rule of 0 bytes and a text of 4294967295 where 0 remain"},
	} {
		_, err := ReadFindings(tc.b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func FuzzReadFindings(f *testing.F) {
	f.Add(AppendFindings(nil, []Finding{{Step: 4, Rule: "task-state", Text: "abc"}, {Step: 0, Text: ""}}))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		fs, err := ReadFindings(b)
		if err != nil {
			return
		}
		// What reads, writes back the same.
		if again := AppendFindings(nil, fs); string(again) != string(b) {
			t.Errorf("AppendFindings(ReadFindings(%q)) = %q", b, again)
		}
	})
}
