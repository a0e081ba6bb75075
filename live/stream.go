package live

import (
	"context"
	"errors"
	"iter"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/live/panel"
)

// Stream is package panel's: the page's Live panel shows it.
type Stream = panel.Stream

// streamState is the session's record of a stream; guarded by Session.mu.
type streamState struct {
	Stream
}

// An openStream is one stream being read by its own goroutine, which
// never stops reading before the stream ends or the session closes:
// a2a-go's queues hold 32 events, and an agent whose reader stalls
// blocks.
type openStream struct {
	s         *Session
	m         *move
	ref       *agentRef
	c         *a2aclient.Client
	st        *streamState
	firstOnly bool // the move returns at the first event

	ready    chan struct{}
	signaled bool       // only the reading goroutine touches it
	firstErr error      // an error read before the move returned
	noStream *WireError // an error answered instead of a stream, read before the move returned
}

// signal lets the move return; called only by the reading goroutine.
func (o *openStream) signal() {
	if !o.signaled {
		o.signaled = true
		close(o.ready)
	}
}

// run reads seq to its end, recording every event in the task table.
func (o *openStream) run(seq iter.Seq2[a2a.Event, error]) {
	s := o.s
	for ev, err := range seq {
		if err != nil {
			s.mu.Lock()
			o.st.Error = err.Error()
			s.mu.Unlock()
			if !o.signaled {
				o.firstErr = err
			}
			break
		}
		s.observe(o.ref.name, o.st.Binding, ev)
		state := ""
		s.mu.Lock()
		o.st.Events++
		if info, ok := ev.(a2a.TaskInfoProvider); ok && o.st.TaskID == "" {
			o.st.TaskID = string(info.TaskInfo().TaskID)
		}
		switch e := ev.(type) {
		case *a2a.Task:
			state = string(e.Status.State)
		case *a2a.TaskStatusUpdateEvent:
			state = string(e.Status.State)
		case *a2a.Message:
			state = "message"
		}
		if state != "" && state != "message" {
			o.st.State = state
		}
		s.mu.Unlock()
		s.changed()
		if o.firstOnly || state == "message" || interruptedState(state) || terminalState(state) {
			o.signal()
		}
	}
	// a2a-go's client skips a body that is not an event stream, so an
	// error answered as plain JSON ends the stream with no event and no
	// error: the recorded wire has it.
	var plain *WireError
	if o.st.Events == 0 && o.st.Error == "" {
		if e := o.m.lastError(); e != nil && e.NoStream {
			plain = e
		}
	}
	s.mu.Lock()
	o.st.Open = false
	if plain != nil {
		o.st.Error = plain.String()
	}
	s.mu.Unlock()
	if plain != nil && !o.signaled {
		o.noStream = plain
	}
	s.changed()
}

// stream runs a streaming move: it opens the stream with start in a
// goroutine of its own, and returns when the task first stops or ends
// (or at the first event, with firstOnly), when the stream ends, or
// when ctx ends, whichever comes first.
func (s *Session) stream(ctx context.Context, name string, ref *agentRef, b Binding, taskID a2a.TaskID, firstOnly bool, start func(context.Context, *openStream)) (*Result, error) {
	if err := s.begin(); err != nil {
		return nil, err
	}
	defer s.runs.Done()
	b = or(b, JSONRPC)
	m := s.newMove(name, ClientName)
	c, err := m.client(ctx, ref, b)
	if err != nil {
		return nil, err
	}
	st := &streamState{Stream{Move: name, Agent: ref.name, Binding: b, TaskID: string(taskID), Open: true}}
	s.mu.Lock()
	st.ID = len(s.streams) + 1
	s.streams = append(s.streams, st)
	s.mu.Unlock()
	o := &openStream{s: s, m: m, ref: ref, c: c, st: st, firstOnly: firstOnly, ready: make(chan struct{})}

	s.runs.Add(1)
	go func() {
		defer s.runs.Done()
		defer c.Destroy()
		defer o.signal()
		// The stream lives as long as the session, not the move.
		start(s.base, o)
	}()

	r := &Result{Move: name, Agent: ref.name, Binding: b}
	var callErr error
	select {
	case <-o.ready:
		callErr = o.firstErr
		if o.noStream != nil {
			r.Error = o.noStream
			r.Note = "The agent answered this streaming call with a JSON error instead of an event stream; a2a-go's client reads that as an empty stream, the wire has the error."
		}
	case <-ctx.Done():
		callErr = ctx.Err()
		r.Note = "The move stopped waiting; the stream is still being read."
	}
	s.mu.Lock()
	view := st.Stream
	s.mu.Unlock()
	r.Stream = &view
	if view.TaskID != "" {
		r.Task = s.taskView(a2a.TaskID(view.TaskID))
	}
	if errors.Is(callErr, context.Canceled) && s.base.Err() != nil {
		callErr = ErrClosed
	}
	return m.finish(r, callErr), nil
}

// streamMessage sends a message over SendStreamingMessage.
func (s *Session) streamMessage(ctx context.Context, name string, ref *agentRef, b Binding, msg *a2a.Message) (*Result, error) {
	r, err := s.stream(ctx, name, ref, b, msg.TaskID, false, func(ctx context.Context, o *openStream) {
		o.run(o.c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{Message: msg}))
	})
	if r != nil {
		r.Sent = sentOf(msg)
	}
	return r, err
}
