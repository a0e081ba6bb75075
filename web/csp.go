package web

import (
	"fmt"
	"strconv"
	"strings"
)

// CheckConnectSource says what is wrong with s as one more source of the
// page's connect-src, or returns nil. It accepts the host sources of the
// CSP grammar that name agents, with an optional scheme of the ones fetch
// and WebSocket use, an optional "*." before the host, a port (digits or
// "*") and a path:
//
//	http://localhost:41241   https://agent.example   http://127.0.0.1:*
//	https://*.example.org    wss://agent.example/a2a  agent.example
//
// It refuses anything that would widen the policy past the origins named
// or change it otherwise: "*" and scheme-only sources such as "https:"
// (every host), keywords ('self', 'unsafe-inline', ...), schemes such as
// javascript: and data:, ";" and "," (which end a directive or a policy),
// spaces, control and non-ASCII characters.
func CheckConnectSource(s string) error {
	if err := checkSource(s); err != nil {
		return fmt.Errorf("connect source %q: %s; give an origin like http://localhost:41241 or http://localhost:*", s, err)
	}
	return nil
}

func checkSource(s string) error {
	if s == "" {
		return fmt.Errorf("empty")
	}
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7f:
			return fmt.Errorf("has a control character")
		case r > 0x7e:
			return fmt.Errorf("has a character %q outside ASCII (write a host in its xn-- form)", r)
		case r == ' ':
			return fmt.Errorf("has a space (give each source on its own)")
		case r == ';' || r == ',':
			return fmt.Errorf("has %q, which would end the directive", r)
		case r == '\'' || r == '"':
			return fmt.Errorf("is quoted: keywords and hashes are not origins")
		}
	}
	if s == "*" {
		return fmt.Errorf("allows every origin")
	}
	rest := s
	if scheme, after, ok := strings.Cut(s, "://"); ok {
		switch strings.ToLower(scheme) {
		case "http", "https", "ws", "wss":
		default:
			return fmt.Errorf("scheme %s: is not one the page fetches with (http, https, ws, wss)", scheme)
		}
		rest = after
	} else if scheme, ok := strings.CutSuffix(s, ":"); ok {
		// "https:" allows every host; "javascript:" and "data:" are no agents.
		return fmt.Errorf("a scheme alone (%s:) allows every host of it", scheme)
	}
	hostPort, pathPart := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		hostPort, pathPart = rest[:i], rest[i:]
	}
	host, port, hasPort := strings.Cut(hostPort, ":")
	if err := checkHost(host); err != nil {
		return err
	}
	if hasPort && port != "*" && !isPort(port) {
		if rest == s && isScheme(host) {
			return fmt.Errorf("%s: is no scheme the page fetches with, nor a host and port", host)
		}
		return fmt.Errorf("port %q: give a number from 1 to 65535, or *", port)
	}
	for _, r := range pathPart {
		if !isPathChar(r) {
			return fmt.Errorf("path %q: %q cannot appear in it", pathPart, r)
		}
	}
	if strings.HasSuffix(pathPart, ":") {
		// Allowed by RFC 3986, but no agent's path ends so, and a source
		// that ends in ":" reads at a glance as a scheme, which allows
		// every host of it.
		return fmt.Errorf("path %q ends in \":\"", pathPart)
	}
	return nil
}

func checkHost(host string) error {
	if host == "" {
		return fmt.Errorf("no host")
	}
	if host == "*" {
		return fmt.Errorf("host * allows every host")
	}
	labels := strings.TrimPrefix(host, "*.")
	labels = strings.TrimSuffix(labels, ".")
	for _, l := range strings.Split(labels, ".") {
		if l == "" {
			return fmt.Errorf("host %q has an empty label", host)
		}
		for _, r := range l {
			if !isAlnum(r) && r != '-' {
				return fmt.Errorf("host %q: %q cannot appear in a host (a * only as its first label)", host, r)
			}
		}
	}
	return nil
}

// isScheme reports whether s is an RFC 3986 scheme.
func isScheme(s string) bool {
	if s == "" || !isAlpha(rune(s[0])) {
		return false
	}
	for _, r := range s {
		if !isAlnum(r) && r != '+' && r != '-' && r != '.' {
			return false
		}
	}
	return true
}

func isPort(s string) bool {
	if s == "" || len(s) > 5 || strings.Trim(s, "0123456789") != "" {
		return false
	}
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 65535
}

// isPathChar reports whether r may appear in a source's path: RFC 3986's
// pchar and "/", less ";" and "," which CSP reserves, and less the quote.
func isPathChar(r rune) bool {
	return isAlnum(r) || strings.ContainsRune("-._~%!$&()*+=:@/", r)
}

func isAlpha(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }
func isAlnum(r rune) bool { return isAlpha(r) || '0' <= r && r <= '9' }
