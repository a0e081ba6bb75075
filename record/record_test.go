package record

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/replay"
)

// serveKit serves the kit on loopback ports; its cards name 127.0.0.1.
func serveKit(t *testing.T) *agents.Kit {
	t.Helper()
	return kittest.Serve(t, "127.0.0.1")
}

// localhost names a kit agent's URL by localhost rather than the
// 127.0.0.1 its card says, so every test crosses the two names.
func localhost(a *agents.Agent) string {
	return strings.Replace(a.BaseURL(), "127.0.0.1", "localhost", 1)
}

// A rig is a Recorder served on a loopback port, writing to a file.
type rig struct {
	t    *testing.T
	rec  *Recorder
	url  string // the proxy's base URL
	file string
	log  *logbuf.Buffer
}

func newRig(t *testing.T, root string, normalize bool, as ...Agent) *rig {
	t.Helper()
	return newRigWith(t, func(c *Config) { c.Root, c.Normalize, c.Agents = root, normalize, as })
}

// newRigWith is newRig with the configuration set by set.
func newRigWith(t *testing.T, set func(*Config)) *rig {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, url: "http://" + ln.Addr().String(), file: filepath.Join(t.TempDir(), "session.http"), log: &logbuf.Buffer{}}
	f, err := os.Create(r.file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	cfg := Config{ProxyURL: r.url, Out: f, Name: "session", Log: r.log, Title: "recorded"}
	set(&cfg)
	r.rec, err = New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: r.rec}}
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { r.rec.Close() })
	return r
}

// transcript parses what has been written so far: at every moment the
// file is a whole transcript.
func (r *rig) transcript() *replay.Transcript {
	r.t.Helper()
	data, err := os.ReadFile(r.file)
	if err != nil {
		r.t.Fatal(err)
	}
	tr, err := replay.Parse(data, "session.http")
	if err != nil {
		r.t.Fatalf("the recording does not parse: %v\n%s", err, data)
	}
	return tr
}

func names(tr *replay.Transcript) []string {
	var out []string
	for _, x := range tr.Exchanges {
		out = append(out, x.Name)
	}
	return out
}

// rpc is a JSON-RPC request body.
func rpc(id int, method string, params any) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return string(b)
}

func post(t *testing.T, url, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("A2A-Version", "1.0")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// sseReader reads frames off a response one at a time.
type sseReader struct {
	r      *bufio.Reader
	s      replay.FrameScanner
	frames []replay.Frame
}

func (s *sseReader) next(t *testing.T) map[string]any {
	t.Helper()
	for len(s.frames) == 0 {
		line, err := s.r.ReadBytes('\n')
		s.s.Feed(line, func(f replay.Frame) { s.frames = append(s.frames, f) })
		if err != nil && len(s.frames) == 0 {
			t.Fatalf("the stream ended: %v", err)
		}
	}
	f := s.frames[0]
	s.frames = s.frames[1:]
	var v map[string]any
	if err := json.Unmarshal([]byte(f.Data), &v); err != nil {
		t.Fatalf("frame %q: %v", f.Data, err)
	}
	return v
}

// state and text dig a task's state and status text out of a frame.
func state(frame map[string]any) (string, string) {
	res, _ := frame["result"].(map[string]any)
	for _, k := range []string{"task", "statusUpdate"} {
		if o, ok := res[k].(map[string]any); ok {
			st, _ := o["status"].(map[string]any)
			s, _ := st["state"].(string)
			text := ""
			if m, ok := st["message"].(map[string]any); ok {
				if ps, ok := m["parts"].([]any); ok && len(ps) > 0 {
					text, _ = ps[0].(map[string]any)["text"].(string)
				}
			}
			return s, text
		}
	}
	return "", ""
}

// TestRecordKit drives the kit's deployer and code-reviewer through the
// proxy: cards and the approve link lead back to the proxy, the file
// parses whenever it is read, and the approval is drawn between the
// frames it causes.
func TestRecordKit(t *testing.T) {
	kit := serveKit(t)
	r := newRig(t, "", false, Agent{Name: "deployer", URL: localhost(kit.Deployer)}, Agent{Name: "code-reviewer", URL: localhost(kit.Reviewer)})
	if got := r.transcript(); len(got.Exchanges) != 0 || len(got.Participants) != 3 {
		t.Fatalf("the header alone: %+v", got)
	}

	// a2a-go resolves the reviewer's card through the proxy and, from
	// the rewritten card, sends its calls through the proxy too.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	card, err := agentcard.NewResolver(http.DefaultClient).Resolve(ctx, r.url+"/code-reviewer")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range card.SupportedInterfaces {
		if !strings.HasPrefix(in.URL, r.url+"/code-reviewer") {
			t.Errorf("card interface %s %s does not lead through the proxy", in.ProtocolBinding, in.URL)
		}
	}
	c, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(http.DefaultClient))
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff)})
	if err != nil {
		t.Fatal(err)
	}
	task, ok := res.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("review: %#v, want a task in INPUT_REQUIRED", res)
	}
	res, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(task, "main")})
	if err != nil {
		t.Fatal(err)
	}
	if task, ok := res.(*a2a.Task); !ok || task.Status.State != a2a.TaskStateCompleted {
		t.Fatalf("answer: %#v, want a completed task", res)
	}

	// The deploy stream, read by hand.
	resp := post(t, r.url+"/deployer/", rpc(1, "SendStreamingMessage", map[string]any{"message": map[string]any{
		"messageId": "m1", "role": "ROLE_USER", "parts": []any{map[string]any{"data": map[string]any{"build": agents.SampleBuild, "environment": agents.SampleEnvironment}}},
	}}))
	defer resp.Body.Close()
	sse := &sseReader{r: bufio.NewReader(resp.Body)}
	var text string
	for range 3 {
		_, text = state(sse.next(t))
	}
	approve := agents.FindApproveURL(text)
	if !strings.HasPrefix(approve, r.url+"/deployer/approve/") {
		t.Fatalf("the approve link %q does not lead through the proxy", approve)
	}
	before := r.transcript()
	if got := names(before); strings.Join(got, " ") != "GetAgentCard SendMessage SendMessage" {
		t.Fatalf("while the stream is open: %v", got)
	}
	// The operator's token passes through the proxy like any header.
	areq, _ := http.NewRequest(http.MethodPost, approve, nil)
	areq.Header.Set("Authorization", agents.OperatorAuthorization(kit.Deployer.OperatorToken()))
	ar, err := http.DefaultClient.Do(areq)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, ar.Body)
	ar.Body.Close()
	if ar.StatusCode != http.StatusOK {
		t.Fatalf("approve: %s", ar.Status)
	}
	var final string
	for range 3 {
		final, _ = state(sse.next(t))
	}
	if final != "TASK_STATE_COMPLETED" {
		t.Fatalf("the stream ends in %s", final)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	waitFor(t, func() bool { return len(r.transcript().Exchanges) == 5 })

	tr := r.transcript()
	// Exchanges come in the order they completed; the approval and the
	// stream it resumed complete at about the same time.
	got := names(tr)
	if strings.Join(got[:3], " ") != "GetAgentCard SendMessage SendMessage" {
		t.Errorf("exchanges in the order they completed: %s", got)
	}
	ap, st := tr.Exchanges[3], tr.Exchanges[4]
	if ap.Name != "approve" {
		ap, st = st, ap
	}
	if ap.Name != "approve" || st.Name != "SendStreamingMessage" {
		t.Fatalf("exchanges 4 and 5: %s", got)
	}
	if ap.Channel != replay.ChannelOutOfBand || ap.To != "deployer" || !strings.HasPrefix(ap.Request.URL, localhost(kit.Deployer)+"/approve/") {
		t.Errorf("approve exchange: %s to %s at %s", ap.Channel, ap.To, ap.Request.URL)
	}
	// The proxy passed the operator's token on, and records it as sent.
	var auth string
	for _, h := range ap.Request.Header {
		if strings.EqualFold(h.Name, "Authorization") {
			auth = h.Value
		}
	}
	if auth != agents.OperatorAuthorization(kit.Deployer.OperatorToken()) {
		t.Errorf("the recorded approval's Authorization %q, want the operator's token", auth)
	}
	fs := st.Response.Stream
	if len(fs.Frames) != 6 || fs.End == nil || fs.End.By != replay.EndServer {
		t.Fatalf("stream: %d frames, end %+v", len(fs.Frames), fs.End)
	}
	// The stream is recorded as the agent sent it: its approve link names
	// the deployer, as the approve exchange does.
	if !strings.Contains(fs.Frames[2].Data, localhost(kit.Deployer)+"/approve/") && !strings.Contains(fs.Frames[2].Data, kit.Deployer.BaseURL()+"/approve/") {
		t.Errorf("frame 3 as recorded: %s", fs.Frames[2].Data)
	}
	if !ap.Request.At.After(fs.Frames[2].At) || ap.Request.At.After(fs.Frames[3].At) {
		t.Errorf("approve at %v is not between frame 3 (%v) and frame 4 (%v)", ap.Request.At, fs.Frames[2].At, fs.Frames[3].At)
	}
	steps := replay.Steps(tr)
	iApprove, iFrame4 := -1, -1
	for i, s := range steps {
		if s.Exchange == ap.Seq && iApprove < 0 {
			iApprove = i
		}
		if s.Exchange == st.Seq && s.Frame == 4 {
			iFrame4 = i
		}
	}
	if iApprove < 0 || iFrame4 < 0 || iApprove > iFrame4 {
		t.Errorf("steps: approve at %d, frame 4 at %d", iApprove, iFrame4)
	}
	for _, want := range []string{"1 GetAgentCard client -> code-reviewer: 200 OK", "approve client -> deployer: 200 OK", "SendStreamingMessage client -> deployer: 200 OK, 6 frames, closed by the server"} {
		if !strings.Contains(r.log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, r.log.String())
		}
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRecordNormalize checks that -normalize writes capture's ids and
// clock, and that the root agent answers at the proxy's root.
func TestRecordNormalize(t *testing.T) {
	kit := serveKit(t)
	r := newRig(t, "deployer", true, Agent{Name: "deployer", URL: localhost(kit.Deployer)})
	resp := post(t, r.url+"/", rpc(7, "SendMessage", map[string]any{"message": map[string]any{
		"messageId": "m1", "role": "ROLE_USER", "parts": []any{map[string]any{"data": map[string]any{"build": agents.SampleBuild, "environment": agents.SampleEnvironment}}},
	}}))
	var reply struct {
		Result struct {
			Task struct {
				ID     string `json:"id"`
				Status struct {
					State   string `json:"state"`
					Message struct {
						Parts []struct {
							Text string `json:"text"`
						} `json:"parts"`
					} `json:"message"`
				} `json:"status"`
			} `json:"task"`
		} `json:"result"`
	}
	json.NewDecoder(resp.Body).Decode(&reply)
	resp.Body.Close()
	task := reply.Result.Task
	if task.Status.State != "TASK_STATE_AUTH_REQUIRED" || !strings.Contains(task.Status.Message.Parts[0].Text, r.url+"/approve/"+task.ID) {
		t.Fatalf("reply through the root: %+v", task)
	}
	r.rec.Close()
	tr := r.transcript()
	x := tr.Exchanges[0]
	if !x.Request.At.Equal(capture.Tick(0)) || !x.Response.At.Equal(capture.Tick(1)) {
		t.Errorf("times %v, %v: want ticks 0 and 1", x.Request.At, x.Response.At)
	}
	// The first id of a session named "session", as capture numbers
	// them: sha256("session/1") made a version 4 UUID.
	if !strings.Contains(x.Response.Body, "2a3571cf-ad76-4765-964d-add0dbc68417") || strings.Contains(x.Response.Body, task.ID) {
		t.Errorf("ids not normalised:\n%s", x.Response.Body)
	}
	if !strings.Contains(x.Request.Body, `"id": 1`) || x.Request.Get("A2A-Version") != "1.0" {
		t.Errorf("request not normalised:\n%v\n%s", x.Request.Header, x.Request.Body)
	}
	if !strings.Contains(strings.Join(tr.Notes, "\n"), "normalised") {
		t.Errorf("notes %q do not say the recording is normalised", tr.Notes)
	}
}

// TestRecordBadInput: an agent that is down, a client that leaves in
// the middle of a stream, agents that send garbage and a recording
// stopped in the middle of a stream each give one line in the log and a
// clean exchange in a file that parses.
func TestRecordBadInput(t *testing.T) {
	kit := serveKit(t)
	down, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	downURL := "http://" + down.Addr().String()
	down.Close()

	garbage, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer garbage.Close()
	go func() {
		for {
			c, err := garbage.Accept()
			if err != nil {
				return
			}
			bufio.NewReader(c).ReadString('\n')
			c.Write([]byte("\x00\xffnot HTTP at all\r\n\r\n"))
			c.Close()
		}
	}()
	odd := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/.well-known/agent-card.json":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "<html>not a card")
		case "/binary":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte{0xff, 0xfe, 0, 1, '\n', '#', 'x'})
		case "/sse":
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write([]byte("data: \xff\xfe\n\n: just a comment\n\nnonsense line\ndata: # fine\n\n"))
		case "/cut":
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write([]byte("data: one\n\n"))
			w.(http.Flusher).Flush()
			hj, _, _ := w.(http.Hijacker).Hijack()
			hj.Close()
		}
	}))
	defer odd.Close()

	r := newRig(t, "", false,
		Agent{Name: "down", URL: downURL},
		Agent{Name: "garbage", URL: "http://" + garbage.Addr().String()},
		Agent{Name: "odd", URL: odd.URL},
		Agent{Name: "deployer", URL: localhost(kit.Deployer)})
	get := func(path string) (int, string) {
		resp, err := http.Get(r.url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/down/.well-known/agent-card.json"); code != http.StatusBadGateway || !strings.Contains(body, "connection refused") {
		t.Errorf("down: %d %s", code, body)
	}
	if code, _ := get("/garbage/x"); code != http.StatusBadGateway {
		t.Errorf("garbage: %d", code)
	}
	get("/odd/.well-known/agent-card.json")
	get("/odd/binary")
	get("/odd/sse")
	get("/odd/cut")
	if code, _ := get("/nobody/x"); code != http.StatusNotFound {
		t.Errorf("no agent: %d", code)
	}

	// The client leaves after the first frame of a deploy stream.
	deploy := func() *http.Response {
		return post(t, r.url+"/deployer/", rpc(1, "SendStreamingMessage", map[string]any{"message": map[string]any{
			"messageId": "m1", "role": "ROLE_USER", "parts": []any{map[string]any{"data": map[string]any{"build": agents.SampleBuild, "environment": agents.SampleEnvironment}}},
		}}))
	}
	resp := deploy()
	(&sseReader{r: bufio.NewReader(resp.Body)}).next(t)
	resp.Body.Close()
	waitFor(t, func() bool { return len(r.transcript().Exchanges) == 7 })

	// The recording stops while another deploy waits for approval.
	resp = deploy()
	sse := &sseReader{r: bufio.NewReader(resp.Body)}
	for range 3 {
		sse.next(t)
	}
	r.rec.Close()
	resp.Body.Close()
	if code, _ := get("/deployer/"); code != http.StatusServiceUnavailable {
		t.Errorf("after Close: %d", code)
	}

	tr := r.transcript()
	if len(tr.Exchanges) != 8 {
		t.Fatalf("%d exchanges: %v", len(tr.Exchanges), names(tr))
	}
	by := map[string]*replay.Exchange{}
	for _, x := range tr.Exchanges {
		by[x.To+" "+x.Request.URL[strings.LastIndex(x.Request.URL, "/"):]] = x
	}
	check := func(key, what string, ok bool) {
		t.Helper()
		if !ok {
			x := by[key]
			t.Errorf("%s: %s; got %+v", key, what, x)
		}
	}
	x := by["down /agent-card.json"]
	check("down /agent-card.json", "an error: connection refused", x != nil && x.Response != nil && x.Response.Err == "connection refused")
	x = by["garbage /x"]
	check("garbage /x", "an error saying the response is malformed", x != nil && x.Response != nil && strings.Contains(x.Response.Err, "malformed HTTP"))
	x = by["odd /agent-card.json"]
	check("odd /agent-card.json", "a note that the card is not JSON", x != nil && strings.Contains(strings.Join(x.Notes, " "), "not a JSON object"))
	x = by["odd /binary"]
	check("odd /binary", "the body left out with a note", x != nil && x.Response.Body == "" && strings.Contains(strings.Join(x.Notes, " "), "response body left out"))
	x = by["odd /sse"]
	check("odd /sse", "two frames, the first with U+FFFD", x != nil && len(x.Response.Stream.Frames) == 2 && x.Response.Stream.Frames[0].Data == "\ufffd" && x.Response.Stream.Frames[1].Data == "# fine")
	x = by["odd /cut"]
	check("odd /cut", "one frame, ended by the server with a note", x != nil && len(x.Response.Stream.Frames) == 1 && x.Response.Stream.End != nil && strings.Contains(strings.Join(x.Notes, " "), "broke off"))
	left := tr.Exchanges[6]
	if e := left.Response.Stream.End; e == nil || e.By != replay.EndClient || len(left.Response.Stream.Frames) < 1 {
		t.Errorf("the stream the client left: %+v", left.Response.Stream)
	}
	cut := tr.Exchanges[7]
	if cut.Response.Stream.End != nil || len(cut.Response.Stream.Frames) != 3 || !strings.Contains(strings.Join(cut.Notes, " "), "recording stopped") {
		t.Errorf("the stream in flight at Close: %d frames, end %+v, notes %q", len(cut.Response.Stream.Frames), cut.Response.Stream.End, cut.Notes)
	}
	log := r.log.String()
	for _, want := range []string{"connection refused (is down running at " + downURL + "?)", "malformed HTTP", "\"/nobody/x\": no agent", "closed by the client"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	for i, l := range strings.Split(strings.TrimSpace(log), "\n") {
		if !strings.HasPrefix(l, "a2aplay record: ") {
			t.Errorf("log line %d is not one of ours: %q", i+1, l)
		}
	}
}

// TestRecordOperatorUnderAPath: an agent served under a path, as two
// agents share one origin, has its operator endpoint at
// PATH/approve/{id}. The recording names that call "approve", as live
// and the HAR import do, and not after the path the agent sits under.
func TestRecordOperatorUnderAPath(t *testing.T) {
	mux := http.NewServeMux()
	var agentURL string
	mux.HandleFunc("GET /ops/deployer/.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"name":"deployer","supportedInterfaces":[{"url":%q,"protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`, agentURL)
	})
	mux.HandleFunc("POST /ops/deployer/approve/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"taskId":%q,"decision":"approved"}`, r.PathValue("id"))
	})
	mux.HandleFunc("POST /ops/deployer/refuse/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"taskId":%q,"decision":"refused"}`, r.PathValue("id"))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	agentURL = srv.URL + "/ops/deployer"
	r := newRig(t, "", false, Agent{Name: "deployer", URL: agentURL})
	for _, p := range []string{"/deployer/approve/0b5e7c2a-3f1d-4e55-9a3c-1d2b3c4d5e6f", "/deployer/refuse/t-2"} {
		resp := post(t, r.url+p, "{}")
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("POST %s through the proxy: %s", p, resp.Status)
		}
	}
	waitFor(t, func() bool { return len(r.transcript().Exchanges) == 2 })
	tr := r.transcript()
	for i, want := range []string{"approve", "refuse"} {
		x := tr.Exchanges[i]
		if x.Name != want || x.Channel != replay.ChannelOutOfBand || x.To != "deployer" {
			t.Errorf("exchange %d %s %s: named %q on %s to %s, want %q outside A2A to deployer", x.Seq, x.Request.Method, x.Request.URL, x.Name, x.Channel, x.To, want)
		}
	}
}
