package check

import (
	"os"
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
