package record

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// agentFunc is a RoundTripper that answers as a fuzzed agent would.
type agentFunc func(*http.Request) (*http.Response, error)

func (f agentFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// FuzzRecorder sends one request through the proxy to an agent that
// answers anything at all, cut into chunks anywhere, then stops the
// recording: nothing panics, and the file always parses with the
// exchange in it.
func FuzzRecorder(f *testing.F) {
	f.Add("POST", "/a/", `{"jsonrpc":"2.0","id":1,"method":"SendMessage"}`, 200, "application/json", `{"url":"http://127.0.0.1:9999/x"}`, uint8(7))
	f.Add("GET", "/.well-known/agent-card.json", "", 200, "application/json", "#not json\r\n\x00", uint8(1))
	f.Add("POST", "/a/", "", 200, "text/event-stream; charset=utf-8", "id: 1\r\ndata: {\"a\":\"http:\\/\\/localhost:9999\"}\r\n\r\n: c\n\ndata: \xff\n\n", uint8(3))
	f.Add("GET", "/x", "\x00#", 999, "text/event-stream", "data", uint8(0))
	f.Add("POST", "/", `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"configuration":{"taskPushNotificationConfig":{"url":"http://127.0.0.1:7/h\u0022","token":"t"}}}}`, 200, "application/json", `{}`, uint8(5))
	f.Add("POST", "/_a2aplay/webhook/1", `{"statusUpdate":{}}`, 204, "", "", uint8(2))
	f.Fuzz(func(t *testing.T, method, path, reqBody string, status int, ctype, body string, chunk uint8) {
		if _, err := url.ParseRequestURI(path); err != nil || !strings.HasPrefix(path, "/") || strings.ContainsAny(path, " ?#%") || !isToken(method) {
			return // what an HTTP server would not hand to a handler
		}
		n := int(chunk)%16 + 1
		var out bytes.Buffer
		rec, err := New(Config{
			Agents:   []Agent{{Name: "agent", URL: "http://localhost:9999"}},
			Root:     "agent",
			ProxyURL: "http://localhost:8999",
			Out:      &out,
			Webhooks: true,
			Transport: agentFunc(func(r *http.Request) (*http.Response, error) {
				h := http.Header{}
				h.Set("Content-Type", ctype)
				return &http.Response{StatusCode: status, Status: "x", Header: h, Body: io.NopCloser(&chunker{s: body, n: n}), Request: r}, nil
			}),
		})
		if err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest(method, "http://localhost:8999"+path, strings.NewReader(reqBody))
		rec.ServeHTTP(httptest.NewRecorder(), req)
		rec.Close()
		tr, err := replay.Parse(out.Bytes(), "fuzz.http")
		if err != nil {
			t.Fatalf("the recording does not parse: %v\n%s", err, out.Bytes())
		}
		want := 1 - strings.Count(method[:1], "#")
		if strings.HasPrefix(path, receiverPath) {
			want = 0 // no push config named a receiver: 404, not recorded
		}
		if len(tr.Exchanges) != want {
			t.Fatalf("%d exchanges recorded, want %d:\n%s", len(tr.Exchanges), want, out.Bytes())
		}
	})
}

// A chunker reads a string n bytes at a time.
type chunker struct {
	s string
	n int
}

func (c *chunker) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[k:]
	return k, nil
}

// isToken reports whether s is an HTTP token, as a request method is.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`()<>@,;:\\"/[]?={}`, c) >= 0 {
			return false
		}
	}
	return true
}
