//go:build js && wasm

package viewer

import (
	"slices"
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// grow shows d, the Live session grown from old, the diagram shown, by
// adding to what the page holds rather than drawing it all again, when
// d's layout keeps old's rows and size (view.Grows; both have room to
// grow in, view.Room): the frame (bands, lifelines, lanes, headers) is
// drawn anew around the steps group the page holds, in the same SVG,
// the task segments that stretch down are made taller, and only the new
// rows go in (view.Painted.Grow). It returns false, having changed
// nothing, when it cannot: either diagram a window of a long one, a
// fold to change, a row changed, no room left; the page then draws d
// whole, with new room.
//
// Measured (go run ./test/bench ... -live-only, load 3-5), against the
// full redraw that keeps the stage's scroll (live.redraw): at 100 and
// 700 exchanges the Delta's handler 7.5 and 17 ms against 12 and 16,
// the pieces of rows put in over ten events 8 and 40 against 12 and 52;
// the main thread's CPU per event 50 and 133 ms against 56 and 121,
// within the noise of a loaded machine. It costs the viewer 4.2 KB
// brotli, past its budget.
func (p *page) grow(old, d *doc, step int) bool {
	f := &p.figure
	if old == nil || p.cur != old || old.geom == nil || old.lazy != nil || old.part != nil || f.painted == nil || f.rows.IsUndefined() ||
		old.last-old.first+1 < old.count() || p.stageWidth() != f.avail { // a window; or resized, the zoom may change
		return false
	}
	if first, last := view.WindowOn(d.count(), step, f.avail); last-first+1 < d.count() {
		return false
	}
	// As draw lays it out, folds and all.
	g := view.PageLayout(d.t, d.steps, 0, 0, nil)
	geom := g
	folds := view.FoldsFor(g, step, d.folds, d.open, p.foldRoom(g))
	if folds != nil {
		geom = view.PageLayout(d.t, d.steps, 0, 0, folds)
	}
	view.Room(geom)
	stretched, ok := view.Grows(old.geom, geom)
	if !ok || !slices.Equal(folds, old.folds) {
		return false
	}
	// The step that was current is a row like the others (paint marks
	// the current one).
	if el := p.mark(p.nav.Cur); !el.IsUndefined() {
		el.Call("removeAttribute", "aria-current")
	}
	fr := *geom
	fr.Rows = nil
	// The diagram package's own output, every text in it escaped.
	p.svgBuf = diagram.AppendSVG(p.svgBuf[:0], &fr)
	reframe(f.svg, f.rows, p.svgBuf)
	for _, i := range stretched {
		if bar := dom.Document().Call("querySelector", "#"+view.IDPrefix+geom.Rows[i].Step+" > .seg > .bar"); !bar.IsNull() {
			dom.SetAttr(bar, "height", strconv.Itoa(geom.Rows[i].Mark.Bar.H))
		}
	}
	pt, from := f.painted.Grow(geom)
	p.svgBuf = diagram.AppendRows(p.svgBuf[:0], geom, geom.Rows[from:])
	dom.InsertOwnMarkupBytes(f.rows, "beforeend", p.svgBuf)
	d.first, d.last, d.base, d.geom, d.folds = 1, d.count(), g, geom, folds

	// The figure around it, its size the same: the pinned rows (sized
	// as the ones they replace), the numbers' column (of the same
	// height), the marks' box.
	f.frame, f.painted = view.FrameOf(geom), pt
	f.foot = float64(f.frame.LifelineBottom)
	if !f.pin.IsUndefined() {
		pin := pinnedRows(f.svg, f.w, f.pinH)
		pin.Get("style").Set("cssText", f.pin.Get("style").Get("cssText"))
		f.pin.Call("replaceWith", pin)
		f.pin = pin
	}
	if !f.gut.IsUndefined() {
		p.svgBuf = view.AppendNumbers(p.svgBuf[:0], geom.Rows[from:])
		dom.InsertOwnMarkupBytes(f.gut.Get("firstElementChild"), "beforeend", p.svgBuf)
	}
	f.placeMarks()
	p.marks = make([]js.Value, d.count()+1)
	p.showDrawn(d, step, noHistory)
	return true
}

// reframe puts into svg, in place of its children before its steps
// group rows, those of the SVG document markup, of the same size: the
// rows are neither moved nor drawn again (an SVG's rows moved into
// another would be styled and laid out again, every one).
func reframe(svg, rows js.Value, markup []byte) {
	aside := dom.El("div", "")
	dom.SetOwnMarkupBytes(aside, markup)
	fresh := aside.Get("firstElementChild")
	r := dom.Document().Call("createRange")
	r.Call("setStartBefore", svg.Get("firstChild"))
	r.Call("setEndBefore", rows)
	r.Call("deleteContents")
	r.Call("setStartBefore", fresh.Get("firstChild"))
	r.Call("setEndBefore", fresh.Call("querySelector", ":scope > g.steps"))
	svg.Call("insertBefore", r.Call("extractContents"), rows)
}
