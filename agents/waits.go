package agents

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// DefaultWaitTimeout is how long a task waits for its client's answer
// (TASK_STATE_INPUT_REQUIRED) or an operator's decision
// (TASK_STATE_AUTH_REQUIRED) before its agent gives up on it.
const DefaultWaitTimeout = 30 * time.Minute

// pending holds, per task, what an agent asked and knows between a
// question and its answer. An entry leaves when the answer comes, the
// task is canceled, or its wait expires.
type pending[T any] struct {
	mu sync.Mutex
	m  map[a2a.TaskID]T
}

func (p *pending[T]) put(id a2a.TaskID, v T) {
	p.mu.Lock()
	if p.m == nil {
		p.m = map[a2a.TaskID]T{}
	}
	p.m[id] = v
	p.mu.Unlock()
}

func (p *pending[T]) take(id a2a.TaskID) (T, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.m[id]
	delete(p.m, id)
	return v, ok
}

func (p *pending[T]) len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.m)
}

// expiryKey marks the context of the cancelation that ends a task whose
// wait expired.
type expiryKey struct{}

func isExpiry(ctx context.Context) bool { return ctx.Value(expiryKey{}) != nil }

func (a *Agent) waitTimeout() time.Duration {
	if a.cfg.WaitTimeout > 0 {
		return a.cfg.WaitTimeout
	}
	return DefaultWaitTimeout
}

// expireLater arms the wait of a task that has just stopped in
// INPUT_REQUIRED with no execution left running: if no message or
// cancelation comes for it within the wait timeout, expire ends it. A
// timer holds no goroutine while it waits.
func (a *Agent) expireLater(id a2a.TaskID) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	if t := a.timers[id]; t != nil {
		t.Stop()
	}
	var t *time.Timer
	t = time.AfterFunc(a.waitTimeout(), func() { a.expire(id, t) })
	a.timers[id] = t
}

// keep disarms a task's wait: a message or a cancelation came for it.
func (a *Agent) keep(id a2a.TaskID) {
	a.mu.Lock()
	if t := a.timers[id]; t != nil {
		t.Stop()
		delete(a.timers, id)
	}
	a.mu.Unlock()
}

// waiting is how many tasks have an armed wait, for tests.
func (a *Agent) waiting() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.timers)
}

// expire ends a task whose wait ran out, through a2a-go's own
// cancelation, so that the store, the task's subscribers and a concurrent
// execution all see one consistent end; the executor's cancel, seeing the
// expiry mark, ends the task in TASK_STATE_REJECTED instead of CANCELED.
func (a *Agent) expire(id a2a.TaskID, t *time.Timer) {
	a.mu.Lock()
	if a.closed || a.timers[id] != t {
		a.mu.Unlock()
		return // closed, answered, or re-armed meanwhile
	}
	delete(a.timers, id)
	a.mu.Unlock()
	ctx := context.WithValue(a.base, expiryKey{}, true)
	ctx, _ = a2asrv.NewCallContext(ctx, a2asrv.NewServiceParams(map[string][]string{a2a.SvcParamVersion: {ProtocolVersion}}))
	task, err := a.rh.CancelTask(ctx, &a2a.CancelTaskRequest{ID: id})
	switch {
	case err != nil && a.base.Err() == nil:
		// Most likely the task ended meanwhile.
		a.cfg.logger().Info("a task's wait expired, but it could not be ended", "agent", a.name, "task", id, "error", err)
	case err == nil:
		a.cfg.logger().Info("a task's wait expired", "agent", a.name, "task", id, "state", task.Status.State)
	}
}

// expiryLogs passes a2a-go's log records on, except the warning it gives
// when a cancelation ends a task in a state other than CANCELED: the kit's
// expiry does that on purpose (expire logs it in its own words).
type expiryLogs struct{ slog.Handler }

func (h expiryLogs) Handle(ctx context.Context, r slog.Record) error {
	if r.Level == slog.LevelWarn && r.Message == "task cancelation failed, resolving to a different state" {
		rejected := false
		r.Attrs(func(at slog.Attr) bool {
			rejected = rejected || (strings.HasSuffix(at.Key, "state") && at.Value.String() == string(a2a.TaskStateRejected))
			return !rejected
		})
		if rejected {
			return nil
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h expiryLogs) WithAttrs(as []slog.Attr) slog.Handler {
	return expiryLogs{h.Handler.WithAttrs(as)}
}
func (h expiryLogs) WithGroup(g string) slog.Handler { return expiryLogs{h.Handler.WithGroup(g)} }

// stopTimers disarms every wait; Close calls it.
func (a *Agent) stopTimers() {
	a.mu.Lock()
	for id, t := range a.timers {
		t.Stop()
		delete(a.timers, id)
	}
	a.mu.Unlock()
}

// expiredText is the status message of a task whose wait expired.
func (a *Agent) expiredText(what string) string {
	return fmt.Sprintf("No %s came within %s, so I closed this task. Send a new request to start again.", what, duration(a.waitTimeout()))
}

// duration writes 30 minutes, 2 hours, 1.5s.
func duration(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return plural(int(d/time.Minute), "minute")
	case d >= time.Second && d%time.Second == 0:
		return plural(int(d/time.Second), "second")
	}
	return d.String()
}
