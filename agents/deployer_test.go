package agents

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/google/go-cmp/cmp"
)

// frame summarises a stream event for comparison.
type frame struct {
	Kind  string // "task", "statusUpdate", "artifactUpdate", "message"
	State a2a.TaskState
	Text  string // status message text, or artifact name
}

func frameOf(e a2a.Event) frame {
	switch v := e.(type) {
	case *a2a.Task:
		return frame{"task", v.Status.State, MessageText(v.Status.Message)}
	case *a2a.TaskStatusUpdateEvent:
		return frame{"statusUpdate", v.Status.State, MessageText(v.Status.Message)}
	case *a2a.TaskArtifactUpdateEvent:
		return frame{"artifactUpdate", "", v.Artifact.Name}
	case *a2a.Message:
		return frame{"message", "", MessageText(v)}
	}
	return frame{Kind: "?"}
}

// stream reads a stream in the background. Each event goes on events;
// done closes when the stream ends, with err set.
type stream struct {
	events chan a2a.Event
	done   chan struct{}
	err    error
}

func startStream(seq func(func(a2a.Event, error) bool)) *stream {
	s := &stream{events: make(chan a2a.Event, 64), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer close(s.events)
		for e, err := range seq {
			if err != nil {
				s.err = err
				return
			}
			s.events <- e
		}
	}()
	return s
}

// next returns the next event, or fails the test after a while.
func (s *stream) next(t testing.TB) a2a.Event {
	t.Helper()
	select {
	case e, ok := <-s.events:
		if !ok {
			t.Fatalf("stream ended early (err %v)", s.err)
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no frame within 10s")
	}
	return nil
}

// end waits for the stream to end and checks no frame is left.
func (s *stream) end(t testing.TB) {
	t.Helper()
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		t.Fatal("stream still open after 10s")
	}
	if e, ok := <-s.events; ok {
		t.Errorf("unexpected frame %+v", frameOf(e))
	}
	if s.err != nil {
		t.Errorf("stream error: %v", s.err)
	}
}

func deployStream(t testing.TB, c *a2aclient.Client, m *a2a.Message) (*stream, a2a.TaskID) {
	t.Helper()
	s := startStream(c.SendStreamingMessage(context.Background(), &a2a.SendMessageRequest{Message: m}))
	first := s.next(t)
	task, ok := first.(*a2a.Task)
	if !ok {
		t.Fatalf("first frame is %T, want a task", first)
	}
	return s, task.ID
}

// approvedDeployFrames are the frames of a deploy of the sample build,
// approved at approve, on the stream that asked for it.
func approvedDeployFrames(approve string) []frame {
	return []frame{
		{"task", a2a.TaskStateSubmitted, ""},
		{"statusUpdate", a2a.TaskStateWorking, "Preparing to deploy 2026.10.06-1 to staging."},
		{"statusUpdate", a2a.TaskStateAuthRequired, "An operator must approve this deploy at " + approve},
		{"statusUpdate", a2a.TaskStateWorking, "Approved by an operator; deploying 2026.10.06-1 to staging."},
		{"artifactUpdate", "", DeployArtifact},
		{"statusUpdate", a2a.TaskStateCompleted, "Deployed 2026.10.06-1 to staging."},
	}
}

func TestDeployerApproveOnTheSameStream(t *testing.T) {
	for _, binding := range []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON} {
		t.Run(string(binding), func(t *testing.T) {
			dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
			hc := testHTTPClient(t)
			c := newClient(t, hc, dep.url, binding)
			s, id := deployStream(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
			approve := dep.url + "/approve/" + string(id)

			got := []frame{{"task", a2a.TaskStateSubmitted, ""}}
			got = append(got, frameOf(s.next(t)), frameOf(s.next(t)))
			// Frame 3 arrived; the stream must still be open.
			select {
			case <-s.done:
				t.Fatalf("stream closed at AUTH_REQUIRED (err %v)", s.err)
			default:
			}
			code, body := post(t, hc, approve)
			if code != http.StatusOK {
				t.Fatalf("POST %s: %d %s", approve, code, body)
			}
			var reply map[string]string
			if err := json.Unmarshal([]byte(body), &reply); err != nil {
				t.Fatalf("approve reply %q: %v", body, err)
			}
			wantReply := map[string]string{"taskId": string(id), "decision": "approved", "build": SampleBuild, "environment": SampleEnvironment}
			if diff := cmp.Diff(wantReply, reply); diff != "" {
				t.Errorf("approve reply (-want +got):\n%s", diff)
			}
			var record *a2a.TaskArtifactUpdateEvent
			for i := 0; i < 3; i++ {
				e := s.next(t)
				if a, ok := e.(*a2a.TaskArtifactUpdateEvent); ok {
					record = a
				}
				got = append(got, frameOf(e))
			}
			s.end(t)
			if diff := cmp.Diff(approvedDeployFrames(approve), got); diff != "" {
				t.Errorf("frames (-want +got):\n%s", diff)
			}
			if record == nil {
				t.Fatal("no artifact frame")
			}
			var rec DeployRecord
			b, _ := json.Marshal(record.Artifact.Parts[0].Data())
			if err := json.Unmarshal(b, &rec); err != nil {
				t.Fatal(err)
			}
			wantRec := DeployRecord{TaskID: string(id), Build: SampleBuild, Environment: SampleEnvironment, Status: "deployed", ApprovedAt: testTime, DeployedAt: testTime}
			if diff := cmp.Diff(wantRec, rec); diff != "" {
				t.Errorf("deploy.json (-want +got):\n%s", diff)
			}

			// The approval is spent.
			for _, u := range []string{approve, dep.url + "/refuse/" + string(id)} {
				if code, body := post(t, hc, u); code != http.StatusConflict {
					t.Errorf("POST %s after completion: %d %s, want 409", u, code, body)
				}
			}
		})
	}
}

func TestDeployerRefuse(t *testing.T) {
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	s, id := deployStream(t, c, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("deploy 2026.10.06-1 to Staging")))
	s.next(t)
	if f := frameOf(s.next(t)); f.State != a2a.TaskStateAuthRequired {
		t.Fatalf("frame 3 = %+v, want AUTH_REQUIRED", f)
	}
	if code, body := post(t, hc, dep.url+"/refuse/"+string(id)); code != http.StatusOK {
		t.Fatalf("refuse: %d %s", code, body)
	}
	want := frame{"statusUpdate", a2a.TaskStateRejected, "An operator refused the deploy of 2026.10.06-1 to staging; nothing was deployed."}
	if diff := cmp.Diff(want, frameOf(s.next(t))); diff != "" {
		t.Errorf("frame 4 (-want +got):\n%s", diff)
	}
	s.end(t)
	if code, _ := post(t, hc, dep.url+"/approve/"+string(id)); code != http.StatusConflict {
		t.Errorf("approve after refusal: %d, want 409", code)
	}
}

func TestDeployerApprovalEndpoints(t *testing.T) {
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	// A blocking SendMessage returns at AUTH_REQUIRED.
	a := sendTask(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
	if a.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("blocking SendMessage returned %s, want AUTH_REQUIRED", a.Status.State)
	}
	b := sendTask(t, c, NewDeployMessage("2026.10.06-2", "production"))
	tests := []struct {
		name     string
		method   string
		path     string
		wantCode int
	}{
		{"unknown task", "POST", "/approve/no-such-task", http.StatusNotFound},
		{"unknown task refused", "POST", "/refuse/no-such-task", http.StatusNotFound},
		{"GET is not allowed", "GET", "/approve/" + string(a.ID), http.StatusMethodNotAllowed},
		{"no task id", "POST", "/approve/", http.StatusNotFound},
		{"approve A", "POST", "/approve/" + string(a.ID), http.StatusOK},
		{"approve A again", "POST", "/approve/" + string(a.ID), http.StatusConflict},
		{"refuse A after approval", "POST", "/refuse/" + string(a.ID), http.StatusConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, dep.url+tt.path, nil)
			req.Header.Set("Authorization", OperatorAuthorization(dep.OperatorToken()))
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.wantCode {
				t.Errorf("%s %s: %d, want %d", tt.method, tt.path, resp.StatusCode, tt.wantCode)
			}
		})
	}
	waitState(t, c, a.ID, a2a.TaskStateCompleted)
	// A's approval authorised A's deploy and nothing else: B still waits.
	if got := waitState(t, c, b.ID, a2a.TaskStateAuthRequired); FindApproveURL(MessageText(got.Status.Message)) != ApproveURL(dep.url, b.ID) {
		t.Errorf("B's status message %q does not name B's approve URL", MessageText(got.Status.Message))
	}
	// A new deploy in A's context is a new task that needs its own approval.
	m := NewDeployMessage(SampleBuild, SampleEnvironment)
	m.ContextID = a.ContextID
	a2 := sendTask(t, c, m)
	if a2.ID == a.ID || a2.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("second deploy in A's context: task %s in %s, want a new task in AUTH_REQUIRED", a2.ID, a2.Status.State)
	}
	if code, _ := post(t, hc, dep.url+"/approve/"+string(a.ID)); code != http.StatusConflict {
		t.Errorf("A's approve URL again: %d, want 409", code)
	}
	waitState(t, c, a2.ID, a2a.TaskStateAuthRequired)
	// A later message on a finished task is refused by a2a-go.
	if _, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: NewAnswerMessage(a, "deploy 2026.10.06-1 to staging")}); err == nil {
		t.Error("a message to A after it completed was accepted")
	}
	for _, id := range []a2a.TaskID{b.ID, a2.ID} {
		if code, body := post(t, hc, dep.url+"/approve/"+string(id)); code != http.StatusOK {
			t.Errorf("approve %s: %d %s", id, code, body)
		}
		waitState(t, c, id, a2a.TaskStateCompleted)
	}
}

func TestDeployerMessageWhileWaiting(t *testing.T) {
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	task := sendTask(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
	// What a2a-go answers, shown as it is (A2A-NOTES).
	_, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: NewAnswerMessage(task, "approved")})
	if err == nil || !strings.Contains(err.Error(), "already in progress") {
		t.Errorf("message to a waiting task: err %v, want a2a-go's \"task execution is already in progress\"", err)
	}
	// The task still waits, and the message did not approve anything.
	waitState(t, c, task.ID, a2a.TaskStateAuthRequired)
	if code, _ := post(t, hc, dep.url+"/approve/"+string(task.ID)); code != http.StatusOK {
		t.Errorf("approve after the message: %d, want 200", code)
	}
	waitState(t, c, task.ID, a2a.TaskStateCompleted)
}

func TestDeployerCancelWhileWaiting(t *testing.T) {
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	s, id := deployStream(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
	s.next(t)
	s.next(t)
	// a2a-go's CancelTask waits for the execution to return: an execution
	// that ignored the cancelation would hang here.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := c.CancelTask(ctx, &a2a.CancelTaskRequest{ID: id})
	if err != nil {
		t.Fatalf("CancelTask: %v", err)
	}
	if got.Status.State != a2a.TaskStateCanceled {
		t.Errorf("CancelTask returned %s, want CANCELED", got.Status.State)
	}
	if f := frameOf(s.next(t)); f.State != a2a.TaskStateCanceled {
		t.Errorf("stream frame after cancel: %+v, want CANCELED", f)
	}
	s.end(t)
	if code, _ := post(t, hc, dep.url+"/approve/"+string(id)); code != http.StatusConflict {
		t.Errorf("approve after cancel: %d, want 409", code)
	}
	// The wait ended with the cancelation, before any Close.
	for i := 0; dep.active.Load() != 0; i++ {
		if i == 500 {
			t.Fatalf("%d executions still running after the cancelation", dep.active.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestDeployerAsksForWhatIsMissing(t *testing.T) {
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	for _, tt := range []struct {
		text, want string
		answers    []string // answered in turn; the last one leads to AUTH_REQUIRED
		asks       []string // the question after each answer but the last
	}{
		{"hello", DeployQuestion, []string{"2026.10.06-1", "staging"}, []string{"Which environment should I deploy 2026.10.06-1 to?"}},
		// The sentence a generic conformance client sent: neither "1" nor
		// "pagination" is taken on a guess.
		{"Task 1 for pagination", `“1” does not look like a build id to me (builds look like 2026.10.06-1 or v1.4.2, or say "build 1"). I know no environment “pagination”; I deploy to development, test, qa, staging and production. ` + DeployQuestion,
			[]string{"2026.10.06-1 to staging"}, nil},
		{"deploy 2026.10.06-1 to pagination", `I know no environment “pagination”; I deploy to development, test, qa, staging and production. Which environment should I deploy 2026.10.06-1 to?`,
			[]string{"it is pagination", "prod"}, []string{`I know no environment “pagination”; I deploy to development, test, qa, staging and production. Which environment should I deploy 2026.10.06-1 to?`}},
		{"deploy ../../etc to staging", "Which build should I deploy to staging?", []string{"2026.10.06-1"}, nil},
		{"deploy 1.0 to prod;rm", "Which environment should I deploy 1.0 to?", []string{"not sure yet", "prod"}, []string{"I could not find that in your answer. Which environment should I deploy 1.0 to?"}},
	} {
		task := sendTask(t, c, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(tt.text)))
		if task.Status.State != a2a.TaskStateInputRequired || MessageText(task.Status.Message) != tt.want {
			t.Errorf("%q: %s %q, want INPUT_REQUIRED %q", tt.text, task.Status.State, MessageText(task.Status.Message), tt.want)
			continue
		}
		// Nothing to approve yet.
		if code, _ := post(t, hc, dep.url+"/approve/"+string(task.ID)); code != http.StatusNotFound {
			t.Errorf("approve a deploy still asking: %d, want 404", code)
		}
		for i, a := range tt.answers {
			task = sendTask(t, c, NewAnswerMessage(task, a))
			if i < len(tt.asks) {
				if task.Status.State != a2a.TaskStateInputRequired || MessageText(task.Status.Message) != tt.asks[i] {
					t.Errorf("%q, answer %q: %s %q, want INPUT_REQUIRED %q", tt.text, a, task.Status.State, MessageText(task.Status.Message), tt.asks[i])
				}
				continue
			}
			if task.Status.State != a2a.TaskStateAuthRequired {
				t.Errorf("%q, answer %q: %s %q, want AUTH_REQUIRED", tt.text, a, task.Status.State, MessageText(task.Status.Message))
			}
		}
		if code, _ := post(t, hc, dep.url+"/refuse/"+string(task.ID)); code != http.StatusOK {
			t.Errorf("refuse the deploy asked for in turns: %d", code)
		}
	}
	// An answer that leaves it unclear is asked about again, up to
	// MaxDeployQuestions questions; then the task is rejected.
	task := sendTask(t, c, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("Task 1 for pagination")))
	for i, a := range []string{"hmm", "the usual one", "you know which"} {
		if task.Status.State != a2a.TaskStateInputRequired {
			t.Fatalf("question %d: %s %q, want INPUT_REQUIRED", i+1, task.Status.State, MessageText(task.Status.Message))
		}
		task = sendTask(t, c, NewAnswerMessage(task, a))
	}
	if text := MessageText(task.Status.Message); task.Status.State != a2a.TaskStateRejected || !strings.HasPrefix(text, "I asked 3 times and still cannot tell which build to deploy to which environment") {
		t.Errorf("after %d unclear answers: %s %q, want REJECTED", MaxDeployQuestions, task.Status.State, text)
	}
	if code, _ := post(t, hc, dep.url+"/approve/"+string(task.ID)); code != http.StatusNotFound {
		t.Errorf("approve a rejected request: %d, want 404", code)
	}
	// What no answer fixes.
	task = sendTask(t, c, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(map[string]any{"build": 7, "environment": "staging"})))
	if task.Status.State != a2a.TaskStateRejected || !strings.Contains(MessageText(task.Status.Message), `"build" must be a string`) {
		t.Errorf("a number for a build: %s %q, want REJECTED", task.Status.State, MessageText(task.Status.Message))
	}
}

// orderWriter logs writes and flushes of an approve reply.
type orderWriter struct {
	*httptest.ResponseRecorder
	log func(string)
}

func (w *orderWriter) WriteHeader(code int) { w.log("header"); w.ResponseRecorder.WriteHeader(code) }
func (w *orderWriter) Write(b []byte) (int, error) {
	w.log("body")
	return w.ResponseRecorder.Write(b)
}
func (w *orderWriter) Flush() {
	// Leave a released execution time to run before the flush returns,
	// so that releasing too early shows in the log.
	time.Sleep(50 * time.Millisecond)
	w.log("flush")
	w.ResponseRecorder.Flush()
}

// TestDeployerReplyBeforeRelease checks the ordering contract of the
// approve endpoint: the reply is written and flushed before the waiting
// execution goes on (its next status timestamp reads the clock).
func TestDeployerReplyBeforeRelease(t *testing.T) {
	var mu sync.Mutex
	var events []string
	logging := false
	logf := func(s string) {
		mu.Lock()
		if logging {
			events = append(events, s)
		}
		mu.Unlock()
	}
	clock := func() time.Time { logf("clock"); return testTime }
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: clock}) })
	c := newClient(t, testHTTPClient(t), dep.url)
	s, id := deployStream(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
	s.next(t)
	s.next(t)

	mu.Lock()
	logging = true
	mu.Unlock()
	w := &orderWriter{ResponseRecorder: httptest.NewRecorder(), log: logf}
	req := httptest.NewRequest("POST", "/approve/"+string(id), nil)
	req.Header.Set("Authorization", OperatorAuthorization(dep.OperatorToken()))
	dep.Handler().ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		t.Fatalf("approve: %d %s", w.Code, w.Body)
	}
	for i := 0; i < 3; i++ {
		s.next(t)
	}
	s.end(t)
	mu.Lock()
	defer mu.Unlock()
	// The handler reads the clock once (approvedAt), replies, flushes;
	// only then does the execution read it for its next status.
	want := []string{"clock", "header", "body", "flush", "clock"}
	if len(events) < len(want) {
		t.Fatalf("events %v, want them to start with %v", events, want)
	}
	if diff := cmp.Diff(want, events[:len(want)]); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

func TestDecisionURLs(t *testing.T) {
	for _, tc := range []struct{ text, approve, refuse, task string }{
		{"An operator must approve this deploy at http://localhost:41243/approve/ecf2dcb6-79c8", "http://localhost:41243/approve/ecf2dcb6-79c8", "http://localhost:41243/refuse/ecf2dcb6-79c8", "ecf2dcb6-79c8"},
		{"approve it at https://d.example/x/approve/abc.", "https://d.example/x/approve/abc", "https://d.example/x/refuse/abc", "abc"},
		{`"see <http://127.0.0.1:9/approve/t-1>"`, "http://127.0.0.1:9/approve/t-1", "http://127.0.0.1:9/refuse/t-1", "t-1"},
		{"no link here", "", "", ""},
		{"see http://localhost:41243/status/1", "", "", ""},
	} {
		got := FindApproveURL(tc.text)
		if got != tc.approve || RefuseURLBeside(got) != tc.refuse {
			t.Errorf("FindApproveURL(%q) = %q (refuse %q), want %q (%q)", tc.text, got, RefuseURLBeside(got), tc.approve, tc.refuse)
		}
		if tc.approve == "" {
			continue
		}
		for _, link := range []string{tc.approve, tc.refuse} {
			if id := DecisionTask(link); string(id) != tc.task {
				t.Errorf("DecisionTask(%q) = %q, want %q", link, id, tc.task)
			}
		}
	}
	// What the deployer serves, the functions read back.
	approve, refuse := ApproveURL("http://localhost:41243/", "t-9"), RefuseURL("http://localhost:41243", "t-9")
	if FindApproveURL("approve at "+approve+".") != approve || RefuseURLBeside(approve) != refuse || DecisionTask(refuse) != "t-9" {
		t.Errorf("ApproveURL %q and RefuseURL %q do not read back", approve, refuse)
	}
}

// TestOperatorToken: knowing a task id is not an approval. A decision
// without the operator's token, or with a wrong one, is answered 401 with
// a Bearer challenge and changes nothing: the task stays in
// AUTH_REQUIRED, an unknown task is not told apart from a known one, and
// the operator's own approval still goes through afterwards. The token
// appears in no A2A message or card.
func TestOperatorToken(t *testing.T) {
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	tok := dep.OperatorToken()
	if !OperatorTokenPattern.MatchString(tok) || OperatorTokenPattern.FindString(tok) != tok {
		t.Fatalf("operator token %q does not match %v", tok, OperatorTokenPattern)
	}
	if other := NewDeployer(Config{BaseURL: "http://localhost:1"}); other.OperatorToken() == tok {
		t.Error("two deployers have the same operator token")
	} else {
		other.Close()
	}
	task := sendTask(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
	if task.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("deploy: %s", task.Status.State)
	}
	if how, _ := task.Status.Message.Metadata[OperatorAuthKey].(string); !strings.Contains(how, "Authorization: Bearer") || strings.Contains(how, tok) {
		t.Errorf("the AUTH_REQUIRED message's %s %q should say how the operator authenticates, without the token", OperatorAuthKey, how)
	}
	wrong := NewOperatorToken()
	for _, tt := range []struct {
		name, path, auth, challenge string
	}{
		{"no token", ApprovePath, "", `Bearer realm="a2aplay operator"`},
		{"no token, refuse", RefusePath, "", `Bearer realm="a2aplay operator"`},
		{"another token", ApprovePath, OperatorAuthorization(wrong), `Bearer realm="a2aplay operator", error="invalid_token"`},
		{"the token cut short", ApprovePath, OperatorAuthorization(tok[:len(tok)-1]), `Bearer realm="a2aplay operator", error="invalid_token"`},
		{"the token, longer", RefusePath, OperatorAuthorization(tok + "0"), `Bearer realm="a2aplay operator", error="invalid_token"`},
		{"Basic, not Bearer", ApprovePath, "Basic " + tok, `Bearer realm="a2aplay operator", error="invalid_request"`},
		{"Bearer without a token", ApprovePath, "Bearer ", `Bearer realm="a2aplay operator", error="invalid_request"`},
		{"the task id for a token", ApprovePath, OperatorAuthorization(string(task.ID)), `Bearer realm="a2aplay operator", error="invalid_token"`},
	} {
		for _, id := range []string{string(task.ID), "no-such-task"} {
			req, _ := http.NewRequest("POST", dep.url+tt.path+id, nil)
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var body map[string]string
			json.NewDecoder(resp.Body).Decode(&body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("WWW-Authenticate") != tt.challenge || body["error"] == "" {
				t.Errorf("%s (task %s): %d, WWW-Authenticate %q, %v; want 401, %q and an error", tt.name, id, resp.StatusCode, resp.Header.Get("WWW-Authenticate"), body, tt.challenge)
			}
		}
		if got, err := c.GetTask(context.Background(), &a2a.GetTaskRequest{ID: task.ID}); err != nil || got.Status.State != a2a.TaskStateAuthRequired {
			if err != nil {
				t.Fatal(err)
			}
			t.Fatalf("after %s: task in %s, want it still waiting in AUTH_REQUIRED", tt.name, got.Status.State)
		}
	}
	if code, body := post(t, hc, ApproveURL(dep.url, task.ID)); code != http.StatusOK {
		t.Fatalf("the operator's approval after the refused ones: %d %s", code, body)
	}
	done := waitState(t, c, task.ID, a2a.TaskStateCompleted)
	all, _ := json.Marshal(struct {
		Card *a2a.AgentCard
		Task *a2a.Task
	}{dep.Card(), done})
	if strings.Contains(string(all), tok) {
		t.Error("the operator token appears in the card or the task")
	}
}
