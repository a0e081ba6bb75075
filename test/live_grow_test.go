package test

import (
	"testing"
)

// TestLiveGrowsAsDrawn: a Live event that only adds steps puts them
// into the diagram the page holds (wasm/viewer/grow.go) rather than
// drawing it all again; what it holds then is the diagram drawn whole,
// which leaving Live and coming back draws. At each event of a review:
// the diff, GetTasks while the task waits (its lane's segment
// stretches), the answer that ends it, GetTasks after the end.
func TestLiveGrowsAsDrawn(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=review")
	// The figure as the page holds it (the diagram, its pinned rows and
	// step numbers, the current step's marks), less the findings' marks,
	// which come when the check worker answers.
	const svg = `(() => { const s = document.querySelector("#diagram .fig").cloneNode(true);
		s.querySelectorAll(".finding-mark").forEach(e => e.remove()); return s.outerHTML; })()`
	redrawn := func() string {
		tb.t.Helper()
		n := eval[int](tb, `a2aplay.liveState().steps`)
		tb.click("#mode-replay")
		tb.wait(`!document.documentElement.dataset.mode`)
		tb.click("#mode-live")
		tb.wait(`document.documentElement.dataset.mode === "live" && a2aplay.state().steps === ` + itoa(n))
		return eval[string](tb, svg)
	}
	grows := 0
	event := func(what, button, step string) {
		tb.t.Helper()
		n := eval[int](tb, `a2aplay.liveState().exchanges`)
		// A row the page holds: still in after the event when it grew the
		// diagram, replaced when it drew it again.
		eval[bool](tb, `(window.__row = document.querySelector("#diagram svg g.steps > g.step"), true)`)
		// Pressed by script: GetTask's button shows once the task ended,
		// and the page's session takes it before.
		r := tb.results(step)
		eval[bool](tb, `(document.querySelector(`+js(button)+`).click(), true)`)
		tb.wait(`document.querySelectorAll(` + js(step+" .lv-log > .lv-result:not(.pending)") + `).length > ` + itoa(r))
		tb.wait(`a2aplay.liveState().exchanges > ` + itoa(n))
		// The session's last Delta in: its steps stay as they are for
		// half a second (the worker gathers changes for 50 ms).
		eval[bool](tb, `(async () => { let n = -1, since = performance.now();
			while (performance.now() - since < 500) {
				const s = a2aplay.liveState().steps;
				if (s !== n) { n = s; since = performance.now(); }
				await new Promise(r => setTimeout(r, 20));
			}
			return true; })()`)
		if eval[bool](tb, `!!window.__row && window.__row.isConnected`) {
			grows++
		}
		grown := eval[string](tb, svg)
		if whole := redrawn(); grown != whole {
			i := 0
			for i < min(len(grown), len(whole)) && grown[i] == whole[i] {
				i++
			}
			t.Errorf("%s: the diagram grown differs from the one drawn whole at byte %d: %.120q against %.120q", what, i, grown[i:], whole[i:])
		}
	}
	first := "#lv-card-review .lv-step:nth-of-type(1)"
	answers := "#lv-card-review .lv-step:nth-of-type(2)"
	after := "#lv-card-review .lv-step:nth-of-type(3)"
	event("the diff", "#lv-send-diff", first)
	for range 3 {
		event("GetTask while it waits", "#lv-review-get", after)
	}
	event("the answer", "#lv-review-send", answers)
	for range 2 {
		event("GetTask after the end", "#lv-review-get", after)
	}
	if grows < 3 {
		t.Errorf("the diagram grew at %d of 7 events", grows)
	}
	tb.keepScreenshot("live-grown")
	tb.checkClean()
}
