package test

// The marks of spec findings on the diagram's arrows, and the keys n and
// p that go from one to the next: on a shipped transcript (the findings
// the site builder worked out) and on a file the learner opens (the
// check worker's).

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
)

// findingMarks is what the diagram marks: per mark, its step and name.
type findingMark struct {
	Step  int    `json:"step"`
	Name  string `json:"name"`
	Role  string `json:"role"`
	Title string `json:"title"`
	// OnArrow: the mark's box meets its step's arrow's box.
	OnArrow bool `json:"onArrow"`
}

func (tb *tab) findingMarks() []findingMark {
	tb.t.Helper()
	return eval[[]findingMark](tb, `[...document.querySelectorAll("#diagram .finding-mark")].map(m => {
		const g = m.closest("[data-step]"), a = g && g.querySelector("line.arrow");
		const r = m.getBoundingClientRect(), ar = a ? a.getBoundingClientRect() : null;
		return {step: g ? +g.dataset.step : 0, name: m.getAttribute("aria-label") || "", role: m.getAttribute("role") || "",
			title: (m.querySelector("title") || {}).textContent || "",
			onArrow: !!ar && r.left <= ar.right && r.right >= ar.left && r.top <= ar.bottom + 1 && r.bottom >= ar.top - 1};
	})`)
}

// wantMarks checks the marks against check.Check's findings on tr: one
// per step with a finding, named by its rules, on its arrow.
func wantMarks(t *testing.T, where string, got []findingMark, tr *replay.Transcript) []int {
	t.Helper()
	steps := replay.Steps(tr)
	rules := map[int][]string{}
	var order []int
	for _, f := range check.Check(tr) {
		k := check.StepOf(f, steps)
		if k < 1 {
			continue
		}
		if _, ok := rules[k]; !ok {
			order = append(order, k)
		}
		rules[k] = append(rules[k], f.Rule)
	}
	slices.Sort(order)
	if len(got) != len(order) {
		t.Errorf("%s: %d marks %+v, want one on each of steps %v", where, len(got), got, order)
	}
	for _, m := range got {
		rs, ok := rules[m.Step]
		if !ok {
			t.Errorf("%s: a mark on step %d, which has no finding", where, m.Step)
			continue
		}
		if m.Role != "img" || m.Name != m.Title || !strings.Contains(m.Name, "finding") {
			t.Errorf("%s: step %d's mark: %+v", where, m.Step, m)
		}
		for _, r := range rs {
			if !strings.Contains(m.Name, r) {
				t.Errorf("%s: step %d's mark is named %q, without its rule %s", where, m.Step, m.Name, r)
			}
		}
		if !m.OnArrow {
			t.Errorf("%s: step %d's mark is not on its arrow", where, m.Step)
		}
	}
	return order
}

// walkFindings presses n through the steps with findings and p back,
// checking that the inspector says each rule and why.
func walkFindings(tb *tab, name string, tr *replay.Transcript, order []int) {
	tb.t.Helper()
	steps := replay.Steps(tr)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(0)`))
	tb.at(name, 0)
	for _, k := range order {
		tb.press("n")
		tb.at(name, k)
		notes := tb.text("#insp-notes")
		for _, f := range check.Check(tr) {
			if check.StepOf(f, steps) == k && !strings.Contains(notes, "Spec check "+f.String()+" (rule "+f.Rule+")") {
				tb.t.Errorf("%s step %d: the inspector says %q, not the rule and why: %s (rule %s)", name, k, notes, f.String(), f.Rule)
			}
		}
	}
	tb.press("n") // none after the last: the step stays, and the page says so
	tb.wait(`document.getElementById("announce").textContent.includes("No spec finding after")`)
	tb.at(name, order[len(order)-1])
	for i := len(order) - 2; i >= 0; i-- {
		tb.press("p")
		tb.at(name, order[i])
	}
}

func TestFindingMarks(t *testing.T) {
	tb := newTab(t)
	for _, name := range []string{"11-wrong-task", "12-stream-closes"} {
		tr, err := replay.Parse(shippedNamed(t, name), name+".http")
		if err != nil {
			t.Fatal(err)
		}
		tb.open(env.url + "#t=" + name)
		tb.at(name, 0)
		order := wantMarks(t, name, tb.findingMarks(), tr)
		if len(order) == 0 {
			t.Fatalf("%s: no step with a finding to mark", name)
		}
		walkFindings(tb, name, tr, order)
		tb.keepScreenshot(fmt.Sprintf("finding-mark-%s", name))
	}

	// A file the learner opens: the check worker's findings get marks.
	text, _, _ := wrongTaskFinding(t)
	tr, err := replay.Parse(text, "mine.http")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mine.http")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.at("mine.http", 0)
	tb.wait(`a2aplay.state().findings > 0 && document.querySelectorAll("#diagram .finding-mark").length > 0`)
	order := wantMarks(t, "opened file", tb.findingMarks(), tr)
	walkFindings(tb, "mine.http", tr, order)
	tb.checkClean()
}

// TestFindingMarksLargeFile: a file the worker holds marks the findings
// of every step its window draws, those of the rows that come in after
// the first screen too.
func TestFindingMarksLargeFile(t *testing.T) {
	text := longTranscript(t, 600)
	with := findingSteps(t, text)
	path := filepath.Join(t.TempDir(), "large.http")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open(env.url)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.wait(`a2aplay.state().transcript === "large.http" && a2aplay.state().steps === 5400 && a2aplay.state().findings > 0`)
	wholes := eval[int](tb, `performance.getEntriesByName("a2aplay-window-whole").length`)
	eval[bool](tb, `(a2aplay.go(3001), true)`)
	tb.at("large.http", 3001)
	tb.wait(`performance.getEntriesByName("a2aplay-window-whole").length > ` + itoa(wholes))
	if rows, want := tb.checkRowMarks(with); rows < 200 || want == 0 {
		t.Fatalf("%d rows drawn, %d with findings", rows, want)
	}
	tb.checkClean()
}

// findingSteps returns the steps of the transcript text that have spec
// findings.
func findingSteps(t *testing.T, text []byte) map[int]bool {
	t.Helper()
	tr, err := replay.Parse(text, "findings.http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	with := map[int]bool{}
	for _, f := range check.Check(tr) {
		with[check.StepOf(f, steps)] = true
	}
	return with
}

// checkRowMarks fails the test at each row drawn that is marked when
// its step has no finding (with), or not marked when it has; it returns
// how many rows are drawn and how many of them have findings.
func (tb *tab) checkRowMarks(with map[int]bool) (rows, want int) {
	tb.t.Helper()
	type drawn struct {
		Step   int  `json:"step"`
		Marked bool `json:"marked"`
	}
	drawnRows := eval[[]drawn](tb, `[...document.querySelectorAll("#diagram [data-step]")].map(g => ({step: +g.dataset.step, marked: !!g.querySelector(":scope > .finding-mark")}))`)
	marked := 0
	for _, r := range drawnRows {
		if r.Marked {
			marked++
		}
		if with[r.Step] {
			want++
		}
		if r.Marked != with[r.Step] {
			tb.t.Errorf("step %d: marked %v, has findings %v", r.Step, r.Marked, with[r.Step])
		}
	}
	tb.t.Logf("%d rows drawn, %d marked", len(drawnRows), marked)
	return len(drawnRows), want
}
