//go:build js && wasm

package viewer

import (
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// stepAttr is the attribute of a step's group in the diagram: its
// 1-based position.
const stepAttr = "data-step"

// draw puts d's diagram into the page and indexes its steps. The diagram
// the site builder drew into the page is adopted as it is. Of a long
// transcript only the steps around position at are drawn (see
// view.Window): the page stays light and quick however long it is;
// Export still writes the whole diagram.
func (p *page) draw(d *doc, at int) error {
	c := p.el.diagram
	// Measured before the new diagram is in: after, reading the stage's
	// width would lay the whole new diagram out at once.
	p.figure.avail = p.stageWidth()
	win := view.WindowOn
	if d == p.live.doc {
		win = view.LiveWindowOn // a session grows while it shows
	}
	d.first, d.last = win(d.count(), min(at, d.count()), p.figure.avail)
	if d.part != nil {
		d.first, d.last = d.part.First, d.part.Last
	}
	whole := d.first <= 1 && d.last >= d.count()
	prerendered := whole && !d.local && dom.Attr(c, "data-transcript") == d.name && len(dom.All(c, "svg")) == 1
	var pt *view.Painted // every row in
	if !prerendered {
		t0 := dom.Now()
		first, last := d.first, d.last
		if whole {
			first, last = 0, 0
		}
		// The SVG is this program's own output, and the diagram package
		// escapes every text in it: no transcript text becomes markup.
		// The HTML parser reads a large SVG faster than DOMParser does.
		if d.lazy != nil {
			// Drawn by the opener (the same diagram package), and put in
			// as the JavaScript string it came as.
			c.Set("scrollTop", 0) // before: after, it would force a layout of the new diagram
			c.Set("innerHTML", d.lazy.svg)
		} else {
			if d.t == nil {
				return errors.New("no transcript")
			}
			// The layout with nothing folded decides what to fold at
			// step at (view.FoldsFor); folded, it is laid out again.
			g := view.PageLayout(d.t, d.steps, first, last, nil)
			d.base, d.geom = g, g
			if d.folds = view.FoldsFor(g, at, d.folds, d.open, p.foldRoom(g)); d.folds != nil {
				d.geom = view.PageLayout(d.t, d.steps, first, last, d.folds)
			}
			// Of a long diagram, the frame and the rows of a screen or
			// two (paint.go).
			pt = p.firstPieces(d.geom, at)
			fr := *d.geom
			fr.Rows = pt.Drawn()
			p.svgBuf = diagram.AppendSVG(p.svgBuf[:0], &fr)
			d.svgMs = dom.Now() - t0
			if !p.live.redraw {
				c.Set("scrollTop", 0) // before: after, it would force a layout of the new diagram
			}
			dom.SetOwnMarkupBytes(c, p.svgBuf)
		}
		// Never equal to a bare name again: a later visit redraws.
		dom.SetAttr(c, "data-transcript", key(d.name, d.local))
		d.renderMs = dom.Now() - t0
	} else {
		// The site builder's diagram, as view.PageLayout lays it out.
		d.base = view.PageLayout(d.t, d.steps, 0, 0, nil)
		d.geom, d.folds = d.base, nil
	}
	// The frame is the layout's; of a window the opener drew, the one
	// it sent with it.
	fr := view.FrameOf(d.geom)
	if d.lazy != nil {
		d.base, d.geom = nil, nil
		fr = d.part.Frame
	}
	p.frame(fr, d.geom, pt)
	// Steps are found by id when first needed: reading a thousand
	// attributes across the JavaScript boundary costs more than drawing.
	p.marks = make([]js.Value, d.count()+1)
	if lz := d.lazy; lz != nil && !prerendered {
		lz.lo, lz.hi = lz.before, lz.before
		p.widenLater(d)
	}
	return nil
}

// A window the opener sent for a screen (view.Part.DrawScreen) comes
// with only the rows of one screen in its SVG, around the step the
// learner is at: what the page puts in, lays out and paints before the
// learner sees the window. The other rows come as pieces of a few steps
// each, above and below those, which the page adds to the diagram's
// steps group one at a time when it is idle, each in a task of its
// own, so that no task puts in or lays out more than a few rows; a step
// the learner goes to before its rows are in brings them in at once
// (mark). The group keeps its rows in the order of their steps, the
// order a screen reader reads them in: a piece goes in next to the rows
// in, above or below them.

// widenLater adds the next piece of d's window when the page is idle
// after its next frame, and so on until the window is whole; it stops
// when another window or transcript is drawn. A frame comes between two
// pieces: an idle time can come twice before one, and the frame would
// lay out both.
func (p *page) widenLater(d *doc) {
	lz := d.lazy
	if lz == nil || lz.whole() {
		return
	}
	dom.NextFrame(func() {
		dom.Idle(func() {
			p.do(func() {
				if p.cur != d || d.lazy != lz || lz.whole() {
					return
				}
				p.widen(lz, lz.next())
				p.widenLater(d)
			})
		}, 500)
	})
}

// widen adds piece n of lz's window to the diagram, with those between
// it and the rows in. They go in under the veil (marks), which dims
// those after the current step.
func (p *page) widen(lz *lazy, n int) {
	if n < 0 || n >= len(lz.moreLast) || n >= lz.lo && n < lz.hi {
		return
	}
	rows := p.figure.svg
	if !rows.IsUndefined() {
		rows = rows.Call("querySelector", ":scope > g.steps")
	}
	if rows.IsUndefined() || rows.IsNull() {
		lz.lo, lz.hi = 0, len(lz.moreLast) // no diagram to add to: give up
		return
	}
	t0 := dom.Now()
	// The opener's own output, every text in it escaped by the diagram
	// package, as the window's first screen is.
	for ; lz.hi <= n; lz.hi++ {
		rows.Call("insertAdjacentHTML", "beforeend", lz.more.Index(lz.hi))
	}
	for lz.lo > n {
		lz.lo--
		rows.Call("insertAdjacentHTML", "afterbegin", lz.more.Index(lz.lo))
	}
	measure("a2aplay-rows", t0, dom.Now())
	p.markNewRows(p.cur.first, p.cur.last) // findmarks.go: the findings' marks on the rows come
	if lz.whole() {
		dom.Global().Get("performance").Call("mark", "a2aplay-window-whole")
	}
}

// The current step shows by two boxes the page lays over the diagram,
// not by classes on the steps: a band over the current step's row and a
// veil in the diagram's background colour over every row after it. A
// step change moves them by their transforms (and sizes the band), which
// the browser does without laying anything out. A class on a step's
// group would make it restyle the group and its parts, two groups a
// step, SVG elements slow to restyle; a rect moved inside the SVG still
// costs a layout of the SVG.

// addMarks puts the band and the veil over f's SVG, hidden, in a box
// over the steps' rows that clips them: the veil is as tall as the box,
// moved down to start below the current row. A diagram without rows
// has none.
func (f *figure) addMarks() {
	if len(f.frame.Rows) == 0 {
		return
	}
	now, veil := dom.El("div", "now"), dom.El("div", "veil")
	f.nowCSS, f.veilCSS = now.Get("style"), veil.Get("style")
	// a2s: the diagram's colours (diagram.StyleSheet).
	f.marks = dom.El("div", "marks a2s", now, veil)
	dom.SetAttr(f.marks, "aria-hidden", "true")
	dom.SetHidden(f.marks, true)
	// Before the SVG, which stays the figure's last child; as a
	// positioned box it is drawn over the SVG all the same.
	f.svg.Call("before", f.marks)
}

// placeMarks sizes and places the marks for the zoom: the box over the
// rows, from the SVG's top (it is at the figure's foot) to the rows'
// end, and the band and veil at the current row.
func (f *figure) placeMarks() {
	if f.marks.IsUndefined() {
		return
	}
	s := f.scale
	st := f.marks.Get("style")
	st.Set("width", num(f.w*s)+"px")
	st.Set("height", num(f.foot*s)+"px")
	st.Set("bottom", num((f.h-f.foot)*s)+"px")
	f.nowCSS.Set("left", num(float64(f.frame.RowX)*s)+"px")
	f.nowCSS.Set("width", num(float64(f.frame.RowW)*s)+"px")
	f.moveMarks()
}

// moveMarks puts the band on the current row and the veil below it.
func (f *figure) moveMarks() {
	s := f.scale
	f.nowCSS.Set("transform", "translateY("+num(f.rowY*s)+"px)")
	f.nowCSS.Set("height", num(f.rowH*s)+"px")
	f.veilCSS.Set("transform", "translateY("+num((f.rowY+f.rowH)*s)+"px)")
}

// paintMarks moves the marks to step el's row; el undefined (the
// overview) hides them.
func (p *page) paintMarks(el js.Value) {
	f := &p.figure
	if f.marks.IsUndefined() {
		return
	}
	// No row's height: hidden, as at the overview. A step drawn has its
	// row in the frame, from the layout.
	r, ok := f.frame.Row(p.nav.Cur)
	if el.IsUndefined() || !ok {
		if f.rowH > 0 {
			f.rowH = 0
			dom.SetHidden(f.marks, true)
		}
		return
	}
	if f.rowH == 0 {
		dom.SetHidden(f.marks, false)
	}
	f.rowY, f.rowH = float64(r.Top), float64(r.Bottom-r.Top)
	f.moveMarks()
}

// screenHeight is the height of the diagram's stage at the diagram's
// own size, at the current zoom: how much of a window the opener draws
// into the SVG the page puts in first.
func (p *page) screenHeight() float64 {
	h := p.el.diagram.Get("clientHeight").Float()
	if h <= 0 {
		h = dom.Global().Get("innerHeight").Float()
	}
	s := p.figure.scale
	if s <= 0 {
		s = 1
	}
	return h / max(s, 0.25)
}

// mark returns the diagram's group of step k (1-based), or undefined
// when it is not drawn.
func (p *page) mark(k int) js.Value {
	if p.cur == nil || k < 1 || k >= len(p.marks) || k < p.cur.first || k > p.cur.last {
		return js.Undefined()
	}
	if p.marks[k].IsUndefined() {
		id := p.cur.stepID(k)
		if id == "" {
			return js.Undefined()
		}
		el := dom.Document().Call("getElementById", view.IDPrefix+id)
		if el.IsNull() && k == p.nav.Cur {
			// The current step is always drawn: its rows come in now.
			if !p.figure.painted.Whole() {
				p.bring(k) // paint.go
				el = dom.Document().Call("getElementById", view.IDPrefix+id)
			} else if lz, part := p.cur.lazy, p.cur.part; lz != nil && (k < part.ShownFirst || k > part.ShownLast) {
				n, _ := slices.BinarySearch(lz.moreLast, k)
				p.widen(lz, n)
				el = dom.Document().Call("getElementById", view.IDPrefix+id)
			}
		}
		if el.IsNull() {
			return js.Undefined()
		}
		p.marks[k] = el
	}
	return p.marks[k]
}

// indexOfMark reads a step's position from its data-step attribute.
func (p *page) indexOfMark(v string) int {
	k, err := strconv.Atoi(v)
	if err != nil || k < 1 || k > p.nav.N {
		return 0
	}
	return k
}

// foldRoom is the width, at the diagram's own size, that one step may
// take: the stage's, less the pinned step numbers and the margin kept
// around a revealed step. A stage not measured yet (hidden) folds
// nothing.
func (p *page) foldRoom(g *diagram.Geometry) int {
	if p.figure.avail <= 0 {
		return math.MaxInt32
	}
	s := p.figure.scale
	if s <= 0 {
		s = 1
	}
	return int(p.figure.avail/s) - g.Gutter - 2*revealMargin
}

// refold says whether d, drawn whole in the page, must be drawn again
// for step k with other columns folded (view.FoldsFor). What the learner
// unfolded by hand stays so for one step.
func (p *page) refold(d *doc, k int) bool {
	if d.part != nil || d.t == nil || k < 1 {
		return false
	}
	if d.base == nil { // not laid out yet
		d.base = view.PageLayout(d.t, d.steps, d.first, d.last, nil)
		d.geom = d.base
	}
	f := view.FoldsFor(d.base, k, d.folds, nil, p.foldRoom(d.base))
	d.open = nil
	return !slices.Equal(f, d.folds)
}

// unfold draws d again with the participant name unfolded: a click on
// its folded header.
func (p *page) unfold(name string) {
	d := p.cur
	if d == nil || !slices.Contains(d.folds, name) {
		return
	}
	d.open = append(d.open, name)
	d.folds = slices.DeleteFunc(slices.Clone(d.folds), func(n string) bool { return n == name })
	if err := p.draw(d, p.nav.Cur); err != nil {
		p.showError("Could not draw " + d.name + ": " + err.Error())
		return
	}
	p.paint(-1)
}

// writeMermaid writes d as Mermaid sequenceDiagram text.
func writeMermaid(w io.Writer, d *doc) error {
	return diagram.WriteMermaid(w, d.steps, diagram.Options{Title: d.t.Title})
}
