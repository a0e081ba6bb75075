package check

import (
	"fmt"
	"strings"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// The rules in this file judge which error an agent answered: a parse
// error for JSON that parses (§9.5), an internal error for a client's
// conflict (§3.3.2), an HTTP+JSON error sent as a stream frame (§11.6,
// §11.7); the deviation's words in a2a-go v2.4.0's messages tell its
// answers apart. An HTTP status other than §5.4's is wire.go's
// rest-error-status.

// checkErrorKinds runs them on a call.
func (c *checker) checkErrorKinds(cl *call) {
	c.checkParseError(cl)
	if cl.method == "SendMessage" || cl.method == "SendStreamingMessage" {
		c.checkBusy(cl)
	}
}

// checkParseError: -32700 is for a body that is not JSON.
func (c *checker) checkParseError(cl *call) {
	e := cl.refusal()
	if cl.binding != jsonRPC || e == nil || e.code != -32700 || cl.req == nil {
		return
	}
	msg := fmt.Sprintf("the request is JSON, yet the agent answered it %s, the error for invalid JSON; a parameter whose value is wrong is -32602 invalid params", e)
	p := c.at(cl, 0, errLine(cl, e), ByAgent)
	if strings.HasPrefix(e.message, "parse error:") {
		c.deviation("parse-error", "", p, msg+" (a2a-go v2.4.0 answers so when its decoder rejects a value, a known deviation)")
		return
	}
	c.report("parse-error", p, "%s", msg)
}

// checkBusy: a message to a task not finished, refused with an internal
// error.
func (c *checker) checkBusy(cl *call) {
	e := cl.refusal()
	if e == nil || !(cl.binding == jsonRPC && e.code == -32603 || cl.binding == restAPI && e.code == 500) {
		return
	}
	taskID := cl.message().Get("taskId").Text()
	if taskID == "" {
		return
	}
	prev, ok := c.stateBefore(taskID, cl.ex.Request.At, cl.ex.Request.Line)
	if !ok || replay.Terminal(prev.state) {
		return
	}
	msg := fmt.Sprintf("a message to task %s, in %s, was answered %s, an internal error; the agent did not fail, the task was busy, which the specification names no error for",
		replay.ShortID(taskID), prev.state, e)
	p := c.at(cl, 0, errLine(cl, e), ByAgent)
	if strings.Contains(e.message, "already in progress") {
		c.deviation("internal-error", "", p, msg+" (a2a-go v2.4.0 answers so while the task's execution runs, a known deviation)")
		return
	}
	c.report("internal-error", p, "%s", msg)
}

// checkRESTErrorFrame: an HTTP+JSON stream frame that is an error, not a
// StreamResponse. The binding has no error frame: a refusal is the
// response's status with a google.rpc.Status body (§11.6); a2a-go v2.4.0
// sends one as a frame when it fails after the stream began (its
// SubscribeToTask "no active execution" comes so, with HTTP 200).
func (c *checker) checkRESTErrorFrame(cl *call, f *frame) {
	e := f.err
	msg := fmt.Sprintf("frame %d is an error, %s, not a StreamResponse; over HTTP+JSON a stream's frames are task, message, statusUpdate or artifactUpdate (§11.7), and a refusal is the response's HTTP status with a google.rpc.Status body (§11.6)",
		f.n, orUnknown(e.reason))
	if e.message != "" {
		msg = fmt.Sprintf("frame %d is an error, %s %q, not a StreamResponse; over HTTP+JSON a stream's frames are task, message, statusUpdate or artifactUpdate (§11.7), and a refusal is the response's HTTP status with a google.rpc.Status body (§11.6)",
			f.n, orUnknown(e.reason), e.message)
	}
	p := c.at(cl, f.n, errLine(cl, e), ByAgent)
	if e.v != nil && is(e.v.Get("code"), jsonread.Number) && is(e.v.Get("status"), jsonread.String) {
		c.deviation("one-payload", "11.7", p, msg+" (a2a-go v2.4.0 sends an error that comes after the stream began so, a known deviation)")
		return
	}
	c.reportIn("11.7", "one-payload", p, "%s", msg)
}
