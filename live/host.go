package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// DefaultThrottle is how long a Host gathers changes before it posts the
// transcript and the state again.
const DefaultThrottle = 50 * time.Millisecond

// HostConfig configures a Host.
type HostConfig struct {
	// Post sends one message, a JSON object, to the page. It is called
	// from many goroutines, one at a time.
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

// A Host runs one session at a time for a page, driven by JSON commands
// (see the package documentation for the protocol). Handle never
// blocks: each command runs in its own goroutine, and a panic in one
// becomes an error reply.
type Host struct {
	cfg  HostConfig
	post sync.Mutex // serialises cfg.Post

	mu   sync.Mutex
	s    *Session
	gen  int        // counts sessions opened, to drop stale updates
	open sync.Mutex // serialises open and close

	dirty chan struct{}
	quit  chan struct{}
	done  chan struct{}

	exec func(Command) (any, error) // h.do; tests replace it
}

// A Command is one message from the page.
type Command struct {
	ID   json.RawMessage `json:"id"`   // echoed in the reply; any JSON value
	Op   string          `json:"op"`   // "open", "sendDiff", ...
	Args json.RawMessage `json:"args"` // the op's arguments, an object
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

// Handle runs one command, given as JSON, in a goroutine of its own and
// returns at once.
func (h *Host) Handle(msg []byte) {
	var c Command
	if err := json.Unmarshal(msg, &c); err != nil {
		h.send(map[string]any{"error": fmt.Sprintf("live: a command must be a JSON object {id, op, args}: %v", err)})
		return
	}
	go h.run(c)
}

func (h *Host) run(c Command) {
	defer func() {
		if v := recover(); v != nil {
			h.reply(c.ID, nil, fmt.Errorf("live: %s failed inside the worker: %v\n%s", c.Op, v, debug.Stack()))
		}
	}()
	res, err := h.exec(c)
	h.reply(c.ID, res, err)
}

func (h *Host) reply(id json.RawMessage, res any, err error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if err != nil {
		h.send(map[string]any{"id": id, "error": err.Error()})
		return
	}
	h.send(map[string]any{"id": id, "result": res})
}

func (h *Host) send(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"error": "live: a reply cannot be encoded: " + err.Error()})
	}
	h.post.Lock()
	defer h.post.Unlock()
	if h.cfg.Post != nil {
		h.cfg.Post(b)
	}
}

// do runs one command and returns its result.
func (h *Host) do(c Command) (any, error) {
	args := c.Args
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = json.RawMessage("{}")
	}
	switch c.Op {
	case "open":
		var a OpenArgs
		if err := decode(c.Op, args, &a); err != nil {
			return nil, err
		}
		return h.openSession(a)
	case "close":
		h.closeSession()
		return map[string]any{"closed": true, "goroutines": Goroutines()}, nil
	case "stats":
		return map[string]any{"goroutines": Goroutines()}, nil
	}
	s := h.session()
	if s == nil {
		return nil, fmt.Errorf("live: %s: no session is open; send \"open\" first", c.Op)
	}
	ctx := context.Background()
	switch c.Op {
	case "state":
		return s.Snapshot(), nil
	case "save":
		var a SaveOptions
		if err := decode(c.Op, args, &a); err != nil {
			return nil, err
		}
		t, err := s.transcriptFor(a)
		if err != nil {
			return nil, fmt.Errorf("live: save: %w", err)
		}
		b, err := replay.Marshal(t)
		if err != nil {
			return nil, fmt.Errorf("live: save: %w", err)
		}
		return map[string]any{"text": string(b), "exchanges": len(t.Exchanges)}, nil
	case "sendDiff":
		return runMove(c.Op, args, func(a DiffArgs) (*Result, error) { return s.SendDiff(ctx, a) })
	case "answer":
		return runMove(c.Op, args, func(a AnswerArgs) (*Result, error) { return s.Answer(ctx, a) })
	case "sendWhileWaiting":
		return runMove(c.Op, args, func(a MessageArgs) (*Result, error) { return s.SendWhileWaiting(ctx, a) })
	case "deploy":
		return runMove(c.Op, args, func(a DeployArgs) (*Result, error) { return s.Deploy(ctx, a) })
	case "approve":
		return runMove(c.Op, args, func(a DecideArgs) (*Result, error) { return s.Approve(ctx, a) })
	case "refuse":
		return runMove(c.Op, args, func(a DecideArgs) (*Result, error) { return s.Refuse(ctx, a) })
	case "subscribe":
		return runMove(c.Op, args, func(a TaskArgs) (*Result, error) { return s.Subscribe(ctx, a) })
	case "getTask":
		return runMove(c.Op, args, func(a TaskArgs) (*Result, error) { return s.GetTask(ctx, a) })
	case "cancel":
		return runMove(c.Op, args, func(a TaskArgs) (*Result, error) { return s.Cancel(ctx, a) })
	case "runPlanner":
		return runMove(c.Op, args, func(a PlanArgs) (*Result, error) { return s.RunPlanner(ctx, a) })
	case "send":
		return runMove(c.Op, args, func(a SendArgs) (*Result, error) { return s.Send(ctx, a) })
	case "poll": // roads.go
		return runMove(c.Op, args, func(a PollArgs) (*Result, error) { return s.Poll(ctx, a) })
	}
	return nil, fmt.Errorf("live: unknown op %q", c.Op)
}

func runMove[A any](op string, raw json.RawMessage, f func(A) (*Result, error)) (any, error) {
	var a A
	if err := decode(op, raw, &a); err != nil {
		return nil, err
	}
	return f(a)
}

// decode reads a command's arguments strictly: an unknown field is an
// error naming it, so a typo in the page does not pass silently.
func decode(op string, raw json.RawMessage, v any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("live: %s: bad args: %w", op, err)
	}
	return nil
}

func (h *Host) session() *Session {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.s
}

// openSession closes the open session, if any, and opens another.
func (h *Host) openSession(a OpenArgs) (any, error) {
	h.open.Lock()
	defer h.open.Unlock()
	h.closeLocked()
	cfg := Config{Title: a.Title, Transport: h.cfg.Transport, Logger: h.cfg.Logger}
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
	h.s = s
	h.mu.Unlock()
	h.changed(gen)
	return s.Snapshot(), nil
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
		s := h.session()
		if s == nil {
			continue
		}
		t := s.Transcript()
		if b, err := replay.Marshal(t); err != nil {
			h.send(map[string]any{"type": "transcript", "error": err.Error()})
		} else {
			h.send(map[string]any{"type": "transcript", "text": string(b), "exchanges": len(t.Exchanges)})
		}
		h.send(map[string]any{"type": "state", "state": s.Snapshot()})
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
