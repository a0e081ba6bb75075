package record

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
)

// TestRecordWebhooks: with Webhooks, the push config a client gives the
// kit's deployer is rewritten to the proxy's receiver; each notification
// the deployer posts is recorded as a push from the deployer to the
// client's webhook, at the client's URL, and reaches the client's
// webhook unchanged, token included. The checker finds nothing in the
// recording.
func TestRecordWebhooks(t *testing.T) {
	kit := serveKit(t)
	var mu sync.Mutex
	var got []string
	var tokens []string
	hookSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, string(b))
		tokens = append(tokens, r.Header.Get("A2A-Notification-Token"))
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer hookSrv.Close()
	hookURL := hookSrv.URL + "/hooks/a2a"
	r := newRigWith(t, func(c *Config) {
		c.Agents, c.Webhooks = []Agent{{Name: "deployer", URL: localhost(kit.Deployer)}}, true
	})

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	card, err := agentcard.NewResolver(http.DefaultClient).Resolve(ctx, r.url+"/deployer")
	if err != nil {
		t.Fatal(err)
	}
	c, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(http.DefaultClient))
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: agents.NewDeployMessage(agents.SampleBuild, agents.SampleEnvironment),
		Config:  &a2a.SendMessageConfig{PushConfig: &a2a.PushConfig{URL: hookURL, Token: "tok-rec"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	task, ok := res.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("deploy: %#v, want a task in AUTH_REQUIRED", res)
	}
	var text string
	for _, p := range task.Status.Message.Parts {
		text += p.Text()
	}
	areq, _ := http.NewRequest(http.MethodPost, agents.FindApproveURL(text), nil)
	areq.Header.Set("Authorization", agents.OperatorAuthorization(kit.Deployer.OperatorToken()))
	ar, err := http.DefaultClient.Do(areq)
	if err != nil {
		t.Fatal(err)
	}
	ar.Body.Close()
	done := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got) > 0 && strings.Contains(got[len(got)-1], "TASK_STATE_COMPLETED")
	}
	waitFor(t, done)
	waitFor(t, func() bool {
		n := 0
		for _, x := range r.transcript().Exchanges {
			if x.Channel == replay.ChannelPush {
				n++
			}
		}
		mu.Lock()
		defer mu.Unlock()
		return n == len(got)
	})

	tr := r.transcript()
	if p := tr.Participant(WebhookName); p == nil {
		t.Fatalf("no participant %s", WebhookName)
	}
	var send *replay.Exchange
	for _, x := range tr.Exchanges {
		if x.Name == "SendMessage" {
			send = x
		}
	}
	if send == nil {
		t.Fatalf("no SendMessage recorded: %v", names(tr))
	}
	if send.Name != "SendMessage" || !strings.Contains(send.Request.Body, r.url+receiverPath+"1") || strings.Contains(send.Request.Body, hookURL) {
		t.Errorf("the recorded SendMessage does not give the agent the receiver in place of the client's webhook:\n%s", send.Request.Body)
	}
	if len(send.Notes) == 0 || !strings.Contains(send.Notes[0], hookURL) {
		t.Errorf("the SendMessage's notes %q do not say what was rewritten", send.Notes)
	}
	var pushes []*replay.Exchange
	for _, x := range tr.Exchanges {
		if x.Channel == replay.ChannelPush {
			pushes = append(pushes, x)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(pushes) < 3 {
		t.Fatalf("%d pushes recorded, want the deploy's notifications", len(pushes))
	}
	for i, x := range pushes {
		if x.From != "deployer" || x.To != WebhookName || x.Request.URL != hookURL || x.Response == nil || x.Response.StatusCode != 204 {
			t.Errorf("push %d: %s -> %s at %s, answered %+v; want deployer -> %s at %s, 204", i+1, x.From, x.To, x.Request.URL, x.Response, WebhookName, hookURL)
		}
		if tokens[i] != "tok-rec" || x.Request.Get("A2A-Notification-Token") != "tok-rec" {
			t.Errorf("push %d: token %q at the webhook, %q recorded; want tok-rec", i+1, tokens[i], x.Request.Get("A2A-Notification-Token"))
		}
		if strings.TrimRight(got[i], "\n") != x.Request.Body {
			t.Errorf("push %d reached the webhook as %q, recorded as %q", i+1, got[i], x.Request.Body)
		}
	}
	if fs := check.Check(tr); len(fs) > 0 {
		for _, f := range fs {
			t.Errorf("check: %d: %s", f.Line, f)
		}
	}
	// The checker finds the client's config through the task, though
	// the agent was given the receiver's URL: a token changed on the way
	// is a finding.
	for i, h := range pushes[0].Request.Header {
		if h.Name == "A2A-Notification-Token" {
			pushes[0].Request.Header[i].Value = "forged"
		}
	}
	var rules []string
	for _, f := range check.Check(tr) {
		rules = append(rules, f.Rule)
	}
	if strings.Join(rules, " ") != "push-token" {
		t.Errorf("with a forged token the checker finds %v, want push-token", rules)
	}
}
