package check

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/check/jsontree"
	"github.com/a2aplay/a2aplay/replay"
)

// A binding is the way an exchange speaks A2A.
type binding int

const (
	notA2A  binding = iota // out of band, an agent card, or something else
	jsonRPC                // JSON-RPC 2.0 over HTTP (§9)
	restAPI                // HTTP+JSON (§11)
)

// JSON-RPC method names of A2A v1.0 (§5.3).
var methods = map[string]bool{
	"SendMessage": true, "SendStreamingMessage": true, "GetTask": true, "ListTasks": true,
	"CancelTask": true, "SubscribeToTask": true, "GetExtendedAgentCard": true,
	"SetTaskPushNotificationConfig": true, "GetTaskPushNotificationConfig": true,
	"ListTaskPushNotificationConfig": true, "DeleteTaskPushNotificationConfig": true,
	"CreateTaskPushNotificationConfig": true, "ListTaskPushNotificationConfigs": true,
}

// The v0.3 names, with what v1.0 calls them.
var oldMethods = map[string]string{
	"message/send": "SendMessage", "message/stream": "SendStreamingMessage",
	"tasks/get": "GetTask", "tasks/list": "ListTasks", "tasks/cancel": "CancelTask",
	"tasks/resubscribe": "SubscribeToTask", "tasks/subscribe": "SubscribeToTask",
	"agent/getAuthenticatedExtendedCard":  "GetExtendedAgentCard",
	"tasks/pushNotificationConfig/set":    "SetTaskPushNotificationConfig",
	"tasks/pushNotificationConfig/get":    "GetTaskPushNotificationConfig",
	"tasks/pushNotificationConfig/list":   "ListTaskPushNotificationConfig",
	"tasks/pushNotificationConfig/delete": "DeleteTaskPushNotificationConfig",
}

// A json is a parsed body or frame with where it sits in the file.
type json struct {
	v    *jsontree.Value
	text string // the text it was parsed from
	line int    // line of the text's first character; 0 when unknown
}

// lineOf returns the file line of a value inside j.
func (j *json) lineOf(v *jsontree.Value) int {
	if j == nil || j.line == 0 {
		return 0
	}
	if v == nil || v.Start > len(j.text) {
		return j.line
	}
	return j.line + strings.Count(j.text[:v.Start], "\n")
}

// An a2aError is an error reply, normalised across bindings.
type a2aError struct {
	reason  string // "TASK_NOT_FOUND", "UNSUPPORTED_OPERATION", ...; "" when unknown
	code    int    // JSON-RPC code, or the HTTP status for HTTP+JSON
	message string
	at      *json
	v       *jsontree.Value
}

func (e *a2aError) String() string {
	if e.code != 0 && e.message != "" {
		return fmt.Sprintf("%d %q", e.code, e.message)
	}
	if e.message != "" {
		return strconv.Quote(e.message)
	}
	return strconv.Itoa(e.code)
}

// JSON-RPC error codes and the A2A errors they stand for (§5.4, §9.5).
var rpcReasons = map[int]string{
	-32700: "PARSE_ERROR", -32600: "INVALID_REQUEST", -32601: "METHOD_NOT_FOUND",
	-32602: "INVALID_PARAMS", -32603: "INTERNAL_ERROR",
	-32001: "TASK_NOT_FOUND", -32002: "TASK_NOT_CANCELABLE", -32003: "PUSH_NOTIFICATION_NOT_SUPPORTED",
	-32004: "UNSUPPORTED_OPERATION", -32005: "CONTENT_TYPE_NOT_SUPPORTED", -32006: "INVALID_AGENT_RESPONSE",
	-32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED", -32008: "EXTENSION_SUPPORT_REQUIRED",
	-32009: "VERSION_NOT_SUPPORTED",
}

// An event is one A2A object a reply or frame carries.
type event struct {
	kind string // "task", "message", "statusUpdate", "artifactUpdate"
	v    *jsontree.Value
	at   *json
}

// A frame is one decoded stream frame.
type frame struct {
	n    int // 1-based
	fr   *replay.Frame
	body *json // the frame's data, parsed; nil when not JSON
	ev   *event
	err  *a2aError
}

// A call is one exchange, decoded.
type call struct {
	ex      *replay.Exchange
	binding binding
	method  string // the A2A method; "" when unknown
	rawName string // the JSON-RPC method as written

	req    *json           // the request body, parsed
	rpcID  *jsontree.Value // the JSON-RPC id
	params *jsontree.Value // JSON-RPC params, or the HTTP+JSON request body
	taskID string          // the task a GetTask, CancelTask or SubscribeToTask names

	resp      *json // the response body, parsed
	result    *jsontree.Value
	err       *a2aError
	resultEv  *event // what a SendMessage reply carries ("task" or "message")
	resultTsk *jsontree.Value
	frames    []*frame
	streamed  bool // the response is an event stream
}

// requestBodyLine is the file line where an exchange's request body
// starts: after the request line, the headers and the empty line.
func requestBodyLine(ex *replay.Exchange) int {
	if ex.Request.Line == 0 {
		return 0
	}
	return ex.Request.Line + len(ex.Request.Header) + 2
}

// responseBodyLine is the line where a response body starts: after the
// @at comment, the status line, the headers and the empty line.
func responseBodyLine(r *replay.Response) int {
	if r.Line == 0 {
		return 0
	}
	return r.Line + len(r.Header) + 3
}

// frameDataLine is the line of a frame's first data line.
func frameDataLine(f *replay.Frame) int {
	if f.Line == 0 {
		return 0
	}
	n := f.Line + 1
	if f.ID != "" {
		n++
	}
	if f.Event != "" {
		n++
	}
	return n
}

func parseJSON(text string, line int) *json {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	v, err := jsontree.Parse([]byte(text))
	if err != nil {
		return nil
	}
	return &json{v: v, text: text, line: line}
}

func urlPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Path
}

// restRoute reads an HTTP+JSON path (§11.3): the method and the task id.
// Paths may carry a prefix such as /v1 or a tenant.
func restRoute(method, path string) (string, string) {
	switch {
	case strings.HasSuffix(path, "/message:send"):
		return "SendMessage", ""
	case strings.HasSuffix(path, "/message:stream"):
		return "SendStreamingMessage", ""
	}
	i := strings.LastIndex(path, "/tasks/")
	if i < 0 {
		if method == "GET" && strings.HasSuffix(path, "/tasks") {
			return "ListTasks", ""
		}
		return "", ""
	}
	rest := path[i+len("/tasks/"):]
	if strings.Contains(rest, "/") {
		return "", "" // push notification configs
	}
	id, action, _ := strings.Cut(rest, ":")
	if id, err := url.PathUnescape(id); err == nil && id != "" {
		switch action {
		case "":
			if method == "GET" {
				return "GetTask", id
			}
		case "cancel":
			return "CancelTask", id
		case "subscribe":
			return "SubscribeToTask", id
		}
	}
	return "", ""
}

func isEventStream(ct string) bool {
	return strings.EqualFold(strings.TrimSpace(strings.Split(ct, ";")[0]), "text/event-stream")
}

// decode reads every exchange.
func (c *checker) decode() {
	for _, ex := range c.t.Exchanges {
		if ex == nil {
			continue
		}
		cl := &call{ex: ex}
		c.calls = append(c.calls, cl)
		if ex.Channel == replay.ChannelOutOfBand {
			continue
		}
		cl.req = parseJSON(ex.Request.Body, requestBodyLine(ex))
		path := urlPath(ex.Request.URL)
		switch {
		case cl.req != nil && cl.req.v.Kind == jsontree.Object && (cl.req.v.Has("jsonrpc") || cl.req.v.Has("method")):
			cl.binding = jsonRPC
			cl.rpcID = cl.req.v.Get("id")
			cl.rawName = cl.req.v.Get("method").Text()
			cl.method = cl.rawName
			if m, ok := oldMethods[cl.rawName]; ok {
				cl.method = m
			}
			cl.params = cl.req.v.Get("params")
			if cl.method == "GetTask" || cl.method == "CancelTask" || cl.method == "SubscribeToTask" {
				cl.taskID = cl.params.Get("id").Text()
			}
		default:
			if m, id := restRoute(ex.Request.Method, path); m != "" {
				cl.binding, cl.method, cl.taskID = restAPI, m, id
				if cl.req != nil {
					cl.params = cl.req.v
				}
			}
		}
		if cl.binding == notA2A || ex.Response == nil || ex.Response.Err != "" {
			continue
		}
		r := ex.Response
		if r.Stream != nil {
			cl.streamed = true
			for i := range r.Stream.Frames {
				fr := &r.Stream.Frames[i]
				f := &frame{n: i + 1, fr: fr, body: parseJSON(fr.Data, frameDataLine(fr))}
				if f.body != nil {
					obj := f.body.v
					if cl.binding == jsonRPC {
						obj = nil
						if res := f.body.v.Get("result"); res != nil {
							obj = res
						} else if e := f.body.v.Get("error"); e != nil {
							f.err = rpcError(e, f.body)
						}
					} else if e := f.body.v.Get("error"); e != nil && f.body.v.Get("task") == nil {
						f.err = statusError(0, f.body.v, f.body)
					}
					f.ev = streamEvent(obj, f.body)
				}
				cl.frames = append(cl.frames, f)
			}
			continue
		}
		cl.resp = parseJSON(r.Body, responseBodyLine(r))
		switch cl.binding {
		case jsonRPC:
			if cl.resp != nil {
				cl.result = cl.resp.v.Get("result")
				if e := cl.resp.v.Get("error"); e != nil {
					cl.err = rpcError(e, cl.resp)
				}
			}
		case restAPI:
			if r.StatusCode >= 400 {
				var v *jsontree.Value
				if cl.resp != nil {
					v = cl.resp.v
				}
				cl.err = statusError(r.StatusCode, v, cl.resp)
			} else if cl.resp != nil {
				cl.result = cl.resp.v
			}
		}
		if cl.result != nil {
			switch cl.method {
			case "SendMessage":
				cl.resultEv = streamEvent(cl.result, cl.resp)
				if cl.resultEv != nil && cl.resultEv.kind == "task" {
					cl.resultTsk = cl.resultEv.v
				}
			case "GetTask", "CancelTask":
				cl.resultTsk = cl.result
			}
		}
	}
}

// streamEvent reads a StreamResponse (or SendMessageResponse): the one
// of task, message, statusUpdate, artifactUpdate it holds.
func streamEvent(v *jsontree.Value, at *json) *event {
	if v == nil || v.Kind != jsontree.Object {
		return nil
	}
	for _, k := range []string{"task", "message", "statusUpdate", "artifactUpdate"} {
		if e := v.Get(k); e != nil {
			return &event{kind: k, v: e, at: at}
		}
	}
	return nil
}

func rpcError(e *jsontree.Value, at *json) *a2aError {
	err := &a2aError{message: e.Get("message").Text(), at: at, v: e}
	if c := e.Get("code"); c != nil && c.Kind == jsontree.Number {
		err.code, _ = strconv.Atoi(c.Raw)
	}
	err.reason = rpcReasons[err.code]
	return err
}

// statusError reads an HTTP+JSON error: a google.rpc.Status whose
// details hold an ErrorInfo with the A2A reason (§11.6).
func statusError(status int, v *jsontree.Value, at *json) *a2aError {
	err := &a2aError{code: status, at: at, v: v}
	inner := v.Get("error")
	if inner == nil {
		inner = v
	}
	err.message = inner.Get("message").Text()
	if d := inner.Get("details"); d != nil {
		for _, item := range d.Items {
			if r := item.Get("reason").Text(); r != "" {
				err.reason = r
			}
		}
	}
	if err.reason == "" && status == 404 {
		err.reason = "TASK_NOT_FOUND"
	}
	return err
}

// An observation is a task's state as one reply or frame reports it.
type observation struct {
	task, context, state string
	at                   time.Time
	line                 int
	ex, frame            int
}

// observe collects every reported task state, in time order.
func (c *checker) observe() {
	add := func(ev *event, at time.Time, line, ex, fr int) {
		if ev == nil {
			return
		}
		var o observation
		switch ev.kind {
		case "task":
			o = observation{task: ev.v.Get("id").Text(), context: ev.v.Get("contextId").Text(),
				state: ev.v.Get("status").Get("state").Text()}
		case "statusUpdate":
			o = observation{task: ev.v.Get("taskId").Text(), context: ev.v.Get("contextId").Text(),
				state: ev.v.Get("status").Get("state").Text()}
		default:
			return
		}
		if o.task == "" || o.state == "" {
			return
		}
		o.at, o.line, o.ex, o.frame = at, line, ex, fr
		c.obs = append(c.obs, o)
		if o.context != "" && c.contexts[o.task] == "" {
			c.contexts[o.task] = o.context
		}
	}
	c.contexts = map[string]string{}
	for _, cl := range c.calls {
		ex := cl.ex
		if cl.binding == notA2A || ex.Response == nil {
			continue
		}
		if cl.resultTsk != nil {
			add(&event{kind: "task", v: cl.resultTsk, at: cl.resp}, ex.Response.At, cl.resp.lineOf(cl.resultTsk), ex.Seq, 0)
		}
		for _, f := range cl.frames {
			if f.ev != nil {
				add(f.ev, f.fr.At, f.body.lineOf(f.ev.v), ex.Seq, f.n)
			}
		}
	}
	sort.SliceStable(c.obs, func(i, j int) bool {
		if !c.obs[i].at.Equal(c.obs[j].at) {
			return c.obs[i].at.Before(c.obs[j].at)
		}
		return c.obs[i].line < c.obs[j].line
	})
}

// stateBefore is the last state of task reported before time at (or at
// the same time on an earlier line), and where. A terminal state stays:
// what a task reports after one is a finding of its own, not its state.
func (c *checker) stateBefore(task string, at time.Time, line int) (observation, bool) {
	var last observation
	found := false
	for _, o := range c.obs {
		if o.at.After(at) || (o.at.Equal(at) && o.line >= line) {
			break
		}
		if o.task == task && !(found && replay.Terminal(last.state)) {
			last, found = o, true
		}
	}
	return last, found
}
