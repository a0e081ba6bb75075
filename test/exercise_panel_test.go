package test

// The Live panel's exercises, end to end: a lesson's link opens Live on
// its exercise; the check worker judges the session as the learner
// plays it, and the panel shows the state, the hint of a wrong road,
// and keeps "done" in localStorage across a reload until the reset.

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/web"
)

var exerciseSite servedSite

// exerciseSiteURL builds the site with the live and check modules and
// the lessons' exercises, once, and serves it.
func exerciseSiteURL(t *testing.T) string {
	return exerciseSite.serve(t, "a2aplay-exercise-page-", func(live, wasmExec []byte) (web.Options, error) {
		root, err := browser.RepoRoot()
		if err != nil {
			return web.Options{}, err
		}
		exs, err := lesson.PageExercises(filepath.Join(root, "web", "lessons"))
		if err != nil {
			return web.Options{}, err
		}
		return web.Options{Transcripts: env.shipped, Viewer: env.viewer, WasmExec: wasmExec, Live: live, Check: env.check,
			Exercises: exs, BrotliQuality: 5}, nil
	})
}

// waitExState waits until the panel shows exercise id in state.
func (tb *tab) waitExState(id, state string) {
	tb.t.Helper()
	tb.wait(`(e => !!e && e.dataset.state === ` + js(state) + `)(document.querySelector('#lv-exercises [data-exercise=` + js(id) + `]'))`)
}

// exInView fails the test unless the exercise's state (and its hint,
// when it shows one) is in the window, the page not scrolled, and not
// covered or clipped: the element at the middle of each is itself.
func (tb *tab) exInView(id, where string) {
	tb.t.Helper()
	got := eval[string](tb, `(row => {
		if (window.scrollY !== 0) return "the page is scrolled by " + window.scrollY;
		for (const e of row.querySelectorAll(".lv-ex-state, .lv-ex-line")) {
			const r = e.getBoundingClientRect();
			if (r.height < 8 || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
				return e.className + " at " + JSON.stringify(r) + " in a window " + innerWidth + "x" + innerHeight;
			const at = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
			if (!at || !e.contains(at)) return e.className + " is covered or clipped: " + (at ? at.outerHTML.slice(0, 80) : "nothing") + " shows there";
		}
		return "";
	})(document.querySelector('#lv-exercises [data-exercise=`+js(id)+`]'))`)
	if got != "" {
		tb.t.Errorf("%s: the exercise's state is not in view: %s", where, got)
	}
}

// tabClick clicks a Live tab, scrolled to the middle of the panel, away
// from the exercises held at its top.
func (tb *tab) tabClick(sel string) {
	tb.t.Helper()
	eval[bool](tb, `(document.querySelector(`+js(sel)+`).scrollIntoView({block: "center"}), true)`)
	tb.click(sel)
}

// setValues types into the inputs of the ids given.
func (tb *tab) setValues(v map[string]string) {
	tb.t.Helper()
	for id, val := range v {
		eval[bool](tb, `(e => (e.value = `+js(val)+`, e.dispatchEvent(new Event("input", {bubbles: true})), true))(document.getElementById(`+js(id)+`))`)
	}
}

// TestExercisePanel plays answer-same-task the wrong way (an answer with
// no taskId starts a second task), then the right way, reloads, resets.
func TestExercisePanel(t *testing.T) {
	const id = "answer-same-task"
	url := exerciseSiteURL(t) + "#live=review&ex=" + id
	tb := openLivePage(t, url)
	tb.waitExState(id, "not tried")
	if n := eval[int](tb, `document.querySelectorAll("#lv-exercises .lv-ex").length`); n != 1 {
		t.Errorf("the link names one exercise; the panel shows %d", n)
	}
	mustContain(t, "the exercise's title", tb.text("#lv-exercises"), "answer the reviewer on its own task")

	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	taskID := eval[string](tb, `document.getElementById("lv-review-task").value`)
	ctxID := eval[string](tb, `document.getElementById("lv-review-ctx").value`)
	if len(taskID) < 8 {
		t.Fatalf("the answer form's taskId: %q", taskID)
	}
	tb.waitExState(id, "in progress")
	mustContain(t, "in progress", tb.text("#lv-exercises .lv-ex-line"), "still to come")

	// The wrong road: "main" as a message of its own, on the Try more
	// card, starts a second task. The panel keeps the link's exercise.
	tb.tabClick("#lv-tab-try")
	tb.wait(`location.hash === "#live=try&ex=` + id + `"`)
	tb.setValues(map[string]string{"lv-send-agent": agents.ReviewerName, "lv-send-text": "main"})
	tb.clickMove("#lv-send", "#lv-card-try .lv-step:nth-of-type(2)")
	tb.waitExState(id, "missed")
	hint := tb.text("#lv-exercises .lv-ex-line")
	mustContain(t, "the wrong road's hint", hint, "Task "+replay.ShortID(taskID)+" is still waiting in INPUT_REQUIRED", "§3.4.3")
	if n := eval[int](tb, `document.querySelectorAll("#lv-exercises *:not(div):not(p):not(span):not(button)").length`); n != 0 {
		t.Errorf("%d elements in the exercises that the panel does not make", n)
	}
	for _, size := range []struct {
		w, h int64
		name string
	}{{1366, 768, "exercise-missed-1366"}, {390, 844, "exercise-missed-390"}} {
		tb.do(chromedp.EmulateViewport(size.w, size.h))
		tb.wait(fmt.Sprintf("innerWidth === %d", size.w))
		tb.exInView(id, size.name)
		tb.keepScreenshot(size.name)
	}
	tb.do(chromedp.EmulateViewport(1366, 768))

	// The right road: the same task's ids; done beats the wrong road.
	tb.tabClick("#lv-tab-review")
	tb.setValues(map[string]string{"lv-review-task": taskID, "lv-review-ctx": ctxID, "lv-review-text": "main"})
	mustContain(t, "the answer", tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)"), "COMPLETED")
	tb.waitExState(id, "done")
	if got := eval[string](tb, `localStorage.getItem("a2aplay-exercises-done") || ""`); !strings.Contains(" "+got+" ", " "+id+" ") {
		t.Errorf("localStorage keeps %q", got)
	}
	tb.keepScreenshot("exercise-done-1366")

	// A reload: a new session, and the exercise still done.
	tb.do(chromedp.Reload())
	tb.wait(`document.documentElement.dataset.viewer === "ready"`)
	tb.liveReady()
	if n := eval[int](tb, `a2aplay.liveState().steps`); n != 0 {
		t.Errorf("after the reload the session has %d steps", n)
	}
	tb.waitExState(id, "done")
	tb.exInView(id, "after the reload")
	// The setup's exercises, without the link's.
	tb.tabClick("#lv-tab-deploy")
	tb.wait(`!document.querySelector('#lv-exercises [data-exercise=` + js(id) + `]') && document.querySelectorAll("#lv-exercises .lv-ex").length > 0`)
	if h := eval[string](tb, `location.hash`); h != "#live=deploy" {
		t.Errorf("another setup's link: %q", h)
	}
	tb.tabClick("#lv-tab-review")
	tb.waitExState(id, "done")

	tb.click("#lv-ex-reset")
	tb.waitExState(id, "not tried")
	if got := eval[string](tb, `String(localStorage.getItem("a2aplay-exercises-done"))`); got != "null" {
		t.Errorf("after the reset localStorage keeps %q", got)
	}
	if eval[int](tb, `document.querySelectorAll("#lv-ex-reset").length`) != 0 {
		t.Error("the reset button stays with nothing to reset")
	}
	tb.checkClean()
}

// TestExercisePanelOffline: the offline file shows the link's exercise,
// judges a session in its inline check worker, and keeps progress in
// its own localStorage: it writes it when the exercise is done, and a
// page opened with it there shows the exercise done until the reset.
func TestExercisePanelOffline(t *testing.T) {
	const id = "answer-same-task"
	exerciseSiteURL(t)
	url := exerciseSite.offline + "#live=review&ex=" + id
	tb := storedTab(t, view.ProgressKey, "")
	tb.open(url)
	tb.liveReady()
	tb.waitExState(id, "not tried")
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	tb.waitExState(id, "in progress")
	tb.setValues(map[string]string{"lv-review-text": "main"})
	tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)")
	tb.waitExState(id, "done")
	written := eval[string](tb, `String(localStorage.getItem(`+js(view.ProgressKey)+`))`)
	if !view.ReadProgress(written).Has(id) {
		t.Fatalf("the page keeps %q in localStorage, without %s", written, id)
	}
	// The file opened again, with what the page wrote (storedTab says
	// why it is given, not left to the browser): the exercise done.
	again := storedTab(t, view.ProgressKey, written)
	again.open(url)
	again.liveReady()
	again.waitExState(id, "done")
	again.click("#lv-ex-reset")
	again.waitExState(id, "not tried")
	if got := eval[string](again, `String(localStorage.getItem(`+js(view.ProgressKey)+`))`); got != "null" {
		t.Errorf("after the reset localStorage keeps %q", got)
	}
}
