package test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/record"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
)

// TestJSSDKClient: a client built on the official A2A JavaScript SDK
// (@a2a-js/sdk 1.x, test/jssdk/client.mjs, over A2A v1.0; and 0.3.x,
// test/jssdk/client-v03.mjs, over v0.3) drives the kit, started here on
// loopback, with text-only requests over both bindings: a review that
// asks for its base branch, asks again for a branch the repository does
// not have, and completes with review.json on the same task; a streamed
// deploy that stops in AUTH_REQUIRED, is approved outside A2A, and goes on
// to COMPLETED on the same stream, which then closes. It needs Node.js
// and `npm ci --prefix test/jssdk` (./build.sh test runs it); under CI it
// fails rather than skips without them.
func TestJSSDKClient(t *testing.T) {
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "test", "jssdk")
	missing := func(why string) {
		if browser.InCI() {
			t.Fatalf("%s (CI is set, so the interop test must run)", why)
		}
		t.Skip(why)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("no node on PATH")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@a2a-js", "sdk", "package.json")); err != nil {
		missing("@a2a-js/sdk is not installed: run npm ci --prefix test/jssdk")
	}

	if _, err := os.Stat(filepath.Join(dir, "node_modules", "a2a-sdk-v03", "package.json")); err != nil {
		missing("@a2a-js/sdk 0.3 (the alias a2a-sdk-v03) is not installed: run npm ci --prefix test/jssdk")
	}

	kit, _ := serveKit(t)
	// client.mjs speaks 1.0 with @a2a-js/sdk 1.x; client-v03.mjs speaks
	// 0.3 with @a2a-js/sdk 0.3.x, which the kit answers in 0.3.
	for _, client := range []struct{ script, version string }{{"client.mjs", ""}, {"client-v03.mjs", "0.3 "}} {
		for _, binding := range []string{"JSONRPC", "HTTP+JSON"} {
			t.Run(client.version+binding, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				cmd := exec.CommandContext(ctx, node, client.script, kit.Reviewer.BaseURL(), kit.Deployer.BaseURL(), binding,
					filepath.Join(root, "agents", "testdata", "payments-api.diff"))
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "OPERATOR_TOKEN="+kit.Deployer.OperatorToken())
				out, err := cmd.CombinedOutput()
				t.Logf("%s %s:\n%s", client.script, binding, out)
				if err != nil {
					t.Fatalf("%s %s: %v", client.script, binding, err)
				}
				if !strings.Contains(string(out), "ok ("+client.version+binding+")") {
					t.Errorf("%s %s did not finish", client.script, binding)
				}
			})
		}
	}
}

// TestJSSDKWebhook: a client of @a2a-js/sdk 1.x
// (test/jssdk/webhook-client.mjs) takes the webhook road against the
// kit's deployer: it gives its own receiver, on loopback, in SendMessage's
// configuration with a token (JSON-RPC), or registers it with
// CreateTaskPushNotificationConfig and Bearer credentials once the deploy
// waits (HTTP+JSON); it holds no stream, the operator approves, and the
// receiver gets the resumption (WORKING) and the completion (COMPLETED)
// with the token or credentials it checks; one GetTask reads the result.
func TestJSSDKWebhook(t *testing.T) {
	node, dir := recordNode(t)
	kit, _ := serveKit(t)
	for _, c := range []struct{ binding, how string }{{"JSONRPC", "inline"}, {"HTTP+JSON", "create"}} {
		t.Run(c.binding+" "+c.how, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "webhook-client.mjs", kit.Deployer.BaseURL(), c.binding, c.how)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "OPERATOR_TOKEN="+kit.Deployer.OperatorToken())
			out, err := cmd.CombinedOutput()
			t.Logf("webhook-client.mjs %s %s:\n%s", c.binding, c.how, out)
			if err != nil {
				t.Fatalf("webhook-client.mjs %s %s: %v", c.binding, c.how, err)
			}
			if !strings.Contains(string(out), "ok ("+c.binding+" "+c.how+")") || strings.Contains(string(out), "notification refused") {
				t.Errorf("webhook-client.mjs %s %s did not finish cleanly", c.binding, c.how)
			}
		})
	}
}

// TestJSSDKAgentWebhook: an agent of @a2a-js/sdk 1.x
// (test/jssdk/agent.mjs -push, the SDK's own push store and sender) is
// recorded through a2aplay record -webhooks while webhook-client.mjs
// takes the webhook road against it, both ways (a token in SendMessage's
// configuration over JSON-RPC; CreateTaskPushNotificationConfig with
// Bearer credentials over HTTP+JSON). The proxy rewrites the webhook to
// its receiver, records each notification the JS agent posts and
// forwards it to the client's receiver, which gets the resumption and
// the completion; the recording holds the notifications of AUTH_REQUIRED
// (inline), WORKING and COMPLETED, and a2aplay check finds nothing of
// the agent's in it but notes, and nothing at all of the push rules
// (the JS SDK client's own HTTP+JSON bodies, sent as application/json,
// get §11.1's warning, which the test logs).
func TestJSSDKAgentWebhook(t *testing.T) {
	node, dir := recordNode(t)
	port := jsAgent(t, "-push")
	agentURL := "http://localhost:" + port
	for _, c := range []struct{ binding, how string }{{"JSONRPC", "inline"}, {"HTTP+JSON", "create"}} {
		t.Run(c.binding+" "+c.how, func(t *testing.T) {
			proxy, rec, file, _ := serveRecorder(t, record.Config{Agents: []record.Agent{{Name: "js-agent", URL: agentURL}},
				Root: "js-agent", Name: "js-webhook", Webhooks: true})

			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "webhook-client.mjs", proxy, c.binding, c.how)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			t.Logf("webhook-client.mjs %s %s:\n%s", c.binding, c.how, out)
			if err != nil || !strings.Contains(string(out), "ok ("+c.binding+" "+c.how+")") || strings.Contains(string(out), "notification refused") {
				t.Fatalf("webhook-client.mjs %s %s did not finish cleanly: %v", c.binding, c.how, err)
			}
			rec.Close()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := replay.Parse(data, "js-webhook.http")
			if err != nil {
				t.Fatal(err)
			}
			var states []string
			for _, s := range replay.Steps(tr) {
				if s.Kind == replay.KindPush && s.State != "" {
					states = append(states, s.State)
				}
			}
			want := []string{"TASK_STATE_WORKING", "TASK_STATE_COMPLETED"}
			if c.how == "inline" {
				want = append([]string{"TASK_STATE_AUTH_REQUIRED"}, want...)
			}
			if !containsInOrder(states, want) {
				t.Errorf("the recorded notifications carry %v, want %v among them in order", states, want)
			}
			for _, fd := range check.Check(tr) {
				// The JS SDK client's own findings (its HTTP+JSON bodies
				// are sent as application/json, a §11.1 warning) are
				// logged; the agent's, and any of the push rules, fail.
				if fd.Severity != check.Note && fd.By != check.ByClient || strings.HasPrefix(fd.Rule, "push-") {
					t.Errorf("js-webhook.http:%d: %s", fd.Line, fd)
				} else {
					t.Logf("js-webhook.http:%d: %s", fd.Line, fd)
				}
			}
			if t.Failed() {
				t.Logf("the recording:\n%s", data)
			}
		})
	}
}

// containsInOrder says whether want's items appear in got in that order.
func containsInOrder(got, want []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	return i == len(want)
}
