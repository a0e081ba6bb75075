package check

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/check/jsontree"
	"github.com/a2aplay/a2aplay/replay"
)

type checker struct {
	t        *replay.Transcript
	calls    []*call
	obs      []observation
	contexts map[string]string // task id -> context id
	findings []Finding
}

// report adds a finding with the rule's section and severity.
func (c *checker) report(rule string, ex, fr, line int, format string, args ...any) {
	r := ruleByID(rule)
	c.add(Finding{Exchange: ex, Frame: fr, Line: line, Section: r.Section, Rule: rule,
		Msg: fmt.Sprintf(format, args...), Severity: r.Severity})
}

// reportIn is report with another section than the rule's usual one
// (the HTTP+JSON binding's section instead of JSON-RPC's, say).
func (c *checker) reportIn(section, rule string, ex, fr, line int, format string, args ...any) {
	r := ruleByID(rule)
	c.add(Finding{Exchange: ex, Frame: fr, Line: line, Section: section, Rule: rule,
		Msg: fmt.Sprintf(format, args...), Severity: r.Severity})
}

func (c *checker) add(f Finding) {
	f.By = c.party(f)
	for _, g := range c.findings {
		if g == f {
			return
		}
	}
	c.findings = append(c.findings, f)
}

func (c *checker) run() {
	c.observe()
	for _, cl := range c.calls {
		if cl.binding == notA2A {
			continue
		}
		c.checkHTTP(cl)
		if cl.binding == jsonRPC {
			c.checkEnvelope(cl)
		}
		c.checkShapes(cl)
		switch cl.method {
		case "SendMessage", "SendStreamingMessage":
			c.checkSend(cl)
		case "SubscribeToTask":
			c.checkSubscribe(cl)
		}
		if cl.streamed {
			c.checkStream(cl)
		}
	}
	c.checkFinal()
	c.checkAuthMessages()
}

// checkHTTP: headers and content types (§3.6.1, §9.1, §11.1).
func (c *checker) checkHTTP(cl *call) {
	ex := cl.ex
	req := &ex.Request
	switch v := strings.TrimSpace(req.Get("A2A-Version")); {
	case v == "":
		c.report("a2a-version", ex.Seq, 0, req.Line, "%s request has no A2A-Version header; clients should send A2A-Version: 1.0", cl.method)
	case strings.Count(v, ".") > 1:
		c.reportIn("3.6", "a2a-version", ex.Seq, 0, req.Line, "A2A-Version %q names a patch version; send Major.Minor, such as 1.0", v)
	}
	section := "9.1"
	if cl.binding == restAPI {
		section = "11.1"
	}
	if strings.TrimSpace(req.Body) != "" && !jsonType(req.Get("Content-Type")) {
		c.reportIn(section, "content-type", ex.Seq, 0, req.Line, "request body sent as Content-Type %q, not application/json", req.Get("Content-Type"))
	}
	r := ex.Response
	if r == nil || r.Err != "" {
		return
	}
	problem := cl.binding == restAPI && r.StatusCode >= 400 && mediaType(r.Get("Content-Type")) == "application/problem+json"
	if strings.TrimSpace(r.Body) != "" && !jsonType(r.Get("Content-Type")) && r.Stream == nil && !problem {
		c.reportIn(section, "content-type", ex.Seq, 0, r.Line, "response body sent as Content-Type %q, not application/json", r.Get("Content-Type"))
	}
	if cl.binding == restAPI && r.StatusCode >= 400 {
		return
	}
	if (cl.method == "SendStreamingMessage" || cl.method == "SubscribeToTask") && r.Stream == nil && cl.err == nil && r.StatusCode < 300 {
		c.reportIn(section, "content-type", ex.Seq, 0, r.Line, "%s answered with Content-Type %q; a stream is text/event-stream", cl.method, r.Get("Content-Type"))
	}
}

func jsonType(ct string) bool {
	mt := mediaType(ct)
	return mt == "application/json" || mt == "application/a2a+json"
}

func mediaType(ct string) string {
	return strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
}

// checkEnvelope: JSON-RPC 2.0 objects (§9).
func (c *checker) checkEnvelope(cl *call) {
	ex := cl.ex
	req := cl.req
	if req == nil || req.v.Kind != jsontree.Object {
		c.report("jsonrpc-envelope", ex.Seq, 0, ex.Request.Line, "request body is not a JSON object")
		return
	}
	if v := req.v.Get("jsonrpc"); v.Text() != "2.0" || v.Kind != jsontree.String {
		c.report("jsonrpc-envelope", ex.Seq, 0, req.lineOf(v), `request needs "jsonrpc": "2.0"`)
	}
	switch id := cl.rpcID; {
	case id == nil:
		c.report("jsonrpc-envelope", ex.Seq, 0, req.line, "request has no id: a JSON-RPC notification gets no response, and every A2A method has one")
	case id.Kind != jsontree.String && id.Kind != jsontree.Number:
		c.report("jsonrpc-envelope", ex.Seq, 0, req.lineOf(id), "request id is %s; use a string or a number", article(id.Kind))
	}
	m := req.v.Get("method")
	switch {
	case m == nil || m.Kind != jsontree.String:
		c.report("jsonrpc-envelope", ex.Seq, 0, req.lineOf(m), "request has no method name")
	case oldMethods[cl.rawName] != "":
		c.report("method-name", ex.Seq, 0, req.lineOf(m), "method %q is the v0.3 name; A2A v1.0 calls it %s", cl.rawName, oldMethods[cl.rawName])
	case !methods[cl.rawName]:
		c.add(Finding{Exchange: ex.Seq, Line: req.lineOf(m), Section: "5.3", Rule: "method-name", Severity: Warning,
			Msg: fmt.Sprintf("method %q is not an A2A v1.0 method (an extension's, perhaps)", cl.rawName)})
	}
	if p := req.v.Get("params"); p != nil && p.Kind != jsontree.Object {
		c.report("jsonrpc-envelope", ex.Seq, 0, req.lineOf(p), "params is %s, not an object", article(p.Kind))
	}
	r := ex.Response
	if r == nil || r.Err != "" {
		return
	}
	if r.Stream == nil {
		c.checkResponseObject(cl, cl.resp, 0, r.Line)
		return
	}
	for _, f := range cl.frames {
		c.checkResponseObject(cl, f.body, f.n, f.fr.Line)
	}
}

// checkResponseObject checks one JSON-RPC response: a body or a frame.
func (c *checker) checkResponseObject(cl *call, j *json, fr, line int) {
	ex := cl.ex
	what := "response"
	if fr > 0 {
		what = fmt.Sprintf("frame %d", fr)
	}
	if j == nil || j.v.Kind != jsontree.Object {
		c.report("jsonrpc-envelope", ex.Seq, fr, line, "%s is not a JSON-RPC response object", what)
		return
	}
	if v := j.v.Get("jsonrpc"); v.Text() != "2.0" || v.Kind != jsontree.String {
		c.report("jsonrpc-envelope", ex.Seq, fr, j.lineOf(v), `%s needs "jsonrpc": "2.0"`, what)
	}
	id := j.v.Get("id")
	switch {
	case id == nil:
		c.report("jsonrpc-envelope", ex.Seq, fr, j.line, "%s has no id", what)
	case cl.rpcID != nil && text(j, id) != text(cl.req, cl.rpcID) && !(id.Kind == jsontree.Null && cl.err != nil):
		c.report("jsonrpc-envelope", ex.Seq, fr, j.lineOf(id), "%s id %s does not echo the request's id %s", what, text(j, id), text(cl.req, cl.rpcID))
	}
	res, e := j.v.Get("result"), j.v.Get("error")
	switch {
	case res != nil && e != nil:
		c.report("jsonrpc-envelope", ex.Seq, fr, j.lineOf(e), "%s has both result and error", what)
	case res == nil && e == nil:
		c.report("jsonrpc-envelope", ex.Seq, fr, j.line, "%s has neither result nor error", what)
	case e != nil:
		code, msg := e.Get("code"), e.Get("message")
		if code == nil || code.Kind != jsontree.Number || strings.ContainsAny(code.Raw, ".eE") {
			c.report("jsonrpc-envelope", ex.Seq, fr, j.lineOf(e), "error needs an integer code")
		}
		if msg == nil || msg.Kind != jsontree.String {
			c.report("jsonrpc-envelope", ex.Seq, fr, j.lineOf(e), "error needs a message string")
		}
	}
}

// checkShapes walks every A2A object an exchange carries for the data
// model's rules (§4.1, §5.5, §5.6.1).
func (c *checker) checkShapes(cl *call) {
	in, out := "", ""
	if cl.binding == jsonRPC {
		in, out = "params.", "result."
	}
	if cl.params != nil {
		c.walk(cl, cl.req, cl.params, 0, true, in)
	}
	if cl.result != nil {
		c.walk(cl, cl.resp, cl.result, 0, false, out)
	}
	for _, f := range cl.frames {
		if f.body == nil {
			continue
		}
		root := f.body.v
		if cl.binding == jsonRPC {
			root = f.body.v.Get("result")
		}
		if root != nil {
			c.walk(cl, f.body, root, f.n, false, out)
		}
	}
	if cl.resultTsk != nil {
		c.checkTask(cl, cl.resp, cl.resultTsk, 0)
	}
	for _, f := range cl.frames {
		if f.ev != nil && f.ev.kind == "task" {
			c.checkTask(cl, f.body, f.ev.v, f.n)
		}
	}
}

var (
	validStates = map[string]bool{
		replay.StateSubmitted: true, replay.StateWorking: true, replay.StateInputRequired: true,
		replay.StateAuthRequired: true, replay.StateCompleted: true, replay.StateFailed: true,
		replay.StateCanceled: true, replay.StateRejected: true,
	}
	// v0.3 spellings, with their v1.0 names.
	oldStates = map[string]string{
		"submitted": replay.StateSubmitted, "working": replay.StateWorking,
		"input-required": replay.StateInputRequired, "auth-required": replay.StateAuthRequired,
		"completed": replay.StateCompleted, "failed": replay.StateFailed,
		"canceled": replay.StateCanceled, "cancelled": replay.StateCanceled, "rejected": replay.StateRejected,
		"unknown": "TASK_STATE_UNSPECIFIED",
	}
	oldRoles = map[string]string{"user": "ROLE_USER", "agent": "ROLE_AGENT"}
	// A date-time with a zone: what a timestamp looks like, right or not.
	dateTimeRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$`)
)

// walk visits an A2A object tree. fromClient says whether it travels in a
// request.
// base is the path of root in its body ("params.", "result.", or "").
func (c *checker) walk(cl *call, j *json, root *jsontree.Value, fr int, fromClient bool, base string) {
	ex := cl.ex
	root.Walk(func(path string, v *jsontree.Value) bool {
		last := path
		if i := strings.LastIndexByte(path, '.'); i >= 0 {
			last = path[i+1:]
		}
		parent := parentPath(path)
		// Timestamps (§5.6.1).
		if v.Kind == jsontree.String && (last == "timestamp" || strings.HasSuffix(last, "Timestamp") || strings.HasSuffix(last, "Time")) {
			c.checkTimestamp(ex.Seq, fr, j.lineOf(v), last, v.Str)
		}
		// Enums (§5.5).
		if last == "state" && strings.HasSuffix(parent, "status") && v.Kind == jsontree.String {
			switch s := v.Str; {
			case validStates[s]:
			case oldStates[s] != "":
				c.report("enum-names", ex.Seq, fr, j.lineOf(v), "state %q is the v0.3 spelling; v1.0 sends %s", s, oldStates[s])
			case s == "TASK_STATE_UNSPECIFIED":
				c.report("enum-names", ex.Seq, fr, j.lineOf(v), "state TASK_STATE_UNSPECIFIED is not a state a task can be in")
			default:
				c.report("enum-names", ex.Seq, fr, j.lineOf(v), "state %q is not a TaskState", s)
			}
		}
		if last == "role" && v.Kind == jsontree.String {
			switch s := v.Str; {
			case s == "ROLE_USER" || s == "ROLE_AGENT":
			case oldRoles[s] != "":
				c.report("enum-names", ex.Seq, fr, j.lineOf(v), "role %q is the v0.3 spelling; v1.0 sends %s", s, oldRoles[s])
			default:
				c.report("enum-names", ex.Seq, fr, j.lineOf(v), "role %q is not a Role (ROLE_USER or ROLE_AGENT)", s)
			}
		}
		// Messages (§4.1.4, §4.1.5).
		if isMessagePath(path) && v.Kind == jsontree.Object {
			c.checkMessage(cl, j, v, fr, fromClient && !strings.Contains(path, "history"), base+path)
		}
		// Parts (§4.1.6).
		if last == "parts" && v.Kind == jsontree.Array {
			for _, p := range v.Items {
				c.checkPart(ex.Seq, fr, j, p)
			}
		}
		return true
	})
}

func parentPath(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}

// isMessagePath says whether a path names a Message: "message" anywhere
// (a request's, a reply's, a status's) or an element of "history".
func isMessagePath(path string) bool {
	last := path
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		last = path[i+1:]
	}
	if last == "message" {
		return true
	}
	p := parentPath(path)
	return p == "history" || strings.HasSuffix(p, ".history")
}

func (c *checker) checkTimestamp(ex, fr, line int, key, s string) {
	if !dateTimeRE.MatchString(s) {
		return // not a date-time at all; some other field
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	switch {
	case err != nil && !strings.HasSuffix(s, "Z"):
		c.report("timestamp-utc", ex, fr, line, "%s %q has no zone; timestamps are UTC and end in Z", key, s)
	case err != nil:
		c.report("timestamp-utc", ex, fr, line, "%s %q is not an ISO 8601 date-time", key, s)
	case !strings.HasSuffix(s, "Z"):
		c.report("timestamp-utc", ex, fr, line, "%s %q has an offset; timestamps are UTC with Z (%s)", key, s, t.UTC().Format("2006-01-02T15:04:05.000Z"))
	}
}

func (c *checker) checkMessage(cl *call, j *json, m *jsontree.Value, fr int, fromClient bool, path string) {
	ex := cl.ex.Seq
	var missing []string
	if m.Get("messageId").Text() == "" {
		missing = append(missing, "messageId")
	}
	if m.Get("role") == nil {
		missing = append(missing, "role")
	}
	if p := m.Get("parts"); p == nil || p.Kind != jsontree.Array || len(p.Items) == 0 {
		missing = append(missing, "parts")
	}
	if len(missing) > 0 {
		c.report("message-fields", ex, fr, j.lineOf(m), "the message at %s has no %s", path, strings.Join(missing, ", no "))
	}
	role := m.Get("role").Text()
	switch {
	case fromClient && role == "ROLE_AGENT":
		c.report("role", ex, fr, j.lineOf(m.Get("role")), "the client sends a message with ROLE_AGENT; a client's message has ROLE_USER")
	case !fromClient && role == "ROLE_USER" && strings.HasSuffix(path, "status.message"):
		c.report("role", ex, fr, j.lineOf(m.Get("role")), "a task's status message has ROLE_USER; the agent's messages have ROLE_AGENT")
	}
}

var partContent = []string{"text", "raw", "url", "data"}

func (c *checker) checkPart(ex, fr int, j *json, p *jsontree.Value) {
	if p.Kind != jsontree.Object {
		c.report("part-shape", ex, fr, j.lineOf(p), "a part is %s, not an object", article(p.Kind))
		return
	}
	if k := p.Get("kind"); k != nil {
		c.report("part-shape", ex, fr, j.lineOf(k), "part has a %q member: that is the v0.3 shape; a v1.0 part is {\"text\": …}, {\"raw\": …}, {\"url\": …} or {\"data\": …}", "kind")
	}
	if f := p.Get("file"); f != nil {
		c.report("part-shape", ex, fr, j.lineOf(f), "part has a %q member (a v0.3 FilePart); v1.0 carries a file as raw or url with mediaType and filename", "file")
	}
	n := 0
	for _, k := range partContent {
		if p.Has(k) {
			n++
		}
	}
	if n != 1 && p.Get("kind") == nil && p.Get("file") == nil {
		c.report("part-shape", ex, fr, j.lineOf(p), "a part holds exactly one of text, raw, url and data; this one holds %d", n)
	}
}

func (c *checker) checkTask(cl *call, j *json, t *jsontree.Value, fr int) {
	if t.Kind != jsontree.Object {
		c.report("task-fields", cl.ex.Seq, fr, j.lineOf(t), "task is %s, not an object", article(t.Kind))
		return
	}
	var missing []string
	if t.Get("id").Text() == "" {
		missing = append(missing, "id")
	}
	if t.Get("contextId").Text() == "" {
		missing = append(missing, "contextId")
	}
	if t.Get("status").Get("state").Text() == "" {
		missing = append(missing, "status.state")
	}
	if len(missing) > 0 {
		c.report("task-fields", cl.ex.Seq, fr, j.lineOf(t), "task has no %s", strings.Join(missing, ", no "))
	}
}

// message returns the message a SendMessage request carries.
func (cl *call) message() *jsontree.Value { return cl.params.Get("message") }

// blocking says whether a SendMessage waits (§3.2.2): it does unless
// configuration.returnImmediately is true (or, in the v0.3 spelling,
// configuration.blocking is false).
func (cl *call) blocking() bool {
	cfg := cl.params.Get("configuration")
	if cfg.Get("returnImmediately").IsTrue() {
		return false
	}
	if b := cfg.Get("blocking"); b != nil && b.Raw == "false" {
		return false
	}
	return true
}

// replyTask is the task a SendMessage reply (or a stream's first frame)
// is about, with where it is.
func (cl *call) replyTask() (*jsontree.Value, *json) {
	if cl.resultTsk != nil {
		return cl.resultTsk, cl.resp
	}
	if len(cl.frames) > 0 && cl.frames[0].ev != nil && cl.frames[0].ev.kind == "task" {
		return cl.frames[0].ev.v, cl.frames[0].body
	}
	return nil, nil
}

// accepted says whether the server took the call: a result, or a stream
// that did not start with an error.
func (cl *call) accepted() bool {
	if cl.err != nil {
		return false
	}
	if cl.streamed {
		return len(cl.frames) > 0 && cl.frames[0].err == nil
	}
	return cl.result != nil
}

// refusal is the error a call was refused with, if any.
func (cl *call) refusal() *a2aError {
	if cl.err != nil {
		return cl.err
	}
	if cl.streamed && len(cl.frames) > 0 {
		return cl.frames[0].err
	}
	return nil
}

func (c *checker) checkSend(cl *call) {
	ex := cl.ex
	req := &ex.Request
	m := cl.message()
	if m == nil {
		return
	}
	taskID := m.Get("taskId").Text()
	ctxID := m.Get("contextId").Text()
	line := cl.req.lineOf(m)

	// A blocking SendMessage returns at a terminal or interrupted state.
	if cl.method == "SendMessage" && cl.blocking() && cl.resultTsk != nil {
		st := cl.resultTsk.Get("status").Get("state")
		if s := st.Text(); validStates[s] && !replay.Terminal(s) && !replay.Interrupted(s) {
			c.report("blocking-send", ex.Seq, 0, cl.resp.lineOf(st),
				"blocking SendMessage returned task %s in %s; a blocking call returns only at a terminal or interrupted state (set configuration.returnImmediately to get the task at once)",
				replay.ShortID(cl.resultTsk.Get("id").Text()), s)
		}
	}

	// historyLength 0 asks for no history (§3.2.4).
	if hl := cl.params.Get("configuration").Get("historyLength"); hl != nil && hl.Raw == "0" && cl.resultTsk != nil {
		if h := cl.resultTsk.Get("history"); h != nil && len(h.Items) > 0 {
			c.report("history-length", ex.Seq, 0, cl.resp.lineOf(h), "historyLength 0 asked for no history, but the task came back with %s of it", plural(len(h.Items), "message"))
		}
	}

	if taskID == "" {
		// A message in the context of a waiting task, without its id,
		// starts a new task instead of answering.
		if ctxID != "" {
			for _, task := range sortedKeys(c.contexts) {
				if c.contexts[task] != ctxID {
					continue
				}
				if o, ok := c.stateBefore(task, req.At, req.Line); ok && o.state == replay.StateInputRequired {
					c.report("answer-ids", ex.Seq, 0, line,
						"the client's message carries the contextId of task %s, which waits in TASK_STATE_INPUT_REQUIRED, but no taskId: it starts a new task instead of answering; send taskId %s too",
						replay.ShortID(task), task)
				}
			}
		}
		return
	}

	known, seen := c.contexts[taskID]
	prev, hasPrev := c.stateBefore(taskID, req.At, req.Line)
	if !seen && !hasPrev {
		return // a task this transcript never showed
	}
	switch {
	case ctxID == "":
		c.add(Finding{Exchange: ex.Seq, Line: line, Section: "3.4.3", Rule: "answer-ids", Severity: Warning,
			Msg: fmt.Sprintf("the client's message names task %s but no contextId; send the task's contextId %s with its taskId (the agent infers it, but the answer should carry both)", replay.ShortID(taskID), replay.ShortID(known))})
	case known != "" && ctxID != known:
		c.report("answer-ids", ex.Seq, 0, cl.req.lineOf(m.Get("contextId")),
			"the client's message names task %s with contextId %s, but the task's contextId is %s", replay.ShortID(taskID), replay.ShortID(ctxID), replay.ShortID(known))
		if cl.accepted() {
			c.report("answer-ids", ex.Seq, 0, ex.Response.Line,
				"the agent accepted a message whose contextId does not match its task's; it must reject it")
		}
	}
	if t, j := cl.replyTask(); t != nil && cl.accepted() {
		if got := t.Get("id").Text(); got != "" && got != taskID {
			c.report("answer-ids", ex.Seq, 0, j.lineOf(t.Get("id")),
				"the message continued task %s, but the reply is about task %s", replay.ShortID(taskID), replay.ShortID(got))
		}
	}
	if !hasPrev {
		return
	}
	switch {
	case replay.Terminal(prev.state):
		e := cl.refusal()
		switch {
		case cl.accepted():
			c.report("message-to-terminal", ex.Seq, 0, ex.Response.Line,
				"the agent accepted a message to task %s, which is in %s (since exchange %d); it must refuse it with UnsupportedOperationError",
				replay.ShortID(taskID), prev.state, prev.ex)
		case e != nil && e.reason != "UNSUPPORTED_OPERATION":
			msg := fmt.Sprintf("a message to task %s in %s was refused with %s; the specification's error is UnsupportedOperationError (JSON-RPC -32004)",
				replay.ShortID(taskID), prev.state, e)
			if e.code == -32602 || e.reason == "INVALID_PARAMS" {
				msg += "; a2a-go v2.4.0 answers -32602 here, a known deviation"
			}
			c.report("message-to-terminal", ex.Seq, 0, errLine(cl, e), "%s", msg)
		}
	case prev.state == replay.StateAuthRequired:
		if e := cl.refusal(); e != nil {
			msg := fmt.Sprintf("a message to task %s in TASK_STATE_AUTH_REQUIRED was refused with %s; an agent should keep accepting messages so the client can negotiate, correct or refuse the request",
				replay.ShortID(taskID), e)
			if strings.Contains(e.message, "already in progress") {
				msg += " (a2a-go v2.4.0 refuses them while the execution waits, a known deviation)"
			}
			c.report("auth-required-accepts", ex.Seq, 0, errLine(cl, e), "%s", msg)
		}
	}

}

func (c *checker) checkSubscribe(cl *call) {
	ex := cl.ex
	if cl.taskID == "" {
		return
	}
	prev, ok := c.stateBefore(cl.taskID, ex.Request.At, ex.Request.Line)
	if !ok {
		return
	}
	e := cl.refusal()
	switch {
	case replay.Terminal(prev.state) && cl.accepted():
		c.report("subscribe-state", ex.Seq, 0, ex.Response.Line,
			"SubscribeToTask on task %s, which is in %s, was accepted; a terminal task is refused with UnsupportedOperationError", replay.ShortID(cl.taskID), prev.state)
	case replay.Terminal(prev.state) && e != nil && e.reason != "UNSUPPORTED_OPERATION":
		msg := fmt.Sprintf("SubscribeToTask on task %s, which is in %s, was refused with %s; the specification's error is UnsupportedOperationError (JSON-RPC -32004)",
			replay.ShortID(cl.taskID), prev.state, e)
		if e.reason == "TASK_NOT_FOUND" {
			msg += "; a2a-go v2.4.0 answers task not found here, a known deviation"
		}
		c.report("subscribe-state", ex.Seq, 0, errLine(cl, e), "%s", msg)
	case !replay.Terminal(prev.state) && e != nil && e.reason == "TASK_NOT_FOUND":
		msg := fmt.Sprintf("SubscribeToTask on task %s, which exists in %s, was answered %s; the operation serves any task not in a terminal state",
			replay.ShortID(cl.taskID), prev.state, e)
		if strings.Contains(e.message, "no active execution") {
			msg += " (a2a-go v2.4.0 answers so when no execution is running, a known deviation)"
		}
		c.report("subscribe-state", ex.Seq, 0, errLine(cl, e), "%s", msg)
	}
}

// checkStream: how a stream starts, whose events it carries and when it
// ends (§3.1.2, §3.1.6).
func (c *checker) checkStream(cl *call) {
	ex := cl.ex
	r := ex.Response
	if len(cl.frames) == 0 {
		return
	}
	first := cl.frames[0]
	if first.err != nil {
		return // refused: an error is the whole answer
	}
	var task string
	switch {
	case first.ev == nil && cl.binding == jsonRPC && (first.body == nil || first.body.v.Get("result") == nil):
		return // not a JSON-RPC response: the envelope check said so
	case first.ev == nil:
		if cl.method == "SubscribeToTask" {
			c.report("subscribe-snapshot", ex.Seq, 1, first.fr.Line, "the first event of SubscribeToTask is not the Task")
		} else {
			c.report("stream-start", ex.Seq, 1, first.fr.Line, "the stream's first frame is neither a Task nor a Message")
		}
		return
	case cl.method == "SubscribeToTask" && first.ev.kind != "task":
		c.report("subscribe-snapshot", ex.Seq, 1, first.body.lineOf(first.ev.v),
			"SubscribeToTask's first event is a %s; it must be the Task as it is at subscription time", first.ev.kind)
	case first.ev.kind == "message":
		if len(cl.frames) > 1 {
			c.report("stream-start", ex.Seq, 2, cl.frames[1].fr.Line, "a stream that starts with a Message holds exactly that one Message, then closes; this one goes on")
		}
		return
	case first.ev.kind != "task" && cl.method != "SubscribeToTask":
		c.report("stream-start", ex.Seq, 1, first.body.lineOf(first.ev.v), "the stream starts with a %s; a task's stream starts with the Task", first.ev.kind)
	}
	task = eventTask(first.ev)
	if cl.method == "SubscribeToTask" && cl.taskID != "" {
		task = cl.taskID
	}
	terminalAt := 0
	for _, f := range cl.frames {
		if f.ev == nil {
			continue
		}
		if terminalAt > 0 {
			c.report("stream-closes", ex.Seq, f.n, f.fr.Line, "frame %d comes after the task reached a terminal state in frame %d; the stream must close there", f.n, terminalAt)
			continue
		}
		id := eventTask(f.ev)
		if task != "" && id != "" && id != task {
			c.report("stream-one-task", ex.Seq, f.n, f.body.lineOf(f.ev.v), "frame %d is about task %s in the stream of task %s", f.n, replay.ShortID(id), replay.ShortID(task))
		}
		var state string
		switch f.ev.kind {
		case "task", "statusUpdate":
			state = f.ev.v.Get("status").Get("state").Text()
		}
		if replay.Terminal(state) {
			terminalAt = f.n
		}
	}
	if terminalAt == 0 {
		return
	}
	switch end := r.Stream.End; {
	case end == nil:
		c.add(Finding{Exchange: ex.Seq, Frame: terminalAt, Line: cl.frames[terminalAt-1].fr.Line, Section: "3.1.2", Rule: "stream-closes", Severity: Warning,
			Msg: fmt.Sprintf("the task reached a terminal state in frame %d, and the capture ended with the stream still open", terminalAt)})
	case end.By == replay.EndClient:
		c.report("stream-closes", ex.Seq, 0, end.Line, "the task reached a terminal state in frame %d, but the server did not close the stream; the client did", terminalAt)
	}
}

// checkFinal: no state after a terminal one (§4.1.3).
func (c *checker) checkFinal() {
	final := map[string]observation{}
	for _, o := range c.obs {
		if f, ok := final[o.task]; ok && o.state != f.state {
			c.report("terminal-is-final", o.ex, o.frame, o.line, "task %s reports %s after it reached %s (exchange %d)", replay.ShortID(o.task), o.state, f.state, f.ex)
			continue
		}
		if replay.Terminal(o.state) {
			if _, ok := final[o.task]; !ok {
				final[o.task] = o
			}
		}
	}
}

// checkAuthMessages: a task entering AUTH_REQUIRED says what it needs
// (§7.6.1).
func (c *checker) checkAuthMessages() {
	for _, cl := range c.calls {
		check := func(ev *event, fr int) {
			if ev == nil || (ev.kind != "task" && ev.kind != "statusUpdate") {
				return
			}
			st := ev.v.Get("status")
			if st.Get("state").Text() != replay.StateAuthRequired {
				return
			}
			m := st.Get("message")
			if m == nil || !hasText(m) {
				c.report("auth-required-message", cl.ex.Seq, fr, ev.at.lineOf(st),
					"the task is in TASK_STATE_AUTH_REQUIRED without a status message that says what authorization it needs (required unless agreed out of band or by an extension)")
			}
		}
		if cl.resultTsk != nil {
			check(&event{kind: "task", v: cl.resultTsk, at: cl.resp}, 0)
		}
		for _, f := range cl.frames {
			check(f.ev, f.n)
		}
	}
}

// hasText says whether a message has a part with something in it.
func hasText(m *jsontree.Value) bool {
	parts := m.Get("parts")
	if parts == nil {
		return false
	}
	for _, p := range parts.Items {
		if strings.TrimSpace(p.Get("text").Text()) != "" || p.Has("data") || p.Has("url") || p.Has("raw") {
			return true
		}
	}
	return false
}

// errLine is the line of an error reply: its error object, or the
// response when the body could not be read.
func errLine(cl *call, e *a2aError) int {
	if l := e.at.lineOf(e.v); l > 0 {
		return l
	}
	if cl.ex.Response != nil {
		return cl.ex.Response.Line
	}
	return cl.ex.Request.Line
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// article names a JSON kind with its article: "an object", "a string".
func article(k jsontree.Kind) string {
	switch k {
	case jsontree.Object, jsontree.Array:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// text is a value as written in its JSON.
func text(j *json, v *jsontree.Value) string {
	if j == nil || v == nil || v.End > len(j.text) || v.Start > v.End {
		return ""
	}
	return j.text[v.Start:v.End]
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// eventTask is the id of the task an event is about.
func eventTask(ev *event) string {
	switch ev.kind {
	case "task":
		return ev.v.Get("id").Text()
	case "statusUpdate", "artifactUpdate":
		return ev.v.Get("taskId").Text()
	}
	return ""
}

// party tells whether a finding is about the client's request or the
// agent's answer: by its line when there is one, else by its rule.
func (c *checker) party(f Finding) string {
	for _, cl := range c.calls {
		ex := cl.ex
		if ex.Seq != f.Exchange {
			continue
		}
		if f.Line > 0 && ex.Request.Line > 0 {
			if ex.Response == nil || ex.Response.Line == 0 || f.Line < ex.Response.Line {
				return ByClient
			}
			return ByAgent
		}
		break
	}
	switch f.Rule {
	case "a2a-version", "method-name":
		return ByClient
	case "jsonrpc-envelope", "content-type", "answer-ids", "enum-names", "timestamp-utc",
		"role", "message-fields", "part-shape":
		return "" // either side; without lines a HAR import cannot tell
	}
	return ByAgent
}
