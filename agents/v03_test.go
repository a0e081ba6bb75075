//go:build !(js && wasm)

// The 0.3 stories need a2a-go's 0.3 client, which the browser's build
// leaves out (v03_wasm.go).

package agents

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/google/go-cmp/cmp"
)

// versionLog records the A2A-Version header of each request a client
// sends ("" when it sends none), and the path.
type versionLog struct {
	log  *callLog
	next http.RoundTripper
}

func (v *versionLog) RoundTrip(r *http.Request) (*http.Response, error) {
	v.log.add(r.Method + " " + r.URL.Path + " A2A-Version=" + r.Header.Get(a2a.SvcParamVersion))
	return v.next.RoundTrip(r)
}

// newV03Client is a client of a2a-go's 0.3 compat package only: it reads
// the card at the 0.3 address with the 0.3 parser and speaks the binding
// over 0.3's wire. Its requests are logged in calls.
func newV03Client(t testing.TB, baseURL string, binding a2a.TransportProtocol) (*a2aclient.Client, *http.Client, *callLog) {
	t.Helper()
	calls := &callLog{}
	hc := testHTTPClient(t)
	hc.Transport = &versionLog{log: calls, next: hc.Transport}
	ctx := context.Background()
	r := &agentcard.Resolver{Client: hc, CardParser: a2av0.NewAgentCardParser()}
	card, err := r.Resolve(ctx, baseURL, agentcard.WithPath(LegacyCardPath))
	if err != nil {
		t.Fatalf("resolve the card at %s%s: %v", baseURL, LegacyCardPath, err)
	}
	opt := a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{Client: hc})
	if binding == a2a.TransportProtocolHTTPJSON {
		opt = a2av0.WithRESTTransport(a2av0.RESTTransportConfig{Client: hc})
	}
	c, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithDefaultsDisabled(), opt)
	if err != nil {
		t.Fatalf("0.3 client for %s: %v", baseURL, err)
	}
	t.Cleanup(func() { c.Destroy() })
	return c, hc, calls
}

// checkV03Wire fails the test if any A2A call the client made went
// elsewhere than the 0.3 addresses or named a version other than 0.3.
func checkV03Wire(t testing.TB, calls *callLog) {
	t.Helper()
	n := 0
	for _, c := range calls.list() {
		if strings.Contains(c, "/.well-known/") || strings.Contains(c, "/approve/") || strings.Contains(c, "/refuse/") {
			continue
		}
		n++
		if strings.Contains(c, RESTPath+"/") || !(strings.HasSuffix(c, "A2A-Version=") || strings.HasSuffix(c, "A2A-Version=0.3")) {
			t.Errorf("0.3 client's call %q: not on 0.3's wire", c)
		}
	}
	if n == 0 {
		t.Error("the client made no A2A call")
	}
}

// INPUT_REQUIRED over 0.3: the question, then the answer on the same task.
func TestV03ReviewerAsksThenCompletes(t *testing.T) {
	for _, binding := range []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON} {
		t.Run(string(binding), func(t *testing.T) {
			rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u, Clock: testClock}) })
			c, _, calls := newV03Client(t, rv.url, binding)
			first := sendTask(t, c, NewReviewMessage(SampleRepository, "", SampleDiff))
			if first.Status.State != a2a.TaskStateInputRequired || MessageText(first.Status.Message) != BaseBranchQuestion {
				t.Fatalf("first reply: %s %q, want INPUT_REQUIRED with the question", first.Status.State, MessageText(first.Status.Message))
			}
			second := sendTask(t, c, NewAnswerMessage(first, "main"))
			if second.ID != first.ID || second.ContextID != first.ContextID {
				t.Errorf("answer went to task %s/%s, want %s/%s", second.ID, second.ContextID, first.ID, first.ContextID)
			}
			if second.Status.State != a2a.TaskStateCompleted {
				t.Fatalf("after the answer: %s %q, want COMPLETED", second.Status.State, MessageText(second.Status.Message))
			}
			if diff := cmp.Diff(sampleReview("main"), reviewOf(t, second)); diff != "" {
				t.Errorf("review.json (-want +got):\n%s", diff)
			}
			checkV03Wire(t, calls)
		})
	}
}

// AUTH_REQUIRED over 0.3: the stream stays open through the operator's
// approval and ends at COMPLETED.
func TestV03DeployerApproveOnTheSameStream(t *testing.T) {
	for _, binding := range []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON} {
		t.Run(string(binding), func(t *testing.T) {
			dep := serve(t, func(u string) *Agent { return NewDeployer(Config{BaseURL: u, Clock: testClock}) })
			c, hc, calls := newV03Client(t, dep.url, binding)
			s, id := deployStream(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
			approve := dep.url + "/approve/" + string(id)
			got := []frame{{"task", a2a.TaskStateSubmitted, ""}}
			got = append(got, frameOf(s.next(t)), frameOf(s.next(t)))
			select {
			case <-s.done:
				t.Fatalf("stream closed at AUTH_REQUIRED (err %v)", s.err)
			default:
			}
			if code, body := post(t, hc, approve); code != http.StatusOK {
				t.Fatalf("POST %s: %d %s", approve, code, body)
			}
			for i := 0; i < 3; i++ {
				got = append(got, frameOf(s.next(t)))
			}
			s.end(t)
			if diff := cmp.Diff(approvedDeployFrames(approve), got); diff != "" {
				t.Errorf("frames (-want +got):\n%s", diff)
			}
			checkV03Wire(t, calls)
		})
	}
}

// The planner's chain, its client speaking 0.3: the reviewer's question
// passed up, answered on the same task, AUTH_REQUIRED, then
// tasks/resubscribe, which stays open through the approval to COMPLETED.
// The planner speaks 1.0 to the agents it calls.
func TestV03PlannerChain(t *testing.T) {
	k := newTestKit(t)
	c, hc, calls := newV03Client(t, k.planner.url, a2a.TransportProtocolJSONRPC)
	task := sendTask(t, c, samplePlan(""))
	if task.Status.State != a2a.TaskStateInputRequired || MessageText(task.Status.Message) != BaseBranchQuestion {
		t.Fatalf("first reply: %s %q, want INPUT_REQUIRED with the reviewer's question", task.Status.State, MessageText(task.Status.Message))
	}
	task = sendTask(t, c, NewAnswerMessage(task, "main"))
	if task.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("reply: %s %q, want AUTH_REQUIRED", task.Status.State, MessageText(task.Status.Message))
	}
	approve := reApprove.FindString(MessageText(task.Status.Message))
	if !strings.HasPrefix(approve, k.deployer.url+"/approve/") {
		t.Fatalf("planner's AUTH_REQUIRED message %q names no approve URL of the deployer", MessageText(task.Status.Message))
	}
	s := startStream(c.SubscribeToTask(context.Background(), &a2a.SubscribeToTaskRequest{ID: task.ID}))
	if f := frameOf(s.next(t)); f.Kind != "task" || f.State != a2a.TaskStateAuthRequired {
		t.Fatalf("resubscribe's first frame %+v, want the task in AUTH_REQUIRED", f)
	}
	if code, body := post(t, hc, approve); code != http.StatusOK {
		t.Fatalf("POST %s: %d %s", approve, code, body)
	}
	var last frame
	for last.State != a2a.TaskStateCompleted {
		last = frameOf(s.next(t))
		if last.State.Terminal() && last.State != a2a.TaskStateCompleted {
			t.Fatalf("resubscribed stream ended in %+v", last)
		}
	}
	s.end(t)
	if want := "Reviewed payments-api and deployed 2026.10.06-1 to staging."; last.Text != want {
		t.Errorf("final message = %q, want %q", last.Text, want)
	}
	checkV03Wire(t, calls)
	if calls := k.calls.list(); !slices.Contains(calls, "deployer POST SubscribeToTask") {
		t.Errorf("the planner's own calls are not 1.0's: %v", calls)
	}
}

// The kit's names for 0.3 are a2a-go's (they are constants of their own
// so that the browser's build, which leaves a2av0 out, has them too).
func TestV03Constants(t *testing.T) {
	if V03Version != string(a2av0.Version) || V03RESTPath != a2av0.RESTPathPrefix || !servesV03 {
		t.Errorf("V03Version %q, V03RESTPath %q, servesV03 %v; a2a-go says %q and %q", V03Version, V03RESTPath, servesV03, a2av0.Version, a2av0.RESTPathPrefix)
	}
}
