package agents

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/internal/logbuf"
)

// A webhook is a client's notification receiver on loopback.
type webhook struct {
	srv    *httptest.Server
	mu     sync.Mutex
	got    []notification
	arrive chan struct{}
}

type notification struct {
	token, auth, contentType string
	event                    a2a.Event
	raw                      string
}

// newWebhook starts a receiver that answers status, after hold returns.
func newWebhook(t *testing.T, status int, hold func(*http.Request)) *webhook {
	t.Helper()
	w := &webhook{arrive: make(chan struct{}, 100)}
	w.srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if hold != nil {
			hold(r)
		}
		var sr a2a.StreamResponse
		n := notification{token: r.Header.Get("A2A-Notification-Token"), auth: r.Header.Get("Authorization"),
			contentType: r.Header.Get("Content-Type"), raw: string(body)}
		if err := json.Unmarshal(body, &sr); err == nil {
			n.event = sr.Event
		}
		w.mu.Lock()
		w.got = append(w.got, n)
		w.mu.Unlock()
		w.arrive <- struct{}{}
		rw.WriteHeader(status)
	}))
	t.Cleanup(w.srv.Close)
	return w
}

func (w *webhook) received() []notification {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]notification(nil), w.got...)
}

// stateOf is the task state a notification carries.
func stateOf(ev a2a.Event) a2a.TaskState {
	switch e := ev.(type) {
	case *a2a.Task:
		return e.Status.State
	case *a2a.TaskStatusUpdateEvent:
		return e.Status.State
	}
	return ""
}

// TestPushNotifies: a review sent with a webhook in its configuration
// notifies each state change, in order, with the config's token and
// credentials, as a2a-go's sender sends them; the client answers the
// question it learnt of by webhook.
func TestPushNotifies(t *testing.T) {
	k := newTestKit(t)
	hook := newWebhook(t, http.StatusOK, nil)
	c := newClient(t, testHTTPClient(t), k.reviewer.url)
	res, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{
		Message: NewReviewMessage(SampleRepository, "", SampleDiff),
		Config: &a2a.SendMessageConfig{PushConfig: &a2a.PushConfig{
			ID: "hook-1", URL: hook.srv.URL + "/a2a/notify", Token: "tok-123",
			Auth: &a2a.PushAuthInfo{Scheme: "Bearer", Credentials: "secret"},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	task := res.(*a2a.Task)
	if task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("the review is in %s, want INPUT_REQUIRED", task.Status.State)
	}
	if _, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: NewAnswerMessage(task, "main")}); err != nil {
		t.Fatal(err)
	}
	waitNotified(t, hook, a2a.TaskStateCompleted)
	var states []string
	for _, n := range hook.received() {
		if n.token != "tok-123" || n.auth != "Bearer secret" || !strings.HasPrefix(n.contentType, "application/json") {
			t.Errorf("notification headers: token %q, auth %q, type %q", n.token, n.auth, n.contentType)
		}
		if n.event == nil {
			t.Errorf("notification %s is not a StreamResponse", n.raw)
			continue
		}
		if s := stateOf(n.event); s != "" {
			states = append(states, string(s))
		}
	}
	want := []string{"TASK_STATE_SUBMITTED", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED"}
	if got := dedupe(states); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("notified states %v, want %v in this order", got, want)
	}
}

func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}

func waitNotified(t *testing.T, hook *webhook, state a2a.TaskState) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		for _, n := range hook.received() {
			if stateOf(n.event) == state {
				return
			}
		}
		select {
		case <-hook.arrive:
		case <-deadline:
			t.Fatalf("no notification of %s; got %d", state, len(hook.received()))
		}
	}
}

// TestPushWebhookFailures: a webhook that never answers, and one that
// answers 500, cost the task nothing: it goes on at once, the failure is
// logged with the config's id, and nothing is left running once the
// agent has closed.
func TestPushWebhookFailures(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		hang   bool
		log    string
	}{
		{"hangs", http.StatusOK, true, "push notification failed"},
		{"answers 500", http.StatusInternalServerError, false, "non-success status: 500"},
	} {
		t.Run(c.name, func(t *testing.T) {
			release := make(chan struct{})
			hold := func(*http.Request) {
				if c.hang {
					<-release
				}
			}
			hook := newWebhook(t, c.status, hold)
			defer close(release) // before the webhook's server closes
			var logs logbuf.Buffer
			r := serve(t, func(base string) *Agent {
				return NewCodeReviewer(Config{BaseURL: base, Clock: testClock, PushTimeout: 300 * time.Millisecond,
					Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			})
			c2 := newClient(t, testHTTPClient(t), r.url)
			t0 := time.Now()
			res, err := c2.SendMessage(context.Background(), &a2a.SendMessageRequest{
				Message: NewReviewMessage(SampleRepository, "main", SampleDiff),
				Config:  &a2a.SendMessageConfig{PushConfig: &a2a.PushConfig{ID: "slow-hook", URL: hook.srv.URL}},
			})
			if err != nil {
				t.Fatal(err)
			}
			if task := res.(*a2a.Task); task.Status.State != a2a.TaskStateCompleted {
				t.Fatalf("the review is in %s, want COMPLETED", task.Status.State)
			}
			if d := time.Since(t0); d > 250*time.Millisecond {
				t.Errorf("the review took %s with a webhook that %s: the task waited for it", d, c.name)
			}
			deadline := time.Now().Add(5 * time.Second)
			for !strings.Contains(logs.String(), c.log) && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if l := logs.String(); !strings.Contains(l, c.log) || !strings.Contains(l, "config=slow-hook") {
				t.Errorf("the log does not say the push failed, with the config's id:\n%s", l)
			}
			// The task has ended and its notifications are done with:
			// no queue, no drainer, whether or not the agent closes.
			waitDrained(t, r.Agent)
			r.Agent.Close()
			if st := stacks(); strings.Contains(st, "(*pushSender)") {
				t.Errorf("a push goroutine is left after the agent closed:\n%s", st)
			}
		})
	}
}

// waitDrained waits until a's push sender holds no queue.
func waitDrained(t *testing.T, a *Agent) {
	t.Helper()
	for i := 0; i < 500; i++ {
		a.push.mu.Lock()
		n := len(a.push.queues)
		a.push.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("the push sender still holds queues after 5 s")
}

// stacks is every goroutine's stack.
func stacks() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}

// TestWebhookRule: which webhook URLs an agent takes (§13.2).
func TestWebhookRule(t *testing.T) {
	onLoopback := newWebhookRule("http://127.0.0.1:41243", nil)
	public := newWebhookRule("https://deployer.example", []string{"10.0.0.7", "hooks.internal:8443"})
	for _, c := range []struct {
		rule    webhookRule
		url     string
		private bool
		err     string // "" for accepted
	}{
		{onLoopback, "http://127.0.0.1:9000/hook", true, ""},
		{onLoopback, "http://localhost/hook", true, ""},
		{onLoopback, "http://[::1]:8080/", true, ""},
		{onLoopback, "https://203.0.113.9/hook", false, ""},
		{onLoopback, "http://10.1.2.3/hook", false, "private, link-local"},
		{onLoopback, "http://169.254.169.254/latest", false, "private, link-local"},
		{onLoopback, "http://0.0.0.0:80/", false, "unspecified"},
		{onLoopback, "ftp://127.0.0.1/x", false, "want an absolute http or https URL"},
		{onLoopback, "/relative", false, "want an absolute http or https URL"},
		{onLoopback, "http://user:pw@localhost/x", false, "credentials in the URL"},
		{public, "http://127.0.0.1:9000/hook", false, "not itself on loopback"},
		{public, "http://localhost/hook", false, "not itself on loopback"},
		{public, "http://10.0.0.7/hook", true, ""},
		{public, "https://hooks.internal:8443/x", true, ""},
		{public, "https://hooks.example/x", false, ""},
	} {
		private, err := c.rule.check(c.url)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: refused: %v", c.url, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one saying %q", c.url, err, c.err)
		case c.err != "" && !errors.Is(err, a2a.ErrInvalidParams):
			t.Errorf("%q: error %v is not InvalidParams", c.url, err)
		case err == nil && private != c.private:
			t.Errorf("%q: around the SSRF guard %v, want %v", c.url, private, c.private)
		}
	}
}

// TestPushConfigOperations: the four config operations over both
// bindings, a refused URL at config time, and the planner, which does
// not declare the capability.
func TestPushConfigOperations(t *testing.T) {
	k := newTestKit(t)
	hook := newWebhook(t, http.StatusOK, nil)
	for _, b := range []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON} {
		t.Run(string(b), func(t *testing.T) {
			ctx := context.Background()
			c := newClient(t, testHTTPClient(t), k.deployer.url, b)
			res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: NewDeployMessage(SampleBuild, SampleEnvironment)})
			if err != nil {
				t.Fatal(err)
			}
			task := res.(*a2a.Task)
			cfg, err := c.CreateTaskPushConfig(ctx, &a2a.PushConfig{TaskID: task.ID, ID: "h1", URL: hook.srv.URL, Token: "t"})
			if err != nil || cfg.ID != "h1" || cfg.URL != hook.srv.URL {
				t.Fatalf("create: %+v, %v", cfg, err)
			}
			got, err := c.GetTaskPushConfig(ctx, &a2a.GetTaskPushConfigRequest{TaskID: task.ID, ID: "h1"})
			if err != nil || got.URL != hook.srv.URL || got.Token != "t" {
				t.Errorf("get: %+v, %v", got, err)
			}
			list, err := c.ListTaskPushConfigs(ctx, &a2a.ListTaskPushConfigRequest{TaskID: task.ID})
			if err != nil || len(list) != 1 {
				t.Errorf("list: %+v, %v", list, err)
			}
			if err := c.DeleteTaskPushConfig(ctx, &a2a.DeleteTaskPushConfigRequest{TaskID: task.ID, ID: "h1"}); err != nil {
				t.Errorf("delete: %v", err)
			}
			if list, err := c.ListTaskPushConfigs(ctx, &a2a.ListTaskPushConfigRequest{TaskID: task.ID}); err != nil || len(list) != 0 {
				t.Errorf("list after delete: %+v, %v", list, err)
			}
			_, err = c.CreateTaskPushConfig(ctx, &a2a.PushConfig{TaskID: task.ID, URL: "http://10.0.0.1/hook"})
			if !errors.Is(err, a2a.ErrInvalidParams) || !strings.Contains(err.Error(), "§13.2") {
				t.Errorf("a private webhook: %v, want InvalidParams naming §13.2", err)
			}
			if _, err := c.CancelTask(ctx, &a2a.CancelTaskRequest{ID: task.ID}); err != nil {
				t.Errorf("cancel: %v", err)
			}

			p := newClient(t, testHTTPClient(t), k.planner.url, b)
			_, err = p.CreateTaskPushConfig(ctx, &a2a.PushConfig{TaskID: "any", URL: hook.srv.URL})
			if !errors.Is(err, a2a.ErrPushNotificationNotSupported) {
				t.Errorf("the planner: %v, want PushNotificationNotSupported", err)
			}
		})
	}
}

// TestPushCloseCancels: closing the agent ends a notification in flight
// to a webhook that does not answer, long before the sender's timeout.
func TestPushCloseCancels(t *testing.T) {
	release := make(chan struct{})
	hook := newWebhook(t, http.StatusOK, func(*http.Request) { <-release })
	defer close(release)
	r := serve(t, func(base string) *Agent {
		return NewCodeReviewer(Config{BaseURL: base, Clock: testClock, PushTimeout: time.Minute})
	})
	c := newClient(t, testHTTPClient(t), r.url)
	if _, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{
		Message: NewReviewMessage(SampleRepository, "main", SampleDiff),
		Config:  &a2a.SendMessageConfig{PushConfig: &a2a.PushConfig{URL: hook.srv.URL}},
	}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	r.Agent.Close()
	if d := time.Since(t0); d > 2*time.Second {
		t.Errorf("Close took %s with a notification in flight", d)
	}
	if st := stacks(); strings.Contains(st, "(*pushSender)") {
		t.Errorf("a push goroutine is left after the agent closed:\n%s", st)
	}
}
