package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// Epoch is the time of tick 0 of the synthetic clock.
var Epoch = time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)

// TickLength is how far apart two consecutive observations are on the
// synthetic clock.
const TickLength = 250 * time.Millisecond

// Tick returns the time of tick k of the synthetic clock:
// 2026-10-06T09:00:00.000Z plus k×250 ms.
func Tick(k int) time.Time { return Epoch.Add(time.Duration(k) * TickLength) }

// A Recorder records every exchange that goes through its clients into a
// transcript. Each observation — a request sent, a response head, a
// stream frame, a stream's end, a transport error — is stamped with the
// next value of one logical clock, shared by all clients, and written as
// [Tick] of it. See the package documentation for where each observation
// is stamped and why the order is the same on every run.
//
// A Recorder is safe for concurrent use.
type Recorder struct {
	tr *Transport

	mu      sync.Mutex
	tick    int
	parts   []replay.Participant
	byHost  map[string]string // URL host -> participant name
	xs      []*recExchange
	onEvent func()
}

// NewRecorder returns a Recorder whose clients send through tr. The
// participants are written in the given order; the host of each one's
// URL names the target of a request (a request to another host names its
// host). Parties that only send, like "client" or "operator", may be
// listed without a URL or are added when they first send.
func NewRecorder(tr *Transport, participants ...replay.Participant) *Recorder {
	r := &Recorder{tr: tr, byHost: map[string]string{}}
	for _, p := range participants {
		r.parts = append(r.parts, p)
		if u, err := url.Parse(p.URL); err == nil && u.Host != "" {
			r.byHost[u.Host] = p.Name
		}
	}
	return r
}

// OnEvent sets a function called, outside the Recorder's lock, after
// every observation; a live view uses it to redraw. It must not block
// for long: it runs in the goroutine of the agent or client that acted.
func (r *Recorder) OnEvent(f func()) {
	r.mu.Lock()
	r.onEvent = f
	r.mu.Unlock()
}

// Client returns an HTTP client whose requests are recorded as sent by
// the participant from. It has no timeout: an interrupted task may wait
// as long as it takes, and the caller's context bounds each call.
func (r *Recorder) Client(from string) *http.Client {
	return &http.Client{Transport: r.RoundTripper(from)}
}

// RoundTripper returns the RoundTripper behind [Recorder.Client].
func (r *Recorder) RoundTripper(from string) http.RoundTripper {
	return &recTripper{r: r, from: from}
}

// Ticks returns how many observations have been stamped.
func (r *Recorder) Ticks() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tick
}

type recTripper struct {
	r    *Recorder
	from string
}

func (rt *recTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	return rt.r.tr.roundTrip(req, &recExchange{r: rt.r, from: rt.from})
}

// A recExchange is one exchange as recorded: what it observes is kept
// raw, with the tick of each observation.
type recExchange struct {
	r    *Recorder
	from string

	// Set by sent.
	seq     int
	tick    int
	name    string
	channel replay.Channel
	to      string
	method  string
	url     string
	header  []replay.Header
	body    []byte

	// Set by head or failed.
	hasResp  bool
	respTick int
	err      string
	code     int
	rheader  []replay.Header
	stream   bool
	rbody    bytes.Buffer
	sse      replay.FrameScanner
	frames   []replay.Frame // At holds the tick as Tick(k)
	endTick  int
	endBy    string
	finished bool
}

// stamp returns the next tick; r.mu must be held.
func (r *Recorder) stamp() int {
	k := r.tick
	r.tick++
	return k
}

func (r *Recorder) notify() {
	r.mu.Lock()
	f := r.onEvent
	r.mu.Unlock()
	if f != nil {
		f()
	}
}

func (x *recExchange) sent(req *http.Request, body []byte) {
	name, ch := Classify(req.Method, req.URL.Path, body)
	r := x.r
	r.mu.Lock()
	x.tick = r.stamp()
	x.seq = len(r.xs) + 1
	x.name, x.channel = name, ch
	x.to = r.byHost[req.URL.Host]
	if x.to == "" {
		// A host no participant serves: named after it, as a word.
		x.to = strings.NewReplacer(":", "-", "[", "", "]", "").Replace(req.URL.Host)
	}
	x.method, x.url = req.Method, req.URL.String()
	x.header = headerList(req.Header)
	x.body = body
	r.xs = append(r.xs, x)
	r.mu.Unlock()
	r.notify()
}

func (x *recExchange) failed(err error) {
	msg := err.Error()
	switch {
	case errors.Is(err, ErrConnRefused):
		msg = "connection refused"
	case errors.Is(err, context.Canceled):
		msg = "canceled"
	case errors.Is(err, context.DeadlineExceeded):
		msg = "deadline exceeded"
	}
	msg = strings.NewReplacer("\r", " ", "\n", " ").Replace(msg)
	r := x.r
	r.mu.Lock()
	x.hasResp = true
	x.respTick = r.stamp()
	x.err = msg
	x.finished = true
	r.mu.Unlock()
	r.notify()
}

func (x *recExchange) head(code int, h http.Header) {
	r := x.r
	r.mu.Lock()
	x.hasResp = true
	x.respTick = r.stamp()
	x.code = code
	x.rheader = headerList(h)
	x.stream = isEventStream(h.Get("Content-Type"))
	r.mu.Unlock()
	r.notify()
}

func (x *recExchange) data(p []byte) {
	r := x.r
	if !x.stream {
		r.mu.Lock()
		x.rbody.Write(p)
		r.mu.Unlock()
		return
	}
	stamped := false
	r.mu.Lock()
	x.sse.Feed(p, func(f replay.Frame) {
		f.At = Tick(r.stamp())
		x.frames = append(x.frames, f)
		stamped = true
	})
	r.mu.Unlock()
	if stamped {
		r.notify()
	}
}

func (x *recExchange) end(by string) {
	r := x.r
	r.mu.Lock()
	x.finished = true
	if x.stream {
		x.endTick = r.stamp()
		x.endBy = by
	}
	r.mu.Unlock()
	if x.stream {
		r.notify()
	}
}

// Transcript returns what was recorded so far as a transcript with the
// given title: raw, with the ids and times the agents produced, and the
// logical clock in the @at times. [Normalize] makes it reproducible.
// The result is a copy; recording goes on.
func (r *Recorder) Transcript(title string) *replay.Transcript {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := &replay.Transcript{Title: title}
	t.Participants = append(t.Participants, r.parts...)
	known := map[string]bool{}
	for _, p := range r.parts {
		known[p.Name] = true
	}
	add := func(name, u string) {
		if !known[name] {
			known[name] = true
			t.Participants = append(t.Participants, replay.Participant{Name: name, URL: u})
		}
	}
	for _, x := range r.xs {
		add(x.from, "")
		if u, err := url.Parse(x.url); err == nil {
			add(x.to, u.Scheme+"://"+u.Host)
		}
		ex := &replay.Exchange{
			Seq:     x.seq,
			Name:    x.name,
			From:    x.from,
			To:      x.to,
			Channel: x.channel,
			Request: replay.Request{
				At:     Tick(x.tick),
				Method: x.method,
				URL:    x.url,
				Proto:  "HTTP/1.1",
				Header: append([]replay.Header(nil), x.header...),
				Body:   trimBody(string(x.body)),
			},
		}
		if x.hasResp {
			rs := &replay.Response{At: Tick(x.respTick)}
			if x.err != "" {
				rs.Err = x.err
			} else {
				rs.Proto = "HTTP/1.1"
				rs.StatusCode = x.code
				rs.Status = http.StatusText(x.code)
				rs.Header = append([]replay.Header(nil), x.rheader...)
				if x.stream {
					rs.Stream = &replay.Stream{Frames: append([]replay.Frame(nil), x.frames...)}
					if x.endBy != "" {
						rs.Stream.End = &replay.StreamEnd{At: Tick(x.endTick), By: x.endBy}
					}
				} else {
					rs.Body = trimBody(x.rbody.String())
				}
			}
			ex.Response = rs
		}
		t.Exchanges = append(t.Exchanges, ex)
	}
	return t
}

// trimBody drops the line breaks at a body's end, which the format does
// not keep, and carriage returns before line breaks.
func trimBody(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.TrimRight(s, "\n")
}

// headerList returns h as a list in a fixed order: the headers of
// [headerOrder] first, then the others by name.
func headerList(h http.Header) []replay.Header {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		ri, rj := headerRank(names[i]), headerRank(names[j])
		if ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
	var out []replay.Header
	for _, n := range names {
		for _, v := range h[n] {
			out = append(out, replay.Header{Name: n, Value: v})
		}
	}
	return out
}

// headerOrder is the order of the headers a reader looks for first.
var headerOrder = []string{"Content-Type", "Accept", "A2a-Version", "A2a-Extensions", "Authorization", "Cache-Control"}

func headerRank(name string) int {
	for i, n := range headerOrder {
		if strings.EqualFold(n, name) {
			return i
		}
	}
	return len(headerOrder)
}

func isEventStream(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	return strings.EqualFold(strings.TrimSpace(mt), "text/event-stream")
}

// Classify names an exchange from its request: the JSON-RPC method of a
// JSON-RPC call, the method an HTTP+JSON route stands for, GetAgentCard
// for an agent card, all on the A2A channel. Any other request is plain
// HTTP outside A2A, named by the first segment of its path (an
// operator's POST /approve/{taskId} is "approve").
func Classify(method, path string, body []byte) (string, replay.Channel) {
	if strings.HasSuffix(path, "/.well-known/agent-card.json") {
		return "GetAgentCard", replay.ChannelA2A
	}
	if method == http.MethodPost {
		var env struct {
			JSONRPC *string         `json:"jsonrpc"`
			Method  json.RawMessage `json:"method"`
		}
		if json.Unmarshal(body, &env) == nil && env.JSONRPC != nil {
			var m string
			if json.Unmarshal(env.Method, &m) == nil && validLabel(m) {
				return m, replay.ChannelA2A
			}
			return "JSON-RPC", replay.ChannelA2A
		}
	}
	if name := restMethod(method, path); name != "" {
		return name, replay.ChannelA2A
	}
	for _, seg := range strings.Split(path, "/") {
		if seg != "" && validLabel(seg) {
			return seg, replay.ChannelOutOfBand
		}
	}
	return strings.ToLower(method), replay.ChannelOutOfBand
}

// validLabel reports whether s can be an exchange name: a short word of
// letters, digits, "-", "_" and ".".
func validLabel(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// restMethod returns the A2A method an HTTP+JSON binding route stands
// for (spec §11), or "". The route may sit under a prefix.
func restMethod(method, path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	n := len(segs)
	last := segs[n-1]
	switch {
	case method == http.MethodPost && last == "message:send":
		return "SendMessage"
	case method == http.MethodPost && last == "message:stream":
		return "SendStreamingMessage"
	case (method == http.MethodGet) && last == "extendedAgentCard":
		return "GetExtendedAgentCard"
	case method == http.MethodGet && last == "tasks":
		return "ListTasks"
	}
	if n >= 2 && segs[n-2] == "tasks" {
		switch {
		case method == http.MethodPost && strings.HasSuffix(last, ":cancel"):
			return "CancelTask"
		case (method == http.MethodPost || method == http.MethodGet) && strings.HasSuffix(last, ":subscribe"):
			return "SubscribeToTask"
		case method == http.MethodGet && !strings.Contains(last, ":"):
			return "GetTask"
		}
	}
	if n >= 2 && segs[n-2] == "pushNotificationConfigs" || last == "pushNotificationConfigs" {
		switch method {
		case http.MethodPost:
			return "CreateTaskPushNotificationConfig"
		case http.MethodDelete:
			return "DeleteTaskPushNotificationConfig"
		case http.MethodGet:
			if last == "pushNotificationConfigs" {
				return "ListTaskPushNotificationConfigs"
			}
			return "GetTaskPushNotificationConfig"
		}
	}
	return ""
}
