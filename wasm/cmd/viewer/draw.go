//go:build js && wasm

package main

import (
	"io"
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/wasm/dom"
	"github.com/a2aplay/a2aplay/wasm/viewer"
)

// stepAttr is the attribute of a step's group in the diagram: its
// 1-based position.
const stepAttr = "data-step"

// draw puts d's diagram into the page and indexes its steps. The diagram
// the site builder drew into the page is adopted as it is.
func (p *page) draw(d *doc) error {
	c := p.el.diagram
	prerendered := !d.local && dom.Attr(c, "data-transcript") == d.name && len(dom.All(c, "svg")) == 1
	if !prerendered {
		t0 := dom.Now()
		svg, _, err := viewer.PageSVG(d.t, d.steps)
		if err != nil {
			return err
		}
		d.svgMs = dom.Now() - t0
		// The SVG is this program's own output, and the diagram package
		// escapes every text in it: no transcript text becomes markup.
		// The HTML parser reads a large SVG faster than DOMParser does.
		dom.SetOwnMarkup(c, svg)
		// Never equal to a bare name again: a later visit redraws.
		dom.SetAttr(c, "data-transcript", key(d.name, d.local))
		d.renderMs = dom.Now() - t0
	}
	p.marks = make([][]js.Value, len(d.steps)+1)
	for _, el := range dom.All(c, "g["+stepAttr+"]") {
		k, err := strconv.Atoi(dom.Attr(el, stepAttr))
		if err == nil && k > 0 && k < len(p.marks) {
			p.marks[k] = append(p.marks[k], el)
		}
	}
	c.Set("scrollTop", 0)
	return nil
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
