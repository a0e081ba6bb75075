//go:build !js

// Remote sessions need sockets; under js/wasm net/http has none (in
// Node it fakes them, in a browser it is fetch), so these run natively.
// The browser's path is tested end to end in headless Chromium.

package live

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"
)

// A remoteKit is the kit served on loopback ports, as `a2aplay agents`
// serves it.
type remoteKit struct {
	kit     *agents.Kit
	servers map[string]*httptest.Server // by agent name
}

func (k *remoteKit) url(name string) string { return k.servers[name].URL }

func startKit(t *testing.T) *remoteKit {
	t.Helper()
	ls := map[string]net.Listener{}
	port := func(name string) int {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls[name] = l
		return l.Addr().(*net.TCPAddr).Port
	}
	kit := agents.NewKit(agents.KitConfig{
		Host:         "127.0.0.1",
		PlannerPort:  port(agents.PlannerName),
		ReviewerPort: port(agents.ReviewerName),
		DeployerPort: port(agents.DeployerName),
	})
	rk := &remoteKit{kit: kit, servers: map[string]*httptest.Server{}}
	for _, a := range kit.Agents() {
		srv := httptest.NewUnstartedServer(a.Handler())
		srv.Listener.Close()
		srv.Listener = ls[a.Name()]
		srv.Start()
		if srv.URL != a.BaseURL() {
			t.Fatalf("the %s serves at %s, its card says %s", a.Name(), srv.URL, a.BaseURL())
		}
		rk.servers[a.Name()] = srv
	}
	t.Cleanup(func() {
		kit.Close()
		for _, s := range rk.servers {
			s.Close()
		}
	})
	return rk
}

func (k *remoteKit) all() []string {
	return []string{k.url(agents.ReviewerName), k.url(agents.DeployerName), k.url(agents.PlannerName)}
}

func TestRemoteKit(t *testing.T) {
	k := startKit(t)
	s := openTest(t, Config{Remote: k.all(), Transport: &http.Transport{}})
	if s.Mode() != Remote {
		t.Fatalf("mode %s", s.Mode())
	}

	// The answer flow over HTTP+JSON, with a deviation on the way.
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{Binding: HTTPJSON}) })
	review := wantState(t, "SendDiff", r, "TASK_STATE_INPUT_REQUIRED")
	sub := subscribeUntilError(t, s, review.ID, HTTPJSON)
	if sub.Deviation == nil || sub.Deviation.Spec != "§3.1.6" || sub.Error.Kind() != "TASK_NOT_FOUND" {
		t.Errorf("remote subscribe on INPUT_REQUIRED: error %+v deviation %+v", sub.Error, sub.Deviation)
	}
	a := s.do("Answer", func(ctx context.Context) (*Result, error) {
		return s.Answer(ctx, AnswerArgs{TaskID: review.ID, Text: "main"})
	})
	wantState(t, "Answer", a, "TASK_STATE_COMPLETED")

	// The deploy, approved by the operator, the stream resuming.
	d, deploy := deployUntilAuth(t, s, JSONRPC)
	if !strings.HasPrefix(deploy.ApproveURL, k.url(agents.DeployerName)+"/approve/") {
		t.Errorf("approve URL %s is not the remote deployer's", deploy.ApproveURL)
	}
	// Remote, the session holds no token: without the one the kit
	// printed, the deployer answers 401 and the deploy waits on.
	no := s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: deploy.ID}) })
	if no.HTTP == nil || no.HTTP.Status != http.StatusUnauthorized || no.Error == nil || !strings.Contains(no.Note, "a2aplay agents") {
		t.Fatalf("approve without the token: %+v %+v %q, want 401", no.HTTP, no.Error, no.Note)
	}
	if _, err := s.Approve(context.Background(), DecideArgs{TaskID: deploy.ID, Token: "two words"}); err == nil || !strings.Contains(err.Error(), "one word") {
		t.Errorf("a token of two words: %v", err)
	}
	tok := k.kit.Deployer.OperatorToken()
	ap := s.do("Approve", func(ctx context.Context) (*Result, error) {
		return s.Approve(ctx, DecideArgs{TaskID: deploy.ID, Token: tok})
	})
	if ap.HTTP == nil || ap.HTTP.Status != http.StatusOK {
		t.Fatalf("approve: %+v %+v", ap.HTTP, ap.Error)
	}
	sn := s.waitFor("the deploy stream's end", streamClosed(d.Stream.ID))
	if st := sn.Streams[d.Stream.ID-1]; st.State != "TASK_STATE_COMPLETED" || st.Events != 6 {
		t.Errorf("the remote deploy stream ended %+v", st)
	}

	// The planner chain.
	p := s.do("RunPlanner", func(ctx context.Context) (*Result, error) { return s.RunPlanner(ctx, PlanArgs{}) })
	plan := wantState(t, "RunPlanner", p, "TASK_STATE_INPUT_REQUIRED")
	pa := s.do("Answer", func(ctx context.Context) (*Result, error) {
		return s.Answer(ctx, AnswerArgs{TaskID: plan.ID, Text: "main"})
	})
	passed := wantState(t, "Answer the planner", pa, "TASK_STATE_AUTH_REQUIRED")
	if passed.ApproveAgent != agents.DeployerName || passed.ApproveTask == plan.ID || !strings.HasSuffix(passed.ApproveURL, "/approve/"+passed.ApproveTask) {
		t.Errorf("the planner passed up %s, said to decide %s's task %q; want the deployer's task in the link", passed.ApproveURL, passed.ApproveAgent, passed.ApproveTask)
	}
	ps := s.do("Subscribe", func(ctx context.Context) (*Result, error) { return s.Subscribe(ctx, TaskArgs{TaskID: plan.ID}) })
	s.do("Approve", func(ctx context.Context) (*Result, error) {
		return s.Approve(ctx, DecideArgs{TaskID: plan.ID, Token: tok})
	})
	sn = s.waitFor("the planner's subscription to end", streamClosed(ps.Stream.ID))
	if st := sn.Streams[ps.Stream.ID-1]; st.State != "TASK_STATE_COMPLETED" {
		t.Errorf("the planner's subscription ended %+v", st)
	}

	tr := s.Transcript()
	if got := names(tr.Participants); got != "client code-reviewer deployer planner operator" {
		t.Errorf("participants %q", got)
	}
	for _, part := range tr.Participants {
		if part.Name != ClientName && part.Name != OperatorName && part.URL != k.url(part.Name) {
			t.Errorf("participant %s at %q, want %s", part.Name, part.URL, k.url(part.Name))
		}
	}
	for i, x := range tr.Exchanges[:3] {
		if x.Name != "GetAgentCard" || x.From != ClientName {
			t.Errorf("exchange %d is %s from %s, want the card read at Open", i+1, x.Name, x.From)
		}
	}
	b, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replay.Parse(b, "remote.http"); err != nil {
		t.Errorf("the remote session does not parse: %v", err)
	}
}

// Any agent: a single remote agent is the default target of Send.
func TestRemoteSendToOneAgent(t *testing.T) {
	k := startKit(t)
	s := openTest(t, Config{Remote: []string{k.url(agents.ReviewerName) + "/"}, Transport: &http.Transport{}})
	r := s.do("Send", func(ctx context.Context) (*Result, error) {
		return s.Send(ctx, SendArgs{Text: "please review my code"})
	})
	// Plain words: the reviewer asks what it lacks.
	task := wantState(t, "Send", r, "TASK_STATE_INPUT_REQUIRED")
	if task.Text != agents.RepositoryQuestion {
		t.Errorf("the reviewer said %q", task.Text)
	}
	st := s.do("Send stream", func(ctx context.Context) (*Result, error) {
		return s.Send(ctx, SendArgs{Text: "please review my code", Stream: true, Binding: HTTPJSON})
	})
	if st.Stream == nil || st.Task == nil || st.Task.State != "TASK_STATE_INPUT_REQUIRED" {
		t.Errorf("streamed send: %+v", st)
	}
	if _, err := s.Deploy(context.Background(), DeployArgs{}); err == nil || !strings.Contains(err.Error(), "no deployer") {
		t.Errorf("a deploy without a deployer: %v", err)
	}
}

func TestRemoteFailures(t *testing.T) {
	ctx := context.Background()
	for _, bad := range []string{"localhost:41242", "ftp://x", "http://", "http://x/?q=1"} {
		if _, err := Open(ctx, Config{Remote: []string{bad}}); err == nil || !strings.Contains(err.Error(), "URL") {
			t.Errorf("Open(%q): %v, want an error about the URL", bad, err)
		}
	}

	// Nothing listens: Open fails reading the card.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String()
	l.Close()
	// The message says what failed, without the in-process transport's
	// "panicked", which reads like a crash of the page.
	if _, err := Open(ctx, Config{Remote: []string{dead}, Transport: &http.Transport{}}); err == nil || !strings.Contains(err.Error(), "agent card") ||
		!strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "panicked") || strings.Contains(err.Error(), "capture:") {
		t.Errorf("Open on a closed port: %v", err)
	}

	// The agent goes away mid-session: the move's answer is the failure.
	k := startKit(t)
	s := openTest(t, Config{Remote: []string{k.url(agents.ReviewerName)}, Transport: &http.Transport{}})
	k.servers[agents.ReviewerName].Close()
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{}) })
	if r.Error == nil || r.Error.Transport == "" || strings.Contains(r.Error.Transport, "capture:") {
		t.Errorf("a move to a stopped agent: error %+v failure %q", r.Error, r.Failure)
	}
	x := s.Transcript().Exchanges[r.Exchanges[0]-1]
	if x.Response == nil || x.Response.Err == "" || strings.HasPrefix(x.Response.Err, "capture:") {
		t.Errorf("the recorded failure is %+v", x.Response)
	}
	if _, err := replay.Marshal(s.Transcript()); err != nil {
		t.Errorf("a session with a failed exchange does not write: %v", err)
	}
}

func TestRemoteCloseLeavesNoGoroutines(t *testing.T) {
	k := startKit(t)
	run := func() *tsession {
		s := openTest(t, Config{Remote: k.all(), Transport: &http.Transport{}})
		deployUntilAuth(t, s, JSONRPC)
		p := s.do("RunPlanner", func(ctx context.Context) (*Result, error) { return s.RunPlanner(ctx, PlanArgs{}) })
		wantState(t, "RunPlanner", p, "TASK_STATE_INPUT_REQUIRED")
		return s
	}
	run().Close()
	before := settledGoroutines(0)
	s := run()
	s.Close()
	if after := settledGoroutines(before); after > before {
		t.Errorf("%d goroutines after Close, %d before\n%s", after, before, goroutineDump())
	}
	for _, task := range s.Snapshot().Tasks {
		if task.State != "TASK_STATE_CANCELED" {
			t.Errorf("task %s of the %s is in %s after Close", task.ID, task.Agent, task.State)
		}
	}
}

func TestRemoteNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"code-reviewer", "code-reviewer"},
		{"My Agent (v2)", "My-Agent-v2"},
		{"  ", ""},
		{"ünïcode agent", "n-code-agent"},
		{strings.Repeat("a", 60), strings.Repeat("a", 40)},
	} {
		if got := wordOf(tc.in); got != tc.want {
			t.Errorf("wordOf(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	taken := map[string]bool{"client": true, "agent": true, "agent-2": true}
	if got := uniqueName("agent", taken); got != "agent-3" {
		t.Errorf("uniqueName = %q", got)
	}
	if got := hostWord("[::1]:" + strconv.Itoa(41242)); got != "--1-41242" {
		t.Errorf("hostWord = %q", got)
	}
}

// sharedOrigin serves the code-reviewer and the deployer on one
// loopback port under /reviewer and /deployer, their cards naming
// localhost. Like SDKs that fail a stream before it starts (the A2A
// JavaScript SDK on a terminal task), the deployer answers every
// JSON-RPC SubscribeToTask with a plain JSON error: HTTP 200,
// application/json, code -32004.
func sharedOrigin(t *testing.T) (origin, token string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	card := "http://localhost:" + port
	rv := agents.NewCodeReviewer(agents.Config{BaseURL: card + "/reviewer"})
	dp := agents.NewDeployer(agents.Config{BaseURL: card + "/deployer"})
	mux := http.NewServeMux()
	mux.Handle("/reviewer/", http.StripPrefix("/reviewer", rv.Handler()))
	mux.Handle("/deployer/", http.StripPrefix("/deployer", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rt, ok := binding.Match(r.Method, r.URL.EscapedPath()); ok && rt.Op.Method == "SubscribeToTask" {
			// The JavaScript SDK's media type, which a2a-go's client
			// does not read.
			w.Header().Set("Content-Type", "application/a2a+json; charset=utf-8")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"error":{"code":400,"status":"FAILED_PRECONDITION","message":"the task is in a terminal state and cannot be subscribed to",`+
				`"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"UNSUPPORTED_OPERATION","domain":"a2a-protocol.org"}]}}`)
			return
		}
		if r.Method == http.MethodPost && r.URL.Path == "/" {
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), `"SubscribeToTask"`) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"the task is in a terminal state and cannot be subscribed to"}}`)
				return
			}
			r.Body = io.NopCloser(strings.NewReader(string(body)))
		}
		dp.Handler().ServeHTTP(w, r)
	})))
	srv := httptest.NewUnstartedServer(mux)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(func() {
		rv.Close()
		dp.Close()
		srv.Close()
	})
	return "http://127.0.0.1:" + port, dp.OperatorToken()
}

// Agents are their cards: two agents on one origin under different
// paths stay two participants, and 127.0.0.1 (the URLs given) and
// localhost (the URLs the cards list) are one agent.
func TestRemoteAgentsShareAnOrigin(t *testing.T) {
	origin, token := sharedOrigin(t)
	s := openTest(t, Config{
		Remote:    []string{origin + "/reviewer", origin + "/deployer/", strings.Replace(origin, "127.0.0.1", "localhost", 1) + "/reviewer"},
		Transport: &http.Transport{},
	})
	if got := len(s.Snapshot().Agents); got != 2 {
		t.Fatalf("%d agents, want 2: the reviewer named twice is one agent", got)
	}
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{}) })
	review := wantState(t, "SendDiff", r, "TASK_STATE_INPUT_REQUIRED")
	s.do("Answer", func(ctx context.Context) (*Result, error) {
		return s.Answer(ctx, AnswerArgs{TaskID: review.ID, Text: "main", Binding: HTTPJSON})
	})
	d, deploy := deployOn(t, s)
	if !strings.Contains(deploy.ApproveURL, "localhost") || !strings.Contains(deploy.ApproveURL, "/deployer/approve/") {
		t.Fatalf("approve URL %q", deploy.ApproveURL)
	}
	if deploy.ApproveAgent != agents.DeployerName || deploy.ApproveTask != deploy.ID {
		t.Errorf("the link %s decides %s's task %q, want the deployer's %s (its card names it on another host)", deploy.ApproveURL, deploy.ApproveAgent, deploy.ApproveTask, deploy.ID)
	}
	s.do("Approve", func(ctx context.Context) (*Result, error) {
		return s.Approve(ctx, DecideArgs{TaskID: deploy.ID, Token: token})
	})
	s.waitFor("the deploy stream's end", streamClosed(d.Stream.ID))

	tr := s.Transcript()
	if got := names(tr.Participants); got != "client code-reviewer deployer operator" {
		t.Errorf("participants %q", got)
	}
	if p := tr.Participant(agents.ReviewerName); p == nil || p.URL != origin+"/reviewer" {
		t.Errorf("the code-reviewer participant: %+v", p)
	}
	if p := tr.Participant(agents.DeployerName); p == nil || p.URL != origin+"/deployer" {
		t.Errorf("the deployer participant: %+v", p)
	}
	for _, x := range tr.Exchanges {
		u, err := url.Parse(x.Request.URL)
		if err != nil {
			t.Fatal(err)
		}
		want := agents.ReviewerName
		if strings.HasPrefix(u.Path, "/deployer") {
			want = agents.DeployerName
		}
		if x.To != want {
			t.Errorf("exchange %d %s %s is drawn to %s, want %s", x.Seq, x.Name, x.Request.URL, x.To, want)
		}
		if x.Channel == replay.ChannelOutOfBand && x.Name != "approve" {
			t.Errorf("exchange %d %s is named %q, want approve", x.Seq, x.Request.URL, x.Name)
		}
	}
	steps := replay.Steps(tr)
	lanes := map[string]bool{}
	for _, st := range steps {
		lanes[st.From], lanes[st.To] = true, true
	}
	if len(lanes) != 4 {
		t.Errorf("the steps use %d lanes, want 4: %v", len(lanes), lanes)
	}
}

// A streaming call answered with a plain JSON error shows that error,
// with its code, not a stream that closed without events.
func TestRemoteStreamAnsweredWithJSONError(t *testing.T) {
	origin, token := sharedOrigin(t)
	s := openTest(t, Config{Remote: []string{origin + "/deployer"}, Transport: &http.Transport{}})
	d, deploy := deployOn(t, s)
	s.do("Approve", func(ctx context.Context) (*Result, error) {
		return s.Approve(ctx, DecideArgs{TaskID: deploy.ID, Token: token})
	})
	s.waitFor("the deploy stream's end", streamClosed(d.Stream.ID))

	sub := s.do("Subscribe", func(ctx context.Context) (*Result, error) { return s.Subscribe(ctx, TaskArgs{TaskID: deploy.ID}) })
	if sub.Error == nil || sub.Error.Code != -32004 || !sub.Error.NoStream || sub.Error.HTTPStatus != http.StatusOK {
		t.Fatalf("subscribe to a completed task: error %+v, failure %q, stream %+v", sub.Error, sub.Failure, sub.Stream)
	}
	if sub.Error.Kind() != "UNSUPPORTED_OPERATION" || sub.Deviation != nil {
		t.Errorf("the error is %s with deviation %+v; -32004 is what §3.1.6 asks for", sub.Error.Kind(), sub.Deviation)
	}
	if sub.Stream == nil || sub.Stream.Open || !strings.Contains(sub.Stream.Error, "-32004") {
		t.Errorf("the stream: %+v", sub.Stream)
	}
	if st := s.Snapshot().Streams[sub.Stream.ID-1]; !strings.Contains(st.Error, "-32004") {
		t.Errorf("the snapshot's stream: %+v", st)
	}
	rest := s.do("Subscribe", func(ctx context.Context) (*Result, error) {
		return s.Subscribe(ctx, TaskArgs{TaskID: deploy.ID, Binding: HTTPJSON})
	})
	if e := rest.Error; e == nil || e.HTTPStatus != http.StatusBadRequest || e.Status != "FAILED_PRECONDITION" || e.Kind() != "UNSUPPORTED_OPERATION" || !e.NoStream || rest.Deviation != nil {
		t.Errorf("subscribe over HTTP+JSON: error %+v, deviation %+v", rest.Error, rest.Deviation)
	}
	// The diagram draws the error from the saved wire.
	tr := s.Transcript()
	x := tr.Exchanges[sub.Exchanges[len(sub.Exchanges)-1]-1]
	var found bool
	for _, st := range replay.Steps(tr) {
		if st.Exchange == x.Seq && st.Error != nil && st.Error.Code == -32004 && strings.Contains(st.Label, "-32004") {
			found = true
		}
	}
	if !found {
		t.Errorf("no step of exchange %d shows the error -32004", x.Seq)
	}
}

// deployOn deploys over a stream to the session's deployer and returns
// the result at AUTH_REQUIRED.
func deployOn(t *testing.T, s *tsession) (*Result, *Task) {
	t.Helper()
	r := s.do("Deploy", func(ctx context.Context) (*Result, error) { return s.Deploy(ctx, DeployArgs{}) })
	task := wantState(t, "Deploy", r, "TASK_STATE_AUTH_REQUIRED")
	if r.Stream == nil || !r.Stream.Open || task.ApproveURL == "" {
		t.Fatalf("the deploy: stream %+v, task %+v", r.Stream, task)
	}
	return r, task
}
