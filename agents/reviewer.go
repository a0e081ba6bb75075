package agents

import (
	"context"
	"fmt"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// ReviewArtifact is the name of the code-reviewer's artifact.
const ReviewArtifact = "review.json"

// NewCodeReviewer returns the code-reviewer. It reviews a unified diff; when
// the request names no base branch it asks for one (INPUT_REQUIRED) and
// reads the answer from the next message on the same task.
func NewCodeReviewer(cfg Config) *Agent {
	card := &a2a.AgentCard{
		Name:               ReviewerName,
		Description:        "Reviews a unified diff of a repository against a base branch and returns review.json: files, lines added and removed, and findings. Asks for the base branch when the request names none.",
		Version:            Version,
		Capabilities:       a2a.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain", MediaTypeDiff, MediaTypeJSON},
		DefaultOutputModes: []string{MediaTypeJSON, "text/plain"},
		Skills: []a2a.AgentSkill{{
			ID:          "review-diff",
			Name:        "Review a diff",
			Description: `Send the diff as a text part (or a raw part with mediaType text/x-diff) and a data part {"repository":"payments-api","base":"main"}; base is optional.`,
			Tags:        []string{"code review", "diff"},
			Examples:    []string{`{"repository":"payments-api","base":"main"} with a unified diff`},
			InputModes:  []string{"text/plain", MediaTypeDiff, MediaTypeJSON},
			OutputModes: []string{MediaTypeJSON},
		}},
	}
	return newAgent(ReviewerName, cfg, card, func(a *Agent) *executor {
		return &executor{a: a, exec: review, cancel: cancelTask}
	}, nil)
}

// review is the code-reviewer's execution of one message.
func review(ctx context.Context, r *run) {
	if r.ec.StoredTask == nil {
		req, err := readReviewRequest(r.ec.Message)
		if !r.submitted() {
			return
		}
		if err != nil {
			r.status(a2a.TaskStateRejected, "I cannot review this: "+err.Error()+".")
			return
		}
		// Read the diff before asking anything: a broken diff is rejected
		// at once.
		if _, err := ReviewDiff(req.Repository, req.Base, req.Diff); err != nil {
			r.status(a2a.TaskStateRejected, "I cannot review this: "+err.Error()+".")
			return
		}
		if req.Base == "" {
			r.status(a2a.TaskStateInputRequired, BaseBranchQuestion)
			return
		}
		finishReview(r, req)
		return
	}

	// A message on an existing task: the answer to the question.
	task := r.ec.StoredTask
	if task.Status.State != a2a.TaskStateInputRequired {
		r.status(a2a.TaskStateFailed, fmt.Sprintf("This task is in %s and asked nothing; send a new review request as a new task.", task.Status.State))
		return
	}
	req, err := readReviewRequest(firstUserMessage(task))
	if err != nil {
		r.status(a2a.TaskStateFailed, "I lost the diff of this task: "+err.Error()+".")
		return
	}
	base, err := readBranchAnswer(r.ec.Message)
	if err != nil {
		r.status(a2a.TaskStateInputRequired, "I could not read a branch name: "+err.Error()+". "+BaseBranchQuestion)
		return
	}
	req.Base = base
	finishReview(r, req)
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

// firstUserMessage returns the message that created a task.
func firstUserMessage(t *a2a.Task) *a2a.Message {
	for _, m := range t.History {
		if m != nil && m.Role == a2a.MessageRoleUser {
			return m
		}
	}
	return nil
}

// cancelTask is the code-reviewer's and deployer's answer to CancelTask.
func cancelTask(ctx context.Context, r *run) {
	r.status(a2a.TaskStateCanceled, "Canceled at the client's request.")
}
