package record

import (
	"encoding/json"
	"net/url"
	"testing"
)

func testRewriter(t testing.TB) *rewriter {
	rw := &rewriter{}
	for _, a := range []struct{ base, proxy string }{
		{"http://localhost:9000/reviewer", "http://localhost:8999/reviewer"},
		{"http://127.0.0.1:9999", "http://localhost:8999"},
		{"https://agent.example/a2a/", "http://localhost:8999/remote"},
		{"http://[::1]:80", "http://localhost:8999/v6"},
	} {
		u, err := url.Parse(a.base)
		if err != nil {
			t.Fatal(err)
		}
		rw.add(u, a.proxy)
	}
	return rw
}

func TestRewrite(t *testing.T) {
	rw := testRewriter(t)
	for _, tc := range []struct{ in, want string }{
		{`{"url":"http://127.0.0.1:9999/"}`, `{"url":"http://localhost:8999/"}`},
		{`{"url":"http://localhost:9999"}`, `{"url":"http://localhost:8999"}`},
		{`{"url":"http://[::1]:9999/rest"}`, `{"url":"http://localhost:8999/rest"}`},
		{`approve at http://LOCALHOST:9999/approve/t-1.`, `approve at http://localhost:8999/approve/t-1.`},
		{`"http:\/\/127.0.0.1:9999\/x"`, `"http:\/\/localhost:8999\/x"`},
		{`http://localhost:9000/reviewer/rest and http://localhost:9000/reviewers`, `http://localhost:8999/reviewer/rest and http://localhost:9000/reviewers`},
		{`http://localhost:99990/ http://localhost:9999x`, `http://localhost:99990/ http://localhost:9999x`},
		{`https://agent.example/a2a/v1 https://agent.example/other http://agent.example/a2a`, `http://localhost:8999/remote/v1 https://agent.example/other http://agent.example/a2a`},
		{`http://localhost/ http://[::1]:80/x http://localhost:80`, `http://localhost:8999/v6/ http://localhost:8999/v6/x http://localhost:8999/v6`},
		{`ftp://localhost:9999/`, `ftp://localhost:9999/`},
	} {
		got, changed := rw.rewrite(tc.in)
		if got != tc.want || changed != (tc.in != tc.want) {
			t.Errorf("rewrite(%s)\n got %s (changed %v)\nwant %s", tc.in, got, changed, tc.want)
		}
	}
}

// FuzzRewrite checks that rewriting never panics, keeps JSON valid, and
// leaves nothing for a second pass.
func FuzzRewrite(f *testing.F) {
	f.Add(`{"supportedInterfaces":[{"url":"http://127.0.0.1:9999/","protocolBinding":"JSONRPC"}]}`)
	f.Add(`{"text":"approve at http:\/\/localhost:9000\/reviewer\/approve\/1"}`)
	f.Add(`http://[::1]:80http://localhost:9999`)
	rw := testRewriter(f)
	f.Fuzz(func(t *testing.T, s string) {
		got, _ := rw.rewrite(s)
		if json.Valid([]byte(s)) && !json.Valid([]byte(got)) {
			t.Fatalf("rewrite broke JSON: %q -> %q", s, got)
		}
		if again, changed := rw.rewrite(got); changed && again != got {
			// A proxy URL may itself be under an agent's base (the
			// proxy at localhost:9999 would be); none is here.
			t.Fatalf("a second pass changed %q to %q", got, again)
		}
	})
}
