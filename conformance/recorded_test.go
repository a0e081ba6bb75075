package conformance

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/record"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aproject/a2a-go/v2/a2a"
)

// TestCheckerSeesDeviations: the pins' traffic, recorded through the
// recording proxy and read by the checker, shows each a2a-go deviation
// under its rule, named as the SDK's; and no rule of the agents' is
// broken otherwise.
func TestCheckerSeesDeviations(t *testing.T) {
	kit := kittest.Serve(t, "127.0.0.1")
	out := &logbuf.Buffer{}
	// The proxy needs its own URL, which the server has once started.
	var rec *record.Recorder
	ready := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-ready
		rec.ServeHTTP(w, r)
	}))
	defer srv.Close()
	rec, err := record.New(record.Config{
		Agents: []record.Agent{
			{Name: agents.ReviewerName, URL: kit.Reviewer.BaseURL()},
			{Name: agents.DeployerName, URL: kit.Deployer.BaseURL()},
		},
		Root: agents.ReviewerName, ProxyURL: srv.URL, Out: out, Title: "the a2a-go deviations, recorded",
		Webhooks: true, // the push notifications, for push-auth-scheme
	})
	if err != nil {
		t.Fatal(err)
	}
	close(ready)

	hc := &http.Client{}
	for _, b := range bindings {
		rv := peer{agent: kit.Reviewer, binding: b, hc: hc, via: srv.URL}
		dp := peer{agent: kit.Deployer, binding: b, hc: hc, via: srv.URL + "/" + agents.DeployerName}
		pinCancelCanceled(t, rv)
		pinParseError(t, rv)
		pinInternalConflict(t, dp)
		pinSubscribe(t, rv)
		pinMessageToTerminal(t, rv)
		pinPushScheme(t, rv)
		// Traffic the spec is happy with: the checker must be too.
		completedTask(t, rv)
		for _, params := range []map[string]any{{"pageSize": 2}, {"includeArtifacts": true, "historyLength": 1}} {
			if o := rv.call(t, "ListTasks", params); o.err != nil {
				t.Fatalf("ListTasks %v: %s", params, o.err)
			}
		}
		if s, o := rv.open(t, "SendStreamingMessage", &a2a.SendMessageRequest{Message: agents.NewReviewMessage(agents.SampleRepository, "main", agents.SampleDiff)}); s != nil {
			s.rest(t)
		} else {
			t.Fatalf("SendStreamingMessage: %s", o.err)
		}
	}
	rec.Close()

	tr, err := replay.ParseString(out.String(), "recorded.http")
	if err != nil {
		t.Fatalf("the recording does not parse: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range check.Check(tr) {
		switch {
		case f.Deviation == "a2a-go v2.4.0":
			if !strings.Contains(f.Msg, "a2a-go v2.4.0") {
				t.Errorf("%s: a deviation finding that does not name the SDK: %s", f.Rule, f.Msg)
			}
			seen[f.Rule] = true
		case f.By == check.ByAgent && f.Severity == check.Violation:
			t.Errorf("recorded.http:%d: the kit breaks %s, and not by a known a2a-go deviation: %s", f.Line, f.Rule, f.Msg)
		}
	}
	for _, d := range []deviation{devCancelCanceled, devParseError, devInternalConflict, devSubscribe, devMessageToTerminal, devErrorFrame, devPushScheme} {
		if !seen[d.rule] {
			t.Errorf("the checker did not flag %s (rule %s) in the recorded traffic as a2a-go's", d.id, d.rule)
		}
	}
	if t.Failed() {
		t.Logf("the recording:\n%s", out.String())
	}
}
