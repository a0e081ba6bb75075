package wire

import (
	"github.com/a2aplay/a2aplay/replay"
)

// A transcript's steps and exchanges, written and read field by field
// in the order of their types' declaration, as Value writes them, but
// by hand: a check worker's part sends 240 steps and their exchanges,
// and through Value they cost a fifth more under Node (view/msg's
// BenchmarkPart, "binary" against "value"; view/msg/doc.go has the
// figures). A field added to one of these types must be added here
// too: the round-trip tests fill every field and fail when one comes
// back empty, and TestValuesAsValue holds these to Value's bytes.

func (e *Encoder) Step(s *replay.Step) {
	e.Str(s.ID)
	e.Int(s.Index)
	e.Str(string(s.Kind))
	e.Str(s.From)
	e.Str(s.To)
	e.Str(s.Label)
	e.Str(s.Detail)
	e.Time(s.At)
	e.Int(s.Exchange)
	e.Int(s.Frame)
	e.Str(s.Method)
	e.Str(s.Version)
	e.Bool(s.Final)
	e.Str(s.Event)
	e.Str(s.TaskID)
	e.Str(s.ContextID)
	e.Str(s.State)
	e.Bool(s.Reports)
	e.Bool(s.Changed)
	e.Int(s.Status)
	e.Bool(s.Error != nil)
	if s.Error != nil {
		e.Str(s.Error.Kind)
		e.Int(s.Error.Code)
		e.Str(s.Error.Message)
	}
	e.Bool(s.OutOfBand)
	e.Strs(s.Notes)
	e.Str(s.Pair)
	e.Str(s.Group)
	e.Str(s.Closed)
}

func (d *Decoder) Step(s *replay.Step) {
	s.ID = d.Str()
	s.Index = d.Int()
	s.Kind = replay.StepKind(d.Str())
	s.From = d.Str()
	s.To = d.Str()
	s.Label = d.Str()
	s.Detail = d.Str()
	s.At = d.Time()
	s.Exchange = d.Int()
	s.Frame = d.Int()
	s.Method = d.Str()
	s.Version = d.Str()
	s.Final = d.Bool()
	s.Event = d.Str()
	s.TaskID = d.Str()
	s.ContextID = d.Str()
	s.State = d.Str()
	s.Reports = d.Bool()
	s.Changed = d.Bool()
	s.Status = d.Int()
	if d.Bool() {
		s.Error = &replay.StepError{Kind: d.Str(), Code: d.Int(), Message: d.Str()}
	}
	s.OutOfBand = d.Bool()
	s.Notes = d.Strs()
	s.Pair = d.Str()
	s.Group = d.Str()
	s.Closed = d.Str()
}

func (e *Encoder) Headers(h []replay.Header) {
	e.List(h == nil, len(h))
	for _, v := range h {
		e.Str(v.Name)
		e.Str(v.Value)
	}
}

func (d *Decoder) Headers() []replay.Header {
	isNil, n := d.List()
	if isNil {
		return nil
	}
	h := make([]replay.Header, n)
	for i := range h {
		h[i] = replay.Header{Name: d.Str(), Value: d.Str()}
	}
	return h
}

func (e *Encoder) Exchange(x *replay.Exchange) {
	e.Int(x.Seq)
	e.Str(x.Name)
	e.Str(x.From)
	e.Str(x.To)
	e.Str(string(x.Channel))
	e.Strs(x.Notes)
	q := &x.Request
	e.Time(q.At)
	e.Str(q.Method)
	e.Str(q.URL)
	e.Str(q.Proto)
	e.Headers(q.Header)
	e.Str(q.Body)
	e.Int(q.Line)
	r := x.Response
	e.Bool(r != nil)
	if r != nil {
		e.Time(r.At)
		e.Str(r.Err)
		e.Str(r.Proto)
		e.Int(r.StatusCode)
		e.Str(r.Status)
		e.Headers(r.Header)
		e.Str(r.Body)
		e.Bool(r.Stream != nil)
		if st := r.Stream; st != nil {
			e.List(st.Frames == nil, len(st.Frames))
			for i := range st.Frames {
				f := &st.Frames[i]
				e.Time(f.At)
				e.Str(f.ID)
				e.Str(f.Event)
				e.Str(f.Data)
				e.Int(f.Line)
			}
			e.Bool(st.End != nil)
			if st.End != nil {
				e.Time(st.End.At)
				e.Str(st.End.By)
				e.Int(st.End.Line)
			}
		}
		e.Int(r.Line)
	}
	e.Int(x.Line)
}

func (d *Decoder) Exchange(x *replay.Exchange) {
	x.Seq = d.Int()
	x.Name = d.Str()
	x.From = d.Str()
	x.To = d.Str()
	x.Channel = replay.Channel(d.Str())
	x.Notes = d.Strs()
	q := &x.Request
	q.At = d.Time()
	q.Method = d.Str()
	q.URL = d.Str()
	q.Proto = d.Str()
	q.Header = d.Headers()
	q.Body = d.Str()
	q.Line = d.Int()
	if d.Bool() {
		r := &replay.Response{}
		r.At = d.Time()
		r.Err = d.Str()
		r.Proto = d.Str()
		r.StatusCode = d.Int()
		r.Status = d.Str()
		r.Header = d.Headers()
		r.Body = d.Str()
		if d.Bool() {
			st := &replay.Stream{}
			if isNil, n := d.List(); !isNil {
				st.Frames = make([]replay.Frame, n)
				for i := range st.Frames {
					f := &st.Frames[i]
					f.At = d.Time()
					f.ID = d.Str()
					f.Event = d.Str()
					f.Data = d.Str()
					f.Line = d.Int()
				}
			}
			if d.Bool() {
				st.End = &replay.StreamEnd{At: d.Time(), By: d.Str(), Line: d.Int()}
			}
			r.Stream = st
		}
		r.Line = d.Int()
		x.Response = r
	}
	x.Line = d.Int()
}
