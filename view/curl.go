package view

import (
	"strings"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"
)

// Curl writes request r as a curl command that sends it again, for a
// POSIX shell: every argument single-quoted, so nothing in the
// transcript is expanded by the shell. Headers curl sets itself
// (Content-Length, Host) are left out; a request whose answer is a
// stream gets -N, so the frames print as they arrive. A browser's
// Accept-Encoding (gzip, deflate, br in a HAR) becomes --compressed:
// curl then asks for what it can decode and prints the body decoded,
// where the header alone would have it print compressed bytes.
func Curl(r *replay.Request) string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("curl -s")
	if streams(r) {
		b.WriteString("N")
	}
	for _, h := range r.Header {
		if strings.EqualFold(h.Name, "Accept-Encoding") {
			b.WriteString(" --compressed")
			break
		}
	}
	if r.Method != "GET" || r.Body != "" {
		b.WriteString(" -X " + shellQuote(r.Method))
	}
	b.WriteString(" " + shellQuote(r.URL))
	for _, h := range r.Header {
		switch strings.ToLower(h.Name) {
		case "content-length", "host", "accept-encoding":
			continue
		}
		b.WriteString(" \\\n  -H " + shellQuote(h.Name+": "+h.Value))
	}
	if r.Body != "" {
		b.WriteString(" \\\n  --data-raw " + shellQuote(r.Body))
	}
	return b.String()
}

// streams reports whether a request asks for a stream: it accepts
// text/event-stream, or is a call of a streaming operation. Call reads
// an HTTP+JSON route at the end of a path, so the URL's scheme and host
// before it do not matter.
func streams(r *replay.Request) bool {
	for _, h := range r.Header {
		if strings.EqualFold(h.Name, "Accept") && strings.Contains(strings.ToLower(h.Value), "text/event-stream") {
			return true
		}
	}
	path, _, _ := strings.Cut(r.URL, "?")
	name, ok := replay.Call(r.Method, path, []byte(r.Body))
	return ok && binding.Streaming(name)
}

// shellQuote quotes s for a POSIX shell: inside single quotes nothing is
// special, and a single quote is written as '\”.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
