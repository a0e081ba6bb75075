package test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// boxOf measures an element: its box, and whether it shows whole in the
// viewport.
type boxState struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Height float64 `json:"height"`
	Shown  bool    `json:"shown"`
	Inside bool    `json:"inside"`
}

func (tb *tab) box(sel string) boxState {
	tb.t.Helper()
	return eval[boxState](tb, `(el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
		return {top: r.top, bottom: r.bottom, height: r.height, shown: s.display !== "none" && !el.hidden && r.height > 0,
			inside: r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0 && r.right <= innerWidth + 0.5}; })(document.querySelector(`+js(sel)+`))`)
}

// TestNarrowReplay: on a phone the page is the screen's height, the
// diagram takes most of it and the step's inspector the rest; nothing
// scrolls the page.
func TestNarrowReplay(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(390, 844))
	tb.open(env.url + "#t=07-auth-required&s=3")
	tb.at("07-auth-required", 3)
	d, in := tb.box("#diagram"), tb.box("#inspector")
	if !d.Inside || d.Height < 280 {
		t.Errorf("the diagram: %+v, want it whole on screen and at least 280px tall", d)
	}
	if !in.Shown || !in.Inside || in.Top < d.Bottom {
		t.Errorf("the inspector: %+v, want it on screen under the diagram (%+v)", in, d)
	}
	if h := eval[float64](tb, `document.documentElement.scrollHeight - innerHeight`); h > 1 {
		t.Errorf("the page scrolls by %vpx", h)
	}
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %dpx wide", w)
	}
	if eval[bool](tb, `getComputedStyle(document.getElementById("dock-tabs")).display !== "none"`) {
		t.Error("the dock's tabs show in Replay, with only the inspector to show")
	}
	for _, dark := range []bool{false, true} {
		tb.dark(dark)
		name := "narrow-replay-light"
		if dark {
			name = "narrow-replay-dark"
		}
		tb.keepScreenshot(name)
	}
	tb.checkClean()
}

// TestNarrowLive: in Live on a phone the panel and the inspector are two
// tabs under the diagram, which stays on screen while the learner acts.
func TestNarrowLive(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(390, 844))
	tb.open(liveSiteURL(t) + "#live=deploy")
	tb.liveReady()
	if d := tb.box("#diagram"); !d.Inside || d.Height < 200 {
		t.Errorf("the diagram in Live: %+v, want it whole on screen", d)
	}
	if l, in := tb.box("#live"), tb.box("#inspector"); !l.Shown || !l.Inside || in.Shown {
		t.Errorf("Live panel %+v, inspector %+v: want the panel on screen, the inspector behind its tab", l, in)
	}
	r := tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	mustContain(t, "deploy", r, "AUTH_REQUIRED")
	tb.wait(`a2aplay.liveState().steps > 0`)
	if d := tb.box("#diagram"); !d.Inside {
		t.Errorf("after a move the diagram is %+v", d)
	}
	tb.wait(`!!document.querySelector("#diagram .step")`)
	tb.keepScreenshot("narrow-live-light")
	tb.dark(true)
	tb.keepScreenshot("narrow-live-dark")
	tb.dark(false)

	// The step tab, by click and by the arrows.
	tb.click("#dock-step")
	if l, in := tb.box("#live"), tb.box("#inspector"); l.Shown || !in.Shown || !in.Inside {
		t.Errorf("the Step tab: Live panel %+v, inspector %+v", l, in)
	}
	tb.press(kb.ArrowLeft)
	if f := tb.focused(); f != "dock-live" || !tb.box("#live").Shown {
		t.Errorf("ArrowLeft on the dock's tabs: focus %q, Live shown %v", f, tb.box("#live").Shown)
	}
	tb.keepScreenshot("narrow-live-step-tab")
	if h := eval[float64](tb, `document.documentElement.scrollHeight - innerHeight`); h > 1 {
		t.Errorf("the page scrolls by %vpx", h)
	}
	tb.checkClean()
}
