package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/capture"

	"github.com/a2aplay/a2aplay/live/panel"
)

// The roads a client takes to wait on a task (spec §7.6.2): keep the
// stream, subscribe later, give a webhook, or poll. See the package
// documentation, "Roads".

// Road and PollArgs are package panel's: the page's road chooser sends
// them.
type (
	Road     = panel.Road
	PollArgs = panel.PollArgs
)

const (
	RoadDefault   = panel.RoadDefault
	RoadStream    = panel.RoadStream
	RoadSubscribe = panel.RoadSubscribe
	RoadWebhook   = panel.RoadWebhook
	RoadPoll      = panel.RoadPoll
)

// WebhookName is the participant the client's webhook is in a
// transcript, as in capture 13-push-webhook.
const WebhookName = capture.WebhookName

// webhookPorts are the loopback ports a session's webhook may take: the
// first free one, from capture.WebhookURL's port up. A worker runs one
// session at a time, so it is 41250 there.
const (
	webhookFirstPort = 41250
	webhookPorts     = 50
)

// ErrWebhookRemote is what the webhook road answers in a remote session.
var ErrWebhookRemote = errors.New("live: the webhook road needs the agents in this page: a remote agent cannot POST to a webhook in a browser, which accepts no incoming request; poll or subscribe instead")

// hooks carries push notifications to the webhooks of offline sessions.
// The in-page kit posts them with a2a-go's HTTP sender, which makes its
// own http.Client: for a loopback webhook (the kit's rule, agents/push.go)
// one without a transport of its own, so its requests go through
// http.DefaultTransport. That is hooks, installed once when the program
// starts: a request to a host a session's webhook holds
// ("localhost:41250") is served in process by the session's transport;
// every other request goes to the transport it replaced (in a browser,
// fetch), unchanged.
var hooks = &hookRouter{next: http.DefaultTransport, hosts: map[string]http.RoundTripper{}}

func init() { http.DefaultTransport = hooks }

type hookRouter struct {
	next  http.RoundTripper
	mu    sync.Mutex
	hosts map[string]http.RoundTripper
}

func (h *hookRouter) RoundTrip(req *http.Request) (*http.Response, error) {
	h.mu.Lock()
	rt := h.hosts[req.URL.Host]
	h.mu.Unlock()
	if rt != nil {
		return rt.RoundTrip(req)
	}
	return h.next.RoundTrip(req)
}

// CloseIdleConnections passes on to the transport hooks replaced.
func (h *hookRouter) CloseIdleConnections() {
	if c, ok := h.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// claim gives rt the first free webhook host.
func (h *hookRouter) claim(rt http.RoundTripper) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for p := webhookFirstPort; p < webhookFirstPort+webhookPorts; p++ {
		host := fmt.Sprintf("localhost:%d", p)
		if h.hosts[host] == nil {
			h.hosts[host] = rt
			return host, nil
		}
	}
	return "", fmt.Errorf("live: %d sessions hold a webhook already", webhookPorts)
}

func (h *hookRouter) release(host string) {
	h.mu.Lock()
	delete(h.hosts, host)
	h.mu.Unlock()
}

// A webhook is the learner's client's receiver of push notifications in
// an offline session: served by the session's transport at
// http://localhost:4125x/notify/{agent}, recorded on its side as a push
// from that agent to WebhookName (capture's Recorder.Webhook), and read
// into the session's task table as it arrives.
type webhook struct {
	host  string
	token string
}

// webhookFor returns the session's webhook, starting it on first use.
func (s *Session) webhookFor() (*webhook, error) {
	if s.mode != Offline {
		return nil, ErrWebhookRemote
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hook != nil {
		return s.hook, nil
	}
	if s.closed {
		return nil, ErrClosed
	}
	host, err := hooks.claim(s.tr)
	if err != nil {
		return nil, err
	}
	var b [8]byte
	rand.Read(b[:])
	hk := &webhook{host: host, token: "client-webhook-" + hex.EncodeToString(b[:])}
	mux := http.NewServeMux()
	for _, a := range s.agents {
		mux.Handle("/notify/"+a.name, s.rec.Webhook(a.name, WebhookName, s.receive(hk, a.name)))
	}
	s.tr.Handle(host, mux)
	s.hook = hk
	return hk, nil
}

// url is where agent posts its notifications.
func (hk *webhook) url(agent string) string { return "http://" + hk.host + "/notify/" + agent }

// receive is the webhook's own handler for agent's notifications: 401
// without the client's token, 400 for a body that is not a
// StreamResponse, else the event goes into the task table and the
// answer is 204 No Content.
func (s *Session) receive(hk *webhook, agent string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method != http.MethodPost {
			http.Error(w, "a webhook takes POST", http.StatusMethodNotAllowed)
			return
		}
		if req.Header.Get("A2A-Notification-Token") != hk.token {
			http.Error(w, "no notification token, or not the client's", http.StatusUnauthorized)
			return
		}
		b, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
		var sr a2a.StreamResponse
		if err == nil {
			err = json.Unmarshal(b, &sr)
		}
		if err != nil || sr.Event == nil {
			http.Error(w, "not a StreamResponse", http.StatusBadRequest)
			return
		}
		s.observe(agent, "", sr.Event)
		w.WriteHeader(http.StatusNoContent)
	})
}

// releaseWebhook gives the session's webhook host back; shutdown calls
// it once the transport has closed.
func (s *Session) releaseWebhook() {
	s.mu.Lock()
	hk := s.hook
	s.mu.Unlock()
	if hk != nil {
		hooks.release(hk.host)
	}
}

// sendByRoad sends msg to start a task the learner waits on by road.
// RoadDefault is def, the move's own way. waitsForInput says the task
// stops for its client (the review): on a road without a stream the
// send then returns at once (returnImmediately), and the road is how
// the client learns of the question; the deploy's send is blocking and
// returns at AUTH_REQUIRED, and the road is how the client learns of
// the resumption.
func (s *Session) sendByRoad(ctx context.Context, name string, ref *agentRef, b Binding, msg *a2a.Message, road Road, waitsForInput bool, def func() (*Result, error)) (*Result, error) {
	if err := road.Check(); err != nil {
		return nil, fmt.Errorf("live: %s: %w", name, err)
	}
	cfg := &a2a.SendMessageConfig{ReturnImmediately: waitsForInput}
	var note string
	switch road {
	case RoadDefault:
		return def()
	case RoadStream:
		r, err := s.streamMessage(ctx, name, ref, b, msg)
		if r != nil {
			r.Note = "Road: keep the stream. The client holds SendStreamingMessage open and hears every change of the task on it."
		}
		return r, err
	case RoadSubscribe:
		note = "Road: subscribe later. The client holds no stream; it calls SubscribeToTask when it wants to hear the task again, and hears only what happens after (§3.1.6)."
	case RoadPoll:
		note = "Road: poll. The client holds no stream; it asks GetTask (historyLength 1) after the interval chosen, then backs off, twice as long after each ask, until the task ends: each ask is a request, and it learns of a change only at its next ask."
	case RoadWebhook:
		hk, err := s.webhookFor()
		if err != nil {
			return nil, err
		}
		cfg.PushConfig = &a2a.PushConfig{URL: hk.url(ref.name), Token: hk.token}
		note = "Road: webhook. The client gave the " + ref.name + " its webhook (taskPushNotificationConfig: a URL in this page's worker, and a token) and holds no stream: the agent POSTs each change of the task to it, drawn as a push arrow (§3.5)."
	}
	if waitsForInput {
		note += " The send returned at once (returnImmediately): the question comes by the same road."
	}
	r, err := s.messageWith(ctx, name, ref, b, msg, "", cfg)
	if r != nil && r.Error == nil && r.Failure == "" {
		r.Note = strings.TrimSpace(note + " " + r.Note)
		if road == RoadPoll && r.Task != nil && len(r.Exchanges) > 0 {
			s.mu.Lock()
			s.asked[r.Task.ID] = r.Exchanges[0] // the first poll waits from its answer
			s.mu.Unlock()
		}
	}
	return r, err
}

// Poll is one ask of a polling client: GetTask with historyLength
// (default 1, the latest message only). a.Every is the wait the page
// made before it (panel.PollWait's schedule), after the answer to the
// task's last poll or to its send by poll: a normalised save keeps it
// ([capture.NormalizeWaits]), so the schedule shows there as it
// happened, and a2aplay check's poll-backoff note judges the page's
// polling by it.
func (s *Session) Poll(ctx context.Context, a PollArgs) (*Result, error) {
	ref, _, err := s.taskAgent("Poll", TaskArgs{TaskID: a.TaskID, Agent: a.Agent, Binding: a.Binding})
	if err != nil {
		return nil, err
	}
	hl := a.HistoryLength
	if hl <= 0 {
		hl = 1
	}
	r, err := s.poll(ctx, ref, a, hl)
	if r != nil && len(r.Exchanges) > 0 {
		s.mu.Lock()
		if a.Every > 0 {
			s.waits = append(s.waits, capture.Wait{Seq: r.Exchanges[0], After: s.asked[a.TaskID], D: time.Duration(a.Every) * time.Second})
		}
		s.asked[a.TaskID] = r.Exchanges[0]
		s.mu.Unlock()
	}
	return r, err
}

func (s *Session) poll(ctx context.Context, ref *agentRef, a PollArgs, hl int) (*Result, error) {
	return s.call(ctx, "Poll", ref, a.Binding, func(ctx context.Context, c *a2aclient.Client, m *move, r *Result) error {
		t, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: a2a.TaskID(a.TaskID), HistoryLength: &hl})
		if err != nil {
			return err
		}
		s.observe(ref.name, r.Binding, t)
		r.Task = s.taskView(t.ID)
		if a.Number > 0 {
			r.Note = fmt.Sprintf("Poll %d", a.Number)
			if a.Every > 0 {
				after := "the send"
				if a.Number > 1 {
					after = fmt.Sprintf("poll %d", a.Number-1)
				}
				r.Note += fmt.Sprintf(", %d s after %s", a.Every, after)
			}
			r.Note += ": " + pollNote(t.Status.State)
		}
		return nil
	})
}

// pollNote says what a poll found.
func pollNote(st a2a.TaskState) string {
	switch {
	case st.Terminal():
		return "the task has ended; the client stops asking."
	case st == a2a.TaskStateAuthRequired:
		return "still waiting for the operator."
	case st == a2a.TaskStateInputRequired:
		return "the task waits for the client's answer."
	}
	return "the task is in " + string(st) + "."
}
