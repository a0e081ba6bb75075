package live

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

// The learner's first flow, offline: the diff, the question, the answer
// on the same task, review.json.
func TestOfflineAnswer(t *testing.T) {
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		t.Run(string(b), func(t *testing.T) {
			s := openTest(t, Config{})
			r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{Binding: b}) })
			task := wantState(t, "SendDiff", r, "TASK_STATE_INPUT_REQUIRED")
			if task.Text != agents.BaseBranchQuestion {
				t.Errorf("question %q, want %q", task.Text, agents.BaseBranchQuestion)
			}
			if r.Agent != agents.ReviewerName || r.Binding != b || len(r.Exchanges) != 1 || r.Exchanges[0] != 1 {
				t.Errorf("SendDiff result: agent %q binding %q exchanges %v, want %q %q [1]", r.Agent, r.Binding, r.Exchanges, agents.ReviewerName, b)
			}

			a := s.do("Answer", func(ctx context.Context) (*Result, error) {
				return s.Answer(ctx, AnswerArgs{TaskID: task.ID, Text: "main", Binding: b})
			})
			done := wantState(t, "Answer", a, "TASK_STATE_COMPLETED")
			if a.Sent == nil || a.Sent.TaskID != task.ID || a.Sent.ContextID != task.ContextID {
				t.Errorf("the answer sent %+v, want taskId %s and contextId %s", a.Sent, task.ID, task.ContextID)
			}
			if done.ID != task.ID || done.ContextID != task.ContextID {
				t.Errorf("completed task %s/%s, want %s/%s", done.ID, done.ContextID, task.ID, task.ContextID)
			}
			if len(done.Artifacts) != 1 || done.Artifacts[0].Name != agents.ReviewArtifact || !strings.Contains(done.Artifacts[0].Text, `"base": "main"`) {
				t.Errorf("artifacts %+v, want review.json against main", done.Artifacts)
			}
			if a.Deviation != nil || a.Error != nil {
				t.Errorf("the right answer got deviation %v, error %v", a.Deviation, a.Error)
			}

			tr := s.Transcript()
			if len(tr.Exchanges) != 2 {
				t.Fatalf("%d exchanges, want 2", len(tr.Exchanges))
			}
			for _, x := range tr.Exchanges {
				if x.Name != "SendMessage" || x.From != ClientName || x.To != agents.ReviewerName {
					t.Errorf("exchange %d: %s %s -> %s, want SendMessage client -> code-reviewer", x.Seq, x.Name, x.From, x.To)
				}
				// Each binding's own media type (spec §9.1, §11.1): a2a-go's
				// REST client says application/json; Live must not.
				want := "application/json"
				if b == HTTPJSON {
					want = "application/a2a+json"
				}
				if ct := x.Request.Get("Content-Type"); ct != want {
					t.Errorf("exchange %d over %s sent its body as %q, want %q", x.Seq, b, ct, want)
				}
			}
			if got := names(tr.Participants); got != "client code-reviewer" {
				t.Errorf("participants %q, want only the two that took part", got)
			}
		})
	}
}

func names(ps []replay.Participant) string {
	var n []string
	for _, p := range ps {
		n = append(n, p.Name)
	}
	return strings.Join(n, " ")
}

// deployUntilAuth deploys over a stream and returns the result at
// AUTH_REQUIRED.
func deployUntilAuth(t *testing.T, s *tsession, b Binding) (*Result, *Task) {
	t.Helper()
	r := s.do("Deploy", func(ctx context.Context) (*Result, error) { return s.Deploy(ctx, DeployArgs{Binding: b}) })
	task := wantState(t, "Deploy", r, "TASK_STATE_AUTH_REQUIRED")
	if r.Stream == nil || !r.Stream.Open || r.Stream.Events != 3 {
		t.Fatalf("the deploy stream is %+v, want open after 3 events", r.Stream)
	}
	d := s.agentNamed(agents.DeployerName)
	if want := agents.ApproveURL(d.url, "") + task.ID; task.ApproveURL != want {
		t.Errorf("approve URL %q, want %q", task.ApproveURL, want)
	}
	return r, task
}

func TestOfflineApprove(t *testing.T) {
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		t.Run(string(b), func(t *testing.T) {
			s := openTest(t, Config{})
			r, task := deployUntilAuth(t, s, b)
			if task.ApproveTask != task.ID || task.ApproveAgent != agents.DeployerName {
				t.Errorf("the deployer's waiting task says its link decides %s's task %q, want its own", task.ApproveAgent, task.ApproveTask)
			}
			// A token of someone else's is refused, and the task waits
			// on; the session's own, the in-page kit's, approves.
			wrong := s.do("Approve", func(ctx context.Context) (*Result, error) {
				return s.Approve(ctx, DecideArgs{TaskID: task.ID, Token: agents.NewOperatorToken()})
			})
			if wrong.HTTP == nil || wrong.HTTP.Status != http.StatusUnauthorized || wrong.Task == nil || wrong.Task.State != "TASK_STATE_AUTH_REQUIRED" {
				t.Fatalf("approve with a wrong token replied %+v, task %+v; want 401 and the task waiting", wrong.HTTP, wrong.Task)
			}
			ap := s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
			if ap.HTTP == nil || ap.HTTP.Status != http.StatusOK || !strings.Contains(ap.HTTP.Body, `"decision":"approved"`) {
				t.Fatalf("approve replied %+v", ap.HTTP)
			}
			sn := s.waitFor("the deploy stream's end", streamClosed(r.Stream.ID))
			st := sn.Streams[r.Stream.ID-1]
			if st.State != "TASK_STATE_COMPLETED" || st.Events != 6 || st.Error != "" {
				t.Errorf("the deploy stream ended %+v, want 6 events ending COMPLETED", st)
			}
			if !taskIn(task.ID, "TASK_STATE_COMPLETED")(sn) {
				t.Errorf("task not COMPLETED in %+v", sn.Tasks)
			}

			// The stream has closed: GetTask tells how the task ended.
			g := s.do("GetTask", func(ctx context.Context) (*Result, error) {
				return s.GetTask(ctx, TaskArgs{TaskID: task.ID, Binding: b})
			})
			done := wantState(t, "GetTask", g, "TASK_STATE_COMPLETED")
			if len(done.Artifacts) != 1 || done.Artifacts[0].Name != agents.DeployArtifact {
				t.Errorf("artifacts %+v, want deploy.json", done.Artifacts)
			}

			tr := s.Transcript()
			x := tr.Exchanges[r.Exchanges[0]-1]
			if x.Response == nil || x.Response.Stream == nil || len(x.Response.Stream.Frames) != 6 || x.Response.Stream.End == nil || x.Response.Stream.End.By != replay.EndServer {
				t.Fatalf("the deploy exchange is not one stream of 6 frames closed by the server: %+v", x.Response)
			}
			ax := tr.Exchanges[ap.Exchanges[0]-1]
			if ax.Channel != replay.ChannelOutOfBand || ax.From != OperatorName || ax.To != agents.DeployerName || ax.Name != "approve" {
				t.Errorf("approve exchange: %s %s -> %s channel %q", ax.Name, ax.From, ax.To, ax.Channel)
			}
			frames := x.Response.Stream.Frames
			if !(frames[2].At.Before(ax.Request.At) && ax.Response.At.Before(frames[3].At)) {
				t.Errorf("the approval (%v, reply %v) is not between frames 3 (%v) and 4 (%v)", ax.Request.At, ax.Response.At, frames[2].At, frames[3].At)
			}
		})
	}
}

func TestOfflineRefuse(t *testing.T) {
	s := openTest(t, Config{})
	r, task := deployUntilAuth(t, s, JSONRPC)
	rf := s.do("Refuse", func(ctx context.Context) (*Result, error) { return s.Refuse(ctx, DecideArgs{TaskID: task.ID}) })
	if rf.HTTP == nil || rf.HTTP.Status != http.StatusOK || !strings.HasSuffix(rf.HTTP.URL, "/refuse/"+task.ID) {
		t.Fatalf("refuse replied %+v", rf.HTTP)
	}
	sn := s.waitFor("the deploy stream's end", streamClosed(r.Stream.ID))
	if st := sn.Streams[r.Stream.ID-1]; st.State != "TASK_STATE_REJECTED" {
		t.Errorf("the refused deploy stream ended in %s, want REJECTED", st.State)
	}
	// The decision is spent: approving now is a conflict, as the wire says.
	late := s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	if late.HTTP == nil || late.HTTP.Status != http.StatusConflict || late.Error == nil || !strings.Contains(late.Error.Message, "refused already") {
		t.Errorf("a late approval: %+v, error %+v; want 409 saying it was refused already", late.HTTP, late.Error)
	}
}

// The planner chain: the learner is the planner's client and the
// operator; the planner passes INPUT_REQUIRED and then AUTH_REQUIRED up.
func TestOfflinePlannerChain(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("RunPlanner", func(ctx context.Context) (*Result, error) { return s.RunPlanner(ctx, PlanArgs{}) })
	task := wantState(t, "RunPlanner", r, "TASK_STATE_INPUT_REQUIRED")
	if task.Agent != agents.PlannerName || task.Text != agents.BaseBranchQuestion {
		t.Fatalf("the planner's task: %+v", task)
	}
	a := s.do("Answer", func(ctx context.Context) (*Result, error) {
		return s.Answer(ctx, AnswerArgs{TaskID: task.ID, Text: "main"})
	})
	waiting := wantState(t, "Answer", a, "TASK_STATE_AUTH_REQUIRED")
	if waiting.ApproveURL == "" || strings.Contains(waiting.ApproveURL, task.ID) {
		t.Fatalf("the planner's AUTH_REQUIRED names approve URL %q, want the deployer's task", waiting.ApproveURL)
	}
	// The link the planner passed up decides the deployer's task: the
	// operator panel names that task and agent, not the planner's.
	deployURL := kitURL(agents.DeployerPort)
	if waiting.ApproveAgent != agents.DeployerName || waiting.ApproveTask == "" || waiting.ApproveTask == task.ID ||
		waiting.ApproveURL != agents.ApproveURL(deployURL, a2a.TaskID(waiting.ApproveTask)) {
		t.Fatalf("the planner's waiting task says its link %s decides %s's task %q, want the deployer's task in the link", waiting.ApproveURL, waiting.ApproveAgent, waiting.ApproveTask)
	}
	sub := s.do("Subscribe", func(ctx context.Context) (*Result, error) { return s.Subscribe(ctx, TaskArgs{TaskID: task.ID}) })
	if sub.Error != nil || sub.Stream == nil || sub.Stream.Events < 1 || sub.Stream.State != "TASK_STATE_AUTH_REQUIRED" || sub.Deviation != nil {
		t.Fatalf("subscribing to the waiting planner task: stream %+v error %+v deviation %v", sub.Stream, sub.Error, sub.Deviation)
	}
	ap := s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	if ap.HTTP == nil || ap.HTTP.Status != http.StatusOK || ap.HTTP.URL != waiting.ApproveURL {
		t.Fatalf("approve replied %+v, want 200 from %s", ap.HTTP, waiting.ApproveURL)
	}
	if ap.Agent != agents.DeployerName {
		t.Errorf("the approval is reported as %q's, want the deployer's, whose link it posted to", ap.Agent)
	}
	sn := s.waitFor("the planner's subscription to end", streamClosed(sub.Stream.ID))
	if st := sn.Streams[sub.Stream.ID-1]; st.State != "TASK_STATE_COMPLETED" {
		t.Errorf("the subscription ended in %q, want COMPLETED", st.State)
	}
	tr := s.Transcript()
	if got := names(tr.Participants); got != "client planner code-reviewer deployer operator" {
		t.Errorf("participants %q", got)
	}
	var calls []string
	for _, x := range tr.Exchanges {
		calls = append(calls, fmt.Sprintf("%s>%s:%s", x.From, x.To, x.Name))
	}
	// The planner's own calls sit between the client's, as the planner made them.
	want := []string{
		"client>planner:SendMessage",
		"planner>code-reviewer:GetAgentCard",
		"planner>code-reviewer:SendMessage",
		"client>planner:SendMessage",
		"planner>code-reviewer:SendMessage",
		"planner>deployer:GetAgentCard",
		"planner>deployer:SendMessage",
		"planner>deployer:SubscribeToTask",
		"client>planner:SubscribeToTask",
		"operator>deployer:approve",
	}
	if strings.Join(calls, " ") != strings.Join(want, " ") {
		t.Errorf("exchanges\n got %v\nwant %v", calls, want)
	}
}

// Each deviation move, judged from the real answer.
func TestDeviations(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{}) })
	review := wantState(t, "SendDiff", r, "TASK_STATE_INPUT_REQUIRED")

	check := func(what string, r *Result, spec, kind, known string) {
		t.Helper()
		if r.Error == nil || r.Error.Kind() != kind {
			t.Errorf("%s: error %+v, want %s", what, r.Error, kind)
		}
		d := r.Deviation
		if d == nil {
			t.Fatalf("%s: no deviation", what)
		}
		if d.Spec != spec || !strings.Contains(d.Known, known) || d.Text == "" || d.Got == "" {
			t.Errorf("%s: deviation %+v, want spec %s, known %q", what, d, spec, known)
		}
		x := s.Transcript().Exchanges[r.Exchanges[len(r.Exchanges)-1]-1]
		if len(x.Notes) == 0 || !strings.Contains(x.Notes[len(x.Notes)-1], "spec "+spec) {
			t.Errorf("%s: exchange %d notes %q, want the deviation", what, x.Seq, x.Notes)
		}
	}

	// SubscribeToTask on INPUT_REQUIRED: once a2a-go has torn down the
	// execution, it has none to attach to.
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		sub := subscribeUntilError(t, s, review.ID, b)
		check("subscribe on INPUT_REQUIRED over "+string(b), sub, "§3.1.6", "TASK_NOT_FOUND", "#439")
	}

	a := s.do("Answer", func(ctx context.Context) (*Result, error) {
		return s.Answer(ctx, AnswerArgs{TaskID: review.ID, Text: "main"})
	})
	wantState(t, "Answer", a, "TASK_STATE_COMPLETED")

	// A message to a task that has ended.
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		again := s.do("Answer again", func(ctx context.Context) (*Result, error) {
			return s.Answer(ctx, AnswerArgs{TaskID: review.ID, Text: "main", Binding: b})
		})
		check("message to COMPLETED over "+string(b), again, "§3.1.1", "INVALID_PARAMS", "#438")
	}
	// SubscribeToTask on COMPLETED.
	sub := s.do("Subscribe", func(ctx context.Context) (*Result, error) { return s.Subscribe(ctx, TaskArgs{TaskID: review.ID}) })
	check("subscribe on COMPLETED", sub, "§3.1.6", "TASK_NOT_FOUND", "#438")

	// A message to a task that waits in AUTH_REQUIRED.
	_, deploy := deployUntilAuth(t, s, JSONRPC)
	w := s.do("SendWhileWaiting", func(ctx context.Context) (*Result, error) {
		return s.SendWhileWaiting(ctx, MessageArgs{TaskID: deploy.ID})
	})
	check("message to AUTH_REQUIRED", w, "§7.6.1", "INTERNAL_ERROR", "already in progress")
	if w.Sent == nil || w.Sent.TaskID != deploy.ID {
		t.Errorf("SendWhileWaiting sent %+v", w.Sent)
	}
}

// The wrong ways to answer, and what the agent says to each.
func TestAnswerVariants(t *testing.T) {
	for _, tc := range []struct {
		variant  Variant
		state    string // the answer's task state, or ""
		kind     string // the error's kind, or ""
		sentTask bool   // the message named the task's own id
		sentCtx  bool   // the message named the task's own context
	}{
		{WrongTask, "", "TASK_NOT_FOUND", false, true},
		{OtherContext, "", "INVALID_PARAMS", true, false},
		{NoContext, "TASK_STATE_COMPLETED", "", true, false},
	} {
		t.Run(string(tc.variant), func(t *testing.T) {
			s := openTest(t, Config{})
			r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{}) })
			task := wantState(t, "SendDiff", r, "TASK_STATE_INPUT_REQUIRED")
			a := s.do("Answer", func(ctx context.Context) (*Result, error) {
				return s.Answer(ctx, AnswerArgs{TaskID: task.ID, Text: "main", Variant: tc.variant})
			})
			if tc.state != "" {
				wantState(t, "Answer", a, tc.state)
			}
			if got := a.Error.Kind(); got != tc.kind {
				t.Errorf("error kind %q (%+v), want %q", got, a.Error, tc.kind)
			}
			if a.Deviation != nil {
				t.Errorf("deviation %+v on a variant the specification does not cover", a.Deviation)
			}
			if (a.Sent.TaskID == task.ID) != tc.sentTask || (a.Sent.ContextID == task.ContextID) != tc.sentCtx {
				t.Errorf("sent %+v for task %s context %s", a.Sent, task.ID, task.ContextID)
			}
			if a.Note == "" {
				t.Error("no note saying what was sent")
			}
		})
	}
}

func TestBlockingDeployAndCancel(t *testing.T) {
	s := openTest(t, Config{})
	r := s.do("Deploy", func(ctx context.Context) (*Result, error) { return s.Deploy(ctx, DeployArgs{Blocking: true}) })
	task := wantState(t, "blocking Deploy", r, "TASK_STATE_AUTH_REQUIRED")
	if r.Stream != nil {
		t.Errorf("a blocking deploy opened a stream: %+v", r.Stream)
	}
	c := s.do("Cancel", func(ctx context.Context) (*Result, error) { return s.Cancel(ctx, TaskArgs{TaskID: task.ID}) })
	wantState(t, "Cancel", c, "TASK_STATE_CANCELED")
	late := s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	if late.HTTP == nil || late.HTTP.Status != http.StatusConflict {
		t.Errorf("approving a canceled deploy: %+v, want 409", late.HTTP)
	}
}

func TestMoveErrors(t *testing.T) {
	s := openTest(t, Config{})
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		f    func() (*Result, error)
		want string
	}{
		{"answer without task", func() (*Result, error) { return s.Answer(ctx, AnswerArgs{Text: "main"}) }, "no taskId"},
		{"answer unknown task", func() (*Result, error) { return s.Answer(ctx, AnswerArgs{TaskID: "x", Text: "main"}) }, "never saw task x"},
		{"answer without text", func() (*Result, error) { return s.Answer(ctx, AnswerArgs{TaskID: "x"}) }, "no text"},
		{"bad variant", func() (*Result, error) {
			return s.Answer(ctx, AnswerArgs{TaskID: "x", Agent: agents.ReviewerName, Text: "main", Variant: "sideways"})
		}, `unknown variant "sideways"`},
		{"unknown agent", func() (*Result, error) { return s.SendDiff(ctx, DiffArgs{Agent: "nobody"}) }, `no agent "nobody"`},
		{"bad binding", func() (*Result, error) { return s.SendDiff(ctx, DiffArgs{Binding: "GRPC"}) }, `unknown binding "GRPC"`},
		{"approve nothing", func() (*Result, error) { return s.Approve(ctx, DecideArgs{}) }, "name a taskId or an approve URL"},
		{"approve bad URL", func() (*Result, error) { return s.Approve(ctx, DecideArgs{URL: "ftp://x/approve/1"}) }, "not an absolute http"},
		{"refuse a non-approve URL", func() (*Result, error) { return s.Refuse(ctx, DecideArgs{URL: "http://localhost:41243/other"}) }, "not an approve URL"},
		{"send nothing", func() (*Result, error) { return s.Send(ctx, SendArgs{}) }, "no text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.f()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, %v; want an error containing %q", r, err, tc.want)
			}
		})
	}
	if n := len(s.Transcript().Exchanges); n != 0 {
		t.Errorf("moves that could not start sent %d requests", n)
	}
	// An unknown task at the deployer is the deployer's to answer.
	r := s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: "no-such-task"}) })
	if r.HTTP == nil || r.HTTP.Status != http.StatusNotFound || r.Error == nil {
		t.Errorf("approving an unknown task: %+v, error %+v; want 404", r.HTTP, r.Error)
	}
}

// A live session saves as a transcript that parses and writes back to
// the same bytes, on the wall clock: every @at and every status
// timestamp the agents set falls within the session, and the @at times
// increase. Saved normalised, it is on the synthetic clock with
// deterministic ids, exactly as capture.Normalize makes the raw save,
// and steps in the order things happened.
func TestSaveParsesAndReplays(t *testing.T) {
	start := time.Now().UTC().Truncate(time.Millisecond)
	s := openTest(t, Config{Title: "approve, live"})
	r, task := deployUntilAuth(t, s, JSONRPC)
	s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: task.ID}) })
	s.waitFor("the deploy stream's end", streamClosed(r.Stream.ID))

	var buf bytes.Buffer
	if err := s.Save(&buf, SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	end := time.Now().UTC().Add(time.Second) // room for the 1 ms steps that keep @at increasing
	tr, err := replay.Parse(buf.Bytes(), "live.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v\n%s", err, buf.String())
	}
	again, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, buf.Bytes()) {
		t.Errorf("Write(Parse(saved)) differs from saved")
	}
	if tr.Title != "approve, live" {
		t.Errorf("title %q", tr.Title)
	}
	inSession := func(what string, at time.Time) {
		t.Helper()
		if at.Before(start) || at.After(end) {
			t.Errorf("%s at %s, outside the session (%s to %s)", what, at.Format(time.RFC3339Nano), start.Format(time.RFC3339Nano), end.Format(time.RFC3339Nano))
		}
	}
	var ats []time.Time
	for _, st := range replay.Steps(tr) {
		ats = append(ats, st.At)
	}
	for i, at := range ats {
		inSession(fmt.Sprintf("step %d", i+1), at)
		if i > 0 && !at.After(ats[i-1]) {
			t.Errorf("step %d at %s, not after step %d at %s", i+1, at.Format(time.RFC3339Nano), i, ats[i-1].Format(time.RFC3339Nano))
		}
	}
	stamps := regexp.MustCompile(`"timestamp":\s*"([^"]+)"`).FindAllStringSubmatch(buf.String(), -1)
	if len(stamps) < 4 {
		t.Errorf("%d status timestamps in the saved session, want one per task event", len(stamps))
	}
	for _, m := range stamps {
		at, err := time.Parse(time.RFC3339Nano, m[1])
		if err != nil {
			t.Errorf("status timestamp %q: %v", m[1], err)
			continue
		}
		inSession("a status timestamp", at)
	}

	var norm bytes.Buffer
	if err := s.Save(&norm, SaveOptions{Normalize: true}); err != nil {
		t.Fatal(err)
	}
	if err := capture.Normalize(tr, NormalizedScenario, nil); err != nil {
		t.Fatalf("Normalize: %v", err)
	}
	want, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(norm.Bytes(), want) {
		t.Errorf("the normalised save differs from the raw save normalised:\n%s", norm.String())
	}
	if !strings.Contains(norm.String(), "# @at 2026-10-06T09:00:00.000Z") || strings.Contains(norm.String(), task.ID) {
		t.Errorf("the normalised save is not on the synthetic clock with deterministic ids:\n%s", norm.String())
	}
	var b strings.Builder
	for _, st := range replay.Steps(tr) {
		fmt.Fprintf(&b, "%2d %-7s %-8s -> %-8s %s\n", st.Index, st.Kind, st.From, st.To, st.Label)
	}
	golden.CheckString(t, filepath.Join("testdata", "approve.steps.txt"), b.String())
}

func TestCloseCancelsAndLeavesNoGoroutines(t *testing.T) {
	// A first session starts what lives as long as the program.
	warm := openTest(t, Config{})
	deployUntilAuth(t, warm, JSONRPC)
	warm.Close()
	before := settledGoroutines(0)

	s := openTest(t, Config{})
	r, deploy := deployUntilAuth(t, s, JSONRPC)
	plan := s.do("RunPlanner", func(ctx context.Context) (*Result, error) { return s.RunPlanner(ctx, PlanArgs{Base: "main"}) })
	planTask := wantState(t, "RunPlanner with a base", plan, "TASK_STATE_AUTH_REQUIRED")
	sub := s.do("Subscribe", func(ctx context.Context) (*Result, error) { return s.Subscribe(ctx, TaskArgs{TaskID: planTask.ID}) })
	diff := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{}) })
	review := wantState(t, "SendDiff", diff, "TASK_STATE_INPUT_REQUIRED")
	if during := Goroutines(); during <= before {
		t.Fatalf("%d goroutines with two streams open, %d before: the count shows nothing", during, before)
	}

	s.Close()
	if after := settledGoroutines(before); after > before {
		t.Errorf("%d goroutines after Close, %d before\n%s", after, before, goroutineDump())
	}

	sn := s.Snapshot()
	if !sn.Closed {
		t.Error("the snapshot does not say closed")
	}
	for _, id := range []string{deploy.ID, planTask.ID, review.ID} {
		if !taskIn(id, "TASK_STATE_CANCELED")(sn) {
			t.Errorf("task %s not canceled by Close: %+v", id, sn.Tasks)
		}
	}
	for _, id := range []int{r.Stream.ID, sub.Stream.ID} {
		if st := sn.Streams[id-1]; st.Open {
			t.Errorf("stream %d still open after Close", id)
		}
	}
	var cancels int
	for _, x := range s.Transcript().Exchanges {
		if x.Name == "CancelTask" && x.From == ClientName {
			cancels++
		}
	}
	if cancels != 3 {
		t.Errorf("%d CancelTask exchanges recorded by Close, want 3", cancels)
	}
	if _, err := s.SendDiff(context.Background(), DiffArgs{}); !errors.Is(err, ErrClosed) {
		t.Errorf("a move after Close: %v, want ErrClosed", err)
	}
	var buf bytes.Buffer
	if err := s.Save(&buf, SaveOptions{}); err != nil {
		t.Errorf("saving a closed session: %v", err)
	}
}

// subscribeUntilError subscribes to a task that waits in INPUT_REQUIRED
// until the answer is an error. Right after the task stopped, a2a-go may
// still hold its execution, and then the answer is a stream that starts
// with the Task, as the specification wants: no deviation may be
// reported for it.
func subscribeUntilError(t *testing.T, s *tsession, id string, b Binding) *Result {
	t.Helper()
	for i := 0; i < 100; i++ {
		sub := s.do("Subscribe", func(ctx context.Context) (*Result, error) {
			return s.Subscribe(ctx, TaskArgs{TaskID: id, Binding: b})
		})
		if sub.Error != nil {
			return sub
		}
		if sub.Deviation != nil || sub.Stream == nil || sub.Stream.Events == 0 || sub.Task == nil || sub.Task.State != "TASK_STATE_INPUT_REQUIRED" {
			t.Fatalf("a subscription without an error: stream %+v task %+v deviation %+v", sub.Stream, sub.Task, sub.Deviation)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("SubscribeToTask on %s never answered an error", id)
	return nil
}
