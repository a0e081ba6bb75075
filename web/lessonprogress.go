package web

import (
	"encoding/json"
	"strings"

	"github.com/a2aplay/a2aplay/view"
)

// LessonProgressScript is the lesson pages' script (lesson-progress.js):
// it shows, beside each exercise of a lesson (the section package lesson
// writes, with data-exercise), whether the learner has done it in Live,
// from the progress the playground keeps in localStorage under
// view.ProgressKey, with a button that resets it. `a2aplay docs` writes
// it beside the pages as progress.js; the offline page carries it
// inline, allowed by its hash.
func LessonProgressScript() []byte {
	b, _ := sources.ReadFile("lesson-progress.js")
	key, _ := json.Marshal(view.ProgressKey)
	return []byte(strings.Replace(string(b), "KEY", string(key), 1))
}
