package har

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// Write writes t as a HAR 1.2 log that browser developer tools open:
// one entry per exchange, with stream bodies as their SSE text. What HAR
// has no field for (participants, exchange names, channels, notes, the
// time of each frame and the stream's end) travels in "_a2aplay" custom
// fields, so that [Read] gives t back. Write refuses what [Write]
// refuses, with the same error.
func Write(w io.Writer, t *replay.Transcript) error {
	b, err := Marshal(t)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Marshal returns t as HAR, as [Write] writes it.
func Marshal(t *replay.Transcript) ([]byte, error) {
	if err := replay.Validate(t); err != nil {
		return nil, err
	}
	out := File{Log: Log{
		Version: "1.2",
		Creator: Creator{Name: "a2aplay", Version: strconv.Itoa(replay.Version)},
		Entries: []Entry{},
		Ext:     &harLogExt{Format: replay.Version, Title: t.Title, Notes: t.Notes, Participants: []harParticipant{}},
	}}
	for _, p := range t.Participants {
		out.Log.Ext.Participants = append(out.Log.Ext.Participants, harParticipant(p))
	}
	if len(t.Exchanges) > 0 {
		title := t.Title
		if title == "" {
			title = "a2aplay transcript"
		}
		out.Log.Pages = []Page{{
			StartedDateTime: replay.FormatTime(t.Exchanges[0].Request.At),
			ID:              "page_1",
			Title:           title,
			PageTimings:     PageTimings{OnContentLoad: -1, OnLoad: -1},
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

func harEntry(x *replay.Exchange) Entry {
	rq := &x.Request
	e := Entry{
		Pageref:         "page_1",
		StartedDateTime: replay.FormatTime(rq.At),
		Request: Request{
			Method:      rq.Method,
			URL:         rq.URL,
			HTTPVersion: rq.Proto,
			Cookies:     []NameValue{},
			Headers:     harHeaders(rq.Header),
			QueryString: queryString(rq.URL),
			HeadersSize: -1,
			BodySize:    len(rq.Body),
		},
		Response: Response{
			Cookies:     []NameValue{},
			Headers:     []NameValue{},
			Content:     Content{MimeType: "x-unknown"},
			HeadersSize: -1,
			BodySize:    -1,
		},
		Timings:      Timings{Blocked: -1, DNS: -1, Connect: -1, SSL: -1},
		ResourceType: "fetch",
		Ext:          &harEntryExt{Name: x.Name, From: x.From, To: x.To, Channel: x.Channel, Notes: x.Notes},
	}
	if rq.Body != "" {
		e.Request.PostData = &PostData{MimeType: rq.Get("Content-Type"), Text: rq.Body}
	}
	rs := x.Response
	if rs == nil {
		return e
	}
	e.Ext.ResponseAt = replay.FormatTime(rs.At)
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
			for i := range s.Frames {
				f := &s.Frames[i]
				replay.WriteFrame(&b, f)
				b.WriteString("\n")
				e.Ext.Frames = append(e.Ext.Frames, replay.FormatTime(f.At))
				last = later(last, f.At)
			}
			if s.End != nil {
				e.Ext.End = &harEnd{At: replay.FormatTime(s.End.At), By: s.End.By}
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

func harHeaders(h []replay.Header) []NameValue {
	out := []NameValue{}
	for _, f := range h {
		out = append(out, NameValue(f))
	}
	return out
}

// queryString lists the query parameters of u in order.
func queryString(u string) []NameValue {
	out := []NameValue{}
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
		out = append(out, NameValue{Name: k, Value: v})
	}
	return out
}

// indentJSON encodes v the way a2aplay writes its JSON files: indented
// with two spaces, "<", ">" and "&" as they are, and a final newline.
func indentJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
