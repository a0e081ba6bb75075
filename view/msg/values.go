package msg

import (
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// How each value a message carries is written, field by field in the
// order of its type's declaration, and read back. A field added to one
// of these types must be added here too: the round-trip tests fill
// every field and fail when one comes back empty.

func (e *encoder) step(s *replay.Step) {
	e.str(s.ID)
	e.int(s.Index)
	e.str(string(s.Kind))
	e.str(s.From)
	e.str(s.To)
	e.str(s.Label)
	e.str(s.Detail)
	e.time(s.At)
	e.int(s.Exchange)
	e.int(s.Frame)
	e.str(s.Method)
	e.str(s.Version)
	e.bool(s.Final)
	e.str(s.Event)
	e.str(s.TaskID)
	e.str(s.ContextID)
	e.str(s.State)
	e.bool(s.Reports)
	e.bool(s.Changed)
	e.int(s.Status)
	e.bool(s.Error != nil)
	if s.Error != nil {
		e.str(s.Error.Kind)
		e.int(s.Error.Code)
		e.str(s.Error.Message)
	}
	e.bool(s.OutOfBand)
	e.strs(s.Notes)
	e.str(s.Pair)
	e.str(s.Group)
	e.str(s.Closed)
}

func (d *decoder) step(s *replay.Step) {
	s.ID = d.str()
	s.Index = d.int()
	s.Kind = replay.StepKind(d.str())
	s.From = d.str()
	s.To = d.str()
	s.Label = d.str()
	s.Detail = d.str()
	s.At = d.time()
	s.Exchange = d.int()
	s.Frame = d.int()
	s.Method = d.str()
	s.Version = d.str()
	s.Final = d.bool()
	s.Event = d.str()
	s.TaskID = d.str()
	s.ContextID = d.str()
	s.State = d.str()
	s.Reports = d.bool()
	s.Changed = d.bool()
	s.Status = d.int()
	if d.bool() {
		s.Error = &replay.StepError{Kind: d.str(), Code: d.int(), Message: d.str()}
	}
	s.OutOfBand = d.bool()
	s.Notes = d.strs()
	s.Pair = d.str()
	s.Group = d.str()
	s.Closed = d.str()
}

func (e *encoder) headers(h []replay.Header) {
	e.list(h == nil, len(h))
	for _, v := range h {
		e.str(v.Name)
		e.str(v.Value)
	}
}

func (d *decoder) headers() []replay.Header {
	isNil, n := d.list()
	if isNil {
		return nil
	}
	h := make([]replay.Header, n)
	for i := range h {
		h[i] = replay.Header{Name: d.str(), Value: d.str()}
	}
	return h
}

func (e *encoder) exchange(x *replay.Exchange) {
	e.int(x.Seq)
	e.str(x.Name)
	e.str(x.From)
	e.str(x.To)
	e.str(string(x.Channel))
	e.strs(x.Notes)
	q := &x.Request
	e.time(q.At)
	e.str(q.Method)
	e.str(q.URL)
	e.str(q.Proto)
	e.headers(q.Header)
	e.str(q.Body)
	e.int(q.Line)
	r := x.Response
	e.bool(r != nil)
	if r != nil {
		e.time(r.At)
		e.str(r.Err)
		e.str(r.Proto)
		e.int(r.StatusCode)
		e.str(r.Status)
		e.headers(r.Header)
		e.str(r.Body)
		e.bool(r.Stream != nil)
		if st := r.Stream; st != nil {
			e.list(st.Frames == nil, len(st.Frames))
			for i := range st.Frames {
				f := &st.Frames[i]
				e.time(f.At)
				e.str(f.ID)
				e.str(f.Event)
				e.str(f.Data)
				e.int(f.Line)
			}
			e.bool(st.End != nil)
			if st.End != nil {
				e.time(st.End.At)
				e.str(st.End.By)
				e.int(st.End.Line)
			}
		}
		e.int(r.Line)
	}
	e.int(x.Line)
}

func (d *decoder) exchange(x *replay.Exchange) {
	x.Seq = d.int()
	x.Name = d.str()
	x.From = d.str()
	x.To = d.str()
	x.Channel = replay.Channel(d.str())
	x.Notes = d.strs()
	q := &x.Request
	q.At = d.time()
	q.Method = d.str()
	q.URL = d.str()
	q.Proto = d.str()
	q.Header = d.headers()
	q.Body = d.str()
	q.Line = d.int()
	if d.bool() {
		r := &replay.Response{}
		r.At = d.time()
		r.Err = d.str()
		r.Proto = d.str()
		r.StatusCode = d.int()
		r.Status = d.str()
		r.Header = d.headers()
		r.Body = d.str()
		if d.bool() {
			st := &replay.Stream{}
			if isNil, n := d.list(); !isNil {
				st.Frames = make([]replay.Frame, n)
				for i := range st.Frames {
					f := &st.Frames[i]
					f.At = d.time()
					f.ID = d.str()
					f.Event = d.str()
					f.Data = d.str()
					f.Line = d.int()
				}
			}
			if d.bool() {
				st.End = &replay.StreamEnd{At: d.time(), By: d.str(), Line: d.int()}
			}
			r.Stream = st
		}
		r.Line = d.int()
		x.Response = r
	}
	x.Line = d.int()
}

// head writes a transcript without its exchanges.
func (e *encoder) head(t *replay.Transcript) {
	e.str(t.Title)
	e.strs(t.Notes)
	e.list(t.Participants == nil, len(t.Participants))
	for _, p := range t.Participants {
		e.str(p.Name)
		e.str(p.URL)
	}
}

func (d *decoder) head(t *replay.Transcript) {
	t.Title = d.str()
	t.Notes = d.strs()
	if isNil, n := d.list(); !isNil {
		t.Participants = make([]replay.Participant, n)
		for i := range t.Participants {
			t.Participants[i] = replay.Participant{Name: d.str(), URL: d.str()}
		}
	}
}

func (e *encoder) whole(w *view.Whole) {
	s := &w.Summary
	e.str(s.Title)
	e.strs(s.Notes)
	e.strs(s.Participants)
	e.int(s.Steps)
	e.int(s.Exchanges)
	e.int(s.Tasks)
	e.list(w.Lanes == nil, len(w.Lanes))
	for _, l := range w.Lanes {
		e.str(l.TaskID)
		e.list(l.Segments == nil, len(l.Segments))
		for _, g := range l.Segments {
			e.int(g.From)
			e.int(g.To)
			e.str(g.State)
		}
	}
	e.int(w.Tasks)
}

func (d *decoder) whole(w *view.Whole) {
	s := &w.Summary
	s.Title = d.str()
	s.Notes = d.strs()
	s.Participants = d.strs()
	s.Steps = d.int()
	s.Exchanges = d.int()
	s.Tasks = d.int()
	if isNil, n := d.list(); !isNil {
		w.Lanes = make([]view.Lane, n)
		for i := range w.Lanes {
			l := &w.Lanes[i]
			l.TaskID = d.str()
			if isNil, n := d.list(); !isNil {
				l.Segments = make([]view.Segment, n)
				for j := range l.Segments {
					l.Segments[j] = view.Segment{From: d.int(), To: d.int(), State: d.str()}
				}
			}
		}
	}
	w.Tasks = d.int()
}

// questions writes predict mode's questions of a Part.
func (e *encoder) questions(qs []view.Question) {
	e.list(qs == nil, len(qs))
	for _, q := range qs {
		e.int(q.Step)
		e.str(string(q.Kind))
		e.str(q.Prompt)
		e.strs(q.Choices)
		e.int(q.Answer)
		e.str(q.Why)
		e.str(q.Rule)
	}
}

func (d *decoder) questions() []view.Question {
	isNil, n := d.list()
	if isNil {
		return nil
	}
	qs := make([]view.Question, n)
	for i := range qs {
		q := &qs[i]
		q.Step = d.int()
		q.Kind = view.QuestionKind(d.str())
		q.Prompt = d.str()
		q.Choices = d.strs()
		q.Answer = d.int()
		q.Why = d.str()
		q.Rule = d.str()
		if d.err == nil && (q.Answer < 0 || q.Answer >= len(q.Choices)) {
			d.fail("a question's answer %d where it has %d choices", q.Answer, len(q.Choices))
		}
	}
	return qs
}
