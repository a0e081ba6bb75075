package test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// predictState is what the page shows of predict mode.
type predictState struct {
	Pressed   string   `json:"pressed"` // the switch's aria-pressed
	Shown     bool     `json:"shown"`   // the panel shows
	Prompt    string   `json:"prompt"`
	Choices   []string `json:"choices"`
	Verdict   string   `json:"verdict"` // "" while hidden
	Rule      string   `json:"rule"`    // the rule link's href
	Score     string   `json:"score"`
	Veil      string   `json:"veil"`      // the veil's opacity
	LaterSeen bool     `json:"laterSeen"` // a lane segment to come shows
}

const predictJS = `(() => {
	const $ = id => document.getElementById(id);
	const panel = $("predict"), v = $("pr-verdict");
	const veil = document.querySelector("#diagram .marks .veil");
	const a = v.querySelector("a");
	return {
		pressed: $("predict-on").getAttribute("aria-pressed"),
		shown: !panel.hidden && panel.getBoundingClientRect().height > 0,
		prompt: $("pr-prompt").textContent,
		choices: [...$("pr-choices").querySelectorAll("button")].map(b => b.lastChild.textContent),
		verdict: v.hidden ? "" : v.textContent,
		rule: a ? a.href : "",
		score: $("pr-score").textContent,
		veil: veil ? getComputedStyle(veil).opacity : "",
		laterSeen: [...document.querySelectorAll("#lane .seg.later")].some(s => getComputedStyle(s).visibility !== "hidden"),
	};
})()`

func (tb *tab) predict() predictState {
	tb.t.Helper()
	return eval[predictState](tb, predictJS)
}

// TestPredict plays predict mode on 07-auth-required, shipped, as a
// file the learner opened, and in the offline file: the move onto step 4 stops before it and
// asks which state comes; a wrong pick shows step 4, says wrong and
// gives the answer, why and the rule; the question before step 5 (who
// sends next) picked right scores "1 of 2 right"; stepping back and on
// again asks nothing; Predict off shows every step again.
func TestPredict(t *testing.T) {
	const name = "07-auth-required"
	for _, src := range []string{"shipped", "file", "offline"} {
		t.Run(src, func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(1366, 768))
			shown := name
			switch src {
			case "shipped":
				tb.open(env.url + "#t=" + name)
			case "offline": // the one-file page, its transcripts inline
				tb.open(env.offline + "#t=" + name)
			default:
				tb.open(env.url)
				shown = "my-session.http"
				path := filepath.Join(t.TempDir(), shown)
				if err := os.WriteFile(path, shippedNamed(t, name), 0o644); err != nil {
					t.Fatal(err)
				}
				tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
			}
			tb.at(shown, 0)
			n := tb.state().Steps
			if ps := tb.predict(); ps.Pressed != "false" || ps.Shown {
				t.Fatalf("before the switch: %+v", ps)
			}
			tb.click("#predict-on")
			if ps := tb.predict(); ps.Pressed != "true" || !ps.Shown {
				t.Fatalf("Predict on: %+v", ps)
			}
			// At the overview every step is hidden.
			if v := eval[string](tb, `getComputedStyle(document.querySelector("#diagram .steps")).visibility`); v != "hidden" {
				t.Errorf("Predict on at the overview: the steps' visibility is %q", v)
			}
			if n := eval[int](tb, `[...document.querySelectorAll("#lane .seg")].filter(s => getComputedStyle(s).visibility !== "hidden").length`); n != 0 {
				t.Errorf("Predict on at the overview: %d of the lane's states show", n)
			}
			for k := 1; k <= 3; k++ {
				tb.key("ArrowRight")
				tb.at(shown, k)
			}
			tb.key("ArrowRight") // onto step 4, which has a question
			tb.wait(`document.getElementById("pr-choices").childElementCount > 0`)
			tb.at(shown, 3)
			ps := tb.predict()
			if !strings.Contains(ps.Prompt, "Which state does it report next?") || strings.Join(ps.Choices, " ") != "INPUT_REQUIRED AUTH_REQUIRED COMPLETED" || ps.Verdict != "" {
				t.Fatalf("the question before step 4: %+v", ps)
			}
			if ps.Veil != "1" || ps.LaterSeen {
				t.Errorf("asking, the steps to come show: veil opacity %s, a later lane segment shows %v", ps.Veil, ps.LaterSeen)
			}
			if m := tb.marks(); len(m.Later) != n-3 {
				t.Errorf("asking before step 4: %d steps veiled, want %d (%+v)", len(m.Later), n-3, m)
			}
			// Hidden, which takes them out of what a screen reader reads.
			if h := eval[string](tb, `[...document.querySelectorAll("#diagram .steps > [data-step]")].map(g => getComputedStyle(g).visibility === "hidden" ? "h" : "v").join("")`); h != strings.Repeat("v", 3)+strings.Repeat("h", n-3) {
				t.Errorf("asking before step 4, the steps' visibility: %s", h)
			}
			tb.key("ArrowRight") // asks again, moves nothing
			tb.at(shown, 3)
			tb.do(chromedp.KeyEvent("1")) // INPUT_REQUIRED: wrong
			tb.at(shown, 4)
			ps = tb.predict()
			if !strings.HasPrefix(ps.Verdict, "Wrong: you picked INPUT_REQUIRED; it is AUTH_REQUIRED.") || !strings.Contains(ps.Verdict, "authorization") {
				t.Errorf("the verdict on a wrong pick: %q", ps.Verdict)
			}
			if !strings.HasSuffix(ps.Rule, "#761-in-task-authorization-agent-responsibilities") || ps.Score != "0 of 1 right" {
				t.Errorf("after a wrong pick: rule %q, score %q", ps.Rule, ps.Score)
			}
			if src == "shipped" {
				tb.predictContrast()
			}
			tb.key("ArrowRight") // onto step 5: who sends next
			tb.wait(`document.getElementById("pr-prompt").textContent === "Who sends the next message?"`)
			tb.at(shown, 4)
			if ps := tb.predict(); strings.Join(ps.Choices, " ") != "client deployer operator" {
				t.Fatalf("the question before step 5: %+v", ps)
			}
			// By the keyboard: the choice focused, Enter presses it, and
			// the focus stays on it in the verdict.
			tb.do(chromedp.Focus(`#pr-choices [data-c="2"]`), chromedp.KeyEvent("\r")) // operator: right
			tb.at(shown, 5)
			if f := eval[string](tb, `document.activeElement.closest("#pr-choices") ? document.activeElement.dataset.c : document.activeElement.tagName`); f != "2" {
				t.Errorf("after a pick by the keyboard the focus is on %q, not on the choice picked", f)
			}
			ps = tb.predict()
			if !strings.HasPrefix(ps.Verdict, "Right: operator.") || ps.Score != "1 of 2 right" {
				t.Errorf("after a right pick: verdict %q, score %q", ps.Verdict, ps.Score)
			}
			// Back and on again: nothing is asked twice.
			tb.key("ArrowLeft")
			tb.key("ArrowLeft")
			tb.at(shown, 3)
			tb.key("ArrowRight")
			tb.at(shown, 4)
			tb.key("ArrowRight")
			tb.at(shown, 5)
			if ps := tb.predict(); ps.Score != "1 of 2 right" || !strings.HasPrefix(ps.Verdict, "Right: operator.") {
				t.Errorf("stepped back and on: %+v", ps)
			}
			// End stops before the next question, at step 6.
			tb.key("End")
			tb.at(shown, 6)
			// Off: every step shows again, and End goes to the end.
			tb.click("#predict-on")
			ps = tb.predict()
			if ps.Pressed != "false" || ps.Shown || ps.Veil == "1" || !ps.LaterSeen {
				t.Errorf("Predict off: %+v", ps)
			}
			tb.key("End")
			tb.at(shown, n)
			tb.key("Home")
			tb.at(shown, 1)
			if m := tb.marks(); len(m.Later) != n-1 {
				t.Errorf("Predict off at step 1: %d steps drawn under the veil, want %d", len(m.Later), n-1)
			}
			tb.checkClean()
		})
	}
}

// TestPredictOnScreen: at a laptop's and a phone's size, the question
// before 07-auth-required's step 5 and its choices are on screen with
// the diagram's current step, and so is the verdict after the pick.
// Screenshots of both are kept.
func TestPredictOnScreen(t *testing.T) {
	const name = "07-auth-required"
	inside := `((sel) => {
		const vp = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
		const ok = r => r.width > 0 && r.left >= vp.left - 0.5 && r.right <= vp.right + 0.5 && r.top >= vp.top - 0.5 && r.bottom <= vp.bottom + 0.5;
		return [...document.querySelectorAll(sel)].every(e => ok(e.getBoundingClientRect()));
	})`
	for _, size := range []struct{ w, h int64 }{{1366, 768}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			tb := newTab(t)
			tb.reducedMotion()
			tb.do(chromedp.EmulateViewport(size.w, size.h))
			tb.open(env.url + "#t=" + name + "&s=4")
			tb.at(name, 4)
			tb.click("#predict-on")
			tb.key("ArrowRight")
			tb.wait(`document.getElementById("pr-prompt").textContent === "Who sends the next message?"`)
			for _, sel := range []string{"#pr-prompt", "#pr-choices button", `#diagram [aria-current="step"] .arrow`} {
				if !eval[bool](tb, inside+`(`+js(sel)+`)`) {
					t.Errorf("asking: %s is not all on screen", sel)
				}
			}
			tb.keepScreenshot(fmt.Sprintf("predict-%s-step-5-ask-%dx%d", name, size.w, size.h))
			tb.click(`#pr-choices [data-c="0"]`) // client: wrong
			tb.at(name, 5)
			tb.wait(`!document.getElementById("pr-verdict").hidden`)
			for _, sel := range []string{"#pr-verdict", "#pr-score", `#diagram [aria-current="step"] .label`} {
				if !eval[bool](tb, inside+`(`+js(sel)+`)`) {
					t.Errorf("after the pick: %s is not all on screen", sel)
				}
			}
			tb.keepScreenshot(fmt.Sprintf("predict-%s-step-5-reveal-%dx%d", name, size.w, size.h))
			tb.checkClean()
		})
	}
}

// predictContrast: the texts of the predict panel read at 4.5:1 or
// better, light and dark (contrastJS, as TestContrast measures).
func (tb *tab) predictContrast() {
	tb.t.Helper()
	tb.contrastOf(".pr-", ".pr-prompt", ".pr-score", ".pr-choices button")
}

// TestPredictSavedLive: predict mode on a session Live recorded (two
// agents on the JavaScript SDK) and saved, opened as a file. End stops
// before each question in turn; two right picks score "2 of 2 right".
func TestPredictSavedLive(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	const name = "jssdk-live.http"
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{filepath.Join(env.testdata, "foreign", name)}))
	tb.at(name, 0)
	tb.click("#predict-on")
	for _, c := range []struct {
		at     int    // the step the question is asked at
		key    string // the right choice's number
		answer string
		score  string
	}{
		{5, "2", "INPUT_REQUIRED", "1 of 1 right"},
		{9, "3", "COMPLETED", "2 of 2 right"},
	} {
		tb.key("End")
		tb.at(name, c.at)
		tb.wait(`document.getElementById("pr-choices").childElementCount > 0 && document.getElementById("pr-verdict").hidden`)
		tb.do(chromedp.KeyEvent(c.key))
		tb.at(name, c.at+1)
		if ps := tb.predict(); !strings.HasPrefix(ps.Verdict, "Right: "+c.answer+".") || ps.Score != c.score {
			t.Errorf("the question before step %d: verdict %q, score %q", c.at+1, ps.Verdict, ps.Score)
		}
	}
	tb.checkClean()
}
