package test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/view"
)

// focusBox is JavaScript that measures the current step's arrow and
// label (what the viewer reveals) against the diagram's scrollport
// below its pinned row, and the viewport.
const focusBox = `(() => {
	const st = document.querySelector('#diagram [aria-current="step"]');
	if (!st) return {found: false};
	let r = null;
	for (const el of st.querySelectorAll(".arrow, .head, .label, .badge, .closed, .end-edge")) {
		const b = el.getBoundingClientRect();
		r = r ? {left: Math.min(r.left, b.left), top: Math.min(r.top, b.top), right: Math.max(r.right, b.right), bottom: Math.max(r.bottom, b.bottom)} : {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
	}
	const c = document.getElementById("diagram");
	const cr = c.getBoundingClientRect();
	const pin = c.querySelector(".pin");
	const top = pin ? Math.max(cr.top + c.clientTop, pin.getBoundingClientRect().bottom) : cr.top + c.clientTop;
	const view = {left: cr.left + c.clientLeft, top: top, right: cr.left + c.clientLeft + c.clientWidth, bottom: cr.top + c.clientTop + c.clientHeight};
	const lane = document.getElementById("lane").getBoundingClientRect();
	const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
	const vp = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
	return {found: true, box: r, view: view, inView: inside(r, view) && inside(r, vp), laneShows: lane.height > 0 && inside(lane, vp)};
})()`

type focusState struct {
	Found     bool               `json:"found"`
	Box       map[string]float64 `json:"box"`
	View      map[string]float64 `json:"view"`
	InView    bool               `json:"inView"`
	LaneShows bool               `json:"laneShows"`
}

// TestStepInView steps through 07 and 19 at a laptop's and a phone's
// size: after each step its arrow and label are inside the diagram's
// visible part and the viewport, and the task lane still shows.
func TestStepInView(t *testing.T) {
	for _, size := range []struct{ w, h int64 }{{1366, 800}, {390, 844}} {
		for _, name := range []string{"07-auth-required", "19-planner"} {
			t.Run(fmt.Sprintf("%s-%dx%d", name, size.w, size.h), func(t *testing.T) {
				tb := newTab(t)
				if name == "19-planner" {
					tb.reducedMotion() // quicker; 07 glides
				}
				tb.do(chromedp.EmulateViewport(size.w, size.h))
				tb.open(env.url + "#t=" + name)
				tb.at(name, 0)
				n := tb.state().Steps
				for k := 1; k <= n; k++ {
					tb.key("ArrowRight")
					tb.at(name, k)
					tb.waitQuiet(`(f => f.found && f.inView && f.laneShows)(`+focusBox+`)`, func() string {
						return fmt.Sprintf("step %d: %+v", k, eval[focusState](tb, focusBox))
					})
					if k == 6 || k == n {
						tb.keepScreenshot(fmt.Sprintf("in-view-%s-%dx%d-step-%d", name, size.w, size.h, k))
					}
				}
				tb.checkClean()
			})
		}
	}
}

// TestStepInViewReducedMotion: asked for less motion, the diagram jumps
// to the step at once instead of gliding.
func TestStepInViewReducedMotion(t *testing.T) {
	tb := newTab(t)
	tb.reducedMotion()
	tb.do(chromedp.EmulateViewport(1366, 800))
	tb.open(env.url + "#t=19-planner")
	tb.at("19-planner", 0)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(19)`))
	// No waiting: the scroll has happened when the call returns.
	if f := eval[focusState](tb, focusBox); !f.InView {
		t.Errorf("with reduced motion, step 19 is not in view at once: %+v", f)
	}
}

// waitQuiet polls a predicate; when it never holds, the failure says
// what describe returns.
func (tb *tab) waitQuiet(pred string, describe func() string) {
	tb.t.Helper()
	for range 100 {
		if eval[bool](tb, pred) {
			return
		}
		eval[bool](tb, `new Promise(r => setTimeout(() => r(true), 30))`)
	}
	tb.t.Fatalf("never held: %s\n%s", strings.TrimSpace(pred[:min(len(pred), 60)]), describe())
}

// reducedMotion makes the tab ask for reduced motion.
func (tb *tab) reducedMotion() {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
	}); err != nil {
		tb.t.Fatal(err)
	}
}

type zoomView struct {
	Level    string  `json:"level"`
	Width    float64 `json:"width"`
	Stage    float64 `json:"stage"`
	PinTop   float64 `json:"pinTop"`
	StageTop float64 `json:"stageTop"`
	PinNames string  `json:"pinNames"`
	Pressed  string  `json:"pressed"`
}

const zoomJS = `(() => {
	const c = document.getElementById("diagram"), cs = getComputedStyle(c);
	const svg = c.querySelector(".fig > svg:last-child"), pin = c.querySelector(".pin");
	return {level: document.getElementById("zoom-reset").textContent, width: svg.getBoundingClientRect().width,
		stage: c.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
		pinTop: pin.getBoundingClientRect().top, stageTop: c.getBoundingClientRect().top + c.clientTop,
		pinNames: [...pin.querySelectorAll(".party .name")].map(t => t.textContent).join(","),
		pressed: document.getElementById("zoom-fit").getAttribute("aria-pressed")};
})()`

// pointAt is the diagram point (in the SVG's own pixels) under the
// page point (x, y).
func pointAt(tb *tab, x, y float64) [2]float64 {
	return eval[[2]float64](tb, fmt.Sprintf(`(() => {
		const svg = document.querySelector("#diagram .fig > svg:last-child"), r = svg.getBoundingClientRect();
		const s = r.width / parseFloat(svg.getAttribute("width"));
		return [(%v - r.left) / s, (%v - r.top) / s];
	})()`, x, y))
}

// TestZoom: the buttons, ctrl and the wheel, a two-finger pinch, and the
// participants' row pinned while the diagram scrolls.
func TestZoom(t *testing.T) {
	tb := newTab(t)
	tb.reducedMotion()
	tb.do(chromedp.EmulateViewport(1366, 800))
	tb.open(env.url + "#t=19-planner")
	tb.at("19-planner", 0)
	const w = 1175 // the diagram's own width, in the page's compact layout
	z := eval[zoomView](tb, zoomJS)
	if z.Level != "100 %" || math.Abs(z.Width-w) > 1 {
		t.Errorf("at first: %+v, want 100 %% and %dpx", z, w)
	}
	if z.PinNames != "client,planner,code-reviewer,deployer,operator" {
		t.Errorf("pinned row names %q", z.PinNames)
	}
	tb.click("#zoom-in")
	if z = eval[zoomView](tb, zoomJS); z.Level != "125 %" || math.Abs(z.Width-w*1.25) > 1 {
		t.Errorf("zoomed in: %+v", z)
	}
	tb.click("#zoom-out")
	tb.click("#zoom-out")
	if z = eval[zoomView](tb, zoomJS); z.Level != "80 %" || math.Abs(z.Width-w*0.8) > 1 {
		t.Errorf("zoomed out twice: %+v", z)
	}
	// Fit: as wide as the stage, but never so small that a 13-px label
	// is drawn under 11 px; a wider diagram still scrolls.
	tb.click("#zoom-fit")
	if z = eval[zoomView](tb, zoomJS); math.Abs(z.Width-max(z.Stage, w*view.ReadableZoom)) > 1 || z.Pressed != "true" || z.Level != "85 %" {
		t.Errorf("fit width: %+v, want %v px (85 %%) on a stage of %v", z, w*view.ReadableZoom, z.Stage)
	}
	tb.keepScreenshot("zoom-fit-1366")
	tb.click("#zoom-reset")
	if z = eval[zoomView](tb, zoomJS); z.Level != "100 %" || z.Pressed != "false" {
		t.Errorf("actual size: %+v", z)
	}

	// Ctrl and the wheel zoom about the pointer: the point under it stays.
	x, y := 500.0, 500.0
	before := pointAt(tb, x, y)
	if !eval[bool](tb, fmt.Sprintf(`(() => {
		const ev = new WheelEvent("wheel", {deltaY: -120, ctrlKey: true, clientX: %v, clientY: %v, bubbles: true, cancelable: true});
		document.elementFromPoint(%v, %v).dispatchEvent(ev);
		return ev.defaultPrevented;
	})()`, x, y, x, y)) {
		t.Error("ctrl+wheel over the diagram was left to the browser (it would zoom the page)")
	}
	tb.wait(`document.getElementById("zoom-reset").textContent !== "100 %"`)
	if z = eval[zoomView](tb, zoomJS); z.Width <= w {
		t.Errorf("ctrl+wheel up did not zoom in: %+v", z)
	}
	if after := pointAt(tb, x, y); math.Abs(after[0]-before[0]) > 2 || math.Abs(after[1]-before[1]) > 2 {
		t.Errorf("the point under the pointer moved from %v to %v", before, after)
	}

	// A pinch: two fingers apart, the diagram grows; together, it shrinks.
	tb.click("#zoom-reset")
	touch := func(typ input.DispatchTouchEventType, d float64) {
		t.Helper()
		pts := []*input.TouchPoint{{X: 500 - d, Y: 500, ID: new(1.0)}, {X: 500 + d, Y: 500, ID: new(2.0)}}
		if typ == input.DispatchTouchEventTypeTouchEnd {
			pts = nil
		}
		if _, err := chromedp.Call(tb.ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			t.Fatal(err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, 50)
	touch(input.DispatchTouchEventTypeTouchMove, 75)
	touch(input.DispatchTouchEventTypeTouchMove, 100)
	touch(input.DispatchTouchEventTypeTouchEnd, 0)
	if z = eval[zoomView](tb, zoomJS); z.Level != "200 %" {
		t.Errorf("pinched out to twice the distance: %+v", z)
	}

	// Scrolled down, the participants' row sticks to the top.
	tb.click("#zoom-reset")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("diagram").scrollTop = 900`))
	if z = eval[zoomView](tb, zoomJS); math.Abs(z.PinTop-z.StageTop) > 1 {
		t.Errorf("scrolled: the pinned row is at %v, the stage's top at %v", z.PinTop, z.StageTop)
	}
	tb.keepScreenshot("zoom-pinned-row")
	tb.checkClean()
}
