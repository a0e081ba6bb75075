package agents_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

func ExampleReviewDiff() {
	rv, err := agents.ReviewDiff(agents.SampleRepository, agents.SampleBase, agents.SampleDiff)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d files, +%d -%d\n", rv.Totals.Files, rv.Totals.Added, rv.Totals.Removed)
	for _, f := range rv.Findings {
		fmt.Printf("%s:%d %s (%s)\n", f.Path, f.Line, f.Rule, f.Severity)
	}
	// Output:
	// 3 files, +41 -1
	// internal/refunds/limits.go:18 debug-print (warning)
	// internal/refunds/refund.go:22 todo (warning)
}

// The code-reviewer asks for the base branch, and the answer goes on the
// same task.
func ExampleNewCodeReviewer() {
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	defer srv.Close()
	reviewer := agents.NewCodeReviewer(agents.Config{BaseURL: srv.URL})
	defer reviewer.Close()
	h = reviewer.Handler()

	ctx := context.Background()
	card, _ := agentcard.NewResolver(srv.Client()).Resolve(ctx, srv.URL)
	client, _ := a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(srv.Client()))
	res, _ := client.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff),
	})
	task := res.(*a2a.Task)
	fmt.Println(task.Status.State, task.Status.Message.Parts[0].Text())

	res, _ = client.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(task, "main")})
	task = res.(*a2a.Task)
	fmt.Println(task.Status.State, task.Artifacts[0].Name)
	// Output:
	// TASK_STATE_INPUT_REQUIRED Which base branch should I compare this diff against?
	// TASK_STATE_COMPLETED review.json
}

func BenchmarkReviewDiff(b *testing.B) {
	b.SetBytes(int64(len(agents.SampleDiff)))
	for b.Loop() {
		if _, err := agents.ReviewDiff(agents.SampleRepository, agents.SampleBase, agents.SampleDiff); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReviewFlow measures one ask-and-answer review over loopback
// JSON-RPC: two SendMessage calls.
func BenchmarkReviewFlow(b *testing.B) {
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	defer srv.Close()
	reviewer := agents.NewCodeReviewer(agents.Config{BaseURL: srv.URL})
	defer reviewer.Close()
	h = reviewer.Handler()
	ctx := context.Background()
	card, err := agentcard.NewResolver(srv.Client()).Resolve(ctx, srv.URL)
	if err != nil {
		b.Fatal(err)
	}
	client, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(srv.Client()))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		res, err := client.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff)})
		if err != nil {
			b.Fatal(err)
		}
		res, err = client.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(res.(*a2a.Task), "main")})
		if err != nil || res.(*a2a.Task).Status.State != a2a.TaskStateCompleted {
			b.Fatalf("%v %v", res, err)
		}
	}
}
