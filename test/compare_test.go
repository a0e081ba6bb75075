package test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// compareState is what the compare view shows: its position, the step
// each side highlights, the steps each side dims, and the differences
// it names (each "what: 1.0 form | 0.3 form").
type compareState struct {
	Shown bool     `json:"shown"`
	Pos   string   `json:"pos"`
	Cur   []string `json:"cur"`
	Later []int    `json:"later"`
	Diffs []string `json:"diffs"`
	Heads []string `json:"heads"`
	Hash  string   `json:"hash"`
}

const compareJS = `(() => {
	const c = document.getElementById("compare");
	const side = id => document.getElementById(id);
	return {
		shown: !c.hidden && getComputedStyle(document.getElementById("replay")).display === "none",
		pos: side("cmp-pos").textContent,
		cur: ["cmp-fig-a", "cmp-fig-b"].map(id => { const g = side(id).querySelector(".cmp-cur"); return g ? g.getAttribute("data-step") : ""; }),
		later: ["cmp-fig-a", "cmp-fig-b"].map(id => side(id).querySelectorAll(".cmp-later").length),
		diffs: [...document.querySelectorAll("#cmp-diffs .cmp-diff")].map(li => li.dataset.what + ": " + [...li.querySelectorAll("code")].map(c => c.textContent).join(" | ")),
		heads: ["cmp-head-a", "cmp-head-b"].map(id => side(id).textContent),
		hash: location.hash,
	};
})()`

func (tb *tab) compare() compareState {
	tb.t.Helper()
	return eval[compareState](tb, compareJS)
}

// TestCompareView opens #compare=07-auth-required, steps both sides
// with one stepper (buttons and keys), and finds on each step the
// differences of the two versions named: the version header and method
// on the request, kind and state on the frames, final on the last one,
// none on the operator's approval outside A2A. Then 06 from the
// replayer's link, and a phone's screen, where the sides stack.
func TestCompareView(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1366, 768))
	tb.open(env.url + "#compare=07-auth-required")
	tb.wait(`document.getElementById("cmp-pos").textContent === "overview · 10 steps"`)
	s := tb.compare()
	if !s.Shown || s.Heads[0] != "A2A v1.0 · 07-auth-required" || s.Heads[1] != "A2A v0.3 · 07-auth-required.v0.3" {
		t.Fatalf("compare view: %+v", s)
	}
	overview := eval[[]string](tb, `[...document.querySelectorAll("#cmp-diffs [data-what]")].map(b => b.dataset.what)`)
	if strings.Join(overview, " ") != "version method kind state final" {
		t.Errorf("the overview names %v", overview)
	}
	tb.keepScreenshot("compare-07-overview-1366")

	tb.click("#cmp-next")
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 1 / 10"`)
	s = tb.compare()
	want := []string{"version: A2A-Version: 1.0 | A2A-Version: 0.3", "method: SendStreamingMessage | message/stream"}
	if strings.Join(s.Diffs, "\n") != strings.Join(want, "\n") || s.Cur[0] != "1" || s.Cur[1] != "1" || s.Later[0] != 9 || s.Later[1] != 9 {
		t.Errorf("step 1: %+v, want the diffs %q on step 1 of both", s, want)
	}
	if s.Hash != "#compare=07-auth-required&s=1" {
		t.Errorf("the link says %q", s.Hash)
	}
	for range 3 {
		tb.key("ArrowRight")
	}
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 4 / 10"`)
	s = tb.compare()
	want = []string{`kind: {"statusUpdate": {…}}, the member names the object | "kind": "status-update" inside the object`, "state: TASK_STATE_AUTH_REQUIRED | auth-required"}
	if strings.Join(s.Diffs, "\n") != strings.Join(want, "\n") || s.Cur[0] != "4" || s.Cur[1] != "4" {
		t.Errorf("step 4: %+v, want %q", s, want)
	}
	if got := eval[string](tb, `document.getElementById("announce").textContent`); got != "step 4 / 10: kind against the oneof, state name" {
		t.Errorf("the page announces %q at step 4", got)
	}
	tb.keepScreenshot("compare-07-auth-required-1366")
	tb.key("ArrowRight")
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 5 / 10"`)
	if s = tb.compare(); len(s.Diffs) != 0 || s.Cur[0] != "5" || s.Cur[1] != "5" {
		t.Errorf("step 5, the approval outside A2A: %+v, want no difference", s)
	}
	// The overview's button goes to the first step with a final.
	tb.key("Home")
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 1 / 10"`)
	tb.click("#cmp-prev")
	tb.click(`#cmp-diffs [data-what="final"]`)
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 9 / 10"`)
	s = tb.compare()
	if !strings.Contains(strings.Join(s.Diffs, "\n"), `final: no final member: the stream ends when the agent closes it | "final": true on this last frame`) {
		t.Errorf("step 9: %+v, want final named", s)
	}
	tb.keepScreenshot("compare-07-final-1366")
	// Its texts read at 4.5:1 or better, light and dark.
	tb.contrastOf("cmp", "#cmp-pos", ".cmp-diff b", ".cmp-diff code", ".cmp-v", ".cmp-sec", ".cmp-side figcaption")
	tb.dark(true)
	tb.keepScreenshot("compare-07-final-1366-dark")
	tb.dark(false)
	// A click on a step of either side goes there on both.
	tb.click(`#cmp-fig-b [data-step="2"] .hit`)
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 2 / 10"`)
	if s = tb.compare(); s.Cur[0] != "2" || s.Cur[1] != "2" {
		t.Errorf("after a click on the right's step 2: %+v", s)
	}

	// Back to the replayer, and to 06 by its compare link.
	tb.click("#cmp-back")
	tb.at("07-auth-required", 0)
	if eval[bool](tb, `!document.getElementById("compare").hidden`) {
		t.Error("the compare view stays after Back to the replayer")
	}
	tb.open(env.url + "#t=06-input-required.v0.3&s=2")
	tb.at("06-input-required.v0.3", 2)
	facts := eval[[]string](tb, `[...document.querySelectorAll("#insp-facts dt")].map(dt => dt.textContent + ": " + dt.nextElementSibling.textContent)`)
	if f := strings.Join(facts, "\n"); !strings.Contains(f, "A2A version: 0.3") || !strings.Contains(f, "written input-required in 0.3") {
		t.Errorf("the inspector on 06.v0.3 step 2 says:\n%s\nwant the exchange's version and 0.3's state name", f)
	}
	tb.click("#compare-link")
	tb.wait(`document.getElementById("cmp-pos").textContent === "overview · 4 steps"`)
	tb.key("ArrowRight")
	tb.key("ArrowRight")
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 2 / 4"`)
	s = tb.compare()
	if !strings.Contains(strings.Join(s.Diffs, "\n"), "state: TASK_STATE_INPUT_REQUIRED | input-required") {
		t.Errorf("06 step 2: %+v", s)
	}

	// On a phone the sides stack, the differences above them, and the
	// page is no wider than the screen.
	tb.do(chromedp.EmulateViewport(390, 844))
	tb.wait(`getComputedStyle(document.querySelector(".cmp-sides")).gridTemplateColumns.split(" ").length === 1`)
	a, b, d := tb.box("#cmp-fig-a"), tb.box("#cmp-fig-b"), tb.box("#cmp-diffs")
	if b.Top < a.Bottom || d.Bottom > a.Top || !d.Inside {
		t.Errorf("on a phone: diffs %+v, left %+v, right %+v; want the diffs on screen, then the sides stacked", d, a, b)
	}
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %dpx wide on a phone", w)
	}
	tb.keepScreenshot("compare-06-input-required-390")

	// A story without a 0.3 twin: the replayer, and the banner says why.
	tb.do(chromedp.EmulateViewport(1366, 768))
	tb.open(env.url + "#compare=19-planner")
	if b := tb.banner(); !strings.Contains(b, "no story 19-planner in both versions") || !strings.Contains(b, "06-input-required, 07-auth-required") {
		t.Errorf("the banner says %q", b)
	}
	if eval[bool](tb, `!document.getElementById("compare").hidden`) {
		t.Error("the compare view shows for a story without a 0.3 twin")
	}

	// The offline page, opened from disk, carries both twins and compares
	// them as the served page does.
	tb.open(env.offline + "#compare=06-input-required&s=2")
	tb.wait(`document.getElementById("cmp-pos").textContent === "step 2 / 4"`)
	if s := tb.compare(); !s.Shown || !strings.Contains(strings.Join(s.Diffs, "\n"), "state: TASK_STATE_INPUT_REQUIRED | input-required") {
		t.Errorf("offline: %+v", s)
	}
	tb.checkClean()
}
