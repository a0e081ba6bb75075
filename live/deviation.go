package live

import (
	"fmt"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/live/panel"
)

// Deviation is package panel's: the page's Live panel shows it.
type Deviation = panel.Deviation

// Upstream issues of a2a-go that the kit's agents show.
const (
	issueTerminal = "a2aproject/a2a-go#438" // SendMessage and SubscribeToTask on a terminal task
	issueInput    = "a2aproject/a2a-go#439" // SubscribeToTask on an INPUT_REQUIRED task
)

// messageDeviation judges the answer to a message sent on an existing
// task that the session last saw in state prior. answered reports
// whether the agent accepted the message (err is nil then).
func messageDeviation(prior string, e *WireError, accepted bool) *Deviation {
	switch {
	case terminalState(prior):
		if e.Kind() == "UNSUPPORTED_OPERATION" {
			return nil
		}
		d := &Deviation{
			Spec:     "§3.1.1",
			Expected: "UnsupportedOperationError (-32004): a task in a terminal state accepts no further messages",
		}
		switch {
		case accepted:
			d.Got = "the message was accepted"
			d.Text = fmt.Sprintf("The task had ended in %s, yet the agent accepted another message on it.", prior)
		case e == nil:
			return nil
		default:
			d.Got = e.String()
			d.Text = fmt.Sprintf("The task had ended in %s. The specification answers UnsupportedOperationError; this agent answers %s.", prior, errName(e))
			if e.Kind() == "INVALID_PARAMS" {
				d.Known = issueTerminal + ": a2a-go answers invalid params for a terminal task"
			}
		}
		return d
	case prior == string(a2a.TaskStateAuthRequired):
		if accepted || e == nil || e.Transport != "" {
			return nil
		}
		d := &Deviation{
			Spec:     "§7.6.1",
			Expected: "the agent should keep accepting messages on a task in TASK_STATE_AUTH_REQUIRED, so the client can negotiate, correct or refuse the request",
			Got:      e.String(),
			Text:     fmt.Sprintf("While the task waits for authorization, the agent refuses a message on it (%s).", errName(e)),
		}
		if strings.Contains(e.Message, "already in progress") {
			d.Known = "a2a-go runs one execution per task and keeps it running through AUTH_REQUIRED, so a new message finds it \"already in progress\""
		}
		return d
	}
	return nil
}

// subscribeDeviation judges the answer to SubscribeToTask on a task the
// session last saw in state prior ("" when the session never saw it):
// its error, or how many events its stream brought and whether it had
// closed when the move returned.
func subscribeDeviation(prior string, e *WireError, events int, closed bool) *Deviation {
	if prior == "" {
		return nil
	}
	if terminalState(prior) {
		if e.Kind() == "UNSUPPORTED_OPERATION" {
			return nil
		}
		d := &Deviation{
			Spec:     "§3.1.6",
			Expected: "UnsupportedOperationError (-32004): a task in a terminal state cannot be subscribed to",
		}
		switch {
		case e == nil && events > 0:
			d.Got = fmt.Sprintf("a stream of %d events", events)
			d.Text = fmt.Sprintf("The task had ended in %s, yet the agent opened a stream.", prior)
		case e == nil || e.Transport != "":
			return nil
		default:
			d.Got = e.String()
			d.Text = fmt.Sprintf("The task exists and ended in %s; the agent says %s.", prior, errName(e))
			if e.Kind() == "TASK_NOT_FOUND" {
				d.Known = issueTerminal + ": a2a-go looks for a running execution, not for the task"
			}
		}
		return d
	}
	if e == nil && events == 0 && closed {
		return &Deviation{
			Spec:     "§3.1.6",
			Expected: "a stream whose first event is the Task, then its updates",
			Got:      "a stream that closed without an event",
			Text:     fmt.Sprintf("The task waits in %s, yet the stream closed without sending the Task.", prior),
		}
	}
	if e == nil || e.Transport != "" {
		return nil
	}
	d := &Deviation{
		Spec:     "§3.1.6",
		Expected: "a stream whose first event is the Task, then its updates",
		Got:      e.String(),
		Text:     fmt.Sprintf("The task exists and waits in %s, so it can be subscribed to; the agent says %s.", prior, errName(e)),
	}
	if e.Kind() == "TASK_NOT_FOUND" {
		d.Known = "a2a-go looks for a running execution of the task and finds none"
		if prior == string(a2a.TaskStateInputRequired) {
			d.Known = issueInput + ": a2a-go ends the execution when the task stops for input, and then looks for a running one"
		}
	}
	if e.InStream && e.HTTPStatus == 200 {
		d.Text += " The error arrives as the only frame of a 200 event stream."
	}
	return d
}

// errName names an error answer for a sentence: "task not found (-32001)".
func errName(e *WireError) string {
	kind := strings.ToLower(strings.ReplaceAll(e.Kind(), "_", " "))
	switch {
	case kind != "" && e.Status != "":
		return fmt.Sprintf("%s (%d %s)", kind, e.Code, e.Status)
	case kind != "" && e.Code != 0:
		return fmt.Sprintf("%s (%d)", kind, e.Code)
	case e.Message != "":
		return fmt.Sprintf("%q", clip(e.Message, 120))
	}
	return fmt.Sprintf("HTTP %d", e.HTTPStatus)
}
