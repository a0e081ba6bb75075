package msg

import (
	"errors"
	"fmt"
	"slices"

	"github.com/a2aplay/a2aplay/internal/wire"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// Version is the version of the messages' encoding. Every message starts
// with it; a page and a worker of different versions (a worker script
// the browser kept from an older site) refuse each other's messages
// with ErrVersion rather than misread them. Raise it with every change
// to what a message holds or how it is written.
const Version = 8

// ErrVersion says that a message was written by another version of this
// package: the page and its worker come from different builds.
var ErrVersion = wire.ErrVersion

// The kinds of message, after the version.
const (
	kindPart  = 'P'
	kindWhole = 'W'
)

// start begins a message of a kind.
func start(kind byte) *wire.Encoder { return wire.Start(Version, kind) }

// open reads the start of a message of a kind.
func open(data string, kind byte) (*wire.Decoder, error) {
	d, k, err := wire.Open(data, Version)
	if err != nil {
		return nil, err
	}
	if k != kind {
		return nil, fmt.Errorf("not a message of kind %q", kind)
	}
	return d, nil
}

// A Part is a view.Part as the worker sends it to the page: Data, one
// byte array with the part's head, its steps and its exchanges, each
// step and each exchange readable alone (ReadPart); and the window
// drawn, SVG and More (the SVG of each Rows, in order), strings the page
// puts into the document as they are, which never go through Go on the
// page's side.
type Part struct {
	Data []byte
	SVG  string
	More []string
}

// NewPart splits p for its trip to the page, in answer to request id;
// sys is the worker's memory, in bytes, which the page counts in its
// own.
func NewPart(id int, p *view.Part, sys uint64) *Part {
	e := start(kindPart)
	e.Int(id)
	e.Uint(sys)
	// The head: the part without its steps, its exchanges and its
	// drawing.
	head := *p
	head.Steps, head.SVG, head.More = nil, "", make([]view.Rows, len(p.More))
	out := &Part{SVG: p.SVG, More: make([]string, len(p.More))}
	for i, r := range p.More {
		head.More[i].Last, out.More[i] = r.Last, r.SVG
	}
	if len(p.More) == 0 {
		head.More, out.More = nil, nil
	}
	var xs []*replay.Exchange
	if p.Transcript != nil {
		t := *p.Transcript
		xs, t.Exchanges = t.Exchanges, nil
		head.Transcript = &t
	}
	e.Value(&head)
	// Each step and each exchange with its number and its length, so
	// that the page finds them all without reading them.
	var item wire.Encoder
	e.Uint(uint64(len(p.Steps)))
	for i := range p.Steps {
		item.B = item.B[:0]
		item.Step(&p.Steps[i])
		e.Int(p.Steps[i].Index)
		e.Raw(item.B)
	}
	e.Uint(uint64(len(xs)))
	for _, x := range xs {
		item.B = item.B[:0]
		item.Exchange(x)
		e.Int(x.Seq)
		e.Raw(item.B)
	}
	out.Data = e.B
	return out
}

// A Window is a Part as the page reads it: its head read, its steps and
// exchanges found but read only when asked for (Window.Step,
// Window.Exchange), so that the page's thread never reads a whole
// window.
type Window struct {
	// Part is the part's head: without its steps, its exchanges and
	// its drawing; More has each Rows' Last, and no SVG.
	Part      *view.Part
	ID        int    // the request it answers
	Sys       uint64 // the worker's memory, bytes
	Index     []int  // each step's Index, ascending
	Seqs      []int  // each exchange's number, ascending
	steps, xs []string
}

// ReadPart reads the Data of a Part. The window's strings share one
// copy of data.
func ReadPart(data []byte) (*Window, error) {
	d, err := open(string(data), kindPart)
	if err != nil {
		return nil, err
	}
	w := &Window{Part: &view.Part{}}
	w.ID = d.Int()
	w.Sys = d.Uint()
	d.ReadValue(w.Part)
	if p := w.Part; d.Err == nil {
		if len(p.Steps) > 0 || p.SVG != "" || p.Transcript != nil && len(p.Transcript.Exchanges) > 0 {
			d.Fail("a part's head that holds steps, exchanges or its drawing")
		}
		if err := p.Frame.Check(); err != nil {
			d.Fail("%v", err)
		}
		for _, q := range p.Questions {
			if q.Answer < 0 || q.Answer >= len(q.Choices) {
				d.Fail("a question's answer %d where it has %d choices", q.Answer, len(q.Choices))
			}
		}
	}
	w.Index, w.steps = items(d)
	w.Seqs, w.xs = items(d)
	if err := d.End(); err != nil {
		return nil, fmt.Errorf("a part from the worker: %w", err)
	}
	if !slices.IsSorted(w.Index) || !slices.IsSorted(w.Seqs) {
		return nil, errors.New("a part from the worker: its steps or exchanges are out of order")
	}
	return w, nil
}

// items reads a list of numbered items, each as its encoding.
func items(d *wire.Decoder) ([]int, []string) {
	n := d.Count()
	nums, items := make([]int, n), make([]string, n)
	for i := 0; i < n && d.Err == nil; i++ {
		nums[i], items[i] = d.Int(), d.Str()
	}
	return nums, items
}

// Step reads the window's step k (1-based, of the whole transcript),
// or returns nil when the window does not hold it.
func (w *Window) Step(k int) (*replay.Step, error) {
	i, ok := slices.BinarySearch(w.Index, k)
	if !ok {
		return nil, nil
	}
	var s replay.Step
	d := &wire.Decoder{S: w.steps[i]}
	d.Step(&s)
	if err := d.End(); err != nil {
		return nil, fmt.Errorf("step %d from the worker: %w", k, err)
	}
	return &s, nil
}

// Exchange reads the window's exchange seq, or returns nil when the
// window does not hold it.
func (w *Window) Exchange(seq int) (*replay.Exchange, error) {
	i, ok := slices.BinarySearch(w.Seqs, seq)
	if !ok {
		return nil, nil
	}
	var x replay.Exchange
	d := &wire.Decoder{S: w.xs[i]}
	d.Exchange(&x)
	if err := d.End(); err != nil {
		return nil, fmt.Errorf("exchange %d from the worker: %w", seq, err)
	}
	return &x, nil
}

// Steps reads every step of the window.
func (w *Window) Steps() ([]replay.Step, error) {
	out := make([]replay.Step, 0, len(w.Index))
	for _, k := range w.Index {
		s, err := w.Step(k)
		if err != nil {
			return nil, err
		}
		out = append(out, *s)
	}
	return out, nil
}

// A Whole is what the worker says of a whole file once it has worked
// out all its steps, after a provisional first Part.
type Whole struct {
	ID    int // the open it answers
	Whole *view.Whole
	Sys   uint64 // the worker's memory, bytes
}

// EncodeWhole writes w.
func EncodeWhole(w *Whole) []byte {
	e := start(kindWhole)
	e.Value(w)
	return e.B
}

// ReadWhole reads what EncodeWhole writes.
func ReadWhole(data []byte) (*Whole, error) {
	d, err := open(string(data), kindWhole)
	if err != nil {
		return nil, err
	}
	w := &Whole{}
	d.ReadValue(w)
	if d.Err == nil && w.Whole == nil {
		d.Fail("a whole without its whole")
	}
	if err := d.End(); err != nil {
		return nil, fmt.Errorf("the whole from the worker: %w", err)
	}
	return w, nil
}
