package check

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// TestSeverity: a rule's severity is the keyword of the sentence it
// cites, its first quote, read from the quote itself: MUST, MUST NOT,
// SHALL, SHALL NOT and REQUIRED a violation; SHOULD, SHOULD NOT and
// RECOMMENDED a warning; MAY, OPTIONAL or none a note. The Keyword a
// rule states is that keyword, and a rule whose sentence states none
// says in its Derivation how it follows.
func TestSeverity(t *testing.T) {
	for _, r := range Rules {
		if len(r.Quotes) == 0 {
			t.Errorf("rule %s cites no sentence", r.ID)
			continue
		}
		k := KeywordOf(r.Quotes[0].Text)
		if r.Keyword != k {
			t.Errorf("rule %s: its keyword is %q, and the sentence it cites (%s) states %q", r.ID, r.Keyword, r.Quotes[0].Source, k)
		}
		if want := SeverityOf(k); r.Severity != want {
			t.Errorf("rule %s is a %s, and the sentence it cites (%s: %q) makes it a %s", r.ID, r.Severity, r.Quotes[0].Source, r.Quotes[0].Text, want)
		}
		if k == "" && r.Derivation == "" {
			t.Errorf("rule %s cites a sentence without a keyword and does not say how the rule follows", r.ID)
		}
	}
}

func TestKeywordOf(t *testing.T) {
	for s, want := range map[string]string{
		"Clients MUST send the header.":                                        "MUST",
		"The server MUST NOT return more, but MAY apply a lower limit.":        "MUST NOT",
		"Patch versions SHOULD NOT be used, and MUST not be considered.":       "MUST",
		"string id = 1 [(google.api.field_behavior) = REQUIRED];":              "REQUIRED",
		"Implementations SHOULD avoid re-ordering events and MAY resend.":      "SHOULD",
		"It is NOT RECOMMENDED to do so.":                                      "NOT RECOMMENDED",
		"Clients MAY provide the version as a parameter.":                      "MAY",
		"For server messages, `context_id` must be provided.":                  "",
		"MUSTARD and SHOULDER are not keywords; neither is REQUIREDNESS.":      "",
		"This field is OPTIONAL.":                                              "OPTIONAL",
		"Servers MUST return appropriate errors and SHOULD provide actionable": "MUST",
	} {
		if got := KeywordOf(s); got != want {
			t.Errorf("KeywordOf(%q) = %q, want %q", s, got, want)
		}
	}
	for k, want := range map[string]Severity{"MUST": Violation, "SHALL NOT": Violation, "REQUIRED": Violation,
		"SHOULD": Warning, "RECOMMENDED": Warning, "MAY": Note, "": Note} {
		if got := SeverityOf(k); got != want {
			t.Errorf("SeverityOf(%q) = %s, want %s", k, got, want)
		}
	}
}

// TestFindingSeverity: a finding has its rule's severity, or is a note
// where the transcript cannot show that the rule was broken; it blames
// the client, the agent, or neither.
func TestFindingSeverity(t *testing.T) {
	files, _ := filepath.Glob("testdata/rules/*.http")
	more, _ := filepath.Glob("../transcripts/*.http")
	if len(files) == 0 {
		t.Fatal("no rule corpus")
	}
	notes := 0
	for _, f := range append(files, more...) {
		for _, fd := range Check(load(t, f)) {
			r := ruleByID(fd.Rule)
			if fd.Severity != r.Severity && fd.Severity != Note {
				t.Errorf("%s:%d: %s is a %s; rule %s is a %s", f, fd.Line, fd, fd.Severity, r.ID, r.Severity)
			}
			if fd.Severity == Note {
				notes++
			}
			if fd.By != ByClient && fd.By != ByAgent && fd.By != ByUnknown {
				t.Errorf("%s:%d: %s blames %q", f, fd.Line, fd, fd.By)
			}
		}
	}
	if notes == 0 {
		t.Error("no finding of the corpus is a note")
	}
}

// TestCutNotes: findings past MaxPerRule are counted by their own
// severity: a stream the capture ended while open after its task
// completed is a note that blames neither side, and stays one when cut.
func TestCutNotes(t *testing.T) {
	var b strings.Builder
	b.WriteString("# a2aplay transcript 1\n# participant: client\n# participant: agent http://localhost:41242\n")
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&b, "\n### %d SendStreamingMessage\n# @from client\n# @to agent\n# @at 2026-10-06T09:00:0%d.000Z\nPOST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\nA2A-Version: 1.0\n\n", i, i)
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"SendStreamingMessage","params":{"message":{"messageId":"m%d","role":"ROLE_USER","parts":[{"text":"hi"}]}}}`+"\n\n", i, i)
		fmt.Fprintf(&b, "# @at 2026-10-06T09:00:0%d.100Z\nHTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n", i)
		fmt.Fprintf(&b, ": @at 2026-10-06T09:00:0%d.200Z\n"+`data: {"jsonrpc":"2.0","id":%d,"result":{"task":{"id":"t%d","contextId":"c%d","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-10-06T09:00:0%d.200Z"}}}}`+"\n\n", i, i, i, i, i)
	}
	tr, err := replay.Parse([]byte(b.String()), "open.http")
	if err != nil {
		t.Fatal(err)
	}
	all := Check(tr)
	if len(all) != 4 {
		t.Fatalf("findings %q, want 4 streams left open", all)
	}
	for _, f := range all {
		if f.Rule != "stream-closes" || f.Severity != Note || f.By != ByUnknown || !strings.Contains(f.String(), "(cannot tell): note: ") {
			t.Errorf("finding %s: %s, blames %s", f, f.Severity, f.By)
		}
	}
	r, err := Run(context.Background(), tr, Options{MaxPerRule: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Omission{{"stream-closes", Note, 3}}; len(r.Findings) != 1 || !reflect.DeepEqual(r.Cut, want) {
		t.Errorf("kept %d, cut %+v; want 1 and %+v", len(r.Findings), r.Cut, want)
	}
}
