package live

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// waitTimeout bounds every wait of a test; a move or stream that takes
// longer is a failure.
const waitTimeout = 20 * time.Second

// A tsession is a session under test with a channel that receives a
// value (or finds one already there) after every change.
type tsession struct {
	*Session
	t       *testing.T
	changes chan struct{}
}

func openTest(t *testing.T, cfg Config) *tsession {
	t.Helper()
	ts := &tsession{t: t, changes: make(chan struct{}, 1)}
	cfg.OnChange = func() {
		select {
		case ts.changes <- struct{}{}:
		default:
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	defer cancel()
	s, err := Open(ctx, cfg)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	ts.Session = s
	t.Cleanup(s.Close)
	return ts
}

// do runs a move with a deadline and fails the test when it returns an
// error rather than a result.
func (ts *tsession) do(what string, f func(context.Context) (*Result, error)) *Result {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	defer cancel()
	r, err := f(ctx)
	if err != nil {
		ts.t.Fatalf("%s: %v", what, err)
	}
	if r == nil {
		ts.t.Fatalf("%s: no result and no error", what)
	}
	return r
}

// waitFor waits until cond holds on the session's snapshot.
func (ts *tsession) waitFor(what string, cond func(Snapshot) bool) Snapshot {
	ts.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		sn := ts.Snapshot()
		if cond(sn) {
			return sn
		}
		select {
		case <-ts.changes:
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			ts.t.Fatalf("timed out waiting for %s; state: %+v", what, sn)
		}
	}
}

// taskIn reports whether the snapshot has task id in state.
func taskIn(id, state string) func(Snapshot) bool {
	return func(sn Snapshot) bool {
		for _, t := range sn.Tasks {
			if t.ID == id {
				return t.State == state
			}
		}
		return false
	}
}

// streamClosed reports whether stream id has been read to its end.
func streamClosed(id int) func(Snapshot) bool {
	return func(sn Snapshot) bool {
		for _, st := range sn.Streams {
			if st.ID == id {
				return !st.Open
			}
		}
		return false
	}
}

func wantState(t *testing.T, what string, r *Result, state string) *Task {
	t.Helper()
	if r.Task == nil {
		t.Fatalf("%s: no task; result %+v (error %v)", what, r, r.Error)
	}
	if r.Task.State != state {
		t.Fatalf("%s: task in %s (%q), want %s", what, r.Task.State, r.Task.Text, state)
	}
	return r.Task
}

// settledGoroutines waits until no more than want goroutines run, and
// returns how many run then (or after the wait gave up).
func settledGoroutines(want int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 500 && n > want; i++ {
		time.Sleep(10 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

func goroutineDump() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
