//go:build js && wasm

package viewer

// The marks of spec findings on the diagram: each step of the drawn
// window that has a finding gets, on its arrow, a small mark with an
// accessible name ("finding: message-to-terminal", view.FindingMark),
// which the page redraws when a diagram is drawn and when the check
// worker's findings come; n and p go to the next and previous step
// with a finding (view.NextFinding), and the inspector says which rule
// and why (view.FindingsAt).

import (
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

const svgNS = "http://www.w3.org/2000/svg"

// markFindings puts the marks of the current transcript's findings on
// the steps drawn, and takes away those there were.
func (p *page) markFindings() {
	for _, old := range dom.All(p.el.diagram, ".finding-mark") {
		old.Call("remove")
	}
	if d := p.cur; d != nil {
		p.markNewRows(d.first, d.last)
	}
}

// markNewRows puts the marks on the steps first to last drawn that have
// none yet: the rows of a long file's window come in a few at a time
// (draw.go's widen), and so do a long diagram's (paint.go).
func (p *page) markNewRows(first, last int) {
	d := p.cur
	if d == nil {
		return
	}
	for _, k := range view.FindingSteps(d.findings, first, last) {
		g := p.mark(k)
		if g.IsUndefined() || !g.Call("querySelector", ":scope > .finding-mark").IsNull() {
			continue
		}
		if r, ok := p.figure.frame.Row(k); ok {
			g.Call("append", findingMark(r, view.FindingMark(d.findings, k)))
		}
	}
}

// findingMark makes the mark named name for the step drawn in row r: a
// disc with "!" at the row's mark point (the middle of its arrow or,
// for a step without a straight one, beside its number; the frame has
// it from the layout, never from the SVG), its name as its accessible
// name and its tooltip. The name is set as an attribute and as text,
// never as markup.
func findingMark(r view.FrameRow, name string) js.Value {
	x, y := float64(r.MarkX), float64(r.MarkY)
	doc := dom.Document()
	m := doc.Call("createElementNS", svgNS, "g")
	dom.SetAttr(m, "class", "finding-mark")
	dom.SetAttr(m, "role", "img")
	dom.SetAttr(m, "aria-label", name)
	title := doc.Call("createElementNS", svgNS, "title")
	dom.SetText(title, name)
	c := doc.Call("createElementNS", svgNS, "circle")
	dom.SetAttr(c, "cx", num(x))
	dom.SetAttr(c, "cy", num(y))
	dom.SetAttr(c, "r", "8")
	t := doc.Call("createElementNS", svgNS, "text")
	dom.SetAttr(t, "x", num(x))
	dom.SetAttr(t, "y", num(y+4))
	dom.SetAttr(t, "text-anchor", "middle")
	dom.SetAttr(t, "aria-hidden", "true")
	dom.SetText(t, "!")
	dom.Append(m, title, c, t)
	return m
}

// goFinding moves to the next step with a finding (dir > 0) or the
// previous one, or says that there is none that way.
func (p *page) goFinding(dir int) {
	d := p.cur
	if d == nil {
		return
	}
	if k, ok := view.NextFinding(d.findings, p.nav.Cur, dir); ok {
		p.goTo(k, step)
		p.saySource() // what it said of the last n or p that went nowhere
		return
	}
	what := "No spec finding after this step."
	switch {
	case !d.checked:
		what = "The spec check has not answered yet."
	case len(d.findings) == 0:
		what = "The spec check finds nothing in " + d.name + "."
	case dir < 0:
		what = "No spec finding before this step."
	}
	p.text.announce.set(what)
	dom.SetText(p.el.source, what)
}
