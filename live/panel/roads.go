package panel

import (
	"fmt"
	"strings"

	"github.com/a2aplay/a2aplay/backoff"
)

// The roads a client may take to wait on an interrupted task (spec
// §7.6.2, the tutorial's three roads, with the stream kept as the
// fourth): the Live panel's road chooser sends one with a review or a
// deploy (DiffArgs.Road, DeployArgs.Road), and the page polls with the
// "poll" command (PollArgs).

// A Road is how the learner's client waits for a task it started.
type Road string

const (
	// RoadDefault is each move's own way: the review a blocking
	// SendMessage that returns with the question, the deploy a stream
	// (DeployArgs.Blocking a blocking SendMessage).
	RoadDefault Road = ""
	// RoadStream keeps the stream: SendStreamingMessage, read to its end.
	RoadStream Road = "stream"
	// RoadSubscribe sends without a stream and leaves the learner to
	// call SubscribeToTask later.
	RoadSubscribe Road = "subscribe"
	// RoadWebhook sends with a push notification config for the
	// client's webhook, a receiver in the worker (in-page agents only),
	// and holds no stream: the agent POSTs each event to it.
	RoadWebhook Road = "webhook"
	// RoadPoll sends without a stream; the page asks GetTask (with
	// historyLength) at the interval the learner chose, until the task
	// ends.
	RoadPoll Road = "poll"
)

// Roads are the roads in the order the panel offers them.
var Roads = []Road{RoadStream, RoadSubscribe, RoadWebhook, RoadPoll}

// Check returns an error naming r when it is not a road.
func (r Road) Check() error {
	switch r {
	case RoadDefault, RoadStream, RoadSubscribe, RoadWebhook, RoadPoll:
		return nil
	}
	var names []string
	for _, k := range Roads {
		names = append(names, fmt.Sprintf("%q", k))
	}
	return fmt.Errorf("unknown road %q (want %s or none)", r, strings.Join(names, ", "))
}

// Poll intervals the page may ask for, in seconds.
const (
	PollMinSeconds     = 1
	PollMaxSeconds     = 60
	PollDefaultSeconds = 2
)

// PollWait is the page's polling schedule: the seconds it waits before
// ask n (1-based) when the learner chose to poll every every seconds,
// on package backoff's schedule: every seconds after the send, then
// twice as long after each ask, at most backoff.Factor×every. every is
// kept within PollMinSeconds and PollMaxSeconds; n below 1 is the
// first ask.
func PollWait(every, n int) int {
	return backoff.Wait(min(max(every, PollMinSeconds), PollMaxSeconds), n)
}

// PollArgs are the arguments of the "poll" command: one GetTask of a
// polling client, which asks for the latest HistoryLength messages of
// the task's history (0 means 1; spec §3.1.3's historyLength).
type PollArgs struct {
	TaskID        string  `json:"taskId"`
	HistoryLength int     `json:"historyLength,omitempty"`
	Number        int     `json:"number,omitempty"` // the page's count of this poll, 1, 2, ...; shown in the note
	Every         int     `json:"every,omitempty"`  // the seconds the page waited before this poll (PollWait); shown in the note
	Agent         string  `json:"agent,omitempty"`
	Binding       Binding `json:"binding,omitempty"`
}

func (PollArgs) Op() string  { return "poll" }
func (PollArgs) answer() any { return new(Result) }
