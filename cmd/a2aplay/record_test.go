package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

func TestRecordUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.http")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-out", out}, "no -agent given"},
		{[]string{"-agent", "http://localhost:1"}, "no -out file given"},
		{[]string{"-agent", "http://127.0.0.1:1", "-agent", "http://127.0.0.1:2", "-out", out, "-listen", "127.0.0.1:0"}, "only one agent can be given without a NAME="},
		{[]string{"-agent", "Big Name=http://127.0.0.1:1", "-out", out, "-listen", "127.0.0.1:0"}, "a NAME is lower-case letters"},
		{[]string{"-agent", "a=ftp://x", "-out", out, "-listen", "127.0.0.1:0"}, `agent a: URL "ftp://x": want an absolute http or https URL`},
		{[]string{"-agent", "client=http://127.0.0.1:1", "-out", out, "-listen", "127.0.0.1:0"}, `agent name "client" is given twice (or is "client"`},
	} {
		var stderr bytes.Buffer
		code := run(context.Background(), append([]string{"record"}, tc.args...), &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("record %q: exit %d, stderr %q, want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused configuration left %s behind", out)
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRecordCommand records one card fetch from an agent named after its
// card, then stops as Ctrl-C stops it.
func TestRecordCommand(t *testing.T) {
	agent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"name":"Echo Agent","supportedInterfaces":[{"url":"`+"http://"+r.Host+`/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`)
	}))
	defer agent.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "session.http")
	ctx, stop := context.WithCancel(context.Background())
	log := &lockedBuffer{}
	done := make(chan error)
	go func() { done <- recordOn(ctx, ln, []string{agent.URL}, out, false, "", log) }()
	proxy := "http://" + ln.Addr().String()
	var card string
	for deadline := time.Now().Add(5 * time.Second); ; {
		resp, err := http.Get(proxy + "/.well-known/agent-card.json")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			card = string(b)
			break
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(card, `"url":"`+proxy+`/rpc"`) {
		t.Errorf("the card through the proxy: %s", card)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(data, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Participants) != 2 || tr.Participants[1].Name != "echo-agent" || len(tr.Exchanges) != 1 || tr.Exchanges[0].Name != "GetAgentCard" {
		t.Errorf("recorded:\n%s", data)
	}
	for _, want := range []string{"echo-agent is at " + proxy + "/", "writing " + out, "1 GetAgentCard client -> echo-agent: 200 OK", out + " written"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}
