package browser

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A HARRecorder builds a HAR 1.2 log of a tab's network traffic from the
// DevTools protocol's Network events, the way Chromium's DevTools export
// it: one entry per request with Chromium's timings, its headers and
// bodies, "_resourceType" and, for a failed request, "_error". Like
// DevTools it has no time for each frame of an event stream: the body is
// the stream's whole text.
type HARRecorder struct {
	ctx context.Context

	mu      sync.Mutex
	order   []network.RequestID
	entries map[network.RequestID]*harEntry
}

type harEntry struct {
	req      *network.Request
	typ      network.ResourceType
	issued   float64 // monotonic seconds
	wall     float64 // seconds since the epoch, when issued
	resp     *network.Response
	respAt   float64
	finished float64
	failed   string
	done     bool
}

// RecordHAR enables the Network domain of the tab in ctx and records its
// traffic until ctx ends.
func RecordHAR(ctx context.Context) (*HARRecorder, error) {
	r := &HARRecorder{ctx: ctx, entries: map[network.RequestID]*harEntry{}}
	err := chromedp.Listen(ctx, func(ev any) {
		r.mu.Lock()
		defer r.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			if ev.RedirectResponse != nil {
				return // no redirects in what the tests drive
			}
			r.order = append(r.order, ev.RequestID)
			r.entries[ev.RequestID] = &harEntry{req: ev.Request, typ: ev.Type, issued: ev.Timestamp.Float64(), wall: ev.WallTime.Float64()}
		case *network.EventResponseReceived:
			if e := r.entries[ev.RequestID]; e != nil {
				e.resp, e.respAt = ev.Response, ev.Timestamp.Float64()
			}
		case *network.EventLoadingFinished:
			if e := r.entries[ev.RequestID]; e != nil {
				e.finished, e.done = ev.Timestamp.Float64(), true
			}
		case *network.EventLoadingFailed:
			if e := r.entries[ev.RequestID]; e != nil {
				e.finished, e.done, e.failed = ev.Timestamp.Float64(), true, ev.ErrorText
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return nil, err
	}
	return r, nil
}

// Wait waits until every request seen so far has finished or failed.
func (r *HARRecorder) Wait(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		r.mu.Lock()
		var open []string
		for _, id := range r.order {
			if e := r.entries[id]; !e.done {
				open = append(open, e.req.URL)
			}
		}
		r.mu.Unlock()
		if len(open) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("requests still open: %s", strings.Join(open, ", "))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// HAR returns the log of what was recorded, with the response bodies the
// browser still holds, indented.
func (r *HARRecorder) HAR(title string) ([]byte, error) {
	r.mu.Lock()
	order := append([]network.RequestID(nil), r.order...)
	r.mu.Unlock()
	out := har.File{Log: har.Log{Version: "1.2", Creator: har.Creator{Name: "a2aplay test (Chromium DevTools protocol)", Version: "1"}, Entries: []har.Entry{}}}
	for _, id := range order {
		r.mu.Lock()
		e := *r.entries[id]
		r.mu.Unlock()
		entry, err := r.entry(id, &e)
		if err != nil {
			return nil, err
		}
		out.Log.Entries = append(out.Log.Entries, entry)
	}
	if len(out.Log.Entries) > 0 {
		out.Log.Pages = []har.Page{{StartedDateTime: out.Log.Entries[0].StartedDateTime, ID: "page_1", Title: title, PageTimings: har.PageTimings{OnContentLoad: -1, OnLoad: -1}}}
	}
	return json.MarshalIndent(out, "", "  ")
}

func (r *HARRecorder) entry(id network.RequestID, e *harEntry) (har.Entry, error) {
	started := time.Unix(0, int64(e.wall*1e9)).UTC()
	x := har.Entry{
		Pageref:         "page_1",
		StartedDateTime: started.Format("2006-01-02T15:04:05.000Z"),
		ResourceType:    strings.ToLower(string(e.typ)),
		Request: har.Request{
			Method: e.req.Method, URL: e.req.URL, HTTPVersion: "http/1.1",
			Headers: headers(e.req.Headers), QueryString: []har.NameValue{}, Cookies: []har.NameValue{}, HeadersSize: -1,
		},
		Response: har.Response{Headers: []har.NameValue{}, Cookies: []har.NameValue{}, HeadersSize: -1, BodySize: -1, Content: har.Content{MimeType: "x-unknown"}},
	}
	if e.req.HasPostData {
		var body []byte
		for _, p := range e.req.PostDataEntries {
			body = append(body, p.Bytes...)
		}
		if len(body) == 0 {
			pd, err := chromedp.Call(r.ctx, network.GetRequestPostData, network.GetRequestPostDataParams{RequestID: id})
			if err == nil {
				body = pd.PostData
			}
		}
		x.Request.BodySize = len(body)
		x.Request.PostData = &har.PostData{MimeType: header(e.req.Headers, "Content-Type"), Text: string(body)}
	}
	x.Response.Error = e.failed
	timings := &x.Timings
	*timings = har.Timings{Blocked: -1, DNS: -1, Connect: -1, SSL: -1}
	end := e.finished
	if e.resp != nil {
		rs := e.resp
		proto := rs.Protocol
		if proto == "" {
			proto = "http/1.1"
		}
		x.Request.HTTPVersion = proto
		x.Response.Status, x.Response.StatusText, x.Response.HTTPVersion = int(rs.Status), rs.StatusText, proto
		x.Response.Headers = headers(rs.Headers)
		x.Response.RedirectURL = header(rs.Headers, "Location")
		x.Response.Content.MimeType = rs.MimeType
		if e.failed == "" {
			body, err := chromedp.Call(r.ctx, network.GetResponseBody, network.GetResponseBodyParams{RequestID: id})
			if err == nil {
				x.Response.Content.Size = len(body.Body)
				x.Response.BodySize = len(body.Body)
				if utf8.Valid(body.Body) {
					x.Response.Content.Text = string(body.Body)
				} else {
					x.Response.Content.Text = base64.StdEncoding.EncodeToString(body.Body)
					x.Response.Content.Encoding = "base64"
				}
			} else if !errors.Is(err, context.Canceled) {
				x.Response.Content.Size = 0 // a body the browser no longer holds, as DevTools shows it
			}
		}
		if t := rs.Timing; t != nil {
			queued := (t.RequestTime - e.issued) * 1000
			blockedEnd := firstNonNegative(t.DNSStart, t.ConnectStart, t.SendStart)
			timings.Blocked = ms(queued + blockedEnd)
			if t.DNSStart >= 0 {
				timings.DNS = ms(t.DNSEnd - t.DNSStart)
			}
			if t.ConnectStart >= 0 {
				timings.Connect = ms(t.ConnectEnd - t.ConnectStart)
			}
			if t.SslStart >= 0 {
				timings.SSL = ms(t.SslEnd - t.SslStart)
			}
			timings.Send = ms(t.SendEnd - t.SendStart)
			timings.Wait = ms(t.ReceiveHeadersEnd - t.SendEnd)
			if end > 0 {
				timings.Receive = ms((end-t.RequestTime)*1000 - t.ReceiveHeadersEnd)
			}
		} else if e.respAt > 0 {
			timings.Wait = ms((e.respAt - e.issued) * 1000)
			if end > 0 {
				timings.Receive = ms((end - e.respAt) * 1000)
			}
		}
	} else if end > 0 {
		timings.Wait = ms((end - e.issued) * 1000)
	}
	// The entry's time is the sum of its phases; ssl is a part of
	// connect.
	total := 0.0
	for _, f := range []float64{timings.Blocked, timings.DNS, timings.Connect, timings.Send, timings.Wait, timings.Receive} {
		total += max(f, 0)
	}
	x.Time = math.Round(total*1000) / 1000
	return x, nil
}

func ms(v float64) float64 { return math.Round(max(v, 0)*1000) / 1000 }

func firstNonNegative(vs ...float64) float64 {
	for _, v := range vs {
		if v >= 0 {
			return v
		}
	}
	return 0
}

// headers lists DevTools headers as HAR pairs, by name; a value holding
// several lines is one pair per line, as DevTools joins them.
func headers(h network.Headers) []har.NameValue {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Strings(names)
	out := []har.NameValue{}
	for _, n := range names {
		v, _ := h[n].(string)
		for _, line := range strings.Split(v, "\n") {
			out = append(out, har.NameValue{Name: n, Value: line})
		}
	}
	return out
}

func header(h network.Headers, name string) string {
	for n, v := range h {
		if strings.EqualFold(n, name) {
			s, _ := v.(string)
			return s
		}
	}
	return ""
}
