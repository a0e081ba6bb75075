package agents

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

// NewPlanner returns the planner: a client of the code-reviewer and the
// deployer (cfg.ReviewerURL, cfg.DeployerURL) that gets a diff reviewed,
// then a build deployed, passing the reviewer's question and the
// deployer's approval request up to its own client.
func NewPlanner(cfg Config) *Agent {
	p := &planner{}
	card := &a2a.AgentCard{
		Name:               PlannerName,
		Description:        "Gets a diff reviewed by the code-reviewer, then a build deployed by the deployer. Passes the reviewer's question up as TASK_STATE_INPUT_REQUIRED and the deployer's approval request up as TASK_STATE_AUTH_REQUIRED.",
		Version:            Version,
		Capabilities:       a2a.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{MediaTypeJSON, "text/plain"},
		DefaultOutputModes: []string{MediaTypeJSON, "text/plain"},
		Skills: []a2a.AgentSkill{{
			ID:          "review-and-deploy",
			Name:        "Review, then deploy",
			Description: `Send a data part {"repository":"payments-api","diff":"<unified diff>","build":"2026.10.06-1","environment":"staging"}, with "base" optional. Without a base the planner asks you the reviewer's question; the deploy waits for an operator's approval.`,
			Tags:        []string{"orchestration", "code review", "deploy"},
		}},
	}
	return newAgent(PlannerName, cfg, card, func(a *Agent) *executor {
		p.a = a
		a.pendingLen = p.pending.len
		p.hc = cfg.HTTPClient
		if p.hc == nil {
			p.hc = &http.Client{}
		}
		return &executor{a: a, exec: p.execute, cancel: p.cancel}
	}, nil)
}

type planner struct {
	a  *Agent
	hc *http.Client

	pending pending[*planState] // tasks waiting for their client's answer
}

// planState is what the planner remembers of a task between turns.
type planState struct {
	req          PlanRequest
	reviewer     *a2a.AgentCard
	reviewerTask a2a.TaskInfo
	answeredSelf bool // the planner answered the reviewer's question once
	review       *a2a.Artifact
}

func (p *planner) client(ctx context.Context, card *a2a.AgentCard) (*a2aclient.Client, error) {
	return a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(p.hc), a2aclient.WithRESTTransport(p.hc))
}

// send sends one blocking message to an agent.
func (p *planner) send(ctx context.Context, card *a2a.AgentCard, m *a2a.Message) (a2a.SendMessageResult, error) {
	c, err := p.client(ctx, card)
	if err != nil {
		return nil, err
	}
	defer c.Destroy()
	return c.SendMessage(ctx, &a2a.SendMessageRequest{Message: m})
}

func (p *planner) resolve(ctx context.Context, name, url string) (*a2a.AgentCard, error) {
	card, err := agentcard.NewResolver(p.hc).Resolve(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("reading the %s's card at %s: %w", name, url, err)
	}
	return card, nil
}

// execute is the planner's execution of one message. It yields only the
// submitted task, INPUT_REQUIRED when it passes a question up,
// AUTH_REQUIRED after the deployer's subscription delivered its first
// frame, and the final state: the order of its outbound calls is what the
// captures show.
func (p *planner) execute(ctx context.Context, r *run) {
	if r.ec.StoredTask == nil {
		req, err := readPlanRequest(r.ec.Message)
		if !r.submitted() {
			return
		}
		if err != nil {
			r.status(a2a.TaskStateRejected, "I cannot plan this: "+err.Error()+".")
			return
		}
		st := &planState{req: req}
		st.reviewer, err = p.resolve(ctx, ReviewerName, p.a.cfg.ReviewerURL)
		if err != nil {
			p.fail(ctx, r, err)
			return
		}
		res, err := p.send(ctx, st.reviewer, NewReviewMessage(req.Repository, "", req.Diff))
		p.reviewed(ctx, r, st, res, err)
		return
	}

	// The client answers the question the planner passed up.
	st, _ := p.pending.take(r.ec.TaskID)
	if st == nil {
		r.status(a2a.TaskStateFailed, fmt.Sprintf("This task is in %s and waits for no answer.", r.ec.StoredTask.Status.State))
		return
	}
	answer := a2a.NewMessageForTask(a2a.MessageRoleUser, st.reviewerTask, r.ec.Message.Parts...)
	res, err := p.send(ctx, st.reviewer, answer)
	p.reviewed(ctx, r, st, res, err)
}

// reviewed goes on from the code-reviewer's reply.
func (p *planner) reviewed(ctx context.Context, r *run, st *planState, res a2a.SendMessageResult, err error) {
	for {
		if err != nil {
			p.fail(ctx, r, fmt.Errorf("calling the %s: %w", ReviewerName, err))
			return
		}
		task, ok := res.(*a2a.Task)
		if !ok {
			r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s answered with a message, not a task: %q", ReviewerName, clip(MessageText(res.(*a2a.Message)), 200)))
			return
		}
		st.reviewerTask = task.TaskInfo()
		switch task.Status.State {
		case a2a.TaskStateInputRequired:
			question := MessageText(task.Status.Message)
			if st.req.Base != "" && !st.answeredSelf && strings.HasSuffix(question, BaseBranchQuestion) {
				// The planner knows the answer: it gives it on the
				// reviewer's task, once.
				st.answeredSelf = true
				res, err = p.send(ctx, st.reviewer, NewAnswerMessage(task, st.req.Base))
				continue
			}
			if question == "" {
				question = fmt.Sprintf("The %s needs input but did not say what.", ReviewerName)
			}
			p.pending.put(r.ec.TaskID, st)
			if !r.status(a2a.TaskStateInputRequired, question) {
				p.pending.take(r.ec.TaskID)
				return
			}
			p.a.expireLater(r.ec.TaskID)
			return
		case a2a.TaskStateCompleted:
			st.review = findArtifact(task, ReviewArtifact)
			if st.review == nil {
				r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s completed without %s.", ReviewerName, ReviewArtifact))
				return
			}
			p.deploy(ctx, r, st)
			return
		default:
			r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s ended its task in %s: %s", ReviewerName, task.Status.State, MessageText(task.Status.Message)))
			return
		}
	}
}

var reURL = regexp.MustCompile(`https?://\S+`)

// deploy asks the deployer with a blocking SendMessage, which returns at
// AUTH_REQUIRED, subscribes at once, alerts the planner's own client after
// the first frame, and reads the subscription to its end.
func (p *planner) deploy(ctx context.Context, r *run, st *planState) {
	card, err := p.resolve(ctx, DeployerName, p.a.cfg.DeployerURL)
	if err != nil {
		p.fail(ctx, r, err)
		return
	}
	c, err := p.client(ctx, card)
	if err != nil {
		p.fail(ctx, r, fmt.Errorf("calling the %s: %w", DeployerName, err))
		return
	}
	defer c.Destroy()
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: NewDeployMessage(st.req.Build, st.req.Environment)})
	if err != nil {
		p.fail(ctx, r, fmt.Errorf("calling the %s: %w", DeployerName, err))
		return
	}
	task, ok := res.(*a2a.Task)
	if !ok {
		r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s answered with a message, not a task.", DeployerName))
		return
	}
	if task.Status.State == a2a.TaskStateInputRequired {
		r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s asked a question the planner cannot answer: %s", DeployerName, MessageText(task.Status.Message)))
		return
	}
	if !task.Status.State.Terminal() {
		task = p.follow(ctx, r, c, st, task)
		if task == nil {
			return
		}
	}
	p.finish(r, st, task)
}

// follow subscribes to the deployer's task and reads the stream until it
// ends. It returns the task as the stream left it, or nil when the run
// ended.
func (p *planner) follow(ctx context.Context, r *run, c *a2aclient.Client, st *planState, task *a2a.Task) *a2a.Task {
	cur := *task
	cur.Artifacts = append([]*a2a.Artifact(nil), task.Artifacts...)
	alerted := false
	var subErr error
	for ev, err := range c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: task.ID}) {
		if err != nil {
			subErr = err
			break
		}
		switch e := ev.(type) {
		case *a2a.Task:
			cur = *e
		case *a2a.TaskStatusUpdateEvent:
			cur.Status = e.Status
		case *a2a.TaskArtifactUpdateEvent:
			cur.Artifacts = MergeArtifact(cur.Artifacts, e)
		}
		if !alerted && cur.Status.State == a2a.TaskStateAuthRequired {
			alerted = true
			if !r.status(a2a.TaskStateAuthRequired, p.alert(st, &cur)) {
				p.cancelDownstream(c, task.ID)
				return nil
			}
		}
	}
	if ctx.Err() != nil {
		// Canceled by the planner's client, or the planner is closing.
		p.cancelDownstream(c, task.ID)
		r.stopped("while the deploy was under way")
		return nil
	}
	if subErr != nil || !cur.Status.State.Terminal() {
		// The stream broke or ended early (the deploy may have ended
		// between the two calls): ask for the task.
		got, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: task.ID})
		if err != nil {
			if subErr == nil {
				subErr = fmt.Errorf("the stream ended in %s", cur.Status.State)
			}
			p.fail(ctx, r, fmt.Errorf("following the %s's task %s: %w; then GetTask: %w", DeployerName, task.ID, subErr, err))
			return nil
		}
		cur = *got
	}
	return &cur
}

// alert is the planner's AUTH_REQUIRED message: where to approve.
func (p *planner) alert(st *planState, t *a2a.Task) string {
	text := MessageText(t.Status.Message)
	if u := reURL.FindString(text); u != "" {
		return fmt.Sprintf("The %s needs an operator's approval to deploy %s to %s: approve it at %s %s", DeployerName, st.req.Build, st.req.Environment, u, operatorHowTo)
	}
	if text == "" {
		text = "it gave no instructions"
	}
	return fmt.Sprintf("The %s needs authorization to deploy %s to %s: %s", DeployerName, st.req.Build, st.req.Environment, text)
}

// finish ends the planner's task from the deployer's final task.
func (p *planner) finish(r *run, st *planState, dt *a2a.Task) {
	if !r.forward(st.review) {
		return
	}
	what := fmt.Sprintf("%s to %s", st.req.Build, st.req.Environment)
	switch dt.Status.State {
	case a2a.TaskStateCompleted:
		rec := findArtifact(dt, DeployArtifact)
		if rec == nil {
			r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s completed without %s.", DeployerName, DeployArtifact))
			return
		}
		if !r.forward(rec) {
			return
		}
		r.status(a2a.TaskStateCompleted, fmt.Sprintf("Reviewed %s and deployed %s.", st.req.Repository, what))
	case a2a.TaskStateRejected:
		r.status(a2a.TaskStateRejected, fmt.Sprintf("The deploy of %s was refused: %s", what, MessageText(dt.Status.Message)))
	default:
		r.status(a2a.TaskStateFailed, fmt.Sprintf("The deploy of %s ended in %s: %s", what, dt.Status.State, MessageText(dt.Status.Message)))
	}
}

// fail ends the task after an outbound call failed; when the planner is
// closing it says so instead.
func (p *planner) fail(ctx context.Context, r *run, err error) {
	if r.stopped("while calling another agent") {
		return
	}
	if ctx.Err() != nil {
		return // canceled: the cancelation's own event ends the task
	}
	r.status(a2a.TaskStateFailed, "The planner could not go on: "+err.Error())
}

// cancel answers CancelTask, and ends a task whose wait for its client's
// answer expired. A task waiting for its client's answer also cancels the
// reviewer's task it waits on.
func (p *planner) cancel(ctx context.Context, r *run) {
	st, waiting := p.pending.take(r.ec.TaskID)
	if waiting && st.reviewer != nil {
		if c, err := p.client(ctx, st.reviewer); err == nil {
			p.cancelDownstream(c, st.reviewerTask.TaskID)
			c.Destroy()
		}
	}
	if isExpiry(ctx) {
		if waiting {
			r.status(a2a.TaskStateRejected, p.a.expiredText("answer"))
		}
		return
	}
	cancelTask(ctx, r)
}

// cancelDownstream cancels a task of another agent, best effort.
func (p *planner) cancelDownstream(c *a2aclient.Client, id a2a.TaskID) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.CancelTask(ctx, &a2a.CancelTaskRequest{ID: id}); err != nil {
		p.a.cfg.logger().Warn("cancel downstream task", "agent", PlannerName, "task", id, "error", err)
	}
}

// forward yields a copy of another agent's artifact on the planner's task.
func (r *run) forward(a *a2a.Artifact) bool {
	ev := a2a.NewArtifactEvent(r.ec, a.Parts...)
	ev.Artifact.Name = a.Name
	ev.Artifact.Description = a.Description
	return r.emit(ev)
}

func findArtifact(t *a2a.Task, name string) *a2a.Artifact {
	for _, a := range t.Artifacts {
		if a != nil && a.Name == name && len(a.Parts) > 0 {
			return a
		}
	}
	return nil
}

// MergeArtifact applies an artifact update to a task's artifacts, as a
// client that follows a stream keeps them, and returns the new list. The
// update's artifact replaces the one with its id, or with Append adds its
// parts to a copy of it; an artifact with a new id goes at the end. An
// update without an artifact changes nothing. Like append, it may change
// list's elements in place: pass a list of your own.
func MergeArtifact(list []*a2a.Artifact, e *a2a.TaskArtifactUpdateEvent) []*a2a.Artifact {
	if e.Artifact == nil {
		return list
	}
	for i, a := range list {
		if a.ID == e.Artifact.ID {
			if e.Append {
				cp := *a
				cp.Parts = append(append(a2a.ContentParts(nil), a.Parts...), e.Artifact.Parts...)
				list[i] = &cp
			} else {
				list[i] = e.Artifact
			}
			return list
		}
	}
	return append(list, e.Artifact)
}
