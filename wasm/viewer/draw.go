//go:build js && wasm

package viewer

import (
	"io"
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
	d.first, d.last = view.Window(d.count(), min(at, d.count()))
	if d.part != nil {
		d.first, d.last = d.part.First, d.part.Last
	}
	whole := d.first <= 1 && d.last >= d.count()
	prerendered := whole && !d.local && dom.Attr(c, "data-transcript") == d.name && len(dom.All(c, "svg")) == 1
	if !prerendered {
		t0 := dom.Now()
		first, last := d.first, d.last
		if whole {
			first, last = 0, 0
		}
		// The SVG is this program's own output, and the diagram package
		// escapes every text in it: no transcript text becomes markup.
		// The HTML parser reads a large SVG faster than DOMParser does.
		var widest int
		if d.lazy != nil {
			// Drawn by the opener (the same diagram package), and put in
			// as the JavaScript string it came as.
			widest = d.part.Widest
			c.Set("scrollTop", 0) // before: after, it would force a layout of the new diagram
			c.Set("innerHTML", d.lazy.svg)
		} else {
			var svg string
			var err error
			if svg, widest, err = view.PageFigure(d.t, d.steps, first, last); err != nil {
				return err
			}
			d.svgMs = dom.Now() - t0
			c.Set("scrollTop", 0) // before: after, it would force a layout of the new diagram
			dom.SetOwnMarkup(c, svg)
		}
		// Never equal to a bare name again: a later visit redraws.
		dom.SetAttr(c, "data-transcript", key(d.name, d.local))
		d.renderMs = dom.Now() - t0
		d.widest = widest
	}
	p.frame(d.widest)
	// Steps are found by id when first needed: reading a thousand
	// attributes across the JavaScript boundary costs more than drawing.
	p.marks = make([]js.Value, d.count()+1)
	return nil
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

// writeMermaid writes d as Mermaid sequenceDiagram text.
func writeMermaid(w io.Writer, d *doc) error {
	return diagram.WriteMermaid(w, d.steps, diagram.Options{Title: d.t.Title})
}

// warmUp draws the current transcript once, off screen, when the page is
// idle. The browser compiles a WebAssembly function the first time it
// runs, and the page adopts the diagram the site builder drew, so
// without this the learner's first change of transcript would pay for
// compiling the layout and SVG code.
func (p *page) warmUp() {
	var f js.Func
	f = dom.Func(func(js.Value, []js.Value) any {
		f.Release()
		p.do(func() {
			if d := p.cur; d != nil {
				view.PageSVG(d.t, d.steps)
			}
		})
		return nil
	})
	if ric := dom.Global().Get("requestIdleCallback"); ric.Type() == js.TypeFunction {
		dom.Global().Call("requestIdleCallback", f, map[string]any{"timeout": 3000})
		return
	}
	dom.Global().Call("setTimeout", f, 1000)
}
