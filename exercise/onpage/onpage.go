// Package onpage is what an exercise is on its way between the site
// builder, the page and the check worker: the exercise as the page's
// data block carries it, its conditions as written, and the worker's
// verdict on a session. It is types only, so that the page (package
// view) names them without linking package exercise, which parses and
// evaluates the conditions in the worker and the command line.
package onpage

// An Exercise is one of the lessons' exercises as the page's data block
// carries it: the page shows it in the Live panel and hands its
// conditions, as written, to the check worker, which evaluates them on
// the session (exercise.Evaluate) and answers a [Verdict].
type Exercise struct {
	ID     string   `json:"id"`
	Title  string   `json:"title"`
	Live   string   `json:"live"`            // the Live setup it starts: review, deploy, planner or remote
	Lesson string   `json:"lesson"`          // the lesson's file name without .md
	Done   []string `json:"done"`            // its done conditions, as written
	Wrong  []string `json:"wrong,omitempty"` // its wrong roads, "CONDITION => HINT", as written
}

// A Verdict is the check worker's word on one exercise in the session:
// exercise.Result with its Status as text (NotTried, InProgress, Done,
// Missed). Why says what is still to come; Hint, when missed, the wrong
// road's hint with what the session did. Both are text: the page shows
// them through its escaping, never as markup.
type Verdict struct {
	ID     string
	Status string
	Step   int
	Why    string
	Hint   string
}

// The statuses a Verdict says, as exercise.Status.String writes them.
const (
	NotTried   = "not tried"
	InProgress = "in progress"
	Done       = "done"
	Missed     = "missed"
)
