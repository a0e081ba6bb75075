package check

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// The data model's rules (§4, §5.5, §5.6.1) are checked by a walk that
// knows the schema: it visits a Task, a Message, a Part, an Artifact or
// an event where the protocol puts one, and never looks inside what the
// protocol leaves to the application: a data part's value, metadata,
// extension parameters. A data part may hold {"status": {"state": "ok"}}
// without being judged as a TaskStatus.

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

// A walk is one body or frame being checked, with who sent it.
type walk struct {
	c    *checker
	cl   *call
	j    *json
	fr   int
	by   string
	base string // the path of the walked value in its body: "params.", "result."
	// context is the contextId of the Task or event being walked: a
	// status message inside it is in that context without naming it.
	context string
}

// inContext sets the walk's context to obj's contextId, and returns
// what restores the one before.
func (w *walk) inContext(obj *jsonread.Value) func() {
	prev := w.context
	if c := obj.Get("contextId").Text(); c != "" {
		w.context = c
	}
	return func() { w.context = prev }
}

func (w *walk) place(v *jsonread.Value) place {
	return place{ex: w.cl.ex.Seq, fr: w.fr, line: w.j.lineOf(v), by: w.by}
}

// checkShapes walks every A2A object an exchange carries.
func (c *checker) checkShapes(cl *call) {
	in, out := "", ""
	if cl.binding == jsonRPC {
		in, out = "params.", "result."
	}
	if cl.params != nil && cl.params.Kind == jsonread.Object {
		w := &walk{c: c, cl: cl, j: cl.req, by: ByClient, base: in}
		w.names(cl.params)
		w.names(cl.params.Get("configuration"))
		switch cl.method {
		case "SendMessage", "SendStreamingMessage":
			if m := cl.params.Get("message"); m != nil {
				w.message(m, "message", true)
			}
		case "ListTasks":
			// TASK_STATE_UNSPECIFIED, the enum's zero, filters on no state.
			if st := cl.params.Get("status"); st.Text() != "TASK_STATE_UNSPECIFIED" {
				w.state(st)
			}
			w.timestamp(cl.params.Get("statusTimestampAfter"), "statusTimestampAfter")
		}
	}
	if cl.result != nil {
		w := &walk{c: c, cl: cl, j: cl.resp, by: ByAgent, base: out}
		switch cl.method {
		case "SendMessage":
			w.payload(cl.result, false)
		case "GetTask", "CancelTask":
			w.task(cl.result, "")
		case "ListTasks":
			w.names(cl.result)
			if ts := cl.result.Get("tasks"); ts != nil {
				for i, t := range ts.Items {
					w.task(t, fmt.Sprintf("tasks.%d", i))
				}
			}
		}
	}
	for _, f := range cl.frames {
		if f.obj == nil {
			continue
		}
		if cl.binding == restAPI && f.err != nil {
			c.checkRESTErrorFrame(cl, f) // errorkinds.go
			continue
		}
		w := &walk{c: c, cl: cl, j: f.body, fr: f.n, by: ByAgent, base: out}
		w.payload(f.obj, true)
	}
}

// payload checks a SendMessageResponse or StreamResponse: one payload
// member, in its v1.0 shape (§3.2.3, Appendix A.2.1).
func (w *walk) payload(v *jsonread.Value, stream bool) {
	what, allowed := "the SendMessage result", payloads[:2]
	if stream {
		what, allowed = fmt.Sprintf("frame %d", w.fr), payloads
	}
	if v.Kind != jsonread.Object {
		w.c.report("one-payload", w.place(v), "%s is %s, not an object holding one of %s", what, article(v.Kind), strings.Join(allowed, ", "))
		return
	}
	w.names(v)
	var held []string
	for _, k := range allowed {
		if v.Has(k) {
			held = append(held, k)
		}
	}
	switch {
	case len(held) > 1:
		w.c.report("one-payload", w.place(v), "%s holds %s; a v1.0 %s holds exactly one", what, strings.Join(held, " and "),
			map[bool]string{false: "SendMessageResponse", true: "StreamResponse"}[stream])
	case len(held) == 0 && v.Has("kind"):
		w.c.report("one-payload", w.place(v.Get("kind")), "%s is a v0.3 object with \"kind\": %s; v1.0 wraps it in a member named for its type (%s)", what, text(w.j, v.Get("kind")), strings.Join(allowed, ", "))
		return
	case len(held) == 0:
		w.c.report("one-payload", w.place(v), "%s holds none of %s", what, strings.Join(allowed, ", "))
		return
	}
	for _, k := range held {
		e := v.Get(k)
		if e.Kind != jsonread.Object {
			w.c.report("one-payload", w.place(e), "%s's %s is %s, not an object", what, k, article(e.Kind))
			continue
		}
		switch k {
		case "task":
			w.task(e, "task")
		case "message":
			w.message(e, "message", false)
		case "statusUpdate":
			w.statusUpdate(e)
		case "artifactUpdate":
			w.artifactUpdate(e)
		}
	}
}

func (w *walk) task(t *jsonread.Value, path string) {
	if t.Kind != jsonread.Object {
		w.c.report("task-fields", w.place(t), "the task is %s, not an object", article(t.Kind))
		return
	}
	var missing []string
	if t.Get("id").Text() == "" {
		missing = append(missing, "id")
	}
	defer w.inContext(t)()
	w.names(t)
	st := t.Get("status")
	switch {
	case !is(st, jsonread.Object):
		missing = append(missing, "status")
	case st.Get("state") == nil:
		missing = append(missing, "status.state")
	}
	if len(missing) > 0 {
		w.c.report("task-fields", w.place(t), "the task at %s has no %s", w.path(path), missingList(missing))
	}
	w.status(st, join(path, "status"))
	if as := t.Get("artifacts"); as != nil {
		for i, a := range as.Items {
			w.artifact(a, join(path, fmt.Sprintf("artifacts.%d", i)))
		}
	}
	if h := t.Get("history"); h != nil {
		for i, m := range h.Items {
			w.historyMessage(m, join(path, fmt.Sprintf("history.%d", i)))
		}
	}
}

func (w *walk) status(st *jsonread.Value, path string) {
	if !is(st, jsonread.Object) {
		return
	}
	w.names(st)
	w.state(st.Get("state"))
	w.timestamp(st.Get("timestamp"), "timestamp")
	if m := st.Get("message"); m != nil {
		w.message(m, join(path, "message"), false)
		if m.Get("role").Text() == "ROLE_USER" && w.by == ByAgent {
			w.c.report("role", w.place(m.Get("role")), "a task's status message has ROLE_USER; the agent's messages have ROLE_AGENT")
		}
	}
}

// message checks a Message. fromClient says whether the message is one
// the client sends (a request's) or the agent's (a reply's, a frame's, a
// status's); a task's history holds both and goes to historyMessage.
func (w *walk) message(m *jsonread.Value, path string, fromClient bool) {
	if !w.messageFields(m, path) {
		return
	}
	role := m.Get("role").Text()
	switch {
	case fromClient && role == "ROLE_AGENT":
		w.c.report("role", w.place(m.Get("role")), "the client sends a message with ROLE_AGENT; a client's message has ROLE_USER")
	case !fromClient && m.Get("contextId").Text() == "" && w.context == "":
		w.c.report("agent-context-id", w.place(m), "the agent's message at %s has no contextId", w.path(path))
	}
}

func (w *walk) historyMessage(m *jsonread.Value, path string) { w.messageFields(m, path) }

// messageFields checks what every Message has; it reports false when m
// is not an object.
func (w *walk) messageFields(m *jsonread.Value, path string) bool {
	if m.Kind != jsonread.Object {
		w.c.report("message-fields", w.place(m), "the message at %s is %s, not an object", w.path(path), article(m.Kind))
		return false
	}
	w.names(m)
	var missing []string
	if m.Get("messageId").Text() == "" {
		missing = append(missing, "messageId")
	}
	if m.Get("role") == nil {
		missing = append(missing, "role")
	}
	parts := m.Get("parts")
	if at := w.place(m); parts == nil && is(m.Get("content"), jsonread.Array) && w.c.versions[at.ex] == replay.V03 {
		w.c.migrate("4.1.4", "v03-content", at, fmt.Sprintf("the message at %s carries its parts as \"content\", 0.3's name over HTTP+JSON; v1.0 calls them parts", w.path(path)))
		parts = messageParts(m)
	}
	if !is(parts, jsonread.Array) || len(parts.Items) == 0 {
		missing = append(missing, "parts")
	}
	if len(missing) > 0 {
		w.c.report("message-fields", w.place(m), "the message at %s has no %s", w.path(path), missingList(missing))
	}
	w.role(m.Get("role"))
	w.parts(parts)
	return true
}

func (w *walk) parts(ps *jsonread.Value) {
	if !is(ps, jsonread.Array) {
		return
	}
	for _, p := range ps.Items {
		w.part(p)
	}
}

var partContent = []string{"text", "raw", "url", "data"}

func (w *walk) part(p *jsonread.Value) {
	if p.Kind != jsonread.Object {
		w.c.report("part-shape", w.place(p), "a part is %s, not an object", article(p.Kind))
		return
	}
	w.names(p)
	if k := p.Get("kind"); k != nil {
		w.c.report("part-shape", w.place(k), "the part has a %q member: that is the v0.3 shape; a v1.0 part is {\"text\": …}, {\"raw\": …}, {\"url\": …} or {\"data\": …}", "kind")
	}
	if f := p.Get("file"); f != nil {
		w.c.report("part-shape", w.place(f), "the part has a %q member (a v0.3 FilePart); v1.0 carries a file as raw or url with mediaType and filename", "file")
	}
	n := 0
	for _, k := range partContent {
		if p.Has(k) {
			n++
		}
	}
	if n > 1 && p.Get("kind") == nil && p.Get("file") == nil {
		w.c.report("part-shape", w.place(p), "a part holds at most one of text, raw, url and data; this one holds %d", n)
	}
}

func (w *walk) artifact(a *jsonread.Value, path string) {
	if a.Kind != jsonread.Object {
		w.c.report("artifact-fields", w.place(a), "the artifact at %s is %s, not an object", w.path(path), article(a.Kind))
		return
	}
	w.names(a)
	var missing []string
	if a.Get("artifactId").Text() == "" {
		missing = append(missing, "artifactId")
	}
	if p := a.Get("parts"); !is(p, jsonread.Array) || len(p.Items) == 0 {
		missing = append(missing, "parts")
	}
	if len(missing) > 0 {
		w.c.report("artifact-fields", w.place(a), "the artifact at %s has no %s", w.path(path), missingList(missing))
	}
	w.parts(a.Get("parts"))
}

func (w *walk) statusUpdate(e *jsonread.Value) {
	w.eventFields(e, "statusUpdate", "status")
	defer w.inContext(e)()
	w.status(e.Get("status"), "statusUpdate.status")
}

func (w *walk) artifactUpdate(e *jsonread.Value) {
	w.eventFields(e, "artifactUpdate", "artifact")
	if a := e.Get("artifact"); a != nil {
		w.artifact(a, "artifactUpdate.artifact")
	}
}

func (w *walk) eventFields(e *jsonread.Value, kind, body string) {
	w.names(e)
	var missing []string
	for _, k := range []string{"taskId", "contextId"} {
		if e.Get(k).Text() == "" {
			missing = append(missing, k)
		}
	}
	if b := e.Get(body); !is(b, jsonread.Object) {
		missing = append(missing, body)
	} else if body == "status" && b.Get("state") == nil {
		missing = append(missing, "status.state")
	}
	if len(missing) > 0 {
		section := "4.2.1"
		if kind == "artifactUpdate" {
			section = "4.2.2"
		}
		w.c.reportIn(section, "event-fields", w.place(e), "the %s in frame %d has no %s", kind, w.fr, missingList(missing))
	}
}

// state checks a TaskState value (§5.5).
func (w *walk) state(v *jsonread.Value) {
	if v == nil {
		return
	}
	switch s := v.Text(); {
	case v.Kind != jsonread.String:
		w.c.report("enum-names", w.place(v), "state %s is %s; an enum travels as its name, such as TASK_STATE_WORKING", text(w.j, v), article(v.Kind))
	case validStates[s]:
	case oldStates[s] != "":
		w.c.report("enum-names", w.place(v), "state %q is the v0.3 spelling; v1.0 sends %s", s, oldStates[s])
	case s == "TASK_STATE_UNSPECIFIED":
		w.c.report("enum-names", w.place(v), "state TASK_STATE_UNSPECIFIED is not a state a task can be in")
	default:
		w.c.report("enum-names", w.place(v), "state %q is not a TaskState", s)
	}
}

// role checks a Role value (§5.5).
func (w *walk) role(v *jsonread.Value) {
	if v == nil {
		return
	}
	switch s := v.Text(); {
	case v.Kind != jsonread.String:
		w.c.report("enum-names", w.place(v), "role %s is %s; an enum travels as its name, ROLE_USER or ROLE_AGENT", text(w.j, v), article(v.Kind))
	case s == "ROLE_USER" || s == "ROLE_AGENT":
	case oldRoles[s] != "":
		w.c.report("enum-names", w.place(v), "role %q is the v0.3 spelling; v1.0 sends %s", s, oldRoles[s])
	default:
		w.c.report("enum-names", w.place(v), "role %q is not a Role (ROLE_USER or ROLE_AGENT)", s)
	}
}

// timestamp checks a google.protobuf.Timestamp in JSON (§5.6.1).
func (w *walk) timestamp(v *jsonread.Value, key string) {
	if !is(v, jsonread.String) || !dateTimeRE.MatchString(v.Str) {
		return // not a date-time at all: the field is something else
	}
	s := v.Str
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		// ISO 8601 lets a time leave out its seconds: 2026-10-06T09:01Z.
		t, err = time.Parse("2006-01-02T15:04Z07:00", s)
	}
	p := w.place(v)
	switch {
	case err != nil && !strings.HasSuffix(s, "Z"):
		w.c.report("timestamp-utc", p, "%s %q has no zone; timestamps are UTC and end in Z", key, s)
	case err != nil:
		w.c.report("timestamp-utc", p, "%s %q is not an ISO 8601 date-time", key, s)
	case !strings.HasSuffix(s, "Z"):
		w.c.report("timestamp-utc", p, "%s %q has an offset; timestamps are UTC with Z (%s)", key, s, t.UTC().Format("2006-01-02T15:04:05.000Z"))
	}
}

func (w *walk) path(p string) string {
	switch {
	case p != "":
		return w.base + p
	case w.base != "":
		return strings.TrimSuffix(w.base, ".")
	}
	return "the body's root"
}

func join(path, member string) string {
	if path == "" {
		return member
	}
	return path + "." + member
}
