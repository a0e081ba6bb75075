package msg

import (
	"errors"
	"fmt"
	"math"

	"github.com/a2aplay/a2aplay/view"
)

// An Op is what a Request asks of the check worker.
type Op byte

const (
	OpCheck  Op = 'c' // check Name's Text: Findings answer, the last without More
	OpOpen   Op = 'o' // open the file Name (it travels beside the message): Progress, Parts, a Whole, Findings
	OpShown  Op = 's' // of the open ID: the page has shown what it sent last, and painted since; no answer
	OpPart   Op = 'p' // the Part around step At of the file open: a Part
	OpExport Op = 'e' // the file open as Kind ("svg", "mermaid", "http", "har"): a Text
	OpHAR    Op = 'h' // Text, a transcript the page holds, as HAR: a Text
)

// A Request is a message from the page to the check worker.
type Request struct {
	ID     int
	Op     Op
	Name   string // OpCheck, OpOpen: the transcript's or the file's name
	Text   string // OpCheck, OpHAR: a transcript
	Kind   string // OpExport
	At     int    // OpPart
	Screen int    // OpOpen, OpPart: the page's screen height, at the diagram's size
	// OpCheck: exercises to evaluate on Text, a Live session: a
	// Verdicts answer comes before the findings.
	Exercises []view.Exercise
}

// The answers, from the check worker to the page, besides a Part and a
// Whole. Each names the request it answers by its ID.
type (
	// Progress says how far an open has got: Phase ("read", "parse",
	// "first", "steps", "lanes") and Done, 0 to 1.
	Progress struct {
		ID    int
		Phase string
		Done  float64
	}
	// Failure says why a request failed. ID 0 is the worker's own:
	// a message it could not read.
	Failure struct {
		ID    int
		Error string
	}
	// Findings are some of a check's findings (view.AppendFindings);
	// More is set on all of a check's but the last.
	Findings struct {
		ID       int
		Findings []byte
		More     bool
	}
	// Text is an export.
	Text struct {
		ID   int
		Text string
	}
	// Verdicts are a check's word on the exercises its request named,
	// one each, in their order.
	Verdicts struct {
		ID       int
		Verdicts []view.Verdict
	}
)

// More kinds of message.
const (
	kindRequest  = 'R'
	kindProgress = 'G'
	kindFailure  = 'E'
	kindFindings = 'F'
	kindText     = 'T'
	kindVerdicts = 'V'
)

// Encode writes the request: the page's side.
func (r *Request) Encode() []byte {
	e := start(kindRequest)
	e.int(r.ID)
	e.uint(uint64(r.Op))
	e.str(r.Name)
	e.str(r.Text)
	e.str(r.Kind)
	e.int(r.At)
	e.int(r.Screen)
	e.list(r.Exercises == nil, len(r.Exercises))
	for _, x := range r.Exercises {
		e.str(x.ID)
		e.str(x.Title)
		e.str(x.Live)
		e.str(x.Lesson)
		e.strs(x.Done)
		e.strs(x.Wrong)
	}
	return e.b
}

// EncodeAnswer writes a Progress, Failure, Findings or Text: the
// worker's side. (Apart from Request.Encode, so that the page's module
// holds none of it.)
func EncodeAnswer(m any) []byte {
	var e *encoder
	switch m := m.(type) {
	case *Progress:
		e = start(kindProgress)
		e.int(m.ID)
		e.str(m.Phase)
		e.uint(math.Float64bits(m.Done))
	case *Failure:
		e = start(kindFailure)
		e.int(m.ID)
		e.str(m.Error)
	case *Findings:
		e = start(kindFindings)
		e.int(m.ID)
		e.raw(m.Findings)
		e.bool(m.More)
	case *Text:
		e = start(kindText)
		e.int(m.ID)
		e.str(m.Text)
	case *Verdicts:
		e = start(kindVerdicts)
		e.int(m.ID)
		e.list(m.Verdicts == nil, len(m.Verdicts))
		for _, v := range m.Verdicts {
			e.str(v.ID)
			e.str(v.Status)
			e.int(v.Step)
			e.str(v.Why)
			e.str(v.Hint)
		}
	default:
		panic(fmt.Sprintf("msg.EncodeAnswer: no answer %T", m))
	}
	return e.b
}

// Decode reads any message: a *Request, *Progress, *Failure,
// *Findings, *Text, *Verdicts, *Window (a Part's data) or *Whole. A message of
// another version is an error that wraps ErrVersion.
func Decode(data []byte) (any, error) {
	d := &decoder{s: string(data)}
	if v := d.uint(); d.err == nil && v != Version {
		return nil, fmt.Errorf("%w (message version %d, this one's %d)", ErrVersion, v, Version)
	}
	if d.err != nil || d.i >= len(d.s) {
		return nil, errors.New("a message without a kind")
	}
	var m any
	switch kind := d.s[d.i]; kind {
	case kindPart:
		w, err := ReadPart(data)
		if err != nil {
			return nil, err
		}
		return w, nil
	case kindWhole:
		w, err := ReadWhole(data)
		if err != nil {
			return nil, err
		}
		return w, nil
	case kindRequest:
		d.i++
		r := &Request{ID: d.int(), Op: Op(d.uint()), Name: d.str(), Text: d.str(), Kind: d.str(), At: d.int(), Screen: d.int()}
		if isNil, n := d.list(); !isNil {
			r.Exercises = make([]view.Exercise, 0, min(n, 64))
			for i := 0; i < n && d.err == nil; i++ {
				r.Exercises = append(r.Exercises, view.Exercise{ID: d.str(), Title: d.str(), Live: d.str(), Lesson: d.str(), Done: d.strs(), Wrong: d.strs()})
			}
		}
		switch r.Op {
		case OpCheck, OpOpen, OpShown, OpPart, OpExport, OpHAR:
		default:
			d.fail("no such request: %q", rune(r.Op))
		}
		m = r
	case kindProgress:
		d.i++
		m = &Progress{ID: d.int(), Phase: d.str(), Done: math.Float64frombits(d.uint())}
	case kindFailure:
		d.i++
		m = &Failure{ID: d.int(), Error: d.str()}
	case kindFindings:
		d.i++
		f := &Findings{ID: d.int()}
		if b := d.str(); b != "" {
			f.Findings = []byte(b)
		}
		f.More = d.bool()
		m = f
	case kindText:
		d.i++
		m = &Text{ID: d.int(), Text: d.str()}
	case kindVerdicts:
		d.i++
		v := &Verdicts{ID: d.int()}
		if isNil, n := d.list(); !isNil {
			v.Verdicts = make([]view.Verdict, 0, min(n, 64))
			for i := 0; i < n && d.err == nil; i++ {
				v.Verdicts = append(v.Verdicts, view.Verdict{ID: d.str(), Status: d.str(), Step: d.int(), Why: d.str(), Hint: d.str()})
			}
		}
		m = v
	default:
		return nil, fmt.Errorf("a message of no kind known: %q", kind)
	}
	if err := d.end(); err != nil {
		return nil, fmt.Errorf("a message from the %s: %w", from(m), err)
	}
	return m, nil
}

func from(m any) string {
	if _, ok := m.(*Request); ok {
		return "page"
	}
	return "worker"
}
