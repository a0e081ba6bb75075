package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aproject/a2a-go/v2/a2a"
)

// The two bindings the kit serves.
const (
	jsonRPC  = "JSONRPC"
	httpJSON = "HTTP+JSON"
)

var bindings = []string{jsonRPC, httpJSON}

// A peer is one kit agent as a generic client reaches it over one
// binding, with raw HTTP: nothing of a2a-go's client stands between the
// test and the wire.
type peer struct {
	agent   *agents.Agent
	binding string
	hc      *http.Client
	via     string // a base URL to call instead of the agent's own (a recording proxy), or ""
}

func (p peer) String() string { return p.agent.Name() + "/" + p.binding }

// base is where the peer is called: the agent's base URL, or via.
func (p peer) base() string {
	if p.via != "" {
		return p.via
	}
	return p.agent.BaseURL()
}

// rpcURL is the JSON-RPC interface, restURL the HTTP+JSON one, as the
// card names them.
func (p peer) rpcURL() string  { return p.base() + "/" }
func (p peer) restURL() string { return p.base() + agents.RESTPath }

// An outcome is an operation's answer: a result, or an A2A error.
type outcome struct {
	result json.RawMessage
	err    *a2aError
	status int // the HTTP status
}

// An a2aError is an error answer in either binding.
type a2aError struct {
	code    int    // JSON-RPC error code; 0 over HTTP+JSON
	status  int    // HTTP status; 200 over JSON-RPC
	grpc    string // HTTP+JSON google.rpc status, "INVALID_ARGUMENT"
	reason  string // the ErrorInfo reason, when the error carries one
	message string
}

func (e *a2aError) String() string {
	if e == nil {
		return "no error"
	}
	if e.code != 0 {
		return fmt.Sprintf("JSON-RPC %d %q (reason %s)", e.code, e.message, orNone(e.reason))
	}
	return fmt.Sprintf("HTTP %d %s %q (reason %s)", e.status, e.grpc, e.message, orNone(e.reason))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// rpcReason reads the ErrorInfo reason of a JSON-RPC error's data.
func rpcReason(data json.RawMessage) string {
	var details []struct {
		Type   string `json:"@type"`
		Reason string `json:"reason"`
		Domain string `json:"domain"`
	}
	if json.Unmarshal(data, &details) != nil {
		return ""
	}
	for _, d := range details {
		if d.Type == "type.googleapis.com/google.rpc.ErrorInfo" && d.Domain == "a2a-protocol.org" {
			return d.Reason
		}
	}
	return ""
}

// call runs an operation. params are the JSON-RPC params; over
// HTTP+JSON, rest maps them to a method, a path (under RESTPath) and a
// body or query.
func (p peer) call(t *testing.T, method string, params any, header ...string) outcome {
	t.Helper()
	if p.binding == jsonRPC {
		r := kittest.RPC(t, p.hc, p.rpcURL(), method, params, header...)
		if r.Error != nil {
			return outcome{status: 200, err: &a2aError{code: r.Error.Code, status: 200, reason: rpcReason(r.Error.Data), message: r.Error.Message}}
		}
		return outcome{status: 200, result: r.Result}
	}
	verb, path, body := restRoute(t, method, params)
	r := kittest.Do(t, p.hc, verb, p.restURL()+path, body, header...)
	if r.Status >= 300 {
		e, ok := r.RESTError()
		if !ok {
			t.Fatalf("%s %s: HTTP %d without a google.rpc.Status body (§11.6): %s", verb, path, r.Status, r.Body)
		}
		if e.Code != r.Status {
			t.Errorf("%s %s: error.code %d differs from the HTTP status %d (§11.6: the code is the HTTP status)", verb, path, e.Code, r.Status)
		}
		return outcome{status: r.Status, err: &a2aError{status: r.Status, grpc: e.Status, reason: e.Reason, message: e.Message}}
	}
	return outcome{status: r.Status, result: r.Body}
}

// restRoute maps a JSON-RPC method and params to the HTTP+JSON route
// (§5.3, §11.5): GET operations take their params as a query.
func restRoute(t *testing.T, method string, params any) (verb, path string, body any) {
	t.Helper()
	fields := map[string]json.RawMessage{}
	if params != nil {
		b, err := json.Marshal(params)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &fields); err != nil {
			t.Fatalf("params of %s are not an object: %s", method, b)
		}
	}
	id := func() string {
		var s string
		json.Unmarshal(fields["id"], &s)
		delete(fields, "id")
		return url.PathEscape(s)
	}
	query := func() string {
		q := url.Values{}
		for k, v := range fields {
			var s string
			if json.Unmarshal(v, &s) != nil {
				s = string(v)
			}
			q.Set(k, s)
		}
		if len(q) == 0 {
			return ""
		}
		return "?" + q.Encode()
	}
	switch method {
	case "SendMessage":
		return http.MethodPost, "/message:send", params
	case "SendStreamingMessage":
		return http.MethodPost, "/message:stream", params
	case "GetTask":
		p := "/tasks/" + id()
		return http.MethodGet, p + query(), nil
	case "ListTasks":
		return http.MethodGet, "/tasks" + query(), nil
	case "CancelTask":
		return http.MethodPost, "/tasks/" + id() + ":cancel", nil
	case "SubscribeToTask":
		return http.MethodPost, "/tasks/" + id() + ":subscribe", nil
	case "CreateTaskPushNotificationConfig":
		var tid string
		json.Unmarshal(fields["taskId"], &tid)
		return http.MethodPost, "/tasks/" + url.PathEscape(tid) + "/pushNotificationConfigs", params
	case "ListTaskPushNotificationConfigs":
		var tid string
		json.Unmarshal(fields["taskId"], &tid)
		return http.MethodGet, "/tasks/" + url.PathEscape(tid) + "/pushNotificationConfigs", nil
	case "GetTaskPushNotificationConfig", "DeleteTaskPushNotificationConfig":
		var tid string
		json.Unmarshal(fields["taskId"], &tid)
		verb := http.MethodGet
		if method == "DeleteTaskPushNotificationConfig" {
			verb = http.MethodDelete
		}
		return verb, "/tasks/" + url.PathEscape(tid) + "/pushNotificationConfigs/" + id(), nil
	}
	t.Fatalf("no HTTP+JSON route for %s", method)
	return "", "", nil
}

// send runs SendMessage with msg and returns the task (nil when the
// agent answered a Message or an error).
func (p peer) send(t *testing.T, msg *a2a.Message, header ...string) (*a2a.Task, outcome) {
	t.Helper()
	o := p.call(t, "SendMessage", &a2a.SendMessageRequest{Message: msg}, header...)
	if o.err != nil {
		return nil, o
	}
	var res struct {
		Task    *a2a.Task    `json:"task"`
		Message *a2a.Message `json:"message"`
	}
	if err := json.Unmarshal(o.result, &res); err != nil {
		t.Fatalf("%s SendMessage result: %v: %s", p, err, o.result)
	}
	if (res.Task == nil) == (res.Message == nil) {
		t.Fatalf("%s SendMessage result holds %s; §3.1.1: a Task or a Message, exactly one", p, o.result)
	}
	return res.Task, o
}

// mustSend is send that wants a task.
func (p peer) mustSend(t *testing.T, msg *a2a.Message) *a2a.Task {
	t.Helper()
	task, o := p.send(t, msg)
	if task == nil {
		t.Fatalf("%s SendMessage: want a task, got %s %s", p, o.err, o.result)
	}
	return task
}

// task decodes an operation's result as a Task.
func (o outcome) task(t *testing.T, what string) *a2a.Task {
	t.Helper()
	if o.err != nil {
		t.Fatalf("%s: %s", what, o.err)
	}
	var task a2a.Task
	if err := json.Unmarshal(o.result, &task); err != nil || task.ID == "" {
		t.Fatalf("%s: result is not a Task (%v): %s", what, err, o.result)
	}
	return &task
}

// wantError checks an error answer: the JSON-RPC code, or the HTTP status
// and the ErrorInfo reason (required for A2A errors, §11.6; "" for the
// standard errors, which a2a-go gives a reason too, unchecked).
func (p peer) wantError(t *testing.T, what string, o outcome, code, status int, reason string) {
	t.Helper()
	switch {
	case o.err == nil:
		t.Errorf("%s %s: succeeded (%s); want %s", p, what, clip(o.result), errName(p.binding, code, status, reason))
	case p.binding == jsonRPC && o.err.code != code:
		t.Errorf("%s %s: %s; want JSON-RPC %d", p, what, o.err, code)
	case p.binding == httpJSON && (o.err.status != status || reason != "" && o.err.reason != reason):
		t.Errorf("%s %s: %s; want HTTP %d with ErrorInfo reason %s", p, what, o.err, status, orNone(reason))
	}
}

func errName(binding string, code, status int, reason string) string {
	if binding == jsonRPC {
		return fmt.Sprintf("JSON-RPC %d", code)
	}
	return fmt.Sprintf("HTTP %d %s", status, reason)
}

func clip(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// A stream is an open SSE answer, read a frame at a time.
type stream struct {
	p      peer
	resp   *http.Response
	sc     *bufio.Scanner
	cancel context.CancelFunc
}

// open starts a streaming operation (SendStreamingMessage or
// SubscribeToTask). A refusal comes back as an outcome with an error and
// no stream. The stream is cut after 10 seconds at the latest.
func (p peer) open(t *testing.T, method string, params any) (*stream, outcome) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	var req *http.Request
	var err error
	if p.binding == jsonRPC {
		body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, p.rpcURL(), strings.NewReader(string(body)))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
		}
	} else {
		verb, path, body := restRoute(t, method, params)
		var rd *strings.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = strings.NewReader(string(b))
		}
		if rd != nil {
			req, err = http.NewRequestWithContext(ctx, verb, p.restURL()+path, rd)
			req.Header.Set("Content-Type", "application/json")
		} else {
			req, err = http.NewRequestWithContext(ctx, verb, p.restURL()+path, nil)
		}
	}
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	req.Header.Set("A2A-Version", "1.0")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := p.hc.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("%s %s: %v", p, method, err)
	}
	ct := resp.Header.Get("Content-Type")
	if !strings.HasPrefix(ct, "text/event-stream") {
		// A refusal: a JSON-RPC error object, or an HTTP+JSON error.
		defer cancel()
		defer resp.Body.Close()
		var b strings.Builder
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			b.WriteString(sc.Text())
		}
		o := outcome{status: resp.StatusCode}
		if p.binding == jsonRPC {
			var r kittest.RPCReply
			if json.Unmarshal([]byte(b.String()), &r) != nil || r.Error == nil {
				t.Fatalf("%s %s: %d %s, neither a stream nor a JSON-RPC error: %s", p, method, resp.StatusCode, ct, clip([]byte(b.String())))
			}
			o.err = &a2aError{code: r.Error.Code, status: resp.StatusCode, reason: rpcReason(r.Error.Data), message: r.Error.Message}
			return nil, o
		}
		e, ok := kittest.Reply{Status: resp.StatusCode, Body: []byte(b.String())}.RESTError()
		if !ok || resp.StatusCode < 300 {
			t.Fatalf("%s %s: %d %s, neither a stream nor an HTTP+JSON error: %s", p, method, resp.StatusCode, ct, clip([]byte(b.String())))
		}
		o.err = &a2aError{status: resp.StatusCode, grpc: e.Status, reason: e.Reason, message: e.Message}
		return nil, o
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 4<<20)
	s := &stream{p: p, resp: resp, sc: sc, cancel: cancel}
	t.Cleanup(s.close)
	return s, outcome{status: resp.StatusCode}
}

func (s *stream) close() {
	s.cancel()
	s.resp.Body.Close()
}

// A frame is one event of a stream: exactly one of its members set
// (§3.2.3), or the error a JSON-RPC frame carries.
type frame struct {
	Task           *a2a.Task                    `json:"task"`
	Message        *a2a.Message                 `json:"message"`
	StatusUpdate   *a2a.TaskStatusUpdateEvent   `json:"statusUpdate"`
	ArtifactUpdate *a2a.TaskArtifactUpdateEvent `json:"artifactUpdate"`
	Error          json.RawMessage              `json:"error"` // an HTTP+JSON error frame
	raw            string
	err            *a2aError // the error an error frame carries
}

// kind names the frame's one member.
func (f *frame) kind() string {
	var kinds []string
	if f.Task != nil {
		kinds = append(kinds, "task")
	}
	if f.Message != nil {
		kinds = append(kinds, "message")
	}
	if f.StatusUpdate != nil {
		kinds = append(kinds, "statusUpdate")
	}
	if f.ArtifactUpdate != nil {
		kinds = append(kinds, "artifactUpdate")
	}
	return strings.Join(kinds, "+")
}

// state is the task state the frame reports, or "".
func (f *frame) state() a2a.TaskState {
	switch {
	case f.Task != nil:
		return f.Task.Status.State
	case f.StatusUpdate != nil:
		return f.StatusUpdate.Status.State
	}
	return ""
}

// next reads the next frame; nil when the server closed the stream.
func (s *stream) next(t *testing.T) *frame {
	t.Helper()
	var data []string
	for s.sc.Scan() {
		line := s.sc.Text()
		if line == "" {
			if len(data) == 0 {
				continue
			}
			return s.decode(t, strings.Join(data, "\n"))
		}
		if v, ok := strings.CutPrefix(line, "data:"); ok {
			data = append(data, strings.TrimPrefix(v, " "))
		}
	}
	if err := s.sc.Err(); err != nil {
		t.Fatalf("%s: reading the stream: %v (still open after 10s?)", s.p, err)
	}
	if len(data) > 0 {
		return s.decode(t, strings.Join(data, "\n"))
	}
	return nil
}

func (s *stream) decode(t *testing.T, data string) *frame {
	t.Helper()
	raw := []byte(data)
	if s.p.binding == jsonRPC {
		var r kittest.RPCReply
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatalf("%s: frame is not a JSON-RPC response: %s", s.p, clip(raw))
		}
		if r.Error != nil {
			return &frame{raw: data, err: &a2aError{code: r.Error.Code, status: s.resp.StatusCode, reason: rpcReason(r.Error.Data), message: r.Error.Message}}
		}
		raw = r.Result
	}
	f := &frame{raw: string(raw)}
	if err := json.Unmarshal(raw, f); err != nil {
		t.Fatalf("%s: frame %s: %v", s.p, clip(raw), err)
	}
	if f.Error != nil {
		e, _ := kittest.Reply{Body: raw}.RESTError()
		f.err = &a2aError{status: s.resp.StatusCode, grpc: e.Status, reason: e.Reason, message: e.Message}
		return f
	}
	if k := f.kind(); strings.Contains(k, "+") || k == "" {
		t.Fatalf("%s: frame holds %q; a StreamResponse holds exactly one of task, message, statusUpdate, artifactUpdate (§3.2.3): %s", s.p, k, clip(raw))
	}
	return f
}

// rest reads the stream to its end, which must come: the frames left.
func (s *stream) rest(t *testing.T) []*frame {
	t.Helper()
	var fs []*frame
	for f := s.next(t); f != nil; f = s.next(t) {
		fs = append(fs, f)
	}
	return fs
}
