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
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

// testTime is what the test clock always says.
var testTime = time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)

func testClock() time.Time { return testTime }

// served is an agent behind a loopback server.
type served struct {
	*Agent
	srv *httptest.Server
	url string
}

// serve starts a loopback server and builds the agent with its URL as the
// base URL.
func serve(t testing.TB, build func(baseURL string) *Agent) *served {
	t.Helper()
	var h http.Handler
	ready := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-ready
		h.ServeHTTP(w, r)
	}))
	a := build(srv.URL)
	if tok := a.OperatorToken(); tok != "" {
		operatorTokens.Store(srv.URL, tok)
		t.Cleanup(func() { operatorTokens.Delete(srv.URL) })
	}
	h = a.Handler()
	close(ready)
	s := &served{Agent: a, srv: srv, url: srv.URL}
	t.Cleanup(func() {
		a.Close()
		srv.Close()
	})
	return s
}

// testKit is the three agents on loopback servers.
type testKit struct {
	planner, reviewer, deployer *served
	// calls records the planner's outbound calls, as "GET /path" or
	// "POST <jsonrpc method>".
	calls *callLog
}

type callLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *callLog) add(s string) {
	l.mu.Lock()
	l.calls = append(l.calls, s)
	l.mu.Unlock()
}

func (l *callLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.calls...)
}

// recordingTransport logs each request's agent and method.
type recordingTransport struct {
	names map[string]string // host -> agent name
	log   *callLog
	next  http.RoundTripper
}

func (rt *recordingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	what := r.Method + " " + r.URL.Path
	if r.Method == http.MethodPost && r.GetBody != nil {
		if body, err := r.GetBody(); err == nil {
			var env struct {
				Method string `json:"method"`
			}
			if json.NewDecoder(body).Decode(&env) == nil && env.Method != "" {
				what = "POST " + env.Method
			}
			body.Close()
		}
	}
	rt.log.add(rt.names[r.URL.Host] + " " + what)
	return rt.next.RoundTrip(r)
}

func newTestKit(t testing.TB) *testKit {
	t.Helper()
	k := &testKit{calls: &callLog{}}
	k.reviewer = serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	k.deployer = serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	rt := &recordingTransport{names: map[string]string{
		host(k.reviewer.url): ReviewerName,
		host(k.deployer.url): DeployerName,
	}, log: k.calls, next: tr}
	k.planner = serve(t, func(u string) *Agent {
		return NewPlanner(Config{
			BaseURL: u, Clock: testClock, HTTPClient: &http.Client{Transport: rt},
			ReviewerURL: k.reviewer.url, DeployerURL: k.deployer.url,
		})
	})
	// The planner closes first, while the agents it calls still answer.
	t.Cleanup(k.planner.Close)
	return k
}

func host(u string) string { return strings.TrimPrefix(u, "http://") }

// newClient resolves an agent's card and returns a client for it.
func newClient(t testing.TB, hc *http.Client, baseURL string, prefer ...a2a.TransportProtocol) *a2aclient.Client {
	t.Helper()
	ctx := context.Background()
	card, err := agentcard.NewResolver(hc).Resolve(ctx, baseURL)
	if err != nil {
		t.Fatalf("resolve card at %s: %v", baseURL, err)
	}
	c, err := a2aclient.NewFromCard(ctx, card,
		a2aclient.WithJSONRPCTransport(hc), a2aclient.WithRESTTransport(hc),
		a2aclient.WithConfig(a2aclient.Config{PreferredTransports: prefer}))
	if err != nil {
		t.Fatalf("client for %s: %v", baseURL, err)
	}
	t.Cleanup(func() { c.Destroy() })
	return c
}

// testHTTPClient returns a client with its own transport, closed at the
// end of the test.
func testHTTPClient(t testing.TB) *http.Client {
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

func sendTask(t testing.TB, c *a2aclient.Client, m *a2a.Message) *a2a.Task {
	t.Helper()
	res, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: m})
	if err != nil {
		t.Fatalf("SendMessage: %v", err)
	}
	task, ok := res.(*a2a.Task)
	if !ok {
		t.Fatalf("SendMessage returned %T, want a task", res)
	}
	return task
}

// reviewOf decodes the review.json artifact of a task.
func reviewOf(t testing.TB, task *a2a.Task) *Review {
	t.Helper()
	var rv Review
	decodeArtifact(t, task, ReviewArtifact, &rv)
	return &rv
}

func decodeArtifact(t testing.TB, task *a2a.Task, name string, v any) {
	t.Helper()
	a := findArtifact(task, name)
	if a == nil {
		t.Fatalf("task %s (%s) has no artifact %s", task.ID, task.Status.State, name)
		return // t may be a testing.TB whose Fatalf returns
	}
	b, err := json.Marshal(a.Parts[0].Data())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("artifact %s: %v in %s", name, err, b)
	}
}

// post sends an empty POST and returns the status and body.
//
// A POST to a deployer served by serve carries that deployer's operator
// token, as its operator's would; see postAs for any other.
func post(t testing.TB, hc *http.Client, url string) (int, string) {
	t.Helper()
	tok := ""
	operatorTokens.Range(func(base, v any) bool {
		if strings.HasPrefix(url, base.(string)+"/") {
			tok = v.(string)
			return false
		}
		return true
	})
	return postAs(t, hc, url, OperatorAuthorization(tok))
}

// operatorTokens maps the base URL of each deployer served by serve to
// its operator token.
var operatorTokens sync.Map

// postAs POSTs to url with the Authorization header auth (none when
// empty) and returns the status and the body.
func postAs(t testing.TB, hc *http.Client, url, auth string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, b.String()
}

// waitState polls GetTask until the task reaches the state.
func waitState(t testing.TB, c *a2aclient.Client, id a2a.TaskID, want a2a.TaskState) *a2a.Task {
	t.Helper()
	var task *a2a.Task
	for i := 0; i < 500; i++ {
		var err error
		task, err = c.GetTask(context.Background(), &a2a.GetTaskRequest{ID: id})
		if err != nil {
			t.Fatalf("GetTask %s: %v", id, err)
		}
		if task.Status.State == want {
			return task
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("task %s is in %s, want %s", id, task.Status.State, want)
	return nil
}

// pendingCount is how many tasks an agent remembers between a question
// and its answer.
func (a *Agent) pendingCount() int {
	if a.pendingLen == nil {
		return 0
	}
	return a.pendingLen()
}
