package check

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/backoff"
	"github.com/a2aplay/a2aplay/replay"
)

// The roads a client takes to learn what became of a task it does not
// hold a stream for (§3.5.1, §7.6.2), as far as a transcript shows them:
// a webhook the agent notifies of every state change, with the
// credentials its configuration gave (push-on-change,
// push-authentication), and a GetTask poll loop that backs off
// (poll-backoff).

var roadRules = []Rule{
	{ID: "push-on-change", Section: "3.5.1", Keyword: "", Severity: Note, By: ByAgent,
		Summary: "when a task with a push notification configuration changes state, the agent POSTs a notification of it to the configuration's webhook",
		Quotes: []Quote{
			{"spec §3.5.1", "Agent sends HTTP POST requests to client-registered endpoints when task state changes"},
			{"spec §4.3.3", "When a task update occurs, the agent sends an HTTP POST request to the configured webhook URL. The payload uses the same `StreamResponse` format as streaming operations, allowing push notifications to deliver the same event types as real-time streams."},
			{"spec §4.3.3", "Agents MUST attempt delivery at least once for each configured webhook"},
		},
		Derivation: "The sentences that say when a notification is due (§3.5.1, §4.3.3's first) state no keyword; §4.3.3's MUST is about attempting the delivery of one that is due. A note, judged only where the transcript recorded the webhook's side (a push exchange, or the participant captures and a2aplay record -webhooks name client-webhook), and for a state the transcript shows the task reach after the configuration was given and before it went on. Some SDKs notify only after their first answer has returned, or only while the client streams; the finding says so where the transcript looks like either."},
	{ID: "push-unrecorded", Section: "3.5.1", Keyword: "", Severity: Note,
		Summary: "a transcript that gives a webhook a push notification configuration and holds none of the notifications was recorded on the client's side only: they went from the agent to the webhook's server, on connections the recorder did not see",
		Quotes: []Quote{
			{"spec §3.5.1", "Agent sends HTTP POST requests to client-registered endpoints when task state changes"},
		},
		Derivation: "Not a departure: a note that says why the transcript cannot show the webhook road. The agent opens a connection of its own to the webhook's URL; a browser's HAR holds only what the browser sent and received, and a proxy between client and agent sees the notifications only when it is given the webhook's place (a2aplay record -webhooks)."},
	{ID: "push-authentication", Section: "4.3.3", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a notification for a configuration with authentication carries its credentials, as Authorization: SCHEME CREDENTIALS",
		Quotes: []Quote{
			{"spec §4.3.3", "The agent MUST include authentication credentials in the request headers as specified in the `PushNotificationConfig.authentication` field."},
			{"spec §13.2", "Agents MUST include authentication credentials in webhook requests as specified in `PushNotificationConfig.authentication`"},
		},
		Derivation: "§4.3.3's request format puts them in Authorization: {authentication_scheme} {credentials}; the proto's AuthenticationInfo takes the scheme from the IANA registry, case-insensitive per RFC 9110. A configuration without credentials has nothing to include.",
		Deviation:  "a2a-go v2.4.0 sends Authorization only for the Bearer and Basic schemes, and nothing for any other"},
	{ID: "poll-backoff", Section: "3.5.1", Keyword: "", Severity: Note, By: ByClient,
		Summary: "a client that polls GetTask while a task waits lengthens the interval between polls (backs off), or takes another road: a stream or a webhook",
		Quotes: []Quote{
			{"spec §3.5.1", "Higher latency, potential for unnecessary requests"},
			{"spec §3.5.1", "Client periodically calls Get Task (Section 3.1.3) to check task status"},
			{"spec §7.6.2", "Begin polling the Task using the Get Task operation"},
		},
		Derivation: "The specification allows polling and names its cost, unnecessary requests, without a keyword and without an interval; backing off is advice, a note. A loop is four or more GetTasks of one task from one client, one after the other while the task was not finished, whose interval never grew beyond the first interval the client polled that task at (a loop another call of the client interrupted goes on at the interval it had backed off to)."},
}

// sawWebhooks says whether the transcript recorded a webhook's side: a
// push exchange, or the participant captures and a2aplay record
// -webhooks give the client's webhook.
func (c *checker) sawWebhooks() bool {
	if c.t.Participant(replay.WebhookParticipant) != nil {
		return true
	}
	for _, cl := range c.calls {
		if cl.push {
			return true
		}
	}
	return false
}

// checkRoads runs, once every call has been read, the rules about the
// webhook and polling roads.
func (c *checker) checkRoads() {
	c.checkPushUnrecorded()
	c.checkPushAuthentication()
	c.checkPushOnChange()
	c.checkPollBackoff()
}

// checkPushUnrecorded: a transcript that gives a webhook a
// configuration, and recorded nothing of the webhook's side, says once
// why the notifications are missing.
func (c *checker) checkPushUnrecorded() {
	if len(c.webhooks) == 0 || c.sawWebhooks() {
		return
	}
	first := webhookConfig{}
	for _, list := range c.webhooks {
		for _, w := range list {
			if first.ex == 0 || w.ex < first.ex {
				first = w
			}
		}
	}
	c.report("push-unrecorded", place{ex: first.ex, line: first.line, by: ByUnknown},
		"exchange %d gives the webhook %s a push notification configuration, and the transcript holds no notification: the agent POSTs them to the webhook's server, a connection of its own that whoever recorded this transcript did not see (a browser's HAR holds only what the browser sent and received; a2aplay record sees them with -webhooks); their absence says nothing of the agent",
		first.ex, first.url)
}

// checkPushAuthentication: each notification whose configuration has
// authentication with credentials carries them as Authorization.
func (c *checker) checkPushAuthentication() {
	for _, n := range c.notifications {
		cfg, ok := c.webhookFor(n.url, n.task, n.at)
		if !ok || !cfg.auth || cfg.credentials == "" || cfg.scheme == "" { // no scheme: push-config-fields
			continue
		}
		scheme, creds, _ := strings.Cut(strings.TrimSpace(n.authorization), " ")
		creds = strings.TrimSpace(creds)
		if strings.EqualFold(scheme, cfg.scheme) && creds == cfg.credentials {
			continue
		}
		at := n.place
		switch {
		case n.authorization == "":
			msg := fmt.Sprintf("the webhook's configuration (exchange %d) gives authentication (scheme %q), and the notification has no Authorization header; the agent must send it as Authorization: %s CREDENTIALS",
				cfg.ex, cfg.scheme, cfg.scheme)
			if s := strings.ToLower(cfg.scheme); s != "bearer" && s != "basic" {
				c.deviation("push-authentication", "", at, msg+" (a2a-go v2.4.0 sends only the Bearer and Basic schemes, a known deviation)")
				continue
			}
			c.report("push-authentication", at, "%s", msg)
		case !strings.EqualFold(scheme, cfg.scheme):
			c.report("push-authentication", at, "the notification's Authorization names the scheme %q, and its configuration (exchange %d) gives %q", scheme, cfg.ex, cfg.scheme)
		default:
			c.report("push-authentication", at, "the notification's Authorization carries other credentials than its configuration (exchange %d) gives for the scheme %q", cfg.ex, cfg.scheme)
		}
	}
}

// checkPushOnChange: every state a task with a configuration reached
// after the configuration was given, which the transcript shows and then
// goes on past, reached the configuration's webhook in a notification;
// until a configuration of the task was deleted, after which the
// transcript may not say which webhooks are still owed one.
func (c *checker) checkPushOnChange() {
	if len(c.webhooks) == 0 || !c.sawWebhooks() {
		return
	}
	var last time.Time // the latest request of the transcript
	for _, cl := range c.calls {
		if cl.ex.Request.At.After(last) {
			last = cl.ex.Request.At
		}
	}
	for _, u := range sortedKeys(c.webhooks) {
		for _, cfg := range c.webhooks[u] {
			if tl := c.tasks[cfg.task]; cfg.task != "" && tl != nil {
				c.pushOnChange(cfg, tl, last)
			}
		}
	}
}

// pushOnChange checks one configuration against its task's timeline.
func (c *checker) pushOnChange(cfg webhookConfig, tl *timeline, last time.Time) {
	notified := map[string]bool{}
	count := 0
	var first time.Time
	for _, n := range c.notifications {
		if n.task != cfg.task || n.at.Before(cfg.at) || !c.notifiesConfig(n, cfg) {
			continue
		}
		if count == 0 || n.at.Before(first) {
			first = n.at
		}
		count++
		notified[n.state] = true
	}
	// The states the task reached after the configuration was given: all
	// of them for the task its message started; else those after the
	// state it was in, and none before the transcript shows that one.
	prev, known := "", cfg.newTask
	if !known {
		if o, ok := c.stateBefore(cfg.task, cfg.at, cfg.line); ok {
			prev, known = o.state, true
		}
	}
	reported := map[string]bool{}
	deleted, hasDeleted := c.pushDeleted[cfg.task]
	for _, o := range tl.obs {
		if hasDeleted && !o.at.Before(deleted) {
			return // a configuration of the task was deleted: which, the transcript may not say
		}
		if o.at.Before(cfg.at) || o.state == prev {
			continue
		}
		if !known { // reached before the transcript shows, maybe before the configuration
			prev, known = o.state, true
			continue
		}
		prev = o.state
		if notified[o.state] || reported[o.state] || !last.After(o.at) {
			if replay.Terminal(o.state) {
				return
			}
			continue
		}
		reported[o.state] = true
		why := ""
		switch {
		case count == 0 && cfg.method == "SendMessage":
			why = "; no notification of the task reached the webhook at all, and the client did not stream: some SDKs notify only while the client streams (SendStreamingMessage)"
		case count == 0:
			why = "; no notification of the task reached the webhook at all"
		case cfg.method != "CreateTaskPushNotificationConfig" && !cfg.answered.IsZero() && !o.at.After(cfg.answered) && first.After(cfg.answered):
			why = fmt.Sprintf("; the webhook's notifications begin only after the %s of exchange %d returned: some SDKs notify only after their first answer", cfg.method, cfg.ex)
		}
		c.report("push-on-change", place{ex: o.ex, fr: o.frame, line: o.line, by: ByAgent},
			"task %s reached %s after exchange %d gave webhook %s a push notification configuration, and no notification of that state reached the webhook; the agent POSTs one when the task's state changes%s",
			replay.ShortID(cfg.task), o.state, cfg.ex, cfg.url, why)
		if replay.Terminal(o.state) {
			return
		}
	}
}

// notifiesConfig says whether notification n went to cfg's webhook: its
// URL, or, when no configuration of the task names n's URL (a recording
// proxy gave the agent a receiver of its own in place of the client's
// webhook), any configuration of its task.
func (c *checker) notifiesConfig(n notification, cfg webhookConfig) bool {
	if n.url == cfg.url {
		return true
	}
	for _, w := range c.webhooks[n.url] {
		if w.task == "" || w.task == cfg.task {
			return false
		}
	}
	return true
}

// A poll is what checkPollBackoff needs of a call, kept as the call is
// checked (its parsed bodies are let go after): for a GetTask, the task
// it names and whether its answer ended the loop; for any other A2A call
// of the client, only that it was one.
type poll struct {
	from, task string // task is "" for a call that is not a GetTask
	at         time.Time
	ex, line   int
	ends       bool // the answer is a finished task, or none
}

// notePoll keeps what checkPollBackoff needs of an A2A call, and
// follows the loops as the calls come in time order (polling).
func (c *checker) notePoll(cl *call) {
	p := poll{from: cl.ex.From, at: cl.ex.Request.At, ex: cl.ex.Seq, line: cl.ex.Request.Line}
	if cl.method == "GetTask" && cl.taskID != "" {
		p.task = cl.taskID
		t := cl.resultTsk
		p.ends = t == nil || replay.Terminal(t.Get("status").Get("state").Text())
	}
	if n := len(c.polls); n > 0 && p.at.Before(c.polls[n-1].at) {
		c.polling.disordered = true
	}
	c.polls = append(c.polls, p)
	if !c.polling.disordered {
		c.polling.add(p)
	}
}

// polling follows the clients' GetTask loops, a call at a time in time
// order, as checkPollBackoff reads them: what it keeps is a few records
// per client and task, so that a copy of it (a Session's fork) costs
// little, and the loops it has closed.
type polling struct {
	runs map[string][]poll // client|task -> the current run
	// client|task -> the first interval of its first run of two asks or
	// more: a client that has lengthened it has backed off, also in a
	// run that another of its calls began afresh, at the longest
	// interval it backs off to.
	firstGap map[string]time.Duration
	order    []string // the keys, in the order their runs began
	loops    [][]poll // the runs that never backed off, in the order they ended
	// disordered says that a call came before one noted earlier:
	// checkPollBackoff sorts them all and follows them afresh.
	disordered bool
}

// add follows one call.
func (pl *polling) add(p poll) {
	if pl.runs == nil {
		pl.runs, pl.firstGap = map[string][]poll{}, map[string]time.Duration{}
	}
	if p.task == "" {
		// another call of the same client ends its runs: it did something else
		for _, k := range pl.order {
			if r := pl.runs[k]; len(r) > 0 && r[0].from == p.from {
				pl.end(k)
			}
		}
		return
	}
	key := p.from + "|" + p.task
	if _, ok := pl.runs[key]; !ok {
		pl.order = append(pl.order, key)
	}
	pl.runs[key] = append(pl.runs[key], p)
	if p.ends {
		pl.end(key)
	}
}

// end ends key's run: a loop of four asks or more whose interval never
// grew beyond the first is kept for the note.
func (pl *polling) end(key string) {
	r := pl.runs[key]
	delete(pl.runs, key)
	if len(r) < 2 {
		return
	}
	first, ok := pl.firstGap[key]
	if !ok {
		first = r[1].at.Sub(r[0].at)
		pl.firstGap[key] = first
	}
	if len(r) < 4 {
		return
	}
	for i := 1; i < len(r); i++ {
		if gap := r[i].at.Sub(r[i-1].at); gap*10 > first*11 { // a tenth more than the first interval is a longer one, not jitter
			return
		}
	}
	pl.loops = append(pl.loops, r)
}

// copy is a polling that goes on from pl without changing it.
func (pl *polling) copy() polling {
	c := *pl
	c.runs = maps.Clone(pl.runs)
	for k, r := range c.runs {
		c.runs[k] = slices.Clip(r)
	}
	c.firstGap = maps.Clone(pl.firstGap)
	c.order, c.loops = slices.Clip(pl.order), slices.Clip(pl.loops)
	return c
}

// backoffExample is package backoff's schedule from 1 s, the one
// capture 14-poll's client and the page's poller follow, as the
// poll-backoff note's example: "1, 2, 4, 8 s".
var backoffExample = func() string {
	var waits []string
	for n := 1; ; n++ {
		w := backoff.Wait(1, n)
		waits = append(waits, strconv.Itoa(w))
		if w == backoff.Longest(1) {
			return strings.Join(waits, ", ") + " s"
		}
	}
}()

// checkPollBackoff: a client that asks GetTask for one task four times
// or more in a row, while the task is not finished, lengthens the
// interval at least once. The calls were followed as they came
// (polling), unless they came out of time order.
func (c *checker) checkPollBackoff() {
	pl := c.polling.copy()
	if pl.disordered {
		polls := slices.Clone(c.polls)
		slices.SortStableFunc(polls, func(a, b poll) int { return a.at.Compare(b.at) })
		pl = polling{}
		for _, p := range polls {
			pl.add(p)
		}
	}
	for _, k := range pl.order {
		if _, ok := pl.runs[k]; ok {
			pl.end(k)
		}
	}
	for _, r := range pl.loops {
		var gaps []string
		for i := 1; i < len(r); i++ {
			gaps = append(gaps, roundGap(r[i].at.Sub(r[i-1].at)))
		}
		end := r[len(r)-1]
		c.report("poll-backoff", place{ex: end.ex, line: end.line, by: ByClient},
			"the client asked GetTask for task %s %d times in a row (exchanges %d to %d) at intervals that never grew (%s) while the task waited; polling costs requests that find nothing new: lengthen the interval each time (%s, say), or subscribe to the task or register a webhook",
			replay.ShortID(end.task), len(r), r[0].ex, end.ex, strings.Join(gaps, ", "), backoffExample)
	}
}

// roundGap writes an interval as a finding quotes it: "2s", "1.5s", "250ms".
func roundGap(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}
