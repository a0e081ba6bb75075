package test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// Paint only what shows (issue 26): of a long diagram the page holds
// the rows that meet the stage and a screen around it, and adds the
// others as the learner scrolls, steps and zooms.

// paintedJS says what the diagram holds: its rows' steps in the order of
// the steps group, the step numbers in the pinned column, and the parts
// of the stage's visible rows where no row is drawn (gaps), between the
// lifelines' ends.
const paintedJS = `(() => {
	const d = document.getElementById("diagram");
	const svg = d.querySelector(".fig > svg");
	const r = d.getBoundingClientRect();
	const pin = d.querySelector(".pin svg");
	const sr = svg.getBoundingClientRect(), s = sr.height / svg.height.baseVal.value;
	const life = svg.querySelector(":scope > line.life");
	const top = Math.max(r.top + d.clientTop, pin ? pin.getBoundingClientRect().bottom : 0, sr.top + (life.y1.baseVal.value + 20) * s);
	const bottom = Math.min(r.top + d.clientTop + d.clientHeight, sr.top + (life.y2.baseVal.value - 20) * s);
	const rows = [...svg.querySelectorAll(":scope > .steps > [data-step]")];
	const boxes = rows.map(g => g.querySelector(":scope > .hit").getBoundingClientRect()).filter(b => b.bottom > top && b.top < bottom).sort((a, b) => a.top - b.top);
	const gaps = [];
	let y = top;
	for (const b of boxes) {
		if (b.top > y + 1) gaps.push(Math.round(y) + ".." + Math.round(b.top));
		y = Math.max(y, b.bottom);
	}
	if (y < bottom - 1) gaps.push(Math.round(y) + ".." + Math.round(bottom));
	const gut = d.querySelector(".gut svg");
	const n = a2aplay.state().steps;
	const misplaced = rows.filter(g => g.getAttribute("aria-posinset") !== g.dataset.step || +g.getAttribute("aria-setsize") !== n).map(g => g.dataset.step);
	return {steps: rows.map(g => +g.dataset.step), numbers: gut ? gut.querySelectorAll("text.num").length : 0, gaps, shown: boxes.length, misplaced};
})()`

type painted struct {
	Steps   []int    `json:"steps"`
	Numbers int      `json:"numbers"`
	Gaps    []string `json:"gaps"`
	Shown   int      `json:"shown"`
	// Misplaced are the rows whose aria-posinset is not their step, or
	// whose aria-setsize is not the transcript's steps: a screen reader
	// counts the list by them, not by the few rows in.
	Misplaced []string `json:"misplaced"`
}

// check fails the test when the rows are out of order, when their
// numbers are not all pinned, or when a visible part of the stage has
// no row.
func (p painted) check(t *testing.T, where string) {
	t.Helper()
	for i := 1; i < len(p.Steps); i++ {
		if p.Steps[i] <= p.Steps[i-1] {
			t.Errorf("%s: step %d drawn after step %d", where, p.Steps[i], p.Steps[i-1])
			break
		}
	}
	if p.Numbers != len(p.Steps) {
		t.Errorf("%s: %d rows drawn, %d numbers pinned", where, len(p.Steps), p.Numbers)
	}
	if len(p.Misplaced) > 0 {
		t.Errorf("%s: rows %v do not say their place among the transcript's steps", where, p.Misplaced)
	}
	if len(p.Gaps) > 0 || p.Shown == 0 {
		t.Errorf("%s: %d rows show; no row is drawn at %v", where, p.Shown, p.Gaps)
	}
}

func TestPaintOnlyWhatShows(t *testing.T) {
	eachSize(t, func(t *testing.T, tb *tab, size viewSize) {
		tb.loadLong(112) // 1,008 steps
		p := eval[painted](tb, paintedJS)
		p.check(t, "drawn")
		if len(p.Steps) == 0 || len(p.Steps) > 200 || p.Steps[0] != 1 {
			t.Errorf("drawn: steps %v of 1,008, want the first screens' only", p.Steps)
		}
		// Scrolled briskly (40 px a frame, some 2,400 px a second),
		// from a third of the way down: every frame shows rows all the
		// way.
		frames := eval[[]painted](tb, `(async () => {
				const d = document.getElementById("diagram");
				const frame = () => new Promise(r => requestAnimationFrame(r));
				d.scrollTop = d.scrollHeight / 3;
				await frame();
				const out = [];
				for (let i = 0; i < 60; i++) {
					d.scrollTop += 40;
					await frame();
					if (i % 6 === 5) out.push(`+paintedJS+`);
				}
				return out;
			})()`)
		for i, f := range frames {
			f.check(t, fmt.Sprintf("scrolling, frame %d", 6*i+5))
		}
		tb.keepScreenshot("paint-middle-" + size.name)
		// A step far off is drawn when the page goes to it, and so
		// are the rows around it once it has scrolled there.
		for _, k := range []int{1000, 40, 640} {
			tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
			tb.at("long.http", k)
			if cur := eval[string](tb, `(e => e ? e.getAttribute("data-step") : "")(document.querySelector('#diagram .steps > [aria-current="step"]'))`); cur != itoa(k) {
				t.Errorf("at step %d the current step drawn is %q", k, cur)
			}
			tb.waitQuiet(`(f => f.found && f.inView)(`+focusBox+`)`, func() string { return "step " + itoa(k) })
			eval[bool](tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
			eval[painted](tb, paintedJS).check(t, "at step "+itoa(k))
		}
		// The rows that come in once the findings are in have their
		// marks, as those drawn before.
		tb.wait(`a2aplay.state().findings > 0`)
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("diagram").scrollTop += 3000`))
		eval[bool](tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
		if _, want := tb.checkRowMarks(findingSteps(t, longTranscript(t, 112))); want == 0 {
			t.Error("no row drawn has a finding")
		}
		// Zoomed out, the stage shows more rows: they come in.
		for range 3 {
			tb.click("#zoom-out")
		}
		eval[bool](tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
		eval[painted](tb, paintedJS).check(t, "zoomed out")
		if n := len(eval[painted](tb, paintedJS).Steps); n >= 1008 {
			t.Errorf("every step drawn (%d) after four screens", n)
		}
		tb.checkClean()
	})
}
