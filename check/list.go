package check

import (
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// checkList: a ListTasks result (§3.1.4) always has nextPageToken, leaves
// artifacts out unless includeArtifacts asked for them, and lists tasks
// most recently updated first. The other REQUIRED members and each
// task's shape are the data model's rules.
func (c *checker) checkList(cl *call) {
	res := cl.result
	if res == nil || !res.Has("tasks") && !res.Has("nextPageToken") {
		return // not a ListTasksResponse: other rules say so
	}
	agent := func(line int) place { return c.at(cl, 0, line, ByAgent) }
	if !res.Has("nextPageToken") {
		c.report("list-tasks", agent(cl.resp.lineOf(res)), "the ListTasks result has no nextPageToken; it must always be there, \"\" on the last page")
	}
	include := false
	if cl.binding == jsonRPC {
		include = cl.params.Get("includeArtifacts").IsTrue()
	} else {
		include = cl.query().Get("includeArtifacts") == "true"
	}
	var prev time.Time
	prevAt := 0
	for i, t := range items(res.Get("tasks")) {
		if a := t.Get("artifacts"); a != nil && !include {
			c.report("list-tasks", agent(cl.resp.lineOf(a)), "task %d of the list (%s) has artifacts, which the request did not ask for (includeArtifacts); they must be left out entirely",
				i+1, replay.ShortID(t.Get("id").Text()))
		}
		stamp, err := time.Parse(time.RFC3339Nano, t.Get("status").Get("timestamp").Text())
		if err != nil {
			continue // no timestamp to order by, or a bad one (timestamp-utc)
		}
		if prevAt > 0 && stamp.After(prev) {
			c.report("list-tasks", agent(cl.resp.lineOf(t.Get("status").Get("timestamp"))), "task %d of the list was updated at %s, after task %d (%s); tasks are listed most recently updated first",
				i+1, stamp.UTC().Format(time.RFC3339Nano), prevAt, prev.UTC().Format(time.RFC3339Nano))
		}
		prev, prevAt = stamp, i+1
	}
}
