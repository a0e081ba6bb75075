package exercise

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

func shipped(t *testing.T, name string) (*replay.Transcript, []replay.Step) {
	t.Helper()
	path := filepath.Join("..", "transcripts", name+".http")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, path)
	if err != nil {
		t.Fatal(err)
	}
	return tr, replay.Steps(tr)
}

func mustCond(t *testing.T, s string) Cond {
	t.Helper()
	c, err := ParseCond(s)
	if err != nil {
		t.Fatalf("ParseCond(%q): %v", s, err)
	}
	return c
}

// TestPredicates: each predicate on the shipped captures, where it holds
// and where it does not, with the step it holds at.
func TestPredicates(t *testing.T) {
	for _, c := range []struct {
		transcript, cond string
		step             int // 0: does not hold
	}{
		{"06-input-required", "reached INPUT_REQUIRED", 2},
		{"06-input-required", "reached TASK_STATE_COMPLETED after INPUT_REQUIRED", 4},
		{"06-input-required", "reached INPUT_REQUIRED after COMPLETED", 0},
		{"06-input-required", "answered INPUT_REQUIRED", 4},
		{"06-input-required", "message-on-task INPUT_REQUIRED", 3},
		{"06-input-required", "message-on-task terminal", 0},
		{"06-input-required", "new-task-while INPUT_REQUIRED", 0},
		{"06-input-required", "called SendMessage", 1},
		{"06-input-required", "called SendMessage while INPUT_REQUIRED", 3},
		{"06-input-required", "approved", 0},

		{"07-auth-required", "stream-through AUTH_REQUIRED", 7},
		{"07-auth-required", "all-reached COMPLETED after AUTH_REQUIRED", 9},
		{"19-planner", "all-reached COMPLETED after AUTH_REQUIRED", 27},
		{"09-cancel", "all-reached COMPLETED after AUTH_REQUIRED", 0},
		{"07-auth-required", "approved", 6},
		{"07-auth-required", "refused", 0},
		{"07-auth-required", "reached COMPLETED after interrupted", 9},
		{"07-auth-required", "closed-in AUTH_REQUIRED", 0},
		{"07-auth-required", "approved and not reached COMPLETED after AUTH_REQUIRED", 0},
		{"08-auth-refused", "refused", 6},
		{"08-auth-refused", "approved", 0},
		{"09-cancel", "called CancelTask while AUTH_REQUIRED", 3},
		{"09-cancel", "called CancelTask while INPUT_REQUIRED", 0},
		{"09-cancel", "reached CANCELED", 4},
		{"09-cancel", "approved", 0}, // its approval came too late: 409

		{"11-wrong-task", "message-on-task COMPLETED", 9},
		{"11-wrong-task", "answered INPUT_REQUIRED", 8},
		// A made-up task id names no task the session knows.
		{"11-wrong-task", "message-on-task SUBMITTED", 0},
		{"12-stream-closes", "stream-through INPUT_REQUIRED", 0},
		{"12-stream-closes", "called SubscribeToTask while INPUT_REQUIRED", 7},
		{"12-stream-closes", "not approved", 14},
		{"19-planner", "called SubscribeToTask while AUTH_REQUIRED", 17},
		{"19-planner", "called SubscribeToTask while INPUT_REQUIRED", 0},
		// The three roads hear the resumption: the stream (07, 08), the
		// webhook (13), the asks before the approval (14); in 19 the
		// planner, not the learner, waits on the deployer's task.
		{"07-auth-required", "unheard AUTH_REQUIRED", 0},
		{"08-auth-refused", "unheard AUTH_REQUIRED", 0},
		{"13-push-webhook", "unheard AUTH_REQUIRED", 0},
		{"14-poll", "unheard AUTH_REQUIRED", 0},
		{"19-planner", "unheard AUTH_REQUIRED", 0},
		{"07-auth-required", "heard AUTH_REQUIRED", 6},
		{"13-push-webhook", "heard AUTH_REQUIRED", 10},
		{"14-poll", "heard AUTH_REQUIRED", 10},
		{"19-planner", "heard AUTH_REQUIRED", 0},
		{"13-push-webhook", "reached COMPLETED after AUTH_REQUIRED and not stream-through AUTH_REQUIRED", 15},
		{"13-push-webhook", "pushed AUTH_REQUIRED", 7},
		{"13-push-webhook", "pushed COMPLETED", 15},
		{"13-push-webhook", "pushed INPUT_REQUIRED", 0},
		{"07-auth-required", "pushed AUTH_REQUIRED", 0},
		// The planner's exercises need the planner: a review or a deploy
		// straight to the agents answers and approves too.
		{"19-planner", "asked planner", 1},
		{"19-planner", "asked code-reviewer", 0}, // the planner asks it, not the learner
		{"06-input-required", "asked planner", 0},
		{"06-input-required", "asked code-reviewer", 1},
	} {
		tr, steps := shipped(t, c.transcript)
		s := newSession(tr, steps)
		m, ok := s.holds(mustCond(t, c.cond))
		got := 0
		if ok {
			got = m.step
		}
		if got != c.step {
			t.Errorf("%s: %q holds at step %d, want %d (0: not at all)", c.transcript, c.cond, got, c.step)
		}
	}
}

// TestLearnerCalls: in 19-planner the planner subscribes to the deploy
// (exchange 8), and then the client to the planner's task (exchange 9):
// only the client's is the learner's call.
func TestLearnerCalls(t *testing.T) {
	tr, steps := shipped(t, "19-planner")
	m, ok := newSession(tr, steps).find(Pred{Name: "called", Meth: "SubscribeToTask"})
	if !ok || steps[m.step-1].Exchange != 9 || steps[m.step-1].From != "client" {
		t.Errorf("SubscribeToTask found at %+v (%v), want the client's, exchange 9", m, ok)
	}
}

func TestEvaluate(t *testing.T) {
	ex := &Exercise{
		ID: "same-task", Live: "review",
		Done: []Cond{mustCond(t, "answered INPUT_REQUIRED")},
		Wrong: []Road{
			{When: mustCond(t, "message-on-task terminal"), Hint: "Task {task} was already {state} at step {step}."},
		},
	}
	tr, steps := shipped(t, "06-input-required")
	if r := Evaluate(ex, tr, steps); r.Status != Done || r.Step != 4 || r.Hint != "" {
		t.Errorf("06: %+v, want done at step 4", r)
	}
	if r := Evaluate(ex, tr, steps[:2]); r.Status != InProgress || !strings.Contains(r.Why, "answers a task in INPUT_REQUIRED") {
		t.Errorf("06, first two steps: %+v, want in progress saying what is to come", r)
	}
	if r := Evaluate(ex, nil, nil); r.Status != NotTried || r.Why == "" {
		t.Errorf("no steps: %+v, want not tried", r)
	}
	// 11-wrong-task answers too, then writes to the completed task: done
	// wins over the wrong road.
	tr, steps = shipped(t, "11-wrong-task")
	if r := Evaluate(ex, tr, steps); r.Status != Done {
		t.Errorf("11: %+v, want done", r)
	}
	ex.Done = []Cond{mustCond(t, "reached CANCELED")}
	r := Evaluate(ex, tr, steps)
	if want := "Task 37b29ce4 was already COMPLETED at step 9."; r.Status != Missed || r.Step != 9 || r.Hint != want {
		t.Errorf("11, wrong road: %+v, want missed at step 9 with hint %q", r, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "empty condition"},
		{"reach COMPLETED", `unknown predicate "reach"`},
		{"reached", "reached: 0 arguments"},
		{"reached DONE", `"DONE" is not a task state`},
		{"reached COMPLETED before WORKING", "reached: 3 arguments"},
		{"called Send", `"Send" is not an A2A method`},
		{"approved now", "approved: it takes no argument"},
		{"asked", "asked: 0 arguments"},
		{"asked the planner", "asked: 2 arguments"},
		{"asked plan/ner", `"plan/ner" is not a participant's name`},
		{"approved and", "a predicate is missing"},
		{"not", "a predicate is missing"},
		{"reached \u202eWORKING", `"\u202eWORKING" is not a task state`},
	} {
		_, err := ParseCond(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseCond(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"approved", `no "=>"`},
		{"approved =>  ", "the hint after"},
		{"approved => see {who}", "unknown {who}"},
		{"approved => see {task", "not closed"},
		{"approved => see {{spec §7.6.1", "citation"},
	} {
		_, err := ParseRoad(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseRoad(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
	if r, err := ParseRoad("approved => Task {task}, {{spec §7.6.1}}."); err != nil || len(r.When.Terms) != 1 {
		t.Errorf("a road with a citation: %+v, %v", r, err)
	}
}

// TestUnheard: 14-poll without the asks made before the approval is a
// client that held nothing: the approval is unheard, at its reply; with
// the first ask back, it is heard again.
func TestUnheard(t *testing.T) {
	tr, _ := shipped(t, "14-poll")
	all := tr.Exchanges
	for _, c := range []struct {
		keep []int // the exchanges kept, by Seq
		step int
	}{
		{[]int{1, 5, 6, 7}, 4},
		{[]int{1, 2, 5, 6, 7}, 0},
	} {
		tr.Exchanges = nil
		for _, x := range all {
			for _, k := range c.keep {
				if x.Seq == k {
					tr.Exchanges = append(tr.Exchanges, x)
				}
			}
		}
		steps := replay.Steps(tr)
		m, ok := newSession(tr, steps).holds(mustCond(t, "unheard AUTH_REQUIRED"))
		if got := map[bool]int{true: m.step}[ok]; got != c.step {
			t.Errorf("exchanges %v: unheard holds at step %d, want %d", c.keep, got, c.step)
		}
		if _, heard := newSession(tr, steps).holds(mustCond(t, "heard AUTH_REQUIRED")); heard == ok {
			t.Errorf("exchanges %v: heard and unheard both %v", c.keep, ok)
		}
		if ok && (steps[m.step-1].Kind != replay.KindReply || steps[m.step-1].Status != 200) {
			t.Errorf("exchanges %v: unheard holds at %+v, want the approval's reply", c.keep, steps[m.step-1])
		}
	}
}

// FuzzEvaluate: no transcript and no condition make the evaluator panic.
func FuzzEvaluate(f *testing.F) {
	for _, file := range replaytest.TranscriptFiles(f, "..") {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "reached COMPLETED after INPUT_REQUIRED and not approved")
	}
	f.Add([]byte("# a2aplay transcript 1\n"), "closed-in interrupted and stream-through terminal")
	f.Add([]byte("# a2aplay transcript 1\n"), "unheard AUTH_REQUIRED and not pushed interrupted and heard terminal")
	f.Fuzz(func(t *testing.T, text []byte, cond string) {
		c, err := ParseCond(cond)
		if err != nil {
			return
		}
		tr, err := replay.Parse(text, "fuzz.http")
		if err != nil {
			return
		}
		ex := &Exercise{ID: "x", Done: []Cond{c}, Wrong: []Road{{When: c, Hint: "{task} {other} {step} {state}"}}}
		steps := replay.Steps(tr)
		r := Evaluate(ex, tr, steps)
		if r.Step < 0 || r.Step > len(steps) {
			t.Errorf("step %d of %d", r.Step, len(steps))
		}
	})
}
