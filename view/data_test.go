package view

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/jsonvalue"
)

func TestReadPageData(t *testing.T) {
	in := PageData{
		Transcripts: []Shipped{
			{Name: "06-input-required", Title: "Input", Text: "# a2aplay transcript 1\n", Steps: 7, Findings: []Finding{{Step: 0, Text: "§3.1.6: whole"}, {Step: 3, Text: "§7.6.1: warning: three"}}},
			{Name: "07-auth-required", Title: "Auth", URL: "transcripts/07-auth-required.http", Steps: 9},
		},
		Prerendered: "06-input-required",
		WASM:        "viewer.0123456789.wasm",
		Live:        &LiveData{Worker: "live-worker.abc.js?wasm=live.def.wasm&exec=wasm_exec.123.js"},
		Check:       "check-worker.abc.js?wasm=check.def.wasm",
		Exercises: []Exercise{{ID: "answer-same-task", Title: "answer <b>it</b>", Live: "review", Lesson: "01-input-required",
			Done: []string{"answered INPUT_REQUIRED"}, Wrong: []string{"new-task-while INPUT_REQUIRED => Task {task} waits"}}},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readData(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, in) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, in)
	}
	if s := got.Shipped("07-auth-required"); s == nil || s.URL != "transcripts/07-auth-required.http" {
		t.Errorf("Shipped(07) = %+v", s)
	}
	if s := got.Shipped("nope"); s != nil {
		t.Errorf("Shipped(nope) = %+v, want nil", s)
	}
	fs := got.Transcripts[0].Findings
	if a, b := FindingsAt(fs, 0), FindingsAt(fs, 3); len(a) != 1 || a[0] != "§3.1.6: whole" || len(b) != 1 || !strings.HasPrefix(b[0], "§7.6.1") {
		t.Errorf("FindingsAt: %q %q", a, b)
	}
	if f := FindingsAt(fs, 2); f != nil {
		t.Errorf("FindingsAt(2) = %q, want none", f)
	}
}

func TestReadPageDataErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[]`, "the page's data block is not a JSON object"},
		{`{"transcripts": 3}`, "the page's data block: transcripts is not a list"},
		{`{"transcripts": [{"name": "a", "findings": [{"step": "1"}]}]}`, "the page's data block: transcripts[0].findings[0].step is not a number"},
		{`{"transcripts": [{"name": "a", "steps": 1.5}]}`, "the page's data block: transcripts[0].steps is not a whole number"},
		{`{"transcripts": [3]}`, "the page's data block: transcripts[0] is not an object"},
		{`{"transcripts": [{"name": "a"}], "live": {"inline": "yes"}}`, "the page's data block: live.inline is not true or false"},
		{`{"transcripts": []}`, "the page's data block lists no transcript"},
		{`{"transcripts": [{"name": "a"}], "exercises": [{"id": "x", "done": "reached COMPLETED"}]}`, "the page's data block: exercises[0].done is not a list"},
		{`{"transcripts": [{"name": "a"}, {"title": "no name"}]}`, "the page's data block: transcript 2 has no name"},
	} {
		_, err := readData([]byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadPageData(%s) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func FuzzReadPageData(f *testing.F) {
	f.Add([]byte(`{"transcripts":[{"name":"a","steps":2,"findings":[{"step":1,"text":"x"}]}],"prerendered":"a","live":{"inline":true}}`))
	f.Add([]byte(`{"transcripts":[{"name":""}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := readData(b)
		if err != nil {
			return
		}
		for _, s := range d.Transcripts {
			if s.Name == "" || d.Shipped(s.Name) == nil {
				t.Errorf("transcript %+v not found by its name", s)
			}
			FindingsAt(s.Findings, 1)
		}
	})
}

// TestFindingsAt holds FindingsAt on sorted findings to a plain filter
// of them as they came, in their order.
func TestFindingsAt(t *testing.T) {
	var fs []Finding
	for i := range 500 {
		fs = append(fs, Finding{Step: (i * 37) % 41, Text: strconv.Itoa(i)})
	}
	fs = append(fs, Finding{Step: -3, Text: "below"}, Finding{Step: 0, Text: "whole"}, Finding{Step: 1 << 30, Text: "past"}, Finding{Step: 38, Text: "past too"})
	sorted := SortFindings(fs, 37)
	if len(sorted) != len(fs) {
		t.Fatalf("SortFindings: %d findings, want %d", len(sorted), len(fs))
	}
	for k := -1; k <= 37; k++ {
		var want []string
		for _, f := range fs {
			if max(f.Step, 0) == k {
				want = append(want, f.Text)
			}
		}
		if got := FindingsAt(sorted, k); !slices.Equal(got, want) {
			t.Errorf("FindingsAt(%d) = %q, want %q", k, got, want)
		}
	}
	if got := FindingsAt(nil, 1); got != nil {
		t.Errorf("FindingsAt(nil, 1) = %q, want none", got)
	}
}

// TestFindingsAtEscapes: a finding that quotes a bidi override or a
// control character from the transcript shows them as their escapes,
// whichever road it came by.
func TestFindingsAtEscapes(t *testing.T) {
	fs := []Finding{{Step: 2, Text: "§5.5 (agent): enum \"X\u202eY\" is not\x07 a name"}}
	got := FindingsAt(fs, 2)
	if want := `§5.5 (agent): enum "X\u202eY" is not\a a name`; len(got) != 1 || got[0] != want {
		t.Errorf("FindingsAt = %q, want %q", got, want)
	}
}

// readData reads a data block as the page does: parsed first (here by
// encoding/json, in the page by JSON.parse), then read by ReadPageData.
// Written by encoding/json from a PageData, it reads back the same: the
// members' names agree with the struct tags the site builder writes by.
func readData(b []byte) (PageData, error) {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return PageData{}, err
	}
	return ReadPageData(jsonvalue.Of(v))
}
