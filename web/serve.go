package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"regexp"
	"strings"
	"time"
)

// ServeOptions tunes [Handler].
type ServeOptions struct {
	// ConnectSrc lists origins the page may fetch from besides its own,
	// added to the Content-Security-Policy's connect-src. The Live mode's
	// remote agents need them; replay needs none.
	ConnectSrc []string
}

// DefaultConnectSrc are the origins "a2aplay serve" lets the page fetch
// from besides its own, unless told otherwise: any port of localhost,
// where the kit runs under "a2aplay agents".
var DefaultConnectSrc = []string{"http://localhost:*", "http://127.0.0.1:*"}

// CSP returns the Content-Security-Policy the server sends. Scripts come
// only from the site itself, WebAssembly may compile, styles only from
// the site's stylesheets (the diagram is styled by classes, never by
// inline style), and nothing may frame the page. A page that carries
// its style sheet inline gets [PageCSP].
func CSP(connectSrc []string) string { return policy(connectSrc, nil) }

// PageCSP is the policy the server sends with an HTML page: [CSP], with
// each style sheet the page carries in a <style> element of its head
// allowed by its hash (the site's page carries its own, so that its
// first paint waits for no other file). Nothing else inline is allowed:
// no script, no style attribute, no <style> in the body or with
// attributes.
func PageCSP(connectSrc []string, page []byte) string {
	return policy(connectSrc, inlineStyles(page))
}

func policy(connectSrc, styles []string) string {
	connect := "'self'"
	for _, c := range connectSrc {
		connect += " " + c
	}
	style := "'self'"
	for _, h := range styles {
		style += " " + h
	}
	return "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src " + style + "; " +
		"img-src 'self' data: blob:; connect-src " + connect + "; object-src 'none'; " +
		"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// inlineStyles returns the CSP hash sources of the <style> elements in
// page's head (before its <body>), written as <style> with no
// attributes: the hash of each one's text as the browser reads it, its
// line endings made "\n".
func inlineStyles(page []byte) []string {
	head := page
	if i := indexFold(page, "<body"); i >= 0 {
		head = page[:i]
	}
	var out []string
	for {
		i := indexFold(head, "<style>")
		if i < 0 {
			return out
		}
		head = head[i+len("<style>"):]
		end := indexFold(head, "</style")
		if end < 0 {
			return out // never closed: the browser would not apply it either
		}
		text := bytes.ReplaceAll(head[:end], []byte("\r\n"), []byte("\n"))
		text = bytes.ReplaceAll(text, []byte("\r"), []byte("\n"))
		out = append(out, hashSrc(text))
		head = head[end:]
	}
}

// indexFold is the index of the first ASCII-case-insensitive match of
// tag (lower case) in b, or -1.
func indexFold(b []byte, tag string) int {
	for i := 0; i+len(tag) <= len(b); i++ {
		if bytes.EqualFold(b[i:i+len(tag)], []byte(tag)) {
			return i
		}
	}
	return -1
}

// Handler serves a built site from root. It answers GET and HEAD only,
// sends each file with its MIME type, prefers a precompressed NAME.br or
// NAME.gz when the client accepts it, lets hashed assets be cached for a
// year and makes everything else revalidate, and sends a strict
// Content-Security-Policy with every answer.
func Handler(root fs.FS, o ServeOptions) http.Handler {
	return &server{root: root, connect: o.ConnectSrc, csp: CSP(o.ConnectSrc)}
}

type server struct {
	root    fs.FS
	connect []string
	csp     string
}

// hashed matches the names of content-addressed assets, "style.0123456789.css".
var hashed = regexp.MustCompile(`\.[0-9a-f]{10}\.[a-z]+$`)

var types = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".wasm": "application/wasm",
	".svg":  "image/svg+xml",
	".json": "application/json",
	".har":  "application/json",
	".http": "text/plain; charset=utf-8",
	".txt":  "text/plain; charset=utf-8",
	".md":   "text/plain; charset=utf-8",
	".png":  "image/png",
	".ico":  "image/x-icon",
}

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", s.csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")

	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// path.Clean drops a trailing slash; a directory's address keeps it.
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	dir := name == "" || strings.HasSuffix(r.URL.Path, "/")
	if dir {
		name = path.Join(name, "index.html")
	}
	if ext := path.Ext(name); ext == ".br" || ext == ".gz" {
		// Precompressed variants are chosen by Accept-Encoding, not named.
		http.NotFound(w, r)
		return
	}
	data, st, err := readRegular(s.root, name)
	if errors.Is(err, errDirectory) && !dir {
		// "/lessons" names a folder: send the browser to "/lessons/", whose
		// relative links resolve inside it, if the folder has an index.
		if _, _, err := readRegular(s.root, path.Join(name, "index.html")); err == nil {
			// Relative, so that it holds under a path prefix too; "./" so
			// that no folder's name reads as a scheme.
			h.Set("Location", "./"+url.PathEscape(path.Base(name))+"/")
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
	}
	if err != nil {
		http.NotFound(w, r)
		return
	}

	h.Set("Content-Type", contentType(name))
	if path.Ext(name) == ".html" {
		h.Set("Content-Security-Policy", PageCSP(s.connect, data))
	}
	if hashed.MatchString(name) {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if s.hasVariants(name) {
		h.Add("Vary", "Accept-Encoding")
	}
	if enc, variant := s.variant(name, r.Header.Get("Accept-Encoding")); variant != nil {
		data = variant
		h.Set("Content-Encoding", enc)
	}
	sum := sha256.Sum256(data)
	h.Set("ETag", `"`+hex.EncodeToString(sum[:8])+`"`)
	http.ServeContent(w, r, "", modTime(st.ModTime()), bytes.NewReader(data))
}

// errDirectory is what [readRegular] says of a folder.
var errDirectory = errors.New("a directory")

// readRegular reads name from root if it is a regular file: not a
// folder, a device or a named pipe (whose open would wait for a writer).
// It checks the name before opening it and the file it opened, so a file
// swapped in between is not read. A symbolic link is followed as far as
// root lets it: [Dir]'s file system refuses one that leads out of its
// folder.
func readRegular(root fs.FS, name string) ([]byte, fs.FileInfo, error) {
	st, err := fs.Stat(root, name)
	if err != nil {
		return nil, nil, err
	}
	if err := regular(name, st); err != nil {
		return nil, nil, err
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, nil, err
	}
	if err := regular(name, st); err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	return data, st, nil
}

func regular(name string, st fs.FileInfo) error {
	switch {
	case st.IsDir():
		return errDirectory
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file (%v)", name, st.Mode().Type())
	}
	return nil
}

// Dir is the file system [Handler] should serve a folder through: the
// files under dir, where a symbolic link may point elsewhere under dir but
// never out of it (an [os.Root]'s rules), unlike [os.DirFS].
func Dir(dir string) (fs.FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return root.FS(), nil
}

func modTime(t time.Time) time.Time {
	if t.IsZero() || t.Unix() <= 0 {
		return time.Time{}
	}
	return t
}

// variant reads the precompressed file to send for name, brotli first,
// if the client accepts it and it is a regular file.
func (s *server) variant(name, accept string) (encoding string, data []byte) {
	for _, v := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(accept, v.enc) {
			continue
		}
		if data, _, err := readRegular(s.root, name+v.ext); err == nil {
			return v.enc, data
		}
	}
	return "", nil
}

func (s *server) hasVariants(name string) bool {
	for _, ext := range []string{".br", ".gz"} {
		if _, err := fs.Stat(s.root, name+ext); err == nil {
			return true
		}
	}
	return false
}

// accepts reports whether an Accept-Encoding header value allows coding
// enc: listed by name or by "*", without q=0.
func accepts(header, enc string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		zero := qZero(params)
		switch name {
		case enc:
			return !zero
		case "*":
			star = !zero
		}
	}
	return star
}

func qZero(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			v = strings.TrimSpace(v)
			return strings.Trim(v, "0.") == "" // "0", "0.0", "0.000"
		}
	}
	return false
}
