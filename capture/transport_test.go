package capture

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// leakCheck returns a function that fails the test when more goroutines
// run than when leakCheck was called. Goroutines that are ending get a
// moment to finish. Goroutines of the runtime alone (like the js/wasm
// event handler) are not counted.
func leakCheck(t *testing.T) func() {
	t.Helper()
	before, _ := goroutines()
	return func() {
		t.Helper()
		var n int
		var dump string
		for range 300 {
			if n, dump = goroutines(); n <= before {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("%d goroutines left running (had %d before):\n%s", n, before, dump)
	}
}

// goroutines counts the goroutines that run code outside the runtime,
// and returns their stacks.
func goroutines() (int, string) {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var kept []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		for _, line := range strings.Split(g, "\n")[1:] {
			if line != "" && !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "runtime.") {
				kept = append(kept, g)
				break
			}
		}
	}
	return len(kept), strings.Join(kept, "\n\n")
}

func TestTransportServes(t *testing.T) {
	defer leakCheck(t)()
	var got struct {
		method, path, query, host, ct, body, uri string
	}
	tr := NewTransport(map[string]http.Handler{
		"localhost:41242": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			got.method, got.path, got.query, got.host = r.Method, r.URL.Path, r.URL.RawQuery, r.Host
			got.ct, got.body, got.uri = r.Header.Get("Content-Type"), string(b), r.RequestURI
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Kit", "yes")
			w.WriteHeader(http.StatusCreated)
			io.WriteString(w, `{"ok":true}`)
		}),
	})
	defer tr.Close()
	c := &http.Client{Transport: tr}
	resp, err := c.Post("http://localhost:41242/tasks/x:cancel?a=1", "application/json", strings.NewReader(`{"q":1}`))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	tr.Wait()
	type result struct {
		Method, Path, Query, Host, CT, Body, URI string
		Status                                   string
		Code                                     int
		RespCT, Kit, RespBody                    string
	}
	want := result{"POST", "/tasks/x:cancel", "a=1", "localhost:41242", "application/json", `{"q":1}`, "/tasks/x:cancel?a=1",
		"201 Created", 201, "application/json", "yes", `{"ok":true}`}
	gotR := result{got.method, got.path, got.query, got.host, got.ct, got.body, got.uri,
		resp.Status, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("X-Kit"), string(body)}
	if diff := cmp.Diff(want, gotR); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestTransportDefaults(t *testing.T) {
	defer leakCheck(t)()
	tr := NewTransport(map[string]http.Handler{
		"a:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}),
		"b:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<html>hi") }),
		"c:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNoContent)
			if _, err := w.Write([]byte("x")); !errors.Is(err, http.ErrBodyNotAllowed) {
				panic(fmt.Sprintf("write to 204: %v", err))
			}
		}),
	})
	defer tr.Close()
	c := &http.Client{Transport: tr}
	for _, tc := range []struct {
		host, ct, body string
		code           int
	}{
		{"a:1", "", "", 200},
		{"b:1", "text/html; charset=utf-8", "<html>hi", 200},
		{"c:1", "", "", 204},
	} {
		resp, err := c.Get("http://" + tc.host + "/")
		if err != nil {
			t.Fatalf("%s: %v", tc.host, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || resp.Header.Get("Content-Type") != tc.ct || string(b) != tc.body {
			t.Errorf("%s: got %d %q %q, want %d %q %q", tc.host, resp.StatusCode, resp.Header.Get("Content-Type"), b, tc.code, tc.ct, tc.body)
		}
	}
	tr.Wait()
}

func TestTransportUnknownHost(t *testing.T) {
	tr := NewTransport(nil)
	c := &http.Client{Transport: tr}
	_, err := c.Get("http://localhost:9/x")
	if !errors.Is(err, ErrConnRefused) {
		t.Fatalf("got %v, want an error wrapping ErrConnRefused", err)
	}
	if !strings.Contains(err.Error(), "localhost:9") {
		t.Errorf("error %q does not name the host", err)
	}
}

// TestTransportStreams shows that the client reads each frame while the
// handler is still running: the handler writes the next frame only after
// the client has acknowledged the previous one.
func TestTransportStreams(t *testing.T) {
	defer leakCheck(t)()
	ack := make(chan struct{})
	tr := NewTransport(map[string]http.Handler{
		"s:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			for i := range 3 {
				fmt.Fprintf(w, "data: %d\n\n", i)
				w.(http.Flusher).Flush()
				select {
				case <-ack:
				case <-r.Context().Done():
					return
				}
			}
		}),
	})
	defer tr.Close()
	resp, err := (&http.Client{Transport: tr}).Get("http://s:1/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	var got []string
	for i := range 3 {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if _, err := br.ReadString('\n'); err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		got = append(got, strings.TrimSpace(line))
		ack <- struct{}{}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Errorf("after the last frame: got %v, want EOF", err)
	}
	if diff := cmp.Diff([]string{"data: 0", "data: 1", "data: 2"}, got); diff != "" {
		t.Errorf("frames (-want +got):\n%s", diff)
	}
}

// TestTransportCancelOnClose: closing the body cancels a handler that
// would otherwise stream forever, and nothing is left running.
func TestTransportCancelOnClose(t *testing.T) {
	defer leakCheck(t)()
	ended := make(chan error, 1)
	tr := NewTransport(map[string]http.Handler{
		"s:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: first\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			_, err := io.WriteString(w, "data: late\n\n")
			ended <- err
		}),
	})
	resp, err := (&http.Client{Transport: tr}).Get("http://s:1/")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, len("data: first\n\n"))
	if _, err := io.ReadFull(resp.Body, buf); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := <-ended; err == nil {
		t.Error("a write after the client closed the body succeeded")
	}
	if _, err := resp.Body.Read(buf); err == nil {
		t.Error("a read after Close succeeded")
	}
	tr.Wait()
}

// TestTransportRequestContext: ending the request context before the
// response fails the round trip and cancels the handler; ending it
// during a stream ends the body's reads.
func TestTransportRequestContext(t *testing.T) {
	defer leakCheck(t)()
	tr := NewTransport(map[string]http.Handler{
		"wait:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}),
		"stream:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}),
	})
	defer tr.Close()
	c := &http.Client{Transport: tr}

	ctx, cancel := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://wait:1/", nil)
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	if _, err := c.Do(req); !errors.Is(err, context.Canceled) {
		t.Errorf("round trip: got %v, want context.Canceled", err)
	}

	ctx, cancel = context.WithCancel(t.Context())
	req, _ = http.NewRequestWithContext(ctx, "GET", "http://stream:1/", nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := io.ReadAll(resp.Body); !errors.Is(err, context.Canceled) {
		t.Errorf("read: got %v, want context.Canceled", err)
	}
	resp.Body.Close()
	tr.Wait()

	// A request whose context already ended never reaches the handler.
	req, _ = http.NewRequestWithContext(ctx, "GET", "http://wait:1/", nil)
	if _, err := tr.RoundTrip(req); !errors.Is(err, context.Canceled) {
		t.Errorf("round trip with a dead context: got %v, want context.Canceled", err)
	}
}

func TestTransportPanics(t *testing.T) {
	defer leakCheck(t)()
	tr := NewTransport(map[string]http.Handler{
		"early:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") }),
		"late:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "part")
			panic(http.ErrAbortHandler)
		}),
	})
	c := &http.Client{Transport: tr}
	if _, err := c.Get("http://early:1/"); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panic before the head: got %v, want an error naming the panic", err)
	}
	resp, err := c.Get("http://late:1/")
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "part" || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("panic after the head: got %q, %v; want \"part\", unexpected EOF", b, err)
	}
	tr.Wait()
}

// TestTransportLargeBody: a body much larger than the unread limit
// arrives whole while the client reads slowly in small pieces.
func TestTransportLargeBody(t *testing.T) {
	defer leakCheck(t)()
	want := bytes.Repeat([]byte("0123456789abcdef"), 3*maxUnread/16+7)
	tr := NewTransport(map[string]http.Handler{
		"big:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			for b := want; len(b) > 0; {
				n := min(len(b), 100000)
				if _, err := w.Write(b[:n]); err != nil {
					return
				}
				b = b[n:]
			}
		}),
	})
	defer tr.Close()
	resp, err := (&http.Client{Transport: tr}).Get("http://big:1/")
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		got.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	resp.Body.Close()
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("got %d bytes, want %d identical bytes", got.Len(), len(want))
	}
}

// TestTransportCloseStopsBlockedWriter: Close ends a handler blocked on a
// client that never reads.
func TestTransportCloseStopsBlockedWriter(t *testing.T) {
	defer leakCheck(t)()
	done := make(chan error, 1)
	tr := NewTransport(map[string]http.Handler{
		"big:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			chunk := make([]byte, maxUnread)
			for {
				if _, err := w.Write(chunk); err != nil {
					done <- err
					return
				}
			}
		}),
	})
	resp, err := (&http.Client{Transport: tr}).Get("http://big:1/")
	if err != nil {
		t.Fatal(err)
	}
	tr.Close()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("blocked write: got %v, want context.Canceled", err)
	}
	resp.Body.Close()
}
