package check

import (
	"fmt"
	"strings"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// A2A v0.3 beside v1.0. Each exchange is judged as the version it speaks
// (replay.ExchangeVersion: its A2A-Version, its method names, its card).
// A 0.3 exchange is read as 0.3: its "kind" says what a result or frame
// is, its lower-case states are the v1.0 states they name, so the rules
// on tasks, interrupted states and streams judge it as they judge 1.0;
// v1.0's spellings are not asked of it. Each kind of 0.3 spelling
// (method names, "kind" for the oneof, part shapes, state names, role
// names, the missing A2A-Version, "final" on the last frame) gets one
// migration note per file, naming its v1.0 form, in place of a finding
// per frame. A 1.0 exchange that carries 0.3 spellings gets the findings
// it always did; an agent that answers a request in the other version
// than the one it asked for breaks §3.6.2 (version-answer).

var v03Rules = []Rule{
	{ID: "v03-migration", Section: "A.2", Keyword: "", Severity: Note,
		Summary: "an exchange that speaks A2A v0.3 is judged as 0.3; each kind of 0.3 spelling in a file gets one note naming its v1.0 form",
		Quotes: []Quote{
			{"spec §A.2.1", "Version 1.0 introduces a breaking change in how polymorphic objects are represented in the protocol."},
			{"spec §3.6.2", "Agents MUST interpret empty value as 0.3 version."},
		},
		Derivation: "A 0.3 exchange breaks no rule of 1.0 by speaking 0.3 (§3.6.2 has agents serve an empty A2A-Version as 0.3); what differs is a migration step, named once per kind of difference with the section of the v1.0 rule, a note."},
	{ID: "version-answer", Section: "3.6.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent answers in the version the request asked for: a 0.3 request in 0.3 (kind, lower-case states), a 1.0 request in 1.0 (wrapped payloads, TASK_STATE_ names)",
		Quotes: []Quote{
			{"spec §3.6.2", "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`)."},
		},
		Derivation: "A reply or frame whose payload has the other version's shape (a 0.3 kind and lower-case state, or a v1.0 wrapper and TASK_STATE_ name) was not processed with the requested version's semantics."},
	{ID: "v03-state", Section: "3.6.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a 0.3 answer names its task's state by one of 0.3's TaskState values: submitted, working, input-required, auth-required, completed, canceled, failed, rejected, unknown",
		Quotes: []Quote{
			{"spec §3.6.2", "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`)."},
			{"v0.3.0 types.ts TaskState", `InputRequired = "input-required",`},
			{"v0.3.0 types.ts TaskState", `AuthRequired = "auth-required",`},
		},
		Derivation: "A 0.3 request is served with 0.3's semantics (§3.6.2 of v1.0.1), and 0.3's TaskState (the v0.3.0 specification's §6.3 renders types.ts) has nine lower-case values. A state outside them (\"INPUT_REQUIRED\", \"input_required\") is none a 0.3 client knows: it cannot tell that the task waits for it. A v1.0 TASK_STATE_ name in a 0.3 answer is version-answer's."},
	{ID: "v03-stream-final", Section: "3.6.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a 0.3 stream marks its last event, and no other, with \"final\": true: every status-update carries final, one that reports a terminal state says true, and no frame follows a final one",
		Quotes: []Quote{
			{"spec §3.6.2", "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`)."},
			{"v0.3.0 types.ts TaskStatusUpdateEvent", "If true, this is the final event in the stream for this interaction."},
			{"v0.3.0 spec §9.3", "(Server closes the SSE connection after the `final:true` event)."},
		},
		Derivation: "A 0.3 request is served with 0.3's semantics (§3.6.2 of v1.0.1). In 0.3 a TaskStatusUpdateEvent's final is a required boolean (types.ts declares it without \"?\") that says whether the event is the stream's last, and the v0.3.0 specification's streaming example closes the stream after it: a frame after a final one is one the client has stopped reading for, and a terminal state's update that says false keeps a 0.3 client waiting for more. A stream the server closes after an update that said false is a note: the client learns the end only from the connection."},
}

// migrates are the rules a 0.3 exchange's spellings break in v1.0: in a
// 0.3 exchange their findings become one migration note per kind.
var migrates = map[string]bool{
	"method-name": true, "one-payload": true, "part-shape": true, "enum-names": true,
	"a2a-version": true, "v03-final": true, "v03-card": true,
	"rest-content-type": true, // 0.3's HTTP+JSON sends application/json
}

// v03Event reads a 0.3 result or frame: its kind says what it is.
func v03Event(v *jsonread.Value, at *json) *event {
	if !is(v, jsonread.Object) {
		return nil
	}
	k, ok := v03Kinds[v.Get("kind").Text()]
	if !ok {
		return nil
	}
	return &event{kind: k, v: v, at: at}
}

var v03Kinds = map[string]string{"task": "task", "message": "message", "status-update": "statusUpdate", "artifact-update": "artifactUpdate"}

// migrationKey is the kind of difference a finding of a migrating rule
// shows: its rule, and for enum names which enum.
func migrationKey(rule, msg string) string {
	if rule == "enum-names" {
		first, _, _ := strings.Cut(msg, " ")
		return rule + " " + first
	}
	return rule
}

// migrates reports whether a finding of rule at p is a 0.3 spelling on
// a 0.3 exchange.
func (c *checker) migrates(rule string, p place) bool {
	return migrates[rule] && c.versions[p.ex] == replay.V03
}

// migrate turns a finding of a v1.0 spelling rule on a 0.3 exchange into
// the file's one migration note of its kind.
func (c *checker) migrate(section, rule string, p place, msg string) {
	key := migrationKey(rule, msg)
	if c.migrated[key] {
		return
	}
	c.migrated[key] = true
	r := ruleByID("v03-migration")
	c.add(Finding{Exchange: p.ex, Frame: p.fr, Line: p.line, Section: section, Rule: r.ID,
		Msg:      fmt.Sprintf("this exchange speaks A2A v0.3 and is read as 0.3: %s; further 0.3 spellings of this kind in the file are not listed", msg),
		Severity: r.Severity, By: p.by})
}

// reported says whether the exchange has a finding of rule already.
func (c *checker) reported(ex int, rule string) bool {
	for i := len(c.findings) - 1; i >= 0 && c.findings[i].Exchange == ex; i-- {
		if c.findings[i].Rule == rule {
			return true
		}
	}
	return false
}

// noteV03Card notes, once per file, a card of 0.3's shape (a top-level
// url and protocolVersion, no supportedInterfaces); checkCard then asks
// it for 0.3's url in place of 1.0's supportedInterfaces.
func (c *checker) noteV03Card(cl *call) {
	v := cl.resp.v
	c.migrate("4.4.1", "v03-card", c.at(cl, 0, cl.resp.lineOf(v), ByAgent),
		fmt.Sprintf("the agent card has 0.3's shape, url %s and protocolVersion %s at its top; a v1.0 card lists supportedInterfaces instead, each with its url, protocolBinding and protocolVersion",
			quoted(v.Get("url").Text()), quoted(v.Get("protocolVersion").Text())))
}

func quoted(s string) string { return fmt.Sprintf("%q", s) }

// noteV03Stream notes, once per file, the two 0.3 spellings of a 0.3
// exchange's results and frames the walk of their v1.0 shape does not
// reach: lower-case states, and "final" on a stream's last frame.
func (c *checker) noteV03Stream(cl *call) {
	if cl.version != replay.V03 || cl.binding == notA2A || cl.card {
		return
	}
	for _, o := range cl.payloads() {
		if v03Event(o.v, nil) == nil {
			continue
		}
		st := o.v.Get("status").Get("state")
		if s, ok := replay.V03State(st.Text()); ok && is(st, jsonread.String) {
			c.migrate("5.5", "enum-names", c.at(cl, o.frame, o.line, ByAgent),
				fmt.Sprintf("state %q is the v0.3 spelling; v1.0 sends %s", st.Text(), s))
		}
		if f := o.v.Get("final"); f != nil && f.Raw == "true" && o.frame > 0 {
			c.migrate("3.1.6", "v03-final", c.at(cl, o.frame, o.line, ByAgent),
				fmt.Sprintf("frame %d says \"final\": true, 0.3's mark of a stream's last event; v1.0 has no final member: the stream ends when the agent closes it", o.frame))
		}
	}
}

// checkVersionAnswer: the reply and frames of an A2A call are in the
// version the request asked for (§3.6.2). A request that names no
// version and is served as 1.0 is version-empty's.
func (c *checker) checkVersionAnswer(cl *call) {
	if cl.binding == notA2A || cl.card || !cl.accepted() {
		return
	}
	asked, _ := requestVersion(cl)
	switch {
	case cl.version != replay.V03 && cl.version != replay.V10:
		return // a version whose shapes check does not know
	case cl.version == replay.V03 && asked == "":
		return // version-empty's
	case c.reported(cl.ex.Seq, "version-not-supported"):
		return
	case cl.version == replay.V03 && cl.binding == restAPI:
		return // wrapped, as 1.0 wraps it: 0.3's proto JSON (v10Answer)
	}
	for _, o := range cl.payloads() {
		got := payloadVersion(o.v)
		if got == "" || got == cl.version {
			continue
		}
		where := "the reply"
		if o.frame > 0 {
			where = fmt.Sprintf("frame %d", o.frame)
		}
		c.report("version-answer", c.at(cl, o.frame, o.line, ByAgent),
			"the request speaks A2A %s, and %s answers in %s (%s); an agent answers in the version asked for, or refuses it with VersionNotSupportedError",
			cl.version, where, got, payloadHow(o.v, got))
		return
	}
}

// v10Answer says how a 0.3 call's answer shows v1.0: a result or frame
// wrapped as v1.0 wraps it, or a 0.3 object with a v1.0 state name; ""
// when it shows neither.
func v10Answer(cl *call) string {
	if cl.binding == restAPI {
		// 0.3's HTTP+JSON binding is its proto's JSON: wrapped payloads
		// and TASK_STATE_ names are 0.3's there too.
		return ""
	}
	for _, o := range cl.payloads() {
		if payloadVersion(o.v) == replay.V10 {
			return "the answer is " + payloadHow(o.v, replay.V10) + ", as v1.0 wraps it"
		}
		if st := o.v.Get("status").Get("state").Text(); strings.HasPrefix(st, "TASK_STATE_") {
			return "the answer reports the task state " + st + ", v1.0's name"
		}
	}
	return ""
}

type payload struct {
	v     *jsonread.Value
	frame int
	line  int
}

// payloads are the result and each frame's result of a call.
func (cl *call) payloads() []payload {
	var out []payload
	if cl.result != nil && cl.resp != nil {
		out = append(out, payload{v: cl.result, line: cl.resp.lineOf(cl.result)})
	}
	for _, f := range cl.frames {
		if f.obj != nil && f.body != nil {
			out = append(out, payload{v: f.obj, frame: f.n, line: f.body.lineOf(f.obj)})
		}
	}
	return out
}

// payloadVersion says which version a result or frame has the shape of:
// 0.3 for a known kind beside no v1.0 wrapper, 1.0 for a wrapper without
// a kind; "" when it shows neither.
func payloadVersion(v *jsonread.Value) string {
	if !is(v, jsonread.Object) {
		return ""
	}
	_, v03 := v03Kinds[v.Get("kind").Text()]
	wrapped := false
	for _, k := range payloads {
		if is(v.Get(k), jsonread.Object) {
			wrapped = true
		}
	}
	switch {
	case v03 && !wrapped:
		return replay.V03
	case wrapped && !v03:
		return replay.V10
	}
	return ""
}

func payloadHow(v *jsonread.Value, got string) string {
	if got == replay.V03 {
		return fmt.Sprintf("\"kind\": %q", v.Get("kind").Text())
	}
	for _, k := range payloads {
		if is(v.Get(k), jsonread.Object) {
			return fmt.Sprintf("wrapped in %q", k)
		}
	}
	return ""
}

// checkV03Final: a 0.3 stream's status-updates carry final, a terminal
// one says true, nothing follows a final one, and a stream the server
// closes ended on a final one (v03-stream-final).
func (c *checker) checkV03Final(cl *call) {
	if cl.version != replay.V03 || !cl.streamed || len(cl.frames) == 0 {
		return
	}
	finalAt, said := 0, 0 // the frame that said final: true; the terminal one that said false
	last := (*frame)(nil)
	for _, f := range cl.frames {
		if f.obj == nil || f.err != nil {
			continue
		}
		agent := c.at(cl, f.n, f.fr.Line, ByAgent)
		if finalAt > 0 {
			c.report("v03-stream-final", agent, "frame %d comes after frame %d said \"final\": true, 0.3's mark of the stream's last event", f.n, finalAt)
			continue
		}
		last = f
		if f.obj.Get("kind").Text() != "status-update" {
			continue
		}
		fin := f.obj.Get("final")
		name := f.obj.Get("status").Get("state").Text()
		state, _ := replay.V03State(name)
		switch {
		case !is(fin, jsonread.Bool):
			c.report("v03-stream-final", agent, "frame %d, a 0.3 status-update, has no boolean \"final\"; 0.3 requires it, true on the stream's last event", f.n)
		case fin.IsTrue():
			finalAt = f.n
		case replay.Terminal(state):
			c.report("v03-stream-final", agent, "frame %d reports the terminal state %q with \"final\": false; in 0.3 that update is the stream's last event and says true", f.n, name)
			said = f.n
		}
	}
	end := cl.ex.Response.Stream.End
	if finalAt == 0 && last != nil && said != last.n && end != nil && end.By == replay.EndServer && last.obj.Get("kind").Text() == "status-update" {
		r := ruleByID("v03-stream-final")
		c.add(Finding{Exchange: cl.ex.Seq, Frame: last.n, Line: end.Line, Section: r.Section, Rule: r.ID, Severity: Note, By: ByAgent,
			Msg: fmt.Sprintf("the server closed the stream after frame %d, which said \"final\": false; a 0.3 client learns the end from the connection only", last.n)})
	}
}

// checkV03State: the states of a 0.3 answer are 0.3's (v03-state); a
// v1.0 name is version-answer's.
func (c *checker) checkV03State(cl *call) {
	if cl.version != replay.V03 || cl.card || cl.binding == notA2A {
		return
	}
	for _, o := range cl.payloads() {
		if v03Event(o.v, nil) == nil {
			continue
		}
		st := o.v.Get("status").Get("state")
		if !is(st, jsonread.String) {
			continue
		}
		if _, ok := replay.V03State(st.Text()); ok || strings.HasPrefix(st.Text(), "TASK_STATE_") {
			continue
		}
		where := "the reply"
		if o.frame > 0 {
			where = fmt.Sprintf("frame %d", o.frame)
		}
		c.report("v03-state", c.at(cl, o.frame, o.line, ByAgent),
			"%s names the task's state %q, which 0.3 does not have; 0.3's states are submitted, working, input-required, auth-required, completed, canceled, failed, rejected and unknown", where, st.Text())
	}
}

// messageParts are a message's parts: its "parts", or, without them, its
// "content", the name 0.3's HTTP+JSON binding (its proto's JSON) gives
// them.
func messageParts(m *jsonread.Value) *jsonread.Value {
	if p := m.Get("parts"); p != nil {
		return p
	}
	return m.Get("content")
}
