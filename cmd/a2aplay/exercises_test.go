package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/live"
	"github.com/a2aplay/a2aplay/replay"
)

// A play is a learner's moves in a Live session of the kit, run against
// the same live.Session the page's Live panel drives.
type play func(p *player) error

// solutions play each exercise of the shipped lessons to done, and
// wrongRoads take each wrong road an exercise lists ("ID/N", the Nth
// wrong key, from 1). TestLessonExercises fails for an exercise or a road
// without one: every exercise is proven solvable, every road recognised.
var solutions = map[string]play{
	"answer-same-task": func(p *player) error {
		t := p.ask()
		p.answer(t, "main")
		return nil
	},
	"read-the-question": func(p *player) error {
		t := p.ask()
		p.move("GetTask", func(ctx context.Context) (*live.Result, error) {
			return p.s.GetTask(ctx, live.TaskArgs{TaskID: t})
		})
		p.answer(t, "main")
		return nil
	},
	"finished-means-finished": func(p *player) error {
		t := p.ask()
		p.answer(t, "main")
		p.answer(t, "and one more thing")
		return nil
	},
	"approve-on-the-stream": func(p *player) error {
		t := p.deploy(false)
		p.approve(t)
		return p.waitState(t, replay.StateCompleted)
	},
	"refuse-the-deploy": func(p *player) error {
		t := p.deploy(false)
		p.move("Refuse", func(ctx context.Context) (*live.Result, error) { return p.s.Refuse(ctx, live.DecideArgs{TaskID: t}) })
		return p.waitTerminal(t)
	},
	"cancel-the-wait": func(p *player) error {
		t := p.deploy(true)
		p.move("Cancel", func(ctx context.Context) (*live.Result, error) { return p.s.Cancel(ctx, live.TaskArgs{TaskID: t}) })
		return nil
	},
	"stream-the-question": func(p *player) error {
		t := p.streamDiff()
		// The reviewer asks one question a time: the repository, then
		// the base branch.
		for _, answer := range []string{agents.SampleRepository, "main"} {
			p.move("Send", func(ctx context.Context) (*live.Result, error) {
				return p.s.Send(ctx, live.SendArgs{Agent: agents.ReviewerName, TaskID: t, Text: answer, Stream: true})
			})
		}
		return p.waitState(t, replay.StateCompleted)
	},
	"subscribe-before-approving": func(p *player) error {
		t := p.deploy(true)
		p.move("Subscribe", func(ctx context.Context) (*live.Result, error) { return p.s.Subscribe(ctx, live.TaskArgs{TaskID: t}) })
		p.approve(t)
		return p.waitState(t, replay.StateCompleted)
	},
	"no-stream-held": func(p *player) error {
		t := p.deploy(true)
		p.approve(t)
		return p.poll(t)
	},
	"poll-through-the-wait": func(p *player) error {
		t := p.deploy(true)
		p.move("GetTask", func(ctx context.Context) (*live.Result, error) {
			return p.s.GetTask(ctx, live.TaskArgs{TaskID: t})
		})
		p.approve(t)
		return p.poll(t)
	},
	"answer-through-the-planner": func(p *player) error {
		t := p.plan("")
		if err := p.waitState(t, replay.StateInputRequired); err != nil {
			return err
		}
		p.answer(t, "main")
		return p.waitState(t, replay.StateAuthRequired)
	},
	"be-there-when-it-resumes": func(p *player) error {
		t := p.roadDeploy(live.RoadWebhook)
		// A learner approves once the wait has reached the webhook. An
		// approval sent the moment the send returns can overtake the
		// notifications still on their way: the late WORKING of the
		// start then steps the task out of AUTH_REQUIRED just before the
		// approval, and the grade says the operator decided no waiting
		// task (5 runs in 8 failed so on a loaded machine).
		if err := p.waitPush(t, replay.StateAuthRequired); err != nil {
			return err
		}
		p.approve(t)
		return p.waitState(t, replay.StateCompleted)
	},
	"question-by-webhook": func(p *player) error {
		t := p.roadDiff(live.RoadWebhook)
		if err := p.waitState(t, replay.StateInputRequired); err != nil {
			return err
		}
		// The question can reach the webhook before a2a-go has let go of
		// the execution that asked it: an answer then is refused
		// ("already in progress"), and a learner answers again.
		for try := 0; ; try++ {
			r := p.move("Answer", func(ctx context.Context) (*live.Result, error) {
				return p.s.Answer(ctx, live.AnswerArgs{TaskID: t, Text: "main"})
			})
			if r.Task != nil && r.Task.State == replay.StateCompleted || try == 10 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		return p.waitPush(t, replay.StateCompleted)
	},
	"approve-for-the-chain": func(p *player) error {
		t := p.plan("main")
		if err := p.waitState(t, replay.StateAuthRequired); err != nil {
			return err
		}
		p.move("Subscribe", func(ctx context.Context) (*live.Result, error) { return p.s.Subscribe(ctx, live.TaskArgs{TaskID: t}) })
		p.approve(t)
		return p.waitState(t, replay.StateCompleted)
	},
}

// otherSolutions solve exercises by another road than solutions do:
// the roads' exercises are solved by a webhook and by polling both.
var otherSolutions = map[string]play{
	"be-there-when-it-resumes": func(p *player) error {
		t := p.roadDeploy(live.RoadPoll)
		if err := p.pollUntil(t, replay.StateAuthRequired); err != nil {
			return err
		}
		p.approve(t)
		return p.pollUntil(t, replay.StateCompleted)
	},
}

var wrongRoads = map[string]play{
	"be-there-when-it-resumes/1": func(p *player) error { return solutions["approve-on-the-stream"](p) },
	"be-there-when-it-resumes/2": func(p *player) error {
		t := p.roadDeploy(live.RoadSubscribe)
		p.approve(t) // and never subscribes
		time.Sleep(200 * time.Millisecond)
		return nil
	},
	"question-by-webhook/1": func(p *player) error {
		t := p.roadDiff(live.RoadPoll)
		return p.pollUntil(t, replay.StateInputRequired)
	},
	"answer-same-task/1": func(p *player) error {
		p.ask()
		p.move("Send", func(ctx context.Context) (*live.Result, error) {
			return p.s.Send(ctx, live.SendArgs{Agent: agents.ReviewerName, Text: "main"})
		})
		return nil
	},
	"answer-same-task/2": func(p *player) error {
		t := p.ask()
		p.move("Cancel", func(ctx context.Context) (*live.Result, error) { return p.s.Cancel(ctx, live.TaskArgs{TaskID: t}) })
		return nil
	},
	"approve-on-the-stream/1": func(p *player) error {
		t := p.deploy(false)
		p.move("SendWhileWaiting", func(ctx context.Context) (*live.Result, error) {
			return p.s.SendWhileWaiting(ctx, live.MessageArgs{TaskID: t, Text: "approved"})
		})
		return nil
	},
	"approve-on-the-stream/2":      approveUnwatched,
	"refuse-the-deploy/1":          func(p *player) error { return solutions["approve-on-the-stream"](p) },
	"subscribe-before-approving/1": approveUnwatched,
	"no-stream-held/1":             approveUnwatched,
	"poll-through-the-wait/1":      func(p *player) error { return solutions["approve-on-the-stream"](p) },
	"stream-the-question/1": func(p *player) error {
		p.streamDiff()
		p.move("Send", func(ctx context.Context) (*live.Result, error) {
			return p.s.Send(ctx, live.SendArgs{Agent: agents.ReviewerName, Text: "main", Stream: true})
		})
		return nil
	},
	"approve-for-the-chain/1": func(p *player) error {
		t := p.plan("main")
		if err := p.waitState(t, replay.StateAuthRequired); err != nil {
			return err
		}
		p.approve(t)
		time.Sleep(200 * time.Millisecond) // the chain completes, unseen
		return nil
	},
	"answer-through-the-planner/1": func(p *player) error {
		t := p.plan("")
		if err := p.waitState(t, replay.StateInputRequired); err != nil {
			return err
		}
		p.move("Send", func(ctx context.Context) (*live.Result, error) {
			return p.s.Send(ctx, live.SendArgs{Agent: agents.PlannerName, Text: "main"})
		})
		return nil
	},
}

// approveUnwatched deploys with a blocking SendMessage and approves
// with nothing open to hear the resumption, and asks nothing after.
func approveUnwatched(p *player) error {
	t := p.deploy(true)
	p.approve(t)
	time.Sleep(200 * time.Millisecond) // the deploy completes, unseen
	return nil
}

// TestLessonExercises plays every exercise of web/lessons to done, and
// every wrong road it lists to missed with that road's hint, in Live
// sessions of the kit; each session is saved and graded by a2aplay check
// -exercises, as a teacher would grade it.
func TestLessonExercises(t *testing.T) {
	lessons, err := filepath.Glob("../../web/lessons/*.md")
	if err != nil || len(lessons) == 0 {
		t.Fatalf("no lessons: %v", err)
	}
	total := 0
	perLive := map[string]int{}
	for _, file := range lessons {
		exs, err := lesson.ReadExercises(file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, ex := range exs {
			total++
			perLive[ex.Live]++
			t.Run(ex.ID, func(t *testing.T) {
				solve, ok := solutions[ex.ID]
				if !ok {
					t.Fatalf("%s: exercise %s has no solution in this test", file, ex.ID)
				}
				session := playSession(t, solve)
				grade(t, file, ex, session, exercise.Done, "")
				for i, road := range ex.Wrong {
					key := fmt.Sprintf("%s/%d", ex.ID, i+1)
					take, ok := wrongRoads[key]
					if !ok {
						t.Errorf("%s: wrong road %d of %s (%q) has no session in this test", file, i+1, ex.ID, road.When.Text)
						continue
					}
					grade(t, file, ex, playSession(t, take), exercise.Missed, road.Hint)
				}
			})
		}
	}
	for id, solve := range otherSolutions {
		t.Run(id+"/other-road", func(t *testing.T) {
			for _, file := range lessons {
				exs, err := lesson.ReadExercises(file)
				if err != nil {
					t.Fatal(err)
				}
				for _, ex := range exs {
					if ex.ID == id {
						grade(t, file, ex, playSession(t, solve), exercise.Done, "")
						return
					}
				}
			}
			t.Fatalf("no exercise %s in the lessons", id)
		})
	}
	if total < 10 {
		t.Errorf("%d exercises in the lessons, want at least 10", total)
	}
	for _, l := range []string{"review", "deploy", "planner"} {
		if perLive[l] < 2 {
			t.Errorf("%d exercises play %s, want at least 2", perLive[l], l)
		}
	}
}

// grade saves nothing new: it runs a2aplay check -exercises on the saved
// session and checks the state it prints, and that the road taken is
// the one whose hint it shows.
func grade(t *testing.T, lessonFile string, ex *exercise.Exercise, session string, want exercise.Status, hint string) {
	t.Helper()
	var out, stderr bytes.Buffer
	checkOut = &out
	defer func() { checkOut = os.Stdout }()
	code := run(context.Background(), []string{"check", "-exercises", lessonFile, "-exercise", ex.ID, session}, &stderr)
	line := strings.TrimSpace(out.String())
	wantCode := 1
	if want == exercise.Done {
		wantCode = 0
	}
	prefix := session + ": " + ex.ID + ": " + want.String()
	if code != wantCode || !strings.HasPrefix(line, prefix) {
		t.Errorf("graded %q (exit %d), want %q… (exit %d); stderr %s", line, code, prefix, wantCode, stderr.String())
		return
	}
	if hint != "" {
		// The hint as written, up to its first {name}: the rest names
		// what the session did.
		fixed := strings.NewReplacer("{{", "(", "}}", ")").Replace(hint)
		if i := strings.IndexByte(fixed, '{'); i >= 0 {
			fixed = fixed[:i]
		}
		if !strings.Contains(line, fixed) || strings.ContainsAny(strings.TrimPrefix(line, prefix), "{}") {
			t.Errorf("graded %q, want the hint %q filled in", line, hint)
		}
	}
}

// playSession plays moves in a new offline Live session and saves it as
// a transcript file, whose path it returns.
func playSession(t *testing.T, moves play) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := live.Open(ctx, live.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := &player{t: t, s: s}
	if err := moves(p); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "session.http")
	var b bytes.Buffer
	if err := s.Save(&b, live.SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A player makes a learner's moves; a move that fails fails the test.
type player struct {
	t *testing.T
	s *live.Session
}

func (p *player) move(name string, f func(context.Context) (*live.Result, error)) *live.Result {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := f(ctx)
	if err != nil {
		p.t.Fatalf("%s: %v", name, err)
	}
	return r
}

// ask sends the sample diff without a base branch, and returns the task
// that asks for one.
func (p *player) ask() string {
	p.t.Helper()
	r := p.move("SendDiff", func(ctx context.Context) (*live.Result, error) { return p.s.SendDiff(ctx, live.DiffArgs{}) })
	if r.Task == nil || r.Task.State != replay.StateInputRequired {
		p.t.Fatalf("SendDiff: %+v, want a task in INPUT_REQUIRED", r.Task)
	}
	return r.Task.ID
}

func (p *player) answer(task, text string) {
	p.t.Helper()
	p.move("Answer", func(ctx context.Context) (*live.Result, error) {
		return p.s.Answer(ctx, live.AnswerArgs{TaskID: task, Text: text})
	})
}

// streamDiff sends the sample review over a stream, and returns its task
// once it asks for a base branch.
func (p *player) streamDiff() string {
	p.t.Helper()
	r := p.move("Send", func(ctx context.Context) (*live.Result, error) {
		return p.s.Send(ctx, live.SendArgs{Agent: agents.ReviewerName, Text: agents.SampleDiff, Stream: true})
	})
	if r.Task == nil {
		p.t.Fatalf("a streamed review: no task (%+v)", r)
	}
	if err := p.waitState(r.Task.ID, replay.StateInputRequired); err != nil {
		p.t.Fatal(err)
	}
	return r.Task.ID
}

// deploy deploys the sample build, over a stream or with a blocking
// SendMessage, and returns the task once it waits for the operator.
func (p *player) deploy(blocking bool) string {
	p.t.Helper()
	r := p.move("Deploy", func(ctx context.Context) (*live.Result, error) {
		return p.s.Deploy(ctx, live.DeployArgs{Blocking: blocking})
	})
	if r.Task == nil {
		p.t.Fatalf("Deploy: no task (%+v)", r)
	}
	if err := p.waitState(r.Task.ID, replay.StateAuthRequired); err != nil {
		p.t.Fatal(err)
	}
	return r.Task.ID
}

// roadDeploy deploys the sample build waiting by road, and returns the
// task (in AUTH_REQUIRED: the send is blocking unless the road is the
// stream).
func (p *player) roadDeploy(road live.Road) string {
	p.t.Helper()
	return p.started("Deploy by "+string(road), func(ctx context.Context) (*live.Result, error) {
		return p.s.Deploy(ctx, live.DeployArgs{Road: road})
	})
}

// roadDiff sends the sample diff without a base branch, waiting by road,
// and returns the task.
func (p *player) roadDiff(road live.Road) string {
	p.t.Helper()
	return p.started("SendDiff by "+string(road), func(ctx context.Context) (*live.Result, error) {
		return p.s.SendDiff(ctx, live.DiffArgs{Road: road})
	})
}

// started makes a move that starts a task, and returns the task.
func (p *player) started(name string, f func(context.Context) (*live.Result, error)) string {
	p.t.Helper()
	r := p.move(name, f)
	if r.Task == nil {
		p.t.Fatalf("%s: no task (%+v)", name, r)
	}
	return r.Task.ID
}

// pollUntil polls as the page's poll road does, every 50 ms here, until
// an ask finds the task in state.
func (p *player) pollUntil(task, state string) error {
	p.t.Helper()
	for n := 1; n <= 200; n++ {
		r := p.move("Poll", func(ctx context.Context) (*live.Result, error) {
			return p.s.Poll(ctx, live.PollArgs{TaskID: task, Number: n})
		})
		if r.Task != nil && r.Task.State == state {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("task %s never polled in %s", task, state)
}

// waitPush waits until a notification to the client's webhook has
// reported task in state: the kit posts it after the answer that
// caused it.
func (p *player) waitPush(task, state string) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, st := range replay.Steps(p.s.Transcript()) {
			if st.Kind == replay.KindPush && st.Reports && st.TaskID == task && st.State == state {
				return nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("no notification of %s for task %s", state, task)
}

func (p *player) plan(base string) string {
	p.t.Helper()
	r := p.move("RunPlanner", func(ctx context.Context) (*live.Result, error) {
		return p.s.RunPlanner(ctx, live.PlanArgs{Base: base})
	})
	if r.Task == nil {
		p.t.Fatalf("RunPlanner: no task (%+v)", r)
	}
	return r.Task.ID
}

func (p *player) approve(task string) {
	p.t.Helper()
	p.move("Approve", func(ctx context.Context) (*live.Result, error) {
		return p.s.Approve(ctx, live.DecideArgs{TaskID: task})
	})
}

// poll asks for the task with GetTask, backing off from 50 ms, until
// it has ended.
func (p *player) poll(task string) error {
	p.t.Helper()
	wait := 50 * time.Millisecond
	for i := 0; i < 12; i++ {
		r := p.move("GetTask", func(ctx context.Context) (*live.Result, error) {
			return p.s.GetTask(ctx, live.TaskArgs{TaskID: task})
		})
		if r.Task != nil && replay.Terminal(r.Task.State) {
			return nil
		}
		time.Sleep(wait)
		wait = min(2*wait, time.Second)
	}
	return fmt.Errorf("task %s did not end", task)
}

func (p *player) waitState(task, state string) error {
	return p.waitFor(task, func(s string) bool { return s == state }, state)
}

func (p *player) waitTerminal(task string) error {
	return p.waitFor(task, replay.Terminal, "a terminal state")
}

func (p *player) waitFor(task string, ok func(string) bool, what string) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		last := ""
		for _, t := range p.s.Snapshot().Tasks {
			if t.ID == task {
				last = t.State
			}
		}
		if ok(last) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("task %s is in %q, not %s", task, last, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
