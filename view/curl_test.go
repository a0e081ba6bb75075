package view

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

func TestCurl(t *testing.T) {
	tr, _ := sample(t)
	ex := tr.Exchanges
	tests := []struct {
		ex   *replay.Exchange
		want string
	}{
		{ex[0], "curl -s -X 'POST' 'http://localhost:41242/' \\\n  -H 'Content-Type: application/json' \\\n  -H 'A2A-Version: 1.0' \\\n  --data-raw '{"},
		{ex[1], "curl -sN -X 'POST' 'http://localhost:41243/'"},
		{ex[2], "curl -s -X 'POST' 'http://localhost:41243/approve/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee'"},
	}
	for i, tt := range tests {
		got := Curl(&tt.ex.Request)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("exchange %d: Curl =\n%s\nwant it to start\n%s", i+1, got, tt.want)
		}
	}
	if Curl(nil) != "" {
		t.Error("Curl(nil) is not empty")
	}
}

// TestCurlCompressed: a browser's request asks for compressed answers;
// the command asks curl to decode them instead of printing their bytes.
func TestCurlCompressed(t *testing.T) {
	r := &replay.Request{Method: "GET", URL: "http://localhost:41243/.well-known/agent-card.json", Header: []replay.Header{
		{Name: "Accept", Value: "*/*"},
		{Name: "Accept-Encoding", Value: "gzip, deflate, br"},
	}}
	want := "curl -s --compressed 'http://localhost:41243/.well-known/agent-card.json' \\\n  -H 'Accept: */*'"
	if got := Curl(r); got != want {
		t.Errorf("Curl =\n%s\nwant\n%s", got, want)
	}
}

// TestCurlQuoting hands a shell a body full of quotes and dollars: it
// must reach curl unchanged.
func TestCurlQuoting(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	body := `{"text":"it's $HOME and ` + "`id`" + ` \"quoted\" '' \n"}`
	cmd := Curl(&replay.Request{Method: "POST", URL: "http://x/?a=1&b=$(id)", Body: body})
	// A curl that prints its arguments, one per line.
	out, err := exec.Command(sh, "-c", "curl() { printf '%s\\n' \"$@\"; }; "+cmd).Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	args := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	want := []string{"-s", "-X", "POST", "http://x/?a=1&b=$(id)", "--data-raw", `{"text":"it's $HOME and ` + "`id`" + ` \"quoted\" '' \n"}`}
	if strings.Join(args, "|") != strings.Join(want, "|") {
		t.Errorf("the shell passed\n%q\nwant\n%q", args, want)
	}
}

// TestCurlStreams: curl -N for a request that asks for an event stream
// or calls a streaming operation, in either binding.
func TestCurlStreams(t *testing.T) {
	rpc := func(method string) string { return `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{}}` }
	for _, tc := range []struct {
		method, url, accept, body string
		want                      bool
	}{
		{"POST", "http://x/", "", rpc("SendStreamingMessage"), true},
		{"POST", "http://x/", "", rpc("SubscribeToTask"), true},
		{"POST", "http://x/", "", rpc("SendMessage"), false},
		{"POST", "http://x/", "", `{"jsonrpc":"2.0","method":"SendMessage","params":{"text":"SubscribeToTask"}}`, false},
		{"POST", "http://x/rest/message:stream", "", "{}", true},
		{"GET", "http://x/rest/tasks/t%2F1:subscribe", "", "", true},
		{"POST", "http://x/rest/tasks/t1:subscribe?a=1", "", "", true},
		{"POST", "http://x/rest/message:send", "", "{}", false},
		{"GET", "http://x/rest/tasks/t1", "application/json, Text/Event-Stream;q=0.9", "", true},
		{"GET", "http://x/rest/tasks/t1", "application/json", "", false},
	} {
		r := &replay.Request{Method: tc.method, URL: tc.url, Body: tc.body}
		if tc.accept != "" {
			r.Header = []replay.Header{{Name: "Accept", Value: tc.accept}}
		}
		if got := streams(r); got != tc.want {
			t.Errorf("streams(%s %s %q %s) = %v", tc.method, tc.url, tc.accept, tc.body, got)
		}
	}
}
