package agents

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

func TestCheckOrigin(t *testing.T) {
	for _, ok := range append([]string{"https://play.example", "http://localhost:8080", "http://[::1]:*"}, DefaultOperatorOrigins...) {
		if err := CheckOrigin(ok); err != nil {
			t.Errorf("CheckOrigin(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"*", "localhost:8080", "ftp://x", "http://*.example", "http://x/path", "http://x:*/y", "https://x:8*", "null", ""} {
		if err := CheckOrigin(bad); err == nil {
			t.Errorf("CheckOrigin(%q) accepted it", bad)
		}
	}
	tests := []struct {
		origin string
		want   bool
	}{
		{"http://localhost:8080", true},
		{"http://localhost:1", true},
		{"http://127.0.0.1:5173", true},
		{"http://[::1]:8080", true},
		{"http://localhost", true},
		{"https://localhost:8080", false},
		{"http://localhost.evil.example:8080", false},
		{"https://evil.example", false},
		{"null", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := originAllowed(DefaultOperatorOrigins, tt.origin); got != tt.want {
			t.Errorf("originAllowed(default, %q) = %v, want %v", tt.origin, got, tt.want)
		}
	}
	if !originAllowed([]string{"https://play.example"}, "https://play.example") || originAllowed([]string{"https://play.example"}, "https://play.example:444") {
		t.Error("an exact origin matches itself only")
	}
}

// TestOperatorOrigins: the approve and refuse endpoints answer a browser
// only from the operator's origins, and only after a preflight.
func TestOperatorOrigins(t *testing.T) {
	dep := serve(t, func(u string) *Agent {
		return NewDeployer(Config{BaseURL: u, Clock: testClock, OperatorOrigins: []string{"http://localhost:*", "https://ops.example"}})
	})
	hc := testHTTPClient(t)
	c := newClient(t, hc, dep.url)
	waitingTask := func() a2a.TaskID {
		t.Helper()
		task := sendTask(t, c, NewDeployMessage(SampleBuild, SampleEnvironment))
		if task.Status.State != a2a.TaskStateAuthRequired {
			t.Fatalf("deploy: %s", task.Status.State)
		}
		return task.ID
	}
	do := func(method, url string, header map[string]string) (*http.Response, string) {
		t.Helper()
		var body io.Reader
		if header["Content-Type"] != "" {
			body = strings.NewReader("{}")
		}
		req, _ := http.NewRequest(method, url, body)
		if method == "POST" {
			req.Header.Set("Authorization", OperatorAuthorization(dep.OperatorToken()))
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	id := waitingTask()
	approve := dep.url + ApprovePath + string(id)
	tests := []struct {
		name       string
		method     string
		header     map[string]string
		wantCode   int
		wantOrigin string // Access-Control-Allow-Origin
	}{
		{"preflight from a page not allowed", "OPTIONS", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}, 403, ""},
		{"simple POST from a page not allowed", "POST", map[string]string{"Origin": "https://evil.example"}, 403, ""},
		{"JSON POST from a page not allowed", "POST", map[string]string{"Origin": "https://evil.example", "Content-Type": "application/json"}, 403, ""},
		{"form POST from an allowed page", "POST", map[string]string{"Origin": "http://localhost:8080", "Content-Type": "application/x-www-form-urlencoded"}, 415, "http://localhost:8080"},
		{"simple POST from an allowed page", "POST", map[string]string{"Origin": "http://localhost:8080"}, 415, "http://localhost:8080"},
		{"preflight from an allowed page", "OPTIONS", map[string]string{"Origin": "https://ops.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"}, 204, "https://ops.example"},
		{"preflighted POST from an allowed page", "POST", map[string]string{"Origin": "https://ops.example", "Content-Type": "application/json"}, 200, "https://ops.example"},
	}
	for _, tt := range tests {
		resp, body := do(tt.method, approve, tt.header)
		if resp.StatusCode != tt.wantCode || resp.Header.Get("Access-Control-Allow-Origin") != tt.wantOrigin {
			t.Errorf("%s: %d, Access-Control-Allow-Origin %q; want %d, %q (%s)", tt.name, resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"), tt.wantCode, tt.wantOrigin, body)
		}
		if resp.Header.Get("Access-Control-Allow-Credentials") != "" {
			t.Errorf("%s: credentials allowed", tt.name)
		}
		if tt.method == "OPTIONS" && tt.wantCode == 204 && !strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "Authorization, Content-Type") {
			t.Errorf("%s: allows headers %q", tt.name, resp.Header.Get("Access-Control-Allow-Headers"))
		}
	}
	// Without an Origin (curl, the capture), a bare POST decides, as before.
	id = waitingTask()
	if code, body := post(t, hc, dep.url+RefusePath+string(id)); code != http.StatusOK {
		t.Errorf("a bare POST without an Origin: %d %s", code, body)
	}
}

// TestSlowBody: a body that trickles in is cut off after BodyTimeout, over
// a real connection; the agent goes on serving.
func TestSlowBody(t *testing.T) {
	if testing.Short() {
		t.Skip("waits BodyTimeout")
	}
	rv := serve(t, func(u string) *Agent { return NewCodeReviewer(Config{BaseURL: u}) })
	conn, err := net.Dial("tcp", strings.TrimPrefix(rv.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: 100\r\n\r\n{")
	start := time.Now()
	conn.SetReadDeadline(time.Now().Add(BodyTimeout + 5*time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a slow body: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || time.Since(start) < BodyTimeout-time.Second {
		t.Errorf("slow body: %d after %v, want 408 after %v", resp.StatusCode, time.Since(start), BodyTimeout)
	}
	// The connection is closed.
	if _, err := conn.Read(make([]byte, 1)); err == nil {
		t.Error("the connection stayed open")
	}
	if code, _ := post(t, testHTTPClient(t), rv.url+CardPath); code != http.StatusMethodNotAllowed {
		t.Errorf("the agent after a slow body: %d", code)
	}
}
