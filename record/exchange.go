package record

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/replay"
)

// An exchange is one request on its way through the proxy: the recorded
// exchange grows as its response, frames and end arrive, and is written
// when it completes (or when the recording stops). Its fields are
// guarded by the Recorder's mutex.
type exchange struct {
	agent   *agent
	x       replay.Exchange
	isCard  bool
	stream  bool
	scanner replay.FrameScanner
	notes   []string
	written bool
}

// stamp returns the time of an observation happening now: the wall
// clock, or with Normalize the next tick of capture's synthetic clock.
// Wall clock times are strictly increasing: an observation in the same
// millisecond as the one before it (or one a clock set back would put
// earlier) is written 1 ms after it, so that steps keep the order the
// proxy saw them in, an approval after the frame that asked for it.
// r.mu must be held.
func (r *Recorder) stamp() time.Time {
	if r.norm != nil {
		t := capture.Tick(r.tick)
		r.tick++
		return t
	}
	t := time.Now().UTC().Truncate(time.Millisecond)
	if !t.After(r.last) {
		t = r.last.Add(time.Millisecond)
	}
	r.last = t
	return t
}

// begin records a request about to be sent to agent a. It returns nil
// when the recording has stopped.
func (r *Recorder) begin(a *agent, out *http.Request, body []byte, note string) *exchange {
	name, ch := capture.Classify(out.Method, out.URL.EscapedPath(), body)
	x := &exchange{agent: a, isCard: name == "GetAgentCard" || name == "GetExtendedAgentCard"}
	x.x = replay.Exchange{Name: name, From: ClientName, To: a.Name, Channel: ch}
	if note != "" {
		x.notes = append(x.notes, note)
	}
	if !r.start(x, out, body) {
		return nil
	}
	return x
}

// start records the request of x, about to be sent; it reports false
// when the recording has stopped.
func (r *Recorder) start(x *exchange, out *http.Request, body []byte) bool {
	rq := &x.x.Request
	rq.Method, rq.URL, rq.Proto = out.Method, out.URL.String(), "HTTP/1.1"
	rq.Header = x.headers(out.Header, "request")
	var why string
	if rq.Body, why = replay.FitBody(string(body)); why != "" {
		x.notes = append(x.notes, "request body left out: "+why)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return false
	}
	rq.At = r.stamp()
	if r.norm != nil {
		r.norm.Request(rq)
	}
	r.pending = append(r.pending, x)
	return true
}

// headers turns HTTP headers into a transcript's, in a fixed order, and
// notes those a transcript cannot hold.
func (x *exchange) headers(h http.Header, which string) []replay.Header {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []replay.Header
	var dropped []string
	for _, n := range names {
		if strings.HasPrefix(n, "#") {
			dropped = append(dropped, quote(n))
			continue
		}
		for _, v := range h[n] {
			out = append(out, replay.Header{Name: capture.CanonicalHeader(n), Value: oneLine(v)})
		}
	}
	if len(dropped) > 0 {
		x.notes = append(x.notes, which+" headers left out, which a transcript cannot hold: "+strings.Join(dropped, ", "))
	}
	return out
}

// fail records that the request got no response.
func (r *Recorder) fail(x *exchange, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	x.x.Response = &replay.Response{At: r.stamp(), Err: msg}
	if r.norm != nil {
		r.norm.Response(x.x.Response)
	}
	r.finish(x)
}

// head records a response's status and headers.
func (r *Recorder) head(x *exchange, resp *http.Response, stream bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rs := &replay.Response{
		At:         r.stamp(),
		Proto:      "HTTP/1.1",
		StatusCode: resp.StatusCode,
		Status:     oneLine(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode))),
	}
	if resp.ProtoMajor == 2 {
		rs.Proto = "HTTP/2"
	}
	if resp.StatusCode < 100 || resp.StatusCode > 599 {
		// Go's client takes any three digits; a transcript holds 100 to 599.
		x.notes = append(x.notes, fmt.Sprintf("the agent answered with status %d, recorded as 502", resp.StatusCode))
		rs.StatusCode, rs.Status = http.StatusBadGateway, "Bad Gateway"
	}
	rs.Header = x.headers(resp.Header, "response")
	x.x.Response = rs
	x.stream = stream
	if stream {
		rs.Stream = &replay.Stream{}
		if r.norm != nil {
			r.norm.Response(rs)
		}
	}
}

// feed records the frames that a chunk of a stream completes.
func (r *Recorder) feed(x *exchange, p []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	x.scanner.Feed(p, func(f replay.Frame) {
		f.At = r.stamp()
		f.ID, f.Event = oneLine(f.ID), oneLine(f.Event)
		if !utfValid(f.Data) {
			f.Data = strings.ToValidUTF8(f.Data, "\ufffd")
			x.notes = append(x.notes, fmt.Sprintf("frame %d: bytes that are not UTF-8 replaced by U+FFFD", len(x.x.Response.Stream.Frames)+1))
		}
		var why string
		if f.Data, why = replay.FitFrameData(f.Data); why != "" {
			x.notes = append(x.notes, fmt.Sprintf("frame %d: %s", len(x.x.Response.Stream.Frames)+1, why))
		}
		if r.norm != nil {
			r.norm.Frame(&f)
		}
		x.x.Response.Stream.Frames = append(x.x.Response.Stream.Frames, f)
	})
}

// end records a stream's end, by the server or the client.
func (r *Recorder) end(x *exchange, by, note string) {
	if x == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if note != "" {
		x.notes = append(x.notes, note)
	}
	x.x.Response.Stream.End = &replay.StreamEnd{At: r.stamp(), By: by}
	r.finish(x)
}

// done records a whole response body, raw as the agent sent it.
func (r *Recorder) done(x *exchange, raw []byte, note string) {
	if x == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if note != "" {
		x.notes = append(x.notes, note)
	}
	rs := x.x.Response
	var why string
	if rs.Body, why = replay.FitBody(string(raw)); why != "" {
		x.notes = append(x.notes, "response body left out: "+why)
	}
	if r.norm != nil {
		r.norm.Response(rs)
	}
	r.finish(x)
}

// finish writes x, unless it was written already; r.mu must be held.
func (r *Recorder) finish(x *exchange) {
	if x.written {
		return
	}
	x.written = true
	for i, p := range r.pending {
		if p == x {
			r.pending = append(r.pending[:i], r.pending[i+1:]...)
			break
		}
	}
	x.x.Notes = append(x.x.Notes, x.notes...)
	if err := r.app.Append(&x.x); err != nil {
		// Not expected: everything above is made to fit. Keep the
		// exchange's place and say why its content is missing.
		r.logf("exchange %s: %v", x.x.Name, err)
		bare := x.x
		bare.Request.Header, bare.Request.Body = nil, ""
		bare.Notes = []string{oneLine("left out, which a transcript cannot hold: " + err.Error())}
		if bare.Response != nil && bare.Response.Err == "" {
			bare.Response = &replay.Response{At: bare.Response.At, Err: "not recorded"}
		}
		if err := r.app.Append(&bare); err != nil {
			r.logf("exchange %s: %v", x.x.Name, err)
			return
		}
		x.x = bare
	}
	r.logf("%s", summary(&x.x, x.agent))
}

// summary is the line logged for a written exchange.
func summary(x *replay.Exchange, a *agent) string {
	s := fmt.Sprintf("%d %s %s -> %s: ", x.Seq, x.Name, x.From, x.To)
	rs := x.Response
	switch {
	case rs == nil:
		return s + "no response yet when the recording stopped"
	case rs.Err != "":
		s += rs.Err
		if strings.Contains(rs.Err, "refused") {
			s += fmt.Sprintf(" (is %s running at %s?)", a.Name, a.URL)
		}
		return s
	}
	s += strconv.Itoa(rs.StatusCode)
	if rs.Status != "" {
		s += " " + rs.Status
	}
	if st := rs.Stream; st != nil {
		s += fmt.Sprintf(", %d frames", len(st.Frames))
		if st.End != nil {
			s += ", closed by the " + st.End.By
		} else {
			s += ", still open"
		}
	}
	for _, n := range x.Notes {
		s += "; " + n
	}
	return s
}

// Close stops the recording: it writes the exchanges still in flight as
// they stand (a stream without its end, a request without its
// response), and the proxy answers 503 from then on. The transcript is
// then complete; the caller closes the file.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	for len(r.pending) > 0 {
		x := r.pending[0]
		x.notes = append(x.notes, "the recording stopped while this exchange was in flight")
		if rs := x.x.Response; rs != nil && rs.Stream == nil && rs.Err == "" && r.norm != nil {
			r.norm.Response(rs)
		}
		r.finish(x)
	}
	return nil
}

func utfValid(s string) bool { return strings.ToValidUTF8(s, "\ufffd") == s }
