//go:build js && wasm

package viewer

import (
	"math"
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// zoomElements are the zoom buttons and the live region that says what
// they did.
type zoomElements struct {
	zoomIn, zoomOut, zoomReset, zoomFit, announce js.Value
}

// The diagram's frame: the drawn SVG goes into a figure the size of the
// SVG at the current zoom, after a copy of its top rows (the
// participants' boxes and the task lanes' names) that sticks to the top
// of the stage while the diagram scrolls under it, and a column of the
// step numbers, drawn from the layout, that sticks to its left while the
// diagram scrolls sideways.

// figure is the diagram as framed in the page.
type figure struct {
	fig, svg, pin js.Value // undefined when the stage holds no diagram
	gut           js.Value // the step numbers' column, undefined without one
	w, h          float64  // the SVG's own size
	pinH          float64  // the pinned rows' height, at the SVG's own size
	gutW          float64  // the numbers' column's width, at the SVG's own size
	foot          float64  // where the rows of steps end, at the SVG's own size
	scale         float64  // the scale it is drawn at
	avail         float64  // the stage's width, as last measured

	// What the page knows of the drawn layout (view.Frame): never read
	// back from the SVG.
	frame view.Frame

	// The current step's marks (see addMarks), undefined without steps:
	// their box and the style objects of the band and the veil; the
	// current row's top and height (0 at the overview), at the SVG's own
	// size.
	marks, nowCSS, veilCSS js.Value
	rowY, rowH             float64

	// The diagram's steps group, and which pieces of its rows it holds
	// (paint.go); nil when it holds them all.
	rows    js.Value
	painted *view.Painted
}

// frame wraps the stage's fresh SVG into its figure, pins its top rows
// and its step numbers and sizes it, by fr, the frame of the layout it
// was drawn from; g is that layout when the page laid it out itself (it
// draws the numbers' column), and pt says which of its rows the SVG
// holds.
func (p *page) frame(fr view.Frame, g *diagram.Geometry, pt *view.Painted) {
	p.figure = figure{fig: js.Undefined(), svg: js.Undefined(), pin: js.Undefined(), gut: js.Undefined(), rows: js.Undefined(), avail: p.figure.avail, painted: pt}
	c := p.el.diagram
	svg := c.Call("querySelector", "svg")
	if svg.IsNull() || fr.Width <= 0 || fr.Height <= 0 {
		return
	}
	f := &p.figure
	w, h := float64(fr.Width), float64(fr.Height)
	f.svg, f.w, f.h, f.frame = svg, w, h, fr
	f.fig = dom.El("div", "fig")
	svg.Call("replaceWith", f.fig)
	f.rows = svg.Call("querySelector", ":scope > g.steps")
	if f.rows.IsNull() {
		f.rows = js.Undefined()
	}
	// Where the lifelines start and end.
	f.pinH, f.foot = float64(fr.LifelineTop), float64(fr.LifelineBottom)
	if f.pinH > 0 {
		f.pin = pinnedRows(svg, w, f.pinH)
		dom.Append(f.fig, dom.El("div", "pin", f.pin))
	}
	// After the pinned rows, whose height it is moved up by (applyZoom),
	// so that the SVG stays the figure's last child and the pinned rows
	// its first.
	if g != nil && g.Gutter > 0 {
		f.gutW = float64(g.Gutter)
		f.gut = dom.El("div", "gut")
		dom.SetAttr(f.gut, "aria-hidden", "true")
		rows := g.Rows
		if pt != nil {
			rows = pt.Drawn()
		}
		dom.SetOwnMarkupBytes(f.gut, view.AppendGutter(nil, g, rows))
		dom.Append(f.fig, f.gut)
	}
	dom.Append(f.fig, svg)
	f.addMarks()
	p.applyZoom()
}

// pinnedRows copies the top rows of a diagram, h pixels of it, into an
// SVG of their own: the background, the participants and the task
// lanes' names. It is decoration (the diagram says it all): hidden from
// assistive technology and holding no ids.
func pinnedRows(svg js.Value, w, h float64) js.Value {
	pin := svg.Call("cloneNode", false)
	for _, a := range []string{"id", "role", "aria-roledescription", "aria-labelledby", "aria-describedby"} {
		pin.Call("removeAttribute", a)
	}
	dom.SetAttr(pin, "aria-hidden", "true")
	dom.SetAttr(pin, "focusable", "false")
	dom.SetAttr(pin, "viewBox", "0 0 "+num(w)+" "+num(h))
	dom.SetAttr(pin, "height", num(h))
	for _, el := range dom.All(svg, ":scope > .bg, :scope > .party, :scope > .lane") {
		c := el.Call("cloneNode", true)
		for _, id := range dom.All(c, "[id]") {
			id.Call("removeAttribute", "id")
		}
		// What lies below the rows goes: the lines down the diagram and
		// the lanes' segments (no y of their own), and the participants'
		// and lanes' names repeated at its foot. Only the groups'
		// children are looked at: a long transcript's lanes hold many
		// segments, each of several elements.
		for _, k := range dom.All(c, ":scope > :not(title)") { // a folded header's title names it whole
			if y, err := strconv.ParseFloat(dom.Attr(k, "y"), 64); err != nil || y >= h {
				k.Call("remove")
			}
		}
		dom.Append(pin, c)
	}
	return pin
}

// stageWidth is the width the diagram may take: the stage's, less its
// padding.
func (p *page) stageWidth() float64 {
	c := p.el.diagram
	st := dom.Global().Call("getComputedStyle", c)
	pad := px(st.Get("paddingLeft").String()) + px(st.Get("paddingRight").String())
	return c.Get("clientWidth").Float() - pad
}

// applyZoom sizes the figure for the zoom and the stage's width.
func (p *page) applyZoom() {
	f := &p.figure
	if f.svg.IsUndefined() {
		p.paintZoom()
		return
	}
	if f.avail <= 0 {
		f.avail = p.stageWidth()
	}
	f.scale = p.zoom.ScaleFor(f.w, f.avail)
	w, h := f.w*f.scale, f.h*f.scale
	f.fig.Get("style").Set("width", num(w)+"px")
	if !f.gut.IsUndefined() {
		gs := f.gut.Get("firstElementChild").Get("style")
		gs.Set("width", num(f.gutW*f.scale)+"px")
		gs.Set("height", num(h)+"px")
		gs.Set("top", "-"+num(f.pinH*f.scale)+"px")
	}
	st := f.svg.Get("style")
	st.Set("width", num(w)+"px")
	st.Set("height", num(h)+"px")
	f.placeMarks()
	if !f.pin.IsUndefined() {
		ph := f.pinH * f.scale
		f.pin.Get("style").Set("width", num(w)+"px")
		f.pin.Get("style").Set("height", num(ph)+"px")
		st.Set("marginTop", "-"+num(ph)+"px")
	}
	p.paintZoom()
}

// paintZoom shows the scale on the zoom buttons.
func (p *page) paintZoom() {
	s := p.figure.scale
	none := p.figure.svg.IsUndefined()
	if none {
		s = 1
	}
	dom.SetText(p.el.zoomReset, strconv.Itoa(int(math.Round(s*100)))+" %")
	p.el.zoomReset.Set("disabled", none)
	p.el.zoomIn.Set("disabled", none || s >= view.MaxZoom)
	p.el.zoomOut.Set("disabled", none || s <= view.MinZoom)
	p.el.zoomFit.Set("disabled", none)
	dom.SetAttr(p.el.zoomFit, "aria-pressed", strconv.FormatBool(p.zoom.Mode == view.ZoomFit))
}

// zoomTo sets the learner's scale s, keeping the point of the diagram
// under (x, y), in the page's coordinates, where it is. Without a
// point, it keeps the current step in view, or else the middle.
func (p *page) zoomTo(z view.Zoom, x, y float64, at bool) {
	f := &p.figure
	if f.svg.IsUndefined() {
		return
	}
	c := p.el.diagram
	before := box(f.svg.Call("getBoundingClientRect"))
	if !at {
		r := box(c.Call("getBoundingClientRect"))
		x, y = (r.Left+r.Right)/2, (r.Top+r.Bottom)/2
	}
	old := f.scale
	p.zoom = z
	p.applyZoom()
	if f.scale == old {
		return
	}
	// The diagram point under (x, y) before, in the SVG's own pixels.
	ux, uy := (x-before.Left)/old, (y-before.Top)/old
	after := box(f.svg.Call("getBoundingClientRect"))
	c.Call("scrollTo", map[string]any{
		"left":     c.Get("scrollLeft").Float() + after.Left + ux*f.scale - x,
		"top":      c.Get("scrollTop").Float() + after.Top + uy*f.scale - y,
		"behavior": "instant",
	})
	p.paintRows() // paint.go: the rows the zoom brings in range
	if !at {
		if el := p.mark(p.nav.Cur); !el.IsUndefined() {
			p.reveal(el)
		}
	}
}

// pinnedHeight is how much of the stage's top the pinned rows cover, in
// CSS pixels, given where the stage's top is.
func (p *page) pinnedHeight(top float64) float64 {
	pin := p.figure.pin
	if pin.IsUndefined() {
		return 0
	}
	return max(0, pin.Call("getBoundingClientRect").Get("bottom").Float()-top)
}

// wireZoom connects the zoom buttons, ctrl+wheel (a touchpad's pinch
// arrives so too) and a two-finger pinch on a touch screen.
func (p *page) wireZoom(on listener) {
	e := &p.el
	set := func(s float64) view.Zoom { return view.Zoom{Mode: view.ZoomSet, Scale: s} }
	on(e.zoomIn, "click", func(js.Value) { p.zoomTo(set(view.ZoomIn(p.figure.scale)), 0, 0, false) })
	on(e.zoomOut, "click", func(js.Value) { p.zoomTo(set(view.ZoomOut(p.figure.scale)), 0, 0, false) })
	on(e.zoomReset, "click", func(js.Value) { p.zoomTo(set(1), 0, 0, false) })
	on(e.zoomFit, "click", func(js.Value) { p.zoomTo(view.Zoom{Mode: view.ZoomFit}, 0, 0, false) })
	on(e.diagram, "wheel", func(ev js.Value) {
		if !ev.Get("ctrlKey").Bool() && !ev.Get("metaKey").Bool() {
			return
		}
		ev.Call("preventDefault")
		d := ev.Get("deltaY").Float()
		switch ev.Get("deltaMode").Int() {
		case 1: // lines
			d *= 16
		case 2: // pages
			d *= 400
		}
		d = max(-200, min(200, d))
		p.zoomTo(set(view.ClampZoom(p.figure.scale*math.Exp(-d/300))), ev.Get("clientX").Float(), ev.Get("clientY").Float(), true)
	})
	var pinch struct {
		on    bool
		dist  float64
		scale float64
	}
	two := func(ev js.Value) (x, y, d float64, ok bool) {
		ts := ev.Get("touches")
		if ts.Length() != 2 {
			return 0, 0, 0, false
		}
		a, b := ts.Index(0), ts.Index(1)
		ax, ay := a.Get("clientX").Float(), a.Get("clientY").Float()
		bx, by := b.Get("clientX").Float(), b.Get("clientY").Float()
		return (ax + bx) / 2, (ay + by) / 2, math.Hypot(bx-ax, by-ay), true
	}
	on(e.diagram, "touchstart", func(ev js.Value) {
		if _, _, d, ok := two(ev); ok && d > 0 {
			pinch.on, pinch.dist, pinch.scale = true, d, p.figure.scale
		}
	})
	on(e.diagram, "touchmove", func(ev js.Value) {
		x, y, d, ok := two(ev)
		if !pinch.on || !ok {
			return
		}
		ev.Call("preventDefault")
		p.zoomTo(set(view.ClampZoom(pinch.scale*d/pinch.dist)), x, y, true)
	})
	end := func(ev js.Value) {
		if ev.Get("touches").Length() < 2 {
			pinch.on = false
		}
	}
	on(e.diagram, "touchend", end)
	on(e.diagram, "touchcancel", end)
	on(e.diagram, "scroll", func(js.Value) { p.paintRows() })
	on(dom.Global(), "resize", func(js.Value) {
		p.figure.avail = p.stageWidth()
		p.applyZoom()
		p.paintRows()
		// A narrower stage may fold what the current step crosses, a
		// wider one need not.
		if d := p.cur; d != nil && p.refold(d, p.nav.Cur) {
			if err := p.draw(d, p.nav.Cur); err == nil {
				p.paint(-1)
			}
		}
	})
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// px reads a computed length such as "12px".
func px(s string) float64 {
	if len(s) > 2 && s[len(s)-2:] == "px" {
		s = s[:len(s)-2]
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}
