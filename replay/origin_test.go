package replay

import (
	"net/url"
	"testing"
)

func TestOriginKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://localhost:41242/", "http://loopback:41242"},
		{"http://127.0.0.1:41242/x", "http://loopback:41242"},
		{"http://[::1]:41242", "http://loopback:41242"},
		{"http://127.0.0.2:41242", "http://loopback:41242"},
		{"HTTP://LocalHost.:41242", "http://loopback:41242"},
		{"http://app.localhost:41242", "http://loopback:41242"},
		{"http://example.com", "http://example.com:80"},
		{"https://example.com/a", "https://example.com:443"},
		{"http://[2001:db8::1]:8080", "http://[2001:db8::1]:8080"},
		{"http://10.0.0.1:8080", "http://10.0.0.1:8080"},
	} {
		u, err := url.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := OriginKey(u); got != tc.want {
			t.Errorf("OriginKey(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestUnder(t *testing.T) {
	for _, tc := range []struct {
		u, base string
		want    int
	}{
		{"http://127.0.0.1:8080/reviewer/rest/message:send", "http://localhost:8080/reviewer", 9},
		{"http://localhost:8080/reviewer", "http://localhost:8080/reviewer/", 9},
		{"http://localhost:8080/reviewers", "http://localhost:8080/reviewer", -1},
		{"http://localhost:8080/review", "http://localhost:8080/reviewer", -1},
		{"http://localhost:8080/anything", "http://localhost:8080", 0},
		{"http://localhost:8080/anything", "http://localhost:8081", -1},
		{"https://localhost:8080/", "http://localhost:8080", -1},
		{"http://[::1]:8080/deployer/approve/x", "http://127.0.0.1:8080/deployer", 9},
	} {
		u, _ := url.Parse(tc.u)
		b, _ := url.Parse(tc.base)
		if got := Under(u, b); got != tc.want {
			t.Errorf("Under(%s, %s) = %d, want %d", tc.u, tc.base, got, tc.want)
		}
	}
}
