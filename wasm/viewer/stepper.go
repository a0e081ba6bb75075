//go:build js && wasm

package viewer

import (
	"strconv"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// player is the stepper's playback.
type player struct {
	playing bool
	gen     int // bumped to stop a playback goroutine
	speed   float64
}

// stepperElements are the stepper's controls, the diagram and the lane.
type stepperElements struct {
	picker, source, diagram, scrub, position, speed, lane js.Value
	first, prev, play, next, last                         js.Value
}

// goTo moves to position i of the current transcript.
func (p *page) goTo(i int, h history) {
	if p.cur == nil {
		return
	}
	i = p.predictStop(i) // predict.go: a question on the way stops the move
	old := p.nav.Cur
	if !p.nav.Go(i) {
		p.paintPosition() // the scrubber, dragged past a question
		p.paintPredict()
		return
	}
	if d := p.cur; p.nav.Cur > 0 && (p.nav.Cur < d.first || p.nav.Cur > d.last) {
		// Past the drawn window of a long transcript: draw the next,
		// once the opener sends it for a file it holds.
		if d.part != nil {
			p.askPart(d, p.nav.Cur)
			p.paintPosition()
			p.record(h)
			return
		}
		if err := p.draw(d, p.nav.Cur); err != nil {
			p.showError("Could not draw " + d.name + ": " + err.Error())
		}
		p.saySource() // the window drawn
		old = -1
	} else if p.refold(d, p.nav.Cur) { // draw.go: a step too wide for the stage folds the columns it crosses
		if err := p.draw(d, p.nav.Cur); err != nil {
			p.showError("Could not draw " + d.name + ": " + err.Error())
		}
		old = -1
	}
	p.paint(old)
	p.record(h)
	if p.playing && h == step {
		p.stop()
	}
}

// paint brings the page from position old to the current one: the
// current step's marks, the scrubber, the lane, the inspector. old is -1
// for a diagram just drawn.
func (p *page) paint(old int) {
	cur := p.nav.Cur
	p.paintPosition()
	if o := p.mark(old); old != cur && !o.IsUndefined() {
		o.Call("removeAttribute", "aria-current")
	}
	el := p.mark(cur)
	if !el.IsUndefined() {
		dom.SetAttr(el, "aria-current", "step")
	}
	p.paintMarks(el)
	if old < 0 {
		p.markFindings() // findmarks.go: on a diagram just drawn
	}
	p.paintLane()
	p.inspect()
	// Only the heading is read out: the inspector is for reading.
	p.text.announce.set(p.heading)
	p.paintPredict() // the question before the next step, or the verdict on this one
	if !el.IsUndefined() {
		p.reveal(el)
	}
}

// paintPosition shows the position on the scrubber, in words and on
// the step buttons.
func (p *page) paintPosition() {
	cur, n := p.nav.Cur, p.nav.N
	p.el.scrub.Set("value", cur)
	if cur == 0 {
		p.text.position.set("overview · " + count(n, "step"))
	} else {
		p.text.position.set("step " + strconv.Itoa(cur) + " / " + strconv.Itoa(n))
	}
	p.el.first.Set("disabled", n == 0 || cur == 1)
	p.el.prev.Set("disabled", cur == 0)
	p.el.next.Set("disabled", cur >= n)
	p.el.last.Set("disabled", cur >= n)
	p.el.play.Set("disabled", n == 0)
}

func (p *page) togglePlay() {
	if p.playing {
		p.stop()
		return
	}
	if p.cur == nil || p.nav.N == 0 {
		return
	}
	if p.nav.AtEnd() || p.nav.Cur == 0 {
		p.goTo(1, replace)
	}
	p.playing = true
	p.gen++
	gen := p.gen
	dom.AddClass(p.el.play, "playing")
	p.el.play.Call("setAttribute", "aria-label", "Pause")
	dom.Go(func() {
		for playing := true; playing; {
			var wait time.Duration
			p.do(func() { wait = view.Interval(p.speed) })
			time.Sleep(wait)
			p.do(func() {
				if p.gen != gen || !p.playing {
					playing = false
					return
				}
				p.goTo(p.nav.Cur+1, replace)
				if p.nav.AtEnd() {
					p.stop()
				}
			})
		}
	})
}

func (p *page) stop() {
	if !p.playing {
		return
	}
	p.playing = false
	p.gen++
	dom.RemoveClass(p.el.play, "playing")
	p.el.play.Call("setAttribute", "aria-label", "Play")
}

func (p *page) setSpeed(v string) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 {
		return
	}
	p.speed = f
}

// stepOf returns the position of the step an element of the diagram
// belongs to, or 0.
func (p *page) stepOf(target js.Value) int {
	if target.IsUndefined() || target.IsNull() || target.Get("closest").IsUndefined() {
		return 0
	}
	el := target.Call("closest", "["+stepAttr+"]")
	if el.IsNull() {
		return 0
	}
	return p.indexOfMark(dom.Attr(el, stepAttr))
}

// reveal scrolls the diagram, on both axes, so that step el's arrow and
// label show, smoothly unless the learner asks for reduced motion. Only
// the diagram scrolls, never the page, so the controls and the task
// lane above it stay where they are.
func (p *page) reveal(el js.Value) {
	f := &p.figure
	var target view.Box
	if d := p.cur; d != nil && d.geom != nil && !f.svg.IsUndefined() {
		// From the layout the page drew: the step's marks, the headers
		// of both its participants and its number (view.StepBox).
		if b, ok := view.StepBox(d.geom, p.nav.Cur); ok {
			sr, s := box(f.svg.Call("getBoundingClientRect")), f.scale
			target = view.Box{Left: sr.Left + b.Left*s, Top: sr.Top + b.Top*s, Right: sr.Left + b.Right*s, Bottom: sr.Top + b.Bottom*s}
		}
	}
	if target == (view.Box{}) {
		for _, part := range dom.All(el, focusParts) {
			target = target.Union(box(part.Call("getBoundingClientRect")))
		}
	}
	if target == (view.Box{}) {
		target = box(el.Call("getBoundingClientRect"))
	}
	c := p.el.diagram
	r := box(c.Call("getBoundingClientRect"))
	// The scrollport: inside the borders, without the scroll bars, under
	// the pinned participant row.
	port := view.Box{
		Left: r.Left + c.Get("clientLeft").Float(),
		Top:  r.Top + c.Get("clientTop").Float(),
	}
	port.Right = port.Left + c.Get("clientWidth").Float()
	port.Bottom = port.Top + c.Get("clientHeight").Float()
	port.Top += p.pinnedHeight(r.Top)
	port.Left += f.gutW * f.scale // the pinned step numbers
	dx, dy := view.Reveal(port, target, revealMargin)
	if dx == 0 && dy == 0 {
		return
	}
	behavior := "smooth"
	if reducedMotion() {
		behavior = "instant"
	}
	c.Call("scrollTo", map[string]any{
		"left":     c.Get("scrollLeft").Float() + dx,
		"top":      c.Get("scrollTop").Float() + dy,
		"behavior": behavior,
	})
}

func box(r js.Value) view.Box {
	return view.Box{Left: r.Get("left").Float(), Top: r.Get("top").Float(), Right: r.Get("right").Float(), Bottom: r.Get("bottom").Float()}
}

// reducedMotion reports whether the learner asks for less motion. The
// query's list is made once; it follows the setting as it changes.
func reducedMotion() bool {
	if motionQuery.IsUndefined() {
		motionQuery = dom.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)")
	}
	return motionQuery.Get("matches").Bool()
}

// focusParts are the parts of a step that say what it is: its arrow
// and head, its label and the state it reports. A closed stream has no
// arrow: its end mark and words stand in. The step's box also spans the
// gutter and its state bar, which need not show.
const focusParts = ".arrow, .head, .label, .badge, .closed, .end-edge"

// revealMargin is the room, in CSS pixels, kept around a revealed step.
const revealMargin = 12

var motionQuery = js.Undefined()
