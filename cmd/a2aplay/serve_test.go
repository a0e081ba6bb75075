package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/web"
)

func TestConnectSources(t *testing.T) {
	for _, tc := range []struct {
		name  string
		list  string
		extra []string
		want  []string
		bad   bool
	}{
		{"default", strings.Join(web.DefaultConnectSrc, " "), nil, []string{"http://localhost:*", "http://127.0.0.1:*"}, false},
		{"none", "", nil, []string{}, false},
		{"an agent more", "http://localhost:*", []string{"https://agent.example"}, []string{"http://localhost:*", "https://agent.example"}, false},
		{"a directive smuggled in", "http://localhost:*; script-src *", nil, nil, true},
		{"a quote", "'unsafe-inline'", nil, nil, true},
		{"a space in -connect", "", []string{"http://a http://b"}, nil, true},
		{"an empty -connect", "", []string{""}, nil, true},
		{"every origin", "*", nil, nil, true},
		{"every origin by -connect", "", []string{"*"}, nil, true},
		{"a script scheme", "", []string{"javascript:"}, nil, true},
		{"a control byte", "", []string{"http://a\x1b[2J"}, nil, true},
		{"a header split", "", []string{"http://a\r\nX: y"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := connectSources(tc.list, tc.extra)
			var u *usageError
			if tc.bad {
				if !errors.As(err, &u) {
					t.Fatalf("connectSources(%q, %q) = %q, %v; want a usage error", tc.list, tc.extra, got, err)
				}
				if strings.ContainsAny(u.msg, "\x1b\r\n") {
					t.Errorf("the message carries a raw control byte: %q", u.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestOperatorOrigins(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		want  []string
		bad   bool
	}{
		{"default", nil, nil, false},
		{"none", []string{"none"}, []string{}, false},
		{"two", []string{"https://ops.example", "http://localhost:*"}, []string{"https://ops.example", "http://localhost:*"}, false},
		{"any origin", []string{"*"}, nil, true},
		{"a path", []string{"https://ops.example/approve"}, nil, true},
		{"a wildcard host", []string{"https://*.example"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := operatorOrigins(tc.flags)
			var u *usageError
			if tc.bad {
				if !errors.As(err, &u) {
					t.Fatalf("operatorOrigins(%q) = %q, %v; want a usage error", tc.flags, got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" || (tc.want == nil) != (got == nil) {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestServeSaysItsAddress: serve names the page's address with the host
// it was given, localhost, whatever that resolved to, and the page
// answers there; it stops when its context ends.
func TestServeSaysItsAddress(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>t</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out logbuf.Buffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "-dir", dir, "-addr", "localhost:0"}, &out) }()
	var line string
	for deadline := time.Now().Add(10 * time.Second); line == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		select {
		case code := <-done:
			t.Fatalf("serve exited %d: %s", code, out.String())
		default:
		}
		line, _, _ = strings.Cut(out.String(), "\n")
	}
	m := regexp.MustCompile(`^serving .* at (http://localhost:[0-9]+/) \(Ctrl-C stops\)$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("serve said %q, want serving ... at http://localhost:PORT/", line)
	}
	resp, err := http.Get(m[1])
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %s", m[1], resp.Status)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve exited %d after its context ended: %s", code, out.String())
	}
}
