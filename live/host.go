package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
)

// DefaultThrottle is how long a Host gathers changes before it posts the
// transcript and the state again.
const DefaultThrottle = 50 * time.Millisecond

// HostConfig configures a Host.
type HostConfig struct {
	// Post sends one message, panel.Encode's bytes, to the page. It is
	// called from many goroutines, one at a time.
	Post func(msg []byte)
	// Transport carries remote sessions' calls; nil means
	// http.DefaultTransport (in a browser, fetch).
	Transport http.RoundTripper
	// Throttle is how long changes are gathered before an update is
	// posted; 0 means DefaultThrottle.
	Throttle time.Duration
	// Logger receives the agents' log records; nil discards them.
	Logger *slog.Logger
}

// A Host runs one session at a time for a page, driven by the page's
// commands, package panel's messages (see the package documentation for
// the protocol). Handle never blocks: each command runs in its own
// goroutine, and a panic in one becomes an error reply.
type Host struct {
	cfg  HostConfig
	post sync.Mutex // serialises cfg.Post

	mu   sync.Mutex
	s    *Session
	sgen int        // s's number: the gen it was opened as
	gen  int        // counts sessions opened, to drop stale updates
	open sync.Mutex // serialises open and close

	dirty chan struct{}
	quit  chan struct{}
	done  chan struct{}

	sent sent // what the page has of the session; the updates goroutine's

	exec func(panel.Command) (any, error) // h.do; tests replace it
}

// NewHost returns a Host that posts through cfg.Post. Close stops it.
func NewHost(cfg HostConfig) *Host {
	if cfg.Throttle <= 0 {
		cfg.Throttle = DefaultThrottle
	}
	h := &Host{cfg: cfg, dirty: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	h.exec = h.do
	go h.updates()
	return h
}

// Ready posts panel.Ready: the page's worker calls it once it listens.
func (h *Host) Ready() { h.send(&panel.Ready{Goroutines: Goroutines()}) }

// Handle runs one command, a panel.Request as panel.Encode writes it,
// in a goroutine of its own and returns at once. A message it cannot
// read (one of another version: a page and a worker of different
// builds) is answered with a panel.Failure that says why.
func (h *Host) Handle(msg []byte) {
	m, err := panel.Decode(msg)
	if err != nil {
		h.send(&panel.Failure{Error: "live: the page's command cannot be read: " + err.Error()})
		return
	}
	r, ok := m.(*panel.Request)
	if !ok {
		h.send(&panel.Failure{Error: fmt.Sprintf("live: the page sent a %T, not a command", m)})
		return
	}
	go h.run(r)
}

func (h *Host) run(r *panel.Request) {
	op := r.Command.Op()
	defer func() {
		if v := recover(); v != nil {
			h.send(&panel.Reply{ID: r.ID, Op: op, Error: fmt.Sprintf("live: %s failed inside the worker: %v\n%s", op, v, debug.Stack())})
		}
	}()
	res, err := h.exec(r.Command)
	reply := &panel.Reply{ID: r.ID, Op: op, Result: res}
	if err != nil {
		reply.Result, reply.Error = nil, err.Error()
	}
	h.send(reply)
}

func (h *Host) send(m any) {
	b := panel.Encode(m)
	h.post.Lock()
	defer h.post.Unlock()
	if h.cfg.Post != nil {
		h.cfg.Post(b)
	}
}

// do runs one command and returns its result: adding a command to
// package panel adds its case here.
func (h *Host) do(c panel.Command) (any, error) {
	switch c := c.(type) {
	case panel.OpenArgs:
		return h.openSession(c)
	case panel.CloseArgs:
		h.closeSession()
		return &panel.Closed{Closed: true, Goroutines: Goroutines()}, nil
	case panel.StatsArgs:
		return &panel.Stats{Goroutines: Goroutines()}, nil
	}
	s := h.session()
	if s == nil {
		return nil, fmt.Errorf("live: %s: no session is open; send \"open\" first", c.Op())
	}
	ctx := context.Background()
	switch c := c.(type) {
	case panel.StateArgs:
		snap := s.Snapshot()
		return &snap, nil
	case panel.SaveOptions:
		t, err := s.transcriptFor(c)
		if err != nil {
			return nil, fmt.Errorf("live: save: %w", err)
		}
		b, err := replay.Marshal(t)
		if err != nil {
			return nil, fmt.Errorf("live: save: %w", err)
		}
		return &panel.Saved{Text: string(b), Exchanges: len(t.Exchanges)}, nil
	case panel.DiffArgs:
		return s.SendDiff(ctx, c)
	case panel.AnswerArgs:
		return s.Answer(ctx, c)
	case panel.MessageArgs:
		return s.SendWhileWaiting(ctx, c)
	case panel.DeployArgs:
		return s.Deploy(ctx, c)
	case panel.ApproveArgs:
		return s.Approve(ctx, c.DecideArgs)
	case panel.RefuseArgs:
		return s.Refuse(ctx, c.DecideArgs)
	case panel.SubscribeArgs:
		return s.Subscribe(ctx, c.TaskArgs)
	case panel.GetTaskArgs:
		return s.GetTask(ctx, c.TaskArgs)
	case panel.CancelArgs:
		return s.Cancel(ctx, c.TaskArgs)
	case panel.PlanArgs:
		return s.RunPlanner(ctx, c)
	case panel.SendArgs:
		return s.Send(ctx, c)
	case panel.PollArgs: // roads.go
		return s.Poll(ctx, c)
	}
	return nil, fmt.Errorf("live: the worker has no case for %q", c.Op())
}

func (h *Host) session() *Session {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.s
}

// openSession closes the open session, if any, and opens another.
func (h *Host) openSession(a OpenArgs) (*Snapshot, error) {
	h.open.Lock()
	defer h.open.Unlock()
	h.closeLocked()
	cfg := Config{Title: a.Title, Transport: h.cfg.Transport, Logger: h.cfg.Logger, Version: a.Version}
	switch a.Mode {
	case Offline, "":
		if a.URL != "" || len(a.URLs) > 0 {
			return nil, errors.New("live: open: an offline session takes no URL")
		}
	case Remote:
		if a.URL != "" {
			cfg.Remote = append(cfg.Remote, a.URL)
		}
		cfg.Remote = append(cfg.Remote, a.URLs...)
		if len(cfg.Remote) == 0 {
			return nil, errors.New("live: open: a remote session needs the url of an agent")
		}
	default:
		return nil, fmt.Errorf("live: open: unknown mode %q (want %q or %q)", a.Mode, Offline, Remote)
	}
	h.mu.Lock()
	h.gen++
	gen := h.gen
	h.mu.Unlock()
	cfg.OnChange = func() { h.changed(gen) }
	s, err := Open(context.Background(), cfg)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	h.s, h.sgen = s, gen
	h.mu.Unlock()
	h.changed(gen)
	snap := s.Snapshot()
	return &snap, nil
}

func (h *Host) closeSession() {
	h.open.Lock()
	defer h.open.Unlock()
	h.closeLocked()
}

// closeLocked closes the session; h.open must be held. The closed
// session stays, so its transcript can still be saved.
func (h *Host) closeLocked() {
	if s := h.session(); s != nil {
		s.Close()
		h.changed(h.currentGen())
	}
}

func (h *Host) currentGen() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.gen
}

// changed marks the view dirty; updates of older sessions are dropped.
func (h *Host) changed(gen int) {
	if gen != h.currentGen() {
		return
	}
	select {
	case h.dirty <- struct{}{}:
	default:
	}
}

// updates posts the transcript and the state after changes, at most
// once per throttle period.
func (h *Host) updates() {
	defer close(h.done)
	for {
		select {
		case <-h.quit:
			return
		case <-h.dirty:
		}
		select {
		case <-h.quit:
			return
		case <-time.After(h.cfg.Throttle):
		}
		h.mu.Lock()
		s, gen := h.s, h.sgen
		h.mu.Unlock()
		if s == nil {
			continue
		}
		// Numbered as the session it is of, not the one being opened.
		if d := h.sent.delta(gen, s); d != nil {
			h.send(d)
		}
		h.send(&panel.State{Snapshot: s.Snapshot()})
	}
}

// Close closes the open session and stops the Host's updates.
func (h *Host) Close() {
	h.closeSession()
	select {
	case <-h.quit:
	default:
		close(h.quit)
	}
	<-h.done
}

// sent is what the page has of the session: its exchanges and their
// versions (Session.Changes), and its steps, so that a Delta carries
// only what changed.
type sent struct {
	session int
	vers    []int
	xs      []*replay.Exchange
	steps   replay.Stepper
}

// delta is what the session holds that the page does not, or nil when
// nothing changed; session is the session's number, and a new one
// starts afresh.
func (st *sent) delta(session int, s *Session) *panel.Delta {
	if st.session != session {
		*st = sent{session: session}
	}
	t, changed, now := s.Changes(st.vers)
	st.vers = now
	if len(changed) == 0 {
		return nil
	}
	for _, i := range changed {
		for len(st.xs) <= i {
			st.xs = append(st.xs, nil)
		}
		st.xs[i] = t.Exchanges[i]
	}
	t.Exchanges = st.xs
	from := st.steps.Update(t, changed)
	d := &panel.Delta{Session: session, Title: t.Title, Notes: t.Notes, Participants: t.Participants,
		Exchanges: len(t.Exchanges), From: from, Steps: st.steps.Steps()[from:]}
	for _, i := range changed {
		d.Changed = append(d.Changed, panel.Placed{At: i, Exchange: t.Exchanges[i]})
	}
	return d
}

// Deltas gives the Deltas of a session as a Host posts them to the
// page, for a caller that stands in for the page (a benchmark of what
// the page's workers do with them).
type Deltas struct{ st sent }

// Next is what session s holds that the Deltas before did not give, or
// nil when nothing changed; n is the session's number, and a new one
// starts afresh.
func (d *Deltas) Next(n int, s *Session) *panel.Delta { return d.st.delta(n, s) }
