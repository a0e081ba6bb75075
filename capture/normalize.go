package capture

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/replay"
)

// droppedHeaders are left out of normalised transcripts: they change
// from run to run (Date, Content-Length, User-Agent, Accept-Encoding),
// belong to the connection rather than the exchange, or matter only to a
// browser on another origin (CORS).
var droppedHeaders = map[string]bool{
	"date":                         true,
	"content-length":               true,
	"user-agent":                   true,
	"accept-encoding":              true,
	"connection":                   true,
	"keep-alive":                   true,
	"transfer-encoding":            true,
	"x-accel-buffering":            true,
	"access-control-allow-origin":  true,
	"access-control-allow-methods": true,
	"access-control-allow-headers": true,
	"access-control-max-age":       true,
	"vary":                         true,
}

var (
	// uuidRE matches a UUID that is a word of its own, not a piece of a
	// longer run of hex digits.
	uuidRE = regexp.MustCompile(`\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b`)
	// timeRE matches a JSON string that holds only an RFC 3339 time.
	timeRE = regexp.MustCompile(`"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})"`)
)

// timeLayout is how normalised times are written: UTC, "Z", three
// fractional digits.
const timeLayout = "2006-01-02T15:04:05.000Z"

// isUUID reports whether s is a UUID in its text form.
func isUUID(s string) bool { return len(s) == 36 && uuidRE.MatchString(s) }

// scenarioUUID returns the n-th (1-based) deterministic UUID of a
// scenario: the first 16 bytes of sha256("scenario/n"), marked as a
// version 4, variant 1 UUID.
func scenarioUUID(scenario string, n int) string {
	sum := sha256.Sum256([]byte(scenario + "/" + strconv.Itoa(n)))
	b := sum[:16]
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// scenarioToken returns the n-th (1-based) operator token a capture of
// the scenario shows: the prefix and the first 16 bytes of
// sha256("scenario/operator-token/n") in hex.
func scenarioToken(scenario string, n int) string {
	sum := sha256.Sum256([]byte(scenario + "/operator-token/" + strconv.Itoa(n)))
	return agents.OperatorTokenPrefix + hex.EncodeToString(sum[:16])
}

// Normalize rewrites a recorded transcript in place so that recording the
// same scenario again gives the same bytes:
//
//   - Observations (requests, responses, frames, stream ends) are taken
//     in the order of their @at times. When every @at is already a time
//     of the synthetic clock ([Tick]), as a [Recorder] writes them, the
//     times are kept; otherwise the observations are re-stamped as ticks
//     0, 1, 2, … in that order.
//   - Every UUID, anywhere (URLs, header values, bodies, frame ids and
//     data), becomes a deterministic one, in the order it first
//     appears: pins[raw] when the scenario pinned it, else
//     the n-th id of the scenario, for the n-th distinct id: the first
//     16 bytes of sha256("SCENARIO/n") as a version 4 UUID. Pins map raw
//     ids (any case) to the ids a capture must show.
//   - Every operator token ([agents.OperatorTokenPattern]), anywhere
//     (the operator's Authorization header, above all), becomes a
//     deterministic one, in the order it first appears: the prefix and
//     the first 16 bytes of sha256("SCENARIO/operator-token/n") in hex.
//     The kit makes a fresh token each run, as it makes fresh ids.
//   - JSON-RPC request ids and SSE ids that are not UUIDs become 1, 2,
//     3, … in the order they first appear (a string stays a string).
//   - Every JSON string that holds only an RFC 3339 time is written in
//     UTC with three fractional digits. A time of the synthetic clock
//     keeps its value: agents that tell time by [Recorder.EventClock]
//     stamp their task events so. Any other time becomes the time of the
//     observation where that value first appears, and the same value
//     later gets the same time. A value without fractional seconds is
//     too coarse to name one moment (a2a-go stamps error details to the
//     second): each of its appearances takes the time of its own
//     observation.
//   - JSON bodies of requests and responses are indented with two
//     spaces, keys in their order; frame data stays on one line.
//   - Headers that vary or belong to the connection (Date,
//     Content-Length, User-Agent, Accept-Encoding, Connection, CORS, …)
//     are dropped; the rest are ordered Content-Type, Accept,
//     A2A-Version, A2A-Extensions, Authorization, Cache-Control, then by
//     name.
func Normalize(t *replay.Transcript, scenario string, pins map[string]string) error {
	return normalize(t, scenario, pins, nil)
}

// A Wait is a wait a client made before the request of exchange Seq: it
// sent it D after the response of exchange After (0: after whatever
// was observed last), as a polling client waits between two asks.
type Wait struct {
	Seq, After int
	D          time.Duration
}

// NormalizeWaits is [Normalize] for a transcript whose clients waited:
// when it re-stamps the observations on the synthetic clock, the request
// of each wait's exchange comes no sooner than the wait, rounded up to
// whole ticks, after the response it waited from, as [Recorder.Wait]
// writes a polling client's wait. So the normalised transcript still
// shows how long the client waited (a client that backs off still
// does), from the waits it declared rather than from its measured
// timing, and stays the same from run to run. A transcript already on
// the synthetic clock keeps its times.
func NormalizeWaits(t *replay.Transcript, scenario string, waits []Wait) error {
	return normalize(t, scenario, nil, waits)
}

func normalize(t *replay.Transcript, scenario string, pins map[string]string, waits []Wait) error {
	n := NewNormalizer(scenario)
	n.pins = map[string]string{}
	used := map[string]string{}
	for raw, want := range pins {
		if !isUUID(raw) || !isUUID(want) {
			return fmt.Errorf("capture: pin %q -> %q: both must be UUIDs", raw, want)
		}
		raw, want = strings.ToLower(raw), strings.ToLower(want)
		if other, ok := used[want]; ok && other != raw {
			return fmt.Errorf("capture: pins of %s and %s both want %s", other, raw, want)
		}
		used[want] = raw
		n.pins[raw] = want
	}

	obs := observations(t)
	restamp := false
	for _, o := range obs {
		if _, ok := tickOf(o.at); !ok {
			restamp = true
		}
	}
	waitOf := map[int]Wait{} // exchange seq -> its request's wait
	for _, w := range waits {
		waitOf[w.Seq] = w
	}
	answered := map[int]int{} // exchange seq -> the tick of its response
	tick := -1
	for _, o := range obs {
		if restamp {
			tick++
			if w, ok := waitOf[o.x.Seq]; ok && o.kind == obsRequest && w.D > 0 {
				from, ok := answered[w.After]
				if w.After == 0 || !ok {
					from = tick - 1
				}
				tick = max(tick, from+int((w.D+TickLength-1)/TickLength))
			}
			if o.kind == obsResponse {
				answered[o.x.Seq] = tick
			}
			o.stamp(Tick(tick))
		}
		switch o.kind {
		case obsRequest:
			n.Request(&o.x.Request)
		case obsResponse:
			n.Response(o.x.Response)
		case obsFrame:
			n.Frame(&o.x.Response.Stream.Frames[o.frame])
		}
	}
	return nil
}

// A Normalizer applies the rules of [Normalize] one observation at a
// time, for a recording that writes each exchange as it completes
// ("a2aplay record"): give it the observations in the order they
// happened, each with its time already set (normally [Tick] of a counter
// of observations), and ids and times come out as Normalize would make
// them. Normalize is a Normalizer run over a whole transcript.
//
// A Normalizer is not safe for concurrent use.
type Normalizer struct {
	scenario string
	pins     map[string]string // lower-case raw UUID -> lower-case wanted UUID
	ids      map[string]string // lower-case raw UUID -> new
	nIDs     int
	tokens   map[string]string // raw operator token -> new
	times    map[string]string // raw time value -> normalised, for fine-grained values
	rpcIDs   map[string]string // raw JSON-RPC id (JSON text) -> new JSON text
	sseIDs   map[string]string
}

// NewNormalizer returns a Normalizer whose ids are made of the scenario
// (or recording) name and the order ids first appear, as [Normalize]
// makes them.
func NewNormalizer(scenario string) *Normalizer {
	return &Normalizer{
		scenario: scenario,
		pins:     map[string]string{},
		ids:      map[string]string{},
		tokens:   map[string]string{},
		times:    map[string]string{},
		rpcIDs:   map[string]string{},
		sseIDs:   map[string]string{},
	}
}

// Request normalises a request sent at rq.At: its URL, headers and body.
func (n *Normalizer) Request(rq *replay.Request) {
	rq.URL = n.mapIDs(rq.URL)
	rq.Header = n.headers(rq.Header)
	rq.Body = n.body(rq.Body, rq.At, true)
}

// Response normalises a response that arrived at rs.At: its error,
// headers and body; the frames of a stream go to Frame, one by one.
func (n *Normalizer) Response(rs *replay.Response) {
	rs.Err = n.mapIDs(rs.Err)
	rs.Header = n.headers(rs.Header)
	if rs.Stream == nil {
		rs.Body = n.body(rs.Body, rs.At, true)
	}
}

// Frame normalises a stream frame that arrived at f.At.
func (n *Normalizer) Frame(f *replay.Frame) {
	f.ID = n.sseID(n.mapIDs(f.ID))
	f.Event = n.mapIDs(f.Event)
	f.Data = n.body(f.Data, f.At, false)
}

// mapIDs maps the UUIDs and the operator tokens in s.
func (n *Normalizer) mapIDs(s string) string {
	s = agents.OperatorTokenPattern.ReplaceAllStringFunc(s, func(raw string) string {
		v, ok := n.tokens[raw]
		if !ok {
			v = scenarioToken(n.scenario, len(n.tokens)+1)
			n.tokens[raw] = v
		}
		return v
	})
	return uuidRE.ReplaceAllStringFunc(s, func(raw string) string {
		key := strings.ToLower(raw)
		if v := n.ids[key]; v != "" {
			return v
		}
		n.nIDs++
		v, pinned := n.pins[key]
		if !pinned {
			v = scenarioUUID(n.scenario, n.nIDs)
		}
		n.ids[key] = v
		return v
	})
}

func (n *Normalizer) mapTimes(s string, at time.Time) string {
	return timeRE.ReplaceAllStringFunc(s, func(q string) string {
		raw := q[1 : len(q)-1]
		t, err := time.Parse(time.RFC3339Nano, raw)
		if err != nil {
			return q
		}
		if _, ok := tickOf(t); ok {
			return `"` + t.UTC().Format(timeLayout) + `"`
		}
		fine := strings.Contains(raw, ".")
		if v, ok := n.times[raw]; ok && fine {
			return `"` + v + `"`
		}
		v := at.UTC().Format(timeLayout)
		if fine {
			n.times[raw] = v
		}
		return `"` + v + `"`
	})
}

func (n *Normalizer) sseID(id string) string {
	if id == "" || isUUID(id) {
		return id
	}
	v, ok := n.sseIDs[id]
	if !ok {
		v = strconv.Itoa(len(n.sseIDs) + 1)
		n.sseIDs[id] = v
	}
	return v
}

// body normalises a request or response body, or a frame's data.
func (n *Normalizer) body(s string, at time.Time, indent bool) string {
	if s == "" {
		return s
	}
	s = n.mapIDs(s)
	s = n.mapTimes(s, at)
	s = n.rpcID(s)
	if indent && json.Valid([]byte(s)) {
		var b bytes.Buffer
		if json.Indent(&b, []byte(strings.TrimSpace(s)), "", "  ") == nil {
			s = b.String()
		}
	}
	return strings.TrimRight(s, "\n")
}

// rpcID rewrites the id of a JSON-RPC message when it is not a UUID.
func (n *Normalizer) rpcID(s string) string {
	start, end, ok := jsonrpcIDSpan([]byte(s))
	if !ok {
		return s
	}
	raw := s[start:end]
	var str string
	isString := json.Unmarshal([]byte(raw), &str) == nil
	if raw == "null" || isString && isUUID(str) {
		return s
	}
	v, ok := n.rpcIDs[raw]
	if !ok {
		v = strconv.Itoa(len(n.rpcIDs) + 1)
		if isString {
			v = strconv.Quote(v)
		}
		n.rpcIDs[raw] = v
	}
	return s[:start] + v + s[end:]
}

// jsonrpcIDSpan finds the value of the top-level "id" member of a JSON
// object that has a "jsonrpc" member, as byte offsets.
func jsonrpcIDSpan(b []byte) (start, end int, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0, 0, false
	}
	var isRPC, found bool
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, false
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return 0, 0, false
		}
		off := int(dec.InputOffset())
		switch key {
		case "jsonrpc":
			isRPC = true
		case "id":
			start, end, found = off-len(val), off, true
		}
	}
	return start, end, isRPC && found && string(b[start:end]) != ""
}

// headers drops the varying headers, puts the rest in the fixed order
// and maps ids in the values, in that order.
func (n *Normalizer) headers(h []replay.Header) []replay.Header {
	var out []replay.Header
	for _, f := range h {
		if droppedHeaders[strings.ToLower(f.Name)] {
			continue
		}
		out = append(out, replay.Header{Name: CanonicalHeader(f.Name), Value: f.Value})
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := headerRank(out[i].Name), headerRank(out[j].Name)
		if ri != rj {
			return ri < rj
		}
		if ri == len(headerOrder) {
			return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name)
		}
		return false
	})
	for i := range out {
		out[i].Value = n.mapIDs(out[i].Value)
	}
	return out
}

// CanonicalHeader spells the A2A headers as the specification does
// (Go's canonical form would be "A2a-Version").
func CanonicalHeader(name string) string {
	switch strings.ToLower(name) {
	case "a2a-version":
		return "A2A-Version"
	case "a2a-extensions":
		return "A2A-Extensions"
	case "a2a-notification-token":
		return "A2A-Notification-Token"
	}
	return name
}

type obsKind int

const (
	obsRequest obsKind = iota
	obsResponse
	obsFrame
	obsEnd
)

// An observation is one timed event of a transcript.
type observation struct {
	at    time.Time
	rank  int
	x     *replay.Exchange
	ex    int
	kind  obsKind
	frame int
}

func (o *observation) stamp(t time.Time) {
	switch o.kind {
	case obsRequest:
		o.x.Request.At = t
	case obsResponse:
		o.x.Response.At = t
	case obsFrame:
		o.x.Response.Stream.Frames[o.frame].At = t
	case obsEnd:
		o.x.Response.Stream.End.At = t
	}
}

// observations lists t's timed events in time order; events at the same
// time keep the order of their exchanges and, within one, request,
// response, frames, end.
func observations(t *replay.Transcript) []*observation {
	var obs []*observation
	for i, x := range t.Exchanges {
		obs = append(obs, &observation{at: x.Request.At, x: x, ex: i, kind: obsRequest})
		rs := x.Response
		if rs == nil {
			continue
		}
		obs = append(obs, &observation{at: rs.At, x: x, ex: i, kind: obsResponse})
		if rs.Stream == nil {
			continue
		}
		for j, f := range rs.Stream.Frames {
			obs = append(obs, &observation{at: f.At, x: x, ex: i, kind: obsFrame, frame: j})
		}
		if rs.Stream.End != nil {
			obs = append(obs, &observation{at: rs.Stream.End.At, x: x, ex: i, kind: obsEnd})
		}
	}
	sort.SliceStable(obs, func(i, j int) bool {
		a, b := obs[i], obs[j]
		if !a.at.Equal(b.at) {
			return a.at.Before(b.at)
		}
		if a.ex != b.ex {
			return a.ex < b.ex
		}
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		return a.frame < b.frame
	})
	for i, o := range obs {
		o.rank = i
	}
	return obs
}
