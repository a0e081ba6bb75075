package record

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// A rewriter replaces, in the text an agent sends, the URLs that lead to
// one of the recorded agents with the URLs that lead to it through the
// proxy, so that a client follows them back through the proxy.
type rewriter struct {
	rules []rule
}

type rule struct {
	re   *regexp.Regexp
	with string // the proxy's URL for the agent, without a final "/"
}

// loopback lists the names of the local machine that reach the same
// port: an agent at localhost:9999 may list 127.0.0.1:9999 in its card.
var loopback = []string{"localhost", "127.0.0.1", "[::1]"}

// add makes URLs under base (an absolute URL) lead to proxy. The scheme,
// host and port must match (localhost, 127.0.0.1 and [::1] stand for one
// another), and the path must start with base's path at a segment
// boundary. The slashes may be escaped as in JSON ("http:\/\/host").
func (rw *rewriter) add(base *url.URL, proxy string) {
	port := base.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[base.Scheme]
	}
	hosts := []string{regexp.QuoteMeta(strings.ToLower(base.Hostname()))}
	if strings.Contains(base.Hostname(), ":") {
		hosts[0] = regexp.QuoteMeta("[" + strings.ToLower(base.Hostname()) + "]")
	}
	if replay.IsLoopback(base.Hostname()) {
		hosts = hosts[:0]
		for _, h := range loopback {
			hosts = append(hosts, regexp.QuoteMeta(h))
		}
	}
	portRE := ":" + port
	if (base.Scheme == "http" && port == "80") || (base.Scheme == "https" && port == "443") {
		portRE = "(?::" + port + ")?"
	}
	slash := `(?:/|\\/)`
	path := strings.TrimSuffix(base.EscapedPath(), "/")
	var pathRE strings.Builder
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		if seg != "" {
			pathRE.WriteString(slash + regexp.QuoteMeta(seg))
		}
	}
	re := regexp.MustCompile(`(?i:` + regexp.QuoteMeta(base.Scheme) + `:` + slash + slash + `(?:` + strings.Join(hosts, "|") + `)` + portRE + `)` +
		pathRE.String())
	rw.rules = append(rw.rules, rule{re: re, with: strings.TrimSuffix(proxy, "/")})
}

// rewrite returns s with every URL under an agent's base leading through
// the proxy, and whether anything changed. Longer bases were added
// first, so an agent under a path wins over one at the root of the same
// origin.
func (rw *rewriter) rewrite(s string) (string, bool) {
	changed := false
	for _, r := range rw.rules {
		var b strings.Builder
		last := 0
		for _, m := range r.re.FindAllStringIndex(s, -1) {
			// The base must end where the URL's port or path segment
			// ends: "localhost:99" is not under "localhost:9".
			if m[1] < len(s) && continues(s[m[1]]) {
				continue
			}
			b.WriteString(s[last:m[0]])
			if strings.Contains(s[m[0]:m[1]], `\/`) {
				b.WriteString(strings.ReplaceAll(r.with, "/", `\/`))
			} else {
				b.WriteString(r.with)
			}
			last = m[1]
			changed = true
		}
		if last > 0 {
			b.WriteString(s[last:])
			s = b.String()
		}
	}
	return s, changed
}

// continues reports whether c can continue a port or a path segment.
func continues(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("._~%!$&'()*+,;=:@-", c) >= 0
}
