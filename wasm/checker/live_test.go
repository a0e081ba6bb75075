package checker

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/exercise/onpage"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/live"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view/msg"
)

// TestLiveIsWhole plays a Live session whose streams stay open while
// other exchanges come (a review and a deploy by stream, GetTasks
// meanwhile, then the answer and the approval that close them), and at
// each Delta the live worker gives (every 20 ms, as frames come), puts
// it into the check worker's session as msg.OpLive does: the session's
// steps are replay.Steps of its transcript, its findings check.Run's
// and its verdicts exercise.Judge's, as if the worker had read it
// whole.
func TestLiveIsWhole(t *testing.T) {
	ctx := context.Background()
	exs := pageExercises(t)
	s, err := live.Open(ctx, live.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	kept = liveSession{}
	var deltas live.Deltas
	events, resets := 0, 0
	after := 0 // the most exchanges that came after one still open
	catchUp := func(what string) {
		t.Helper()
		for {
			d := deltas.Next(1, s)
			if d == nil {
				return
			}
			events++
			m, err := msg.Decode((&msg.Request{ID: 1, Op: msg.OpLive, At: 1, Deltas: [][]byte{panel.Encode(d)}, Exercises: exs}).Encode())
			if err != nil {
				t.Fatal(err)
			}
			var verdicts *msg.Verdicts
			answerLive(m.(*msg.Request), answerer{1, func(a any) {
				switch a := a.(type) {
				case *msg.Failure:
					t.Fatalf("%s: %s", what, a.Error)
				case *msg.Verdicts:
					verdicts = a
				}
			}})
			tr := &kept.t
			if d := cmp.Diff(replay.Steps(tr), kept.steps); d != "" {
				t.Fatalf("%s: the worker's steps are not replay.Steps of its transcript (-Steps +worker):\n%s", what, d)
			}
			want, err := check.Run(ctx, tr, check.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, kept.check.Update(tr, nil)); d != "" {
				t.Fatalf("%s: the worker's findings are not check.Run's (-Run +worker):\n%s", what, d)
			}
			if d := cmp.Diff(exercise.Judge(exs, tr, kept.steps), verdicts.Verdicts); d != "" {
				t.Fatalf("%s: the worker's verdicts are not exercise.Judge's (-Judge +worker):\n%s", what, d)
			}
			for i, x := range tr.Exchanges {
				if !x.Settled() {
					after = max(after, len(tr.Exchanges)-1-i)
					break
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	do := func(what string, f func() (*live.Result, error)) *live.Result {
		t.Helper()
		r, err := f()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		catchUp(what)
		return r
	}
	r := do("SendDiff by stream", func() (*live.Result, error) { return s.SendDiff(ctx, live.DiffArgs{Road: live.RoadStream}) })
	review := live.TaskArgs{TaskID: r.Task.ID}
	for range 3 {
		do("GetTask", func() (*live.Result, error) { return s.GetTask(ctx, review) })
	}
	d := do("Deploy by stream", func() (*live.Result, error) { return s.Deploy(ctx, live.DeployArgs{Road: live.RoadStream}) })
	do("GetTask", func() (*live.Result, error) { return s.GetTask(ctx, live.TaskArgs{TaskID: d.Task.ID}) })
	do("Answer", func() (*live.Result, error) { return s.Answer(ctx, live.AnswerArgs{TaskID: r.Task.ID, Text: "main"}) })
	do("GetTask", func() (*live.Result, error) { return s.GetTask(ctx, review) })
	do("Approve", func() (*live.Result, error) { return s.Approve(ctx, live.DecideArgs{TaskID: d.Task.ID}) })
	for range 10 { // the streams' last frames and ends
		time.Sleep(30 * time.Millisecond)
		catchUp("the end")
	}
	resets = kept.check.Resets
	open := 0
	for _, x := range kept.t.Exchanges {
		if !x.Settled() {
			open++
		}
	}
	t.Logf("%d events, %d exchanges (%d unsettled at the end, at most %d after one open), the check read the session whole %d times", events, len(kept.t.Exchanges), open, after, resets)
	if after < 2 {
		t.Errorf("at most %d exchanges came after one still open, want a stream open while two or more came", after)
	}
	if resets != 1 {
		t.Errorf("the check read the session whole %d times, want once (the first)", resets)
	}
}

// pageExercises are the exercises of the site's lessons, as the page
// sends them with a check.
func pageExercises(tb testing.TB) []onpage.Exercise {
	tb.Helper()
	exs, err := lesson.PageExercises("../../web/lessons")
	if err != nil || len(exs) == 0 {
		tb.Fatalf("the lessons' exercises: %d, %v", len(exs), err)
	}
	return exs
}
