package view

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/spec"
)

// A Quiz is predict mode's state in one transcript: its questions, the
// learner's picks and score, and the question asked now. The page keeps
// one a transcript while it holds the transcript, so that stepping back
// and forward again does not ask twice.
type Quiz struct {
	Qs     []Question
	picked []int // picked[i]: the choice picked at Qs[i], -1 before
	Score  Score
	asking int // the index in Qs of the question asked now, -1 for none
}

// NewQuiz makes the quiz of a transcript's steps: [Questions], none
// answered yet.
func NewQuiz(steps []replay.Step) *Quiz {
	qs := Questions(steps)
	z := &Quiz{Qs: qs, picked: make([]int, len(qs)), asking: -1}
	for i := range z.picked {
		z.picked[i] = -1
	}
	return z
}

// QuestionsIn returns the questions of qs (in step order, as
// [Questions] returns them) about steps first to last, and the first
// about a step after last: what a long file's window carries, so that a
// move from the window stops before the next question even when it is
// past the window.
func QuestionsIn(qs []Question, first, last int) []Question {
	lo := sort.Search(len(qs), func(i int) bool { return qs[i].Step >= first })
	hi := sort.Search(len(qs), func(i int) bool { return qs[i].Step > last })
	return qs[lo:min(hi+1, len(qs))]
}

// Add gathers qs, questions of one window of a long file ([Part]), into
// z, whose questions are those of the windows the page was sent: a
// question z has keeps its pick. Since each window carries the first
// question after it, z knows every question up to the next one after
// the farthest window the learner reached, which is all [Quiz.Move]
// needs.
func (z *Quiz) Add(qs []Question) {
	for _, q := range qs {
		i := sort.Search(len(z.Qs), func(i int) bool { return z.Qs[i].Step >= q.Step })
		if i < len(z.Qs) && z.Qs[i].Step == q.Step {
			continue
		}
		z.Qs = slices.Insert(z.Qs, i, q)
		z.picked = slices.Insert(z.picked, i, -1)
		if z.asking >= i {
			z.asking++
		}
	}
}

// Move says where a move from position cur to position to goes: before
// the first question not answered yet on the way (then that question is
// asked, and Move returns its step - 1 and true), else to. A move back,
// or one with no question on the way, asks nothing.
func (z *Quiz) Move(cur, to int) (int, bool) {
	z.asking = -1
	if to <= cur {
		return to, false
	}
	for i, q := range z.Qs {
		if q.Step > cur && q.Step <= to && z.picked[i] < 0 {
			z.asking = i
			return q.Step - 1, true
		}
	}
	return to, false
}

// Asking returns the question asked now, if there is one.
func (z *Quiz) Asking() (Question, bool) {
	if z.asking < 0 {
		return Question{}, false
	}
	return z.Qs[z.asking], true
}

// Pick answers the question asked now with choice c (0-based): it
// counts in the score, and Pick returns the step the question was about,
// which the page then shows. It returns 0 when no question is asked or c
// is not one of its choices.
func (z *Quiz) Pick(c int) int {
	q, ok := z.Asking()
	if !ok || c < 0 || c >= len(q.Choices) {
		return 0
	}
	z.picked[z.asking] = c
	z.Score.Guess(q, c)
	z.asking = -1
	return q.Step
}

// A Shown is what predict mode shows at a position: the question asked
// before the next step (Picked -1), or the one answered before the
// current step, with the pick; ok false when neither.
type Shown struct {
	Q      Question
	Picked int // the choice picked, -1 while the question is asked
}

// At returns what predict mode shows at position cur.
func (z *Quiz) At(cur int) (Shown, bool) {
	if q, ok := z.Asking(); ok {
		return Shown{Q: q, Picked: -1}, true
	}
	for i, q := range z.Qs {
		if q.Step == cur && z.picked[i] >= 0 {
			return Shown{Q: q, Picked: z.picked[i]}, true
		}
	}
	return Shown{}, false
}

// Right reports whether the pick was the answer.
func (r Shown) Right() bool { return r.Picked == r.Q.Answer }

// Verdict says whether the pick was right, and the answer when it was
// not: "Right: AUTH_REQUIRED." or "Wrong: you picked client; it is
// operator." It is "" while the question is asked.
func (r Shown) Verdict() string {
	if r.Picked < 0 {
		return ""
	}
	answer := r.Q.Choices[r.Q.Answer]
	if r.Right() {
		return "Right: " + answer + "."
	}
	return "Wrong: you picked " + r.Q.Choices[r.Picked] + "; it is " + answer + "."
}

// RuleURL is the link to the section of the specification that decides
// a question ("" when none does).
func (q Question) RuleURL() string {
	if q.Rule == "" {
		return ""
	}
	return spec.SectionURL(strings.TrimPrefix(q.Rule, "§"))
}

// String says the score: "3 of 4 right", or "no guesses yet".
func (sc Score) String() string {
	if sc.Asked == 0 {
		return "no guesses yet"
	}
	return strconv.Itoa(sc.Right) + " of " + strconv.Itoa(sc.Asked) + " right"
}

// ChoiceOfKey returns the choice (0-based) a key press picks among n:
// the digit keys 1 to 9 pick the first nine, where the focus lets the
// replay have its keys (as it does "0", which [MoveOfKey] gives the
// replay); -1 for any other key.
func ChoiceOfKey(k Key, n int) int {
	if len(k.Key) != 1 || k.Key[0] < '1' || k.Key[0] > '9' {
		return -1
	}
	c := int(k.Key[0] - '1')
	k.Key = "0"
	if c >= n || MoveOfKey(k) == KeyNone {
		return -1
	}
	return c
}
