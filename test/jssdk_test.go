package test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/test/browser"
)

// TestJSSDKClient: a client built on the official A2A JavaScript SDK
// (@a2a-js/sdk, test/jssdk/client.mjs) drives the kit, started here on
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

	kit, _ := serveKit(t)
	for _, binding := range []string{"JSONRPC", "HTTP+JSON"} {
		t.Run(binding, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "client.mjs", kit.Reviewer.BaseURL(), kit.Deployer.BaseURL(), binding,
				filepath.Join(root, "agents", "testdata", "payments-api.diff"))
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "OPERATOR_TOKEN="+kit.Deployer.OperatorToken())
			out, err := cmd.CombinedOutput()
			t.Logf("client.mjs %s:\n%s", binding, out)
			if err != nil {
				t.Fatalf("client.mjs %s: %v", binding, err)
			}
			if !strings.Contains(string(out), "ok ("+binding+")") {
				t.Errorf("client.mjs %s did not finish", binding)
			}
		})
	}
}
