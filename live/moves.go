package live

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/agents"

	"github.com/a2aplay/a2aplay/live/panel"
)

// The commands' arguments are package panel's: the page's Live panel
// sends them.
type (
	OpenArgs    = panel.OpenArgs
	DiffArgs    = panel.DiffArgs
	AnswerArgs  = panel.AnswerArgs
	MessageArgs = panel.MessageArgs
	DeployArgs  = panel.DeployArgs
	SendArgs    = panel.SendArgs
	PlanArgs    = panel.PlanArgs
	TaskArgs    = panel.TaskArgs
	DecideArgs  = panel.DecideArgs
	Variant     = panel.Variant
)

// The ways to answer an interrupted task (panel.Variant).
const (
	RightTask    = panel.RightTask
	WrongTask    = panel.WrongTask
	NoContext    = panel.NoContext
	OtherContext = panel.OtherContext
)

// SendDiff sends a diff to the code-reviewer with a blocking
// SendMessage. Without a base branch the task stops in
// TASK_STATE_INPUT_REQUIRED with the reviewer's question; with one it
// completes with review.json.
func (s *Session) SendDiff(ctx context.Context, a DiffArgs) (*Result, error) {
	ref, err := s.agentFor(a.Agent, agents.ReviewerName)
	if err != nil {
		return nil, err
	}
	repo := or(a.Repository, agents.SampleRepository)
	diff := or(a.Diff, agents.SampleDiff)
	msg := agents.NewReviewMessage(repo, strings.TrimSpace(a.Base), diff)
	r, err := s.sendByRoad(ctx, "SendDiff", ref, a.Binding, msg, a.Road, true, func() (*Result, error) {
		return s.message(ctx, "SendDiff", ref, a.Binding, msg, "")
	})
	if r != nil && r.Task != nil && r.Task.State == string(a2a.TaskStateInputRequired) {
		r.Note = strings.TrimSpace(r.Note + " The task waits for input: answer its question with a new message that carries this taskId and contextId (spec §3.4.3).")
	}
	return r, err
}

// Answer answers an interrupted task with a new message on it (a
// blocking SendMessage), or tries one of the wrong ways to (Variant).
// On a task that has ended, or that waits in AUTH_REQUIRED, the answer
// shows how the agent treats a message there, with a Deviation when it
// differs from the specification.
func (s *Session) Answer(ctx context.Context, a AnswerArgs) (*Result, error) {
	return s.onTask(ctx, "Answer", a)
}

// SendWhileWaiting sends a message on a task that waits in
// TASK_STATE_AUTH_REQUIRED, as a client would to negotiate, correct or
// refuse the request (spec §7.6.1).
func (s *Session) SendWhileWaiting(ctx context.Context, a MessageArgs) (*Result, error) {
	text := or(a.Text, "Can this deploy wait until tomorrow?")
	return s.onTask(ctx, "SendWhileWaiting", AnswerArgs{TaskID: a.TaskID, Text: text, Agent: a.Agent, Binding: a.Binding})
}

func (s *Session) onTask(ctx context.Context, name string, a AnswerArgs) (*Result, error) {
	if strings.TrimSpace(a.TaskID) == "" {
		return nil, fmt.Errorf("live: %s: no taskId", name)
	}
	if strings.TrimSpace(a.Text) == "" {
		return nil, fmt.Errorf("live: %s: no text to send", name)
	}
	known, ok := s.lookup(a.TaskID)
	agentName := a.Agent
	if agentName == "" {
		if !ok {
			return nil, fmt.Errorf("live: %s: the session never saw task %s; name its agent", name, a.TaskID)
		}
		agentName = known.agent
	}
	ref, err := s.agentFor(agentName, "")
	if err != nil {
		return nil, err
	}
	info := a2a.TaskInfo{TaskID: a2a.TaskID(a.TaskID), ContextID: or(a.ContextID, known.contextID)}
	prior := known.state
	var note string
	switch a.Variant {
	case RightTask:
	case WrongTask:
		info.TaskID = a2a.NewTaskID()
		prior = ""
		note = fmt.Sprintf("Sent with a taskId the agent never issued (%s) and the task's contextId.", info.TaskID)
	case NoContext:
		info.ContextID = ""
		note = "Sent with the taskId alone, without the contextId: allowed, the agent infers the context from the task (§3.4.3)."
	case OtherContext:
		info.ContextID = a2a.NewContextID()
		prior = ""
		note = fmt.Sprintf("Sent with the right taskId and a contextId the agent never issued (%s).", info.ContextID)
	default:
		return nil, fmt.Errorf("live: %s: unknown variant %q (want %q, %q, %q or none)", name, a.Variant, WrongTask, NoContext, OtherContext)
	}
	msg := agents.NewAnswerMessage(info, a.Text)
	r, err := s.message(ctx, name, ref, a.Binding, msg, prior)
	if r != nil && note != "" {
		r.Note = note
	}
	return r, err
}

// Deploy asks the deployer to deploy a build, over SendStreamingMessage
// unless Blocking. The move returns when the task first stops (in
// TASK_STATE_AUTH_REQUIRED, with the approve URL in Task.ApproveURL) or
// ends; the stream goes on being read until it closes, so the frames
// the operator's decision causes are recorded as they come.
func (s *Session) Deploy(ctx context.Context, a DeployArgs) (*Result, error) {
	ref, err := s.agentFor(a.Agent, agents.DeployerName)
	if err != nil {
		return nil, err
	}
	msg := agents.NewDeployMessage(or(a.Build, agents.SampleBuild), or(a.Environment, agents.SampleEnvironment))
	return s.sendByRoad(ctx, "Deploy", ref, a.Binding, msg, a.Road, false, func() (*Result, error) {
		if a.Blocking {
			return s.message(ctx, "Deploy", ref, a.Binding, msg, "")
		}
		return s.streamMessage(ctx, "Deploy", ref, a.Binding, msg)
	})
}

// Send sends a text message to any agent, blocking or streaming, on a
// new task or an existing one: how a learner drives a remote agent that
// is not one of the kit's.
func (s *Session) Send(ctx context.Context, a SendArgs) (*Result, error) {
	if strings.TrimSpace(a.Text) == "" {
		return nil, fmt.Errorf("live: Send: no text to send")
	}
	known, ok := s.lookup(a.TaskID)
	name := a.Agent
	if name == "" && ok {
		name = known.agent
	}
	ref, err := s.agentFor(name, "")
	if err != nil {
		return nil, err
	}
	var msg *a2a.Message
	if a.TaskID == "" {
		msg = a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(a.Text))
	} else {
		msg = agents.NewAnswerMessage(a2a.TaskInfo{TaskID: a2a.TaskID(a.TaskID), ContextID: or(a.ContextID, known.contextID)}, a.Text)
	}
	if a.Stream {
		return s.streamMessage(ctx, "Send", ref, a.Binding, msg)
	}
	return s.message(ctx, "Send", ref, a.Binding, msg, known.state)
}

// RunPlanner asks the planner to get the sample diff reviewed and the
// build deployed, with a blocking SendMessage. The learner is the
// planner's client and the operator: without a base the planner's task
// stops in INPUT_REQUIRED with the code-reviewer's question (Answer it
// on the planner's task); then it stops in AUTH_REQUIRED with the
// deployer's approve URL, which the operator uses (Approve with the
// planner's task id or the URL). Subscribe to the planner's task before
// approving to watch it resume.
func (s *Session) RunPlanner(ctx context.Context, a PlanArgs) (*Result, error) {
	ref, err := s.agentFor(a.Agent, agents.PlannerName)
	if err != nil {
		return nil, err
	}
	msg := agents.NewPlanMessage(agents.PlanRequest{
		Repository:  agents.SampleRepository,
		Base:        strings.TrimSpace(a.Base),
		Diff:        agents.SampleDiff,
		Build:       or(a.Build, agents.SampleBuild),
		Environment: or(a.Environment, agents.SampleEnvironment),
	})
	r, err := s.message(ctx, "RunPlanner", ref, a.Binding, msg, "")
	if r != nil && r.Task != nil {
		switch r.Task.State {
		case string(a2a.TaskStateInputRequired):
			r.Note = "The planner passes the code-reviewer's question up: answer it on the planner's task."
		case string(a2a.TaskStateAuthRequired):
			r.Note = "The planner passes the deployer's approval request up (§7.6.2): subscribe to its task, then approve as the operator."
		}
	}
	return r, err
}

func (s *Session) taskAgent(name string, a TaskArgs) (*agentRef, taskState, error) {
	if strings.TrimSpace(a.TaskID) == "" {
		return nil, taskState{}, fmt.Errorf("live: %s: no taskId", name)
	}
	known, ok := s.lookup(a.TaskID)
	agentName := a.Agent
	if agentName == "" {
		if !ok {
			return nil, known, fmt.Errorf("live: %s: the session never saw task %s; name its agent", name, a.TaskID)
		}
		agentName = known.agent
	}
	ref, err := s.agentFor(agentName, "")
	return ref, known, err
}

// GetTask asks the agent for the task as it stands.
func (s *Session) GetTask(ctx context.Context, a TaskArgs) (*Result, error) {
	ref, _, err := s.taskAgent("GetTask", a)
	if err != nil {
		return nil, err
	}
	return s.call(ctx, "GetTask", ref, a.Binding, func(ctx context.Context, c *a2aclient.Client, m *move, r *Result) error {
		t, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: a2a.TaskID(a.TaskID)})
		if err == nil {
			s.observe(ref.name, r.Binding, t)
			r.Task = s.taskView(t.ID)
		}
		return err
	})
}

// Cancel asks the agent to cancel the task.
func (s *Session) Cancel(ctx context.Context, a TaskArgs) (*Result, error) {
	ref, _, err := s.taskAgent("Cancel", a)
	if err != nil {
		return nil, err
	}
	return s.call(ctx, "Cancel", ref, a.Binding, func(ctx context.Context, c *a2aclient.Client, m *move, r *Result) error {
		t, err := c.CancelTask(ctx, &a2a.CancelTaskRequest{ID: a2a.TaskID(a.TaskID)})
		if err == nil {
			s.observe(ref.name, r.Binding, t)
			r.Task = s.taskView(t.ID)
		}
		return err
	})
}

// Subscribe calls SubscribeToTask. The move returns at the stream's
// first event (the Task, spec §3.1.6) or its error; the stream goes on
// being read until it closes. On a task that waits for input or has
// ended, the answer shows how the agent treats it, with a Deviation
// when it differs from the specification.
func (s *Session) Subscribe(ctx context.Context, a TaskArgs) (*Result, error) {
	ref, known, err := s.taskAgent("Subscribe", a)
	if err != nil {
		return nil, err
	}
	id := a2a.TaskID(a.TaskID)
	r, err := s.stream(ctx, "Subscribe", ref, a.Binding, id, true, func(ctx context.Context, st *openStream) {
		st.run(st.c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: id}))
	})
	if r != nil {
		events, closed := 0, false
		if r.Stream != nil {
			events, closed = r.Stream.Events, !r.Stream.Open
		}
		if d := subscribeDeviation(known.state, r.Error, events, closed); d != nil {
			r.Deviation = d
			if len(r.Exchanges) > 0 {
				s.note(r.Exchanges[len(r.Exchanges)-1], d.String())
			}
		}
	}
	return r, err
}

// Approve is the operator's plain HTTP POST to the deployer's approve
// URL, outside A2A. The deployer answers before it resumes the task, so
// the reply precedes the frames the approval causes.
func (s *Session) Approve(ctx context.Context, a DecideArgs) (*Result, error) {
	return s.decide(ctx, "Approve", a, true)
}

// Refuse is the operator's plain HTTP POST to the deployer's refuse URL.
func (s *Session) Refuse(ctx context.Context, a DecideArgs) (*Result, error) {
	return s.decide(ctx, "Refuse", a, false)
}

func (s *Session) decide(ctx context.Context, name string, a DecideArgs, approve bool) (*Result, error) {
	target, taskID, err := s.decisionURL(a, approve)
	if err != nil {
		return nil, fmt.Errorf("live: %s: %w", name, err)
	}
	tok, err := s.operatorToken(a.Token)
	if err != nil {
		return nil, fmt.Errorf("live: %s: %w", name, err)
	}
	if err := s.begin(); err != nil {
		return nil, err
	}
	defer s.runs.Done()
	m := s.newMove(name, OperatorName)
	// The agent is the one the link decides at: the deployer, also when
	// the task named is the planner's that passed its request up.
	r := &Result{Move: name, Agent: s.linkOwner(target)}
	if known, ok := s.lookup(taskID); ok && r.Agent == "" {
		r.Agent = known.agent
	}
	// A JSON body: from a page, the browser preflights the call, as the
	// kit's operator endpoints demand of any page (agents.operatorRoutes).
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader("{}"))
	if err != nil {
		return nil, fmt.Errorf("live: %s: %w", name, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if tok != "" {
		req.Header.Set("Authorization", agents.OperatorAuthorization(tok))
	}
	resp, err := m.httpClient().Do(req)
	if err == nil {
		body, rerr := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		resp.Body.Close()
		r.HTTP = &HTTPReply{URL: target, Status: resp.StatusCode, Body: strings.TrimSpace(string(body))}
		err = rerr
		if err == nil && resp.StatusCode >= 400 {
			r.Error = m.lastError()
		}
	}
	if r.HTTP != nil && r.HTTP.Status == http.StatusOK {
		verb := "refused"
		if approve {
			verb = "approved"
		}
		r.Note = fmt.Sprintf("Outside A2A: the operator %s this one deploy; the task resumes without a client message (§7.6.1).", verb)
	}
	if r.HTTP != nil && r.HTTP.Status == http.StatusUnauthorized {
		r.Note = "The deployer decides nothing without its operator's token: the task id in the link is no credential, for the client reads it in every message. The task waits on."
		if s.kit == nil {
			r.Note += " Give the operator token that \"a2aplay agents\" printed."
		}
	}
	if taskID != "" {
		r.Task = s.taskView(a2a.TaskID(taskID))
	}
	return m.finish(r, err), nil
}

// operatorToken is the token a decision sends: the one given, else, in
// an offline session, the in-page kit's (the learner is its operator).
// A token is one word of printable ASCII, as a header value must be.
func (s *Session) operatorToken(given string) (string, error) {
	tok := strings.TrimSpace(given)
	if tok == "" && s.kit != nil {
		return s.kit.Deployer.OperatorToken(), nil
	}
	if len(tok) > 200 || strings.ContainsFunc(tok, func(r rune) bool { return r <= ' ' || r > '~' }) {
		return "", fmt.Errorf("the operator token must be one word of printable ASCII, at most 200 bytes, as \"a2aplay agents\" prints it")
	}
	return tok, nil
}

// decisionURL finds where to decide: the given URL, the approve URL a
// task's status named, or the deployer's URL for the task id.
func (s *Session) decisionURL(a DecideArgs, approve bool) (target, taskID string, err error) {
	taskID = strings.TrimSpace(a.TaskID)
	target = strings.TrimSpace(a.URL)
	if target == "" {
		if taskID == "" {
			return "", "", fmt.Errorf("name a taskId or an approve URL")
		}
		if known, ok := s.lookup(taskID); ok && known.approve != "" {
			target = known.approve
		} else if d := s.agentNamed(agents.DeployerName); d != nil {
			target = agents.ApproveURL(d.url, a2a.TaskID(taskID))
		} else {
			return "", "", fmt.Errorf("no approve URL known for task %s, and no deployer in this session", taskID)
		}
	}
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", "", fmt.Errorf("%q is not an absolute http or https URL", target)
	}
	if !approve {
		r := agents.RefuseURLBeside(target)
		if r == "" {
			return "", "", fmt.Errorf("%q is not an approve URL (…/approve/{taskId}); give the refuse URL", target)
		}
		if !strings.Contains(target, agents.RefusePath) {
			target = r
		}
	}
	if taskID == "" {
		taskID = string(agents.DecisionTask(target))
	}
	return target, taskID, nil
}

// call runs a unary A2A move with a fresh client of the agent.
func (s *Session) call(ctx context.Context, name string, ref *agentRef, b Binding, f func(context.Context, *a2aclient.Client, *move, *Result) error) (*Result, error) {
	if err := s.begin(); err != nil {
		return nil, err
	}
	defer s.runs.Done()
	b = or(b, JSONRPC)
	ctx, cancel := s.scope(ctx)
	defer cancel()
	m := s.newMove(name, ClientName)
	c, err := m.client(ctx, ref, b)
	if err != nil {
		return nil, err
	}
	defer c.Destroy()
	r := &Result{Move: name, Agent: ref.name, Binding: b}
	err = f(ctx, c, m, r)
	return m.finish(r, err), nil
}

// message sends a blocking SendMessage; prior is the state the session
// last saw of the task the message names ("" for a new task).
func (s *Session) message(ctx context.Context, name string, ref *agentRef, b Binding, msg *a2a.Message, prior string) (*Result, error) {
	return s.messageWith(ctx, name, ref, b, msg, prior, nil)
}

// messageWith is message with a configuration (a road's, roads.go).
func (s *Session) messageWith(ctx context.Context, name string, ref *agentRef, b Binding, msg *a2a.Message, prior string, cfg *a2a.SendMessageConfig) (*Result, error) {
	return s.call(ctx, name, ref, b, func(ctx context.Context, c *a2aclient.Client, m *move, r *Result) error {
		r.Sent = sentOf(msg)
		res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: msg, Config: cfg})
		switch v := res.(type) {
		case *a2a.Task:
			s.observe(ref.name, r.Binding, v)
			r.Task = s.taskView(v.ID)
		case *a2a.Message:
			r.Message = messageText(v)
		}
		if prior != "" && ctx.Err() == nil {
			r.Deviation = messageDeviation(prior, m.lastErrorIf(err), err == nil)
		}
		return err
	})
}

// lastErrorIf is the wire error of the move's last exchange when err is
// set.
func (m *move) lastErrorIf(err error) *WireError {
	if err == nil {
		return nil
	}
	return m.lastError()
}

func sentOf(m *a2a.Message) *Sent {
	return &Sent{TaskID: string(m.TaskID), ContextID: m.ContextID, Text: clip(messageText(m), 200)}
}

// scope returns ctx, also canceled when the session closes.
func (s *Session) scope(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(s.base, cancel)
	return ctx, func() { stop(); cancel() }
}

func or[T ~string](v, def T) T {
	if strings.TrimSpace(string(v)) == "" {
		return def
	}
	return v
}
