//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/replay"
)

// sentLog keeps the body of every request a client sends, as sent.
type sentLog struct {
	mu     sync.Mutex
	bodies []string
	next   http.RoundTripper
}

func (s *sentLog) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		s.bodies = append(s.bodies, string(b))
		s.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	return s.next.RoundTrip(r)
}

var approveRE = regexp.MustCompile(`http://\S+/approve/[0-9a-f-]+`)

// TestRecordV03 records, through "a2aplay record", a session of a2a-go's
// 0.3 client (a2acompat/a2av0) with the kit's planner: the reviewer's
// question passed up and answered on the same task, AUTH_REQUIRED,
// tasks/resubscribe, the operator's approval, COMPLETED. The transcript
// holds every request body byte for byte as the client sent it and 0.3's
// answers as the planner wrote them (kind, lower-case states, final);
// each A2A exchange reads as 0.3, its steps show both interrupted
// states, and the checker finds nothing but its migration notes.
func TestRecordV03(t *testing.T) {
	kit := kittest.Serve(t, "127.0.0.1")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "v03.http")
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	proxy := "http://" + ln.Addr().String()
	log := &logbuf.Buffer{}
	go func() {
		done <- recordOn(ctx, ln, ln.Addr().String(),
			[]string{"planner=" + kit.Planner.BaseURL(), "deployer=" + kit.Deployer.BaseURL()}, out, false, false, "0.3 through the recorder", log)
	}()
	defer func() {
		stop()
		<-done
	}()

	sent := &sentLog{next: http.DefaultTransport}
	hc := &http.Client{Transport: sent, Timeout: 30 * time.Second}
	base := proxy + "/planner"
	var card *a2a.AgentCard
	for deadline := time.Now().Add(5 * time.Second); ; {
		r := &agentcard.Resolver{Client: hc, CardParser: a2av0.NewAgentCardParser()}
		card, err = r.Resolve(ctx, base, agentcard.WithPath(agents.LegacyCardPath))
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the planner's 0.3 card through the recorder: %v", err)
	}
	c, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithDefaultsDisabled(),
		a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{Client: hc}))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Destroy()
	send := func(m *a2a.Message) *a2a.Task {
		t.Helper()
		res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: m})
		if err != nil {
			t.Fatalf("message/send: %v", err)
		}
		task, ok := res.(*a2a.Task)
		if !ok {
			t.Fatalf("message/send returned %T, want a task", res)
		}
		return task
	}
	task := send(agents.NewPlanMessage(agents.PlanRequest{Repository: agents.SampleRepository, Diff: agents.SampleDiff,
		Build: agents.SampleBuild, Environment: agents.SampleEnvironment}))
	if task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("first reply in %s, want INPUT_REQUIRED", task.Status.State)
	}
	task = send(agents.NewAnswerMessage(task, "main"))
	if task.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("the answer's reply in %s, want AUTH_REQUIRED", task.Status.State)
	}
	approve := approveRE.FindString(agents.MessageText(task.Status.Message))
	if !strings.HasPrefix(approve, proxy+"/deployer/approve/") {
		t.Fatalf("the approve link %q does not lead through the recorder", approve)
	}
	var states []a2a.TaskState
	approved := false
	for ev, err := range c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: task.ID}) {
		if err != nil {
			t.Fatalf("tasks/resubscribe: %v", err)
		}
		switch e := ev.(type) {
		case *a2a.Task:
			states = append(states, e.Status.State)
		case *a2a.TaskStatusUpdateEvent:
			states = append(states, e.Status.State)
		}
		if len(states) == 1 && !approved {
			approved = true
			req, _ := http.NewRequest(http.MethodPost, approve, nil)
			req.Header.Set("Authorization", "Bearer "+kit.Deployer.OperatorToken())
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("POST %s: %s %s", approve, resp.Status, b)
			}
		}
	}
	if len(states) == 0 || states[0] != a2a.TaskStateAuthRequired || states[len(states)-1] != a2a.TaskStateCompleted {
		t.Fatalf("the resubscribed stream: %v, want AUTH_REQUIRED first and COMPLETED last", states)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	done <- nil // for the deferred stop

	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(data, "v03.http")
	if err != nil {
		t.Fatal(err)
	}
	// Bytes as sent: every body the client sent is a request body of the
	// transcript, in order.
	var recorded []string
	for _, x := range tr.Exchanges {
		if x.Request.Body != "" {
			recorded = append(recorded, x.Request.Body)
		}
	}
	var bodies []string
	for _, b := range sent.bodies {
		if b != "" {
			bodies = append(bodies, b)
		}
	}
	if strings.Join(recorded, "\n---\n") != strings.Join(bodies, "\n---\n") {
		t.Errorf("request bodies as recorded:\n%s\nas sent:\n%s", strings.Join(recorded, "\n---\n"), strings.Join(bodies, "\n---\n"))
	}
	var names []string
	for _, x := range tr.Exchanges {
		names = append(names, x.Name)
		// The kit's card is the union of both versions' (a2a-go's compat
		// card), which reads as either; every call speaks 0.3.
		if v := replay.ExchangeVersion(x); x.Channel == replay.ChannelOutOfBand && v != "" || x.Name != "GetAgentCard" && x.Channel != replay.ChannelOutOfBand && v != replay.V03 {
			t.Errorf("exchange %d %s reads as version %q", x.Seq, x.Name, v)
		}
	}
	// In the order they completed: the approval before the stream it
	// resumed.
	if want := "GetAgentCard message/send message/send approve tasks/resubscribe"; strings.Join(names, " ") != want {
		t.Errorf("exchanges %q, want %q", strings.Join(names, " "), want)
	}
	for _, w := range []string{`"state":"input-required"`, `"state":"auth-required"`, `"kind":"status-update"`, `"final":true`} {
		if !strings.Contains(string(data), w) {
			t.Errorf("the transcript lacks 0.3's %s", w)
		}
	}
	var seen []string
	for _, s := range replay.Steps(tr) {
		if s.Reports && s.Changed {
			seen = append(seen, replay.ShortState(s.State))
		}
	}
	if got := strings.Join(seen, " "); !strings.Contains(got, "INPUT_REQUIRED") || !strings.Contains(got, "AUTH_REQUIRED") || !strings.HasSuffix(got, "COMPLETED") {
		t.Errorf("the steps' states: %s", got)
	}
	for _, f := range check.Check(tr) {
		if f.Rule != "v03-migration" {
			t.Errorf("v03.http:%d: %s", f.Line, f)
		}
	}
	if t.Failed() {
		t.Logf("the transcript:\n%s", data)
	}
}
