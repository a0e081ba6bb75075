package replay

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// A HARError reports a HAR file whose JSON is well formed but does not
// hold what [ReadHAR] needs. It reads "name: entries[3].request.url: msg",
// where the path names the field from the log object down; array indices
// count from 0, as in the file.
type HARError struct {
	Name string // the name given to ReadHAR, usually a file name
	Path string // the field, such as "entries[3].request.url"
	Msg  string // what was expected and what was found
}

func (e *HARError) Error() string { return fmt.Sprintf("%s: %s: %s", e.Name, e.Path, e.Msg) }

// The custom field that carries, in a HAR file, what HAR has no place
// for: participants, names, channels, notes and exact times.
const harExtField = "_a2aplay"

// harLogExt is the log's _a2aplay field.
type harLogExt struct {
	Format       int              `json:"format"`
	Title        string           `json:"title,omitempty"`
	Notes        []string         `json:"notes,omitempty"`
	Participants []harParticipant `json:"participants"`
}

type harParticipant struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

// harEntryExt is an entry's _a2aplay field.
type harEntryExt struct {
	Name       string   `json:"name"`
	From       string   `json:"from"`
	To         string   `json:"to"`
	Channel    Channel  `json:"channel,omitempty"`
	Notes      []string `json:"notes,omitempty"`
	ResponseAt string   `json:"responseAt,omitempty"`
	Frames     []string `json:"frames,omitempty"` // the time of each frame
	End        *harEnd  `json:"end,omitempty"`
}

type harEnd struct {
	At string `json:"at"`
	By string `json:"by"`
}

// The HAR 1.2 objects as WriteHAR writes them, with every field the
// specification requires.
type (
	harOut struct {
		Log harLogOut `json:"log"`
	}
	harLogOut struct {
		Version string         `json:"version"`
		Creator harNameVersion `json:"creator"`
		Pages   []harPageOut   `json:"pages,omitempty"`
		Entries []harEntryOut  `json:"entries"`
		Ext     *harLogExt     `json:"_a2aplay,omitempty"`
	}
	harNameVersion struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	harPageOut struct {
		StartedDateTime string         `json:"startedDateTime"`
		ID              string         `json:"id"`
		Title           string         `json:"title"`
		PageTimings     harPageTimings `json:"pageTimings"`
	}
	harPageTimings struct {
		OnContentLoad float64 `json:"onContentLoad"`
		OnLoad        float64 `json:"onLoad"`
	}
	harEntryOut struct {
		Pageref         string         `json:"pageref,omitempty"`
		StartedDateTime string         `json:"startedDateTime"`
		Time            float64        `json:"time"`
		Request         harRequestOut  `json:"request"`
		Response        harResponseOut `json:"response"`
		Cache           struct{}       `json:"cache"`
		Timings         harTimingsOut  `json:"timings"`
		ResourceType    string         `json:"_resourceType,omitempty"`
		Ext             *harEntryExt   `json:"_a2aplay,omitempty"`
	}
	harNV struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	harRequestOut struct {
		Method      string       `json:"method"`
		URL         string       `json:"url"`
		HTTPVersion string       `json:"httpVersion"`
		Cookies     []harNV      `json:"cookies"`
		Headers     []harNV      `json:"headers"`
		QueryString []harNV      `json:"queryString"`
		PostData    *harPostData `json:"postData,omitempty"`
		HeadersSize int          `json:"headersSize"`
		BodySize    int          `json:"bodySize"`
	}
	harPostData struct {
		MimeType string `json:"mimeType"`
		Text     string `json:"text"`
	}
	harResponseOut struct {
		Status      int           `json:"status"`
		StatusText  string        `json:"statusText"`
		HTTPVersion string        `json:"httpVersion"`
		Cookies     []harNV       `json:"cookies"`
		Headers     []harNV       `json:"headers"`
		Content     harContentOut `json:"content"`
		RedirectURL string        `json:"redirectURL"`
		HeadersSize int           `json:"headersSize"`
		BodySize    int           `json:"bodySize"`
		Error       string        `json:"_error,omitempty"`
	}
	harContentOut struct {
		Size     int    `json:"size"`
		MimeType string `json:"mimeType"`
		Text     string `json:"text,omitempty"`
	}
	harTimingsOut struct {
		Blocked float64 `json:"blocked"`
		DNS     float64 `json:"dns"`
		Connect float64 `json:"connect"`
		Send    float64 `json:"send"`
		Wait    float64 `json:"wait"`
		Receive float64 `json:"receive"`
		SSL     float64 `json:"ssl"`
	}
)

// The parts of a HAR file that ReadHAR reads.
type (
	harIn struct {
		Log *harLogIn `json:"log"`
	}
	harLogIn struct {
		Pages   []harPageIn        `json:"pages"`
		Entries *[]json.RawMessage `json:"entries"`
		Ext     json.RawMessage    `json:"_a2aplay"`
	}
	harPageIn struct {
		Title string `json:"title"`
	}
	harEntryIn struct {
		StartedDateTime string   `json:"startedDateTime"`
		Time            *float64 `json:"time"`
		Request         struct {
			Method      string  `json:"method"`
			URL         string  `json:"url"`
			HTTPVersion string  `json:"httpVersion"`
			Headers     []harNV `json:"headers"`
			PostData    *struct {
				Text string `json:"text"`
			} `json:"postData"`
		} `json:"request"`
		Response struct {
			Status      float64 `json:"status"`
			StatusText  string  `json:"statusText"`
			HTTPVersion string  `json:"httpVersion"`
			Headers     []harNV `json:"headers"`
			Content     struct {
				Text     string `json:"text"`
				Encoding string `json:"encoding"`
				MimeType string `json:"mimeType"`
			} `json:"content"`
			Error string `json:"_error"`
		} `json:"response"`
		Timings struct {
			Blocked float64 `json:"blocked"`
			DNS     float64 `json:"dns"`
			Connect float64 `json:"connect"`
			Send    float64 `json:"send"`
			Wait    float64 `json:"wait"`
		} `json:"timings"`
		ResourceType string          `json:"_resourceType"`
		Ext          json.RawMessage `json:"_a2aplay"`
	}
)

// WriteHAR writes t as a HAR 1.2 log that browser developer tools open:
// one entry per exchange, with stream bodies as their SSE text. What HAR
// has no field for (participants, exchange names, channels, notes, the
// time of each frame and the stream's end) travels in "_a2aplay" custom
// fields, so that [ReadHAR] gives t back. WriteHAR refuses what [Write]
// refuses, with the same error.
func WriteHAR(w io.Writer, t *Transcript) error {
	b, err := MarshalHAR(t)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// MarshalHAR returns t as HAR, as [WriteHAR] writes it.
func MarshalHAR(t *Transcript) ([]byte, error) {
	if err := check(t); err != nil {
		return nil, err
	}
	out := harOut{Log: harLogOut{
		Version: "1.2",
		Creator: harNameVersion{Name: "a2aplay", Version: strconv.Itoa(Version)},
		Entries: []harEntryOut{},
		Ext:     &harLogExt{Format: Version, Title: t.Title, Notes: t.Notes, Participants: []harParticipant{}},
	}}
	for _, p := range t.Participants {
		out.Log.Ext.Participants = append(out.Log.Ext.Participants, harParticipant(p))
	}
	if len(t.Exchanges) > 0 {
		title := t.Title
		if title == "" {
			title = "a2aplay transcript"
		}
		out.Log.Pages = []harPageOut{{
			StartedDateTime: formatTime(t.Exchanges[0].Request.At),
			ID:              "page_1",
			Title:           title,
			PageTimings:     harPageTimings{OnContentLoad: -1, OnLoad: -1},
		}}
	}
	for _, x := range t.Exchanges {
		out.Log.Entries = append(out.Log.Entries, harEntry(x))
	}
	b, err := indentJSON(out)
	if err != nil {
		return nil, fmt.Errorf("replay: HAR: %w", err)
	}
	return b, nil
}

func harEntry(x *Exchange) harEntryOut {
	rq := &x.Request
	e := harEntryOut{
		Pageref:         "page_1",
		StartedDateTime: formatTime(rq.At),
		Request: harRequestOut{
			Method:      rq.Method,
			URL:         rq.URL,
			HTTPVersion: rq.Proto,
			Cookies:     []harNV{},
			Headers:     harHeaders(rq.Header),
			QueryString: queryString(rq.URL),
			HeadersSize: -1,
			BodySize:    len(rq.Body),
		},
		Response: harResponseOut{
			Cookies:     []harNV{},
			Headers:     []harNV{},
			Content:     harContentOut{MimeType: "x-unknown"},
			HeadersSize: -1,
			BodySize:    -1,
		},
		Timings:      harTimingsOut{Blocked: -1, DNS: -1, Connect: -1, SSL: -1},
		ResourceType: "fetch",
		Ext:          &harEntryExt{Name: x.Name, From: x.From, To: x.To, Channel: x.Channel, Notes: x.Notes},
	}
	if rq.Body != "" {
		e.Request.PostData = &harPostData{MimeType: rq.Get("Content-Type"), Text: rq.Body}
	}
	rs := x.Response
	if rs == nil {
		return e
	}
	e.Ext.ResponseAt = formatTime(rs.At)
	last := rs.At
	if rs.Err != "" {
		e.Response.Error = rs.Err
	} else {
		e.Response.Status = rs.StatusCode
		e.Response.StatusText = rs.Status
		e.Response.HTTPVersion = rs.Proto
		e.Response.Headers = harHeaders(rs.Header)
		e.Response.RedirectURL = rs.Get("Location")
		if ct := rs.Get("Content-Type"); ct != "" {
			e.Response.Content.MimeType = ct
		}
		body := rs.Body
		if s := rs.Stream; s != nil {
			var b strings.Builder
			e.Ext.Frames = []string{}
			for _, f := range s.Frames {
				if f.ID != "" {
					b.WriteString(sseLine("id", f.ID))
				}
				if f.Event != "" {
					b.WriteString(sseLine("event", f.Event))
				}
				for _, d := range strings.Split(f.Data, "\n") {
					b.WriteString(sseLine("data", d))
				}
				b.WriteString("\n")
				e.Ext.Frames = append(e.Ext.Frames, formatTime(f.At))
				last = later(last, f.At)
			}
			if s.End != nil {
				e.Ext.End = &harEnd{At: formatTime(s.End.At), By: s.End.By}
				last = later(last, s.End.At)
			}
			body = b.String()
		}
		e.Response.Content.Size = len(body)
		e.Response.Content.Text = body
		e.Response.BodySize = len(body)
	}
	wait := max(rs.At.Sub(rq.At), 0)
	total := max(last.Sub(rq.At), wait)
	e.Timings.Wait = msFloat(wait)
	e.Timings.Receive = msFloat(total - wait)
	e.Time = msFloat(total)
	return e
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

func msFloat(d time.Duration) float64 { return float64(d / time.Millisecond) }

func harHeaders(h []Header) []harNV {
	out := []harNV{}
	for _, f := range h {
		out = append(out, harNV(f))
	}
	return out
}

// queryString lists the query parameters of u in order.
func queryString(u string) []harNV {
	out := []harNV{}
	_, q, ok := strings.Cut(u, "?")
	if !ok {
		return out
	}
	q, _, _ = strings.Cut(q, "#")
	for _, kv := range strings.Split(q, "&") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		if uk, err := url.QueryUnescape(k); err == nil {
			k = uk
		}
		if uv, err := url.QueryUnescape(v); err == nil {
			v = uv
		}
		out = append(out, harNV{Name: k, Value: v})
	}
	return out
}

// ReadHAR reads a HAR log, such as a browser's saved network log, into a
// Transcript. See the package documentation for what it derives and how.
// Malformed JSON gives a [*SyntaxError] naming the line; JSON that is not
// a HAR log gives a [*HARError] naming the field.
func ReadHAR(data []byte, name string) (*Transcript, error) {
	return ReadHARWith(data, name, HAROptions{})
}

// ReadHARWith is [ReadHAR] with options.
func ReadHARWith(data []byte, name string, opts HAROptions) (*Transcript, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var f harIn
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, harDecodeError(name, data, data, "", err)
	}
	if f.Log == nil {
		return nil, &HARError{name, "log", "expected the log object, found nothing"}
	}
	if f.Log.Entries == nil {
		return nil, &HARError{name, "entries", "expected an array of entries, found nothing"}
	}
	r := &harReader{name: name, t: &Transcript{}, byName: map[string]string{}, byAgent: map[int]string{}, estimated: map[*Exchange]bool{}}
	type item struct {
		index   int
		e       *harEntryIn
		started time.Time
	}
	var items []item
	for i, raw := range *f.Log.Entries {
		e := &harEntryIn{}
		if err := json.Unmarshal(raw, e); err != nil {
			return nil, harDecodeError(name, data, raw, fmt.Sprintf("entries[%d]", i), err)
		}
		u, err := url.Parse(e.Request.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			if err == nil && u.Scheme != "" {
				continue // data:, blob:, ws: and the like are not HTTP exchanges
			}
			return nil, &HARError{name, fmt.Sprintf("entries[%d].request.url", i),
				fmt.Sprintf("expected an absolute URL, found %s", quote(e.Request.URL))}
		}
		started, err := time.Parse(time.RFC3339Nano, e.StartedDateTime)
		if err == nil {
			started = started.UTC().Truncate(time.Millisecond)
		}
		if err != nil || timeProblem(started) != "" {
			return nil, &HARError{name, fmt.Sprintf("entries[%d].startedDateTime", i),
				fmt.Sprintf(`expected a date and time like "2026-10-06T09:00:00.000Z", found %s`, quote(e.StartedDateTime))}
		}
		items = append(items, item{i, e, started})
	}
	sort.SliceStable(items, func(a, b int) bool { return items[a].started.Before(items[b].started) })

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
			name, ch := harExchangeName(&Request{Method: it.e.Request.Method, Body: body}, u)
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
	}
	if len(leftOut) > 0 {
		r.t.Notes = append(r.t.Notes, leftOutNote(leftOut))
	}
	orderCauses(r.t, r.estimated)
	if err := check(r.t); err != nil {
		// Every value above is made to fit; this is a bug, not bad input.
		return nil, &HARError{name, "entries", fmt.Sprintf("cannot be held in a transcript: %v", err)}
	}
	return r.t, nil
}

// harDecodeError turns an encoding/json error into a *SyntaxError or a
// *HARError. value is the JSON being decoded, a part of data, and prefix
// its path.
func harDecodeError(name string, data, value []byte, prefix string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := min(max(se.Offset, 0), int64(len(data)))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		return &SyntaxError{name, line, "expected JSON, found an error: " + se.Error()}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		path := prefix
		if te.Field != "" {
			// encoding/json names the field without array indices
			// ("request.headers.value"): find the element at fault.
			field := te.Field
			if where, ok := locateType(value, strings.Split(te.Field, "."), te.Type); ok {
				field = strings.TrimPrefix(where, ".")
			}
			field = strings.TrimPrefix(field, "log.")
			if path == "" {
				path = field
			} else {
				path += "." + field
			}
		}
		if path == "" {
			path = "log"
		}
		return &HARError{name, path, fmt.Sprintf("expected %s, found %s", jsonKind(te.Type), te.Value)}
	}
	if prefix == "" {
		prefix = "log"
	}
	return &HARError{name, prefix, err.Error()}
}

// locateType finds, in the JSON data, the first value on the path of
// field names that does not decode into want, and returns its path with
// array indices (".request.headers[3].value").
func locateType(data []byte, fields []string, want reflect.Type) (string, bool) {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return "", false
	}
	return locate(v, fields, want)
}

func locate(v any, fields []string, want reflect.Type) (string, bool) {
	if arr, ok := v.([]any); ok && (len(fields) > 0 || want.Kind() != reflect.Slice) {
		for i, el := range arr {
			if p, ok := locate(el, fields, want); ok {
				return fmt.Sprintf("[%d]%s", i, p), true
			}
		}
		// At the end of the path, the array itself is at fault: an
		// array where a string or an object belongs.
		return "", len(fields) == 0
	}
	if len(fields) == 0 {
		return "", !decodesInto(v, want)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	child, ok := obj[fields[0]]
	if !ok {
		// encoding/json matches keys without regard to case.
		for k, c := range obj {
			if strings.EqualFold(k, fields[0]) {
				child, ok = c, true
				break
			}
		}
	}
	if !ok {
		return "", false
	}
	p, ok := locate(child, fields[1:], want)
	return "." + fields[0] + p, ok
}

// decodesInto reports whether the JSON value v decodes into type t.
func decodesInto(v any, t reflect.Type) bool {
	if v == nil {
		return true
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch v.(type) {
	case string:
		return t.Kind() == reflect.String || t.Kind() == reflect.Interface
	case float64:
		return t.Kind() == reflect.Float64 || t.Kind() == reflect.Int || t.Kind() == reflect.Interface
	case bool:
		return t.Kind() == reflect.Bool || t.Kind() == reflect.Interface
	case []any:
		return t.Kind() == reflect.Slice || t.Kind() == reflect.Interface
	case map[string]any:
		return t.Kind() == reflect.Struct || t.Kind() == reflect.Map || t.Kind() == reflect.Interface
	}
	return false
}

// jsonKind names the JSON kind a Go type is decoded from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Float64, reflect.Int:
		return "a number"
	case reflect.Slice:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another kind of value"
}

type harReader struct {
	name    string
	t       *Transcript
	byName  map[string]string // participant name -> URL
	logExt  bool              // participants came from the log's _a2aplay field
	agents  Agents
	byAgent map[int]string // agent number (Agents.Lookup) -> participant
	// estimated holds the streams whose frame times the HAR did not give.
	estimated map[*Exchange]bool
}

// useLogExt takes the participants of the log's _a2aplay field, if they
// are valid.
func (r *harReader) useLogExt(ext *harLogExt) bool {
	if ext.Format != Version || lineProblem(ext.Title) != "" {
		return false
	}
	for _, n := range ext.Notes {
		if lineProblem(n) != "" {
			return false
		}
	}
	seen := map[string]bool{}
	for _, p := range ext.Participants {
		if !validName(p.Name) || seen[p.Name] || (p.URL != "" && !validURL(p.URL)) {
			return false
		}
		seen[p.Name] = true
	}
	for _, p := range ext.Participants {
		r.add(Participant(p))
	}
	return true
}

func (r *harReader) add(p Participant) {
	r.t.Participants = append(r.t.Participants, p)
	r.byName[p.Name] = p.URL
}

// client returns the participant that stands for the browser page.
func (r *harReader) client() string {
	if _, ok := r.byName["client"]; !ok {
		r.add(Participant{Name: "client"})
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
	name := NameFor(card, base)
	for n, stem := 2, name; ; n++ {
		if _, taken := r.byName[name]; !taken {
			break
		}
		name = stem + "-" + strconv.Itoa(n)
	}
	r.add(Participant{Name: name, URL: base})
	r.byAgent[id] = name
	return name
}

// NameFor returns a participant name for an agent: the name its agent
// card gives, made a word of lower-case letters, digits, ".", "_" and
// "-", or when that is empty a name from its URL: the first label of the
// host name, or "agent-PORT" for localhost and IP addresses.
func NameFor(cardName, agentURL string) string {
	if n := sanitizeName(cardName); n != "" {
		return n
	}
	u, err := url.Parse(agentURL)
	if err != nil {
		return "agent"
	}
	return hostName(u)
}

// hostName names a server after its host: the first label of a host
// name, or "agent-PORT" for localhost and IP addresses.
func hostName(u *url.URL) string {
	host := u.Hostname()
	if _, err := netip.ParseAddr(host); err == nil || strings.EqualFold(host, "localhost") || host == "" {
		port := u.Port()
		if port == "" {
			port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
		}
		return "agent-" + port
	}
	label, _, _ := strings.Cut(host, ".")
	if n := sanitizeName(label); n != "" {
		return n
	}
	return "agent"
}

// sanitizeName makes a participant name of s: lower case, runs of other
// characters replaced by "-".
func sanitizeName(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if c < utf8.RuneSelf && validName(string(c)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	out := b.String()
	if len(out) > 40 {
		out = out[:40]
	}
	return out
}

// noteCard learns the agent of an agent card fetched in the log.
func (r *harReader) noteCard(e *harEntryIn) {
	u, err := url.Parse(e.Request.URL)
	if err != nil || e.Request.Method != "GET" || !isCardPath(u.Path) ||
		e.Response.Status < 200 || e.Response.Status > 299 {
		return
	}
	body, ok := contentText(e.Response.Content.Text, e.Response.Content.Encoding)
	if !ok {
		return
	}
	r.agents.AddCard(e.Request.URL, []byte(body))
}

func isCardPath(p string) bool {
	return strings.HasSuffix(p, "/.well-known/agent-card.json") || strings.HasSuffix(p, "/.well-known/agent.json")
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

func (r *harReader) exchange(i int, e *harEntryIn, started time.Time) (*Exchange, error) {
	path := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
	u, _ := url.Parse(e.Request.URL) // parsed before
	if !validURL(e.Request.URL) {
		return nil, &HARError{r.name, path("request.url"),
			fmt.Sprintf("expected an absolute http or https URL without spaces, found %s", quote(e.Request.URL))}
	}
	if !validHeaderName(e.Request.Method) {
		return nil, &HARError{r.name, path("request.method"), fmt.Sprintf("expected an HTTP method, found %s", quote(e.Request.Method))}
	}
	x := &Exchange{Seq: len(r.t.Exchanges) + 1}
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
		rq.Body, why = FitBody(e.Request.PostData.Text)
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
		if t, ok := parseTime(ext.ResponseAt); ok {
			respAt = t
		}
	}
	if timeProblem(endAt) != "" {
		return nil, &HARError{r.name, path("time"), "expected times before the year 10000"}
	}

	status := e.Response.Status
	switch {
	case status == 0 && e.Response.Error == "":
		// No reply was seen.
	case status == 0:
		x.Response = &Response{At: respAt, Err: oneLine(e.Response.Error)}
	case status != float64(int(status)) || status < 100 || status > 599:
		return nil, &HARError{r.name, path("response.status"),
			fmt.Sprintf("expected a status code from 100 to 599, or 0 for no response, found %v", status)}
	default:
		rs := &Response{
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
			return nil, &HARError{r.name, path("response.content.text"), "expected base64 text, as content.encoding says, found other text"}
		case !ok:
			notes = append(notes, fmt.Sprintf("response body left out: its encoding %s is not known", quote(e.Response.Content.Encoding)))
			text = ""
		}
		if isEventStream(rs.Get("Content-Type")) {
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
			rs.Body, why = FitBody(text)
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
	if !from || !to || ext.Name == "" || lineProblem(ext.Name) != "" ||
		(ext.Channel != ChannelA2A && ext.Channel != ChannelOutOfBand) {
		return false
	}
	for _, n := range ext.Notes {
		if lineProblem(n) != "" {
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
func harStream(text string, started, respAt, endAt time.Time, browserErr string, ext *harEntryExt, notes []string) (*Stream, []string, bool) {
	s := &Stream{Frames: splitSSE(text)}
	if ext != nil && len(ext.Frames) == len(s.Frames) {
		exact := true
		for i, at := range ext.Frames {
			t, ok := parseTime(at)
			exact = exact && ok
			s.Frames[i].At = t
		}
		if ext.End != nil {
			t, ok := parseTime(ext.End.At)
			exact = exact && ok && (ext.End.By == EndServer || ext.End.By == EndClient)
			s.End = &StreamEnd{At: t, By: ext.End.By}
		}
		if exact {
			return s, notes, false
		}
		s.End = nil
	}
	by := EndServer
	if strings.Contains(strings.ToUpper(browserErr), "ABORT") {
		by = EndClient
	}
	s.End = &StreamEnd{At: endAt, By: by}
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
func transcriptHeaders(h []harNV) ([]Header, []string) {
	var out []Header
	var dropped []string
	for _, f := range h {
		switch {
		case strings.HasPrefix(f.Name, ":"):
		case !validHeaderName(f.Name) || lineProblem(f.Value) != "":
			dropped = append(dropped, quote(f.Name))
		default:
			out = append(out, Header(f))
		}
	}
	return out, dropped
}

// FitBody makes a body that came off the wire fit a transcript: line
// endings become "\n" and the line breaks at its end go. If it still does
// not fit (it is not UTF-8 text, or a line starts with "#"), the body is
// left out: FitBody returns "" and why, for a note.
func FitBody(text string) (body, why string) {
	if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return "", fmt.Sprintf("%d bytes that are not UTF-8 text", len(text))
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimRight(text, "\n")
	if msg := bodyProblem(text); msg != "" {
		return "", "body " + msg + ", which a transcript cannot hold"
	}
	return text, ""
}

// harProto turns a HAR httpVersion ("http/1.1", "h2", "HTTP/2.0") into a
// transcript's ("HTTP/1.1", "HTTP/2", "HTTP/2.0").
func harProto(v, fallback string) string {
	switch u := strings.ToUpper(v); {
	case validProto(u):
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

// harExchangeName names an exchange after its A2A method, from the
// JSON-RPC body or the HTTP+JSON route, and says whether it is A2A.
func harExchangeName(rq *Request, u *url.URL) (string, Channel) {
	p := u.EscapedPath()
	if rq.Method == "GET" && isCardPath(p) {
		return "GetAgentCard", ChannelA2A
	}
	var rpc struct {
		JSONRPC string `json:"jsonrpc"`
		Method  string `json:"method"`
	}
	if rq.Method == "POST" && json.Unmarshal([]byte(rq.Body), &rpc) == nil &&
		rpc.JSONRPC == "2.0" && rpc.Method != "" && lineProblem(rpc.Method) == "" && len(rpc.Method) <= 100 {
		return rpc.Method, ChannelA2A
	}
	segs := strings.Split(strings.Trim(p, "/"), "/")
	last := segs[len(segs)-1]
	inTasks := len(segs) >= 2 && segs[len(segs)-2] == "tasks"
	switch {
	case rq.Method == "POST" && last == "message:send":
		return "SendMessage", ChannelA2A
	case rq.Method == "POST" && last == "message:stream":
		return "SendStreamingMessage", ChannelA2A
	case inTasks && strings.HasSuffix(last, ":subscribe") && (rq.Method == "GET" || rq.Method == "POST"):
		return "SubscribeToTask", ChannelA2A
	case inTasks && strings.HasSuffix(last, ":cancel") && rq.Method == "POST":
		return "CancelTask", ChannelA2A
	case inTasks && !strings.Contains(last, ":") && rq.Method == "GET":
		return "GetTask", ChannelA2A
	case last == "tasks" && rq.Method == "GET":
		return "ListTasks", ChannelA2A
	case last == "extendedAgentCard" && rq.Method == "GET":
		return "GetExtendedAgentCard", ChannelA2A
	}
	if rq.Method == "POST" {
		for _, s := range segs {
			if s == "approve" || s == "refuse" {
				return s, ChannelOutOfBand
			}
		}
	}
	if p == "" {
		p = "/"
	}
	return rq.Method + " " + p, ChannelOutOfBand
}
