package record

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// WebhookName is the participant that stands for the client's webhook,
// which the agents' push notifications go to: named as captures name it.
const WebhookName = capture.WebhookName

// receiverPath is where, under the proxy's URL, the Recorder receives
// push notifications in place of the client's webhooks: receiverPath
// followed by a number per webhook URL.
const receiverPath = "/_a2aplay/webhook/"

// A hook is a client's webhook that a push config named, and the agent
// the config was given to.
type hook struct {
	url   string
	agent *agent
}

// pushURLValue returns the "url" of the push notification config a
// request body gives, with the body's parsed tree, or nil: inside
// SendMessage's configuration, or the body of
// CreateTaskPushNotificationConfig, in either binding. name is the
// exchange's name ([capture.Classify]).
func pushURLValue(name string, body []byte) *jsonread.Value {
	if name != "SendMessage" && name != "SendStreamingMessage" && name != "CreateTaskPushNotificationConfig" {
		return nil
	}
	v, err := jsonread.Parse(body)
	if err != nil {
		return nil
	}
	if v.Has("jsonrpc") {
		v = v.Get("params")
	}
	if name != "CreateTaskPushNotificationConfig" {
		v = v.Get("configuration").Get("taskPushNotificationConfig")
	}
	if u := v.Get("url"); u != nil && u.Kind == jsonread.String && u.Text() != "" {
		return u
	}
	return nil
}

// rewritePush gives a request's push notification config the URL of the
// Recorder's receiver in place of the client's webhook, and returns the
// body the agent is sent and a note saying what was rewritten ("" when
// nothing was). The receiver forwards what it gets to the client's URL
// ([Recorder.receive]).
func (r *Recorder) rewritePush(a *agent, name string, body []byte) ([]byte, string) {
	u := pushURLValue(name, body)
	if u == nil {
		return body, ""
	}
	client := u.Text()
	r.mu.Lock()
	n := -1
	for i, h := range r.hooks {
		if h.url == client && h.agent == a {
			n = i
		}
	}
	if n < 0 {
		n = len(r.hooks)
		r.hooks = append(r.hooks, hook{url: client, agent: a})
	}
	r.mu.Unlock()
	recv := strings.TrimSuffix(r.cfg.ProxyURL, "/") + receiverPath + strconv.Itoa(n+1)
	out := make([]byte, 0, len(body)+len(recv))
	out = append(out, body[:u.Start]...)
	out = strconv.AppendQuote(out, recv)
	out = append(out, body[u.End:]...)
	return out, fmt.Sprintf("a2aplay record gave the agent its receiver %s as the push config's url in place of the client's %s, and forwards each notification there unchanged", recv, client)
}

// receive serves the receiver: it records a push notification as an
// exchange from the agent to the client's webhook, at the client's URL,
// passes it on unchanged and gives the agent the webhook's answer.
func (r *Recorder) receive(w http.ResponseWriter, req *http.Request) {
	n, err := strconv.Atoi(strings.TrimPrefix(req.URL.Path, receiverPath))
	r.mu.Lock()
	var h hook
	if err == nil && n >= 1 && n <= len(r.hooks) {
		h = r.hooks[n-1]
	}
	r.mu.Unlock()
	if h.agent == nil {
		http.Error(w, "a2aplay record: no push config names this receiver", http.StatusNotFound)
		r.logf("%s %s: no push config names this receiver", req.Method, quote(req.URL.Path))
		return
	}
	body, err := readBody(w, req, "the notification")
	if err != nil {
		r.logf("push from %s: the notification could not be read: %v", h.agent.Name, err)
		return
	}
	out, err := http.NewRequestWithContext(req.Context(), req.Method, h.url, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "a2aplay record: "+err.Error(), http.StatusBadGateway)
		r.logf("push from %s to %s: %v", h.agent.Name, quote(h.url), err)
		return
	}
	for name, vs := range req.Header {
		if !hopHeaders[name] && name != "Accept-Encoding" {
			out.Header[name] = append([]string(nil), vs...)
		}
	}
	out.ContentLength = int64(len(body))
	x := &exchange{agent: h.agent}
	x.x = replay.Exchange{Name: "push", From: h.agent.Name, To: WebhookName, Channel: replay.ChannelPush}
	x.notes = append(x.notes, fmt.Sprintf("the agent posted this to a2aplay record's receiver %s, which passed it on unchanged to the client's webhook", strings.TrimSuffix(r.cfg.ProxyURL, "/")+req.URL.Path))
	if !r.start(x, out, body) {
		http.Error(w, "a2aplay record: the recording has stopped", http.StatusServiceUnavailable)
		return
	}
	resp, err := r.rt.RoundTrip(out)
	if err != nil {
		msg := errText(err, req.Context())
		r.fail(x, msg)
		if req.Context().Err() == nil {
			http.Error(w, fmt.Sprintf("a2aplay record: the client's webhook %s did not answer: %s", h.url, msg), http.StatusBadGateway)
		}
		return
	}
	defer resp.Body.Close()
	for name, vs := range resp.Header {
		if !hopHeaders[name] {
			w.Header()[name] = append([]string(nil), vs...)
		}
	}
	r.head(x, resp, false)
	r.pipeBody(w, req, resp, x, false)
}
