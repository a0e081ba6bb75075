package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/replay"
)

// Webhook returns h wrapped so that every request it serves is recorded
// as a push notification that the participant from sent to the
// participant to (an exchange on [replay.ChannelPush]), at to's URL
// with the request's path when to has one. The webhook is recorded on
// its own side: an agent posts with a2a-go's sender, whose HTTP client
// the Recorder's transport cannot stand in for. h's reply is recorded
// and then written whole.
func (r *Recorder) Webhook(from, to string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			http.Error(w, "reading the notification: "+err.Error(), http.StatusBadRequest)
			return
		}
		url := "http://" + req.Host + req.URL.RequestURI()
		r.mu.Lock()
		for _, p := range r.parts {
			if p.Name == to && p.URL != "" {
				url = strings.TrimSuffix(p.URL, "/") + req.URL.RequestURI()
			}
		}
		r.mu.Unlock()
		x := &recExchange{r: r, from: from}
		x.pushed(req, to, url, body)
		req.Body = io.NopCloser(bytes.NewReader(body))
		bw := &bufferedReply{header: http.Header{}}
		h.ServeHTTP(bw, req)
		if bw.code == 0 {
			bw.code = http.StatusOK
		}
		x.head(bw.code, bw.header)
		x.data(bw.body.Bytes())
		x.end(replay.EndServer)
		for k, v := range bw.header {
			w.Header()[k] = v
		}
		w.WriteHeader(bw.code)
		w.Write(bw.body.Bytes())
	})
}

// A bufferedReply is a ResponseWriter that keeps the reply.
type bufferedReply struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (b *bufferedReply) Header() http.Header { return b.header }

func (b *bufferedReply) WriteHeader(code int) {
	if b.code == 0 {
		b.code = code
	}
}

func (b *bufferedReply) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}

// WebhookName and WebhookURL are the client's webhook as 13-push-webhook
// shows it: its listener is on a loopback port the system picks, which
// the capture writes as WebhookURL.
const (
	WebhookName = replay.WebhookParticipant
	WebhookURL  = "http://localhost:41250"
)

// webhookToken is the token the client of 13-push-webhook puts in its
// push config, which the agent echoes in A2A-Notification-Token.
const webhookToken = "client-chosen-token-13"

// A webhook is the client's receiver of push notifications: a loopback
// listener whose notifications the Recorder records and the scenario
// reads as they come.
type webhook struct {
	url    string // where the agent posts: the listener's real address
	srv    *http.Server
	events chan a2a.Event
}

// listenWebhook starts the client's webhook on a loopback port, its
// notifications recorded as pushes from the agent named from, and has
// the capture write its address as [WebhookURL]. It answers 204 No
// Content, or 400 to a body that is not a StreamResponse, and 401 to a
// request without the client's token. [Session.quiesce] shuts it.
func (s *Session) listenWebhook(from string) (*webhook, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("the client's webhook: %w", err)
	}
	hk := &webhook{url: "http://" + ln.Addr().String(), events: make(chan a2a.Event, 64)}
	inner := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Header.Get("A2A-Notification-Token") != webhookToken {
			http.Error(w, "no notification token, or not the client's", http.StatusUnauthorized)
			return
		}
		var sr a2a.StreamResponse
		b, _ := io.ReadAll(req.Body)
		if err := json.Unmarshal(b, &sr); err != nil || sr.Event == nil {
			http.Error(w, "not a StreamResponse", http.StatusBadRequest)
			return
		}
		select {
		case hk.events <- sr.Event:
		default: // the scenario reads every one it waits for; more fail it
		}
		w.WriteHeader(http.StatusNoContent)
	})
	hk.srv = &http.Server{Handler: s.Rec.Webhook(from, WebhookName, inner), ReadHeaderTimeout: 5 * time.Second}
	go hk.srv.Serve(ln)
	s.renames[hk.url] = WebhookURL
	s.hooks = append(s.hooks, hk)
	return hk, nil
}

// until reads the notifications that arrive until one reports the state
// want, and returns how many it read; the Recorder has recorded each
// one's reply by then.
func (hk *webhook) until(ctx context.Context, want a2a.TaskState) (int, error) {
	for n := 1; ; n++ {
		select {
		case ev := <-hk.events:
			if stateOf(ev) == want {
				return n, nil
			}
		case <-ctx.Done():
			return n - 1, ctx.Err()
		}
	}
}

// shutdown stops the webhook once its handlers have returned.
func (hk *webhook) shutdown(ctx context.Context) error {
	err := hk.srv.Shutdown(ctx)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// rename writes old as new throughout t: in URLs, headers, bodies and
// frames. A capture uses it for what a system picks afresh on each run
// and no id rule covers, like a listener's port.
func rename(t *replay.Transcript, old, new string) {
	for i := range t.Participants {
		t.Participants[i].URL = strings.ReplaceAll(t.Participants[i].URL, old, new)
	}
	headers := func(h []replay.Header) {
		for i := range h {
			h[i].Value = strings.ReplaceAll(h[i].Value, old, new)
		}
	}
	for _, x := range t.Exchanges {
		x.Request.URL = strings.ReplaceAll(x.Request.URL, old, new)
		headers(x.Request.Header)
		x.Request.Body = strings.ReplaceAll(x.Request.Body, old, new)
		rs := x.Response
		if rs == nil {
			continue
		}
		headers(rs.Header)
		rs.Body = strings.ReplaceAll(rs.Body, old, new)
		if rs.Stream != nil {
			for i := range rs.Stream.Frames {
				rs.Stream.Frames[i].Data = strings.ReplaceAll(rs.Stream.Frames[i].Data, old, new)
			}
		}
	}
}
