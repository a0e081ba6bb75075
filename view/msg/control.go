package msg

import (
	"fmt"

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
	OpLive   Op = 'l' // Deltas of the Live session the worker keeps (or Text, the session whole): as OpCheck
)

// A Request is a message from the page to the check worker.
type Request struct {
	ID     int
	Op     Op
	Name   string // OpCheck, OpOpen: the transcript's or the file's name
	Text   string // OpCheck, OpHAR: a transcript
	Kind   string // OpExport
	At     int    // OpPart; OpLive: the Live session's number
	Screen int    // OpOpen, OpPart: the page's screen height, at the diagram's size
	// OpCheck, OpLive: exercises to evaluate on Text, or on the Live
	// session: a Verdicts answer comes before the findings.
	Exercises []view.Exercise
	// OpLive: what changed in the Live session since the worker last
	// heard of it, the live worker's Deltas (panel.Encode) as they came
	// to the page, in order: all those that came while the worker was
	// busy. The worker keeps the session, puts them in and checks what
	// changed (check.Session), so that what a Live event costs it does
	// not grow with the session. With Text, the session whole, which
	// the worker takes afresh first (a page that drew it from text, or
	// whose worker failed on a Delta).
	Deltas [][]byte
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
	e.Value(r)
	return e.B
}

// EncodeAnswer writes a Progress, Failure, Findings or Text: the
// worker's side. (Apart from Request.Encode, so that the page's module
// holds none of it.)
func EncodeAnswer(m any) []byte {
	var kind byte
	switch m.(type) {
	case *Progress:
		kind = kindProgress
	case *Failure:
		kind = kindFailure
	case *Findings:
		kind = kindFindings
	case *Text:
		kind = kindText
	case *Verdicts:
		kind = kindVerdicts
	default:
		panic(fmt.Sprintf("msg.EncodeAnswer: no answer %T", m))
	}
	e := start(kind)
	e.Value(m)
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
		m = new(Request)
	case kindProgress:
		m = new(Progress)
	case kindFailure:
		m = new(Failure)
	case kindFindings:
		m = new(Findings)
	case kindText:
		m = new(Text)
	case kindVerdicts:
		m = new(Verdicts)
	default:
		return nil, fmt.Errorf("a message of no kind known: %q", kind)
	}
	d.ReadValue(m)
	if r, ok := m.(*Request); ok && d.Err == nil {
		switch r.Op {
		case OpCheck, OpOpen, OpShown, OpPart, OpExport, OpHAR, OpLive:
		default:
			d.Fail("no such request: %q", rune(r.Op))
		}
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
