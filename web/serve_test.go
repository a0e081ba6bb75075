package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func testSite() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                   {Data: []byte("<!doctype html><title>x</title>")},
		"index.html.br":                {Data: []byte("br-index")},
		"style.0123456789.css":         {Data: []byte("body{}")},
		"viewer.abcdef0123.wasm":       {Data: []byte("\x00asm-raw")},
		"viewer.abcdef0123.wasm.br":    {Data: []byte("br-wasm")},
		"viewer.abcdef0123.wasm.gz":    {Data: []byte("gz-wasm")},
		"transcripts/06-input.http":    {Data: []byte("# a2aplay transcript 1\n")},
		"transcripts/06-input.http.gz": {Data: []byte("gz-http")},
	}
}

func TestHandler(t *testing.T) {
	h := Handler(testSite(), ServeOptions{})
	tests := []struct {
		name, method, path, accept string
		status                     int
		header                     map[string]string
		body                       string
	}{
		{"index", "GET", "/", "", 200, map[string]string{
			"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", "Content-Encoding": "", "Vary": "Accept-Encoding",
		}, "<!doctype html><title>x</title>"},
		{"index brotli", "GET", "/index.html", "gzip, deflate, br", 200, map[string]string{
			"Content-Encoding": "br", "Vary": "Accept-Encoding",
		}, "br-index"},
		{"wasm brotli", "GET", "/viewer.abcdef0123.wasm", "gzip, br", 200, map[string]string{
			"Content-Type": "application/wasm", "Content-Encoding": "br", "Vary": "Accept-Encoding",
			"Cache-Control": "public, max-age=31536000, immutable",
		}, "br-wasm"},
		{"wasm gzip", "GET", "/viewer.abcdef0123.wasm", "gzip", 200, map[string]string{
			"Content-Encoding": "gzip",
		}, "gz-wasm"},
		{"wasm br refused", "GET", "/viewer.abcdef0123.wasm", "br;q=0, gzip;q=0.5", 200, map[string]string{
			"Content-Encoding": "gzip",
		}, "gz-wasm"},
		{"wasm identity", "GET", "/viewer.abcdef0123.wasm", "identity", 200, map[string]string{
			"Content-Encoding": "", "Vary": "Accept-Encoding",
		}, "\x00asm-raw"},
		{"wasm star", "GET", "/viewer.abcdef0123.wasm", "*", 200, map[string]string{"Content-Encoding": "br"}, "br-wasm"},
		{"css", "GET", "/style.0123456789.css", "br", 200, map[string]string{
			"Content-Type": "text/css; charset=utf-8", "Content-Encoding": "", "Vary": "",
			"Cache-Control": "public, max-age=31536000, immutable",
		}, "body{}"},
		{"transcript", "GET", "/transcripts/06-input.http", "gzip", 200, map[string]string{
			"Content-Type": "text/plain; charset=utf-8", "Content-Encoding": "gzip", "Cache-Control": "no-cache",
		}, "gz-http"},
		{"head", "HEAD", "/", "", 200, map[string]string{"Content-Type": "text/html; charset=utf-8"}, ""},
		{"post", "POST", "/", "", 405, map[string]string{"Allow": "GET, HEAD"}, ""},
		{"missing", "GET", "/nope.js", "", 404, nil, ""},
		{"variant by name", "GET", "/viewer.abcdef0123.wasm.br", "br", 404, nil, ""},
		{"directory", "GET", "/transcripts", "", 404, nil, ""},
		{"dot dot", "GET", "/../../etc/passwd", "", 404, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.accept != "" {
				r.Header.Set("Accept-Encoding", tt.accept)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			res := w.Result()
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			got := map[string]string{}
			for k := range tt.header {
				got[k] = res.Header.Get(k)
			}
			if diff := cmp.Diff(tt.header, got); tt.header != nil && diff != "" {
				t.Errorf("headers (-want +got):\n%s", diff)
			}
			if tt.status == 200 && w.Body.String() != tt.body {
				t.Errorf("body %q, want %q", w.Body.String(), tt.body)
			}
			// Every answer carries the security headers.
			if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") {
				t.Errorf("CSP %q", csp)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no nosniff")
			}
		})
	}
}

func TestHandlerRevalidates(t *testing.T) {
	h := Handler(testSite(), ServeOptions{})
	r := httptest.NewRequest("GET", "/", nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	etag := w.Result().Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	r = httptest.NewRequest("GET", "/", nil)
	r.Header.Set("If-None-Match", etag)
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusNotModified {
		t.Errorf("revalidation: status %d, want 304", w.Code)
	}
}

func TestCSP(t *testing.T) {
	want := "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
		"img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; " +
		"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	if got := CSP(nil); got != want {
		t.Errorf("CSP(nil) =\n%s\nwant\n%s", got, want)
	}
	if got := CSP([]string{"http://localhost:41241"}); !strings.Contains(got, "connect-src 'self' http://localhost:41241;") {
		t.Errorf("CSP with a remote agent: %s", got)
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "*"} {
		if strings.Contains(CSP(nil), bad) {
			t.Errorf("CSP allows %s", bad)
		}
	}
}

func TestAccepts(t *testing.T) {
	tests := []struct {
		header, enc string
		want        bool
	}{
		{"", "br", false},
		{"br", "br", true},
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip", "br", false},
		{"br;q=0", "br", false},
		{"br; q=0.0", "br", false},
		{"br;q=0.001", "br", true},
		{"*", "gzip", true},
		{"*;q=0, gzip", "gzip", true},
		{"*;q=0", "gzip", false},
		{"BR", "br", true},
	}
	for _, tt := range tests {
		if got := accepts(tt.header, tt.enc); got != tt.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", tt.header, tt.enc, got, tt.want)
		}
	}
}
