package jsonread

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseScalars(t *testing.T) {
	tests := []struct {
		in   string
		kind Kind
		raw  string
		str  string
	}{
		{`null`, Null, "null", ""},
		{` true `, Bool, "true", ""},
		{`false`, Bool, "false", ""},
		{`-0.5e+3`, Number, "-0.5e+3", ""},
		{`12`, Number, "12", ""},
		{`"a\"b\u00e9"`, String, `"a\"b\u00e9"`, `a"bé`},
		{`"plain"`, String, `"plain"`, "plain"},
		{`"…"`, String, `"…"`, "…"},
	}
	for _, tt := range tests {
		v, err := Parse([]byte(tt.in))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		got := struct {
			Kind     Kind
			Raw, Str string
		}{v.Kind, v.Raw, v.Str}
		want := struct {
			Kind     Kind
			Raw, Str string
		}{tt.kind, tt.raw, tt.str}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, "offset 0: unexpected end of input, want a value"},
		{`{"a":1,}`, `offset 7: unexpected '}', want a member name`},
		{`[1 2]`, `offset 3: unexpected '2', want ',' or ']'`},
		{`01`, `offset 1: unexpected '1' after the value`},
		{`"abc`, "offset 4: unterminated string"},
		{`"a\x"`, `offset 3: bad escape 'x'`},
		{"\"a\x01\"", "offset 2: control character U+0001 in string"},
		{`tru`, `offset 0: unexpected 't', want a value`},
		{`{"a" 1}`, `offset 5: unexpected '1', want ':'`},
		{`1.`, `offset 2: unexpected end of input, want a digit after '.'`},
		{strings.Repeat("[", MaxDepth+1), "offset 256: " + ErrTooDeep.Error()},
		{`{"a":` + strings.Repeat(`{"b":`, MaxDepth), "offset 1280: " + ErrTooDeep.Error()},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		got := "<nil>"
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestPathAndOffsets(t *testing.T) {
	in := `{"result": {"task": {"id": "t1", "parts": [{"text": "x"}, {"raw": "eA=="}]}}}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.Path("result.task.parts.1.raw")
	if err != nil {
		t.Fatal(err)
	}
	if got := in[p.Start:p.End]; got != `"eA=="` {
		t.Errorf("offsets cover %q, want %q", got, `"eA=="`)
	}
	_, err = v.Path("result.task.parts.2")
	if !errors.Is(err, ErrNoPath) {
		t.Errorf("missing element: err = %v, want ErrNoPath", err)
	}
	if got, want := err.Error(), `path "result.task.parts.2": no such path: "2" not found in the array at result.task.parts`; got != want {
		t.Errorf("error = %s\nwant %s", got, want)
	}
	var paths []string
	v.Walk(func(path string, _ *Value) bool {
		paths = append(paths, path)
		return path != "result.task.parts.0"
	})
	want := []string{"", "result", "result.task", "result.task.id", "result.task.parts",
		"result.task.parts.0", "result.task.parts.1", "result.task.parts.1.raw"}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
}

func TestFormat(t *testing.T) {
	in := `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_AUTH_REQUIRED","message":{"messageId":"m1","taskId":"t1","contextId":"c1","role":"ROLE_AGENT","parts":[{"text":"approve at http://localhost:41243/approve/t1"}]},"timestamp":"2026-10-06T09:00:00.750Z"}}}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	su, _ := v.Path("statusUpdate")
	tests := []struct {
		name string
		o    FormatOptions
		want string
	}{
		{
			name: "cut a run of members",
			o:    FormatOptions{Key: "statusUpdate", Cut: []string{"status.message.messageId", "status.message.taskId", "status.message.contextId"}},
			want: `"statusUpdate": {
  "taskId": "t1",
  "contextId": "c1",
  "status": {
    "state": "TASK_STATE_AUTH_REQUIRED",
    "message": {
      …,
      "role": "ROLE_AGENT",
      "parts": [ { "text": "approve at http://localhost:41243/approve/t1" } ]
    },
    "timestamp": "2026-10-06T09:00:00.750Z"
  }
}`,
		},
		{
			name: "narrow width",
			o:    FormatOptions{Cut: []string{"status"}, Width: 10},
			want: `{
  "taskId": "t1",
  "contextId": "c1",
  …
}`,
		},
		{
			name: "fits on a line",
			o:    FormatOptions{Cut: nil, Width: 1000},
			want: `{ "taskId": "t1", "contextId": "c1", "status": { "state": "TASK_STATE_AUTH_REQUIRED", "message": { "messageId": "m1", "taskId": "t1", "contextId": "c1", "role": "ROLE_AGENT", "parts": [ { "text": "approve at http://localhost:41243/approve/t1" } ] }, "timestamp": "2026-10-06T09:00:00.750Z" } }`,
		},
	}
	for _, tt := range tests {
		got, err := Format(su, tt.o)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	if _, err := Format(su, FormatOptions{Cut: []string{"status.nope"}}); err == nil {
		t.Error("cutting a missing path: no error")
	}
}

// FuzzParse checks that Parse never panics, agrees with encoding/json on
// what is JSON (but for nesting deeper than MaxDepth), that its offsets
// cover the text of each value, and that Format's output parses back to
// the same JSON.
func FuzzParse(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := Parse(b)
		if !agrees(t, string(b), err) || err != nil {
			return
		}
		v.Walk(func(path string, e *Value) bool {
			text := string(b[e.Start:e.End])
			if e.Kind != Object && e.Kind != Array && text != e.Raw {
				t.Fatalf("%s: offsets cover %q, Raw is %q", path, text, e.Raw)
			}
			if w, err := ParseString(text); err != nil || w.Kind != e.Kind {
				t.Fatalf("%s: offsets cover %q, which parses as %v (%v), not %v", path, text, w, err, e.Kind)
			}
			if e.Kind == String {
				var want string
				if err := json.Unmarshal([]byte(e.Raw), &want); err != nil || want != e.Str {
					t.Fatalf("%s: %s decodes to %q, with encoding/json %q (%v)", path, e.Raw, e.Str, want, err)
				}
			}
			return true
		})
		for _, width := range []int{-1, 0} {
			s, err := Format(v, FormatOptions{Width: width})
			if err != nil {
				t.Fatal(err)
			}
			var a, b2 any
			if err := json.Unmarshal(b, &a); err != nil {
				t.Skip() // e.g. numbers encoding/json cannot hold
			}
			if err := json.Unmarshal([]byte(s), &b2); err != nil {
				t.Fatalf("formatted output is not JSON: %v\n%s", err, s)
			}
			if !reflect.DeepEqual(a, b2) { // cmp.Diff takes minutes on 256 levels
				t.Fatalf("round trip (-in +formatted):\n%s", cmp.Diff(a, b2))
			}
		}
	})
}
