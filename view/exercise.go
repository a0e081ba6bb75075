package view

import (
	"slices"
	"strings"

	"github.com/a2aplay/a2aplay/exercise/onpage"
)

// An Exercise is one of the lessons' exercises as the page's data block
// carries it, and a Verdict the check worker's word on it in a session
// (package exercise/onpage, types only: the viewer does not link package
// exercise, which evaluates them in the worker).
type (
	Exercise = onpage.Exercise
	Verdict  = onpage.Verdict
)

// The statuses a Verdict says.
const (
	ExNotTried   = onpage.NotTried
	ExInProgress = onpage.InProgress
	ExDone       = onpage.Done
	ExMissed     = onpage.Missed
)

// ExercisesFor returns the exercises the Live panel shows: the one a
// link names (#live=review&ex=ID) if there is one, else those of the
// Live setup shown.
func ExercisesFor(all []Exercise, id, live string) []Exercise {
	if id != "" {
		for _, e := range all {
			if e.ID == id {
				return []Exercise{e}
			}
		}
	}
	var out []Exercise
	for _, e := range all {
		if e.Live == live {
			out = append(out, e)
		}
	}
	return out
}

// Progress is the exercises the learner has done, by id, as the page
// keeps them in localStorage under ProgressKey: done stays done,
// whatever a later session does, until the learner resets it. Stored,
// it is the ids separated by spaces ([Progress.String]); the lesson
// pages' script (web's LessonProgressScript) reads the same value.
type Progress []string

// ProgressKey is the localStorage key of the learner's [Progress], which
// the playground writes and the lesson pages read.
const ProgressKey = "a2aplay-exercises-done"

// ReadProgress reads what WriteProgress wrote: ids separated by spaces.
// Anything else (another page's value, a hand edit) reads as the ids
// it holds, never an error: progress is the learner's own note.
func ReadProgress(s string) Progress {
	var p Progress
	for _, id := range strings.Fields(s) {
		if !slices.Contains(p, id) {
			p = append(p, id)
		}
	}
	return p
}

// String is what the page stores.
func (p Progress) String() string { return strings.Join(p, " ") }

// Has reports whether the exercise id is done.
func (p Progress) Has(id string) bool { return slices.Contains(p, id) }

// Add returns p with id done, and whether that is news.
func (p Progress) Add(id string) (Progress, bool) {
	if id == "" || strings.ContainsAny(id, " \t\n") || p.Has(id) {
		return p, false
	}
	return append(p, id), true
}

// ExerciseShown is what the Live panel shows of one exercise: its state
// (a Verdict's Status) and the line under it.
type ExerciseShown struct {
	State string
	Line  string
}

// ShowExercise says what the panel shows of an exercise, given the
// worker's latest verdict on the session (nil before one came) and the
// learner's progress: done once is done; missed shows the hint; in
// progress, what is still to come.
func ShowExercise(e Exercise, v *Verdict, p Progress) ExerciseShown {
	switch {
	case v != nil && v.Status == ExDone, p.Has(e.ID):
		return ExerciseShown{ExDone, "Done: well played."}
	case v == nil:
		return ExerciseShown{ExNotTried, "Start the " + e.Live + " setup below and play."}
	case v.Status == ExMissed: // the hint's `code` marks, as plain text
		return ExerciseShown{ExMissed, strings.ReplaceAll(v.Hint, "`", "")}
	case v.Status == ExInProgress:
		return ExerciseShown{ExInProgress, v.Why}
	}
	return ExerciseShown{ExNotTried, v.Why}
}
