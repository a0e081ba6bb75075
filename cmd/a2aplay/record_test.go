package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/internal/logbuf"
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
	log := &logbuf.Buffer{}
	done := make(chan error)
	proxy := "http://" + ln.Addr().String()
	go func() { done <- recordOn(ctx, ln, ln.Addr().String(), []string{agent.URL}, out, false, false, "", log) }()
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

func TestProxyHost(t *testing.T) {
	for _, tc := range []struct{ listen, addr, want string }{
		{"localhost:8999", "127.0.0.1:8999", "localhost:8999"},
		{":8999", "[::]:8999", "localhost:8999"},
		{"0.0.0.0:0", "0.0.0.0:41000", "localhost:41000"},
		{"127.0.0.1:0", "127.0.0.1:41001", "127.0.0.1:41001"},
		{"[::1]:0", "[::1]:41002", "[::1]:41002"},
	} {
		if got := proxyHost(tc.listen, tc.addr); got != tc.want {
			t.Errorf("proxyHost(%q, %q) = %q, want %q", tc.listen, tc.addr, got, tc.want)
		}
	}
}

// TestMain lets the record tests run this test binary as a2aplay itself,
// to stop it with real signals.
func TestMain(m *testing.M) {
	if os.Getenv("A2APLAY_TEST_AS_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// TestRecordKilled stops a2aplay record the hard way, with SIGKILL in the
// middle of a stream, and the gentle way, with SIGINT: either way the
// file parses and holds every completed exchange; after SIGINT it holds
// the stream in flight too.
func TestRecordKilled(t *testing.T) {
	release := make(chan struct{})
	agent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/agent-card.json" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"name":"slow"}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"n\":1}\n\n")
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer agent.Close()
	defer close(release)

	for _, sig := range []os.Signal{os.Kill, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			addr := ln.Addr().String()
			ln.Close()
			out := filepath.Join(t.TempDir(), "session.http")
			cmd := exec.Command(os.Args[0], "record", "-agent", agent.URL, "-listen", addr, "-out", out)
			cmd.Env = append(os.Environ(), "A2APLAY_TEST_AS_MAIN=1")
			var stderr logbuf.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			proxy := "http://" + addr
			for deadline := time.Now().Add(10 * time.Second); ; {
				resp, err := http.Get(proxy + "/.well-known/agent-card.json")
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the proxy did not start: %v\n%s", err, stderr.String())
				}
				time.Sleep(50 * time.Millisecond)
			}
			resp, err := http.Post(proxy+"/", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage"}`))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			line, _ := bufio.NewReader(resp.Body).ReadString('\n')
			if !strings.HasPrefix(line, "data:") {
				t.Fatalf("first line of the stream: %q", line)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			cmd.Wait()
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := replay.Parse(data, out)
			if err != nil {
				t.Fatalf("after %v the file does not parse: %v\n%s", sig, err, data)
			}
			want := 1 // the card; the stream was in flight
			if sig == os.Interrupt {
				want = 2
			}
			if len(tr.Exchanges) != want || tr.Exchanges[0].Name != "GetAgentCard" {
				t.Fatalf("after %v: %d exchanges, want %d:\n%s", sig, len(tr.Exchanges), want, data)
			}
			if sig == os.Interrupt {
				st := tr.Exchanges[1].Response.Stream
				if st == nil || len(st.Frames) != 1 || st.End != nil || !strings.Contains(strings.Join(tr.Exchanges[1].Notes, " "), "in flight") {
					t.Errorf("the stream after Ctrl-C:\n%s", data)
				}
				if !strings.Contains(stderr.String(), out+" written") {
					t.Errorf("stderr after Ctrl-C:\n%s", stderr.String())
				}
			}
		})
	}
}
