package view

import (
	"slices"
	"strings"
)

// An Exercise is one of the lessons' exercises as the page's data block
// carries it (package exercise has the vocabulary; the site builder
// writes them, web.LessonExercises): the page shows it in the Live
// panel, and hands its conditions, as written, to the check worker,
// which evaluates them on the session (exercise.Evaluate) and answers
// a [Verdict]. The viewer does not link package exercise.
type Exercise struct {
	ID     string   `json:"id"`
	Title  string   `json:"title"`
	Live   string   `json:"live"`            // the Live setup it starts: review, deploy, planner or remote
	Lesson string   `json:"lesson"`          // the lesson's file name without .md
	Done   []string `json:"done"`            // its done conditions, as written
	Wrong  []string `json:"wrong,omitempty"` // its wrong roads, "CONDITION => HINT", as written
}

// A Verdict is the check worker's word on one exercise in the session:
// exercise.Result with its Status as text ("not tried", "in progress",
// "done", "missed"). Why says what is still to come; Hint, when missed,
// the wrong road's hint with what the session did. Both are text: the
// page shows them through its escaping, never as markup.
type Verdict struct {
	ID     string
	Status string
	Step   int
	Why    string
	Hint   string
}

// The statuses a Verdict says, as exercise.Status.String writes them.
const (
	ExNotTried   = "not tried"
	ExInProgress = "in progress"
	ExDone       = "done"
	ExMissed     = "missed"
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
// keeps them in localStorage: done stays done, whatever a later session
// does, until the learner resets it.
type Progress []string

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
