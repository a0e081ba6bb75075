package agents

import (
	"context"
	"fmt"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// ReviewArtifact is the name of the code-reviewer's artifact.
const ReviewArtifact = "review.json"

// NewCodeReviewer returns the code-reviewer. It reviews a unified diff of a
// repository against a base branch, and asks (INPUT_REQUIRED) for
// whichever of the three the request does not give.
func NewCodeReviewer(cfg Config) *Agent {
	rv := &reviewer{}
	card := &a2a.AgentCard{
		Name:               ReviewerName,
		Description:        "Reviews a unified diff of a repository against a base branch and returns review.json: files, lines added and removed, and findings. Asks for the repository, the diff or the base branch when the request does not say.",
		Version:            Version,
		Capabilities:       a2a.AgentCapabilities{Streaming: true, PushNotifications: true},
		DefaultInputModes:  []string{"text/plain", MediaTypeDiff, MediaTypeJSON},
		DefaultOutputModes: []string{MediaTypeJSON, "text/plain"},
		Skills: []a2a.AgentSkill{{
			ID:   "review-diff",
			Name: "Review a diff",
			Description: "In a chat box, write one message: a sentence naming the repository (and the base branch, if you know it), then the output of git diff. " +
				"Whatever is missing, the reviewer asks for on the same task. " +
				`Programs may send the diff as a text part, a raw part with mediaType text/x-diff or a data: URL, and {"repository":"payments-api","base":"main"} as a data part or message metadata.`,
			Tags: []string{"code review", "diff"},
			Examples: []string{
				"Please review this diff of payments-api against main:\n<the output of git diff>",
				"Review my change to payments-api. (The reviewer then asks for the diff, and for the base branch: main, develop or release/2026.10.)",
			},
			InputModes:  []string{"text/plain", MediaTypeDiff, MediaTypeJSON},
			OutputModes: []string{MediaTypeJSON},
		}},
	}
	return newAgent(ReviewerName, cfg, card, func(a *Agent) *executor {
		rv.a = a
		a.pendingLen = rv.pending.len
		return &executor{a: a, exec: rv.execute, cancel: rv.cancel}
	}, nil)
}

type reviewer struct {
	a       *Agent
	pending pending[reviewState]
}

// reviewState is what the code-reviewer remembers of a task between a
// question and its answer.
type reviewState struct {
	req   reviewRequest
	asked reviewAsk
}

// execute is the code-reviewer's execution of one message: a request, or
// the answer to its question.
func (rv *reviewer) execute(ctx context.Context, r *run) {
	id := r.ec.TaskID
	var st reviewState
	if task := r.ec.StoredTask; task == nil {
		if !r.submitted() {
			return
		}
	} else {
		if task.Status.State != a2a.TaskStateInputRequired {
			r.status(a2a.TaskStateFailed, fmt.Sprintf("This task is in %s and asked nothing; send a new review request as a new task.", task.Status.State))
			return
		}
		var ok bool
		if st, ok = rv.pending.take(id); !ok {
			r.status(a2a.TaskStateFailed, "I no longer hold this task's request; send a new review request as a new task.")
			return
		}
	}
	t, err := readReview(st.req, r.ec.Message, st.asked)
	if err != nil {
		r.status(a2a.TaskStateRejected, "I cannot review this: "+err.Error()+".")
		return
	}
	if t.ask != askNothing {
		rv.pending.put(id, reviewState{req: t.req, asked: t.ask})
		if !r.status(a2a.TaskStateInputRequired, askText(t.reason, t.ask.question())) {
			rv.pending.take(id)
			return
		}
		rv.a.expireLater(id)
		return
	}
	finishReview(r, t.req)
}

// cancel answers CancelTask, and ends a task whose wait expired.
func (rv *reviewer) cancel(ctx context.Context, r *run) {
	if isExpiry(ctx) {
		if _, ok := rv.pending.take(r.ec.TaskID); ok {
			r.status(a2a.TaskStateRejected, rv.a.expiredText("answer"))
		}
		return
	}
	rv.pending.take(r.ec.TaskID)
	cancelTask(ctx, r)
}

func finishReview(r *run, req reviewRequest) {
	if !r.status(a2a.TaskStateWorking, "") {
		return
	}
	rv, err := ReviewDiff(req.Repository, req.Base, req.Diff)
	if err != nil {
		r.status(a2a.TaskStateFailed, "I cannot review this: "+err.Error()+".")
		return
	}
	if !r.artifact(ReviewArtifact, fmt.Sprintf("Review of %s against %s", req.Repository, req.Base), rv) {
		return
	}
	r.status(a2a.TaskStateCompleted, reviewSummary(rv))
}

func reviewSummary(rv *Review) string {
	return fmt.Sprintf("Reviewed %s against %s: %s, +%d -%d, %s.",
		rv.Repository, rv.Base, plural(rv.Totals.Files, "file"), rv.Totals.Added, rv.Totals.Removed, plural(rv.Totals.Findings, "finding"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// cancelTask is the code-reviewer's and deployer's answer to CancelTask.
func cancelTask(ctx context.Context, r *run) {
	r.status(a2a.TaskStateCanceled, "Canceled at the client's request.")
}
