//go:build !js

package check

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/replay"
)

var jssdk = flag.Bool("jssdk", false, "record testdata/clean/jssdk-check-agent.http: a2a-go's client and an agent on @a2a-js/sdk (needs node and npm ci --prefix test/jssdk)")

// jsPort is where the JS agent listens while it is recorded; its URLs
// are in the transcript.
const jsPort = 41250

// TestRecordJSSDK writes the clean corpus's transcript of an agent built
// on another SDK: a2a-go's client against test/jssdk/check-agent.mjs, a
// question answered and an approved deploy streamed over JSON-RPC, the
// deploy read back over HTTP+JSON, recorded and normalised as the kit's
// captures are. (a2a-go's client sends HTTP+JSON bodies as
// application/json, a warning 10-rest-binding shows; the one HTTP+JSON
// call here has no body.) It runs only with -jssdk; TestClean checks
// what it wrote.
func TestRecordJSSDK(t *testing.T) {
	if !*jssdk {
		t.Skip("records the JS SDK transcript only with -jssdk")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	node := exec.CommandContext(ctx, "node", filepath.Join("..", "test", "jssdk", "check-agent.mjs"), fmt.Sprint(jsPort))
	out, err := node.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	node.Stderr = os.Stderr
	if err := node.Start(); err != nil {
		t.Fatalf("node: %v", err)
	}
	defer func() {
		_ = node.Process.Signal(os.Interrupt)
		_ = node.Process.Kill()
		_ = node.Wait()
	}()
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || strings.TrimSpace(line) != "listening" {
		t.Fatalf("the agent did not start: %q, %v", line, err)
	}

	base := fmt.Sprintf("http://localhost:%d", jsPort)
	target, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", jsPort))
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.FlushInterval = -1 // pass each SSE frame on as it comes
	tr := capture.NewTransport(map[string]http.Handler{fmt.Sprintf("localhost:%d", jsPort): proxy})
	defer tr.Close()
	rec := capture.NewRecorder(tr, replay.Participant{Name: "client"},
		replay.Participant{Name: "check-agent", URL: base}, replay.Participant{Name: "operator"})
	hc := rec.Client("client")

	card, err := agentcard.NewResolver(hc).Resolve(ctx, base)
	if err != nil {
		t.Fatalf("the card: %v", err)
	}
	rpc, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithDefaultsDisabled(), a2aclient.WithJSONRPCTransport(hc))
	if err != nil {
		t.Fatal(err)
	}
	defer rpc.Destroy()
	res, err := rpc.SendMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("Review my change to payments-api."))})
	if err != nil {
		t.Fatalf("the review: %v", err)
	}
	task, ok := res.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("the review answered %#v, want a task in INPUT_REQUIRED", res)
	}
	res, err = rpc.SendMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessageForTask(a2a.MessageRoleUser, task, a2a.NewTextPart("main"))})
	if err != nil {
		t.Fatalf("the answer: %v", err)
	}
	if done, ok := res.(*a2a.Task); !ok || done.Status.State != a2a.TaskStateCompleted {
		t.Fatalf("the answer got %#v, want the task COMPLETED", res)
	}

	rest, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithDefaultsDisabled(), a2aclient.WithRESTTransport(hc))
	if err != nil {
		t.Fatal(err)
	}
	defer rest.Destroy()
	var deploy a2a.TaskID
	var states []string
	for ev, err := range rpc.SendStreamingMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("Deploy 2026.10.06-1 to staging."))}) {
		if err != nil {
			t.Fatalf("the deploy stream: %v", err)
		}
		switch e := ev.(type) {
		case *a2a.Task:
			deploy = e.ID
			states = append(states, string(e.Status.State))
		case *a2a.TaskStatusUpdateEvent:
			states = append(states, string(e.Status.State))
			if e.Status.State == a2a.TaskStateAuthRequired {
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/approve/"+string(deploy), nil)
				resp, err := rec.Client("operator").Do(req)
				if err != nil {
					t.Fatalf("the approval: %v", err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}
	}
	if got := strings.Join(states, " "); got != "TASK_STATE_SUBMITTED TASK_STATE_AUTH_REQUIRED TASK_STATE_COMPLETED" {
		t.Fatalf("the deploy stream reported %s", got)
	}
	if _, err := rest.GetTask(ctx, &a2a.GetTaskRequest{ID: deploy}); err != nil {
		t.Fatalf("GetTask: %v", err)
	}
	tr.Wait()

	tt := rec.Transcript("a2a-go's client and an agent on @a2a-js/sdk 1.3.0: a question answered, a deploy approved")
	for _, x := range tt.Exchanges {
		if x.Response != nil {
			x.Response.Header = dropHeader(x.Response.Header, "Etag") // a hash of the ids and times: it changes each run
		}
	}
	if err := capture.Normalize(tt, "jssdk-check-agent", nil); err != nil {
		t.Fatal(err)
	}
	b, err := replay.Marshal(tt)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "clean", "jssdk-check-agent.http"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range Check(tt) {
		t.Logf("jssdk-check-agent.http:%d: %s", f.Line, f)
	}
}

func dropHeader(h []replay.Header, name string) []replay.Header {
	var out []replay.Header
	for _, x := range h {
		if !strings.EqualFold(x.Name, name) {
			out = append(out, x)
		}
	}
	return out
}
