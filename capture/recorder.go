package capture

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"
)

// Epoch is the time of tick 0 of the synthetic clock.
var Epoch = time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)

// TickLength is how far apart two consecutive ticks are on the synthetic
// clock.
const TickLength = 250 * time.Millisecond

// Tick returns the time of tick k of the synthetic clock:
// 2026-10-06T09:00:00.000Z plus k×250 ms.
func Tick(k int) time.Time { return Epoch.Add(time.Duration(k) * TickLength) }

// tickOf returns k when t is [Tick](k) for a k ≥ 0 within a day of the
// epoch, the span a recording can cover.
func tickOf(t time.Time) (int, bool) {
	d := t.Sub(Epoch)
	if d < 0 || d >= 24*time.Hour || d%TickLength != 0 {
		return 0, false
	}
	return int(d / TickLength), true
}

// A Recorder records every exchange that goes through its clients into a
// transcript, with its times on one logical clock shared by all clients
// and written as [Tick] of it.
//
// By default every observation — a request sent, a response head, a
// stream frame, a stream's end, a transport error — takes the next tick.
// Once [Recorder.EventClock] has given the agents their clock, the clock
// ticks only when a client sends a request and when an agent stamps a
// time (a task event); every other observation takes the time of the
// latest event it shows. See the package documentation for where each
// observation is stamped and why the times are the same on every run.
//
// A Recorder is safe for concurrent use.
type Recorder struct {
	tr *Transport

	mu      sync.Mutex
	tick    int
	obs     int              // observations so far
	events  bool             // the agents tell time by EventClock
	issued  map[int]bool     // ticks EventClock gave out
	wall    func() time.Time // WallClock's clock, or nil
	times   []time.Time      // under WallClock, the time of each tick
	parts   []replay.Participant
	byHost  map[string]string // URL host -> participant name
	xs      []*recExchange
	onEvent func()
	ver     int // counts the changes to xs, for Versions

	// found are the participants the exchanges name beyond parts, as
	// they first appear, worked out for the first foundN exchanges
	// (their ends never change); known has the names of both.
	found  []replay.Participant
	foundN int
	known  map[string]bool
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

// Ticks returns how many observations have been recorded.
func (r *Recorder) Ticks() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.obs
}

// EventClock returns the clock the recorded agents must stamp their
// times with (agents.Config.Clock): each call is a task event, takes the
// next tick and returns its time. From this call on, the Recorder keeps
// the tutorial's clock: only requests and the agents' stamps tick, and a
// response, frame or stream end takes the time of the latest event it
// shows (see [Recorder]). Call it before the first request.
func (r *Recorder) EventClock() func() time.Time {
	r.mu.Lock()
	r.events = true
	if r.issued == nil {
		r.issued = map[int]bool{}
	}
	r.mu.Unlock()
	return func() time.Time {
		r.mu.Lock()
		defer r.mu.Unlock()
		k := r.stamp()
		r.issued[k] = true
		return Tick(k)
	}
}

// WallClock makes the Recorder write the time now returns for each
// observation instead of a tick of the synthetic clock: a live session
// shows when things happened. Times are kept to the millisecond, as the
// transcript format writes them, and strictly increasing, so the steps
// keep the order in which they were observed: an observation in the
// same millisecond as the one before it, or one that a clock set back
// would place earlier, is written 1 ms after it. Everything else works
// as without it; [Normalize] re-stamps such a transcript on the
// synthetic clock. Call it before the first request; it cannot be
// combined with [Recorder.EventClock].
func (r *Recorder) WallClock(now func() time.Time) {
	r.mu.Lock()
	r.wall = now
	r.mu.Unlock()
}

// Wait has the recorded clients wait d before their next request, as a
// polling client does between two asks: on the synthetic clock, the
// next tick comes d, rounded up to whole ticks, after the last one, so
// the transcript shows the wait. Under WallClock time passes by itself
// and Wait does nothing.
func (r *Recorder) Wait(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.wall != nil || d <= 0 {
		return
	}
	r.tick += int((d+TickLength-1)/TickLength) - 1
}

// at returns the time of tick k: [Tick](k), or under WallClock the time
// observed for it. r.mu must be held.
func (r *Recorder) at(k int) time.Time {
	if r.wall != nil && k >= 0 && k < len(r.times) {
		return r.times[k]
	}
	return Tick(k)
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
	hasResp    bool
	respTick   int
	err        string
	code       int
	rheader    []replay.Header
	stream     bool
	rbody      bytes.Buffer
	sse        replay.FrameScanner
	frames     []replay.Frame
	frameTicks []int // the tick of each frame, -1 to work out
	endTick    int
	endBy      string
	finished   bool
	ver        int // the Recorder's ver at its last change
}

// changed marks x changed; r.mu must be held.
func (x *recExchange) changed() {
	x.r.ver++
	x.ver = x.r.ver
}

// stamp returns the next tick; r.mu must be held.
func (r *Recorder) stamp() int {
	k := r.tick
	r.tick++
	if r.wall != nil {
		t := r.wall().UTC().Truncate(time.Millisecond)
		if n := len(r.times); n > 0 && !t.After(r.times[n-1]) {
			t = r.times[n-1].Add(time.Millisecond)
		}
		r.times = append(r.times, t)
	}
	return k
}

// observe counts an observation other than a request and returns its
// tick, or -1 under the event clock, where [Recorder.Transcript] works
// it out from what the observation shows; r.mu must be held.
func (r *Recorder) observe() int {
	r.obs++
	if r.events {
		return -1
	}
	return r.stamp()
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
	name, ch := Classify(req.Method, req.URL.EscapedPath(), body)
	r := x.r
	r.mu.Lock()
	to := r.byHost[req.URL.Host]
	if to == "" {
		// A host no participant serves: named after it, as a word.
		to = strings.NewReplacer(":", "-", "[", "", "]", "").Replace(req.URL.Host)
	}
	x.add(r.stamp(), name, ch, to, req, req.URL.String(), body)
	r.mu.Unlock()
	r.notify()
}

// pushed records a push notification, seen by the webhook that serves
// it: the request an agent sent to the participant to, at url. Under
// the event clock it takes no tick of its own: like a frame, it is at
// the time of the event it carries ([Recorder.Transcript]).
func (x *recExchange) pushed(req *http.Request, to, url string, body []byte) {
	r := x.r
	r.mu.Lock()
	k := -1
	if !r.events {
		k = r.stamp()
	}
	x.add(k, "push", replay.ChannelPush, to, req, url, body)
	r.mu.Unlock()
	r.notify()
}

// add fills in a request seen at tick k (-1: to work out) and appends
// the exchange; r.mu must be held.
func (x *recExchange) add(k int, name string, ch replay.Channel, to string, req *http.Request, url string, body []byte) {
	r := x.r
	x.tick = k
	r.obs++
	x.seq = len(r.xs) + 1
	x.name, x.channel, x.to = name, ch, to
	x.method, x.url = req.Method, url
	x.header = headerList(req.Header)
	x.body = body
	r.xs = append(r.xs, x)
	x.changed()
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
	x.respTick = r.observe()
	x.err = msg
	x.finished = true
	x.changed()
	r.mu.Unlock()
	r.notify()
}

func (x *recExchange) head(code int, h http.Header) {
	r := x.r
	r.mu.Lock()
	x.hasResp = true
	x.respTick = r.observe()
	x.code = code
	x.rheader = headerList(h)
	x.stream = binding.IsEventStream(h.Get("Content-Type"))
	x.changed()
	r.mu.Unlock()
	r.notify()
}

func (x *recExchange) data(p []byte) {
	r := x.r
	if !x.stream {
		r.mu.Lock()
		x.rbody.Write(p)
		x.changed()
		r.mu.Unlock()
		return
	}
	stamped := false
	r.mu.Lock()
	x.sse.Feed(p, func(f replay.Frame) {
		x.frames = append(x.frames, f)
		x.frameTicks = append(x.frameTicks, r.observe())
		x.changed()
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
		x.endTick = r.observe()
		x.endBy = by
		x.changed()
	}
	r.mu.Unlock()
	if x.stream {
		r.notify()
	}
}

// Transcript returns what was recorded so far as a transcript with the
// given title: raw, with the ids and times the agents produced, and the
// logical clock in the @at times (the wall clock under
// [Recorder.WallClock]). [Normalize] makes it reproducible.
// The result is a copy; recording goes on.
func (r *Recorder) Transcript(title string) *replay.Transcript {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.transcript(title, nil)
}

// Versions appends to dst, for each exchange recorded so far in order,
// a number that changes whenever what is recorded of it does: what
// TranscriptOf needs to know which exchanges to build again.
func (r *Recorder) Versions(dst []int) []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, x := range r.xs {
		dst = append(dst, x.ver)
	}
	return dst
}

// TranscriptOf returns the transcript Transcript would, with its
// participants, but only the exchanges at the given positions (0-based,
// ascending) built, the others nil: what changed, for a reader that has
// the rest (Versions). Under the event clock, where an exchange's times
// depend on what came after it, it builds them all.
func (r *Recorder) TranscriptOf(title string, positions []int) *replay.Transcript {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.events {
		return r.transcript(title, nil)
	}
	want := make([]bool, len(r.xs))
	for _, i := range positions {
		if i >= 0 && i < len(want) {
			want[i] = true
		}
	}
	return r.transcript(title, want)
}

// transcript builds the transcript, the exchanges whose want is set
// only when want is not nil; r.mu must be held.
func (r *Recorder) transcript(title string, want []bool) *replay.Transcript {
	t := &replay.Transcript{Title: title}
	if r.known == nil {
		r.known = map[string]bool{}
		for _, p := range r.parts {
			r.known[p.Name] = true
		}
	}
	add := func(name, u string) {
		if !r.known[name] {
			r.known[name] = true
			r.found = append(r.found, replay.Participant{Name: name, URL: u})
		}
	}
	for ; r.foundN < len(r.xs); r.foundN++ {
		x := r.xs[r.foundN]
		add(x.from, "")
		if u, err := url.Parse(x.url); err == nil {
			add(x.to, u.Scheme+"://"+u.Host)
		}
	}
	t.Participants = append(append(t.Participants, r.parts...), r.found...)
	prev := 0 // the tick of the request before
	for i, x := range r.xs {
		tick := x.tick
		if tick < 0 {
			// A push under the event clock: at the time of the event it
			// carries, or of the request before it when it shows none.
			if tick = r.shownTick(string(x.body)); tick < 0 {
				tick = prev
			}
		}
		prev = tick
		if want != nil && !want[i] {
			t.Exchanges = append(t.Exchanges, nil)
			continue
		}
		ex := &replay.Exchange{
			Seq:     x.seq,
			Name:    x.name,
			From:    x.from,
			To:      x.to,
			Channel: x.channel,
			Request: replay.Request{
				At:     r.at(tick),
				Method: x.method,
				URL:    x.url,
				Proto:  "HTTP/1.1",
				Header: append([]replay.Header(nil), x.header...),
				Body:   trimBody(string(x.body)),
			},
		}
		if x.hasResp {
			cur := tick
			body := ""
			if !x.stream {
				body = x.rbody.String()
			}
			shown := -1
			if x.err == "" && !x.stream {
				shown = r.shownTick(body)
			}
			cur = later(x.respTick, cur, shown)
			rs := &replay.Response{At: r.at(cur)}
			if x.err != "" {
				rs.Err = x.err
			} else {
				rs.Proto = "HTTP/1.1"
				rs.StatusCode = x.code
				rs.Status = http.StatusText(x.code)
				rs.Header = append([]replay.Header(nil), x.rheader...)
				if x.stream {
					rs.Stream = &replay.Stream{Frames: append([]replay.Frame(nil), x.frames...)}
					for i, k := range r.frameTicks(x, cur) {
						rs.Stream.Frames[i].At = r.at(k)
						cur = k
					}
					if x.endBy != "" {
						rs.Stream.End = &replay.StreamEnd{At: r.at(later(x.endTick, cur, -1)), By: x.endBy}
					}
				} else {
					rs.Body = trimBody(body)
				}
			}
			ex.Response = rs
		}
		t.Exchanges = append(t.Exchanges, ex)
	}
	return t
}

// statusTimeRE finds the "timestamp" members of A2A JSON: the time of
// a task's status or of a status update, which is the time of the task
// event that set it.
var statusTimeRE = regexp.MustCompile(`"timestamp"\s*:\s*"([^"]*)"`)

// shownTick returns the latest tick given out by EventClock that
// content shows as a status time, or -1. r.mu must be held.
func (r *Recorder) shownTick(content string) int {
	k := -1
	if len(r.issued) == 0 {
		// No tick given out (a live session, on the wall clock): none
		// to find, and the search through every body costs 43% of a
		// transcript of 1,000 exchanges (BenchmarkLiveEvent).
		return k
	}
	for _, m := range statusTimeRE.FindAllStringSubmatch(content, -1) {
		t, err := time.Parse(time.RFC3339Nano, m[1])
		if err != nil {
			continue
		}
		if tk, ok := tickOf(t); ok && r.issued[tk] && tk > k {
			k = tk
		}
	}
	return k
}

// later returns the tick of an observation: k when it was stamped, else
// (under the event clock, k < 0) the later of cur, the time of what
// came before it in its exchange, and shown.
func later(k, cur, shown int) int {
	if k >= 0 {
		return k
	}
	return max(cur, shown)
}

// frameTicks works out the tick of each frame of x under the event
// clock, from cur, the tick of the response head: a frame that carries
// a status is at its time (or cur, if that is later: a task snapshot);
// a frame that carries none, an artifact update, is at the time of the
// next status its stream carries, the event it came before, or of the
// frame before it when none follows. r.mu must be held.
func (r *Recorder) frameTicks(x *recExchange, cur int) []int {
	out := make([]int, len(x.frames))
	shown := make([]int, len(x.frames))
	for i, f := range x.frames {
		shown[i] = r.shownTick(f.Data)
	}
	next := -1
	for i := len(x.frames) - 1; i >= 0; i-- {
		if shown[i] >= 0 {
			next = shown[i]
		} else {
			shown[i] = next
		}
	}
	for i := range x.frames {
		cur = later(x.frameTicks[i], cur, shown[i])
		out[i] = cur
	}
	return out
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

// Classify names an exchange from its request (path is the URL's
// escaped path, as [binding.Match] reads it): the JSON-RPC method of a
// JSON-RPC call, the method an HTTP+JSON route stands for, GetAgentCard
// for an agent card, all on the A2A channel. Any other request is plain
// HTTP outside A2A, named by what it does, wherever the agent sits: an
// operator's decision is named by its verb (POST /approve/{taskId} and
// POST /deployer/approve/{taskId} are both "approve"), any other call
// by the last segment of its path that is not an identifier
// (/hooks/status/t-17 is "status"), and a path of identifiers only by
// its method.
func Classify(method, path string, body []byte) (string, replay.Channel) {
	if name, ok := replay.Call(method, path, body); ok {
		return name, replay.ChannelA2A
	}
	return outOfBandName(method, path), replay.ChannelOutOfBand
}

// outOfBandName names a call outside A2A from its path: the last
// operator verb in it, else the last segment that is a label and not an
// identifier, else the method in lower case. The segments before the
// verb (the agent's own base path under a proxy or on a shared origin)
// never name the call.
func outOfBandName(method, path string) string {
	segs := strings.Split(path, "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if s := strings.ToLower(segs[i]); replay.OperatorVerb(s) {
			return s
		}
	}
	for i := len(segs) - 1; i >= 0; i-- {
		if s := segs[i]; replay.ValidName(s) && !identifier(s) {
			return s
		}
	}
	return strings.ToLower(method)
}

// identifier reports whether a path segment looks like an id rather
// than a word: it has a digit in it, or is longer than a word is.
func identifier(s string) bool {
	return len(s) > 32 || strings.ContainsAny(s, "0123456789")
}
