package msg

import (
	"errors"
	"fmt"
	"slices"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// Version is the version of the messages' encoding. Every message starts
// with it; a page and a worker of different versions (a worker script
// the browser kept from an older site) refuse each other's messages
// with ErrVersion rather than misread them. Raise it with every change
// to what a message holds or how it is written.
const Version = 4

// ErrVersion says that a message was written by another version of this
// package: the page and its worker come from different builds.
var ErrVersion = errors.New("the page and its worker come from different versions of the site: reload the page")

// The kinds of message, after the version.
const (
	kindPart  = 'P'
	kindWhole = 'W'
)

// start begins a message of a kind.
func start(kind byte) *encoder {
	e := &encoder{b: make([]byte, 0, 256)}
	e.uint(Version)
	e.b = append(e.b, kind)
	return e
}

// open reads the start of a message of a kind.
func open(data string, kind byte) (*decoder, error) {
	d := &decoder{s: data}
	if v := d.uint(); d.err == nil && v != Version {
		return nil, fmt.Errorf("%w (message version %d, this one's %d)", ErrVersion, v, Version)
	}
	if d.err != nil || d.i >= len(d.s) || d.s[d.i] != kind {
		return nil, fmt.Errorf("not a message of kind %q", kind)
	}
	d.i++
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
	e.int(id)
	e.uint(sys)
	e.int(p.N)
	e.int(p.First)
	e.int(p.Last)
	e.time(p.Start)
	e.bool(p.Transcript != nil)
	if p.Transcript != nil {
		e.head(p.Transcript)
	}
	e.whole(&view.Whole{Summary: p.Summary, Lanes: p.Lanes, Tasks: p.Tasks})
	e.int(p.Widest)
	e.int(p.ShownFirst)
	e.int(p.ShownLast)
	e.bool(p.Provisional)
	e.questions(p.Questions)
	out := &Part{SVG: p.SVG}
	e.uint(uint64(len(p.More)))
	for _, r := range p.More {
		e.int(r.Last)
		out.More = append(out.More, r.SVG)
	}
	// Each step and each exchange with its number and its length, so
	// that the page finds them all without reading them.
	var item encoder
	e.uint(uint64(len(p.Steps)))
	for i := range p.Steps {
		item.b = item.b[:0]
		item.step(&p.Steps[i])
		e.int(p.Steps[i].Index)
		e.raw(item.b)
	}
	var xs []*replay.Exchange
	if p.Transcript != nil {
		xs = p.Transcript.Exchanges
	}
	e.uint(uint64(len(xs)))
	for _, x := range xs {
		item.b = item.b[:0]
		item.exchange(x)
		e.int(x.Seq)
		e.raw(item.b)
	}
	out.Data = e.b
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
	p := w.Part
	w.ID = d.int()
	w.Sys = d.uint()
	p.N = d.int()
	p.First = d.int()
	p.Last = d.int()
	p.Start = d.time()
	if d.bool() {
		p.Transcript = &replay.Transcript{}
		d.head(p.Transcript)
	}
	var wh view.Whole
	d.whole(&wh)
	p.Summary, p.Lanes, p.Tasks = wh.Summary, wh.Lanes, wh.Tasks
	p.Widest = d.int()
	p.ShownFirst = d.int()
	p.ShownLast = d.int()
	p.Provisional = d.bool()
	p.Questions = d.questions()
	if n := d.count(); n > 0 {
		p.More = make([]view.Rows, n)
		for i := range p.More {
			p.More[i].Last = d.int()
		}
	}
	w.Index, w.steps = d.items()
	w.Seqs, w.xs = d.items()
	if err := d.end(); err != nil {
		return nil, fmt.Errorf("a part from the worker: %w", err)
	}
	if !slices.IsSorted(w.Index) || !slices.IsSorted(w.Seqs) {
		return nil, errors.New("a part from the worker: its steps or exchanges are out of order")
	}
	return w, nil
}

// items reads a list of numbered items, each as its encoding.
func (d *decoder) items() ([]int, []string) {
	n := d.count()
	nums, items := make([]int, n), make([]string, n)
	for i := 0; i < n && d.err == nil; i++ {
		nums[i], items[i] = d.int(), d.str()
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
	d := &decoder{s: w.steps[i]}
	d.step(&s)
	if err := d.end(); err != nil {
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
	d := &decoder{s: w.xs[i]}
	d.exchange(&x)
	if err := d.end(); err != nil {
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
	e.int(w.ID)
	e.uint(w.Sys)
	e.whole(w.Whole)
	return e.b
}

// ReadWhole reads what EncodeWhole writes.
func ReadWhole(data []byte) (*Whole, error) {
	d, err := open(string(data), kindWhole)
	if err != nil {
		return nil, err
	}
	w := &Whole{ID: d.int(), Sys: d.uint(), Whole: &view.Whole{}}
	d.whole(w.Whole)
	if err := d.end(); err != nil {
		return nil, fmt.Errorf("the whole from the worker: %w", err)
	}
	return w, nil
}
