package view

import (
	"strconv"

	"github.com/a2aplay/a2aplay/replay"
)

// The Live panel's road chooser: how a client waits on a task it
// started (spec §7.6.2). The roads are package live/panel's (stream,
// subscribe, webhook, poll); here is what the page says of each and what
// a road has brought so far, worked out from the session's steps.

// RoadNote says what a road does, for the line under the chooser.
// remote is set when the agents are remote: the webhook road is then
// not offered, and the note says why. every and most are the poll
// road's first and longest wait in seconds (live/panel's PollWait
// schedule, which the caller asks: this package sits beside live/panel,
// not above it).
func RoadNote(road string, remote bool, every, most int) string {
	switch road {
	case "stream":
		return "Keep the stream: the client holds SendStreamingMessage open and hears every change on it. One connection, held for as long as the task waits."
	case "subscribe":
		return "Subscribe later: the send holds no stream. Call SubscribeToTask when you want to hear the task again; it tells you what happens from then on, not what you missed."
	case "webhook":
		if remote {
			return WebhookRemote
		}
		return "Webhook: the send gives the agent a URL of your client's (a receiver in this page's worker) and a token; the agent POSTs each change of the task to it. No connection is held; each arrival is drawn as a push arrow."
	case "poll":
		return "Poll every " + strconv.Itoa(every) + " s, backing off: the send holds no stream, and the page asks GetTask (historyLength 1) " + strconv.Itoa(every) + " s after it, then waits twice as long after each ask, at most " + strconv.Itoa(most) + " s, until the task ends (as capture 14-poll's client does, and as a2aplay check's poll-backoff note advises: a fixed interval spends requests that find nothing new). Each ask is a request; a change is seen only at the next ask."
	}
	return ""
}

// WebhookRemote is why a remote agent has no webhook road.
const WebhookRemote = "No webhook with a remote agent: a browser accepts no incoming request, so no agent outside this page can POST to it. Poll or subscribe instead; with the agents in this page, the webhook is a receiver in its worker."

// A RoadTally is what a task's client has heard of it by push and by
// polling.
type RoadTally struct {
	Pushes    int    // push notifications that arrived for the task
	PushState string // the state the last of them carried
	Polls     int    // GetTask requests of the task the client made
	PollState string // the state the last answered one reported
}

// TallyRoad counts, in steps, the push notifications for task and the
// client's GetTask calls of it, with the last state each road brought.
func TallyRoad(steps []replay.Step, task string) RoadTally {
	var t RoadTally
	asks := map[string]bool{} // request step id -> a GetTask of the task
	for _, st := range steps {
		switch {
		case st.Kind == replay.KindPush && st.TaskID == task:
			t.Pushes++
			if st.Reports {
				t.PushState = st.State
			}
		case st.Kind == replay.KindRequest && st.Method == "GetTask" && st.TaskID == task:
			t.Polls++
			asks[st.ID] = true
		case st.Kind == replay.KindReply && asks[st.Pair] && st.Reports:
			t.PollState = st.State
		}
	}
	return t
}
