package agents

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/google/go-cmp/cmp"
)

func TestCards(t *testing.T) {
	k := NewKit(KitConfig{})
	defer k.Close()
	tests := []struct {
		agent *Agent
		name  string
		url   string
	}{
		{k.Planner, PlannerName, "http://localhost:41241"},
		{k.Reviewer, ReviewerName, "http://localhost:41242"},
		{k.Deployer, DeployerName, "http://localhost:41243"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			tt.agent.Handler().ServeHTTP(w, httptest.NewRequest("GET", CardPath, nil))
			if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
				t.Fatalf("GET card: %d %s", w.Code, w.Header().Get("Content-Type"))
			}
			var card a2a.AgentCard
			if err := json.Unmarshal(w.Body.Bytes(), &card); err != nil {
				t.Fatalf("card: %v", err)
			}
			if card.Name != tt.name || !card.Capabilities.Streaming || len(card.Skills) == 0 || card.Version == "" || card.Description == "" {
				t.Errorf("card %+v", card)
			}
			want := []*a2a.AgentInterface{
				{URL: tt.url + "/", ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: "1.0"},
				{URL: tt.url + "/rest", ProtocolBinding: a2a.TransportProtocolHTTPJSON, ProtocolVersion: "1.0"},
			}
			if servesV03 {
				want = append(want,
					&a2a.AgentInterface{URL: tt.url + "/", ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: "0.3"},
					&a2a.AgentInterface{URL: tt.url, ProtocolBinding: a2a.TransportProtocolHTTPJSON, ProtocolVersion: "0.3"})
			}
			if diff := cmp.Diff(want, card.SupportedInterfaces); diff != "" {
				t.Errorf("interfaces (-want +got):\n%s", diff)
			}
			// The 0.3 members of the union card: 0.3 clients read these.
			var v03 struct {
				URL                  string `json:"url"`
				ProtocolVersion      string `json:"protocolVersion"`
				PreferredTransport   string `json:"preferredTransport"`
				AdditionalInterfaces []struct {
					URL       string `json:"url"`
					Transport string `json:"transport"`
				} `json:"additionalInterfaces"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &v03); err != nil {
				t.Fatal(err)
			}
			if servesV03 && (v03.URL != tt.url+"/" || v03.ProtocolVersion != "0.3" || v03.PreferredTransport != "JSONRPC" ||
				len(v03.AdditionalInterfaces) != 1 || v03.AdditionalInterfaces[0].URL != tt.url || v03.AdditionalInterfaces[0].Transport != "HTTP+JSON") {
				t.Errorf("0.3 members of the card: %+v", v03)
			}
			legacy := httptest.NewRecorder()
			tt.agent.Handler().ServeHTTP(legacy, httptest.NewRequest("GET", LegacyCardPath, nil))
			if legacy.Code != http.StatusOK || !bytes.Equal(legacy.Body.Bytes(), w.Body.Bytes()) {
				t.Errorf("GET %s: %d, not the card at %s", LegacyCardPath, legacy.Code, CardPath)
			}
			if got := w.Header().Get("Access-Control-Allow-Origin"); got != "*" {
				t.Errorf("card CORS origin %q, want *", got)
			}
			if got := w.Header().Get("Access-Control-Allow-Credentials"); got != "" {
				t.Errorf("card allows credentials: %q", got)
			}
		})
	}
	hs := k.Handlers()
	if len(hs) != 3 || hs["localhost:41243"] == nil {
		t.Errorf("Handlers() = %v", hs)
	}
}

func TestHTTPRobustness(t *testing.T) {
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u}) })
	hc := testHTTPClient(t)
	big := bytes.Repeat([]byte("x"), MaxBodyBytes+1)
	exact := append([]byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), bytes.Repeat([]byte(" "), MaxBodyBytes-64)...)
	tests := []struct {
		name      string
		v03       bool // about A2A v0.3, which a build that serves none (the browser's) answers otherwise
		method    string
		path      string
		header    map[string]string
		body      []byte
		chunked   bool
		wantCode  int
		wantRPC   int    // JSON-RPC error code, when not 0
		wantInRaw string // a part of the body
	}{
		{name: "malformed JSON-RPC", method: "POST", path: "/", body: []byte(`{"jsonrpc":"2.0",`), wantCode: 200, wantRPC: -32700},
		{name: "not JSON at all", method: "POST", path: "/", body: []byte("\x00\xff"), wantCode: 200, wantRPC: -32700},
		{name: "wrong jsonrpc version", method: "POST", path: "/", body: []byte(`{"jsonrpc":"1.0","id":1,"method":"GetTask"}`), wantCode: 200, wantRPC: -32600},
		{name: "unknown method", method: "POST", path: "/", body: []byte(`{"jsonrpc":"2.0","id":1,"method":"Nope","params":{}}`), wantCode: 200, wantRPC: -32601},
		{name: "params of the wrong type", method: "POST", path: "/", body: []byte(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":7}}`), wantCode: 200, wantRPC: -32602},
		{name: "message without parts", method: "POST", path: "/", body: []byte(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[]}}}`), wantCode: 200, wantRPC: -32602},
		{name: "unknown task", method: "POST", path: "/", body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"nope"}}`), wantCode: 200, wantRPC: -32001},
		{name: "GET on JSON-RPC", method: "GET", path: "/", wantCode: 200, wantRPC: -32600},
		{name: "body too large, declared", method: "POST", path: "/", body: big, wantCode: 413},
		{name: "body too large, chunked", method: "POST", path: "/", body: big, chunked: true, wantCode: 413},
		{name: "REST body too large, chunked", method: "POST", path: "/rest/message:send", body: big, chunked: true, wantCode: 413},
		{name: "1 MiB exactly is read", method: "POST", path: "/", body: exact, chunked: true, wantCode: 200, wantRPC: -32001},
		{name: "REST malformed", method: "POST", path: "/rest/message:send", body: []byte("{"), wantCode: 400},
		{name: "REST unknown task", method: "GET", path: "/rest/tasks/nope", wantCode: 404},
		{name: "unknown path", method: "GET", path: "/nope", wantCode: 404},
		{name: "no approve on the reviewer", method: "POST", path: "/approve/x", wantCode: 404},
		// Versions (§3.6): absent means 0.3, served by the 0.3 handlers
		// (which know 0.3's method names only); a patch number is
		// ignored; the query parameter counts as the header; a version
		// the kit does not speak is refused, naming the two it does.
		{v03: true, name: "no version", method: "POST", path: "/", header: map[string]string{"A2A-Version": ""}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32001},
		{v03: true, name: "no version, a 1.0 method", method: "POST", path: "/", header: map[string]string{"A2A-Version": ""}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32601},
		{v03: true, name: "version 99.0", method: "POST", path: "/", header: map[string]string{"A2A-Version": "99.0"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32009, wantInRaw: "speaks 1.0 (A2A-Version: 1.0) and 0.3"},
		{name: "version 1", method: "POST", path: "/", header: map[string]string{"A2A-Version": "1"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32009},
		{v03: true, name: "version 0.3", method: "POST", path: "/", header: map[string]string{"A2A-Version": "0.3"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32001},
		{v03: true, name: "version 0.3.0", method: "POST", path: "/", header: map[string]string{"A2A-Version": "0.3.0"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32001},
		{v03: true, name: "REST 0.3, no version", method: "GET", path: "/v1/tasks/nope", header: map[string]string{"A2A-Version": ""}, wantCode: 404},
		{v03: true, name: "REST 0.3 path, version 1.0", method: "GET", path: "/v1/tasks/nope", wantCode: 400, wantInRaw: "the 1.0 HTTP+JSON binding is under /rest"},
		{v03: true, name: "REST 1.0 path, no version", method: "GET", path: "/rest/tasks/nope", header: map[string]string{"A2A-Version": ""}, wantCode: 400, wantInRaw: "means version 0.3"},
		{v03: true, name: "legacy card path", method: "GET", path: "/.well-known/agent.json", wantCode: 200, wantInRaw: `"protocolVersion": "0.3"`},
		{name: "version 1.0.1", method: "POST", path: "/", header: map[string]string{"A2A-Version": "1.0.1"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32001},
		{name: "version as a query parameter", method: "POST", path: "/?A2A-Version=1.0", header: map[string]string{"A2A-Version": ""}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32001},
		{name: "REST version 99.0", method: "GET", path: "/rest/tasks/nope", header: map[string]string{"A2A-Version": "99.0"}, wantCode: 400, wantInRaw: "VERSION_NOT_SUPPORTED"},
		{name: "streaming, version 2.0", method: "POST", path: "/", header: map[string]string{"A2A-Version": "2.0"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"hi"}]}}}`), wantCode: 200, wantInRaw: "-32009"},

		// JSON only: nothing a browser may send without a preflight.
		{name: "JSON-RPC as text/plain", method: "POST", path: "/", header: map[string]string{"Content-Type": "text/plain"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 415, wantInRaw: "send application/json"},
		{name: "JSON-RPC as a form", method: "POST", path: "/", header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, body: []byte(`a=b`), wantCode: 415},
		{name: "JSON-RPC without a type", method: "POST", path: "/", header: map[string]string{"Content-Type": ""}, body: []byte(`{}`), wantCode: 415},
		{name: "REST as text/plain", method: "POST", path: "/rest/message:send", header: map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, body: []byte(`{}`), wantCode: 415},
		{name: "a2a+json", method: "POST", path: "/", header: map[string]string{"Content-Type": "application/a2a+json"}, body: []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`), wantCode: 200, wantRPC: -32001},
		{name: "REST cancel without a body, as a2a-go posts it", method: "POST", path: "/rest/tasks/nope:cancel", header: map[string]string{"Content-Type": ""}, wantCode: 404},
		{name: "a browser's simple POST without a body", method: "POST", path: "/rest/tasks/nope:cancel?A2A-Version=1.0", header: map[string]string{"Content-Type": "", "A2A-Version": "", "Origin": "https://evil.example"}, wantCode: 415},
		{name: "a browser's preflighted POST without a body", method: "POST", path: "/rest/tasks/nope:cancel", header: map[string]string{"Content-Type": "", "Origin": "https://any.example"}, wantCode: 404},
		{name: "CORS preflight", method: "OPTIONS", path: "/", header: map[string]string{
			"Origin": "https://example.org", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "a2a-version,content-type",
		}, wantCode: 204},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.v03 && !servesV03 {
				t.Skip("this build serves no A2A v0.3 (see v03_wasm.go)")
			}
			var body io.Reader
			if tt.body != nil {
				body = bytes.NewReader(tt.body)
				if tt.chunked {
					body = io.MultiReader(body) // hides the length: sent chunked
				}
			}
			req, err := http.NewRequest(tt.method, rv.url+tt.path, body)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("A2A-Version", "1.0")
			for k, v := range tt.header {
				if v == "" {
					req.Header.Del(k)
				} else {
					req.Header.Set(k, v)
				}
			}
			if tt.chunked && req.ContentLength != 0 {
				t.Fatalf("request has a length %d; want it chunked", req.ContentLength)
			}
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.wantCode, raw)
			}
			if resp.Header.Get("Access-Control-Allow-Origin") != "*" && !isOperatorPath(tt.path) {
				t.Errorf("no CORS header on a %d", resp.StatusCode)
			}
			if !strings.Contains(string(raw), tt.wantInRaw) {
				t.Errorf("body %s does not hold %q", raw, tt.wantInRaw)
			}
			if tt.wantRPC != 0 {
				var env struct {
					JSONRPC string `json:"jsonrpc"`
					Error   *struct {
						Code    int    `json:"code"`
						Message string `json:"message"`
					} `json:"error"`
				}
				if err := json.Unmarshal(raw, &env); err != nil || env.Error == nil || env.JSONRPC != "2.0" {
					t.Fatalf("not a JSON-RPC error: %s", raw)
				}
				if env.Error.Code != tt.wantRPC {
					t.Errorf("JSON-RPC error %d %q, want code %d", env.Error.Code, env.Error.Message, tt.wantRPC)
				}
			}
			if tt.method == "OPTIONS" {
				h := resp.Header
				if !strings.Contains(h.Get("Access-Control-Allow-Headers"), "A2A-Version") ||
					!strings.Contains(h.Get("Access-Control-Allow-Methods"), "POST") ||
					h.Get("Access-Control-Allow-Credentials") != "" {
					t.Errorf("preflight headers %v", h)
				}
			}
		})
	}
}

func TestClosedAgent(t *testing.T) {
	a := NewCodeReviewer(Config{BaseURL: "http://localhost:41242"})
	a.Close()
	a.Close()
	w := httptest.NewRecorder()
	a.Handler().ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(`{}`)))
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("after Close: %d, want 503", w.Code)
	}
}
