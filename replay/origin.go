package replay

import (
	"net"
	"net/url"
	"strings"
)

// An agent is known by its card's URLs, not by the origin it is served
// from: agents may share an origin under different paths, and one agent
// may be reached as localhost, 127.0.0.1 or [::1] on the same port.
// OriginKey and Under are how a2aplay tells which agent a URL belongs to.

// OriginKey returns the origin of u as a key under which every name of
// the loopback host is one ("localhost" and its subdomains, 127.0.0.0/8,
// ::1 all become "loopback") and the default port is written out:
// "http://loopback:41242".
func OriginKey(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		host = "loopback"
	} else if ip := net.ParseIP(host); ip != nil {
		if ip.IsLoopback() {
			host = "loopback"
		} else {
			host = ip.String()
		}
	}
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

// Under tells how deep u lies under base: the length of base's path
// (without a trailing slash) when u has base's origin (as OriginKey
// sees it) and its path is base's path or below it, segment by segment;
// -1 otherwise. http://127.0.0.1:8080/reviewer/rest/message:send lies
// under http://localhost:8080/reviewer (9), not under
// http://localhost:8080/review. Of several agents' URLs, the deepest
// one u lies under names its agent.
func Under(u, base *url.URL) int {
	if u == nil || base == nil || OriginKey(u) != OriginKey(base) {
		return -1
	}
	bp := strings.TrimRight(base.Path, "/")
	p := u.Path
	if bp == "" || p == bp || strings.HasPrefix(p, bp+"/") {
		return len(bp)
	}
	return -1
}
