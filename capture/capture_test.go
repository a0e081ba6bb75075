package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

// transcriptsDir is the repository's transcripts folder, relative to
// this package.
const transcriptsDir = "../transcripts"

// captured runs every scenario once per test binary; the tests below
// share the result.
var captured = sync.OnceValues(func() ([]File, error) {
	return Files(context.Background(), "")
})

func capturedFiles(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := captured()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Name] = f.Data
	}
	return m
}

// parsed returns the captured transcript of a scenario, read back with
// replay.Parse.
func parsed(t *testing.T, name string) *replay.Transcript {
	t.Helper()
	data, ok := capturedFiles(t)[name+".http"]
	if !ok {
		t.Fatalf("capture wrote no %s.http", name)
	}
	tr, err := replay.Parse(data, name+".http")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestCaptureIsReproducible captures every scenario a second time and
// compares the bytes.
func TestCaptureIsReproducible(t *testing.T) {
	first := capturedFiles(t)
	again, err := Files(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != len(first) {
		t.Fatalf("first run wrote %d files, second %d", len(first), len(again))
	}
	for _, f := range again {
		if !bytes.Equal(first[f.Name], f.Data) {
			t.Errorf("%s differs between two captures:\n%s", f.Name, cmp.Diff(string(first[f.Name]), string(f.Data)))
		}
	}
}

// TestTranscriptsUpToDate fails when the repository's transcripts are
// not what capture produces now. With -update it rewrites them. It
// writes no .got files: the tests of other packages read every file in
// transcripts/.
func TestTranscriptsUpToDate(t *testing.T) {
	if !captures03 {
		// The browser's build serves no 0.3 and the 1.0 card alone, so
		// its 19-planner (which reads cards) and the 0.3 twins differ
		// from transcripts/; the native run holds transcripts/ to capture.
		t.Skip("this build serves no A2A v0.3 (v03client_wasm.go)")
	}
	files := capturedFiles(t)
	if golden.Updating() {
		if err := os.MkdirAll(transcriptsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(transcriptsDir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	const fix = "run `go run ./cmd/a2aplay capture` (or `go test ./capture -run TestTranscriptsUpToDate -update`) and commit transcripts/"
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(transcriptsDir, name)
		have, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v; %s", path, err, fix)
			continue
		}
		if !bytes.Equal(have, files[name]) {
			t.Errorf("%s is not what capture produces now; %s\n(-file +capture):\n%s", path, fix, cmp.Diff(string(have), string(files[name])))
		}
	}
	entries, err := os.ReadDir(transcriptsDir)
	if err != nil {
		t.Fatalf("%v; %s", err, fix)
	}
	for _, e := range entries {
		if IsCaptureFile(e.Name()) && files[e.Name()] == nil {
			t.Errorf("%s: no scenario writes it any more; %s", filepath.Join(transcriptsDir, e.Name()), fix)
		}
	}
}

func TestEveryStreamHasEvents(t *testing.T) {
	files := capturedFiles(t)
	for _, sc := range Scenarios() {
		tr := parsed(t, sc.Name)
		_, ok := files[sc.Name+".events.json"]
		if hasStream(tr) != ok {
			t.Errorf("%s: has a stream: %v, has events.json: %v", sc.Name, hasStream(tr), ok)
		}
	}
	if _, ok := files["07-auth-required.events.json"]; !ok {
		t.Error("no 07-auth-required.events.json")
	}
}

// wireTimeRE finds RFC 3339 times in bodies and frames.
var wireTimeRE = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[^"\s]*`)

// TestTimesAreUTC: every time in every captured file is UTC with "Z"
// and three fractional digits, on the synthetic clock's day.
func TestTimesAreUTC(t *testing.T) {
	for name, data := range capturedFiles(t) {
		for _, m := range wireTimeRE.FindAllString(string(data), -1) {
			if !regexp.MustCompile(`^2026-10-06T09:\d{2}:\d{2}\.\d{3}Z$`).MatchString(m) {
				t.Errorf("%s: time %s is not a UTC time of the synthetic clock", name, m)
			}
		}
	}
}

// decodeJSON decodes a body or a frame's data; data frames carry a
// JSON-RPC envelope, whose result it returns.
func decodeJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, s)
	}
	return v
}

// path walks a decoded JSON value: keys for objects, ints for arrays.
func path(v any, steps ...any) any {
	for _, s := range steps {
		switch k := s.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

func str(v any, steps ...any) string { s, _ := path(v, steps...).(string); return s }

func exchange(t *testing.T, tr *replay.Transcript, seq int, name, from, to string) *replay.Exchange {
	t.Helper()
	if seq > len(tr.Exchanges) {
		t.Fatalf("no exchange %d", seq)
	}
	x := tr.Exchanges[seq-1]
	if x.Name != name || x.From != from || x.To != to {
		t.Fatalf("exchange %d is %s %s -> %s, want %s %s -> %s", seq, x.Name, x.From, x.To, name, from, to)
	}
	if x.Response == nil || x.Response.Err != "" {
		t.Fatalf("exchange %d has no response", seq)
	}
	return x
}

// checkExchanges stops the test unless tr's exchanges are want, each
// written "SEQ NAME FROM->TO".
func checkExchanges(t *testing.T, tr *replay.Transcript, want []string) {
	t.Helper()
	var got []string
	for _, x := range tr.Exchanges {
		got = append(got, fmt.Sprintf("%d %s %s->%s", x.Seq, x.Name, x.From, x.To))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("exchanges (-want +got):\n%s", diff)
	}
}

// Test06 checks what the tutorial says of 06-input-required.
func Test06InputRequired(t *testing.T) {
	tr := parsed(t, "06-input-required")
	x := exchange(t, tr, 1, "SendMessage", "client", "code-reviewer")
	task := path(decodeJSON(t, x.Response.Body), "result", "task")
	got := []string{str(task, "id"), str(task, "contextId"), str(task, "status", "state"), str(task, "status", "message", "role"), str(task, "status", "message", "parts", 0, "text")}
	want := []string{ReviewTaskID, ReviewContextID, "TASK_STATE_INPUT_REQUIRED", "ROLE_AGENT", "Which base branch should I compare this diff against?"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the first reply (-want +got):\n%s", diff)
	}
	if n := len(path(task, "history").([]any)); n != 1 {
		t.Errorf("the first reply's history has %d messages, want the client's one", n)
	}
	// The tutorial's clock: the request at tick 0, SUBMITTED at tick 1
	// (hidden inside the blocking call), the question at tick 2, and the
	// reply as soon as the question is asked.
	at := []string{x.Request.At.Format(timeLayout), str(task, "status", "timestamp"), x.Response.At.Format(timeLayout)}
	if diff := cmp.Diff([]string{"2026-10-06T09:00:00.000Z", "2026-10-06T09:00:00.500Z", "2026-10-06T09:00:00.500Z"}, at); diff != "" {
		t.Errorf("request, question and reply times (-want +got):\n%s", diff)
	}

	x = exchange(t, tr, 2, "SendMessage", "client", "code-reviewer")
	msg := path(decodeJSON(t, x.Request.Body), "params", "message")
	got = []string{str(msg, "taskId"), str(msg, "contextId"), str(msg, "parts", 0, "text")}
	if diff := cmp.Diff([]string{ReviewTaskID, ReviewContextID, "main"}, got); diff != "" {
		t.Errorf("the answer (-want +got):\n%s", diff)
	}
	task = path(decodeJSON(t, x.Response.Body), "result", "task")
	got = []string{str(task, "id"), str(task, "contextId"), str(task, "status", "state"), str(task, "artifacts", 0, "name"), str(task, "artifacts", 0, "parts", 0, "data", "base")}
	if diff := cmp.Diff([]string{ReviewTaskID, ReviewContextID, "TASK_STATE_COMPLETED", "review.json", "main"}, got); diff != "" {
		t.Errorf("the second reply (-want +got):\n%s", diff)
	}
	if len(tr.Exchanges) != 2 {
		t.Errorf("%d exchanges, want 2", len(tr.Exchanges))
	}
}

// Test07 checks what the tutorial says of 07-auth-required.
func Test07AuthRequired(t *testing.T) {
	tr := parsed(t, "07-auth-required")
	x := exchange(t, tr, 1, "SendStreamingMessage", "client", "deployer")
	st := x.Response.Stream
	if st == nil || len(st.Frames) != 6 {
		t.Fatalf("exchange 1 has %v, want a stream of six frames", st)
	}
	states := []string{"TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_WORKING", "", "TASK_STATE_COMPLETED"}
	for i, f := range st.Frames {
		res := path(decodeJSON(t, f.Data), "result")
		state := str(res, "task", "status", "state") + str(res, "statusUpdate", "status", "state")
		if state != states[i] {
			t.Errorf("frame %d is in %q, want %q", i+1, state, states[i])
		}
		// The tutorial's clock: one tick per task event, so the first
		// three frames come at .250, .500 and .750 and carry those times.
		if want := Tick(i + 1).Format(timeLayout); i < 3 && (f.At.Format(timeLayout) != want || str(res, "task", "status", "timestamp")+str(res, "statusUpdate", "status", "timestamp") != want) {
			t.Errorf("frame %d at %s, want at and stamped %s", i+1, f.At.Format(timeLayout), want)
		}
		if i == 4 && str(res, "artifactUpdate", "artifact", "name") != "deploy.json" {
			t.Errorf("frame 5 is not the deploy.json artifact: %s", f.Data)
		}
	}
	approveURL := "http://localhost:41243/approve/" + DeployTaskID
	f3 := path(decodeJSON(t, st.Frames[2].Data), "result", "statusUpdate")
	got := []string{str(f3, "taskId"), str(f3, "contextId"), str(f3, "status", "message", "role"), str(f3, "status", "message", "parts", 0, "text")}
	want := []string{DeployTaskID, DeployContextID, "ROLE_AGENT", "An operator must approve this deploy at " + approveURL}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("frame 3 (-want +got):\n%s", diff)
	}
	if st.End == nil || st.End.By != replay.EndServer || st.End.At.Before(st.Frames[5].At) {
		t.Errorf("stream end %+v, want the server closing it after frame 6", st.End)
	}

	a := exchange(t, tr, 2, "approve", "operator", "deployer")
	if a.Channel != replay.ChannelOutOfBand || a.Request.Method != "POST" || a.Request.URL != approveURL || a.Response.StatusCode != 200 {
		t.Errorf("exchange 2 is %s %s %s -> %d, want an out-of-band POST %s -> 200", a.Channel, a.Request.Method, a.Request.URL, a.Response.StatusCode, approveURL)
	}
	f3at, f4at := st.Frames[2].At, st.Frames[3].At
	// The approval is no task event: its reply takes the time of its
	// request, and the deploy's next event comes after both.
	if !(a.Request.At.After(f3at) && !a.Response.At.Before(a.Request.At) && f4at.After(a.Response.At)) {
		t.Errorf("frame 3 at %v, approve at %v, its reply at %v, frame 4 at %v: want the approval between frames 3 and 4",
			f3at, a.Request.At, a.Response.At, f4at)
	}
	if len(tr.Exchanges) != 2 {
		t.Errorf("%d exchanges, want 2", len(tr.Exchanges))
	}
}

// Test19 checks what the tutorial says of 19-planner.
func Test19Planner(t *testing.T) {
	tr := parsed(t, "19-planner")
	want := []string{
		"1 SendMessage client->planner",
		"2 GetAgentCard planner->code-reviewer",
		"3 SendMessage planner->code-reviewer",
		"4 SendMessage client->planner",
		"5 SendMessage planner->code-reviewer",
		"6 GetAgentCard planner->deployer",
		"7 SendMessage planner->deployer",
		"8 SubscribeToTask planner->deployer",
		"9 SubscribeToTask client->planner",
		"10 approve operator->deployer",
	}
	checkExchanges(t, tr, want)

	x7 := tr.Exchanges[6]
	task := path(decodeJSON(t, x7.Response.Body), "result", "task")
	if id, state := str(task, "id"), str(task, "status", "state"); !strings.HasPrefix(id, "a31361b3-") || state != "TASK_STATE_AUTH_REQUIRED" {
		t.Errorf("exchange 7 returns task %s in %s, want a31361b3-… in TASK_STATE_AUTH_REQUIRED", id, state)
	}
	x8 := tr.Exchanges[7]
	if id := str(decodeJSON(t, x8.Request.Body), "params", "id"); id != ChainDeployID {
		t.Errorf("exchange 8 subscribes to %s, want %s", id, ChainDeployID)
	}
	if x8.Request.At.Before(x7.Response.At) {
		t.Error("exchange 8 was sent before exchange 7's reply")
	}
	s8, s9 := x8.Response.Stream, tr.Exchanges[8].Response.Stream
	if s8 == nil || s9 == nil || len(s8.Frames) == 0 || len(s9.Frames) == 0 {
		t.Fatal("exchanges 8 and 9 have no frames")
	}
	x4 := tr.Exchanges[3]
	if str(decodeJSON(t, x4.Response.Body), "result", "task", "status", "state") != "TASK_STATE_AUTH_REQUIRED" || !x4.Response.At.After(s8.Frames[0].At) {
		t.Errorf("exchange 4's reply (at %v) is not the planner's AUTH_REQUIRED after exchange 8's first frame (at %v)", x4.Response.At, s8.Frames[0].At)
	}
	approve := tr.Exchanges[9]
	if approve.Channel != replay.ChannelOutOfBand || !approve.Request.At.After(s9.Frames[0].At) {
		t.Errorf("the approval (at %v) is not out of band after the client's subscription saw its first frame (at %v)", approve.Request.At, s9.Frames[0].At)
	}
	for _, st := range []*replay.Stream{s8, s9} {
		last := path(decodeJSON(t, st.Frames[len(st.Frames)-1].Data), "result", "statusUpdate", "status", "state")
		if last != "TASK_STATE_COMPLETED" || st.End == nil || st.End.By != replay.EndServer {
			t.Errorf("a stream ends in %v, closed by %+v; want COMPLETED, closed by the server", last, st.End)
		}
	}
}

// Test12 checks what the streams lesson says of 12-stream-closes.
func Test12StreamCloses(t *testing.T) {
	tr := parsed(t, "12-stream-closes")
	want := []string{
		"1 SendStreamingMessage client->code-reviewer",
		"2 GetTask client->code-reviewer",
		"3 SubscribeToTask client->code-reviewer",
		"4 SendStreamingMessage client->code-reviewer",
	}
	checkExchanges(t, tr, want)

	// The first stream: the new task, then the question; the server
	// closes it right after the question.
	x := exchange(t, tr, 1, "SendStreamingMessage", "client", "code-reviewer")
	st := x.Response.Stream
	if st == nil || len(st.Frames) != 2 {
		t.Fatalf("exchange 1 has %v, want a stream of two frames", st)
	}
	first := path(decodeJSON(t, st.Frames[0].Data), "result", "task")
	taskID, contextID := str(first, "id"), str(first, "contextId")
	if !isUUID(taskID) || !isUUID(contextID) || str(first, "status", "state") != "TASK_STATE_SUBMITTED" {
		t.Errorf("frame 1 is task %q in context %q, in %q; want a new task, submitted", taskID, contextID, str(first, "status", "state"))
	}
	q := path(decodeJSON(t, st.Frames[1].Data), "result", "statusUpdate")
	got := []string{str(q, "taskId"), str(q, "contextId"), str(q, "status", "state"), str(q, "status", "message", "parts", 0, "text")}
	question := []string{taskID, contextID, "TASK_STATE_INPUT_REQUIRED", "Which base branch should I compare this diff against?"}
	if diff := cmp.Diff(question, got); diff != "" {
		t.Errorf("frame 2 (-want +got):\n%s", diff)
	}
	if st.End == nil || st.End.By != replay.EndServer || st.End.At.Before(st.Frames[1].At) {
		t.Errorf("stream end %+v, want the server closing it after frame 2", st.End)
	}

	// GetTask, after the close: the task still waits, with the question.
	x = exchange(t, tr, 2, "GetTask", "client", "code-reviewer")
	if !x.Request.At.After(st.End.At) {
		t.Errorf("GetTask sent at %v, before the stream's end at %v", x.Request.At, st.End.At)
	}
	task := path(decodeJSON(t, x.Response.Body), "result")
	got = []string{str(task, "id"), str(task, "contextId"), str(task, "status", "state"), str(task, "status", "message", "parts", 0, "text")}
	if diff := cmp.Diff(question, got); diff != "" {
		t.Errorf("GetTask's task (-want +got):\n%s", diff)
	}

	// SubscribeToTask: a2a-go's -32001, as the stream's only frame.
	x = exchange(t, tr, 3, "SubscribeToTask", "client", "code-reviewer")
	if id := str(decodeJSON(t, x.Request.Body), "params", "id"); id != taskID {
		t.Errorf("SubscribeToTask names task %s, want %s", id, taskID)
	}
	st = x.Response.Stream
	if st == nil || len(st.Frames) != 1 {
		t.Fatalf("exchange 3 has %v, want a stream of one frame", st)
	}
	e := decodeJSON(t, st.Frames[0].Data)
	if code, msg := path(e, "error", "code"), str(e, "error", "message"); code != -32001.0 || msg != "task not found: no active execution" || path(e, "result") != nil {
		t.Errorf("the subscription's frame is %s, want the error -32001 %q", st.Frames[0].Data, "task not found: no active execution")
	}
	if st.End == nil || st.End.By != replay.EndServer {
		t.Errorf("the subscription's end %+v, want the server's", st.End)
	}

	// The answer, on the same task and context, over a new stream that
	// runs to COMPLETED and the server's close.
	x = exchange(t, tr, 4, "SendStreamingMessage", "client", "code-reviewer")
	msg := path(decodeJSON(t, x.Request.Body), "params", "message")
	got = []string{str(msg, "taskId"), str(msg, "contextId"), str(msg, "parts", 0, "text")}
	if diff := cmp.Diff([]string{taskID, contextID, "main"}, got); diff != "" {
		t.Errorf("the answer (-want +got):\n%s", diff)
	}
	st = x.Response.Stream
	if st == nil || len(st.Frames) == 0 {
		t.Fatal("exchange 4 has no frames")
	}
	var artifact string
	for i, f := range st.Frames {
		res := path(decodeJSON(t, f.Data), "result")
		for _, k := range []string{"statusUpdate", "artifactUpdate"} {
			if u := path(res, k); u != nil && (str(u, "taskId") != taskID || str(u, "contextId") != contextID) {
				t.Errorf("frame %d of the answer's stream is on task %s in %s, want %s in %s", i+1, str(u, "taskId"), str(u, "contextId"), taskID, contextID)
			}
		}
		if name := str(res, "artifactUpdate", "artifact", "name"); name != "" {
			artifact = name
		}
	}
	lastF := st.Frames[len(st.Frames)-1]
	if state := str(decodeJSON(t, lastF.Data), "result", "statusUpdate", "status", "state"); state != "TASK_STATE_COMPLETED" || artifact != "review.json" {
		t.Errorf("the answer's stream ends in %q with artifact %q, want TASK_STATE_COMPLETED with review.json", state, artifact)
	}
	if st.End == nil || st.End.By != replay.EndServer || st.End.At.Before(lastF.At) {
		t.Errorf("the answer's stream end %+v, want the server closing it after the last frame", st.End)
	}
}

// Test13PushWebhook checks 13-push-webhook: a blocking deploy with a
// webhook config, the agent's notifications to the webhook (each a
// StreamResponse with the client's token), the approval between the
// AUTH_REQUIRED notification and the next, and one GetTask at the end.
func Test13PushWebhook(t *testing.T) {
	tr := parsed(t, "13-push-webhook")
	if p := tr.Participant(WebhookName); p == nil || p.URL != WebhookURL {
		t.Fatalf("participant %s is %+v, want one at %s", WebhookName, p, WebhookURL)
	}
	x := exchange(t, tr, 1, "SendMessage", "client", "deployer")
	cfg := path(decodeJSON(t, x.Request.Body), "params", "configuration", "taskPushNotificationConfig")
	if str(cfg, "url") != WebhookURL+"/a2a/notify" || str(cfg, "token") != webhookToken {
		t.Errorf("the deploy's push config is %v, want the webhook's URL and the client's token", cfg)
	}
	var states []string
	approved := false
	for _, ex := range tr.Exchanges[1 : len(tr.Exchanges)-1] {
		if ex.Name == "approve" {
			if len(states) == 0 || states[len(states)-1] != "TASK_STATE_AUTH_REQUIRED" {
				t.Errorf("the approval follows the notifications %v, want it after AUTH_REQUIRED's", states)
			}
			approved = true
			continue
		}
		if ex.Channel != replay.ChannelPush || ex.From != "deployer" || ex.To != WebhookName || ex.Request.Method != "POST" {
			t.Fatalf("exchange %d is %s %q from %s to %s, want a push from the deployer to the webhook", ex.Seq, ex.Request.Method, ex.Channel, ex.From, ex.To)
		}
		if got := ex.Request.Get("A2A-Notification-Token"); got != webhookToken {
			t.Errorf("exchange %d carries token %q, want the client's", ex.Seq, got)
		}
		if ex.Response == nil || ex.Response.StatusCode != 204 {
			t.Errorf("exchange %d: the webhook answered %+v, want 204", ex.Seq, ex.Response)
		}
		body := decodeJSON(t, ex.Request.Body)
		if state := str(body, "task", "status", "state") + str(body, "statusUpdate", "status", "state"); state != "" {
			states = append(states, state)
		}
	}
	want := []string{"TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED"}
	if diff := cmp.Diff(want, states); diff != "" || !approved {
		t.Errorf("notified states (-want +got), approved %v:\n%s", approved, diff)
	}
	last := exchange(t, tr, len(tr.Exchanges), "GetTask", "client", "deployer")
	if s := str(path(decodeJSON(t, last.Response.Body), "result"), "status", "state"); s != "TASK_STATE_COMPLETED" {
		t.Errorf("the final GetTask finds %q, want COMPLETED", s)
	}
}
