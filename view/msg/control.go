package msg

import (
	"fmt"
	"math"

	"github.com/a2aplay/a2aplay/internal/wire"
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

// The phases of an open, in the order they come (Progress.Phase).
const (
	PhaseRead  = "read"  // the file's bytes
	PhaseParse = "parse" // its exchanges
	PhaseFirst = "first" // the first steps, drawn
	PhaseSteps = "steps" // all the steps
	PhaseLanes = "lanes" // the tasks' lanes
)

// Text says what the worker is doing in the progress's phase, as the
// page's progress bar says it; an unknown phase as it is.
func (p *Progress) Text() string {
	switch p.Phase {
	case PhaseRead:
		return "reading the file"
	case PhaseParse:
		return "reading the exchanges"
	case PhaseFirst:
		return "drawing the first steps"
	case PhaseSteps:
		return "working out the steps"
	case PhaseLanes:
		return "following the tasks"
	}
	return p.Phase
}

// The answers, from the check worker to the page, besides a Part and a
// Whole. Each names the request it answers by its ID.
type (
	// Progress says how far an open has got: Phase (PhaseRead and on)
	// and Done, 0 to 1.
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
	e.Int(r.ID)
	e.Uint(uint64(r.Op))
	e.Str(r.Name)
	e.Str(r.Text)
	e.Str(r.Kind)
	e.Int(r.At)
	e.Int(r.Screen)
	e.List(r.Exercises == nil, len(r.Exercises))
	for _, x := range r.Exercises {
		e.Str(x.ID)
		e.Str(x.Title)
		e.Str(x.Live)
		e.Str(x.Lesson)
		e.Strs(x.Done)
		e.Strs(x.Wrong)
	}
	return e.B
}

// EncodeAnswer writes a Progress, Failure, Findings or Text: the
// worker's side. (Apart from Request.Encode, so that the page's module
// holds none of it.)
func EncodeAnswer(m any) []byte {
	var e *wire.Encoder
	switch m := m.(type) {
	case *Progress:
		e = start(kindProgress)
		e.Int(m.ID)
		e.Str(m.Phase)
		e.Uint(math.Float64bits(m.Done))
	case *Failure:
		e = start(kindFailure)
		e.Int(m.ID)
		e.Str(m.Error)
	case *Findings:
		e = start(kindFindings)
		e.Int(m.ID)
		e.Raw(m.Findings)
		e.Bool(m.More)
	case *Text:
		e = start(kindText)
		e.Int(m.ID)
		e.Str(m.Text)
	case *Verdicts:
		e = start(kindVerdicts)
		e.Int(m.ID)
		e.List(m.Verdicts == nil, len(m.Verdicts))
		for _, v := range m.Verdicts {
			e.Str(v.ID)
			e.Str(v.Status)
			e.Int(v.Step)
			e.Str(v.Why)
			e.Str(v.Hint)
		}
	default:
		panic(fmt.Sprintf("msg.EncodeAnswer: no answer %T", m))
	}
	return e.B
}

// Decode reads any message: a *Request, *Progress, *Failure,
// *Findings, *Text, *Verdicts, *Window (a Part's data) or *Whole. A message of
// another version is an error that wraps ErrVersion.
func Decode(data []byte) (any, error) {
	d, kind, err := wire.Open(string(data), Version)
	if err != nil {
		return nil, err
	}
	var m any
	switch kind {
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
		r := &Request{ID: d.Int(), Op: Op(d.Uint()), Name: d.Str(), Text: d.Str(), Kind: d.Str(), At: d.Int(), Screen: d.Int()}
		if isNil, n := d.List(); !isNil {
			r.Exercises = make([]view.Exercise, 0, min(n, 64))
			for i := 0; i < n && d.Err == nil; i++ {
				r.Exercises = append(r.Exercises, view.Exercise{ID: d.Str(), Title: d.Str(), Live: d.Str(), Lesson: d.Str(), Done: d.Strs(), Wrong: d.Strs()})
			}
		}
		switch r.Op {
		case OpCheck, OpOpen, OpShown, OpPart, OpExport, OpHAR:
		default:
			d.Fail("no such request: %q", rune(r.Op))
		}
		m = r
	case kindProgress:
		m = &Progress{ID: d.Int(), Phase: d.Str(), Done: math.Float64frombits(d.Uint())}
	case kindFailure:
		m = &Failure{ID: d.Int(), Error: d.Str()}
	case kindFindings:
		f := &Findings{ID: d.Int()}
		if b := d.Str(); b != "" {
			f.Findings = []byte(b)
		}
		f.More = d.Bool()
		m = f
	case kindText:
		m = &Text{ID: d.Int(), Text: d.Str()}
	case kindVerdicts:
		v := &Verdicts{ID: d.Int()}
		if isNil, n := d.List(); !isNil {
			v.Verdicts = make([]view.Verdict, 0, min(n, 64))
			for i := 0; i < n && d.Err == nil; i++ {
				v.Verdicts = append(v.Verdicts, view.Verdict{ID: d.Str(), Status: d.Str(), Step: d.Int(), Why: d.Str(), Hint: d.Str()})
			}
		}
		m = v
	default:
		return nil, fmt.Errorf("a message of no kind known: %q", kind)
	}
	if err := d.End(); err != nil {
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
