package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/spec"
)

func quizOf(t *testing.T, name string) *Quiz {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "transcripts", name+".http"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, name)
	if err != nil {
		t.Fatal(err)
	}
	return NewQuiz(replay.Steps(tr))
}

// TestQuizWalk walks 07-auth-required as a learner in predict mode
// would: a move stops before each question, a pick shows the step and
// scores, a step back and forward again asks nothing, a jump stops at
// the first question not answered.
func TestQuizWalk(t *testing.T) {
	z := quizOf(t, "07-auth-required") // questions before steps 4, 5, 7, 9
	move := func(cur, to, want int, asks bool) {
		t.Helper()
		got, ok := z.Move(cur, to)
		if got != want || ok != asks {
			t.Fatalf("Move(%d, %d) = %d, %v; want %d, %v", cur, to, got, ok, want, asks)
		}
		if _, ok := z.Asking(); ok != asks {
			t.Fatalf("Move(%d, %d): asking %v, want %v", cur, to, ok, asks)
		}
	}
	move(0, 1, 1, false)
	move(1, 2, 2, false)
	move(2, 3, 3, false)
	move(3, 4, 3, true) // the question before step 4 stops the move at 3
	r, ok := z.At(3)
	if !ok || r.Picked != -1 || r.Q.Step != 4 || r.Verdict() != "" {
		t.Fatalf("At(3) while asking = %+v, %v", r, ok)
	}
	if got := z.Pick(99); got != 0 {
		t.Errorf("Pick(99) = %d, want 0: not a choice", got)
	}
	wrong := (r.Q.Answer + 1) % len(r.Q.Choices)
	if got := z.Pick(wrong); got != 4 {
		t.Fatalf("Pick = %d, want step 4", got)
	}
	r, ok = z.At(4)
	if !ok || r.Right() || r.Verdict() != "Wrong: you picked "+r.Q.Choices[wrong]+"; it is AUTH_REQUIRED." {
		t.Errorf("At(4) after a wrong pick = %+v, %q", r, r.Verdict())
	}
	if z.Score.String() != "0 of 1 right" {
		t.Errorf("score %q", z.Score)
	}
	move(4, 5, 4, true) // who speaks next: the operator
	q, _ := z.Asking()
	if z.Pick(q.Answer) != 5 {
		t.Fatal("the right pick does not show step 5")
	}
	if r, _ := z.At(5); r.Verdict() != "Right: operator." {
		t.Errorf("At(5) = %q", r.Verdict())
	}
	if z.Score.String() != "1 of 2 right" {
		t.Errorf("score %q", z.Score)
	}
	// Back and forward again: answered questions are not asked again,
	// and the step shows its verdict.
	move(5, 2, 2, false)
	if _, ok := z.At(2); ok {
		t.Error("At(2): a reveal where there was no question")
	}
	move(2, 3, 3, false)
	move(3, 4, 4, false)
	move(4, 5, 5, false)
	// A jump to the end stops at the next question not answered.
	move(5, 10, 6, true)
	move(6, 5, 5, false) // a step back drops the question
	if _, ok := z.At(5); !ok {
		t.Error("At(5): the answered question's reveal is gone")
	}
	if z.Score.Asked != 2 {
		t.Errorf("asked %d, want 2", z.Score.Asked)
	}
}

func TestQuestionRuleURL(t *testing.T) {
	z := quizOf(t, "07-auth-required")
	for _, q := range z.Qs {
		if q.Rule == "" {
			continue
		}
		u := q.RuleURL()
		if !strings.HasPrefix(u, spec.URL+"#") {
			t.Errorf("step %d: rule %s links %s, not to a section of %s", q.Step, q.Rule, u, spec.URL)
		}
	}
	if (Question{}).RuleURL() != "" {
		t.Error("a question without a rule links somewhere")
	}
}

func TestChoiceOfKey(t *testing.T) {
	for _, c := range []struct {
		k    Key
		n    int
		want int
	}{
		{Key{Key: "1", Tag: "BODY"}, 3, 0},
		{Key{Key: "3", Tag: "BUTTON"}, 3, 2},
		{Key{Key: "4", Tag: "BODY"}, 3, -1},                // not a choice
		{Key{Key: "0", Tag: "BODY"}, 3, -1},                // zoom's
		{Key{Key: "a", Tag: "BODY"}, 3, -1},                // not a digit
		{Key{Key: "12", Tag: "BODY"}, 20, -1},              // not one key
		{Key{Key: "2", Tag: "INPUT", Type: "text"}, 3, -1}, // typing
		{Key{Key: "2", Tag: "SELECT"}, 3, -1},              // choosing an option
		{Key{Key: "2", Tag: "BODY", Ctrl: true}, 3, -1},
		{Key{Key: "2", Tag: "BUTTON", InWidget: true}, 3, -1},
	} {
		if got := ChoiceOfKey(c.k, c.n); got != c.want {
			t.Errorf("ChoiceOfKey(%+v, %d) = %d, want %d", c.k, c.n, got, c.want)
		}
	}
}

// FuzzQuiz walks any transcript in predict mode, picking choices the
// input says: never a panic, every question's answer among its choices,
// a move never past where it was asked to go, and each question asked
// and scored at most once.
func FuzzQuiz(f *testing.F) {
	for _, name := range []string{"07-auth-required", "19-planner"} {
		b, err := os.ReadFile(filepath.Join("..", "transcripts", name+".http"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, []byte{0, 1, 2})
	}
	f.Fuzz(func(t *testing.T, text, picks []byte) {
		tr, err := replay.Parse(text, "fuzz.http")
		if err != nil {
			return
		}
		steps := replay.Steps(tr)
		z := NewQuiz(steps)
		for _, q := range z.Qs {
			if q.Answer < 0 || q.Answer >= len(q.Choices) || q.Step < 1 || q.Step > len(steps) {
				t.Fatalf("question %+v of %d steps", q, len(steps))
			}
		}
		cur := 0
		for i := 0; cur < len(steps) && i < 4*len(steps)+4; i++ {
			to, asked := z.Move(cur, cur+1)
			if to > cur+1 || asked != (to == cur) {
				t.Fatalf("Move(%d, %d) = %d, %v", cur, cur+1, to, asked)
			}
			if asked {
				c := 0
				if len(picks) > 0 {
					c, picks = int(picks[0]), picks[1:]
				}
				q, _ := z.Asking()
				if k := z.Pick(c % len(q.Choices)); k != cur+1 {
					t.Fatalf("Pick at %d shows step %d", cur, k)
				}
				if r, ok := z.At(cur + 1); !ok || r.Verdict() == "" {
					t.Fatalf("no verdict at step %d", cur+1)
				}
				continue
			}
			cur = to
		}
		if cur != len(steps) || z.Score.Asked != len(z.Qs) || z.Score.Right > z.Score.Asked {
			t.Fatalf("walked to %d of %d steps, score %+v of %d questions", cur, len(steps), z.Score, len(z.Qs))
		}
	})
}

// TestQuizFromWindows: a quiz gathered window by window (QuestionsIn,
// Add), as the page gathers a long file's, stops the learner's moves
// where the quiz of the whole transcript does, picks and score included.
func TestQuizFromWindows(t *testing.T) {
	whole := quizOf(t, "19-planner")
	if len(whole.Qs) < 4 {
		t.Fatalf("19-planner has %d questions", len(whole.Qs))
	}
	n := whole.Qs[len(whole.Qs)-1].Step + 2
	const width = 7
	gathered := NewQuiz(nil)
	windowOf := func(k int) {
		first := max(k-width/2, 1)
		gathered.Add(QuestionsIn(whole.Qs, first, first+width-1))
	}
	windowOf(1)
	cur := 0
	for cur < n {
		to := min(cur+5, n)
		a, askA := whole.Move(cur, to)
		b, askB := gathered.Move(cur, to)
		if a != b || askA != askB {
			t.Fatalf("Move(%d, %d): whole %d %v, gathered %d %v", cur, to, a, askA, b, askB)
		}
		if askA {
			qa, _ := whole.Asking()
			qb, _ := gathered.Asking()
			if qa.Step != qb.Step || qa.Prompt != qb.Prompt {
				t.Fatalf("asked %+v, gathered asks %+v", qa, qb)
			}
			c := (qa.Answer + qa.Step) % len(qa.Choices) // right or wrong, the same both ways
			if a, b = whole.Pick(c), gathered.Pick(c); a != b || a != qa.Step {
				t.Fatalf("Pick(%d) shows step %d, gathered %d; want %d", c, a, b, qa.Step)
			}
		}
		cur = a
		windowOf(cur) // the page asks for the window around where it goes
	}
	if whole.Score != gathered.Score {
		t.Errorf("score: whole %+v, gathered %+v", whole.Score, gathered.Score)
	}
	// A window added again changes nothing, a question being asked kept.
	gathered.Add(QuestionsIn(whole.Qs, 1, n))
	if len(gathered.Qs) != len(whole.Qs) {
		t.Errorf("gathered %d questions, the whole has %d", len(gathered.Qs), len(whole.Qs))
	}
	if got := QuestionsIn(whole.Qs, n+1, n+10); len(got) != 0 {
		t.Errorf("QuestionsIn past the last: %d", len(got))
	}
}
