package capture

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/backoff"
)

// The learner's side and the operator's side of the captures.
const (
	ClientName   = "client"
	OperatorName = "operator"
)

// Ids the tutorial shows; the scenarios pin the ids they observe to these.
const (
	ReviewTaskID    = "e5c95b09-6d4b-4b3b-8693-91e81472d12f" // 06: the code-reviewer's task
	ReviewContextID = "49c5a238-4158-455d-8d63-b2cb39c0ecac" // 06: its context
	DeployTaskID    = "ecf2dcb6-79c8-48f8-8868-24a0541781f4" // 07: the deployer's task
	DeployContextID = "9e8e6bcf-b117-48b9-992a-67971cddcb1b" // 07: its context
	ChainDeployID   = "a31361b3-6c0e-4b7a-9d52-0f4e8c1d27b6" // 19: the planner's task at the deployer
)

var inputRequired = &Scenario{
	Name:    "06-input-required",
	Title:   "the review question and its answer",
	Parties: []string{ClientName, agents.ReviewerName},
	run:     runInputRequired,
}

// runInputRequired: the client sends the payments-api diff without a base
// branch; the code-reviewer asks for one (INPUT_REQUIRED); the client
// answers "main" as a new message on the same task and context; the
// review completes with review.json.
func runInputRequired(ctx context.Context, s *Session) error {
	c, err := s.Client(ctx, ClientName, s.Kit.Reviewer, false)
	if err != nil {
		return err
	}
	defer c.Destroy()

	task, err := askReview(ctx, s, c)
	if err != nil {
		return err
	}
	s.Pin(string(task.ID), ReviewTaskID)
	s.Pin(task.ContextID, ReviewContextID)
	s.Note(1, "No base branch in the request: the code-reviewer cannot start.")

	s.waiting("the reply to the answer")
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewAnswerMessage(task, agents.SampleBase),
	})
	if err != nil {
		return fmt.Errorf("the answer: %w", err)
	}
	done, err := asTask(res, a2a.TaskStateCompleted, "the answer")
	if err != nil {
		return err
	}
	if done.ID != task.ID || done.ContextID != task.ContextID {
		return fmt.Errorf("the answer completed task %s in context %s, want %s in %s", done.ID, done.ContextID, task.ID, task.ContextID)
	}
	if !hasArtifact(done, agents.ReviewArtifact) {
		return fmt.Errorf("the completed review has no %s", agents.ReviewArtifact)
	}
	s.Note(2, "The answer is a new message with the task's taskId and contextId.")
	return nil
}

// askReview sends the payments-api diff to the code-reviewer without a
// base branch, and returns the task once the code-reviewer asks for one
// (INPUT_REQUIRED with [agents.BaseBranchQuestion]).
func askReview(ctx context.Context, s *Session, c *a2aclient.Client) (*a2a.Task, error) {
	s.waiting("the reply to the review request")
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff),
	})
	if err != nil {
		return nil, fmt.Errorf("the review request: %w", err)
	}
	task, err := asTask(res, a2a.TaskStateInputRequired, "the review request")
	if err != nil {
		return nil, err
	}
	if q := statusText(task); q != agents.BaseBranchQuestion {
		return nil, fmt.Errorf("the question is %q, want %q", q, agents.BaseBranchQuestion)
	}
	return task, nil
}

var authRequired = &Scenario{
	Name:    "07-auth-required",
	Title:   "a deploy that waits for an operator",
	Parties: []string{ClientName, agents.DeployerName, OperatorName},
	run:     func(ctx context.Context, s *Session) error { return runDeploy(ctx, s, true, false) },
}

var authRefused = &Scenario{
	Name:    "08-auth-refused",
	Title:   "an operator refuses a deploy",
	Parties: []string{ClientName, agents.DeployerName, OperatorName},
	run:     func(ctx context.Context, s *Session) error { return runDeploy(ctx, s, false, false) },
}

var restBinding = &Scenario{
	Name:    "10-rest-binding",
	Title:   "the approved deploy over the HTTP+JSON binding",
	Parties: []string{ClientName, agents.DeployerName, OperatorName},
	run:     func(ctx context.Context, s *Session) error { return runDeploy(ctx, s, true, true) },
}

// runDeploy: the client streams a deploy of build 2026.10.06-1 to
// staging; the third frame asks for approval at the deployer's approve
// URL; the operator approves (or refuses) outside A2A; the client reads
// the same stream on to its end. With rest the client uses the HTTP+JSON
// binding, and asks for the task once the stream is over.
func runDeploy(ctx context.Context, s *Session, approve, rest bool) error {
	c, err := s.Client(ctx, ClientName, s.Kit.Deployer, rest)
	if err != nil {
		return err
	}
	defer c.Destroy()

	st := s.open("the deploy stream", c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewDeployMessage(agents.SampleBuild, agents.SampleEnvironment),
	}))
	defer st.stop()
	var third a2a.Event
	for range 3 {
		if third, err = st.read(); err != nil {
			return err
		}
	}
	if stateOf(third) != a2a.TaskStateAuthRequired {
		return fmt.Errorf("frame 3 of the deploy stream is in %q, want %s", stateOf(third), a2a.TaskStateAuthRequired)
	}
	info := third.(a2a.TaskInfoProvider).TaskInfo()
	url, err := approveURL(statusText(third))
	if err != nil {
		return err
	}
	if want := agents.ApproveURL(s.Kit.Deployer.BaseURL(), info.TaskID); url != want {
		return fmt.Errorf("frame 3 names %s, want %s", url, want)
	}
	if !rest {
		s.Pin(string(info.TaskID), DeployTaskID)
		s.Pin(info.ContextID, DeployContextID)
	}
	s.Note(1, "One stream: it stays open while the deploy waits for the operator.")

	decision, what := url, "the operator's approval"
	if !approve {
		decision, what = agents.RefuseURL(s.Kit.Deployer.BaseURL(), info.TaskID), "the operator's refusal"
	}
	if err := s.decide(ctx, decision, what, http.StatusOK); err != nil {
		return err
	}
	s.Note(2, "Outside A2A: the operator's decision goes straight to the deployer.")

	rest3, err := st.drain()
	if err != nil {
		return err
	}
	evs := len(rest3) + 3
	last := rest3[len(rest3)-1:]
	if len(last) == 0 {
		return fmt.Errorf("the deploy stream ended at frame 3")
	}
	final := stateOf(last[0])
	switch {
	case approve && (evs != 6 || final != a2a.TaskStateCompleted):
		return fmt.Errorf("the approved deploy stream has %d frames ending in %q, want 6 ending in %s", evs, final, a2a.TaskStateCompleted)
	case !approve && final != a2a.TaskStateRejected:
		return fmt.Errorf("the refused deploy stream ends in %q, want %s", final, a2a.TaskStateRejected)
	}

	if !approve {
		// The refusal is spent: approving the same task now is a conflict.
		if err := s.decide(ctx, url, "a late approval of the refused deploy", http.StatusConflict); err != nil {
			return err
		}
		s.Note(3, "A decision is spent on the task it was made for; a late approval is refused.")
	}
	if rest {
		s.waiting("the reply to GetTask")
		t, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: info.TaskID})
		if err != nil {
			return fmt.Errorf("GetTask: %w", err)
		}
		if t.Status.State != a2a.TaskStateCompleted {
			return fmt.Errorf("GetTask: the task is in %s, want %s", t.Status.State, a2a.TaskStateCompleted)
		}
	}
	return nil
}

func hasArtifact(t *a2a.Task, name string) bool {
	for _, a := range t.Artifacts {
		if a != nil && a.Name == name {
			return true
		}
	}
	return false
}

var plannerChain = &Scenario{
	Name:    "19-planner",
	Title:   "the planner passes the question and the approval up",
	Parties: []string{ClientName, agents.PlannerName, agents.ReviewerName, agents.DeployerName, OperatorName},
	run:     runPlanner,
}

// runPlanner: the client asks the planner to review and deploy, with no
// base branch. The planner passes the code-reviewer's question up; the
// client answers on the planner's task; the planner gets the review,
// asks the deployer (a blocking SendMessage that returns at
// AUTH_REQUIRED), subscribes to the deployer's task, and after that
// stream's first frame passes the approval request up (its own task goes
// AUTH_REQUIRED, which ends the client's blocking call). The client
// subscribes to the planner's task so it cannot miss the resumption, and
// only after that stream's first frame does the operator approve.
func runPlanner(ctx context.Context, s *Session) error {
	c, err := s.Client(ctx, ClientName, s.Kit.Planner, false)
	if err != nil {
		return err
	}
	defer c.Destroy()

	s.waiting("the planner's reply to the request")
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewPlanMessage(agents.PlanRequest{
		Repository:  agents.SampleRepository,
		Diff:        agents.SampleDiff,
		Build:       agents.SampleBuild,
		Environment: agents.SampleEnvironment,
	})})
	if err != nil {
		return fmt.Errorf("the plan request: %w", err)
	}
	task, err := asTask(res, a2a.TaskStateInputRequired, "the plan request")
	if err != nil {
		return err
	}
	if q := statusText(task); q != agents.BaseBranchQuestion {
		return fmt.Errorf("the planner asks %q, want the code-reviewer's %q", q, agents.BaseBranchQuestion)
	}
	s.Note(1, "The planner's task asks the code-reviewer's question: the planner passes it up.")

	s.waiting("the planner's reply to the answer")
	res, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(task, agents.SampleBase)})
	if err != nil {
		return fmt.Errorf("the answer to the planner: %w", err)
	}
	waiting, err := asTask(res, a2a.TaskStateAuthRequired, "the answer to the planner")
	if err != nil {
		return err
	}
	url, err := approveURL(statusText(waiting))
	if err != nil {
		return err
	}
	deployID, ok := strings.CutPrefix(url, agents.ApproveURL(s.Kit.Deployer.BaseURL(), ""))
	if !ok || !isUUID(deployID) {
		return fmt.Errorf("the planner's status names %s, not an approve URL of the deployer", url)
	}
	s.Pin(deployID, ChainDeployID)
	s.Note(4, "This call returns only when the planner's task goes AUTH_REQUIRED, after the planner saw the first frame of its subscription (exchange 8).")
	s.Note(5, "The planner gives the client's answer to the code-reviewer, on the code-reviewer's task.")
	s.Note(7, "A blocking SendMessage: it returns at AUTH_REQUIRED while the deploy waits.")
	s.Note(8, "The planner subscribes at once; the first frame is the task as it stands. Only then does it pass the request up.")
	s.Note(9, "The client subscribes too, so that it cannot miss the resumption.")
	s.Note(10, "Outside A2A: the operator approves on the deployer itself.")

	sub := s.open("the subscription to the planner's task", c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: task.ID}))
	defer sub.stop()
	first, err := sub.read()
	if err != nil {
		return err
	}
	if stateOf(first) != a2a.TaskStateAuthRequired {
		return fmt.Errorf("the subscription's first frame is in %q, want %s", stateOf(first), a2a.TaskStateAuthRequired)
	}

	if err := s.decide(ctx, url, "the operator's approval", http.StatusOK); err != nil {
		return err
	}

	evs, err := sub.drain()
	if err != nil {
		return err
	}
	if len(evs) == 0 || stateOf(evs[len(evs)-1]) != a2a.TaskStateCompleted {
		return fmt.Errorf("the planner's task did not end COMPLETED on the subscription (%d more frames)", len(evs))
	}
	return nil
}

// blockingDeploy sends the client's deploy of the sample build with a
// blocking SendMessage, which returns at AUTH_REQUIRED, and returns the
// client (the caller destroys it), the task and its approve URL. cfg is
// the request's configuration, if any.
func blockingDeploy(ctx context.Context, s *Session, cfg *a2a.SendMessageConfig) (*a2aclient.Client, *a2a.Task, string, error) {
	c, err := s.Client(ctx, ClientName, s.Kit.Deployer, false)
	if err != nil {
		return nil, nil, "", err
	}
	s.waiting("the reply to the deploy request")
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewDeployMessage(agents.SampleBuild, agents.SampleEnvironment),
		Config:  cfg,
	})
	if err != nil {
		c.Destroy()
		return nil, nil, "", fmt.Errorf("the deploy request: %w", err)
	}
	task, err := asTask(res, a2a.TaskStateAuthRequired, "the deploy request")
	if err == nil {
		var url string
		if url, err = approveURL(statusText(task)); err == nil {
			return c, task, url, nil
		}
	}
	c.Destroy()
	return nil, nil, "", err
}

var cancelDeploy = &Scenario{
	Name:    "09-cancel",
	Title:   "the client cancels a deploy that waits for approval",
	Parties: []string{ClientName, agents.DeployerName, OperatorName},
	run:     runCancel,
}

// runCancel: a blocking SendMessage returns the deploy at AUTH_REQUIRED;
// the client cancels the task; the operator's approval then comes too
// late and is refused.
func runCancel(ctx context.Context, s *Session) error {
	c, task, url, err := blockingDeploy(ctx, s, nil)
	if err != nil {
		return err
	}
	defer c.Destroy()
	s.Note(1, "A blocking SendMessage returns as soon as the task is interrupted.")

	s.waiting("the reply to CancelTask")
	canceled, err := c.CancelTask(ctx, &a2a.CancelTaskRequest{ID: task.ID})
	if err != nil {
		return fmt.Errorf("CancelTask: %w", err)
	}
	if canceled.Status.State != a2a.TaskStateCanceled {
		return fmt.Errorf("CancelTask: the task is in %s, want %s", canceled.Status.State, a2a.TaskStateCanceled)
	}
	s.Note(2, "The client may cancel a task that waits for authorization.")

	if err := s.decide(ctx, url, "the late approval of the canceled deploy", http.StatusConflict); err != nil {
		return err
	}
	s.Note(3, "The approval URL of a canceled task authorises nothing.")
	return nil
}

// PollFirst is how long the polling client of 14-poll waits before its
// first GetTask; then it backs off on package backoff's schedule, twice
// as long before each next one, never more than backoff.Longest of it
// (8 s), as the page's poller does in a Live session.
const PollFirst = time.Second

var pollDeploy = &Scenario{
	Name:    "14-poll",
	Title:   "a client polls a deploy that waits for approval",
	Parties: []string{ClientName, agents.DeployerName, OperatorName},
	run:     runPoll,
}

// runPoll: a blocking SendMessage returns the deploy at AUTH_REQUIRED,
// and the client holds no stream: it asks for the task with GetTask
// (historyLength 1: the latest message only), PollFirst after the
// reply and then backing off (package backoff), until the task has ended. The
// operator approves after the third ask; the fourth sees the deploy
// done. The ask that follows the approval waits until the deploy has
// completed (observed off the record), so the capture is the same on
// every run.
func runPoll(ctx context.Context, s *Session) error {
	c, task, url, err := blockingDeploy(ctx, s, nil)
	if err != nil {
		return err
	}
	defer c.Destroy()
	s.Note(1, fmt.Sprintf("A blocking SendMessage returns at AUTH_REQUIRED; the client holds no stream and polls GetTask, first after %d s, then twice as long each time, at most %d s.", PollFirst/time.Second, backoff.Longest(PollFirst)/time.Second))

	one := 1
	for ask := 1; ; ask++ {
		if ask == 4 {
			if err := s.decide(ctx, url, "the operator's approval", http.StatusOK); err != nil {
				return err
			}
			s.Note(ask+1, "Outside A2A: the operator approves. Nothing tells the polling client; it learns at its next ask.")
			if err := s.ended(ctx, s.Kit.Deployer, task.ID); err != nil {
				return err
			}
		}
		s.Rec.Wait(backoff.Wait(PollFirst, ask))
		s.waiting(fmt.Sprintf("the reply to GetTask number %d", ask))
		t, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: task.ID, HistoryLength: &one})
		if err != nil {
			return fmt.Errorf("GetTask number %d: %w", ask, err)
		}
		if t.Status.State.Terminal() {
			if t.Status.State != a2a.TaskStateCompleted {
				return fmt.Errorf("GetTask number %d: the deploy ended in %s", ask, t.Status.State)
			}
			s.Note(seqOfAsk(ask), fmt.Sprintf("The %s ask finds the deploy done: %d GetTask calls in all, %d of them while it waited for the operator.", ordinal(ask), ask, ask-1))
			return nil
		}
		if t.Status.State != a2a.TaskStateAuthRequired {
			return fmt.Errorf("GetTask number %d: the task is in %s, want %s", ask, t.Status.State, a2a.TaskStateAuthRequired)
		}
		if ask > 8 {
			return fmt.Errorf("the deploy has not ended after %d asks", ask)
		}
	}
}

var pushWebhook = &Scenario{
	Name:    "13-push-webhook",
	Title:   "a client waits for a deploy on its webhook",
	Parties: []string{ClientName, agents.DeployerName, WebhookName, OperatorName},
	run:     runPushWebhook,
}

// runPushWebhook: the client sends the deploy with a push config for its
// webhook in SendMessage's configuration; the blocking call returns at
// AUTH_REQUIRED and the client holds no stream. The agent calls the
// webhook with each event of the task; once the webhook has the
// AUTH_REQUIRED one, the operator approves, and once it has the
// COMPLETED one, the client reads the result with GetTask. The script
// acts only on what the webhook has received, so the capture is the
// same on every run.
func runPushWebhook(ctx context.Context, s *Session) error {
	hk, err := s.listenWebhook(agents.DeployerName)
	if err != nil {
		return err
	}
	c, task, url, err := blockingDeploy(ctx, s, &a2a.SendMessageConfig{
		PushConfig: &a2a.PushConfig{URL: hk.url + "/a2a/notify", Token: webhookToken},
	})
	if err != nil {
		return err
	}
	defer c.Destroy()
	s.waiting("the notification of AUTH_REQUIRED at the webhook")
	before, err := hk.until(ctx, a2a.TaskStateAuthRequired)
	if err != nil {
		return fmt.Errorf("the webhook's notifications before the approval: %w", err)
	}
	s.Note(1, "The client gives the deployer a webhook (taskPushNotificationConfig: its URL and a token) and holds no stream: the blocking SendMessage returns at AUTH_REQUIRED.")
	s.Note(2, "The agent calls back: each state change of the task is POSTed to the webhook as a StreamResponse, with the client's token in A2A-Notification-Token.")
	if err := s.decide(ctx, url, "the operator's approval", http.StatusOK); err != nil {
		return err
	}
	approve := 2 + before
	s.Note(approve, "Outside A2A: the operator approves. The client learns of it from its webhook, not from a stream or a poll.")
	s.waiting("the notification of COMPLETED at the webhook")
	after, err := hk.until(ctx, a2a.TaskStateCompleted)
	if err != nil {
		return fmt.Errorf("the webhook's notifications after the approval: %w", err)
	}
	one := 1
	s.waiting("the reply to GetTask")
	t, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: task.ID, HistoryLength: &one})
	if err != nil {
		return fmt.Errorf("GetTask: %w", err)
	}
	if t.Status.State != a2a.TaskStateCompleted {
		return fmt.Errorf("GetTask after the COMPLETED notification: the task is in %s", t.Status.State)
	}
	s.Note(approve+after+1, fmt.Sprintf("Told by its webhook that the deploy is done, the client reads the result with one GetTask: %d notifications, %d before the approval and %d after.", before+after, before, after))
	return nil
}

// seqOfAsk is the exchange of the polling client's ask number n in
// 14-poll: the deploy is exchange 1, the asks follow, and the approval
// comes before the fourth.
func seqOfAsk(n int) int {
	if n >= 4 {
		return n + 2
	}
	return n + 1
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return fmt.Sprintf("%dth", n)
}

// ended waits, off the record, until the agent's task has reached a
// terminal state: what a polling client's next ask then sees is the same
// on every run.
func (s *Session) ended(ctx context.Context, agent *agents.Agent, id a2a.TaskID) error {
	s.waiting(fmt.Sprintf("task %s at the %s to end", id, agent.Name()))
	c, err := a2aclient.NewFromCard(ctx, agent.Card(), a2aclient.WithDefaultsDisabled(),
		a2aclient.WithJSONRPCTransport(&http.Client{Transport: s.tr}))
	if err != nil {
		return fmt.Errorf("an unrecorded client of the %s: %w", agent.Name(), err)
	}
	defer c.Destroy()
	for {
		t, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: id})
		if err != nil {
			return err
		}
		if t.Status.State.Terminal() {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		runtime.Gosched()
	}
}

var wrongTask = &Scenario{
	Name:    "11-wrong-task",
	Title:   "answers that miss the task",
	Parties: []string{ClientName, agents.ReviewerName},
	run:     runWrongTask,
}

// runWrongTask: the code-reviewer asks for the base branch; the client
// answers first on a task id the agent does not know, then without the
// context id, and the wire shows what the agent says to each.
func runWrongTask(ctx context.Context, s *Session) error {
	c, err := s.Client(ctx, ClientName, s.Kit.Reviewer, false)
	if err != nil {
		return err
	}
	defer c.Destroy()

	task, err := askReview(ctx, s, c)
	if err != nil {
		return err
	}
	s.Note(1, "The code-reviewer asks which base branch to compare against.")

	s.waiting("the reply to an answer on an unknown task")
	wrong := a2a.TaskInfo{TaskID: a2a.NewTaskID(), ContextID: task.ContextID}
	_, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(wrong, agents.SampleBase)})
	if !errors.Is(err, a2a.ErrTaskNotFound) {
		return fmt.Errorf("an answer on an unknown task: got %v, want %v", err, a2a.ErrTaskNotFound)
	}
	s.Note(2, "A taskId the agent does not know: the task is not found.")

	s.waiting("the reply to an answer in another context")
	otherCtx := a2a.TaskInfo{TaskID: task.ID, ContextID: a2a.NewContextID()}
	_, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(otherCtx, agents.SampleBase)})
	if !errors.Is(err, a2a.ErrInvalidParams) {
		return fmt.Errorf("an answer in another context: got %v, want %v", err, a2a.ErrInvalidParams)
	}
	s.Note(3, "The right taskId with another contextId: invalid params.")

	s.waiting("the reply to an answer without the context id")
	noCtx := a2a.TaskInfo{TaskID: task.ID}
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(noCtx, agents.SampleBase)})
	if err != nil {
		return fmt.Errorf("an answer without the context id: %w", err)
	}
	done, err := asTask(res, a2a.TaskStateCompleted, "an answer without the context id")
	if err != nil {
		return err
	}
	if done.ID != task.ID || done.ContextID != task.ContextID {
		return fmt.Errorf("the answer without the context id completed task %s in %s, want %s in %s", done.ID, done.ContextID, task.ID, task.ContextID)
	}
	s.Note(4, "The taskId alone: the agent infers the context from the task, as the specification requires (§3.4.3), and goes on.")

	s.waiting("the reply to an answer on the completed task")
	_, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(task, agents.SampleBase)})
	if !errors.Is(err, a2a.ErrInvalidParams) {
		return fmt.Errorf("an answer on the completed task: got %v, want %v", err, a2a.ErrInvalidParams)
	}
	s.Note(5, "A completed task takes no more input. a2a-go answers -32602 (invalid params) where the specification has -32004; a known deviation.")
	return nil
}

var streamCloses = &Scenario{
	Name:    "12-stream-closes",
	Title:   "a stream that closes at INPUT_REQUIRED, and what the client does then",
	Parties: []string{ClientName, agents.ReviewerName},
	run:     runStreamCloses,
}

// runStreamCloses: the client streams the payments-api diff without a
// base branch; a2a-go closes the stream once the code-reviewer asks its
// question (INPUT_REQUIRED). The client reads the task with GetTask,
// tries to subscribe to it and is refused (a2a-go's -32001 for a task
// with no execution running), then answers "main" on the same task and
// context over a new stream, which it reads to COMPLETED and its end.
func runStreamCloses(ctx context.Context, s *Session) error {
	c, err := s.Client(ctx, ClientName, s.Kit.Reviewer, false)
	if err != nil {
		return err
	}
	defer c.Destroy()

	st := s.open("the review stream", c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff),
	}))
	defer st.stop()
	evs, err := st.drain()
	if err != nil {
		return err
	}
	if len(evs) == 0 {
		return fmt.Errorf("the review stream ended without a frame")
	}
	last := evs[len(evs)-1]
	if stateOf(last) != a2a.TaskStateInputRequired {
		return fmt.Errorf("the review stream ended after a frame in %q, want %s", stateOf(last), a2a.TaskStateInputRequired)
	}
	if q := statusText(last); q != agents.BaseBranchQuestion {
		return fmt.Errorf("the question is %q, want %q", q, agents.BaseBranchQuestion)
	}
	info := last.(a2a.TaskInfoProvider).TaskInfo()
	s.Note(1, "a2a-go closes the stream right after TASK_STATE_INPUT_REQUIRED: the task is paused, not over.")

	s.waiting("the reply to GetTask")
	task, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: info.TaskID})
	if err != nil {
		return fmt.Errorf("GetTask: %w", err)
	}
	if task.Status.State != a2a.TaskStateInputRequired || statusText(task) != agents.BaseBranchQuestion {
		return fmt.Errorf("GetTask: the task is in %s (%q), want %s with the question", task.Status.State, statusText(task), a2a.TaskStateInputRequired)
	}
	s.Note(2, "GetTask reads the task as it is now: still waiting, with the question in its status.")

	if err := s.settle(ctx, s.Kit.Reviewer, task.ID); err != nil {
		return err
	}
	sub := s.open("the subscription to the review task", c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: task.ID}))
	defer sub.stop()
	s.waiting("the reply to SubscribeToTask")
	ev, err, ok := sub.next()
	switch {
	case !ok:
		return fmt.Errorf("SubscribeToTask: the stream ended without a frame or an error, want %v", a2a.ErrTaskNotFound)
	case err == nil:
		return fmt.Errorf("SubscribeToTask: got a frame in %q, want %v (a2a-go v2.4.0 has no execution to attach to)", stateOf(ev), a2a.ErrTaskNotFound)
	case !errors.Is(err, a2a.ErrTaskNotFound):
		return fmt.Errorf("SubscribeToTask: got %v, want %v", err, a2a.ErrTaskNotFound)
	}
	// The error is the stream's only frame. Let the server end the stream
	// before the client lets go of it, so that the end is the server's.
	if err := s.quiesce(ctx); err != nil {
		return err
	}
	s.Note(3, "SubscribeToTask on the waiting task: a2a-go v2.4.0 answers -32001 \"task not found: no active execution\", because no execution runs while the task waits. The specification lets a client subscribe to any task that is not terminal (§3.1.6) and names SubscribeToTask as a way not to miss the resumption (§7.6.2): a known deviation of a2a-go (upstream issue #438).")

	ans := s.open("the answer's stream", c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewAnswerMessage(task, agents.SampleBase),
	}))
	defer ans.stop()
	evs, err = ans.drain()
	if err != nil {
		return err
	}
	if len(evs) == 0 || stateOf(evs[len(evs)-1]) != a2a.TaskStateCompleted {
		return fmt.Errorf("the answer's stream did not end at %s (%d frames)", a2a.TaskStateCompleted, len(evs))
	}
	for _, ev := range evs {
		if i, ok := ev.(a2a.TaskInfoProvider); ok && i.TaskInfo() != info {
			return fmt.Errorf("the answer's stream carries task %s in %s, want %s in %s", i.TaskInfo().TaskID, i.TaskInfo().ContextID, info.TaskID, info.ContextID)
		}
	}
	s.Note(4, "The answer is a new message with the task's taskId and contextId, on a new stream: it carries the same task to TASK_STATE_COMPLETED, and the server closes it there.")
	return nil
}

// settle waits until a2a-go has let go of the execution of a task that
// has just stopped at an interrupted state. a2a-go closes the task's
// stream before it forgets the execution, so a SubscribeToTask sent at
// once may still reach it, and what it gets then depends on timing.
// settle subscribes off the record (a client that the recorder does not
// see) until a2a-go answers that no execution is active; the recorded
// SubscribeToTask that follows then gets what any later one would.
func (s *Session) settle(ctx context.Context, agent *agents.Agent, id a2a.TaskID) error {
	s.waiting(fmt.Sprintf("a2a-go to end the execution of task %s at the %s", id, agent.Name()))
	c, err := a2aclient.NewFromCard(ctx, agent.Card(), a2aclient.WithDefaultsDisabled(),
		a2aclient.WithJSONRPCTransport(&http.Client{Transport: s.tr}))
	if err != nil {
		return fmt.Errorf("an unrecorded client of the %s: %w", agent.Name(), err)
	}
	defer c.Destroy()
	for {
		// An execution that is still there answers with the task: stop
		// reading and ask again. (In the moment a2a-go forgets it, the
		// stream could wait forever for events that never come.)
		var first error
		for _, err := range c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: id}) {
			first = err
			break
		}
		if first != nil && strings.Contains(first.Error(), "no active execution") {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		runtime.Gosched()
	}
}
