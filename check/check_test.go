package check

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

var update = flag.Bool("update", false, "rewrite testdata/shipped.findings")

func load(t testing.TB, file string) *replay.Transcript {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, file)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// lines formats findings as the command prints them, without the file.
func lines(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d: %s", f.Line, f))
	}
	return out
}

// TestRules checks hand-written transcripts that each break some rules,
// and asserts every finding exactly.
func TestRules(t *testing.T) {
	tests := map[string][]string{
		"good.http": nil,
		"envelope.http": {
			`11: §3.6.1: warning: SendMessage request has no A2A-Version header; clients should send A2A-Version: 1.0`,
			`14: §9: request needs "jsonrpc": "2.0"`,
			`14: §9: request id is an object; use a string or a number`,
			`20: §9: response id 7 does not echo the request's id {"n":1}`,
			`20: §9: response has both result and error`,
			`27: §9.1: request body sent as Content-Type "text/plain", not application/json`,
			`27: §3.6: warning: A2A-Version "1.0.1" names a patch version; send Major.Minor, such as 1.0`,
			`31: §5.3: method "message/send" is the v0.3 name; A2A v1.0 calls it SendMessage`,
			`37: §9: response needs "jsonrpc": "2.0"`,
			`37: §9: response id "2" does not echo the request's id 2`,
			`48: §9: params is an array, not an object`,
			`48: §5.3: warning: method "FooBar" is not an A2A v1.0 method (an extension's, perhaps)`,
			`54: §9: response has neither result nor error`,
			`72: §9: frame 1 needs "jsonrpc": "2.0"`,
			`72: §9: frame 1 has no id`,
			`72: §9: frame 1 has neither result nor error`,
			`86: §9.1: SendStreamingMessage answered with Content-Type "application/json"; a stream is text/event-stream`,
		},
		"blocking.http": {
			`36: §3.2.2: blocking SendMessage returned task t1 in TASK_STATE_WORKING; a blocking call returns only at a terminal or interrupted state (set configuration.returnImmediately to get the task at once)`,
			`37: §3.2.4: warning: historyLength 0 asked for no history, but the task came back with 1 message of it`,
			`91: §3.2.2: blocking SendMessage returned task t4 in TASK_STATE_SUBMITTED; a blocking call returns only at a terminal or interrupted state (set configuration.returnImmediately to get the task at once)`,
		},
		"answer.http": {
			`31: §3.4.3: the client's message carries the contextId of task t1, which waits in TASK_STATE_INPUT_REQUIRED, but no taskId: it starts a new task instead of answering; send taskId t1 too`,
			`48: §3.4.3: the client's message names task t1 with contextId c9, but the task's contextId is c1`,
			`50: §3.4.3: the agent accepted a message whose contextId does not match its task's; it must reject it`,
			`65: §3.4.3: warning: the client's message names task t1 but no contextId; send the task's contextId c1 with its taskId (the agent infers it, but the answer should carry both)`,
			`71: §3.4.3: the message continued task t1, but the reply is about task t3`,
		},
		"terminal.http": {
			`33: §3.1.1: the agent accepted a message to task t1, which is in TASK_STATE_COMPLETED (since exchange 1); it must refuse it with UnsupportedOperationError`,
			`37: §3.2.2: blocking SendMessage returned task t1 in TASK_STATE_WORKING; a blocking call returns only at a terminal or interrupted state (set configuration.returnImmediately to get the task at once)`,
			`37: §4.1.3: task t1 reports TASK_STATE_WORKING after it reached TASK_STATE_COMPLETED (exchange 1)`,
			`54: §3.1.1: a message to task t1 in TASK_STATE_COMPLETED was refused with -32602 "invalid params: task in a terminal state"; the specification's error is UnsupportedOperationError (JSON-RPC -32004); a2a-go v2.4.0 answers -32602 here, a known deviation`,
			`70: §3.1.6: SubscribeToTask on task t1, which is in TASK_STATE_COMPLETED, was refused with -32001 "task not found: no active execution"; the specification's error is UnsupportedOperationError (JSON-RPC -32004); a2a-go v2.4.0 answers task not found here, a known deviation`,
		},
		"stream.http": {
			`23: §3.1.2: the stream starts with a statusUpdate; a task's stream starts with the Task`,
			`31: §3.1.2: frame 3 is about task t9 in the stream of task t1`,
			`37: §3.1.2: frame 5 comes after the task reached a terminal state in frame 4; the stream must close there`,
			`41: §3.1.2: the task reached a terminal state in frame 4, but the server did not close the stream; the client did`,
			`61: §3.1.2: a stream that starts with a Message holds exactly that one Message, then closes; this one goes on`,
			`81: §3.1.2: warning: the task reached a terminal state in frame 1, and the capture ended with the stream still open`,
		},
		"auth.http": {
			`20: §7.6.1: warning: the task is in TASK_STATE_AUTH_REQUIRED without a status message that says what authorization it needs (required unless agreed out of band or by an extension)`,
			`37: §7.6.1: warning: a message to task t1 in TASK_STATE_AUTH_REQUIRED was refused with -32603 "task execution is already in progress"; an agent should keep accepting messages so the client can negotiate, correct or refuse the request (a2a-go v2.4.0 refuses them while the execution waits, a known deviation)`,
			`55: §3.1.6: SubscribeToTask's first event is a statusUpdate; it must be the Task as it is at subscription time`,
			`88: §3.1.6: SubscribeToTask on task t2, which exists in TASK_STATE_INPUT_REQUIRED, was answered -32001 "task not found: no active execution"; the operation serves any task not in a terminal state (a2a-go v2.4.0 answers so when no execution is running, a known deviation)`,
		},
		"shapes.http": {
			`19: §4.1.4: the message at params.message has no messageId`,
			`20: §4.1.5: warning: the client sends a message with ROLE_AGENT; a client's message has ROLE_USER`,
			`22: §4.1.6: part has a "kind" member: that is the v0.3 shape; a v1.0 part is {"text": …}, {"raw": …}, {"url": …} or {"data": …}`,
			`23: §4.1.6: part has a "file" member (a v0.3 FilePart); v1.0 carries a file as raw or url with mediaType and filename`,
			`24: §4.1.6: a part holds exactly one of text, raw, url and data; this one holds 2`,
			`25: §4.1.6: a part is a string, not an object`,
			`39: §4.1.1: task has no contextId`,
			`42: §5.5: state "input-required" is the v0.3 spelling; v1.0 sends TASK_STATE_INPUT_REQUIRED`,
			`43: §5.5: role "agent" is the v0.3 spelling; v1.0 sends ROLE_AGENT`,
			`43: §4.1.4: the message at result.task.status.message has no parts`,
			`44: §5.6.1: timestamp "2026-10-06T11:00:00.250+02:00" has an offset; timestamps are UTC with Z (2026-10-06T09:00:00.250Z)`,
			`47: §5.5: role "ROLE_SYSTEM" is not a Role (ROLE_USER or ROLE_AGENT)`,
			`67: §5.6.1: timestamp "2026-10-06T09:00:01.250" has no zone; timestamps are UTC and end in Z`,
			`67: §5.5: state TASK_STATE_UNSPECIFIED is not a state a task can be in`,
			`67: §4.1.5: warning: a task's status message has ROLE_USER; the agent's messages have ROLE_AGENT`,
		},
		"rest.http": {
			`33: §3.1.6: SubscribeToTask on task t1, which exists in TASK_STATE_INPUT_REQUIRED, was answered 404 "task not found: no active execution"; the operation serves any task not in a terminal state (a2a-go v2.4.0 answers so when no execution is running, a known deviation)`,
			`39: §3.6.1: warning: GetTask request has no A2A-Version header; clients should send A2A-Version: 1.0`,
			`41: §11.1: response body sent as Content-Type "text/html", not application/json`,
		},
	}
	files, _ := filepath.Glob("testdata/*.http")
	if len(files) != len(tests) {
		t.Errorf("%d transcripts in testdata, %d in the table: keep them in step", len(files), len(tests))
	}
	for name, want := range tests {
		t.Run(name, func(t *testing.T) {
			got := lines(Check(load(t, filepath.Join("testdata", name))))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryRuleBroken makes sure each rule has a transcript that breaks
// it, so no rule goes untested.
func TestEveryRuleBroken(t *testing.T) {
	broken := map[string]bool{}
	files, _ := filepath.Glob("testdata/*.http")
	for _, f := range files {
		for _, fd := range Check(load(t, f)) {
			broken[fd.Rule] = true
		}
	}
	for _, r := range Rules {
		if !broken[r.ID] {
			t.Errorf("rule %s (§%s) is broken by no transcript in testdata", r.ID, r.Section)
		}
	}
}

func TestFindingFields(t *testing.T) {
	fs := Check(load(t, "testdata/stream.http"))
	want := Finding{Exchange: 1, Frame: 3, Line: 31, Section: "3.1.2", Rule: "stream-one-task",
		Msg: "frame 3 is about task t9 in the stream of task t1", Severity: Violation, By: ByAgent}
	if diff := cmp.Diff(want, fs[1]); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if n := Violations(fs); n != 5 {
		t.Errorf("Violations = %d, want 5", n)
	}
}

// TestShipped checks the transcripts the project ships. They must check
// clean, or with findings that name a2a-go's known deviations; the
// findings are kept in testdata/shipped.findings (rewrite with -update).
func TestShipped(t *testing.T) {
	files, _ := filepath.Glob("../transcripts/*.http")
	if len(files) == 0 {
		t.Skip("no transcripts in ../transcripts yet")
	}
	var b strings.Builder
	for _, f := range files {
		for _, fd := range Check(load(t, f)) {
			fmt.Fprintf(&b, "%s:%d: %s\n", filepath.Base(f), fd.Line, fd)
			// The client's mistakes may be the lesson (11-wrong-task makes
			// them on purpose); the agents' must be a2a-go's known ones.
			if fd.Severity == Violation && fd.By != ByClient && !strings.Contains(fd.Msg, "a2a-go") {
				t.Errorf("%s:%d: %s: the agent breaks a rule, and not by a known a2a-go deviation", f, fd.Line, fd)
			}
		}
	}
	const golden = "testdata/shipped.findings"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		_ = os.WriteFile("testdata/shipped.got.findings", []byte(b.String()), 0o644)
		t.Errorf("%s differs (-want +got):\n%s\nwrote testdata/shipped.got.findings; accept with: go test ./check -run TestShipped -update", golden, diff)
	}
}

// FuzzCheck: Check never panics on a transcript Parse accepts, and every
// finding names a known rule, a section and a line of the file.
func FuzzCheck(f *testing.F) {
	for _, pattern := range []string{"testdata/*.http", "../transcripts/*.http"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := replay.Parse(data, "f.http")
		if err != nil {
			return
		}
		n := bytes.Count(data, []byte("\n")) + 1
		for _, fd := range Check(tr) {
			if _, ok := ruleOrder[fd.Rule]; !ok || fd.Section == "" || fd.Msg == "" {
				t.Fatalf("bad finding %+v", fd)
			}
			if fd.Line < 0 || fd.Line > n {
				t.Fatalf("finding at line %d of a %d-line file: %s", fd.Line, n, fd)
			}
		}
	})
}

func TestStepOf(t *testing.T) {
	tr := load(t, "testdata/stream.http")
	steps := replay.Steps(tr)
	var got []string
	for _, f := range Check(tr) {
		s := StepOf(f, steps)
		got = append(got, fmt.Sprintf("%s ex%d fr%d -> step %d (%s)", f.Rule, f.Exchange, f.Frame, s, steps[s-1].Kind))
	}
	want := []string{
		"stream-start ex1 fr1 -> step 2 (frame)",
		"stream-one-task ex1 fr3 -> step 4 (frame)",
		"stream-closes ex1 fr5 -> step 6 (frame)",
		"stream-closes ex1 fr0 -> step 7 (close)",
		"stream-start ex2 fr2 -> step 10 (frame)",
		"stream-closes ex3 fr1 -> step 13 (frame)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	tr = load(t, "testdata/answer.http")
	steps = replay.Steps(tr)
	got = nil
	for _, f := range Check(tr) {
		got = append(got, fmt.Sprintf("%s %s -> %s", f.Rule, f.By, steps[StepOf(f, steps)-1].Kind))
	}
	want = []string{
		"answer-ids client -> request",
		"answer-ids client -> request",
		"answer-ids agent -> reply",
		"answer-ids client -> request",
		"answer-ids agent -> reply",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
