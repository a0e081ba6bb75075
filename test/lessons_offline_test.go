package test

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/web"
)

// transcriptFiles resolves a lesson's source to a file of the
// repository's transcripts folder.
type transcriptFiles string

func (d transcriptFiles) Transcript(source string) (*replay.Transcript, error) {
	b, err := os.ReadFile(filepath.Join(string(d), filepath.Base(source)))
	if err != nil {
		return nil, fmt.Errorf("no transcript %s", source)
	}
	return replay.Parse(b, source)
}

// TestOfflineLessons: the offline file carries the shipped lessons as
// sections of itself; opened from disk, its Lessons button shows their
// index, a lesson shows in place of the replayer, and a listing's link
// takes the replayer to the quoted step. No script is needed to read
// the lessons; one inline script, allowed by its hash, shows their
// exercises' state, and the page's strict CSP reports nothing.
func TestOfflineLessons(t *testing.T) {
	if env.skip != "" {
		t.Skip(env.skip)
	}
	root := filepath.Dir(env.testdata)
	root = filepath.Dir(root)
	files, err := filepath.Glob(filepath.Join(root, "web", "lessons", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons: %v", err)
	}
	wasmExecPath, err := build.WasmExecPath(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	wasmExec, err := os.ReadFile(wasmExecPath)
	if err != nil {
		t.Fatal(err)
	}
	o := web.Options{Transcripts: env.shipped, Viewer: env.viewer, WasmExec: wasmExec, BrotliQuality: 5}
	o.LessonsCSS = lesson.StyleSheet
	for _, f := range files {
		md, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		c := lesson.InPage(name)
		c.Resolver = transcriptFiles(filepath.Join(root, "transcripts"))
		var html bytes.Buffer
		info, err := lesson.Convert(md, f, c, &html)
		if err != nil {
			t.Fatal(err)
		}
		o.LessonsCSS += "\n" + info.FigureCSS
		o.Lessons = append(o.Lessons, web.Lesson{Name: name, Title: info.Title, Summary: info.Summary, HTML: template.HTML(html.String())})
	}
	off := filepath.Join(t.TempDir(), "a2aplay-offline.html")
	var page bytes.Buffer
	if err := web.BuildOffline(&page, o); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(off, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	tb := newTab(t)
	tb.open("file://" + filepath.ToSlash(off))
	shown := func(sel string) string {
		return `getComputedStyle(document.querySelector(` + js(sel) + `)).display !== "none"`
	}
	tb.click("#open-lessons")
	tb.wait(shown("#lessons") + ` && !(` + shown("main#replay") + `)`)
	first := o.Lessons[0].Name
	tb.click("#lessons .lesson-list a")
	tb.wait(shown("#lesson-"+first) + ` && !(` + shown("#lessons") + `)`)
	tb.keepScreenshot("offline-lesson")

	// The first listing of the first lesson links its step.
	link := eval[map[string]string](tb, `(() => {
		const f = document.querySelector("#lesson-`+first+` figure.listing[data-step]");
		return {t: f.dataset.transcript, s: f.dataset.step, href: f.querySelector(".listing-source").getAttribute("href")};
	})()`)
	if !strings.HasPrefix(link["href"], "#t=") {
		t.Fatalf("the listing links %q, not a step of this page", link["href"])
	}
	tb.click("#lesson-" + first + " figure.listing[data-step] .listing-source")
	tb.wait(shown("main#replay") + ` && !(` + shown("#lesson-"+first) + `)`)
	var step int
	fmt.Sscan(link["s"], &step)
	tb.at(link["t"], step)

	// A lesson's exercises show what the playground's localStorage says
	// the learner has done (web's LessonProgressScript, inline here).
	exs, err := lesson.PageExercises(filepath.Join(root, "web", "lessons"))
	if err != nil || len(exs) == 0 {
		t.Fatalf("the lessons' exercises: %d, %v", len(exs), err)
	}
	ex := exs[0]
	eval[bool](tb, `(localStorage.setItem(`+js(view.ProgressKey)+`, `+js(view.Progress{ex.ID}.String())+`), location.hash = "#lesson-`+ex.Lesson+`", true)`)
	in := "#lesson-" + ex.Lesson + " section.exercise"
	tb.wait(`!!document.querySelector(` + js(in+`[data-exercise="`+ex.ID+`"][data-state="done"]`) + `)`)
	if n := eval[int](tb, `document.querySelectorAll(`+js(in+`[data-state="done"]`)+`).length`); n != 1 {
		t.Errorf("%d exercises of %s show done, want 1", n, ex.Lesson)
	}
	tb.click(in + `[data-state="done"] .exercise-reset`)
	tb.wait(`!document.querySelector(` + js(in+`[data-state="done"]`) + `) && localStorage.getItem(` + js(view.ProgressKey) + `) === null`)
	tb.checkClean()
}
