package check

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// TestSDKDeviations: where a transcript shows a2a-go v2.4.0's own answer,
// the finding says it is the SDK's (Deviation set, and in the message);
// the same departure in other words is the agent's own. A status from
// v1.0.0's table is no a2a-go deviation: a2a-go follows v1.0.1.
func TestSDKDeviations(t *testing.T) {
	tests := []struct {
		file      string
		rule      string
		deviation bool
		// replace turns a2a-go's words into another agent's, when set.
		from, to string
	}{
		{file: "cancel-canceled", rule: "cancel-canceled", deviation: true},
		{file: "parse-error", rule: "parse-error", deviation: true},
		{file: "parse-error", rule: "parse-error", from: "parse error: illegal base64", to: "Parse error near"},
		{file: "internal-error", rule: "internal-error", deviation: true},
		{file: "internal-error", rule: "internal-error", from: "task execution is already in progress", to: "busy"},
		{file: "rest-error-status", rule: "rest-error-status"},
	}
	for _, tt := range tests {
		b, err := os.ReadFile("testdata/rules/" + tt.file + ".http")
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if tt.from != "" {
			if !strings.Contains(text, tt.from) {
				t.Fatalf("%s holds no %q", tt.file, tt.from)
			}
			text = strings.Replace(text, tt.from, tt.to, 1)
		}
		tr, err := replay.Parse([]byte(text), tt.file+".http")
		if err != nil {
			t.Fatal(err)
		}
		var got []Finding
		for _, f := range Check(tr) {
			if f.Rule == tt.rule {
				got = append(got, f)
			}
		}
		if len(got) != 1 {
			t.Errorf("%s (%q→%q): %d %s findings, want 1", tt.file, tt.from, tt.to, len(got), tt.rule)
			continue
		}
		f := got[0]
		says := strings.Contains(f.Msg, "a2a-go v2.4.0")
		if (f.Deviation == "a2a-go v2.4.0") != tt.deviation || says != tt.deviation {
			t.Errorf("%s (%q→%q): Deviation %q, message %q; want the SDK named: %v", tt.file, tt.from, tt.to, f.Deviation, f.Msg, tt.deviation)
		}
	}
}

// TestListTasksRule: each MUST of §3.1.4 the list-tasks rules hold, one
// at a time, on a breaking case of the corpus.
func TestListTasksRule(t *testing.T) {
	b, err := os.ReadFile("testdata/cases/list-tasks.http")
	if err != nil {
		t.Fatal(err)
	}
	base := string(b)
	tests := []struct {
		name     string
		from, to string
		want     string // a word of the finding; "" for none
	}{
		{"artifacts not asked for", "", "", "artifacts"},
		{"artifacts asked for", `"params": {}`, `"params": {"includeArtifacts": true}`, ""},
		{"no nextPageToken", `"nextPageToken": "",`, ``, "nextPageToken"},
		{"oldest first", `"timestamp": "2026-10-06T09:00:00.250Z"`, `"timestamp": "2026-10-06T09:00:09.250Z"`, "most recently updated first"},
	}
	for _, tt := range tests {
		text := base
		if tt.from != "" {
			if !strings.Contains(text, tt.from) {
				t.Fatalf("%s: the corpus case holds no %q", tt.name, tt.from)
			}
			text = strings.Replace(text, tt.from, tt.to, 1)
		}
		tr, err := replay.Parse([]byte(text), "list-tasks.http")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range Check(tr) {
			if strings.HasPrefix(f.Rule, "list-tasks") {
				got = append(got, f.Msg)
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%s: %q, want no list-tasks finding", tt.name, got)
		case tt.want != "" && !slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, tt.want) }):
			t.Errorf("%s: %q, want a finding about %q", tt.name, got, tt.want)
		}
	}
}

// TestRESTErrorFrame: an HTTP+JSON error sent as a stream frame, as
// a2a-go v2.4.0 sends SubscribeToTask's "no active execution", is a
// departure of the frame's shape (§11.7) named as the SDK's; an error
// frame in another shape is the agent's own.
func TestRESTErrorFrame(t *testing.T) {
	b, err := os.ReadFile("testdata/deviations/rest-error-frame.http")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		from, to  string
		deviation bool
	}{
		{"", "", true},
		{`"code":404,"status":"NOT_FOUND",`, ``, false},
	} {
		text := strings.Replace(string(b), tt.from, tt.to, 1)
		tr, err := replay.Parse([]byte(text), "rest-error-frame.http")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range Check(tr) {
			if f.Rule == "one-payload" {
				got = append(got, f.Section+" "+f.Deviation)
			}
		}
		want := "11.7 "
		if tt.deviation {
			want += "a2a-go v2.4.0"
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%q→%q: one-payload findings %q, want [%q]", tt.from, tt.to, got, want)
		}
	}
}
