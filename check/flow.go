package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// The rules in this file read a call against what the transcript showed
// before it: the states its task reported, in time order.

// checkSend: SendMessage and SendStreamingMessage (§3.1.1, §3.2.2,
// §3.4.2, §3.4.3, §7.6.1).
func (c *checker) checkSend(cl *call) {
	m := cl.message()
	if !is(m, jsonread.Object) {
		return
	}
	if cl.method == "SendMessage" {
		c.checkBlocking(cl)
		c.checkHistory(cl)
	}
	taskID := m.Get("taskId").Text()
	if taskID == "" {
		return // a new task, in a new or (with contextId) an existing context: §3.4.3
	}
	req := &cl.ex.Request
	prev, hasPrev := c.stateBefore(taskID, req.At, req.Line)
	c.checkContinues(cl, m, taskID, prev, hasPrev)
	if hasPrev {
		c.checkSendToState(cl, taskID, prev)
	}
}

// checkBlocking: a blocking SendMessage returns at a terminal or
// interrupted state.
func (c *checker) checkBlocking(cl *call) {
	if !cl.blocking() || cl.resultTsk == nil {
		return
	}
	st := cl.resultTsk.Get("status").Get("state")
	if s := st.Text(); validStates[s] && !replay.Terminal(s) && !replay.Interrupted(s) {
		c.report("blocking-send", c.at(cl, 0, cl.resp.lineOf(st), ByAgent),
			"blocking SendMessage returned task %s in %s; a blocking call returns only at a terminal or interrupted state (set configuration.returnImmediately to get the task at once)",
			replay.ShortID(cl.resultTsk.Get("id").Text()), s)
	}
}

// checkContinues: message m names task taskID, which must exist, and
// the reply and the message's contextId must be the task's. prev is the
// task's state before the call, when hasPrev.
func (c *checker) checkContinues(cl *call, m *jsonread.Value, taskID string, prev observation, hasPrev bool) {
	e := cl.refusal()
	if !hasPrev && e != nil && e.reason == "TASK_NOT_FOUND" {
		// A taskId kept from an earlier session may name a task the agent
		// has purged since (§3.3.2): only one the agent already said it
		// does not know is the client's mistake.
		if before, ok := c.unknownTasks[taskID]; ok {
			c.report("task-id-exists", c.at(cl, 0, cl.req.lineOf(m.Get("taskId")), ByClient),
				"the message names task %s again, though the agent answered TaskNotFoundError for it in exchange %d and the transcript never showed it since; a client's taskId references an existing task",
				replay.ShortID(taskID), before)
		} else {
			c.unknownTasks[taskID] = cl.ex.Seq
		}
	}
	if t, j := cl.replyTask(); t != nil && cl.accepted() {
		if got := t.Get("id").Text(); got != "" && got != taskID {
			c.report("task-not-found", c.at(cl, 0, j.lineOf(t.Get("id")), ByAgent),
				"the message names task %s, but the reply is about task %s: a message naming a task continues it, or is refused with TaskNotFoundError when there is no such task; it never starts a new one",
				replay.ShortID(taskID), replay.ShortID(got))
		}
	}
	ctxID := m.Get("contextId").Text()
	known := prev.context // the task's context, as it last reported it
	if ctxID != "" && known != "" && ctxID != known {
		c.report("context-match", c.at(cl, 0, cl.req.lineOf(m.Get("contextId")), ByClient),
			"the message names task %s with contextId %s, but the task's contextId is %s; send the task's own contextId, or the taskId alone",
			replay.ShortID(taskID), replay.ShortID(ctxID), replay.ShortID(known))
		if cl.accepted() {
			c.report("context-mismatch", c.at(cl, 0, cl.responseLine(), ByAgent), "the agent accepted a message for task %s whose contextId %s is not the task's (%s); it must reject it",
				replay.ShortID(taskID), replay.ShortID(ctxID), replay.ShortID(known))
		}
	}
}

// checkSendToState: a message to a task in a terminal state is refused
// with UnsupportedOperationError; one in AUTH_REQUIRED is accepted.
func (c *checker) checkSendToState(cl *call, taskID string, prev observation) {
	e := cl.refusal()
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	switch {
	case replay.Terminal(prev.state):
		switch {
		case cl.accepted():
			c.report("message-to-terminal", agent,
				"the agent accepted a message to task %s, which is in %s (since exchange %d); it must refuse it with UnsupportedOperationError",
				replay.ShortID(taskID), prev.state, prev.ex)
		case e != nil && e.reason == "TASK_NOT_FOUND" && c.purged(taskID, cl):
			// a finished task the agent no longer keeps (§3.3.2)
		case e != nil && e.reason != "UNSUPPORTED_OPERATION" && !e.untyped(cl):
			agent.line = errLine(cl, e)
			msg := fmt.Sprintf("a message to task %s in %s was refused with %s; the specification's error is UnsupportedOperationError (-32004)",
				replay.ShortID(taskID), prev.state, e)
			if e.code == -32602 || e.reason == "INVALID_PARAMS" {
				c.deviation("message-to-terminal", "", agent, msg+"; a2a-go v2.4.0 answers -32602 here, a known deviation")
			} else {
				c.report("message-to-terminal", agent, "%s", msg)
			}
		}
	case prev.state == replay.StateAuthRequired && e != nil:
		agent.line = errLine(cl, e)
		msg := fmt.Sprintf("a message to task %s in TASK_STATE_AUTH_REQUIRED was refused with %s; an agent should keep accepting messages so the client can negotiate, correct or refuse the request",
			replay.ShortID(taskID), e)
		if strings.Contains(e.message, "already in progress") {
			c.deviation("auth-required-accepts", "", agent, msg+" (a2a-go v2.4.0 refuses them while the execution waits, a known deviation)")
		} else {
			c.report("auth-required-accepts", agent, "%s", msg)
		}
	}
}

// checkHistory: no more history than historyLength asked for (§3.2.4).
func (c *checker) checkHistory(cl *call) {
	if cl.resultTsk == nil || cl.resultTsk.Kind != jsonread.Object {
		return
	}
	var raw string
	switch {
	case cl.method == "SendMessage":
		if v := cl.params.Get("configuration").Get("historyLength"); is(v, jsonread.Number) {
			raw = v.Raw
		}
	case cl.binding == jsonRPC:
		if v := cl.params.Get("historyLength"); is(v, jsonread.Number) {
			raw = v.Raw
		}
	default:
		raw = cl.query().Get("historyLength")
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 0 {
		return
	}
	h := cl.resultTsk.Get("history")
	if h == nil || len(h.Items) <= n {
		return
	}
	c.report("history-length", c.at(cl, 0, cl.resp.lineOf(h), ByAgent),
		"historyLength %d asked for at most %s, but the task came back with %d", n, plural(n, "history message"), len(h.Items))
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
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	if e != nil {
		agent.line = errLine(cl, e)
	}
	task := replay.ShortID(cl.taskID)
	switch {
	case replay.Terminal(prev.state) && cl.accepted():
		c.report("subscribe-state", agent,
			"SubscribeToTask on task %s, which is in %s, was accepted; a terminal task is refused with UnsupportedOperationError", task, prev.state)
	case replay.Terminal(prev.state) && e != nil && e.reason == "TASK_NOT_FOUND" && c.purged(cl.taskID, cl):
		// a finished task the agent no longer keeps (§3.3.2)
	case replay.Terminal(prev.state) && e != nil && e.reason != "UNSUPPORTED_OPERATION" && !e.untyped(cl):
		msg := fmt.Sprintf("SubscribeToTask on task %s, which is in %s, was refused with %s; the specification's error is UnsupportedOperationError (-32004)",
			task, prev.state, e)
		if e.reason == "TASK_NOT_FOUND" && strings.Contains(e.message, "no active execution") {
			c.deviation("subscribe-state", "", agent, msg+"; a2a-go v2.4.0 answers task not found here, a known deviation")
		} else {
			c.report("subscribe-state", agent, "%s", msg)
		}
	case !replay.Terminal(prev.state) && e != nil && e.reason == "TASK_NOT_FOUND":
		msg := fmt.Sprintf("SubscribeToTask on task %s, which exists in %s, was answered %s; the operation serves any task not in a terminal state",
			task, prev.state, e)
		if strings.Contains(e.message, "no active execution") {
			c.deviation("subscribe-state", "", agent, msg+" (a2a-go v2.4.0 answers so when no execution is running, a known deviation)")
		} else {
			c.report("subscribe-state", agent, "%s", msg)
		}
	}
}

// checkCancel: a task already done cannot be canceled (§3.1.5).
func (c *checker) checkCancel(cl *call) {
	ex := cl.ex
	if cl.taskID == "" {
		return
	}
	prev, ok := c.stateBefore(cl.taskID, ex.Request.At, ex.Request.Line)
	if !ok || !replay.Terminal(prev.state) {
		return
	}
	e := cl.refusal()
	if e != nil && e.reason == "TASK_NOT_FOUND" && c.purged(cl.taskID, cl) {
		return // a finished task the agent no longer keeps (§3.3.2)
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	if prev.state == replay.StateCanceled {
		switch {
		case e != nil && (e.reason == "TASK_NOT_CANCELABLE" || e.reason == "TASK_NOT_FOUND"):
			return // §3.1.5's error, or §3.3.1's for a purged task
		case cl.accepted():
			c.deviation("cancel-canceled", "", agent, fmt.Sprintf("CancelTask on task %s, canceled already (exchange %d), was answered with the task; §3.1.5 names TaskNotCancelableError (-32002) for a task already canceled, though §3.3.1's idempotency can be read to allow this (a2a-go v2.4.0 answers so, a known deviation)",
				replay.ShortID(cl.taskID), prev.ex))
			return
		}
	}
	switch {
	case cl.accepted():
		c.report("cancel-terminal", agent, "CancelTask on task %s, which is in %s (since exchange %d), was served; it must be refused with TaskNotCancelableError (-32002)",
			replay.ShortID(cl.taskID), prev.state, prev.ex)
	case e != nil && e.reason != "TASK_NOT_CANCELABLE" && !e.untyped(cl):
		agent.line = errLine(cl, e)
		c.report("cancel-terminal", agent, "CancelTask on task %s, which is in %s, was refused with %s; the specification's error is TaskNotCancelableError (-32002)",
			replay.ShortID(cl.taskID), prev.state, e)
	}
}

// checkStream: how a stream starts, whose events it carries and when it
// ends (§3.1.2, §3.1.6, §11.7).
func (c *checker) checkStream(cl *call) {
	ex := cl.ex
	r := ex.Response
	if len(cl.frames) == 0 {
		return
	}
	agent := func(fr, line int) place { return c.at(cl, fr, line, ByAgent) }
	first := cl.frames[0]
	if first.err != nil || first.ev == nil {
		return // refused, or not a StreamResponse: other rules say so
	}
	closes := "3.1.2"
	switch {
	case cl.method == "SubscribeToTask":
		closes = "3.1.6"
		// 0.3's tasks/resubscribe resumes with what comes next, and asks
		// for no Task first (v03.go).
		if first.ev.kind != "task" && cl.version != replay.V03 {
			c.report("subscribe-snapshot", agent(1, first.body.lineOf(first.ev.v)),
				"SubscribeToTask's first event is a %s; it must be the Task as it is at subscription time", first.ev.kind)
		}
	case first.ev.kind == "message":
		if len(cl.frames) > 1 {
			c.report("stream-start", agent(2, cl.frames[1].fr.Line), "a stream that starts with a Message holds exactly that one Message, then closes; this one goes on")
		}
		return
	case first.ev.kind != "task":
		c.report("stream-start", agent(1, first.body.lineOf(first.ev.v)), "the stream starts with a %s; a task's stream starts with the Task", first.ev.kind)
	}
	task := eventTask(first.ev)
	if cl.method == "SubscribeToTask" && cl.taskID != "" {
		task = cl.taskID
	}
	terminalAt, snapshot := 0, false
	for _, f := range cl.frames {
		if f.ev == nil {
			continue
		}
		if terminalAt > 0 {
			// HTTP+JSON may resend the final Task before closing (§11.7).
			if cl.binding == restAPI && !snapshot && f.ev.kind == "task" &&
				f.ev.v.Get("status").Get("state").Text() == cl.frames[terminalAt-1].state() {
				snapshot = true
				continue
			}
			c.reportIn(closes, "stream-closes", agent(f.n, f.fr.Line), "frame %d comes after the task reached a terminal state in frame %d; the stream must close there", f.n, terminalAt)
			continue
		}
		id := eventTask(f.ev)
		if task != "" && id != "" && id != task {
			c.report("stream-one-task", agent(f.n, f.body.lineOf(f.ev.v)), "frame %d is about task %s in the stream of task %s", f.n, replay.ShortID(id), replay.ShortID(task))
		}
		if replay.Terminal(f.state()) {
			terminalAt = f.n
		}
	}
	if terminalAt == 0 {
		return
	}
	switch end := r.Stream.End; {
	case end == nil:
		c.add(Finding{Exchange: ex.Seq, Frame: terminalAt, Line: cl.frames[terminalAt-1].fr.Line, Section: closes, Rule: "stream-closes", Severity: Note, By: ByUnknown,
			Msg: fmt.Sprintf("the task reached a terminal state in frame %d, and the capture ended with the stream still open", terminalAt)})
	case end.By == replay.EndClient:
		c.reportIn(closes, "stream-closes", agent(0, end.Line), "the task reached a terminal state in frame %d, but the server did not close the stream; the client did", terminalAt)
	}
}

// state is the task state a frame reports, or "".
func (f *frame) state() string {
	if f.ev == nil || (f.ev.kind != "task" && f.ev.kind != "statusUpdate") {
		return ""
	}
	return f.ev.v.Get("status").Get("state").Text()
}

// checkFinal: no state after a terminal one.
func (c *checker) checkFinal() {
	for _, id := range sortedKeys(c.tasks) {
		tl := c.tasks[id]
		if tl.terminal < 0 {
			continue
		}
		f := tl.obs[tl.terminal]
		for _, o := range tl.obs[tl.terminal+1:] {
			if o.state != f.state {
				c.report("terminal-is-final", place{ex: o.ex, fr: o.frame, line: o.line, by: ByAgent},
					"task %s reports %s after it reached %s (exchange %d)", replay.ShortID(o.task), o.state, f.state, f.ex)
			}
		}
	}
}

// checkAuthMessage: a task entering AUTH_REQUIRED says what it needs
// (§7.6.1).
func (c *checker) checkAuthMessage(cl *call) {
	check := func(ev *event, fr int) {
		if ev == nil || (ev.kind != "task" && ev.kind != "statusUpdate") {
			return
		}
		st := ev.v.Get("status")
		if st.Get("state").Text() != replay.StateAuthRequired {
			return
		}
		if m := st.Get("message"); m == nil || !hasContent(m) {
			c.report("auth-required-message", c.at(cl, fr, ev.at.lineOf(st), ByAgent),
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

// hasContent says whether a message has a part with something in it.
func hasContent(m *jsonread.Value) bool {
	parts := messageParts(m)
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
