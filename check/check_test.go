package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

func load(t testing.TB, file string) *replay.Transcript {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var tr *replay.Transcript
	if strings.EqualFold(filepath.Ext(file), ".har") {
		tr, err = har.Read(b, file)
	} else {
		tr, err = replay.Parse(b, file)
	}
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// brief is a finding as the corpus asserts it: line, section, rule.
func brief(f Finding) string { return fmt.Sprintf("%d §%s %s", f.Line, f.Section, f.Rule) }

// corpus holds, per rule, the findings of testdata/rules/RULE.http: the
// one finding that breaks the rule, at its line and section. A rule the
// agent can only break after the client broke another lists both.
var corpus = map[string][]string{
	// An agent that serves a request without a version as 1.0 breaks
	// version-empty once the client left the version out.
	"a2a-version":           {"10 §3.6.1 a2a-version", "30 §3.6.2 version-empty"},
	"a2a-version-format":    {"10 §14.2.1 a2a-version-format"},
	"jsonrpc-request":       {"16 §9.3 jsonrpc-request"},
	"method-name":           {"53 §3.5.1 push-unrecorded", "60 §9.1 method-name"},
	"content-type":          {"10 §9.1 content-type"},
	"rest-content-type":     {"26 §11.1 rest-content-type"},
	"stream-content-type":   {"31 §9.4.2 stream-content-type"},
	"jsonrpc-response":      {"37 §9.1 jsonrpc-response"},
	"error-shape":           {"17 §11.6 error-shape"},
	"error-details":         {"88 §9.5 error-details"},
	"rest-error-info":       {"18 §11.6 rest-error-info"},
	"version-not-supported": {"73 §3.6.2 version-not-supported"},
	"one-payload":           {"38 §3.2.3 one-payload"},
	"message-fields":        {"19 §4.1.4 message-fields"},
	"task-fields":           {"39 §4.1.1 task-fields"},
	"event-fields":          {"39 §4.2.1 event-fields"},
	"artifact-fields":       {"39 §4.1.7 artifact-fields"},
	"part-shape":            {"24 §4.1.6 part-shape"},
	"agent-context-id":      {"39 §4.1.4 agent-context-id"},
	"enum-names":            {"43 §5.5 enum-names"},
	"timestamp-utc":         {"54 §5.6.1 timestamp-utc"},
	"role":                  {"21 §4.1.5 role"},
	"agent-card":            {"16 §4.4.1 agent-card"},
	"blocking-send":         {"43 §3.2.2 blocking-send"},
	"history-length":        {"102 §3.2.4 history-length"},
	"task-not-found":        {"96 §3.4.2 task-not-found"},
	"task-id-exists":        {"73 §3.4.2 task-id-exists"},
	"context-match":         {"82 §4.1.4 context-match"},
	// The agent can accept a mismatched contextId only after the client
	// sent one.
	"context-mismatch":      {"82 §4.1.4 context-match", "87 §3.4.3 context-mismatch"},
	"message-to-terminal":   {"145 §3.1.1 message-to-terminal"},
	"cancel-terminal":       {"135 §3.1.5 cancel-terminal"},
	"capability-streaming":  {"71 §3.3.4 capability-streaming"},
	"capability-push":       {"127 §3.3.4 capability-push"},
	"stream-start":          {"36 §3.1.2 stream-start"},
	"stream-one-task":       {"39 §3.1.2 stream-one-task"},
	"stream-closes":         {"41 §3.1.2 stream-closes"},
	"subscribe-snapshot":    {"82 §3.1.6 subscribe-snapshot"},
	"subscribe-state":       {"135 §3.1.6 subscribe-state"},
	"terminal-is-final":     {"142 §4.1.3 terminal-is-final"},
	"auth-required-message": {"39 §7.6.1 auth-required-message"},
	// The refusal is an internal error too.
	"auth-required-accepts": {"76 §7.6.1 auth-required-accepts", "76 §3.3.2 internal-error"},
	"cancel-canceled":       {"112 §3.1.5 cancel-canceled"},
	"parse-error":           {"38 §9.5 parse-error"},
	"internal-error":        {"87 §3.3.2 internal-error"},
	// wire.go's rules
	"version-empty":            {"10 §3.6.1 a2a-version", "30 §3.6.2 version-empty"},
	"json-names":               {"20 §5.5 json-names", "42 §5.5 json-names"},
	"list-tasks-fields":        {"28 §3.1.4 list-tasks-fields"},
	"list-tasks-artifacts":     {"37 §3.1.4 list-tasks-artifacts"},
	"list-tasks-order":         {"38 §3.1.4 list-tasks-order"},
	"context-kept":             {"42 §3.4.1 context-kept"},
	"context-inferred":         {"95 §3.4.3 context-inferred"},
	"task-id-unique":           {"93 §3.4.2 task-id-unique"},
	"rest-error-status":        {"18 §5.4 rest-error-status"},
	"request-fields":           {"18 §3.2.1 request-fields"},
	"capability-extended-card": {"63 §3.3.4 capability-extended-card"},
	"query-names":              {"10 §11.5 query-names"},
	"agent-card-available":     {"12 §8.1 agent-card-available"},
	"extended-card-configured": {"70 §3.3.4 extended-card-configured"},
	"extension-required":       {"78 §3.3.4 extension-required"},
	"interface-declared":       {"66 §8.3.1 interface-declared"},
	"resource-match":           {"31 §3.3.2 resource-match"},
	"push-config-fields":       {"18 §3.1.7 push-config-fields"},
	"push-config-state":        {"57 §3.5.1 push-unrecorded", "131 §3.1.8 push-config-state"},
	"push-config-task":         {"111 §3.3.2 push-config-task"},
	"push-payload":             {"123 §4.3.3 push-payload"},
	"push-token":               {"119 §3.1.7 push-token"},
	"push-on-change":           {"93 §3.5.1 push-on-change"},
	"push-authentication":      {"123 §4.3.3 push-authentication"},
	"poll-backoff":             {"302 §3.5.1 poll-backoff"},
	"push-unrecorded":          {"54 §3.5.1 push-unrecorded"},
	"rest-no-body":             {"10 §11.5 rest-no-body"},
	"query-encoding":           {"10 §11.5 query-encoding"},
	"service-params":           {"10 §11.2 service-params"},
	"tenant":                   {"51 §4.4.6 tenant"},
	"blocking-artifacts":       {"80 §3.2.2 blocking-artifacts"},
	"stream-broadcast":         {"63 §3.5.2 stream-broadcast"},
	"event-order":              {"42 §3.5.2 event-order"},
	"binding-equivalence":      {"117 §5.1 binding-equivalence"},
	// A 0.3 exchange gets one note per kind of 0.3 spelling, each with
	// the section of the v1.0 rule; its answer on the same task is no
	// finding.
	"v03-migration":    {"10 §3.6.1 v03-migration", "16 §9.1 v03-migration", "21 §5.5 v03-migration", "24 §4.1.6 v03-migration", "39 §5.5 v03-migration", "40 §3.2.3 v03-migration"},
	"version-answer":   {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "40 §3.6.2 version-answer"},
	"v03-state":        {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "40 §3.6.2 v03-state", "41 §3.2.3 v03-migration"},
	"v03-stream-final": {"17 §9.1 v03-migration", "22 §5.5 v03-migration", "25 §4.1.6 v03-migration", "39 §3.2.3 v03-migration", "39 §5.5 v03-migration", "47 §3.1.6 v03-migration", "49 §3.6.2 v03-stream-final"},
	// The agent can serve a request without its REQUIRED fields only
	// after the client sent one.
	"input-validated": {"18 §3.2.1 request-fields", "25 §3.3.2 input-validated"},
}

// TestRuleCorpus: every rule has a transcript in testdata/rules that
// breaks it, and gives exactly the findings the table names.
func TestRuleCorpus(t *testing.T) {
	for _, r := range Rules {
		file := filepath.Join("testdata", "rules", r.ID+".http")
		if _, err := os.Stat(file); err != nil {
			t.Errorf("rule %s (§%s) has no breaking case: write %s", r.ID, r.Section, file)
			continue
		}
		want, ok := corpus[r.ID]
		if !ok {
			t.Errorf("rule %s: %s is not in the corpus table", r.ID, file)
			continue
		}
		var got []string
		broken := false
		for _, f := range Check(load(t, file)) {
			got = append(got, brief(f))
			broken = broken || f.Rule == r.ID
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: findings (-want +got):\n%s", file, diff)
		}
		if !broken {
			t.Errorf("%s does not break rule %s", file, r.ID)
		}
	}
	files, _ := filepath.Glob("testdata/rules/*.http")
	for _, f := range files {
		if _, ok := RuleByID(strings.TrimSuffix(filepath.Base(f), ".http")); !ok {
			t.Errorf("%s names no rule", f)
		}
	}
}

// TestClean: transcripts of correct traffic from several implementations
// give no finding. Each file in testdata/clean is named for where it
// comes from: kit- (the kit's agents on a2a-go), jssdk- (an agent on
// @a2a-js/sdk), chromium- (a browser's HAR), handwritten-.
func TestClean(t *testing.T) {
	files, err := os.ReadDir("testdata/clean")
	if err != nil {
		t.Fatal(err)
	}
	sources := map[string]int{}
	hars := 0
	for _, e := range files {
		name := e.Name()
		ext := strings.ToLower(filepath.Ext(name))
		if ext != ".http" && ext != ".har" {
			continue
		}
		if ext == ".har" {
			hars++
		}
		source, _, _ := strings.Cut(name, "-")
		sources[source]++
		for _, f := range Check(load(t, filepath.Join("testdata", "clean", name))) {
			t.Errorf("%s:%d: %s", name, f.Line, f)
		}
	}
	if hars == 0 {
		t.Error("testdata/clean holds no .har file")
	}
	nonGo := sources["jssdk"]
	if nonGo == 0 {
		t.Error("testdata/clean holds no transcript of an agent built on another SDK than a2a-go (jssdk-*)")
	}
}

// TestShipped checks the transcripts the project ships. The client's
// mistakes may be the lesson (11-wrong-task makes them on purpose); the
// agents' must be a2a-go's known deviations or warnings. The findings
// are kept in testdata/shipped.findings (rewrite with -update). A2a-go
// sends application/json over HTTP+JSON, where §11.1 recommends
// application/a2a+json: a warning on both sides, true and kept.
func TestShipped(t *testing.T) {
	files, _ := filepath.Glob("../transcripts/*.http")
	if len(files) == 0 {
		t.Skip("no transcripts in ../transcripts yet")
	}
	var b strings.Builder
	for _, f := range files {
		for _, fd := range Check(load(t, f)) {
			fmt.Fprintf(&b, "%s:%d: %s\n", filepath.Base(f), fd.Line, fd)
			if fd.Severity == Violation && fd.By != ByClient && fd.Deviation == "" {
				t.Errorf("%s:%d: %s: the agent breaks a rule, and not by a known a2a-go deviation", f, fd.Line, fd)
			}
			if fd.Severity == Violation && fd.By == ByClient && filepath.Base(f) != "11-wrong-task.http" {
				t.Errorf("%s:%d: %s: the kit's client breaks a rule", f, fd.Line, fd)
			}
		}
	}
	golden.CheckString(t, "testdata/shipped.findings", b.String())
}

// TestRules: each rule carries its text: a section and at least one
// quote with its source (TestSeverity holds its keyword and severity).
func TestRules(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.Section == "" || r.Summary == "" || len(r.Quotes) == 0 {
			t.Errorf("rule %s lacks a section, a summary or a quote", r.ID)
		}
		for _, q := range r.Quotes {
			if q.Source == "" || q.Text == "" {
				t.Errorf("rule %s has a quote without its source or text: %+v", r.ID, q)
			}
		}
		if !strings.Contains(quotesText(r), strings.TrimSuffix(r.Section, ".")) {
			t.Errorf("rule %s cites §%s, which none of its quotes or its proto sources stand in", r.ID, r.Section)
		}
	}
}

// quotesText lists a rule's sources, with the sections the spec renders
// the proto messages in.
func quotesText(r Rule) string {
	var b strings.Builder
	for _, q := range r.Quotes {
		b.WriteString(q.Source + "\n")
		if name, ok := strings.CutPrefix(q.Source, "a2a.proto "); ok {
			name, _, _ = strings.Cut(name, " ")
			b.WriteString("spec §" + protoSections[name] + "\n")
		}
	}
	if r.ID == "history-length" || r.ID == "stream-content-type" {
		b.WriteString(r.Section) // §3.2.4 and §9.4.2 are quoted as they stand
	}
	return b.String()
}

// TestPayloadNotJudged: a data part, metadata and error details may hold
// anything; the checker never reads them as protocol objects.
func TestPayloadNotJudged(t *testing.T) {
	const tr = `# a2aplay transcript 1
# participant: client
# participant: agent http://localhost:41242

### 1 SendMessage
# @from client
# @to agent
# @at 2026-10-06T09:00:00.000Z
POST http://localhost:41242/ HTTP/1.1
Content-Type: application/json
A2A-Version: 1.0

{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"data":{"status":{"state":"ok"},"message":{"role":"robot"},"timestamp":"today+2"}}],"metadata":{"parts":[{"kind":"text"}],"task":{"status":{}}}}}}

# @at 2026-10-06T09:00:00.250Z
HTTP/1.1 200 OK
Content-Type: application/json

{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m2","contextId":"c1","role":"ROLE_AGENT","parts":[{"data":{"history":[{"role":"x"}],"artifacts":[{}]}}],"metadata":{"status":{"state":"weird","timestamp":"2026-10-06T11:00:00+02:00"}}}}}
`
	tt, err := replay.Parse([]byte(tr), "payload.http")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Check(tt) {
		t.Errorf("payload.http:%d: %s", f.Line, f)
	}
}

// TestErrorShapeMissing: an HTTP+JSON error object without a code or a
// message is reported, not dereferenced (FuzzCheck found the nil message).
func TestErrorShapeMissing(t *testing.T) {
	base, err := os.ReadFile("testdata/rules/error-shape.http")
	if err != nil {
		t.Fatal(err)
	}
	for body, want := range map[string]string{
		`{"error": {"code": 404}}`:       "the error has no message",
		`{"error": {"message": "gone"}}`: "the error has no numeric code",
	} {
		i := bytes.LastIndex(base, []byte("\n\n{"))
		tr, err := replay.Parse(append(append([]byte{}, base[:i+2]...), body+"\n"...), "missing.http")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range Check(tr) {
			if f.Rule == "error-shape" {
				got = append(got, f.Msg)
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: error-shape findings %q, want %q", body, got, want)
		}
	}
}

func TestFindingFields(t *testing.T) {
	fs := Check(load(t, "testdata/rules/subscribe-state.http"))
	want := Finding{Exchange: 3, Line: 135, Section: "3.1.6", Rule: "subscribe-state",
		Msg:      "SubscribeToTask on task t1, which is in TASK_STATE_COMPLETED, was accepted; a terminal task is refused with UnsupportedOperationError",
		Severity: Violation, By: ByAgent}
	if diff := cmp.Diff([]Finding{want}, fs); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	fs = Check(load(t, "../transcripts/12-stream-closes.http"))
	if len(fs) != 1 || fs[0].Deviation != "a2a-go v2.4.0" || fs[0].Rule != "subscribe-state" {
		t.Errorf("12-stream-closes: want one subscribe-state finding naming a2a-go's deviation, got %+v", fs)
	}
}

// TestBound: past MaxPerRule a rule's findings are counted, not kept.
func TestBound(t *testing.T) {
	tr := manyExchanges(t, 50, false)
	r, err := Run(context.Background(), tr, Options{MaxPerRule: 10})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, f := range r.Findings {
		counts[f.Rule]++
	}
	if counts["a2a-version"] != 10 || r.Omitted["a2a-version"] != 40 {
		t.Errorf("a2a-version: kept %d, omitted %d; want 10 and 40", counts["a2a-version"], r.Omitted["a2a-version"])
	}
	if want := []Omission{{"a2a-version", Violation, 40}, {"version-empty", Violation, 40}}; !reflect.DeepEqual(r.Cut, want) {
		t.Errorf("Cut = %+v, want %+v", r.Cut, want)
	}
	// Each exchange, sent without a version and served as 1.0, breaks
	// a2a-version and version-empty.
	if all := Check(tr); len(all) != 100 {
		t.Errorf("Check keeps every finding: got %d, want 100", len(all))
	}
}

// TestCancel: Run stops when its context is done.
func TestCancel(t *testing.T) {
	tr := manyExchanges(t, 2000, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, tr, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run on a canceled context: err %v", err)
	}
	if len(r.Findings) != 0 {
		t.Errorf("Run on a canceled context found %d things", len(r.Findings))
	}
}

// TestYield: Run calls Options.Yield as it goes, more than once on a
// long transcript, finds what Check finds, and stops with Yield's error.
func TestYield(t *testing.T) {
	tr := manyExchanges(t, 3000, false)
	calls := 0
	r, err := Run(context.Background(), tr, Options{Yield: func() error { calls++; return nil }})
	if err != nil || calls < 3000/256 {
		t.Errorf("Run with Yield: err %v, Yield called %d times; want nil and at least %d", err, calls, 3000/256)
	}
	if want := Check(tr); len(r.Findings) != len(want) {
		t.Errorf("Run with Yield found %d, Check %d", len(r.Findings), len(want))
	}
	stop := errors.New("stop")
	calls = 0
	r, err = Run(context.Background(), tr, Options{Yield: func() error {
		if calls++; calls == 3 {
			return stop
		}
		return nil
	}})
	if !errors.Is(err, stop) || calls != 3 || len(r.Findings) >= 3000 {
		t.Errorf("Run whose Yield stops it at its third call: err %v after %d calls, %d findings", err, calls, len(r.Findings))
	}
}

// manyExchanges builds n SendMessage exchanges, each a new task asking a
// question; without the version header each is one a2a-version finding.
func manyExchanges(t testing.TB, n int, version bool) *replay.Transcript {
	t.Helper()
	b, err := generate(n, version)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "many.http")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// generate writes a transcript of n SendMessage exchanges, each on its
// own task, in the form capture writes.
func generate(n int, version bool) ([]byte, error) {
	t := &replay.Transcript{Participants: []replay.Participant{{Name: "client"}, {Name: "agent", URL: "http://localhost:41242"}}}
	hdr := []replay.Header{{Name: "Content-Type", Value: "application/json"}}
	if version {
		hdr = append(hdr, replay.Header{Name: "A2A-Version", Value: "1.0"})
	}
	at := time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)
	for i := 1; i <= n; i++ {
		ex := &replay.Exchange{Seq: i, Name: "SendMessage", From: "client", To: "agent"}
		ex.Request = replay.Request{At: at, Method: "POST", URL: "http://localhost:41242/", Proto: "HTTP/1.1", Header: hdr,
			Body: fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"SendMessage","params":{"message":{"messageId":"m%d","role":"ROLE_USER","parts":[{"text":"Review this diff."}]}}}`, i, i)}
		at = at.Add(time.Millisecond)
		ex.Response = &replay.Response{At: at, Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: hdr[:1],
			Body: fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"task":{"id":"t%d","contextId":"c%d","status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"messageId":"q%d","contextId":"c%d","role":"ROLE_AGENT","parts":[{"text":"Which base branch?"}]},"timestamp":"%s"}}}}`,
				i, i, i, i, i, at.Format("2006-01-02T15:04:05.000Z"))}
		at = at.Add(time.Millisecond)
		t.Exchanges = append(t.Exchanges, ex)
	}
	var b bytes.Buffer
	err := replay.Write(&b, t)
	return b.Bytes(), err
}

// emptyFrames writes one stream of n frames with empty data, about 40
// bytes each.
func emptyFrames(n int) ([]byte, error) {
	t := &replay.Transcript{Participants: []replay.Participant{{Name: "client"}, {Name: "agent", URL: "http://localhost:41242"}}}
	at := time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)
	ex := &replay.Exchange{Seq: 1, Name: "SendStreamingMessage", From: "client", To: "agent"}
	ex.Request = replay.Request{At: at, Method: "POST", URL: "http://localhost:41242/", Proto: "HTTP/1.1",
		Header: []replay.Header{{Name: "Content-Type", Value: "application/json"}, {Name: "A2A-Version", Value: "1.0"}},
		Body:   `{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"Deploy."}]}}}`}
	st := &replay.Stream{Frames: make([]replay.Frame, n)}
	for i := range st.Frames {
		at = at.Add(time.Millisecond)
		st.Frames[i] = replay.Frame{At: at}
	}
	ex.Response = &replay.Response{At: at, Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
		Header: []replay.Header{{Name: "Content-Type", Value: "text/event-stream"}}, Stream: st}
	t.Exchanges = []*replay.Exchange{ex}
	var b bytes.Buffer
	err := replay.Write(&b, t)
	return b.Bytes(), err
}

// FuzzCheck: Check never panics on a transcript Parse accepts, and every
// finding names a known rule, a section, a side and a line of the file.
func FuzzCheck(f *testing.F) {
	replaytest.Seed(f, "testdata/rules/*.http", "testdata/cases/*.http", "testdata/clean/*.http", "testdata/deviations/*.http", "../transcripts/*.http")
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := replay.Parse(data, "f.http")
		if err != nil {
			return
		}
		n := bytes.Count(data, []byte("\n")) + 1
		for _, fd := range Check(tr) {
			if _, ok := ruleOrder[fd.Rule]; !ok || fd.Section == "" || fd.Msg == "" || (fd.By != ByClient && fd.By != ByAgent && fd.By != ByUnknown) {
				t.Fatalf("bad finding %+v", fd)
			}
			if r := ruleByID(fd.Rule); fd.Severity != r.Severity && fd.Severity != Note {
				t.Fatalf("finding %s is a %s; its rule is a %s", fd, fd.Severity, r.Severity)
			}
			if fd.Line < 0 || fd.Line > n {
				t.Fatalf("finding at line %d of a %d-line file: %s", fd.Line, n, fd)
			}
		}
	})
}

func TestStepOf(t *testing.T) {
	var got []string
	for _, name := range []string{"stream-closes", "context-mismatch", "auth-required-message"} {
		tr := load(t, filepath.Join("testdata", "rules", name+".http"))
		steps := replay.Steps(tr)
		for _, f := range Check(tr) {
			s := StepOf(f, steps)
			got = append(got, fmt.Sprintf("%s %s ex%d fr%d -> step %d (%s)", f.Rule, f.By, f.Exchange, f.Frame, s, steps[s-1].Kind))
		}
	}
	want := []string{
		"stream-closes agent ex1 fr3 -> step 4 (frame)",
		"context-match client ex2 fr0 -> step 3 (request)",
		"context-mismatch agent ex2 fr0 -> step 4 (reply)",
		"auth-required-message agent ex1 fr2 -> step 3 (frame)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestStepsOf: StepsOf answers as StepOf does, finding by finding, on
// every transcript of the rules' corpus and the shipped captures.
func TestStepsOf(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "rules", "*.http"))
	shipped, _ := filepath.Glob(filepath.Join("..", "transcripts", "*.http"))
	n := 0
	for _, file := range append(files, shipped...) {
		tr := load(t, file)
		steps := replay.Steps(tr)
		fs := Check(tr)
		got := StepsOf(fs, steps)
		for i, f := range fs {
			n++
			if want := StepOf(f, steps); got[i] != want {
				t.Errorf("%s: %s: StepsOf says step %d, StepOf %d", file, f, got[i], want)
			}
		}
	}
	if n == 0 {
		t.Fatal("no findings to compare")
	}
}

// TestRulesSorted keeps the corpus table and the rules in step.
func TestRulesSorted(t *testing.T) {
	var missing []string
	for id := range corpus {
		if _, ok := RuleByID(id); !ok {
			missing = append(missing, id)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the corpus table names rules that do not exist: %v", missing)
	}
}

// transcript builds a one-exchange transcript from its request and
// response lines.
func transcript(t *testing.T, request, response string) *replay.Transcript {
	t.Helper()
	text := "# a2aplay transcript 1\n# participant: client\n# participant: agent http://localhost:41242\n\n### 1 Call\n# @from client\n# @to agent\n# @at 2026-10-06T09:00:00.000Z\n" +
		request + "\n# @at 2026-10-06T09:00:00.250Z\n" + response
	tr, err := replay.Parse([]byte(text), "t.http")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestReadings pins the readings of the spec that issue reports showed
// were read wrong before: each case names the findings it must give.
func TestReadings(t *testing.T) {
	const send = `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}`
	const answer = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m2","contextId":"c1","role":"ROLE_AGENT","parts":[{"text":"hello"}]}}}` + "\n"
	task := func(state string) string {
		return `{"task":{"id":"t1","contextId":"c1","status":{"state":"` + state + `"}}}`
	}
	restStream := func(frames ...string) string {
		s := "HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n"
		for i, f := range frames {
			s += fmt.Sprintf(": @at 2026-10-06T09:00:00.%03dZ\ndata: %s\n\n", 500+i, f)
		}
		return s + ": @end 2026-10-06T09:00:01.000Z server\n"
	}
	done := `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`
	restSend := "POST http://localhost:41242/rest/message:stream HTTP/1.1\nContent-Type: application/a2a+json\nA2A-Version: 1.0\n\n" +
		`{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}` + "\n"
	tests := []struct {
		name              string
		request, response string
		want              []string
	}{
		{"A2A-Version as a request parameter",
			"POST http://localhost:41242/?A2A-Version=1.0 HTTP/1.1\nContent-Type: application/json\n\n" + send + "\n", answer, nil},
		{"A2A-Version without a minor number",
			"POST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\nA2A-Version: 1\n\n" + send + "\n", answer,
			[]string{"9 §14.2.1 a2a-version-format"}},
		{"HTTP+JSON resends the final Task before it closes", restSend,
			restStream(task("TASK_STATE_WORKING"), done, task("TASK_STATE_COMPLETED")), nil},
		{"but sends nothing else after it", restSend,
			restStream(task("TASK_STATE_WORKING"), done, task("TASK_STATE_COMPLETED"), done),
			[]string{"28 §3.1.2 stream-closes"}},
		{"JSON-RPC streams close at the terminal state",
			"POST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\nA2A-Version: 1.0\n\n" + strings.Replace(send, "SendMessage", "SendStreamingMessage", 1) + "\n",
			restStream(`{"jsonrpc":"2.0","id":1,"result":`+task("TASK_STATE_WORKING")+`}`, `{"jsonrpc":"2.0","id":1,"result":`+done+`}`, `{"jsonrpc":"2.0","id":1,"result":`+task("TASK_STATE_COMPLETED")+`}`),
			[]string{"25 §3.1.2 stream-closes"}},
	}
	for _, tc := range tests {
		var got []string
		for _, f := range Check(transcript(t, tc.request, tc.response)) {
			got = append(got, brief(f))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: findings (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestAcrossBatches: a call is judged by what its task reported in an
// earlier batch of exchanges.
func TestAcrossBatches(t *testing.T) {
	tr := manyExchanges(t, batchSize+10, true)
	last := tr.Exchanges[len(tr.Exchanges)-1]
	at := last.Response.At.Add(time.Millisecond)
	ex := &replay.Exchange{Seq: last.Seq + 1, Name: "SendMessage", From: "client", To: "agent"}
	ex.Request = replay.Request{At: at, Method: "POST", URL: "http://localhost:41242/", Proto: "HTTP/1.1", Header: last.Request.Header,
		Body: `{"jsonrpc":"2.0","id":"x","method":"SendMessage","params":{"message":{"messageId":"mx","taskId":"t1","contextId":"c9","role":"ROLE_USER","parts":[{"text":"main"}]}}}`}
	ex.Response = &replay.Response{At: at.Add(time.Millisecond), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: last.Response.Header,
		Body: `{"jsonrpc":"2.0","id":"x","result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}`}
	tr.Exchanges = append(tr.Exchanges, ex)
	var got []string
	for _, f := range Check(tr) {
		got = append(got, fmt.Sprintf("%d %s", f.Exchange, f.Rule))
	}
	want := []string{fmt.Sprintf("%d context-match", ex.Seq), fmt.Sprintf("%d context-mismatch", ex.Seq)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
