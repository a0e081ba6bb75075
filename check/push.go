package check

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// The push notification configurations a transcript creates, reads,
// lists and deletes (§3.1.7 to §3.1.10): their REQUIRED fields, and what
// the agent answers about a configuration the transcript saw deleted,
// or created and never deleted.

// A pushKey names a configuration: its task and its id.
type pushKey struct{ task, id string }

// A pushState is what the transcript showed of a configuration: the
// exchanges that created and deleted it (0 when none did).
type pushState struct{ created, deleted int }

// pushConfigID is the configuration id a Get or Delete names.
func pushConfigID(cl *call) string {
	if cl.binding == jsonRPC {
		return cl.params.Get("id").Text()
	}
	u, err := url.Parse(cl.ex.Request.URL)
	if err != nil {
		return ""
	}
	_, id, ok := strings.Cut(u.EscapedPath(), "/pushNotificationConfigs/")
	if !ok {
		return ""
	}
	id, _ = url.PathUnescape(id)
	return id
}

// checkPush checks one push notification config call, and the REQUIRED
// fields of a configuration inside SendMessage's, and notes the webhooks
// a call configures.
func (c *checker) checkPush(cl *call) {
	c.noteWebhook(cl)
	if cl.method == "SendMessage" || cl.method == "SendStreamingMessage" {
		if cfg := pushConfigOf(cl); cfg != nil {
			c.pushFields(cl, cfg, cl.req, ByClient, "the message's push notification configuration")
		}
	}
	if !binding.Push(cl.method) {
		return
	}
	agent := func(v *jsonread.Value) place { return c.at(cl, 0, cl.resp.lineOf(v), ByAgent) }
	switch cl.method {
	case "CreateTaskPushNotificationConfig":
		if is(cl.params, jsonread.Object) {
			c.pushFields(cl, cl.params, cl.req, ByClient, "the request's configuration")
		}
		c.checkConfigTask(cl)
		if is(cl.result, jsonread.Object) {
			c.pushFields(cl, cl.result, cl.resp, ByAgent, "the created configuration")
			task := cl.result.Get("taskId").Text()
			if task == "" {
				task = cl.taskID
			}
			if id := cl.result.Get("id").Text(); id != "" && task != "" {
				c.pushConfigs[pushKey{task, id}] = &pushState{created: cl.ex.Seq}
			}
		}
	case "GetTaskPushNotificationConfig":
		if is(cl.result, jsonread.Object) {
			c.pushFields(cl, cl.result, cl.resp, ByAgent, "the configuration")
		}
		if st := c.pushConfigs[pushKey{cl.taskID, pushConfigID(cl)}]; st != nil && st.deleted > 0 && cl.accepted() {
			c.report("push-config-state", c.at(cl, 0, cl.responseLine(), ByAgent),
				"GetTaskPushNotificationConfig of configuration %s, which exchange %d deleted, was served; it must fail for a configuration that does not exist",
				replay.ShortID(pushConfigID(cl)), st.deleted)
		}
	case "DeleteTaskPushNotificationConfig":
		if st := c.pushConfigs[pushKey{cl.taskID, pushConfigID(cl)}]; st != nil && st.deleted == 0 && cl.accepted() {
			st.deleted = cl.ex.Seq
		}
		if at, ok := c.pushDeleted[cl.taskID]; cl.accepted() && (!ok || cl.ex.Request.At.Before(at)) {
			c.pushDeleted[cl.taskID] = cl.ex.Request.At
		}
	case "ListTaskPushNotificationConfigs":
		if !is(cl.result, jsonread.Object) {
			return
		}
		listed := map[string]bool{}
		for i, cfg := range items(cl.result.Get("configs")) {
			c.pushFields(cl, cfg, cl.resp, ByAgent, fmt.Sprintf("configuration %d of the list", i+1))
			id := cfg.Get("id").Text()
			listed[id] = true
			if st := c.pushConfigs[pushKey{cl.taskID, id}]; st != nil && st.deleted > 0 {
				c.reportIn("3.1.10", "push-config-state", agent(cfg), "the list holds configuration %s, which exchange %d deleted; a deleted configuration is removed for good",
					replay.ShortID(id), st.deleted)
			}
		}
		if cl.result.Get("nextPageToken").Text() != "" {
			return // a page of the list, which may hold the others
		}
		if prev, ok := c.stateBefore(cl.taskID, cl.ex.Request.At, cl.ex.Request.Line); ok && replay.Terminal(prev.state) {
			return // a configuration persists until the task completes (§3.1.7)
		}
		for _, k := range sortedPushKeys(c.pushConfigs) {
			if st := c.pushConfigs[k]; k.task == cl.taskID && st.deleted == 0 && !listed[k.id] {
				c.reportIn("3.1.9", "push-config-state", agent(cl.result), "the list of task %s's configurations lacks %s, which exchange %d created and no exchange deleted; the list holds every active configuration",
					replay.ShortID(k.task), replay.ShortID(k.id), st.created)
			}
		}
	}
}

// pushFields: a TaskPushNotificationConfig's REQUIRED url, and its
// authentication's scheme.
func (c *checker) pushFields(cl *call, cfg *jsonread.Value, j *json, by, what string) {
	var missing []string
	if cfg.Get("url").Text() == "" {
		missing = append(missing, "url")
	}
	if a := cfg.Get("authentication"); is(a, jsonread.Object) && a.Get("scheme").Text() == "" {
		missing = append(missing, "authentication.scheme")
	}
	if len(missing) > 0 {
		c.report("push-config-fields", c.at(cl, 0, j.lineOf(cfg), by), "%s has no %s", what, missingList(missing))
	}
}

func sortedPushKeys(m map[pushKey]*pushState) []pushKey {
	keys := make([]pushKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && (keys[j].task < keys[j-1].task || keys[j].task == keys[j-1].task && keys[j].id < keys[j-1].id); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
