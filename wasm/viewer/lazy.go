//go:build js && wasm

package viewer

import (
	"errors"
	"slices"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// readPart takes a part the opener sent (msg.Part): its head read into
// Go, its steps and exchanges found but read only when the inspector
// shows them (win), and its drawing, which stays JavaScript strings, in
// v beside its bytes.
func readPart(win *msg.Window, v js.Value) (*view.Part, *lazy, error) {
	part := win.Part
	lz := &lazy{svg: v.Get("svg"), more: v.Get("more"), win: win}
	if lz.svg.Type() != js.TypeString || lz.more.Type() != js.TypeObject || lz.more.Length() != len(part.More) {
		return nil, nil, errors.New("a part from the worker: its drawing does not match its head")
	}
	for _, r := range part.More {
		lz.moreLast = append(lz.moreLast, r.Last)
	}
	part.More = nil
	lz.before, _ = slices.BinarySearch(lz.moreLast, part.ShownFirst)
	return part, lz, nil
}

// gotPart shows a part the opener sent: the first of a file just
// opened, or the window around a position the learner stepped to.
func (p *page) gotPart(part *view.Part, lz *lazy) {
	if name := p.opener.open; name != "" {
		// A file just opened.
		p.opener.open = ""
		p.hideProgress()
		d := &doc{name: name, local: true}
		d.setPart(part, lz)
		p.opener.doc = d
		p.docs[key(name, true)] = d
		p.clearError()
		p.cur = nil // redraw even when the same name was open
		p.show(d, 0, push)
		return
	}
	d := p.opener.doc
	p.opener.want = 0
	dom.RemoveClass(p.el.diagram, "busy")
	if d == nil {
		return
	}
	d.setPart(part, lz)
	if p.cur != d {
		return
	}
	if c := p.nav.Cur; c > 0 && (c < part.First || c > part.Last) {
		p.askPart(d, c) // the learner stepped on meanwhile
		return
	}
	if err := p.draw(d, p.nav.Cur); err != nil {
		p.showError("Could not draw " + d.name + ": " + err.Error())
	}
	p.sayWindow()
	p.paint(-1)
}

// askPart asks the opener for the window around position at of d, the
// file it holds; gotPart shows it.
func (p *page) askPart(d *doc, at int) {
	if d != p.opener.doc || p.opener.w.IsUndefined() {
		return
	}
	p.opener.id++
	p.opener.partID = p.opener.id
	p.opener.want = at
	dom.AddClass(p.el.diagram, "busy")
	post(p.opener.w, &msg.Request{ID: p.opener.id, Op: msg.OpPart, At: at, Screen: int(p.screenHeight())}, js.Undefined())
}

// setPart makes part the window of d the page holds.
func (d *doc) setPart(part *view.Part, lz *lazy) {
	d.part, d.lazy = part, lz
	d.t = part.Transcript
	if d.t == nil {
		d.t = &replay.Transcript{}
	}
	d.steps = nil
	d.lanes = part.Lanes
	if len(part.Questions) > 0 { // predict.go: the quiz gathers each window's
		d.quiz = orEmptyQuiz(d.quiz)
		d.quiz.Add(part.Questions)
	}
}

// lazy holds a part's steps and exchanges as the opener sent them, in
// a msg.Window, each read into Go when the inspector first shows it,
// and its drawing as JavaScript strings. The page's thread never reads
// a whole window.
type lazy struct {
	svg js.Value // the window drawn, or a screen of it: a string

	// The rest of the window, when svg draws only a screen of it
	// (view.Part.DrawScreen): its rows, a few steps each, in the order
	// of their steps, as strings; the last step each draws; how many
	// of them come before the screen's rows; and those the diagram
	// holds now, more[lo:hi], around the screen's rows. See page.widen.
	more     js.Value
	moreLast []int
	before   int
	lo, hi   int

	win  *msg.Window
	step map[int]*replay.Step
	ex   map[int]*replay.Exchange
}

// whole reports whether the diagram holds every row of l's window.
func (l *lazy) whole() bool {
	return l.lo == 0 && l.hi == len(l.moreLast)
}

// next returns the piece of l's window to put in next: of those not in,
// the nearest to the screen's rows, above them and below in turn.
func (l *lazy) next() int {
	if l.lo > 0 && (l.hi == len(l.moreLast) || l.before-l.lo <= l.hi-l.before) {
		return l.lo - 1
	}
	return l.hi
}

// stepAt returns step k (1-based, of the whole file), or nil when the
// part does not hold it or it cannot be read.
func (l *lazy) stepAt(k int) *replay.Step {
	if s, ok := l.step[k]; ok {
		return s
	}
	s, err := l.win.Step(k)
	if s == nil || err != nil {
		return nil
	}
	if l.step == nil {
		l.step = map[int]*replay.Step{}
	}
	l.step[k] = s
	return s
}

// has reports whether the part holds step k.
func (l *lazy) has(k int) bool {
	_, ok := slices.BinarySearch(l.win.Index, k)
	return ok
}

// transcriptFor returns t with exchange seq in it, for the inspector.
func (l *lazy) transcriptFor(t *replay.Transcript, seq int) *replay.Transcript {
	ex, ok := l.ex[seq]
	if !ok {
		ex, _ = l.win.Exchange(seq) // nil when it cannot be read
		if l.ex == nil {
			l.ex = map[int]*replay.Exchange{}
		}
		l.ex[seq] = ex
	}
	one := *t
	one.Exchanges = nil
	if ex != nil {
		one.Exchanges = []*replay.Exchange{ex}
	}
	return &one
}
