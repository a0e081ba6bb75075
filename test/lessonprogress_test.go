package test

// The lesson pages show, beside each exercise, whether the learner has
// done it in Live: from the progress the playground keeps in
// localStorage (view.ProgressKey, written as view.Progress writes it),
// with a reset; served under the site's CSP, and opened from disk.

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/web"
)

// exerciseStates returns each exercise's state on the page shown, by id,
// and what it says.
func (tb *tab) exerciseStates() map[string][2]string {
	tb.t.Helper()
	return eval[map[string][2]string](tb, `Object.fromEntries([...document.querySelectorAll("section.exercise[data-exercise]")].map(s =>
		[s.dataset.exercise, [s.dataset.state || "", (s.querySelector(".exercise-state") || {}).textContent || ""]]))`)
}

// checkExercises fails unless the page shows done exactly the exercises
// of done, and a reset only beside them.
func (tb *tab) checkExercises(where string, done ...string) {
	tb.t.Helper()
	got := tb.exerciseStates()
	if len(got) == 0 {
		tb.t.Fatalf("%s: no exercise on the page", where)
	}
	for id, st := range got {
		want, say := "not tried", "Not done yet"
		for _, d := range done {
			if d == id {
				want, say = "done", "Done"
			}
		}
		if st[0] != want || len(st[1]) < len(say) || st[1][:len(say)] != say {
			tb.t.Errorf("%s: exercise %s shows %q, want %s (%q…)", where, id, st, want, say)
		}
	}
	shown := eval[int](tb, `[...document.querySelectorAll(".exercise-reset")].filter(b => !b.hidden).length`)
	if shown != len(done) {
		tb.t.Errorf("%s: %d resets shown, want %d", where, shown, len(done))
	}
}

// lessonPages writes the lesson pages as `a2aplay docs` does into
// DIR/lessons of a new folder and serves DIR; the server closes when the
// test ends.
func lessonPages(t *testing.T) (dir string, srv *httptest.Server) {
	t.Helper()
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	cmd := exec.Command(agentsBinary(t), "docs", "-out", filepath.Join(dir, "lessons"))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("a2aplay docs: %v\n%s", err, out)
	}
	srv = httptest.NewServer(web.Handler(os.DirFS(dir), web.ServeOptions{}))
	t.Cleanup(srv.Close)
	return dir, srv
}

func TestLessonProgress(t *testing.T) {
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	exs, err := lesson.PageExercises(filepath.Join(root, "web", "lessons"))
	if err != nil || len(exs) == 0 {
		t.Fatalf("the lessons' exercises: %d, %v", len(exs), err)
	}
	ex := exs[0]
	dir, srv := lessonPages(t)
	page := "lessons/" + ex.Lesson + ".html"

	// Each page is opened in a tab of its own that gives it its storage
	// (storedTab says why), as the playground or a reset left it.
	var tb *tab
	open := func(url, stored string) {
		next := storedTab(t, view.ProgressKey, stored)
		next.do(chromedp.Navigate(url))
		next.wait(`document.readyState === "complete" && !!document.querySelector("section.exercise[data-state]")`)
		if tb != nil {
			tb.cancel()
		}
		tb = next
	}
	for _, base := range []string{srv.URL + "/", "file://" + filepath.ToSlash(dir) + "/"} {
		open(base+page, "")
		tb.checkExercises(base + ": nothing done")

		// Done in Live: the playground writes the key as view.Progress does.
		p, _ := view.Progress{}.Add("another-lessons-exercise")
		p, _ = p.Add(ex.ID)
		open(base+page, p.String())
		tb.wait(`!!document.querySelector("section.exercise[data-state=done]")`)
		tb.checkExercises(base+": one done", ex.ID)
		eval[bool](tb, `(document.querySelector('section.exercise[data-exercise=`+js(ex.ID)+`]').scrollIntoView({block: "center"}), true)`)
		tb.keepScreenshot("lesson-exercise-done")

		// The reset forgets it, here and in the playground.
		tb.click(`section.exercise[data-state=done] .exercise-reset`)
		tb.wait(`!document.querySelector("section.exercise[data-state=done]")`)
		tb.checkExercises(base + ": after the reset")
		if v := eval[string](tb, `String(localStorage.getItem(`+js(view.ProgressKey)+`))`); v != "null" {
			t.Errorf("%s: after the reset localStorage keeps %q", base, v)
		}
	}
	tb.checkClean() // the page's CSP allowed its script, and nothing complained
}
