package agents

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/google/go-cmp/cmp"
)

var reApprove = regexp.MustCompile(`http://\S+/approve/\S+`)

func samplePlan(base string) *a2a.Message {
	return NewPlanMessage(PlanRequest{
		Repository: SampleRepository, Base: base, Diff: SampleDiff,
		Build: SampleBuild, Environment: SampleEnvironment,
	})
}

func TestPlannerChain(t *testing.T) {
	tests := []struct {
		name      string
		base      string // in the planner's request
		answer    string // the client's answer when asked
		decision  string // "approve" or "refuse"
		wantCalls []string
		wantState a2a.TaskState
		wantText  string
	}{{
		name: "question passed up, deploy approved", answer: "main", decision: "approve",
		wantCalls: []string{
			"code-reviewer GET /.well-known/agent-card.json",
			"code-reviewer POST SendMessage",
			"code-reviewer POST SendMessage",
			"deployer GET /.well-known/agent-card.json",
			"deployer POST SendMessage",
			"deployer POST SubscribeToTask",
		},
		wantState: a2a.TaskStateCompleted,
		wantText:  "Reviewed payments-api and deployed 2026.10.06-1 to staging.",
	}, {
		name: "planner answers itself, deploy refused", base: "main", decision: "refuse",
		wantCalls: []string{
			"code-reviewer GET /.well-known/agent-card.json",
			"code-reviewer POST SendMessage",
			"code-reviewer POST SendMessage",
			"deployer GET /.well-known/agent-card.json",
			"deployer POST SendMessage",
			"deployer POST SubscribeToTask",
		},
		wantState: a2a.TaskStateRejected,
		wantText:  "The deploy of 2026.10.06-1 to staging was refused: An operator refused the deploy of 2026.10.06-1 to staging; nothing was deployed.",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := newTestKit(t)
			hc := testHTTPClient(t)
			c := newClient(t, hc, k.planner.url)
			task := sendTask(t, c, samplePlan(tt.base))
			if tt.answer != "" {
				if task.Status.State != a2a.TaskStateInputRequired || MessageText(task.Status.Message) != BaseBranchQuestion {
					t.Fatalf("first reply: %s %q, want INPUT_REQUIRED with the reviewer's question", task.Status.State, MessageText(task.Status.Message))
				}
				// The planner has not called the deployer yet.
				if got := len(k.calls.list()); got != 2 {
					t.Errorf("%d outbound calls before the answer, want 2: %v", got, k.calls.list())
				}
				task = sendTask(t, c, NewAnswerMessage(task, tt.answer))
			}
			if task.Status.State != a2a.TaskStateAuthRequired {
				t.Fatalf("reply: %s %q, want AUTH_REQUIRED", task.Status.State, MessageText(task.Status.Message))
			}
			approve := reApprove.FindString(MessageText(task.Status.Message))
			if !strings.HasPrefix(approve, k.deployer.url+"/approve/") {
				t.Fatalf("planner's AUTH_REQUIRED message %q names no approve URL of the deployer", MessageText(task.Status.Message))
			}
			if diff := cmp.Diff(tt.wantCalls, k.calls.list()); diff != "" {
				t.Errorf("planner's outbound calls (-want +got):\n%s", diff)
			}
			u := approve
			if tt.decision == "refuse" {
				u = strings.Replace(approve, "/approve/", "/refuse/", 1)
			}
			if code, body := post(t, hc, u); code != http.StatusOK {
				t.Fatalf("POST %s: %d %s", u, code, body)
			}
			final := waitState(t, c, task.ID, tt.wantState)
			if got := MessageText(final.Status.Message); got != tt.wantText {
				t.Errorf("final message = %q, want %q", got, tt.wantText)
			}
			if diff := cmp.Diff(sampleReview("main"), reviewOf(t, final)); diff != "" {
				t.Errorf("review.json (-want +got):\n%s", diff)
			}
			if tt.wantState == a2a.TaskStateCompleted {
				var rec DeployRecord
				decodeArtifact(t, final, DeployArtifact, &rec)
				if rec.Build != SampleBuild || rec.Environment != SampleEnvironment || rec.Status != "deployed" {
					t.Errorf("deploy.json = %+v", rec)
				}
			}
			if diff := cmp.Diff(tt.wantCalls, k.calls.list()); diff != "" {
				t.Errorf("planner's outbound calls at the end (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPlannerForwardsAnswers(t *testing.T) {
	k := newTestKit(t)
	hc := testHTTPClient(t)
	c := newClient(t, hc, k.planner.url)
	task := sendTask(t, c, samplePlan(""))
	// An answer the reviewer cannot read: the reviewer asks again, and the
	// planner passes the new question up.
	task = sendTask(t, c, NewAnswerMessage(task, "main or develop"))
	if task.Status.State != a2a.TaskStateInputRequired || !strings.HasSuffix(MessageText(task.Status.Message), BaseBranchQuestion) {
		t.Fatalf("after an ambiguous answer: %s %q, want INPUT_REQUIRED again", task.Status.State, MessageText(task.Status.Message))
	}
	task = sendTask(t, c, a2a.NewMessageForTask(a2a.MessageRoleUser, task, a2a.NewDataPart(map[string]any{"base": "develop"})))
	if task.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("after the data answer: %s %q", task.Status.State, MessageText(task.Status.Message))
	}
	// Cancel the planner while the deploy waits: the deployer's task is
	// canceled too.
	approve := reApprove.FindString(MessageText(task.Status.Message))
	got, err := c.CancelTask(context.Background(), &a2a.CancelTaskRequest{ID: task.ID})
	if err != nil {
		t.Fatalf("CancelTask: %v", err)
	}
	if got.Status.State != a2a.TaskStateCanceled {
		t.Errorf("planner after CancelTask: %s", got.Status.State)
	}
	dc := newClient(t, hc, k.deployer.url)
	waitState(t, dc, a2a.TaskID(approve[strings.LastIndex(approve, "/")+1:]), a2a.TaskStateCanceled)
	if code, _ := post(t, hc, approve); code != http.StatusConflict {
		t.Errorf("approve after the planner was canceled: %d, want 409", code)
	}
}

func TestPlannerRejectsBadRequests(t *testing.T) {
	k := newTestKit(t)
	c := newClient(t, testHTTPClient(t), k.planner.url)
	for _, tt := range []struct {
		name string
		msg  *a2a.Message
		want string
	}{
		{"no diff", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(map[string]any{"repository": "r", "build": "1", "environment": "staging"})), "send the diff"},
		{"no build", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(map[string]any{"repository": "r", "diff": SampleDiff, "environment": "staging"})), "names no build"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			task := sendTask(t, c, tt.msg)
			if task.Status.State != a2a.TaskStateRejected || !strings.Contains(MessageText(task.Status.Message), tt.want) {
				t.Errorf("%s %q, want REJECTED with %q", task.Status.State, MessageText(task.Status.Message), tt.want)
			}
		})
	}
	if got := k.calls.list(); len(got) != 0 {
		t.Errorf("rejected requests made outbound calls: %v", got)
	}
}

func TestPlannerUnreachableReviewer(t *testing.T) {
	p := serve(t, func(u string) *Agent {
		return NewPlanner(Config{BaseURL: u, ReviewerURL: "http://127.0.0.1:1", DeployerURL: "http://127.0.0.1:1", HTTPClient: testHTTPClient(t)})
	})
	c := newClient(t, testHTTPClient(t), p.url)
	task := sendTask(t, c, samplePlan(""))
	if task.Status.State != a2a.TaskStateFailed || !strings.Contains(MessageText(task.Status.Message), "reading the code-reviewer's card") {
		t.Errorf("%s %q, want FAILED naming the reviewer's card", task.Status.State, MessageText(task.Status.Message))
	}
}

// TestPlannerStream follows the planner over SendStreamingMessage: its own
// frames are few, and its stream stays open through AUTH_REQUIRED.
func TestPlannerStream(t *testing.T) {
	k := newTestKit(t)
	hc := testHTTPClient(t)
	c := newClient(t, hc, k.planner.url)
	s := startStream(c.SendStreamingMessage(context.Background(), &a2a.SendMessageRequest{Message: samplePlan("main")}))
	got := []frame{frameOf(s.next(t))}
	e := s.next(t)
	got = append(got, frameOf(e))
	approve := reApprove.FindString(frameOf(e).Text)
	if code, body := post(t, hc, approve); code != http.StatusOK {
		t.Fatalf("POST %q: %d %s", approve, code, body)
	}
	for i := 0; i < 3; i++ {
		got = append(got, frameOf(s.next(t)))
	}
	s.end(t)
	want := []frame{
		{"task", a2a.TaskStateSubmitted, ""},
		{"statusUpdate", a2a.TaskStateAuthRequired, "The deployer needs an operator's approval to deploy 2026.10.06-1 to staging: approve it at " + approve + " with a POST that sends the operator's token, which the deployer gave its operator when it started, as Authorization: Bearer."},
		{"artifactUpdate", "", ReviewArtifact},
		{"artifactUpdate", "", DeployArtifact},
		{"statusUpdate", a2a.TaskStateCompleted, "Reviewed payments-api and deployed 2026.10.06-1 to staging."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("planner frames (-want +got):\n%s", diff)
	}
}
