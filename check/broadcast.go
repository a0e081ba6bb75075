package check

import (
	"sort"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// §3.5.2 across streams: when several streams of one task are open at
// once, each receives the events the task generates, in the same order,
// and one's close does not end the others.

// broadcastSlack is how far apart two streams may receive one event:
// an event that reaches one stream this close to the other's start or
// end may have been generated before the other opened, or after it
// closed.
const broadcastSlack = 250 * time.Millisecond

// A streamRec is what the broadcast check keeps of a stream that was
// served: the task, its events after the first frame (the Task
// snapshot), when it started and until when it was open.
type streamRec struct {
	ex, line    int
	task        string
	start, last time.Time // the first frame's arrival, and the end's (or the last frame's)
	endBy       string    // replay.EndServer, replay.EndClient, or "" when the capture ended first
	lastState   string
	events      []broadcastEvent
}

type broadcastEvent struct {
	key  string // "status TASK_STATE_WORKING", "artifact a1"
	at   time.Time
	fr   int
	line int
}

// noteStream keeps a served stream for checkBroadcast.
func (c *checker) noteStream(cl *call) {
	r := cl.ex.Response
	if !cl.streamed || !cl.accepted() || r == nil || r.Stream == nil || cl.frames[0].ev == nil {
		return
	}
	rec := &streamRec{ex: cl.ex.Seq, line: cl.responseLine(), task: eventTask(cl.frames[0].ev), start: cl.frames[0].fr.At}
	if cl.method == "SubscribeToTask" && cl.taskID != "" {
		rec.task = cl.taskID
	}
	if rec.task == "" {
		return
	}
	for _, f := range cl.frames {
		rec.last = f.fr.At
		if s := f.state(); s != "" {
			rec.lastState = s
		}
		if f.n == 1 || f.ev == nil || eventTask(f.ev) != rec.task {
			continue
		}
		var key string
		switch f.ev.kind {
		case "statusUpdate":
			key = "status " + f.state()
		case "artifactUpdate":
			key = "artifact " + f.ev.v.Get("artifact").Get("artifactId").Text()
		default:
			continue
		}
		rec.events = append(rec.events, broadcastEvent{key: key, at: f.fr.At, fr: f.n, line: f.fr.Line})
	}
	if end := r.Stream.End; end != nil {
		rec.last, rec.endBy = end.At, end.By
	}
	c.streams[rec.task] = append(c.streams[rec.task], rec)
}

// maxPartners bounds the streams one stream is compared with, so that a
// task with thousands of streams open at once costs linear time.
const maxPartners = 32

// checkBroadcast compares the streams of each task that were open at
// the same time, each with at most maxPartners of those that opened
// after it.
func (c *checker) checkBroadcast() {
	for _, task := range sortedKeys(c.streams) {
		list := c.streams[task]
		sort.SliceStable(list, func(i, j int) bool { return list[i].start.Before(list[j].start) })
		for i, a := range list {
			for _, b := range list[i+1 : min(i+1+maxPartners, len(list))] {
				if !b.start.Before(a.last) {
					break // b opened after a closed, and so did the rest
				}
				c.comparePair(a, b)
				c.comparePair(b, a)
			}
		}
	}
}

// comparePair checks that b received what a received while both were
// open, in the same order, and that a's close by the client did not end
// b.
func (c *checker) comparePair(a, b *streamRec) {
	open := func(s *streamRec, t time.Time) bool {
		return s.start.Add(broadcastSlack).Before(t) && t.Add(broadcastSlack).Before(s.last)
	}
	inB := map[string]int{} // key -> its first index in b's events
	for i, e := range b.events {
		if _, ok := inB[e.key]; !ok {
			inB[e.key] = i
		}
	}
	var shared []broadcastEvent
	for _, e := range a.events {
		if !open(b, e.at) {
			continue
		}
		if _, ok := inB[e.key]; !ok {
			c.report("stream-broadcast", place{ex: b.ex, line: b.line, by: ByAgent},
				"the stream of exchange %d did not receive the %s that task %s's stream of exchange %d received in frame %d while both were open; events go to every open stream of the task",
				b.ex, e.key, replay.ShortID(a.task), a.ex, e.fr)
			continue
		}
		shared = append(shared, e)
	}
	for i := 1; i < len(shared); i++ {
		if inB[shared[i].key] < inB[shared[i-1].key] && a.start.Before(b.start) {
			c.reportIn("3.5.2", "stream-broadcast", place{ex: b.ex, line: b.line, by: ByAgent},
				"the stream of exchange %d received %s before %s, and the stream of exchange %d after; every stream of a task receives its events in the same order",
				b.ex, shared[i].key, shared[i-1].key, a.ex)
			break
		}
	}
	if a.endBy == replay.EndClient && b.endBy == replay.EndServer && !b.last.Before(a.last) && b.last.Sub(a.last) < 2*broadcastSlack &&
		!replay.Terminal(b.lastState) && !replay.Interrupted(b.lastState) {
		c.report("stream-broadcast", place{ex: b.ex, line: b.line, by: ByAgent},
			"the server closed the stream of exchange %d, with task %s in %s, right after the client closed its other stream (exchange %d); closing one stream does not end the others",
			b.ex, replay.ShortID(b.task), b.lastState, a.ex)
	}
}

// checkEventOrder: a stream delivers a task's statuses in the order they
// were recorded, which their timestamps tell (§3.5.2).
func (c *checker) checkEventOrder(cl *call) {
	var prev time.Time
	prevFrame := 0
	for _, f := range cl.frames {
		if f.state() == "" {
			continue
		}
		ts := f.ev.v.Get("status").Get("timestamp")
		t, err := time.Parse(time.RFC3339Nano, ts.Text())
		if err != nil {
			continue
		}
		if !prev.IsZero() && t.Before(prev) {
			c.report("event-order", c.at(cl, f.n, f.body.lineOf(ts), ByAgent),
				"frame %d's status was recorded at %s, before the status of frame %d (%s); events reach a stream in the order they were generated",
				f.n, t.UTC().Format(time.RFC3339Nano), prevFrame, prev.UTC().Format(time.RFC3339Nano))
		}
		prev, prevFrame = t, f.n
	}
}
