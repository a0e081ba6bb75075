package agents

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// TestWaitExpires: a task nobody answers, or nobody approves, ends in
// REJECTED when its wait runs out, and leaves nothing behind.
func TestWaitExpires(t *testing.T) {
	const wait = 150 * time.Millisecond
	{
		rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock, WaitTimeout: wait}) })
		dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock, WaitTimeout: wait}) })
		hc := testHTTPClient(t)
		rc, dc := newClient(t, hc, rv.url), newClient(t, hc, dep.url)

		// The code-reviewer's question.
		task := sendTask(t, rc, NewReviewMessage(SampleRepository, "", SampleDiff))
		if task.Status.State != a2a.TaskStateInputRequired || rv.waiting() != 1 {
			t.Fatalf("%s, %d waits armed", task.Status.State, rv.waiting())
		}
		got := waitState(t, rc, task.ID, a2a.TaskStateRejected)
		if want := "No answer came within 150ms, so I closed this task. Send a new request to start again."; MessageText(got.Status.Message) != want {
			t.Errorf("expired: %q, want %q", MessageText(got.Status.Message), want)
		}
		if _, err := rc.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: NewAnswerMessage(task, "main")}); err == nil {
			t.Error("an answer after the expiry was taken")
		}
		if rv.waiting() != 0 || rv.pendingCount() != 0 {
			t.Errorf("after the expiry: %d waits, %d requests remembered", rv.waiting(), rv.pendingCount())
		}

		// An answer in time disarms the wait.
		task = sendTask(t, rc, NewReviewMessage(SampleRepository, "", SampleDiff))
		task = sendTask(t, rc, NewAnswerMessage(task, "main"))
		time.Sleep(2 * wait)
		if got := waitState(t, rc, task.ID, a2a.TaskStateCompleted); got.Status.State != a2a.TaskStateCompleted || rv.waiting() != 0 {
			t.Errorf("answered in time: %s, %d waits", got.Status.State, rv.waiting())
		}

		// The deployer's wait for an operator: the open stream carries the
		// end and closes.
		s := startStream(dc.SendStreamingMessage(context.Background(), &a2a.SendMessageRequest{Message: NewDeployMessage(SampleBuild, SampleEnvironment)}))
		var id a2a.TaskID
		for f := frameOf(s.next(t)); f.State != a2a.TaskStateAuthRequired; f = frameOf(s.next(t)) {
		}
		for ev := range s.events {
			f := frameOf(ev)
			id = ev.TaskInfo().TaskID
			if f.State != a2a.TaskStateRejected || !strings.HasPrefix(f.Text, "No operator decided within 150ms; nothing was deployed.") {
				t.Errorf("after the wait: %+v, want REJECTED", f)
			}
		}
		<-s.done
		if s.err != nil {
			t.Errorf("stream: %v", s.err)
		}
		if code, body := post(t, hc, ApproveURL(dep.url, id)); code != http.StatusConflict || !strings.Contains(body, "no operator decided in time") {
			t.Errorf("approve after the expiry: %d %s", code, body)
		}
		for i := 0; dep.active.Load() != 0; i++ {
			if i == 200 {
				t.Fatalf("%d executions left", dep.active.Load())
			}
			time.Sleep(10 * time.Millisecond)
		}
		// Every goroutine the waiting tasks held has ended: no execution,
		// event queue or stream of a2a-go's or the kit's is left.
		var stacks string
		for i := 0; i < 200; i++ {
			buf := make([]byte, 1<<20)
			stacks = string(buf[:runtime.Stack(buf, true)])
			if !strings.Contains(stacks, "a2a-go/v2/internal/taskexec") && !strings.Contains(stacks, "agents.(*deployer).execute") {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Errorf("goroutines left by the ended tasks:\n%s", stacks)
	}
}

// TestStoreLimit: finished tasks are evicted oldest first; unfinished ones
// never are, and a full store of them refuses new tasks until one ends.
func TestStoreLimit(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock, MaxTasks: 3}) })
	dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock, MaxTasks: 2}) })
	hc := testHTTPClient(t)
	rc, dc := newClient(t, hc, rv.url), newClient(t, hc, dep.url)

	var ids []a2a.TaskID
	for i := 0; i < 5; i++ {
		ids = append(ids, sendTask(t, rc, NewReviewMessage(SampleRepository, "main", SampleDiff)).ID)
	}
	if all, finished := rv.store.len(); all != 3 || finished != 3 {
		t.Errorf("the store holds %d tasks, %d finished; want 3, 3", all, finished)
	}
	for i, id := range ids {
		_, err := rc.GetTask(context.Background(), &a2a.GetTaskRequest{ID: id})
		if evicted := i < 2; evicted != errors.Is(err, a2a.ErrTaskNotFound) {
			t.Errorf("task %d: GetTask error %v, want evicted %v", i+1, err, evicted)
		}
	}

	// Two deploys waiting fill the deployer.
	w1 := sendTask(t, dc, NewDeployMessage(SampleBuild, SampleEnvironment))
	sendTask(t, dc, NewDeployMessage(SampleBuild, SampleEnvironment))
	if _, err := dc.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: NewDeployMessage(SampleBuild, SampleEnvironment)}); err == nil {
		t.Fatal("a third task was taken while two wait")
	} else if !strings.Contains(err.Error(), "unfinished tasks") {
		t.Errorf("a third task: %v, want one saying the agent is full", err)
	}
	if code, _ := post(t, hc, RefuseURL(dep.url, w1.ID)); code != http.StatusOK {
		t.Fatalf("refuse: %d", code)
	}
	waitState(t, dc, w1.ID, a2a.TaskStateRejected)
	// Room again: the refused task is evicted, and the deployer forgets it.
	if task := sendTask(t, dc, NewDeployMessage(SampleBuild, SampleEnvironment)); task.Status.State != a2a.TaskStateAuthRequired {
		t.Errorf("after one ended: %s", task.Status.State)
	}
	if code, _ := post(t, hc, ApproveURL(dep.url, w1.ID)); code != http.StatusNotFound {
		t.Errorf("approve an evicted task: %d, want 404", code)
	}
}

func TestExpiryLogs(t *testing.T) {
	var buf strings.Builder
	l := slog.New(expiryLogs{slog.NewTextHandler(&buf, nil)}).WithGroup("a2a").With("task_id", "t")
	l.Warn("task cancelation failed, resolving to a different state", "state", a2a.TaskStateRejected)
	if buf.Len() != 0 {
		t.Errorf("the expiry's own warning was logged: %s", buf.String())
	}
	l.Warn("task cancelation failed, resolving to a different state", "state", a2a.TaskStateCompleted)
	l.Warn("something else", "state", a2a.TaskStateRejected)
	if got := strings.Count(buf.String(), "level=WARN"); got != 2 {
		t.Errorf("%d warnings passed, want 2:\n%s", got, buf.String())
	}
}

// TestPlannerWaitExpires: the planner's question to its client expires
// like the reviewer's, and cancels the reviewer's task it waited on.
func TestPlannerWaitExpires(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	pl := serve(t, func(u string) *Agent {
		return NewPlanner(Config{BaseURL: u, Clock: testClock, WaitTimeout: 150 * time.Millisecond, ReviewerURL: rv.url, DeployerURL: "http://127.0.0.1:1"})
	})
	hc := testHTTPClient(t)
	pc := newClient(t, hc, pl.url)
	task := sendTask(t, pc, NewPlanMessage(PlanRequest{Repository: SampleRepository, Diff: SampleDiff, Build: SampleBuild, Environment: SampleEnvironment}))
	if task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("plan: %s %q", task.Status.State, MessageText(task.Status.Message))
	}
	got := waitState(t, pc, task.ID, a2a.TaskStateRejected)
	if !strings.HasPrefix(MessageText(got.Status.Message), "No answer came within 150ms") {
		t.Errorf("expired plan: %q", MessageText(got.Status.Message))
	}
	if pl.pendingCount() != 0 || pl.waiting() != 0 {
		t.Errorf("the planner keeps %d requests, %d waits", pl.pendingCount(), pl.waiting())
	}
	// The reviewer's task it waited on was canceled, and forgotten.
	for i := 0; rv.pendingCount() != 0; i++ {
		if i == 200 {
			t.Fatalf("the reviewer still keeps %d requests", rv.pendingCount())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
