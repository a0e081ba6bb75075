package kittest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A Reply is an HTTP answer as a test reads it.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test when it is not JSON.
func (r Reply) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("%d reply is not the JSON wanted (%v): %s", r.Status, err, clip(r.Body))
	}
}

// RESTError is the google.rpc.Status an HTTP+JSON error carries (§11.6),
// with the reason of its ErrorInfo.
type RESTError struct {
	Code    int    `json:"code"`
	Status  string `json:"status"`
	Message string `json:"message"`
	Reason  string `json:"-"`
}

// RESTError decodes the body as an HTTP+JSON error; ok is false when it
// is not one.
func (r Reply) RESTError() (e RESTError, ok bool) {
	var body struct {
		Error *struct {
			RESTError
			Details []struct {
				Type   string `json:"@type"`
				Reason string `json:"reason"`
				Domain string `json:"domain"`
			} `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal(r.Body, &body) != nil || body.Error == nil {
		return RESTError{}, false
	}
	e = body.Error.RESTError
	for _, d := range body.Error.Details {
		if d.Type == "type.googleapis.com/google.rpc.ErrorInfo" && d.Domain == "a2a-protocol.org" {
			e.Reason = d.Reason
		}
	}
	return e, true
}

// Do sends a request with the A2A-Version: 1.0 header (and any header
// given as name, value pairs; an empty value removes one) and reads the
// whole answer. A body that is not nil is sent as JSON: []byte as it is,
// anything else marshaled.
func Do(t testing.TB, hc *http.Client, method, url string, body any, header ...string) Reply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, ok := body.([]byte)
		if !ok {
			var err error
			if b, err = json.Marshal(body); err != nil {
				t.Fatal(err)
			}
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("A2A-Version", "1.0")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i+1] == "" {
			req.Header.Del(header[i])
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", method, url, err)
	}
	return Reply{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// An RPCReply is a JSON-RPC response: Result, or Error.
type RPCReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
}

// RPC posts a JSON-RPC 2.0 request for method with params (marshaled;
// json.RawMessage as it is) to url, with A2A-Version: 1.0, and decodes
// the response, which must come as 200 with one JSON object.
func RPC(t testing.TB, hc *http.Client, url, method string, params any, header ...string) RPCReply {
	t.Helper()
	req := map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
	r := Do(t, hc, http.MethodPost, url, req, header...)
	if r.Status != http.StatusOK {
		t.Fatalf("%s: HTTP %d, want 200 (JSON-RPC errors travel in the body): %s", method, r.Status, clip(r.Body))
	}
	var out RPCReply
	r.JSON(t, &out)
	if (out.Error == nil) == (out.Result == nil) {
		t.Fatalf("%s: want exactly one of result and error: %s", method, clip(r.Body))
	}
	return out
}

func clip(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 600 {
		s = s[:600] + "…"
	}
	return s
}
