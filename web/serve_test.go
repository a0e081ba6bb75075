package web

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
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
		"lessons/index.html":           {Data: []byte("<title>lessons</title>")},
		"lessons/06.html":              {Data: []byte("<title>06</title>")},
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
		{"directory without index", "GET", "/transcripts", "", 404, nil, ""},
		{"directory without index, slash", "GET", "/transcripts/", "", 404, nil, ""},
		{"directory index", "GET", "/lessons/", "br", 200, map[string]string{
			"Content-Type": "text/html; charset=utf-8", "Content-Encoding": "",
		}, "<title>lessons</title>"},
		{"directory index by name", "GET", "/lessons/index.html", "", 200, nil, "<title>lessons</title>"},
		{"directory to its index", "GET", "/lessons", "", 301, map[string]string{"Location": "./lessons/"}, ""},
		{"a name with a slash", "GET", "/lessons/06.html/", "", 404, nil, ""},
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

// TestHandlerStaysInItsFolder serves a real folder through [Dir] with
// symbolic links out of it, to a folder and to a file, and checks that
// neither is followed, while a link inside the folder still is.
func TestHandlerStaysInItsFolder(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(site, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(site, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	write("index.html", "home")
	write("lessons/index.html", "lessons")
	link(outside, "out")                                     // a folder outside
	link(filepath.Join(outside, "secret.txt"), "secret.txt") // a file outside
	link("../../"+filepath.Base(outside)+"/secret.txt", "lessons/up.txt")
	link("lessons/index.html", "alias.html") // inside: allowed
	fifo := filepath.Join(site, "pipe.txt")
	if err := mkfifo(fifo); err != nil {
		t.Logf("no named pipe: %v", err)
		fifo = ""
	}

	root, err := Dir(site)
	if err != nil {
		t.Fatal(err)
	}
	h := Handler(root, ServeOptions{})
	for _, tc := range []struct {
		path   string
		status int
		body   string
	}{
		{"/", 200, "home"},
		{"/lessons/", 200, "lessons"},
		{"/alias.html", 200, "lessons"},
		{"/out/secret.txt", 404, ""},
		{"/out/", 404, ""},
		{"/out", 404, ""},
		{"/lessons", 301, ""},
		{"/secret.txt", 404, ""},
		{"/lessons/up.txt", 404, ""},
		{"/pipe.txt", 404, ""},
	} {
		if tc.path == "/pipe.txt" && fifo == "" {
			continue
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", tc.path, nil))
		if w.Code != tc.status || (tc.status == 200 && w.Body.String() != tc.body) {
			t.Errorf("GET %s: %d %q, want %d %q", tc.path, w.Code, w.Body.String(), tc.status, tc.body)
		}
		if strings.Contains(w.Body.String(), "secret") {
			t.Errorf("GET %s leaked the file outside the folder", tc.path)
		}
	}
}

func TestPageCSP(t *testing.T) {
	src := func(css string) string {
		sum := sha256.Sum256([]byte(css))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	tests := []struct {
		name, page string
		want       []string // the style sources after 'self'
	}{
		{"none", "<!doctype html><title>x</title><p>hi", nil},
		{"one in the head", "<head><style>a{color:red}</style></head><body>", []string{src("a{color:red}")}},
		{"two, any case", "<HEAD><STYLE>a{}</Style><style>\nb{}\n</STYLE ></head>", []string{src("a{}"), src("\nb{}\n")}},
		{"line endings as the browser reads them", "<style>a{}\r\nb{}\rc{}</style><body>", []string{src("a{}\nb{}\nc{}")}},
		{"in the body: not allowed", "<head></head><body><style>a{}</style>", nil},
		{"with attributes: not allowed", "<style media=print>a{}</style>", nil},
		{"never closed", "<style>a{}", nil},
		{"empty", "<style></style>", []string{src("")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := PageCSP(nil, []byte(tc.page))
			want := strings.Replace(CSP(nil), "style-src 'self';", "style-src "+strings.Join(append([]string{"'self'"}, tc.want...), " ")+";", 1)
			if got != want {
				t.Errorf("PageCSP(%q) =\n%s\nwant\n%s", tc.page, got, want)
			}
		})
	}

	// The server sends it with an HTML page, and the plain policy with
	// anything else.
	site := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><head><style>p{margin:0}</style></head><body><p>x")},
		"style.0123456789.css": {Data: []byte("<style>p{}</style>")},
	}
	h := Handler(site, ServeOptions{ConnectSrc: []string{"http://localhost:41241"}})
	for path, want := range map[string]string{
		"/":                     PageCSP([]string{"http://localhost:41241"}, site["index.html"].Data),
		"/style.0123456789.css": CSP([]string{"http://localhost:41241"}),
		"/missing.html":         CSP([]string{"http://localhost:41241"}),
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if got := w.Header().Get("Content-Security-Policy"); got != want {
			t.Errorf("%s: policy\n%s\nwant\n%s", path, got, want)
		}
	}
	if !strings.Contains(PageCSP(nil, site["index.html"].Data), src("p{margin:0}")) {
		t.Error("the page's style is not allowed")
	}
}

// FuzzPageCSP: whatever the page, its policy is the server's with only
// hashes added to style-src, one per <style> the page has.
func FuzzPageCSP(f *testing.F) {
	for _, s := range []string{"<style>a{}</style>", "<STYLE>x</style><style>", "<body><style>a{}</style>", "<style>\r\n</style"} {
		f.Add([]byte(s))
	}
	hash := regexp.MustCompile(`^'sha256-[A-Za-z0-9+/]{43}='$`)
	f.Fuzz(func(t *testing.T, page []byte) {
		got := PageCSP(nil, page)
		before, rest, ok := strings.Cut(got, "style-src 'self'")
		styles, after, ok2 := strings.Cut(rest, ";")
		base := CSP(nil)
		if !ok || !ok2 || before+"style-src 'self'"+";"+after != base {
			t.Fatalf("PageCSP changed more than style-src: %s", got)
		}
		n := 0
		for _, s := range strings.Fields(styles) {
			if !hash.MatchString(s) {
				t.Fatalf("style source %q is not a hash", s)
			}
			n++
		}
		if c := strings.Count(strings.ToLower(string(page)), "<style>"); n > c {
			t.Fatalf("%d hashes for %d <style> elements", n, c)
		}
	})
}
