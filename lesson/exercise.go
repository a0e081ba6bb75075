package lesson

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"

	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/exercise/onpage"
	"github.com/a2aplay/a2aplay/replay"
)

// KindExercise is the node kind of an exercise.
var KindExercise = ast.NewNodeKind("Exercise")

// An Exercise sets the learner a task in Live, and says what must hold
// of their session for it to count and which wrong roads it knows
// (package exercise evaluates them):
//
//	```exercise
//	id: same-task
//	title: answer the reviewer on its own task
//	live: review
//	done: answered INPUT_REQUIRED
//	done: reached COMPLETED after INPUT_REQUIRED
//	wrong: new-task-while INPUT_REQUIRED => Task {task} still waits: your answer started task {other}. Name the task {{spec §3.4.3}}.
//	---
//	Send the diff, then answer the question on the same task.
//	```
//
// Keys: id (required; letters, digits, "-" and "_", unique in the
// lesson), title (required), live (required: review, deploy, planner or
// remote), done (required, one condition a line, repeatable), wrong
// (repeatable: "CONDITION => HINT"; the hint is plain text in which
// `code` and citations work). The conditions' words are package
// exercise's. The body, the goal in words, is Markdown and must not be
// empty.
type Exercise struct {
	ast.BaseBlock
	fence

	Exercise exercise.Exercise
}

// Kind implements ast.Node.
func (n *Exercise) Kind() ast.NodeKind { return KindExercise }

// Dump implements ast.Node.
func (n *Exercise) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"ID": n.Exercise.ID}, nil)
}

var (
	exerciseKeys       = map[string]bool{"id": true, "title": true, "live": true, "done": true, "wrong": false}
	exerciseRepeatable = map[string]bool{"done": true, "wrong": true}
)

func (n *Exercise) check(ids map[string]bool) {
	f := &n.fence
	f.checkHeaderRepeat(exerciseKeys, exerciseRepeatable)
	ex := &n.Exercise
	for _, fl := range f.header {
		switch fl.Key {
		case "id":
			ex.ID = fl.Value
			switch {
			case !isID(ex.ID):
				f.errorf(fl.Offset, "exercise: id %q: use letters, digits, \"-\" and \"_\"", Printable(ex.ID))
			case ids[ex.ID]:
				f.errorf(fl.Offset, "exercise: id %q is used by an exercise before", ex.ID)
			}
			ids[ex.ID] = true
		case "title":
			f.checkInline(fl)
			ex.Title = fl.Value
		case "live":
			ex.Live = fl.Value
			if fl.Value != "" && !exercise.ValidLive(fl.Value) {
				f.errorf(fl.Offset, "exercise: live %q: want one of review, deploy, planner, remote", Printable(fl.Value))
			}
		case "done":
			if fl.Value == "" {
				continue // checkHeader said so
			}
			c, err := exercise.ParseCond(fl.Value)
			if err != nil {
				f.errorf(fl.Offset, "exercise: done: %v", err)
				continue
			}
			ex.Done = append(ex.Done, c)
		case "wrong":
			if fl.Value == "" {
				continue
			}
			r, err := exercise.ParseRoad(fl.Value)
			if err != nil {
				f.errorf(fl.Offset, "exercise: wrong: %v", err)
				continue
			}
			_, problems := spans(r.Hint)
			for _, p := range problems {
				f.errorf(fl.Offset, "exercise: wrong: %s", p)
			}
			ex.Wrong = append(ex.Wrong, r)
		}
	}
	if !n.HasChildren() {
		f.errorf(f.offset, "exercise: the body is empty; say the goal after the %q line", "---")
	}
}

// exercise writes an exercise: its goal, what counts, and the link that
// starts its Live setup (data-exercise names it, for a page that shows
// the learner's progress beside it).
func (r *htmlRenderer) exercise(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Exercise)
	ex := &n.Exercise
	if entering {
		if writeErrors(w, &n.fence) {
			return ast.WalkSkipChildren, nil
		}
		w.WriteString(`<section class="exercise"`)
		r.idAttr(w, "exercise-"+ex.ID)
		w.WriteString(` data-exercise="` + esc(ex.ID) + `" data-live="` + esc(ex.Live) + `">` + "\n")
		w.WriteString(`<p class="exercise-title">Exercise: `)
		writeInline(w, ex.Title)
		w.WriteString("</p>\n")
		return ast.WalkContinue, nil
	}
	if len(n.errs) > 0 {
		return ast.WalkContinue, nil
	}
	w.WriteString(`<details class="exercise-counts"><summary>What counts</summary>` + "\n<ul>\n")
	for _, c := range ex.Done {
		w.WriteString("<li>" + esc(exercise.Describe(c)) + "</li>\n")
	}
	w.WriteString("</ul>\n</details>\n")
	w.WriteString(`<p class="exercise-play"><a href="` + esc(r.liveLink(ex)) + `">Play it in Live</a></p>` + "\n</section>\n")
	return ast.WalkContinue, nil
}

// liveLink is the link that starts an exercise's Live setup with the
// exercise named, so that the page follows it ("#live=review&ex=ID").
func (r *htmlRenderer) liveLink(ex *exercise.Exercise) string {
	base := r.c.replayer()
	if base == "#" {
		base = ""
	}
	return base + "#live=" + ex.Live + "&ex=" + ex.ID
}

// ReadExercises reads the exercises of the lesson at path, for `a2aplay
// check -exercises` and the page's data block. The lesson's listings
// and figures are not drawn (their transcripts need not be at hand):
// only a mistake in an exercise block is an error.
func ReadExercises(path string) ([]*exercise.Exercise, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	info, err := Convert(src, filepath.Base(path), Config{Resolver: noTranscripts{}}, io.Discard)
	var list ErrorList
	if err != nil && !errors.As(err, &list) {
		return nil, err
	}
	var mistakes ErrorList
	for _, e := range list {
		if strings.HasPrefix(e.Msg, "exercise:") {
			mistakes = append(mistakes, e)
		}
	}
	if len(mistakes) > 0 {
		return nil, mistakes
	}
	return info.Exercises, nil
}

// noTranscripts resolves no source: ReadExercises reads a lesson's
// exercises only.
type noTranscripts struct{}

func (noTranscripts) Transcript(string) (*replay.Transcript, error) {
	return nil, errors.New("not read for its exercises")
}

// PageExercises reads the exercises of the lessons in dir (*.md, in the
// order of their names) as the page's data block carries them
// (exercise.ToPage), each with its lesson's name.
func PageExercises(dir string) ([]onpage.Exercise, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []onpage.Exercise
	for _, f := range files {
		exs, err := ReadExercises(f)
		if err != nil {
			return nil, err
		}
		for _, ex := range exs {
			out = append(out, exercise.ToPage(ex, strings.TrimSuffix(filepath.Base(f), ".md")))
		}
	}
	return out, nil
}
