package test

// Predict mode on a file too large for the page's thread, which the
// check module's worker holds whole: the page has one window of steps,
// and the questions come from the worker with each window it asks for.
// And on a Live session replayed with "Replay it".

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// predictOnLarge turns predict mode on and waits for the window shown
// to come back from the worker with its questions.
func (tb *tab) predictOnLarge() {
	tb.t.Helper()
	tb.click("#predict-on")
	tb.wait(`document.getElementById("predict-on").getAttribute("aria-pressed") === "true" && a2aplay.state().questions > 0`)
}

// asks waits for the page to stop at the step before q and ask it.
func (tb *tab) asks(name string, q view.Question) {
	tb.t.Helper()
	tb.at(name, q.Step-1)
	tb.wait(`document.getElementById("pr-prompt").textContent === ` + js(q.Prompt) + ` && document.getElementById("pr-choices").childElementCount === ` + itoa(len(q.Choices)))
}

func TestPredictLargeFile(t *testing.T) {
	text := longTranscript(t, 600)
	tr, err := replay.Parse(text, "large.http")
	if err != nil {
		t.Fatal(err)
	}
	qs := view.Questions(replay.Steps(tr))
	var deep view.Question
	for _, q := range qs {
		if q.Step > 3001 {
			deep = q
			break
		}
	}
	if len(qs) < 3 || deep.Step == 0 {
		t.Fatalf("the long transcript has %d questions, none past step 3001", len(qs))
	}
	path := filepath.Join(t.TempDir(), "large.http")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	const name = "large.http"
	tb := newTab(t)
	tb.open(env.url)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.wait(`a2aplay.state().transcript === "large.http" && a2aplay.state().steps === 5400`)
	if eval[bool](tb, `document.getElementById("predict-on").disabled`) {
		t.Fatal("Predict is off for a file the worker holds")
	}
	tb.predictOnLarge()

	// End stops before the first question; the right pick scores.
	tb.key("End")
	tb.asks(name, qs[0])
	tb.do(chromedp.KeyEvent(strconv.Itoa(qs[0].Answer + 1)))
	tb.at(name, qs[0].Step)
	if ps := tb.predict(); !strings.HasPrefix(ps.Verdict, "Right: ") || ps.Score != "1 of 1 right" {
		t.Errorf("after the first pick: verdict %q, score %q", ps.Verdict, ps.Score)
	}
	// A jump far on stops before the next question.
	eval[bool](tb, `(a2aplay.go(3001), true)`)
	tb.asks(name, qs[1])

	// Off, the jump goes; on again there, End stops before the first
	// question past it, which came with that window.
	tb.click("#predict-on")
	known := eval[int](tb, `a2aplay.state().questions`)
	eval[bool](tb, `(a2aplay.go(3001), true)`)
	tb.at(name, 3001)
	tb.wait(`a2aplay.state().questions > ` + itoa(known) + ` && !document.getElementById("diagram").classList.contains("busy")`)
	tb.click("#predict-on")
	tb.key("End")
	tb.asks(name, deep)
	tb.keepScreenshot("predict-large-file")
	tb.checkClean()
}

// TestPredictReplayedLive: a Live session replayed with "Replay it"
// takes predict mode; the running session does not, and says so.
func TestPredictReplayedLive(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=review")
	if !eval[bool](tb, `document.getElementById("predict-on").disabled`) {
		t.Error("Predict is on offer in a Live session with nothing sent")
	}
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)")
	if !eval[bool](tb, `document.getElementById("predict-on").disabled`) {
		t.Error("Predict is on offer in the running Live session")
	}
	tb.click("#lv-replay")
	const name = "a2aplay-live-session.http"
	tb.at(name, 0)
	if eval[bool](tb, `document.getElementById("predict-on").disabled`) {
		t.Fatal("Predict is off for the session replayed")
	}
	tb.click("#predict-on")
	tb.key("End")
	tb.wait(`document.getElementById("pr-choices").childElementCount > 1 && a2aplay.state().step < a2aplay.state().steps`)
	mustContain(t, "the question", tb.predict().Prompt, "?")
	tb.checkClean()
}
