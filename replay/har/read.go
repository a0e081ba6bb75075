package har

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"
)

// Read reads a HAR log, such as a browser's saved network log, into a
// transcript. See the package documentation for what it derives and how.
// Malformed JSON gives a [*replay.SyntaxError] naming the line; JSON that
// is not a HAR log gives a [*Error] naming the field.
func Read(data []byte, name string) (*replay.Transcript, error) {
	return ReadWith(data, name, Options{})
}

// ReadWith is [Read] with options.
func ReadWith(data []byte, name string, opts Options) (*replay.Transcript, error) {
	r, err := readLog(data, name, opts)
	if err != nil {
		return nil, err
	}
	orderCauses(r.t, r.estimated)
	if err := replay.Validate(r.t); err != nil {
		// Every value above is made to fit; this is a bug, not bad input.
		return nil, &Error{name, "entries", fmt.Sprintf("cannot be held in a transcript: %v", err)}
	}
	return r.t, nil
}

// readLog reads the exchanges of a HAR log into r.t, with the frames of
// the streams in r.estimated at times [orderCauses] has yet to put in
// the order of cause and effect.
func readLog(data []byte, name string, opts Options) (*harReader, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var f harIn
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, harDecodeError(name, data, data, "", err)
	}
	if f.Log == nil {
		return nil, &Error{name, "log", "expected the log object, found nothing"}
	}
	if f.Log.Entries == nil {
		return nil, &Error{name, "entries", "expected an array of entries, found nothing"}
	}
	items, err := readEntries(data, name, *f.Log.Entries)
	if err != nil {
		return nil, err
	}
	r := &harReader{name: name, t: &replay.Transcript{}, byName: map[string]string{}, byAgent: map[int]string{}, estimated: map[*replay.Exchange]bool{}}
	if len(f.Log.Ext) > 0 {
		var ext harLogExt
		if json.Unmarshal(f.Log.Ext, &ext) == nil && r.useLogExt(&ext) {
			r.t.Title = ext.Title
			r.t.Notes = ext.Notes
			r.logExt = true
		}
	}
	if !r.logExt && len(f.Log.Pages) > 0 {
		r.t.Title = oneLine(f.Log.Pages[0].Title)
	}
	for _, it := range items {
		r.noteCard(it.e)
	}
	leftOut := map[string]int{}
	for _, it := range items {
		if !opts.KeepAll && !r.logExt {
			var body string
			if pd := it.e.Request.PostData; pd != nil {
				body = pd.Text
			}
			u, _ := url.Parse(it.e.Request.URL)
			name, ch := harExchangeName(&replay.Request{Method: it.e.Request.Method, Body: body}, u)
			if kind := pageAsset(it.e, name, ch); kind != "" {
				leftOut[kind]++
				continue
			}
		}
		x, err := r.exchange(it.index, it.e, it.started)
		if err != nil {
			return nil, err
		}
		r.t.Exchanges = append(r.t.Exchanges, x)
		r.entries = append(r.entries, it.index)
	}
	if len(leftOut) > 0 {
		r.t.Notes = append(r.t.Notes, leftOutNote(leftOut))
	}
	return r, nil
}

// An item is an entry of the log with an http or https URL.
type item struct {
	index   int // in the log's entries
	e       *harEntryIn
	started time.Time
}

// readEntries decodes the entries of a log and returns those with http
// and https URLs in the order of their start.
func readEntries(data []byte, name string, entries []json.RawMessage) ([]item, error) {
	var items []item
	for i, raw := range entries {
		e := &harEntryIn{}
		if err := json.Unmarshal(raw, e); err != nil {
			return nil, harDecodeError(name, data, raw, fmt.Sprintf("entries[%d]", i), err)
		}
		u, err := url.Parse(e.Request.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			if err == nil && u.Scheme != "" {
				continue // data:, blob:, ws: and the like are not HTTP exchanges
			}
			return nil, &Error{name, fmt.Sprintf("entries[%d].request.url", i),
				fmt.Sprintf("expected an absolute URL, found %s", replay.Quote(e.Request.URL))}
		}
		started, err := time.Parse(time.RFC3339Nano, e.StartedDateTime)
		if err == nil {
			started = started.UTC().Truncate(time.Millisecond)
		}
		if err != nil || !replay.ValidTime(started) {
			return nil, &Error{name, fmt.Sprintf("entries[%d].startedDateTime", i),
				fmt.Sprintf(`expected a date and time like "2026-10-06T09:00:00.000Z", found %s`, replay.Quote(e.StartedDateTime))}
		}
		items = append(items, item{i, e, started})
	}
	slices.SortStableFunc(items, func(a, b item) int { return a.started.Compare(b.started) })
	return items, nil
}

type harReader struct {
	name    string
	t       *replay.Transcript
	byName  map[string]string // participant name -> URL
	logExt  bool              // participants came from the log's _a2aplay field
	agents  replay.Agents
	byAgent map[int]string // agent number (replay.Agents.Lookup) -> participant
	// estimated holds the streams whose frame times the HAR did not give.
	estimated map[*replay.Exchange]bool
	entries   []int // per exchange, its entry's index in the log's entries
}

// useLogExt takes the participants of the log's _a2aplay field, if they
// are valid.
func (r *harReader) useLogExt(ext *harLogExt) bool {
	if ext.Format != replay.Version || !replay.ValidLine(ext.Title) {
		return false
	}
	for _, n := range ext.Notes {
		if !replay.ValidLine(n) {
			return false
		}
	}
	seen := map[string]bool{}
	for _, p := range ext.Participants {
		if !replay.ValidName(p.Name) || seen[p.Name] || (p.URL != "" && !replay.ValidURL(p.URL)) {
			return false
		}
		seen[p.Name] = true
	}
	for _, p := range ext.Participants {
		r.add(replay.Participant(p))
	}
	return true
}

func (r *harReader) add(p replay.Participant) {
	r.t.Participants = append(r.t.Participants, p)
	r.byName[p.Name] = p.URL
}

// client returns the participant that stands for the browser page.
func (r *harReader) client() string {
	if _, ok := r.byName["client"]; !ok {
		r.add(replay.Participant{Name: "client"})
	}
	return "client"
}

// server returns the participant a URL leads to (see [Agents]), adding
// one if none does yet.
func (r *harReader) server(rawURL string) string {
	card, base, id, _ := r.agents.Lookup(rawURL)
	if name, ok := r.byAgent[id]; ok {
		return name
	}
	for _, p := range r.t.Participants {
		if p.URL == base {
			r.byAgent[id] = p.Name
			return p.Name
		}
	}
	name := replay.NameFor(card, base)
	for n, stem := 2, name; ; n++ {
		if _, taken := r.byName[name]; !taken {
			break
		}
		name = stem + "-" + strconv.Itoa(n)
	}
	r.add(replay.Participant{Name: name, URL: base})
	r.byAgent[id] = name
	return name
}

// noteCard learns the agent of an agent card fetched in the log.
func (r *harReader) noteCard(e *harEntryIn) {
	u, err := url.Parse(e.Request.URL)
	if err != nil || e.Request.Method != "GET" || !replay.IsCardPath(u.Path) ||
		e.Response.Status < 200 || e.Response.Status > 299 {
		return
	}
	body, ok := contentText(e.Response.Content.Text, e.Response.Content.Encoding)
	if !ok {
		return
	}
	r.agents.AddCard(e.Request.URL, []byte(body))
}

// contentText decodes a HAR content text.
func contentText(text, encoding string) (string, bool) {
	switch encoding {
	case "":
		return text, true
	case "base64":
		b, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return "", false
		}
		return string(b), true
	}
	return "", false
}

func (r *harReader) exchange(i int, e *harEntryIn, started time.Time) (*replay.Exchange, error) {
	path := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
	u, _ := url.Parse(e.Request.URL) // parsed before
	if !replay.ValidURL(e.Request.URL) {
		return nil, &Error{r.name, path("request.url"),
			fmt.Sprintf("expected an absolute http or https URL without spaces, found %s", replay.Quote(e.Request.URL))}
	}
	if !replay.ValidHeaderName(e.Request.Method) {
		return nil, &Error{r.name, path("request.method"), fmt.Sprintf("expected an HTTP method, found %s", replay.Quote(e.Request.Method))}
	}
	x := &replay.Exchange{Seq: len(r.t.Exchanges) + 1}
	rq := &x.Request
	rq.At = started
	rq.Method = e.Request.Method
	rq.URL = e.Request.URL
	rq.Proto = harProto(e.Request.HTTPVersion, "HTTP/1.1")
	var notes []string
	var dropped []string
	rq.Header, dropped = transcriptHeaders(e.Request.Headers)
	if len(dropped) > 0 {
		notes = append(notes, "request headers left out, which a transcript cannot hold: "+strings.Join(dropped, ", "))
	}
	if e.Request.PostData != nil {
		var why string
		rq.Body, why = replay.FitBody(e.Request.PostData.Text)
		if why != "" {
			notes = append(notes, "request body left out: "+why)
		}
	}

	var ext *harEntryExt
	if r.logExt && len(e.Ext) > 0 {
		ext = &harEntryExt{}
		if json.Unmarshal(e.Ext, ext) != nil || !r.validEntryExt(ext) {
			ext = nil
		}
	}
	if ext != nil {
		x.Name, x.From, x.To, x.Channel = ext.Name, ext.From, ext.To, ext.Channel
	} else {
		x.Name, x.Channel = harExchangeName(rq, u)
		x.From = r.client()
		x.To = r.server(rq.URL)
	}

	// Times: the response arrives after the waits before the first byte;
	// the entry ends after its total time.
	ms := func(v float64) time.Duration {
		v = min(max(v, 0), 30*24*3600*1000) // at most 30 days
		return time.Duration(v * float64(time.Millisecond))
	}
	tm := e.Timings
	respAt := started.Add(ms(tm.Blocked) + ms(tm.DNS) + ms(tm.Connect) + ms(tm.Send) + ms(tm.Wait)).Truncate(time.Millisecond)
	endAt := respAt
	if e.Time != nil {
		endAt = later(respAt, started.Add(ms(*e.Time)).Truncate(time.Millisecond))
	}
	if ext != nil && ext.ResponseAt != "" {
		if t, ok := replay.ParseTime(ext.ResponseAt); ok {
			respAt = t
		}
	}
	if !replay.ValidTime(endAt) {
		return nil, &Error{r.name, path("time"), "expected times before the year 10000"}
	}

	status := e.Response.Status
	switch {
	case status == 0 && e.Response.Error == "":
		// No reply was seen.
	case status == 0:
		x.Response = &replay.Response{At: respAt, Err: oneLine(e.Response.Error)}
	case status != float64(int(status)) || status < 100 || status > 599:
		return nil, &Error{r.name, path("response.status"),
			fmt.Sprintf("expected a status code from 100 to 599, or 0 for no response, found %v", status)}
	default:
		rs := &replay.Response{
			At:         respAt,
			Proto:      harProto(e.Response.HTTPVersion, rq.Proto),
			StatusCode: int(status),
			Status:     oneLine(e.Response.StatusText),
		}
		rs.Header, dropped = transcriptHeaders(e.Response.Headers)
		if len(dropped) > 0 {
			notes = append(notes, "response headers left out, which a transcript cannot hold: "+strings.Join(dropped, ", "))
		}
		text, ok := contentText(e.Response.Content.Text, e.Response.Content.Encoding)
		switch {
		case !ok && e.Response.Content.Encoding == "base64":
			return nil, &Error{r.name, path("response.content.text"), "expected base64 text, as content.encoding says, found other text"}
		case !ok:
			notes = append(notes, fmt.Sprintf("response body left out: its encoding %s is not known", replay.Quote(e.Response.Content.Encoding)))
			text = ""
		}
		if binding.IsEventStream(rs.Get("Content-Type")) {
			if !utf8.ValidString(text) {
				notes = append(notes, fmt.Sprintf("response body left out: %d bytes that are not UTF-8 text", len(text)))
				text = ""
			}
			var estimated bool
			rs.Stream, notes, estimated = harStream(text, started, respAt, endAt, e.Response.Error, ext, notes)
			if estimated {
				r.estimated[x] = true
			}
		} else {
			var why string
			rs.Body, why = replay.FitBody(text)
			if why != "" {
				notes = append(notes, "response body left out: "+why)
			}
		}
		if e.Response.Error != "" {
			notes = append(notes, "the browser reported: "+oneLine(e.Response.Error))
		}
		x.Response = rs
	}
	if ext != nil {
		// Notes of our own only arise when something did not fit.
		notes = append(append([]string(nil), ext.Notes...), notes...)
	}
	x.Notes = notes
	return x, nil
}

// validEntryExt reports whether an entry's _a2aplay field fits the
// participants read from the log.
func (r *harReader) validEntryExt(ext *harEntryExt) bool {
	_, from := r.byName[ext.From]
	_, to := r.byName[ext.To]
	if !from || !to || ext.Name == "" || !replay.ValidLine(ext.Name) ||
		!replay.ValidChannel(ext.Channel) {
		return false
	}
	for _, n := range ext.Notes {
		if !replay.ValidLine(n) {
			return false
		}
	}
	return true
}

// harStream splits an SSE body into frames. With exact times from the
// _a2aplay field it uses them. Otherwise it takes the status timestamps
// the frames carry ([timeFrames]), or, when they have none, spreads the
// frames evenly between the response and the end of the entry; it says
// which in a note and reports that the times are estimated.
func harStream(text string, started, respAt, endAt time.Time, browserErr string, ext *harEntryExt, notes []string) (*replay.Stream, []string, bool) {
	s := &replay.Stream{Frames: replay.SplitSSE(text)}
	for i := range s.Frames {
		var why string
		if s.Frames[i].Data, why = replay.FitFrameData(s.Frames[i].Data); why != "" {
			notes = append(notes, fmt.Sprintf("frame %d: %s", i+1, why))
		}
	}
	if ext != nil && len(ext.Frames) == len(s.Frames) {
		exact := true
		for i, at := range ext.Frames {
			t, ok := replay.ParseTime(at)
			exact = exact && ok
			s.Frames[i].At = t
		}
		if ext.End != nil {
			t, ok := replay.ParseTime(ext.End.At)
			exact = exact && ok && (ext.End.By == replay.EndServer || ext.End.By == replay.EndClient)
			s.End = &replay.StreamEnd{At: t, By: ext.End.By}
		}
		if exact {
			return s, notes, false
		}
		s.End = nil
	}
	by := replay.EndServer
	if strings.Contains(strings.ToUpper(browserErr), "ABORT") {
		by = replay.EndClient
	}
	s.End = &replay.StreamEnd{At: endAt, By: by}
	n := len(s.Frames)
	if n == 0 {
		if text == "" {
			notes = append(notes, "The HAR holds no body for this stream.")
		}
		return s, notes, false
	}
	if k := timeFrames(s.Frames, started, respAt, endAt); k > 0 {
		notes = append(notes, fmt.Sprintf("The HAR has no time for each frame: the frames are placed at the status timestamps they carry (%d of %d), "+
			"a frame without one just after the frame before it, and the stream is taken to be closed by the %s at the end of the entry.", k, n, by))
		return s, notes, true
	}
	span := endAt.Sub(respAt)
	for i := range s.Frames {
		step := time.Duration(float64(span) * float64(i+1) / float64(n+1))
		s.Frames[i].At = respAt.Add(step).Truncate(time.Millisecond)
	}
	notes = append(notes, fmt.Sprintf("The HAR has no time for each frame: the %d frames are spread evenly between the response and the end of the entry, "+
		"and the stream is taken to be closed by the %s then.", n, by))
	return s, notes, true
}

// transcriptHeaders keeps the headers a transcript can hold and names the
// others. HTTP/2 pseudo-headers (":authority") repeat the request line
// and are dropped without a word.
func transcriptHeaders(h []NameValue) ([]replay.Header, []string) {
	var out []replay.Header
	var dropped []string
	for _, f := range h {
		switch {
		case strings.HasPrefix(f.Name, ":"):
		case !replay.ValidHeaderName(f.Name) || !replay.ValidLine(f.Value):
			dropped = append(dropped, replay.Quote(f.Name))
		default:
			out = append(out, replay.Header(f))
		}
	}
	return out, dropped
}

// harProto turns a HAR httpVersion ("http/1.1", "h2", "HTTP/2.0") into a
// transcript's ("HTTP/1.1", "HTTP/2", "HTTP/2.0").
func harProto(v, fallback string) string {
	switch u := strings.ToUpper(v); {
	case replay.ValidProto(u):
		return u
	case u == "H2" || u == "H2C":
		return "HTTP/2"
	case u == "H3" || strings.HasPrefix(u, "H3-"):
		return "HTTP/3"
	}
	return fallback
}

// oneLine makes s fit one line of a transcript.
func oneLine(s string) string {
	s = strings.ToValidUTF8(s, "\ufffd")
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// harExchangeName names an exchange after the A2A call it is
// ([replay.Call]); a request outside A2A is named by the operator's verb
// in its path when it is a POST, and else by its method and path.
func harExchangeName(rq *replay.Request, u *url.URL) (string, replay.Channel) {
	p := u.EscapedPath()
	if name, ok := replay.Call(rq.Method, p, []byte(rq.Body)); ok {
		return name, replay.ChannelA2A
	}
	if rq.Method == "POST" {
		segs := strings.Split(strings.Trim(p, "/"), "/")
		for i := len(segs) - 1; i >= 0; i-- {
			if s := strings.ToLower(segs[i]); replay.OperatorVerb(s) {
				return s, replay.ChannelOutOfBand
			}
		}
	}
	if p == "" {
		p = "/"
	}
	return rq.Method + " " + p, replay.ChannelOutOfBand
}
