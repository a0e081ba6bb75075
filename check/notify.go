package check

import (
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// Push notifications as a transcript records them (an exchange on the
// channel "push", the agent's POST to a webhook; replay/doc.go): what
// the payload is (§4.3.3), whether it echoes the config's token, and
// the configurations the client gives, against the agent's card and
// the tasks the agent said it does not have.

// A webhookConfig is a push notification configuration a call gave: in
// CreateTaskPushNotificationConfig, or inside SendMessage's
// configuration.
type webhookConfig struct {
	url   string
	task  string // the task it is for, when the transcript says
	token string
	// scheme and credentials are its authentication's, when it has one
	// (auth); the agent sends them as Authorization (push-authentication).
	scheme, credentials string
	auth                bool
	ex                  int       // the exchange that gave it
	at                  time.Time // when its request was sent
	line                int       // its request's line
	method              string    // the call that gave it
	answered            time.Time // when that call's answer came; zero when none did
	newTask             bool      // given with the message that started its task
}

// A notification is what checkNotifications needs of a push: a
// recording writes exchanges as they complete, so a notification may
// come before the SendMessage whose configuration named its webhook.
type notification struct {
	url, task, token string
	state            string // the task's state the payload carries, if any
	// authorization is the request's Authorization header; status the
	// webhook's answer (0 when the transcript has none).
	authorization string
	status        int
	at            time.Time
	place         place
}

// pushConfigOf returns the push notification configuration a call
// gives, or nil.
func pushConfigOf(cl *call) *jsonread.Value {
	switch cl.method {
	case "SendMessage", "SendStreamingMessage":
		if cfg := cl.params.Get("configuration").Get("taskPushNotificationConfig"); is(cfg, jsonread.Object) {
			return cfg
		}
	case "CreateTaskPushNotificationConfig":
		if is(cl.params, jsonread.Object) {
			return cl.params
		}
	}
	return nil
}

// noteWebhook keeps the webhook a call configures, with its token and
// task, for the notifications that follow.
func (c *checker) noteWebhook(cl *call) {
	cfg := pushConfigOf(cl)
	if cfg == nil || cfg.Get("url").Text() == "" || (cl.ex.Response != nil && !cl.accepted()) {
		return
	}
	task := cfg.Get("taskId").Text()
	if task == "" {
		task = cl.taskID
	}
	if t, _ := cl.replyTask(); task == "" && t != nil {
		task = t.Get("id").Text()
	}
	u := cfg.Get("url").Text()
	w := webhookConfig{url: u, task: task, token: cfg.Get("token").Text(), ex: cl.ex.Seq, at: cl.ex.Request.At,
		line: cl.ex.Request.Line, method: cl.method, newTask: cl.method != "CreateTaskPushNotificationConfig" && cl.message().Get("taskId").Text() == ""}
	if a := cfg.Get("authentication"); is(a, jsonread.Object) {
		w.auth, w.scheme, w.credentials = true, a.Get("scheme").Text(), a.Get("credentials").Text()
	}
	if cl.ex.Response != nil {
		w.answered = cl.ex.Response.At
	}
	c.webhooks[u] = append(c.webhooks[u], w)
}

// pushPayloads are the members of a StreamResponse, one of which a
// notification carries (§4.3.3).
var pushPayloads = []string{"task", "message", "statusUpdate", "artifactUpdate"}

// checkNotification checks a push notification: a StreamResponse with
// exactly one payload (push-payload), and the token of the config that
// named its webhook (push-token).
func (c *checker) checkNotification(cl *call) {
	ex := cl.ex
	at := c.at(cl, 0, ex.Request.Line, ByAgent)
	var body *jsonread.Value
	if cl.req != nil {
		body = cl.req.v
	}
	task, state := "", ""
	switch {
	case !is(body, jsonread.Object):
		c.report("push-payload", at, "the notification's body is not a JSON object; a push notification carries a StreamResponse: exactly one of %s", strings.Join(pushPayloads, ", "))
	case body.Has("kind"):
		// v0.3's payload: the Task itself, with its kind. Version rules
		// judge a transcript that mixes 0.3 and 1.0.
		task = body.Get("id").Text()
		if st, ok := replay.V03State(body.Get("status").Get("state").Text()); ok {
			state = st
		}
	default:
		var has []string
		for _, k := range pushPayloads {
			if v := body.Get(k); v != nil {
				has = append(has, k)
				if k == "task" {
					task = v.Get("id").Text()
				} else {
					task = v.Get("taskId").Text()
				}
				if k == "task" || k == "statusUpdate" {
					state = v.Get("status").Get("state").Text()
				}
			}
		}
		if len(has) != 1 {
			at.line = cl.req.lineOf(body)
			what := "none of them"
			if len(has) > 1 {
				what = strings.Join(has, " and ")
			}
			c.report("push-payload", at, "the notification carries %s; a push notification is a StreamResponse with exactly one of %s", what, strings.Join(pushPayloads, ", "))
		}
	}
	got := ex.Request.Get("A2A-Notification-Token")
	if got == "" {
		got = ex.Request.Get("X-A2A-Notification-Token") // v0.3's name
	}
	at.line = ex.Request.Line
	n := notification{url: ex.Request.URL, task: task, token: got, state: state, authorization: ex.Request.Get("Authorization"), at: ex.Request.At, place: at}
	if ex.Response != nil {
		n.status = ex.Response.StatusCode
	}
	c.notifications = append(c.notifications, n)
}

// checkNotifications, once every call has been read, holds each
// notification to the token of the configuration that named its webhook
// (push-token).
func (c *checker) checkNotifications() {
	for _, n := range c.notifications {
		cfg, ok := c.webhookFor(n.url, n.task, n.at)
		if !ok || cfg.token == "" || n.token == cfg.token {
			continue
		}
		at, got := n.place, n.token
		if got == "" {
			c.report("push-token", at, "the webhook's configuration (exchange %d) has a token, and the notification does not carry it in A2A-Notification-Token; the client has nothing to tell it from a forged one", cfg.ex)
		} else {
			c.report("push-token", at, "the notification carries a token in A2A-Notification-Token that is not the one its configuration gave (exchange %d)", cfg.ex)
		}
	}
}

// webhookFor returns the latest configuration, given before at, of the
// webhook url for task (or for any task, when a configuration or the notification does
// not say which). When no configuration names url, as when a recording
// proxy gave the agent a receiver of its own in place of the client's
// webhook (a2aplay record -webhooks), it is the latest one for task.
func (c *checker) webhookFor(url, task string, at time.Time) (webhookConfig, bool) {
	list := c.webhooks[url]
	for i := len(list) - 1; i >= 0; i-- {
		if w := list[i]; !w.at.After(at) && (w.task == "" || task == "" || w.task == task) {
			return w, true
		}
	}
	var best webhookConfig
	found := false
	for _, list := range c.webhooks {
		for _, w := range list {
			if task != "" && w.task == task && !w.at.After(at) && (!found || w.ex > best.ex) {
				best, found = w, true
			}
		}
	}
	return best, found
}

// checkConfigTask: a configuration for a task the agent said it does not
// have, and the transcript never showed since, is refused with
// TaskNotFoundError (§3.1.7, §3.3.2).
func (c *checker) checkConfigTask(cl *call) {
	task := cl.params.Get("taskId").Text()
	if task == "" {
		task = cl.taskID
	}
	if task == "" {
		return
	}
	before, unknown := c.unknownTasks[task]
	if _, seen := c.stateBefore(task, cl.ex.Request.At, cl.ex.Request.Line); !unknown || seen {
		if e := cl.refusal(); e != nil && e.reason == "TASK_NOT_FOUND" && !unknown {
			c.unknownTasks[task] = cl.ex.Seq
		}
		return
	}
	if cl.accepted() {
		c.report("push-config-task", c.at(cl, 0, cl.responseLine(), ByAgent),
			"the agent created a push notification configuration for task %s, which it answered TaskNotFoundError for in exchange %d and the transcript never showed since; a configuration for a task that does not exist is refused with TaskNotFoundError",
			replay.ShortID(task), before)
	}
}

// checkPushCapability: a SendMessage that gives a push notification
// configuration uses push notifications, which an agent whose card does
// not declare them refuses (§3.3.4).
func (c *checker) checkPushCapability(cl *call) {
	if cl.method != "SendMessage" && cl.method != "SendStreamingMessage" || pushConfigOf(cl) == nil {
		return
	}
	cd := c.cardFor(cl)
	if cd == nil || cd.push {
		return
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	switch e := cl.refusal(); {
	case cl.accepted():
		c.report("capability-push", agent, "the agent card of exchange %d does not declare capabilities.pushNotifications, yet %s with a push notification configuration was served; it must be refused with %s",
			cd.cl.ex.Seq, cl.method, reasonName("PUSH_NOTIFICATION_NOT_SUPPORTED"))
	case e != nil && e.reason != "PUSH_NOTIFICATION_NOT_SUPPORTED" && e.reason != "UNSUPPORTED_OPERATION" && !e.untyped(cl):
		agent.line = errLine(cl, e)
		c.report("capability-push", agent, "the agent card of exchange %d does not declare capabilities.pushNotifications; %s with a push notification configuration was refused with %s, and the specification's error is %s",
			cd.cl.ex.Seq, cl.method, e, reasonName("PUSH_NOTIFICATION_NOT_SUPPORTED"))
	}
}
