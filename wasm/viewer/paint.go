//go:build js && wasm

package viewer

import (
	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// Of a long diagram the page puts in only what shows (view.Painted):
// draw puts in the diagram's frame with the rows of the stage's first
// screen, and of the current step's, and a screen around them; as the
// learner scrolls, steps or zooms, paintRows adds the pieces of rows
// that come in range. The ranges are the layout's (d.geom), never read
// back from the SVG. A step the page goes to brings its piece in first
// (mark).

// firstPieces chooses the pieces of g to draw with its frame, for a
// stage showing its top and for step at: those of the stage's first
// screen and of a screen around step at's row.
func (p *page) firstPieces(g *diagram.Geometry, at int) *view.Painted {
	pt := view.NewPainted(g)
	if pt.Whole() {
		return pt
	}
	h := p.el.diagram.Get("clientHeight").Float()
	if h <= 0 {
		h = dom.Global().Get("innerHeight").Float()
	}
	// The first screen's rows only: the screens around it come once it
	// is painted (a cold draw of the bench's 1,000 steps styled and laid
	// out the rows of three screens in 42 ms).
	s := p.zoom.ScaleFor(float64(g.Width), p.figure.avail)
	for _, i := range pt.Want(0, h/s) {
		pt.Add(i)
	}
	if row := view.RowOf(g, at); row >= 0 {
		y, _ := g.Span(row)
		top, bottom := view.ViewBand(float64(y)*s-h/2, h, s)
		for _, i := range pt.Want(top, bottom) {
			pt.Add(i)
		}
	}
	p.afterPaint(p.paintRows)
	return pt
}

// paintRows adds the pieces of rows that the stage's visible part and a
// screen around it meet, at its scroll position and zoom.
func (p *page) paintRows() {
	f := &p.figure
	if f.painted.Whole() || p.cur == nil || p.cur.geom == nil {
		return
	}
	c := p.el.diagram
	top, bottom := view.ViewBand(c.Get("scrollTop").Float(), c.Get("clientHeight").Float(), f.scale)
	p.addPieces(f.painted.Want(top, bottom))
}

// addPieces puts the rows of the pieces want of the current diagram
// into its steps group, each before the rows of the next piece in, so
// that the group keeps its rows in the order of their steps (the order
// a screen reader reads them in).
func (p *page) addPieces(want []int) {
	f, d := &p.figure, p.cur
	if len(want) == 0 || f.rows.IsUndefined() || d == nil || d.geom == nil {
		return
	}
	t0 := dom.Now()
	g := d.geom
	first, last := len(g.Rows), 0 // the rows added
	for _, i := range want {
		before, ok := f.painted.Add(i)
		if !ok {
			continue
		}
		lo, hi := f.painted.Rows(i)
		first, last = min(first, lo), max(last, hi-1)
		// The diagram package's own output, every text in it escaped.
		p.svgBuf = diagram.AppendRows(p.svgBuf[:0], g, g.Rows[lo:hi])
		at, where := f.rows, "beforeend"
		if before >= 0 {
			at, where = dom.ByID(view.IDPrefix+g.Rows[before].Step), "beforebegin"
		}
		dom.InsertOwnMarkupBytes(at, where, p.svgBuf)
		if !f.gut.IsUndefined() { // their numbers, in the pinned column
			p.svgBuf = view.AppendNumbers(p.svgBuf[:0], g.Rows[lo:hi])
			dom.InsertOwnMarkupBytes(f.gut.Get("firstElementChild"), "beforeend", p.svgBuf)
		}
	}
	measure("a2aplay-rows", t0, dom.Now())
	if first <= last { // findmarks.go: the findings' marks on the rows come
		p.markNewRows(g.Rows[first].Index, g.Rows[last].Index)
	}
}

// bring puts step k's row into the diagram when it is not in.
func (p *page) bring(k int) {
	if row := view.RowOf(p.cur.geom, k); row >= 0 && !p.figure.painted.Has(row) {
		p.addPieces([]int{p.figure.painted.PieceOf(row)})
	}
}

// afterPaint runs fn, under the page's lock, once the page's next frame
// has rendered and the page is idle (or 200 ms on): what need not come
// before the learner sees a diagram drawn.
func (p *page) afterPaint(fn func()) {
	dom.NextFrame(func() { dom.Idle(func() { p.do(fn) }, 200) })
}
