package live

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// A thost is a Host under test that collects what it posts.
type thost struct {
	*Host
	t    *testing.T
	msgs chan map[string]any
	next int
}

func newTestHost(t *testing.T) *thost {
	th := &thost{t: t, msgs: make(chan map[string]any, 1000)}
	th.Host = NewHost(HostConfig{Throttle: 5 * time.Millisecond, Post: func(b []byte) {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Errorf("the host posted something that is not a JSON object: %q", b)
			return
		}
		th.msgs <- m
	}})
	t.Cleanup(th.Close)
	return th
}

// call sends a command and waits for its reply, collecting updates.
func (th *thost) call(op string, args any) (result map[string]any, errText string, updates []map[string]any) {
	th.t.Helper()
	th.next++
	id := th.next
	a, _ := json.Marshal(args)
	th.Handle([]byte(fmt.Sprintf(`{"id":%d,"op":%q,"args":%s}`, id, op, a)))
	deadline := time.After(waitTimeout)
	for {
		select {
		case m := <-th.msgs:
			if v, ok := m["id"]; ok && v == float64(id) {
				if e, ok := m["error"]; ok {
					return nil, e.(string), updates
				}
				r, _ := m["result"].(map[string]any)
				return r, "", updates
			}
			updates = append(updates, m)
		case <-deadline:
			th.t.Fatalf("no reply to %s", op)
		}
	}
}

// waitUpdate waits for an update of the given type that satisfies ok.
func (th *thost) waitUpdate(typ string, ok func(map[string]any) bool) map[string]any {
	th.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		select {
		case m := <-th.msgs:
			if m["type"] == typ && ok(m) {
				return m
			}
		case <-deadline:
			th.t.Fatalf("no %s update", typ)
		}
	}
}

func TestHostProtocol(t *testing.T) {
	h := newTestHost(t)

	if _, e, _ := h.call("sendDiff", nil); !strings.Contains(e, "no session is open") {
		t.Errorf("a move before open: %q", e)
	}
	r, e, _ := h.call("open", map[string]any{"mode": "offline"})
	if e != "" || len(r["agents"].([]any)) != 3 || r["mode"] != "offline" {
		t.Fatalf("open: %v %q", r, e)
	}
	r, e, _ = h.call("sendDiff", map[string]any{})
	if e != "" {
		t.Fatal(e)
	}
	task := r["task"].(map[string]any)
	if task["state"] != "TASK_STATE_INPUT_REQUIRED" {
		t.Fatalf("sendDiff: %v", r)
	}
	r, e, _ = h.call("answer", map[string]any{"taskId": task["id"], "text": "main"})
	if e != "" || r["task"].(map[string]any)["state"] != "TASK_STATE_COMPLETED" {
		t.Fatalf("answer: %v %q", r, e)
	}
	// Updates follow every change: the transcript grows to both exchanges.
	up := h.waitUpdate("transcript", func(m map[string]any) bool { return m["exchanges"] == float64(2) })
	tr, err := replay.Parse([]byte(up["text"].(string)), "update.http")
	if err != nil || len(tr.Exchanges) != 2 {
		t.Fatalf("the transcript update does not parse to 2 exchanges: %v", err)
	}
	st := h.waitUpdate("state", func(m map[string]any) bool { return len(m["state"].(map[string]any)["tasks"].([]any)) == 1 })
	if st["state"].(map[string]any)["goroutines"].(float64) < 1 {
		t.Errorf("state without a goroutine count: %v", st)
	}

	for _, tc := range []struct {
		op   string
		args any
		want string
	}{
		{"fly", nil, `unknown op "fly"`},
		{"answer", map[string]any{"task": "x"}, `unknown field "task"`},
		{"answer", []int{1}, "bad args"},
		{"open", map[string]any{"mode": "elsewhere"}, `unknown mode "elsewhere"`},
		{"open", map[string]any{"mode": "remote"}, "needs the url"},
		{"open", map[string]any{"url": "http://x"}, "offline session takes no URL"},
	} {
		if _, e, _ := h.call(tc.op, tc.args); !strings.Contains(e, tc.want) {
			t.Errorf("%s %v: error %q, want %q", tc.op, tc.args, e, tc.want)
		}
	}

	r, e, _ = h.call("save", nil)
	if e != "" {
		t.Fatal(e)
	}
	if _, err := replay.Parse([]byte(r["text"].(string)), "saved.http"); err != nil || r["exchanges"] != float64(2) {
		t.Errorf("save: %v, %v exchanges", err, r["exchanges"])
	}
	if strings.Contains(r["text"].(string), "@at 2026-10-06T09:00:00.000Z") {
		t.Errorf("save without normalize is on the synthetic clock:\n%s", r["text"])
	}
	r, e, _ = h.call("save", map[string]any{"normalize": true})
	if e != "" {
		t.Fatal(e)
	}
	if text := r["text"].(string); !strings.Contains(text, "# @at 2026-10-06T09:00:00.000Z") || r["exchanges"] != float64(2) {
		t.Errorf("save with normalize is not on the synthetic clock (%v exchanges):\n%s", r["exchanges"], text)
	}
	if _, e, _ := h.call("save", map[string]any{"normalise": true}); !strings.Contains(e, `unknown field "normalise"`) {
		t.Errorf("save with a misspelt option: %q", e)
	}
	r, e, _ = h.call("close", nil)
	if e != "" || r["closed"] != true || r["goroutines"] == nil {
		t.Errorf("close: %v %q", r, e)
	}
	if _, e, _ := h.call("sendDiff", nil); !strings.Contains(e, "closed") {
		t.Errorf("a move after close: %q", e)
	}
	// The closed session can still be saved; a new one replaces it.
	if _, e, _ := h.call("save", nil); e != "" {
		t.Errorf("save after close: %q", e)
	}
	if r, e, _ := h.call("open", map[string]any{}); e != "" || r["closed"] != false {
		t.Errorf("reopen: %v %q", r, e)
	}
}

func TestHostBadInput(t *testing.T) {
	h := newTestHost(t)
	h.Handle([]byte(`not json`))
	m := <-h.msgs
	if e, _ := m["error"].(string); !strings.Contains(e, "JSON object") {
		t.Errorf("bad JSON: %v", m)
	}
	// A panic inside a command becomes its error reply.
	h.exec = func(Command) (any, error) { panic("boom") }
	if _, e, _ := h.call("state", nil); !strings.Contains(e, "boom") {
		t.Errorf("a panicking command replied %q", e)
	}
}

func TestHostCloseLeavesNoGoroutines(t *testing.T) {
	h := newTestHost(t)
	h.call("open", nil)
	r, _, _ := h.call("deploy", map[string]any{})
	if r["task"].(map[string]any)["state"] != "TASK_STATE_AUTH_REQUIRED" {
		t.Fatalf("deploy: %v", r)
	}
	h.Close()
	before := settledGoroutines(0)

	h2 := newTestHost(t)
	h2.call("open", nil)
	h2.call("deploy", map[string]any{})
	h2.call("runPlanner", map[string]any{})
	h2.Close()
	if after := settledGoroutines(before); after > before {
		t.Errorf("%d goroutines after the host closed, %d before\n%s", after, before, goroutineDump())
	}
}
