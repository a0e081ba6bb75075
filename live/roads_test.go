package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
)

// played is what a road's run left: the steps of the saved session
// and its findings.
func savedSteps(t *testing.T, s *tsession) (*replay.Transcript, []replay.Step) {
	t.Helper()
	var buf bytes.Buffer
	if err := s.Save(&buf, SaveOptions{Normalize: true}); err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(buf.Bytes(), "roads.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v\n%s", err, buf.String())
	}
	for _, f := range check.Check(tr) {
		// a2a-go labels its HTTP+JSON replies application/json, which
		// every HTTP+JSON capture shows too (10-rest-binding): true of
		// the agent, not of the road.
		if f.Rule == "rest-content-type" && f.By == check.ByAgent {
			continue
		}
		// An answer sent the moment the question reached the webhook
		// may find a2a-go still holding the execution: its -32603 is
		// the known deviation, true of the agent.
		if f.Rule == "internal-error" && strings.Contains(f.Msg, "already in progress") {
			continue
		}
		t.Errorf("a2aplay check finds in the saved session: %s (exchange %d): %s", f.Rule, f.Exchange, f.Msg)
	}
	return tr, replay.Steps(tr)
}

// pushes are the states the push steps of a session carried, in order.
func pushes(steps []replay.Step) []string {
	var out []string
	for _, st := range steps {
		if st.Kind == replay.KindPush {
			out = append(out, replay.ShortState(st.State))
		}
	}
	return out
}

// TestRoadWebhookDeploy: the deploy with a webhook returns at
// AUTH_REQUIRED with no stream; the approval's resumption and the
// completion arrive at the client's webhook in the worker, as push
// exchanges from the deployer to client-webhook, with the token; the
// task table follows them; the saved session checks clean.
func TestRoadWebhookDeploy(t *testing.T) {
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		t.Run(string(b), func(t *testing.T) {
			s := openTest(t, Config{})
			r := s.do("Deploy", func(ctx context.Context) (*Result, error) {
				return s.Deploy(ctx, DeployArgs{Road: RoadWebhook, Binding: b})
			})
			task := wantState(t, "Deploy by webhook", r, string(a2a.TaskStateAuthRequired))
			if r.Stream != nil || !strings.Contains(r.Note, "Road: webhook") {
				t.Errorf("the webhook road: stream %+v, note %q", r.Stream, r.Note)
			}
			s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
			s.waitFor("the completion at the webhook", taskIn(task.ID, string(a2a.TaskStateCompleted)))
			if sn := s.Snapshot(); len(sn.Streams) != 0 {
				t.Errorf("streams %+v, want none on the webhook road", sn.Streams)
			}
			tr, steps := savedSteps(t, s)
			got := strings.Join(pushes(steps), " ")
			if !strings.Contains(got, "AUTH_REQUIRED WORKING") || !strings.HasSuffix(got, "COMPLETED") {
				t.Errorf("push steps carry %q, want the wait, the resumption and the end", got)
			}
			var hooks int
			for _, x := range tr.Exchanges {
				if x.Channel != replay.ChannelPush {
					continue
				}
				hooks++
				if x.From != "deployer" || x.To != WebhookName || !strings.HasPrefix(x.Request.URL, "http://localhost:4125") || x.Response == nil || x.Response.StatusCode != 204 {
					t.Errorf("push exchange %d: %s -> %s %s, reply %+v", x.Seq, x.From, x.To, x.Request.URL, x.Response)
				}
				if !hasHeader(x.Request.Header, "A2A-Notification-Token") {
					t.Errorf("push exchange %d carries no token", x.Seq)
				}
			}
			if hooks == 0 {
				t.Fatal("no push exchange recorded")
			}
		})
	}
}

func hasHeader(h []replay.Header, name string) bool {
	for _, x := range h {
		if strings.EqualFold(x.Name, name) {
			return true
		}
	}
	return false
}

// TestRoadWebhookReview: the review's send returns at once; the
// question arrives at the webhook, the answer completes the task and
// the completion arrives there too.
func TestRoadWebhookReview(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{Road: RoadWebhook}) })
	if r.Task == nil || len(r.Exchanges) != 1 {
		t.Fatalf("the send by webhook: %+v", r)
	}
	// The task table may have heard the question already, from the
	// webhook; the send itself asked to return at once.
	if body := s.Transcript().Exchanges[0].Request.Body; !strings.Contains(body, `"returnImmediately":true`) || !strings.Contains(body, `"taskPushNotificationConfig"`) {
		t.Errorf("the send by webhook: %s", body)
	}
	id := r.Task.ID
	s.waitFor("the question at the webhook", taskIn(id, string(a2a.TaskStateInputRequired)))
	// The question can reach the webhook before a2a-go has let go of
	// the execution that asked it, which refuses an answer meanwhile.
	var a *Result
	for try := 0; try < 10; try++ {
		a = s.do("Answer", func(ctx context.Context) (*Result, error) { return s.Answer(ctx, AnswerArgs{TaskID: id, Text: "main"}) })
		if a.Task != nil && a.Task.State == string(a2a.TaskStateCompleted) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	wantState(t, "Answer", a, string(a2a.TaskStateCompleted))
	waitPush(t, s, "COMPLETED")
	_, steps := savedSteps(t, s)
	got := strings.Join(pushes(steps), " ")
	if !strings.Contains(got, "INPUT_REQUIRED") || !strings.HasSuffix(got, "COMPLETED") {
		t.Errorf("push steps carry %q, want the question and the end", got)
	}
}

// waitPush waits until a notification of state has reached the
// webhook and the webhook has answered it. (A push step's State is the
// task's as the steps know it: an artifact's notification after the
// answer that completed the task says COMPLETED too.)
func waitPush(t *testing.T, s *tsession, state string) {
	t.Helper()
	s.waitFor("a push of "+state, func(Snapshot) bool {
		for _, x := range s.Transcript().Exchanges {
			if x.Channel == replay.ChannelPush && x.Response != nil && strings.Contains(x.Request.Body, `"state":"TASK_STATE_`+state+`"`) {
				return true
			}
		}
		return false
	})
}

// TestRoadPoll: the deploy by poll holds no stream; each Poll is a
// GetTask with historyLength 1 that sees the task as it stands.
func TestRoadPoll(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("Deploy", func(ctx context.Context) (*Result, error) { return s.Deploy(ctx, DeployArgs{Road: RoadPoll}) })
	task := wantState(t, "Deploy by poll", r, string(a2a.TaskStateAuthRequired))
	p1 := s.do("Poll 1", func(ctx context.Context) (*Result, error) {
		return s.Poll(ctx, PollArgs{TaskID: task.ID, Number: 1, Every: 2})
	})
	wantState(t, "Poll 1", p1, string(a2a.TaskStateAuthRequired))
	if p1.Note != "Poll 1, 2 s after the send: still waiting for the operator." {
		t.Errorf("poll 1 note %q", p1.Note)
	}
	s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	var last *Result
	for n := 2; n < 50; n++ {
		// The asks say the page's schedule without sleeping it (the
		// saved session is checked normalised, on the waits declared;
		// TestRoadsCheckClean sleeps them).
		last = s.do("Poll", func(ctx context.Context) (*Result, error) {
			return s.Poll(ctx, PollArgs{TaskID: task.ID, Number: n, Every: panel.PollWait(2, n)})
		})
		if last.Task != nil && last.Task.Terminal {
			break
		}
	}
	wantState(t, "the last poll", last, string(a2a.TaskStateCompleted))
	tr, steps := savedSteps(t, s)
	polls := 0
	for _, x := range tr.Exchanges {
		if strings.Contains(x.Request.Body, `"GetTask"`) || strings.Contains(x.Request.URL, "historyLength=1") {
			polls++
			if !strings.Contains(x.Request.Body+x.Request.URL, "historyLength") {
				t.Errorf("poll exchange %d has no historyLength: %s %s", x.Seq, x.Request.URL, x.Request.Body)
			}
		}
	}
	if polls < 2 {
		t.Errorf("%d polls recorded", polls)
	}
	if len(pushes(steps)) != 0 {
		t.Errorf("push steps on the poll road: %v", pushes(steps))
	}
}

// TestRoadSubscribeLater: the deploy without a stream, then a
// subscription that hears the resumption.
func TestRoadSubscribeLater(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("Deploy", func(ctx context.Context) (*Result, error) { return s.Deploy(ctx, DeployArgs{Road: RoadSubscribe}) })
	task := wantState(t, "Deploy, subscribe later", r, string(a2a.TaskStateAuthRequired))
	if r.Stream != nil || len(s.Snapshot().Streams) != 0 {
		t.Fatalf("a stream on the subscribe road: %+v", r.Stream)
	}
	sub := s.do("Subscribe", func(ctx context.Context) (*Result, error) { return s.Subscribe(ctx, TaskArgs{TaskID: task.ID}) })
	if sub.Stream == nil {
		t.Fatalf("Subscribe: no stream: %+v", sub)
	}
	s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	s.waitFor("the subscription's end", streamClosed(sub.Stream.ID))
	s.waitFor("the completion", taskIn(task.ID, string(a2a.TaskStateCompleted)))
	savedSteps(t, s)
}

// TestRoadStream: the road "stream" is the deploy's own way, and the
// review's send over a stream.
func TestRoadStream(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{Road: RoadStream}) })
	wantState(t, "SendDiff by stream", r, string(a2a.TaskStateInputRequired))
	if r.Stream == nil {
		t.Fatalf("no stream: %+v", r)
	}
	d := s.do("Deploy", func(ctx context.Context) (*Result, error) { return s.Deploy(ctx, DeployArgs{Road: RoadStream}) })
	task := wantState(t, "Deploy by stream", d, string(a2a.TaskStateAuthRequired))
	s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	s.waitFor("the deploy stream's end", streamClosed(d.Stream.ID))
	savedSteps(t, s)
}

// TestRoadErrors: an unknown road, and the webhook road with a remote
// agent, are errors that send nothing.
func TestRoadErrors(t *testing.T) {
	s := openTest(t, Config{})
	ctx := context.Background()
	if _, err := s.Deploy(ctx, DeployArgs{Road: "pigeon"}); err == nil || !strings.Contains(err.Error(), `unknown road "pigeon"`) {
		t.Errorf("an unknown road: %v", err)
	}
	s.mode = Remote // as a remote session sees it: no receiver this page could offer
	if _, err := s.Deploy(ctx, DeployArgs{Road: RoadWebhook}); !errors.Is(err, ErrWebhookRemote) {
		t.Errorf("the webhook road, remote: %v", err)
	}
	s.mode = Offline
	if n := len(s.Transcript().Exchanges); n != 0 {
		t.Errorf("%d exchanges recorded by moves that could not start", n)
	}
}

// TestWebhookRefusesStrangers: the webhook answers 401 without the
// client's token and 400 to what is not a StreamResponse, and a
// closed session gives its host back.
func TestWebhookRefusesStrangers(t *testing.T) {
	s := openTest(t, Config{})
	hk, err := s.webhookFor()
	if err != nil {
		t.Fatal(err)
	}
	post := func(token, body string) int {
		req, _ := http.NewRequest(http.MethodPost, hk.url("deployer"), strings.NewReader(body))
		if token != "" {
			req.Header.Set("A2A-Notification-Token", token)
		}
		resp, err := hooks.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	ev, _ := json.Marshal(a2a.StreamResponse{Event: a2a.NewStatusUpdateEvent(&a2a.Task{ID: "t1", ContextID: "c1"}, a2a.TaskStateWorking, nil)})
	for _, c := range []struct {
		token, body string
		want        int
	}{
		{"", string(ev), 401},
		{"someone-else", string(ev), 401},
		{hk.token, "{}", 400},
		{hk.token, "not json", 400},
		{hk.token, string(ev), 204},
	} {
		if got := post(c.token, c.body); got != c.want {
			t.Errorf("token %q, body %.20q: %d, want %d", c.token, c.body, got, c.want)
		}
	}
	s.Close()
	hooks.mu.Lock()
	held := hooks.hosts[hk.host]
	hooks.mu.Unlock()
	if held != nil {
		t.Errorf("%s still held after Close", hk.host)
	}
}

// TestHostRoads: the worker's protocol carries the road of a deploy and
// the "poll" command; a bad road is an error that names it.
func TestHostRoads(t *testing.T) {
	th := newTestHost(t)
	if _, e, _ := th.call(panel.OpenArgs{Mode: panel.Offline}); e != "" {
		t.Fatal(e)
	}
	r := th.result(panel.DeployArgs{Road: panel.RoadPoll})
	if r.Task == nil || r.Task.State != string(a2a.TaskStateAuthRequired) || r.Stream != nil {
		t.Fatalf("deploy by poll: %+v", r)
	}
	p := th.result(panel.PollArgs{TaskID: r.Task.ID, HistoryLength: 1, Number: 1, Every: 3})
	if p.Note != "Poll 1, 3 s after the send: still waiting for the operator." {
		t.Errorf("poll: %q", p.Note)
	}
	if _, e, _ := th.call(panel.DeployArgs{Road: "pigeon"}); !strings.Contains(e, `unknown road "pigeon"`) {
		t.Errorf("a bad road: %q", e)
	}
	if _, e, _ := th.call(panel.PollArgs{TaskID: "no-such-task"}); e == "" {
		t.Errorf("a poll of a task the session does not know: no error")
	}
}
