package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cases holds the findings of testdata/cases: breaking transcripts
// beside the one per rule of testdata/rules, for the rules that catch
// more than one kind of mistake.
var cases = map[string][]string{
	// A provider, security schemes and OAuth flows without their
	// REQUIRED fields; a deprecated flow's URL that is not one.
	"agent-card-parts.http": {"16 §4.4.1 agent-card"},
	// A CancelTask of a completed task refused with a bare 400: the only
	// right answer is TaskNotCancelableError, whose ErrorInfo is missing.
	"rest-error-info-400.http": {"56 §11.6 rest-error-info"},
	// A list that lacks a configuration created and never deleted, and
	// holds one deleted.
	"push-config-list.http": {"57 §3.5.1 push-unrecorded", "169 §3.1.9 push-config-state", "171 §3.1.10 push-config-state"},
	// A push notification whose body is not JSON; one whose token is
	// not its configuration's.
	"push-payload-text.http": {"119 §4.3.3 push-payload"},
	"push-token-other.http":  {"119 §3.1.7 push-token"},
	// No notification at all to a client that did not stream: the
	// finding says some SDKs notify only while the client streams.
	"push-on-change-none.http": {"93 §3.5.1 push-on-change"},
	// Other credentials, then another scheme; a Digest scheme left out,
	// as a2a-go v2.4.0 leaves it (a deviation).
	"push-authentication-other.http":  {"123 §4.3.3 push-authentication", "156 §4.3.3 push-authentication"},
	"push-authentication-digest.http": {"123 §4.3.3 push-authentication"},
	// A SendMessage that gives a push config, served by an agent whose
	// card does not declare push notifications.
	"capability-push-inline.http": {"83 §3.3.4 capability-push"},
	// JSON-RPC served at a URL no card declares.
	"interface-undeclared.http": {"71 §8.3.1 interface-declared"},
	// A nested object's member in an HTTP+JSON query.
	"query-nested.http": {"10 §11.5 query-names"},
	// Two streams of a task open at once: events in different orders;
	// the server ending one as the client closes the other.
	"stream-order.http": {"66 §3.5.2 stream-broadcast"},
	"stream-close.http": {"57 §3.5.2 stream-broadcast"},
	// An HTTP+JSON error whose body is not JSON: statusError read it as
	// an error without a value, and checkErrors never reported it.
	"rest-error-not-json.http": {"13 §11.6 error-shape"},
	// TaskNotCancelableError with v1.0.0's 409: the finding says so.
	"rest-error-status-v100.http": {"64 §5.4 rest-error-status"},
	// A ListTasks answer that breaks §3.1.4 (TestListTasksRule changes
	// it one MUST at a time).
	"list-tasks.http": {"37 §3.1.4 list-tasks-artifacts"},
	// A 1.0 request answered in 0.3's shape (version-answer), whose 0.3
	// leftovers are still findings of 1.0, as is a lower-case state in
	// a 1.0 GetTask's answer.
	"version-answer-v10.http": {"38 §3.6.2 version-answer", "39 §3.2.3 one-payload", "77 §5.5 enum-names"},
	// A card of 0.3's shape (agent.json, url and protocolVersion at its
	// top) and a 0.3 exchange: one migration note per kind, no finding.
	// A 0.3 stream whose status-update has no final, and whose terminal
	// update says final: false (v03-stream-final twice, not a third
	// time for the close); one the server closes after an
	// input-required update that said false (a note).
	"v03-final-terminal.http": {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "39 §3.2.3 v03-migration", "39 §5.5 v03-migration", "41 §3.6.2 v03-stream-final", "45 §3.6.2 v03-stream-final"},
	"v03-final-closed.http":   {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "39 §3.2.3 v03-migration", "39 §5.5 v03-migration", "45 §3.6.2 v03-stream-final"},
	// 0.3's tasks/resubscribe resumes with the next update and no Task
	// first, which 1.0's SubscribeToTask would owe (subscribe-snapshot):
	// only migration notes.
	"v03-resubscribe.http": {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "43 §5.5 v03-migration", "44 §3.2.3 v03-migration", "94 §3.1.6 v03-migration"},
	// The same-task answer in 0.3 is judged as in 1.0: a contextId that
	// contradicts the task's is the client's note and, accepted, the
	// agent's violation.
	"v03-same-task.http": {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "40 §5.5 v03-migration", "41 §3.2.3 v03-migration", "88 §4.1.4 context-match", "93 §3.4.3 context-mismatch"},
	// 0.3 over HTTP+JSON is its proto's JSON: wrapped payloads and
	// TASK_STATE_ names are 0.3's there too, not a v1.0 answer; parts
	// are "content" and bodies application/json, one note each.
	"v03-rest.http": {"10 §3.6.1 v03-migration", "10 §11.1 v03-migration", "13 §4.1.4 v03-migration"},
	"v03-card.http": {"16 §4.4.1 v03-migration", "48 §3.6.1 v03-migration", "54 §9.1 v03-migration", "59 §5.5 v03-migration", "62 §4.1.6 v03-migration", "77 §5.5 v03-migration", "78 §3.2.3 v03-migration"},
}

// TestCases: every transcript of testdata/cases gives the findings the
// table names.
func TestCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.http")
	for _, f := range files {
		want, ok := cases[filepath.Base(f)]
		if !ok {
			t.Errorf("%s is not in the cases table", f)
			continue
		}
		var got []string
		for _, fd := range Check(load(t, f)) {
			got = append(got, brief(fd))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: findings (-want +got):\n%s", f, diff)
		}
	}
	for name := range cases {
		if _, err := os.Stat(filepath.Join("testdata", "cases", name)); err != nil {
			t.Errorf("cases table names %s: %v", name, err)
		}
	}
}
