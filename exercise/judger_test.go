package exercise

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/exercise/onpage"
	"github.com/a2aplay/a2aplay/internal/growtest"
	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

// judgeCorpus is the transcripts the Judger is held to Judge on.
func judgeCorpus(t *testing.T) map[string]*replay.Transcript {
	out := map[string]*replay.Transcript{}
	for _, p := range []string{"../transcripts/*.http", "../check/testdata/*/*.http", "../lesson/testdata/transcripts/*.http", "../test/testdata/foreign/*.http"} {
		for _, f := range replaytest.Glob(t, p) {
			out[f] = replaytest.ParseFile(t, f, replay.Parse)
		}
	}
	if len(out) < 100 {
		t.Fatalf("the corpus has %d transcripts", len(out))
	}
	return out
}

// everyPredicate is an exercise per predicate and argument: its done
// condition, and a wrong road of another predicate's negation with a
// third's, so that each kind of term is judged.
func everyPredicate(agents []string) []onpage.Exercise {
	states := []string{"INPUT_REQUIRED", "AUTH_REQUIRED", "COMPLETED", "WORKING", "CANCELED", "FAILED", "interrupted", "terminal"}
	var conds []string
	for _, st := range states {
		for _, n := range []string{"message-on-task", "pushed", "answered", "new-task-while", "stream-through", "closed-in", "unheard", "heard", "reached"} {
			conds = append(conds, n+" "+st)
		}
		for _, after := range states {
			conds = append(conds, "reached "+st+" after "+after, "all-reached "+st+" after "+after)
		}
	}
	for _, m := range []string{"SendMessage", "SendStreamingMessage", "GetTask", "SubscribeToTask", "CancelTask", "CreateTaskPushNotificationConfig"} {
		conds = append(conds, "called "+m)
		for _, w := range states {
			conds = append(conds, "called "+m+" while "+w)
		}
	}
	conds = append(conds, "approved", "refused")
	for _, a := range agents {
		conds = append(conds, "asked "+a)
	}
	var exs []onpage.Exercise
	for i, c := range conds {
		exs = append(exs, onpage.Exercise{ID: fmt.Sprint(i), Live: "review", Done: []string{c},
			Wrong: []string{"not " + conds[(i+7)%len(conds)] + " and " + conds[(i+13)%len(conds)] + " => {task} {other} {step} {state}"}})
	}
	return exs
}

// TestJudgerIsEvaluate: for every transcript of the corpus grown as a
// live session grows (each exchange's request, then its response, a
// stream left open, half read, while the next two exchanges come, and
// then closed; its steps a replay.Stepper's), a Judger's verdicts at
// every event are Evaluate's of the session then, on an exercise of
// every predicate.
func TestJudgerIsEvaluate(t *testing.T) {
	resets := 0
	for name, tr := range judgeCorpus(t) {
		resets += judgeGrowth(t, name, tr, everyPredicate(agentsOf(tr)))
	}
	t.Logf("the scanners read a session again from its start %d times", resets)
}

// FuzzJudger: whatever a transcript holds, a Judger's verdicts as it
// grows are Evaluate's at each event, on an exercise of every seventh
// predicate and argument.
func FuzzJudger(f *testing.F) {
	replaytest.Seed(f, "../transcripts/*.http", "../lesson/testdata/transcripts/*.http")
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := replay.Parse(data, "f.http")
		if err != nil || len(tr.Exchanges) > 32 {
			return
		}
		var exs []onpage.Exercise
		for i, ex := range everyPredicate(agentsOf(tr)) {
			if i%7 == 0 {
				exs = append(exs, ex)
			}
		}
		judgeGrowth(t, "f.http", tr, exs)
	})
}

// agentsOf is the names of a transcript's participants.
func agentsOf(tr *replay.Transcript) []string {
	var agents []string
	for _, p := range tr.Participants {
		agents = append(agents, p.Name)
	}
	return agents
}

// judgeGrowth grows tr as a live session grows (growtest.Grow, its
// steps a replay.Stepper's) and holds a Judger's verdicts on exs to
// Evaluate's at every event; it returns how many times the Judger's
// scanners read the session again from its start.
func judgeGrowth(t testing.TB, name string, tr *replay.Transcript, exs []onpage.Exercise) (resets int) {
	t.Helper()
	var j Judger
	var sp replay.Stepper
	growtest.Grow(tr, func(now *replay.Transcript, changed []int, what string) bool {
		from := sp.Update(now, changed)
		steps := slices.Clone(sp.Steps())
		if from < j.base {
			resets++
		}
		j.Update(now, steps, from)
		got := j.Judge(exs)
		for k, v := range exs {
			ex, err := FromPage(v)
			if err != nil {
				t.Fatal(err)
			}
			r := Evaluate(ex, now, steps)
			want := onpage.Verdict{ID: r.ID, Status: r.Status.String(), Step: r.Step, Why: r.Why, Hint: r.Hint}
			if d := cmp.Diff(want, got[k]); d != "" {
				t.Errorf("%s, %s: exercise %q: the Judger's verdict differs from Evaluate's (-Evaluate +Judger):\n%s", name, what, v.Done[0], d)
				return false
			}
		}
		return true
	})
	return resets
}
