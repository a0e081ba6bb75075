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
