package live

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/replay"

	"github.com/a2aplay/a2aplay/live/panel"
)

// Result, Sent and HTTPReply are package panel's: the page's Live
// panel shows them.
type (
	Result    = panel.Result
	Sent      = panel.Sent
	HTTPReply = panel.HTTPReply
)

// A move is one learner's move: its own HTTP client, which notes every
// request it sends so the result can name its exchanges.
type move struct {
	s    *Session
	name string
	from string

	mu   sync.Mutex
	sent []*sentReq
}

type sentReq struct {
	method, url, body string
	seq               int // the claimed exchange, 0 until claimed
}

func (s *Session) newMove(name, from string) *move {
	return &move{s: s, name: name, from: from}
}

// httpClient returns a client whose requests are recorded as sent by
// the move's party. It has no timeout: the caller's context bounds it.
func (m *move) httpClient() *http.Client {
	return &http.Client{Transport: &moveTripper{m: m, next: m.s.rec.RoundTripper(m.from)}}
}

// client returns an A2A client of the agent over the binding.
func (m *move) client(ctx context.Context, ref *agentRef, b Binding) (*a2aclient.Client, error) {
	hc := m.httpClient()
	var opt a2aclient.FactoryOption
	switch {
	case b != JSONRPC && b != HTTPJSON:
		return nil, fmt.Errorf("live: unknown binding %q (want %q or %q)", b, JSONRPC, HTTPJSON)
	case ref.version == V03:
		// a2a-go's 0.3 client, which picks the card's 0.3 interface and
		// labels its bodies application/json, as 0.3 has them.
		var err error
		if opt, err = capture.V03Transport(hc, b == HTTPJSON); err != nil {
			return nil, err
		}
	case b == JSONRPC:
		opt = a2aclient.WithJSONRPCTransport(hc)
	default:
		hc.Transport.(*moveTripper).rest = true
		opt = a2aclient.WithRESTTransport(hc)
	}
	if !hasBinding(ref.card, b, ref.version) {
		return nil, fmt.Errorf("live: the %s's card offers no A2A %s %s interface", ref.name, ref.version, b)
	}
	// No defaults: every call goes through the recorder.
	c, err := a2aclient.NewFromCard(ctx, ref.card, a2aclient.WithDefaultsDisabled(), opt)
	if err != nil {
		return nil, fmt.Errorf("live: a %s client of the %s: %w", b, ref.name, err)
	}
	return c, nil
}

// hasBinding says whether the card offers an interface of binding b in
// A2A version v.
func hasBinding(card *a2a.AgentCard, b Binding, v string) bool {
	for _, in := range card.SupportedInterfaces {
		if in != nil && Binding(in.ProtocolBinding) == b && versionOf(string(in.ProtocolVersion)) == v {
			return true
		}
	}
	return false
}

type moveTripper struct {
	m    *move
	next http.RoundTripper
	// rest marks a client of the HTTP+JSON binding, whose request bodies
	// go as application/a2a+json (spec §11.1). a2a-go's REST client
	// labels them application/json, which a2aplay check reports of every
	// session Live saves; the tripper relabels them.
	rest bool
}

func (t *moveTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	t.m.s.ensureHost(req.URL)
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("live: reading the request body: %w", err)
		}
		body = b
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
		if t.rest && binding.MediaType(req.Header.Get("Content-Type")) == binding.JSONRPCMediaType {
			req.Header.Set("Content-Type", binding.HTTPJSONMediaType)
		}
	}
	t.m.mu.Lock()
	t.m.sent = append(t.m.sent, &sentReq{method: req.Method, url: req.URL.String(), body: trimBody(string(body))})
	t.m.mu.Unlock()
	resp, err := t.next.RoundTrip(req)
	if err == nil && !binding.IsEventStream(resp.Header.Get("Content-Type")) {
		resp.Body = &drainBody{rc: resp.Body}
	}
	return resp, err
}

// Bounds on what a drainBody reads after its reader let go.
const (
	drainBytes   = 1 << 20
	drainTimeout = 2 * time.Second
)

// A drainBody reads the rest of a response body when it is closed, so
// the recorder keeps what the agent sent even where the client library
// stops reading: a2a-go's HTTP+JSON client, for one, closes an error
// answer unread unless its Content-Type is application/json, and the
// A2A JavaScript SDK sends application/a2a+json. Event streams are not
// wrapped: they may never end.
type drainBody struct {
	rc   io.ReadCloser
	once sync.Once
}

func (b *drainBody) Read(p []byte) (int, error) { return b.rc.Read(p) }

func (b *drainBody) Close() error {
	b.once.Do(func() {
		// A body that does not end in time is cut off: closing it ends
		// the read below.
		stop := time.AfterFunc(drainTimeout, func() { b.rc.Close() })
		io.Copy(io.Discard, io.LimitReader(b.rc, drainBytes))
		stop.Stop()
	})
	return b.rc.Close()
}

// trimBody is what the recorder keeps of a body.
func trimBody(s string) string {
	return strings.TrimRight(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
}

// exchanges claims, in the recorded transcript, the exchanges of the
// requests the move sent, and returns them in order. Each request
// claims the first unclaimed exchange with its method, URL and body;
// requests carry random ids, so a match is the move's own.
func (m *move) exchanges() []*replay.Exchange {
	t := m.s.rec.Transcript("")
	m.mu.Lock()
	defer m.mu.Unlock()
	m.s.mu.Lock()
	defer m.s.mu.Unlock()
	var out []*replay.Exchange
	for _, r := range m.sent {
		if r.seq == 0 {
			for _, x := range t.Exchanges {
				if !m.s.claimed[x.Seq] && x.Request.Method == r.method && x.Request.URL == r.url && x.Request.Body == r.body {
					r.seq = x.Seq
					m.s.claimed[x.Seq] = true
					break
				}
			}
		}
		if r.seq > 0 && r.seq <= len(t.Exchanges) {
			out = append(out, t.Exchanges[r.seq-1])
		}
	}
	return out
}

// finish completes a result from the wire: the move's exchanges, the
// error answer of the last one when the call failed, and the deviation
// note on that exchange.
func (m *move) finish(r *Result, callErr error) *Result {
	xs := m.exchanges()
	for _, x := range xs {
		r.Exchanges = append(r.Exchanges, x.Seq)
	}
	if callErr != nil {
		r.Failure = callErr.Error()
		if r.Error == nil && len(xs) > 0 {
			r.Error = wireError(xs[len(xs)-1])
		}
		if r.Error == nil && r.Note == "" && len(xs) > 0 {
			r.Note = unusualSuccess(xs[len(xs)-1])
		}
	}
	if r.Deviation != nil && len(xs) > 0 {
		m.s.note(xs[len(xs)-1].Seq, r.Deviation.String())
	}
	return r
}

// lastError is the error answer of the move's last exchange, if any.
func (m *move) lastError() *WireError {
	xs := m.exchanges()
	if len(xs) == 0 {
		return nil
	}
	return wireError(xs[len(xs)-1])
}

// taskView returns the session's view of a task, or nil.
func (s *Session) taskView(id a2a.TaskID) *Task {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tasks[id]; t != nil {
		v := t.view()
		return &v
	}
	return nil
}

// unusualSuccess explains a call that failed on an answer of success:
// a 2xx other than 200 and 204, which a2a-go's HTTP+JSON clients do not
// take (the 0.3 JavaScript SDK answers message:send with 201 Created).
// "" for any other answer.
func unusualSuccess(x *replay.Exchange) string {
	rs := x.Response
	if rs == nil || rs.StatusCode < 200 || rs.StatusCode > 299 || rs.StatusCode == http.StatusOK || rs.StatusCode == http.StatusNoContent {
		return ""
	}
	return fmt.Sprintf("The agent answered HTTP %d %s, a success that a2a-go's HTTP+JSON client does not take (it wants 200, or 204): "+
		"the call failed here although the agent answered; its answer is in the diagram.", rs.StatusCode, http.StatusText(rs.StatusCode))
}
