package msg

import (
	"github.com/a2aplay/a2aplay/internal/wire"
	"github.com/a2aplay/a2aplay/view"
)

// How a view.Whole is written and read back, field by field in the
// order of its declaration (the values of package replay are written
// by package wire, values.go). A field added to it must be added here
// too: the round-trip tests fill every field and fail when one comes
// back empty.

func writeWhole(e *wire.Encoder, w *view.Whole) {
	s := &w.Summary
	e.Str(s.Title)
	e.Strs(s.Notes)
	e.Strs(s.Participants)
	e.Int(s.Steps)
	e.Int(s.Exchanges)
	e.Int(s.Tasks)
	e.List(w.Lanes == nil, len(w.Lanes))
	for _, l := range w.Lanes {
		e.Str(l.TaskID)
		e.List(l.Segments == nil, len(l.Segments))
		for _, g := range l.Segments {
			e.Int(g.From)
			e.Int(g.To)
			e.Str(g.State)
		}
	}
	e.Int(w.Tasks)
}

func readWhole(d *wire.Decoder, w *view.Whole) {
	s := &w.Summary
	s.Title = d.Str()
	s.Notes = d.Strs()
	s.Participants = d.Strs()
	s.Steps = d.Int()
	s.Exchanges = d.Int()
	s.Tasks = d.Int()
	if isNil, n := d.List(); !isNil {
		w.Lanes = make([]view.Lane, n)
		for i := range w.Lanes {
			l := &w.Lanes[i]
			l.TaskID = d.Str()
			if isNil, n := d.List(); !isNil {
				l.Segments = make([]view.Segment, n)
				for j := range l.Segments {
					l.Segments[j] = view.Segment{From: d.Int(), To: d.Int(), State: d.Str()}
				}
			}
		}
	}
	w.Tasks = d.Int()
}

// writeQuestions writes predict mode's questions of a Part.
func writeQuestions(e *wire.Encoder, qs []view.Question) {
	e.List(qs == nil, len(qs))
	for _, q := range qs {
		e.Int(q.Step)
		e.Str(string(q.Kind))
		e.Str(q.Prompt)
		e.Strs(q.Choices)
		e.Int(q.Answer)
		e.Str(q.Why)
		e.Str(q.Rule)
	}
}

func readQuestions(d *wire.Decoder) []view.Question {
	isNil, n := d.List()
	if isNil {
		return nil
	}
	qs := make([]view.Question, n)
	for i := range qs {
		q := &qs[i]
		q.Step = d.Int()
		q.Kind = view.QuestionKind(d.Str())
		q.Prompt = d.Str()
		q.Choices = d.Strs()
		q.Answer = d.Int()
		q.Why = d.Str()
		q.Rule = d.Str()
		if d.Err == nil && (q.Answer < 0 || q.Answer >= len(q.Choices)) {
			d.Fail("a question's answer %d where it has %d choices", q.Answer, len(q.Choices))
		}
	}
	return qs
}
