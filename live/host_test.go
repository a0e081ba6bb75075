package live

import (
	"strings"
	"sync"

	"github.com/google/go-cmp/cmp"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
)

// A thost is a Host under test that collects what it posts.
type thost struct {
	*Host
	t    *testing.T
	msgs chan any
	next int

	mu     sync.Mutex
	deltas []*panel.Delta // every Delta posted, in order
}

func newTestHost(t *testing.T) *thost {
	th := &thost{t: t, msgs: make(chan any, 1000)}
	th.Host = NewHost(HostConfig{Throttle: 5 * time.Millisecond, Post: func(b []byte) {
		m, err := panel.Decode(b)
		if err != nil {
			t.Errorf("the host posted something panel.Decode cannot read: %v", err)
			return
		}
		if d, ok := m.(*panel.Delta); ok {
			th.mu.Lock()
			th.deltas = append(th.deltas, d)
			th.mu.Unlock()
		}
		th.msgs <- m
	}})
	t.Cleanup(th.Close)
	return th
}

// call sends a command and waits for its reply, collecting updates.
func (th *thost) call(c panel.Command) (result any, errText string, updates []any) {
	th.t.Helper()
	th.next++
	id := th.next
	th.Handle(panel.Encode(&panel.Request{ID: id, Command: c}))
	deadline := time.After(waitTimeout)
	for {
		select {
		case m := <-th.msgs:
			if r, ok := m.(*panel.Reply); ok && r.ID == id {
				if r.Op != c.Op() {
					th.t.Errorf("the reply to %s says %s", c.Op(), r.Op)
				}
				return r.Result, r.Error, updates
			}
			updates = append(updates, m)
		case <-deadline:
			th.t.Fatalf("no reply to %s", c.Op())
		}
	}
}

// result is the result of a move that must succeed.
func (th *thost) result(c panel.Command) *Result {
	th.t.Helper()
	r, e, _ := th.call(c)
	if e != "" {
		th.t.Fatalf("%s: %s", c.Op(), e)
	}
	return r.(*Result)
}

// waitUpdate waits for an update of type T that satisfies ok.
func waitUpdate[T any](th *thost, ok func(*T) bool) *T {
	th.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		select {
		case m := <-th.msgs:
			if u, is := m.(*T); is && ok(u) {
				return u
			}
		case <-deadline:
			var zero T
			th.t.Fatalf("no %T update", zero)
		}
	}
}

// pageCopy is what a page has of a session after the Deltas so far.
type pageCopy struct {
	session int
	t       replay.Transcript
	steps   []replay.Step
}

func (c *pageCopy) apply(t testing.TB, d *panel.Delta) {
	t.Helper()
	if d.Session == 0 {
		return // no delta
	}
	if d.Session != c.session {
		*c = pageCopy{session: d.Session}
	}
	for _, x := range d.Changed {
		switch {
		case x.At < len(c.t.Exchanges):
			c.t.Exchanges[x.At] = x.Exchange
		case x.At == len(c.t.Exchanges):
			c.t.Exchanges = append(c.t.Exchanges, x.Exchange)
		default:
			t.Fatalf("exchange %d of a delta, after %d", x.At, len(c.t.Exchanges))
		}
	}
	if d.From > len(c.steps) || len(c.t.Exchanges) != d.Exchanges {
		t.Fatalf("a delta from step %d of %d, for %d exchanges of %d", d.From, len(c.steps), len(c.t.Exchanges), d.Exchanges)
	}
	c.steps = append(c.steps[:d.From], d.Steps...)
	c.t.Title, c.t.Notes, c.t.Participants = d.Title, d.Notes, d.Participants
}

func TestHostProtocol(t *testing.T) {
	h := newTestHost(t)

	if _, e, _ := h.call(DiffArgs{}); !strings.Contains(e, "no session is open") {
		t.Errorf("a move before open: %q", e)
	}
	r, e, _ := h.call(OpenArgs{Mode: Offline})
	if snap, ok := r.(*Snapshot); e != "" || !ok || len(snap.Agents) != 3 || snap.Mode != Offline {
		t.Fatalf("open: %v %q", r, e)
	}
	task := h.result(DiffArgs{}).Task
	if task == nil || task.State != "TASK_STATE_INPUT_REQUIRED" {
		t.Fatalf("sendDiff: %v", task)
	}
	if res := h.result(AnswerArgs{TaskID: task.ID, Text: "main"}); res.Task == nil || res.Task.State != "TASK_STATE_COMPLETED" {
		t.Fatalf("answer: %+v", res)
	}
	// Updates follow every change: the transcript grows to both
	// exchanges, and what the deltas say adds up to it and its steps.
	// (The last change, the answer's reply read, may come a throttle
	// after the move returned.)
	for deadline := time.Now().Add(waitTimeout); ; time.Sleep(10 * time.Millisecond) {
		var page pageCopy
		h.mu.Lock()
		for _, d := range h.deltas {
			page.apply(t, d)
		}
		n := len(h.deltas)
		h.mu.Unlock()
		whole := h.session().Transcript()
		ds, dt := cmp.Diff(replay.Steps(whole), page.steps), cmp.Diff(whole, &page.t)
		if ds == "" && dt == "" && len(whole.Exchanges) == 2 {
			t.Logf("%d deltas", n)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %d deltas, the steps differ (-Steps +deltas):\n%s\nthe transcript differs (-Transcript +deltas):\n%s", n, ds, dt)
		}
	}
	st := waitUpdate(h, func(m *panel.State) bool { return len(m.Snapshot.Tasks) == 1 })
	if st.Snapshot.Goroutines < 1 {
		t.Errorf("state without a goroutine count: %+v", st)
	}

	for _, tc := range []struct {
		c    panel.Command
		want string
	}{
		{OpenArgs{Mode: "elsewhere"}, `unknown mode "elsewhere"`},
		{OpenArgs{Mode: Remote}, "needs the url"},
		{OpenArgs{URL: "http://x"}, "offline session takes no URL"},
	} {
		if _, e, _ := h.call(tc.c); !strings.Contains(e, tc.want) {
			t.Errorf("%s %+v: error %q, want %q", tc.c.Op(), tc.c, e, tc.want)
		}
	}

	r, e, _ = h.call(SaveOptions{})
	saved, _ := r.(*panel.Saved)
	if e != "" || saved == nil {
		t.Fatalf("save: %v %q", r, e)
	}
	if _, err := replay.Parse([]byte(saved.Text), "saved.http"); err != nil || saved.Exchanges != 2 {
		t.Errorf("save: %v, %v exchanges", err, saved.Exchanges)
	}
	if strings.Contains(saved.Text, "@at 2026-10-06T09:00:00.000Z") {
		t.Errorf("save without normalize is on the synthetic clock:\n%s", saved.Text)
	}
	r, e, _ = h.call(SaveOptions{Normalize: true})
	saved, _ = r.(*panel.Saved)
	if e != "" || saved == nil || !strings.Contains(saved.Text, "# @at 2026-10-06T09:00:00.000Z") || saved.Exchanges != 2 {
		t.Errorf("save with normalize is not on the synthetic clock: %+v %q", saved, e)
	}
	r, e, _ = h.call(panel.CloseArgs{})
	if c, ok := r.(*panel.Closed); e != "" || !ok || !c.Closed || c.Goroutines == 0 {
		t.Errorf("close: %v %q", r, e)
	}
	if _, e, _ := h.call(DiffArgs{}); !strings.Contains(e, "closed") {
		t.Errorf("a move after close: %q", e)
	}
	// The closed session can still be saved; a new one replaces it.
	if _, e, _ := h.call(SaveOptions{}); e != "" {
		t.Errorf("save after close: %q", e)
	}
	if r, e, _ := h.call(OpenArgs{}); e != "" || r.(*Snapshot).Closed {
		t.Errorf("reopen: %v %q", r, e)
	}
}

func TestHostBadInput(t *testing.T) {
	h := newTestHost(t)
	for _, tc := range []struct {
		msg  []byte
		want string
	}{
		{[]byte(`{"id": 1, "op": "stats"}`), "cannot be read"},
		{[]byte{panel.Version + 1, 'C', 2}, "different versions of the site: reload the page"},
		{panel.Encode(&panel.Ready{}), "the page sent a *panel.Ready, not a command"},
	} {
		h.Handle(tc.msg)
		if f, ok := (<-h.msgs).(*panel.Failure); !ok || !strings.Contains(f.Error, tc.want) {
			t.Errorf("%q: %+v, want a failure saying %q", tc.msg, f, tc.want)
		}
	}
	// A panic inside a command becomes its error reply.
	h.exec = func(panel.Command) (any, error) { panic("boom") }
	if _, e, _ := h.call(panel.StateArgs{}); !strings.Contains(e, "boom") {
		t.Errorf("a panicking command replied %q", e)
	}
}

func TestHostCloseLeavesNoGoroutines(t *testing.T) {
	h := newTestHost(t)
	h.call(OpenArgs{})
	if r := h.result(DeployArgs{}); r.Task == nil || r.Task.State != "TASK_STATE_AUTH_REQUIRED" {
		t.Fatalf("deploy: %+v", r)
	}
	h.Close()
	before := settledGoroutines(0)

	h2 := newTestHost(t)
	h2.call(OpenArgs{})
	h2.call(DeployArgs{})
	h2.call(PlanArgs{})
	h2.Close()
	if after := settledGoroutines(before); after > before {
		t.Errorf("%d goroutines after the host closed, %d before\n%s", after, before, goroutineDump())
	}
}
