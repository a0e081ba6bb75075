package web

import (
	"strings"
	"testing"
)

func TestCheckConnectSource(t *testing.T) {
	for _, ok := range []string{
		"http://localhost:41241", "http://localhost:*", "http://127.0.0.1:*",
		"https://agent.example", "HTTPS://Agent.Example:443", "wss://agent.example/a2a/",
		"https://*.example.org", "agent.example", "localhost:41243", "https://agent.example.",
		"https://agent.example/v1/rest:send",
	} {
		if err := CheckConnectSource(ok); err != nil {
			t.Errorf("CheckConnectSource(%q) = %v, want nil", ok, err)
		}
	}
	for _, tc := range []struct{ src, why string }{
		{"", "empty"},
		{"*", "every origin"},
		{"http://*", "every host"},
		{"https:", "a scheme alone"},
		{"javascript:", "a scheme alone"},
		{"data:", "a scheme alone"},
		{"javascript:alert(1)", "no scheme the page fetches with"},
		{"javascript://agent.example", "scheme javascript"},
		{"file:///etc/passwd", "scheme file"},
		{"'self'", "quoted"},
		{"'unsafe-inline'", "quoted"},
		{`"x"`, "quoted"},
		{"http://a; script-src *", "would end the directive"},
		{"http://a;script-src", "would end the directive"},
		{"http://a,default-src", "would end the directive"},
		{"http://a b", "space"},
		{"http://a\x1b]0;x\x07", "control character"},
		{"http://a\r\nSet-Cookie: x", "control character"},
		{"http://a\x00", "control character"},
		{"http://ägent.example", "outside ASCII"},
		{"http://a..b", "empty label"},
		{"http://a.*.b", "cannot appear in a host"},
		{"http://[::1]:8080", "cannot appear in a host"},
		{"http://a:0", "port"},
		{"http://a:65536", "port"},
		{"http://a:12ab", "port"},
		{"http://a/p<x>", "path"},
		{"http://a/:", "ends in"},
		{"http://:80", "no host"},
	} {
		err := CheckConnectSource(tc.src)
		if err == nil {
			t.Errorf("CheckConnectSource(%q) = nil, want an error about %q", tc.src, tc.why)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.why) {
			t.Errorf("CheckConnectSource(%q) = %q, want it to say %q", tc.src, msg, tc.why)
		}
		// The message quotes what it was given: no raw control byte reaches a terminal.
		for _, r := range msg {
			if r < 0x20 || r == 0x7f {
				t.Errorf("CheckConnectSource(%q): message has a raw control byte: %q", tc.src, msg)
				break
			}
		}
	}
}

// FuzzCheckConnectSource checks that whatever a source accepted, it can
// add nothing but itself to the policy: no second directive, keyword or
// header.
func FuzzCheckConnectSource(f *testing.F) {
	for _, s := range []string{"http://localhost:*", "*", "https:", "'self'", "a;b", "http://a/b", "ws://x:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if CheckConnectSource(s) != nil {
			return
		}
		if strings.ContainsAny(s, " ;,'\"\t\r\n\x00") || s == "*" || strings.HasSuffix(s, ":") {
			t.Fatalf("accepted %q", s)
		}
		csp := CSP([]string{s})
		if strings.Count(csp, ";") != strings.Count(CSP(nil), ";") {
			t.Fatalf("%q changed the policy's directives: %s", s, csp)
		}
	})
}
