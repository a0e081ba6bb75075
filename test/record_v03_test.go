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
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/record"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
)

// TestRecordJSSDKV03 records, through the recording proxy, the 0.3
// client of @a2a-js/sdk 0.3.x (client-v03.mjs) against the kit, over
// both bindings: the review answered on the same task, the deploy
// approved in the middle of its stream. Each call reads as 0.3, the
// steps show both interrupted states, and the checker's 0.3 rules find
// nothing: only the migration notes. The 0.3 SDK reads an agent's card
// at its origin's /.well-known/agent-card.json, whatever the path of the
// URL it is given, so each agent gets a recorder of its own that serves
// it at the root, and each writes its own transcript.
func TestRecordJSSDKV03(t *testing.T) {
	node, dir := recordNode(t)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "a2a-sdk-v03", "package.json")); err != nil {
		if browser.InCI() {
			t.Fatalf("the JS SDK 0.3 recording must run in CI: %v (npm ci --prefix test/jssdk)", err)
		}
		t.Skipf("@a2a-js/sdk 0.3 missing (npm ci --prefix test/jssdk): %v", err)
	}
	for _, binding := range []string{"JSONRPC", "HTTP+JSON"} {
		t.Run(binding, func(t *testing.T) {
			reviewer, deployer, token := serveKitAt(t)
			rproxy, rrec, rfile, rlog := startRootRecorder(t, "code-reviewer", reviewer)
			dproxy, drec, dfile, dlog := startRootRecorder(t, "deployer", deployer)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			root := filepath.Dir(filepath.Dir(dir))
			cmd := exec.CommandContext(ctx, node, "client-v03.mjs", rproxy, dproxy, binding,
				filepath.Join(root, "agents", "testdata", "payments-api.diff"))
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "OPERATOR_TOKEN="+token)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "ok (0.3 "+binding+")") {
				t.Fatalf("client-v03.mjs: %v\n%s\nproxy logs:\n%s%s", err, out, rlog.String(), dlog.String())
			}
			rrec.Close()
			drec.Close()
			var tr replay.Transcript
			for _, file := range []string{rfile, dfile} {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				one, err := replay.Parse(data, filepath.Base(file))
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range check.Check(one) {
					if f.Rule != "v03-migration" {
						t.Errorf("%s:%d: %s", filepath.Base(file), f.Line, f)
					}
				}
				tr.Exchanges = append(tr.Exchanges, one.Exchanges...)
			}
			calls := 0
			for _, x := range tr.Exchanges {
				v := replay.ExchangeVersion(x)
				switch {
				case x.Channel == replay.ChannelOutOfBand, x.Name == "GetAgentCard":
				case v != replay.V03:
					t.Errorf("exchange %d %s reads as %q", x.Seq, x.Name, v)
				default:
					calls++
				}
			}
			if calls < 3 {
				t.Errorf("%d calls in 0.3", calls)
			}
			var states []string
			for _, file := range []string{rfile, dfile} {
				data, _ := os.ReadFile(file)
				one, _ := replay.Parse(data, filepath.Base(file))
				for _, s := range replay.Steps(one) {
					if s.Reports && s.Changed {
						states = append(states, replay.ShortState(s.State))
					}
				}
			}
			if got := strings.Join(states, " "); !strings.Contains(got, "INPUT_REQUIRED") || !strings.Contains(got, "AUTH_REQUIRED") {
				t.Errorf("the steps' states: %s", got)
			}
		})
	}
}

// startRootRecorder serves a Recorder for one agent, at its root, on a
// loopback port, writing to a file named after it.
func startRootRecorder(t *testing.T, name, url string) (proxy string, rec *record.Recorder, file string, log *logbuf.Buffer) {
	t.Helper()
	return serveRecorder(t, record.Config{Agents: []record.Agent{{Name: name, URL: url}}, Root: name, Name: name})
}
