package agents

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/google/go-cmp/cmp"
)

// sampleReview is the review of SampleDiff against main.
func sampleReview(base string) *Review {
	return &Review{
		Repository: SampleRepository,
		Base:       base,
		Files: []FileChange{
			{Path: "internal/refunds/limits.go", Change: "added", Added: 23},
			{Path: "internal/refunds/refund.go", Change: "modified", Added: 6, Removed: 1},
			{Path: "internal/refunds/refund_test.go", Change: "modified", Added: 12},
		},
		Totals: Totals{Files: 3, Added: 41, Removed: 1, Findings: 2},
		Findings: []Finding{
			{Rule: "debug-print", Severity: SeverityWarning, Path: "internal/refunds/limits.go", Line: 18,
				Message: `debug print left in non-test code: fmt.Println("checking refund limit", amount, currency)`},
			{Rule: "todo", Severity: SeverityWarning, Path: "internal/refunds/refund.go", Line: 22,
				Message: "TODO comment left in the change"},
		},
	}
}

func TestReviewerAsksThenCompletes(t *testing.T) {
	for _, binding := range []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON} {
		t.Run(string(binding), func(t *testing.T) {
			rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
			c := newClient(t, testHTTPClient(t), rv.url, binding)

			first := sendTask(t, c, NewReviewMessage(SampleRepository, "", SampleDiff))
			if first.Status.State != a2a.TaskStateInputRequired {
				t.Fatalf("first reply in %s, want INPUT_REQUIRED: %s", first.Status.State, MessageText(first.Status.Message))
			}
			if got := MessageText(first.Status.Message); got != BaseBranchQuestion {
				t.Errorf("question = %q, want %q", got, BaseBranchQuestion)
			}
			if first.Status.Message.TaskID != first.ID || first.Status.Message.Role != a2a.MessageRoleAgent {
				t.Errorf("question message: task %q role %s, want task %q ROLE_AGENT", first.Status.Message.TaskID, first.Status.Message.Role, first.ID)
			}
			if ts := first.Status.Timestamp; ts == nil || !ts.Equal(testTime) {
				t.Errorf("status timestamp = %v, want the test clock's %v", ts, testTime)
			}

			second := sendTask(t, c, NewAnswerMessage(first, "  main\n"))
			if second.ID != first.ID || second.ContextID != first.ContextID {
				t.Errorf("answer went to task %s/%s, want %s/%s", second.ID, second.ContextID, first.ID, first.ContextID)
			}
			if second.Status.State != a2a.TaskStateCompleted {
				t.Fatalf("after the answer: %s, want COMPLETED: %s", second.Status.State, MessageText(second.Status.Message))
			}
			if diff := cmp.Diff(sampleReview("main"), reviewOf(t, second)); diff != "" {
				t.Errorf("review.json (-want +got):\n%s", diff)
			}
			want := "Reviewed payments-api against main: 3 files, +41 -1, 2 findings."
			if got := MessageText(second.Status.Message); got != want {
				t.Errorf("final message = %q, want %q", got, want)
			}
		})
	}
}

func TestReviewerRequests(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	c := newClient(t, testHTTPClient(t), rv.url)
	rawDiff := &a2a.Part{Content: a2a.Raw(SampleDiff), MediaType: MediaTypeDiff}
	repo := a2a.NewDataPart(map[string]any{"repository": SampleRepository})
	tests := []struct {
		name      string
		msg       *a2a.Message
		wantState a2a.TaskState
		wantText  string // a part of the status message
		wantBase  string // for COMPLETED
	}{
		{"base given", NewReviewMessage(SampleRepository, "release/2026.10", SampleDiff), a2a.TaskStateCompleted, "against release/2026.10", "release/2026.10"},
		{"raw diff part", a2a.NewMessage(a2a.MessageRoleUser, rawDiff, repo), a2a.TaskStateInputRequired, BaseBranchQuestion, ""},
		{"diff in data", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(map[string]any{"repository": "x", "diff": SampleDiff, "base": "main"})), a2a.TaskStateCompleted, "Reviewed x against main", "main"},
		{"no diff", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("please review"), repo), a2a.TaskStateInputRequired, DiffQuestion, ""},
		{"no repository", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(SampleDiff)), a2a.TaskStateInputRequired, RepositoryQuestion, ""},
		{"broken hunk", NewReviewMessage("r", "", strings.Replace(SampleDiff, "@@ -0,0 +1,23 @@", "@@ -0,0 +1,29 @@", 1)), a2a.TaskStateInputRequired, "The diff does not parse: gitdiff: line 30", ""},
		{"bad base", NewReviewMessage("r", "main..dev", SampleDiff), a2a.TaskStateInputRequired, `"main..dev" is not a branch name`, ""},
		{"unknown base", NewReviewMessage(SampleRepository, "no-such-branch", SampleDiff), a2a.TaskStateInputRequired, `There is no branch "no-such-branch" in payments-api; its branches are main, develop and release/2026.10. ` + BaseBranchQuestion, ""},
		{"text only", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("Please review this diff of payments-api against develop:\n"+SampleDiff)), a2a.TaskStateCompleted, "Reviewed payments-api against develop", "develop"},
		{"repository not a string", a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(SampleDiff), a2a.NewDataPart(map[string]any{"repository": 7})), a2a.TaskStateRejected, `"repository" must be a string`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			task := sendTask(t, c, tt.msg)
			if task.Status.State != tt.wantState || !strings.Contains(MessageText(task.Status.Message), tt.wantText) {
				t.Fatalf("got %s %q, want %s with %q", task.Status.State, MessageText(task.Status.Message), tt.wantState, tt.wantText)
			}
			if tt.wantState == a2a.TaskStateCompleted {
				if got := reviewOf(t, task).Base; got != tt.wantBase {
					t.Errorf("review base = %q, want %q", got, tt.wantBase)
				}
			}
		})
	}
}

func TestReviewerAnswers(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	c := newClient(t, testHTTPClient(t), rv.url)
	tests := []struct {
		name     string
		answers  []*a2a.Part // one answer message per part, in order
		states   []a2a.TaskState
		wantBase string
	}{
		{"text", []*a2a.Part{a2a.NewTextPart("develop")}, []a2a.TaskState{a2a.TaskStateCompleted}, "develop"},
		{"quoted", []*a2a.Part{a2a.NewTextPart("`main`")}, []a2a.TaskState{a2a.TaskStateCompleted}, "main"},
		{"data", []*a2a.Part{a2a.NewDataPart(map[string]any{"base": "release/2026.10"})}, []a2a.TaskState{a2a.TaskStateCompleted}, "release/2026.10"},
		{"a branch it does not have, then one it has", []*a2a.Part{a2a.NewTextPart("no-such-branch"), a2a.NewTextPart("use the develop branch")},
			[]a2a.TaskState{a2a.TaskStateInputRequired, a2a.TaskStateCompleted}, "develop"},
		{"ambiguous, then clear", []*a2a.Part{a2a.NewTextPart("main or develop?"), a2a.NewTextPart("   "), a2a.NewTextPart("develop")},
			[]a2a.TaskState{a2a.TaskStateInputRequired, a2a.TaskStateInputRequired, a2a.TaskStateCompleted}, "develop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			task := sendTask(t, c, NewReviewMessage(SampleRepository, "", SampleDiff))
			for i, p := range tt.answers {
				task = sendTask(t, c, a2a.NewMessageForTask(a2a.MessageRoleUser, task, p))
				if task.Status.State != tt.states[i] {
					t.Fatalf("answer %d: %s %q, want %s", i+1, task.Status.State, MessageText(task.Status.Message), tt.states[i])
				}
				if task.Status.State == a2a.TaskStateInputRequired && !strings.HasSuffix(MessageText(task.Status.Message), BaseBranchQuestion) {
					t.Errorf("answer %d: asked %q, want the question again", i+1, MessageText(task.Status.Message))
				}
			}
			if got := reviewOf(t, task).Base; got != tt.wantBase {
				t.Errorf("base = %q, want %q", got, tt.wantBase)
			}
		})
	}
}

func TestReviewerMessageToCompletedTask(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	c := newClient(t, testHTTPClient(t), rv.url)
	task := sendTask(t, c, NewReviewMessage(SampleRepository, "main", SampleDiff))
	// a2a-go answers a message to a terminal task with an error
	// (A2A-NOTES: -32602 rather than -32004); the reviewer never runs.
	_, err := c.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: NewAnswerMessage(task, "develop")})
	if err == nil {
		t.Fatal("a message to a completed task was accepted")
	}
}

func TestReviewerCancelWhileAsking(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	c := newClient(t, testHTTPClient(t), rv.url)
	task := sendTask(t, c, NewReviewMessage(SampleRepository, "", SampleDiff))
	got, err := cancelSoon(c, task.ID)
	if err != nil {
		t.Fatalf("CancelTask: %v", err)
	}
	if got.Status.State != a2a.TaskStateCanceled {
		t.Errorf("after CancelTask: %s, want CANCELED", got.Status.State)
	}
}

// cancelSoon cancels a task that a blocking SendMessage just returned in
// INPUT_REQUIRED. a2a-go v2.4.0 answers the blocking call before it
// unregisters the execution, and a CancelTask in between is sent to the
// ending execution and fails with ErrTaskNotCancelable (the TODO in its
// internal/taskexec/local_manager.go); a retry a moment later succeeds.
func cancelSoon(c *a2aclient.Client, id a2a.TaskID) (*a2a.Task, error) {
	for i := 0; ; i++ {
		got, err := c.CancelTask(context.Background(), &a2a.CancelTaskRequest{ID: id})
		if err == nil || !errors.Is(err, a2a.ErrTaskNotCancelable) || i == 50 {
			return got, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// An answer sent over SendStreamingMessage opens a new stream on the
// same task; that stream starts with the Task, not a bare status update
// (§3.1.2), and the Task's history holds the answer and the question.
func TestReviewerAnswerStreamStartsWithTask(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
	c := newClient(t, testHTTPClient(t), rv.url)
	first := sendTask(t, c, NewReviewMessage(SampleRepository, "", SampleDiff))
	answer := NewAnswerMessage(first, "main")

	var kinds []string
	for ev, err := range c.SendStreamingMessage(t.Context(), &a2a.SendMessageRequest{Message: answer}) {
		if err != nil {
			t.Fatal(err)
		}
		switch v := ev.(type) {
		case *a2a.Task:
			kinds = append(kinds, "task "+string(v.Status.State))
			var ids []string
			for _, m := range v.History {
				ids = append(ids, m.ID)
			}
			// The answer, then the question it replaced as the status
			// message, as a2a-go orders them for a status update.
			if n := len(ids); n < 2 || ids[n-2] != answer.ID || ids[n-1] != first.Status.Message.ID {
				t.Errorf("the opening Task's history ends %q, want the answer %q then the question %q", ids, answer.ID, first.Status.Message.ID)
			}
		case *a2a.TaskStatusUpdateEvent:
			kinds = append(kinds, "status "+string(v.Status.State))
		case *a2a.TaskArtifactUpdateEvent:
			kinds = append(kinds, "artifact "+v.Artifact.Name)
		default:
			kinds = append(kinds, fmt.Sprintf("%T", ev))
		}
	}
	want := []string{"task TASK_STATE_WORKING", "artifact review.json", "status TASK_STATE_COMPLETED"}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("answer stream (-want +got):\n%s", diff)
	}
}

// A chat client sends only text: the reviewer asks for each thing it
// lacks, on the same task, in turn, and asks again for a branch its
// repository does not have.
func TestReviewerAsksInTurns(t *testing.T) {
	for _, binding := range []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON} {
		t.Run(string(binding), func(t *testing.T) {
			rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
			c := newClient(t, testHTTPClient(t), rv.url, binding)
			turns := []struct {
				send string
				want string // the question, or the final message
			}{
				{"Could you review a change for me?", RepositoryQuestion},
				{"payments-api", DiffQuestion},
				{SampleDiff, BaseBranchQuestion},
				{"no-such-branch", `There is no branch "no-such-branch" in payments-api; its branches are main, develop and release/2026.10. ` + BaseBranchQuestion},
				{"main", "Reviewed payments-api against main: 3 files, +41 -1, 2 findings."},
			}
			var task *a2a.Task
			for i, turn := range turns {
				msg := a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(turn.send))
				if task != nil {
					msg = NewAnswerMessage(task, turn.send)
				}
				got := sendTask(t, c, msg)
				if task != nil && got.ID != task.ID {
					t.Fatalf("turn %d went to task %s, want %s", i+1, got.ID, task.ID)
				}
				task = got
				want := a2a.TaskStateInputRequired
				if i == len(turns)-1 {
					want = a2a.TaskStateCompleted
				}
				if task.Status.State != want || MessageText(task.Status.Message) != turn.want {
					t.Fatalf("turn %d (%q): %s %q, want %s %q", i+1, clip(turn.send, 30), task.Status.State, MessageText(task.Status.Message), want, turn.want)
				}
			}
			if diff := cmp.Diff(sampleReview("main"), reviewOf(t, task)); diff != "" {
				t.Errorf("review.json (-want +got):\n%s", diff)
			}
			if n := rv.pendingCount(); n != 0 {
				t.Errorf("%d requests still remembered after the review", n)
			}
		})
	}
}
