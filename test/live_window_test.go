package test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLiveWindow: a Live session longer than a window (view.WindowSteps)
// is drawn a window at a time, so that an event costs the page the same
// however long the session: following its end, the window ends at the
// last step and the source line says which steps are drawn; a step
// before the window draws the window around it; a short session is
// drawn whole.
func TestLiveWindow(t *testing.T) {
	tb := newTab(t)
	tb.reducedMotion()
	tb.do(chromedp.EmulateViewport(1366, 768))
	tb.open(env.url)
	tb.click("#mode-live")
	tb.wait(`document.documentElement.dataset.mode === "live"`)
	draw := func(copies int) {
		t.Helper()
		if r := eval[map[string]any](tb, `a2aplay.liveDraw(`+js(string(longTranscript(t, copies)))+`)`); r["error"] != nil {
			t.Fatalf("liveDraw: %v", r["error"])
		}
	}
	current := func() string {
		return eval[string](tb, `(e => e ? e.getAttribute("data-step") : "")(document.querySelector('#diagram .steps > [aria-current="step"]'))`)
	}
	source := func() string { return eval[string](tb, `document.getElementById("source").textContent`) }

	draw(40) // 360 steps
	tb.wait(`a2aplay.state().steps === 360 && a2aplay.state().step === 360`)
	if c := current(); c != "360" {
		t.Errorf("following the session's end, the current step drawn is %q, want 360", c)
	}
	if s := source(); !strings.Contains(s, "Your live session") || !strings.Contains(s, "steps 121–360 of 360 drawn") {
		t.Errorf("the source line of a 360-step session at its end: %q", s)
	}
	tb.keepScreenshot("live-window-1366x768")
	// On a phone, a session drawn there.
	tb.do(chromedp.EmulateViewport(390, 844))
	draw(40)
	// The last step closes a stream: its words show (the edge across
	// the stream's bracket may run past a phone's stage).
	tb.waitQuiet(`(c => { const b = c.getBoundingClientRect(), d = document.getElementById("diagram").getBoundingClientRect(); return b.left >= d.left && b.right <= d.right && b.top >= d.top && b.bottom <= d.bottom; })(document.querySelector('#diagram .steps > [aria-current="step"] .closed'))`, func() string { return "the words of the session's last step on a phone" })
	if s := source(); !strings.Contains(s, "of 360 drawn") {
		t.Errorf("the source line of a 360-step session on a phone: %q", s)
	}
	tb.keepScreenshot("live-window-390x844")
	tb.do(chromedp.EmulateViewport(1366, 768))
	draw(40)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(10)`))
	tb.wait(`a2aplay.state().step === 10`)
	if c := current(); c != "10" {
		t.Errorf("at step 10 the current step drawn is %q", c)
	}
	if s := source(); !strings.Contains(s, "Your live session") || !strings.Contains(s, "steps 1–240 of 360 drawn") {
		t.Errorf("the source line at step 10: %q", s)
	}

	draw(20) // 180 steps: whole
	tb.wait(`a2aplay.state().steps === 180`)
	if s := source(); strings.Contains(s, "drawn ·") || strings.Contains(s, " of 180") {
		t.Errorf("a 180-step session says it is drawn in part: %q", s)
	}
	tb.checkClean()
}
