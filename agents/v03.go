package agents

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// Version 0.3 beside 1.0. Every agent speaks both on one port (§3.6): a
// request with an empty or absent A2A-Version, or one naming 0.3 (any
// patch), is served by a2a-go's 0.3 handlers (a2acompat/a2av0), JSON-RPC
// at "/" and HTTP+JSON under V03RESTPath; a request naming 1.0 by the 1.0
// handlers, as before; any other version gets VersionNotSupportedError
// naming both. The two versions share one request handler, so one task
// store, one executor and one set of interceptors: a task begun in 0.3
// may be read in 1.0, and the other way round.
const (
	// V03Version is the older version the kit speaks: a2av0.Version.
	V03Version = "0.3"
	// V03RESTPath is where the 0.3 HTTP+JSON binding's paths begin
	// (/v1/message:send, /v1/tasks/{id}, ...): the 0.3 interface's URL
	// is the base URL, to which 0.3 clients add the prefix themselves.
	// It is a2av0.RESTPathPrefix (a test holds the two constants to
	// a2a-go's).
	V03RESTPath = "/v1"
	// LegacyCardPath is the card's address before 0.3 (0.2 and early 0.3
	// clients ask it): the same card as at CardPath.
	LegacyCardPath = "/.well-known/agent.json"
)

// served versions, as versionCheck reads them from the request's context.
type servedVersionKey struct{}

// serving marks the request's context with the version of the handler
// that serves it.
func serving(version string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), servedVersionKey{}, version)))
	})
}

// requestVersion is the version a request names: its A2A-Version header,
// trimmed (a2aRoutes has moved a query parameter there).
func requestVersion(h http.Header) string { return strings.TrimSpace(h.Get(a2a.SvcParamVersion)) }

// majorMinor is the Major.Minor of a version string ("1.0.1" -> "1.0"),
// or "" when it is not one; "" (no version) means 0.3 (§3.6.2).
func majorMinor(v string) string {
	if v == "" {
		return V03Version
	}
	parts := strings.Split(v, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return ""
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return ""
		}
	}
	return parts[0] + "." + parts[1]
}

// byVersion sends a JSON-RPC request to the handler of the version it
// names: v03 for 0.3, v10 for anything else (which refuses all but 1.0
// in 1.0's error shape).
func byVersion(v03, v10 http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if majorMinor(requestVersion(r.Header)) == V03Version {
			v03.ServeHTTP(w, r)
			return
		}
		v10.ServeHTTP(w, r)
	})
}

// interfaces are the card's interfaces: each binding in each version
// the build serves. The 1.0 ones come first, so that a 1.0 client
// prefers them.
func interfaces(baseURL string) []*a2a.AgentInterface {
	in := []*a2a.AgentInterface{
		a2a.NewAgentInterface(baseURL+"/", a2a.TransportProtocolJSONRPC),
		a2a.NewAgentInterface(baseURL+RESTPath, a2a.TransportProtocolHTTPJSON),
	}
	if !servesV03 {
		return in
	}
	v03 := func(url string, b a2a.TransportProtocol) *a2a.AgentInterface {
		return &a2a.AgentInterface{URL: url, ProtocolBinding: b, ProtocolVersion: V03Version}
	}
	return append(in, v03(baseURL+"/", a2a.TransportProtocolJSONRPC), v03(baseURL, a2a.TransportProtocolHTTPJSON))
}

// speaks names the versions the build serves, for VersionNotSupported.
func speaks() string {
	if !servesV03 {
		return fmt.Sprintf("this agent speaks %s (A2A-Version: %s)", ProtocolVersion, ProtocolVersion)
	}
	return fmt.Sprintf("this agent speaks %s (A2A-Version: %s) and %s (no A2A-Version header)", ProtocolVersion, ProtocolVersion, V03Version)
}

// versionCheck answers VersionNotSupportedError (§3.6.2) to a request
// whose version is not the one of the handler serving it, in that
// binding's own error shape (a2a-go writes it: JSON-RPC -32009, HTTP+JSON
// 400 with reason VERSION_NOT_SUPPORTED), naming the versions the kit
// speaks. A patch number (1.0.1) is ignored, as §3.6 says.
type versionCheck struct {
	a2asrv.PassthroughCallInterceptor
}

func (versionCheck) Before(ctx context.Context, cc *a2asrv.CallContext, req *a2asrv.Request) (context.Context, any, error) {
	var v string
	if vs, ok := cc.ServiceParams().Get(a2a.SvcParamVersion); ok && len(vs) > 0 {
		v = strings.TrimSpace(vs[0])
	}
	served, _ := ctx.Value(servedVersionKey{}).(string)
	return ctx, nil, checkVersion(served, v)
}

// checkVersion checks a request's version v against the version served
// ("" is taken as 1.0: a call that reached the handler some other way).
func checkVersion(served, v string) error {
	if served == "" {
		served = ProtocolVersion
	}
	got := majorMinor(v)
	if got == served {
		return nil
	}
	speaks := speaks()
	switch {
	case v == "":
		return fmt.Errorf("%w: no A2A-Version header, which means version %s (§3.6.2), at a %s address; %s", a2a.ErrVersionNotSupported, V03Version, served, speaks)
	case got == V03Version || got == ProtocolVersion:
		where := "the 1.0 HTTP+JSON binding is under " + RESTPath
		if served == ProtocolVersion {
			where = "the 0.3 HTTP+JSON binding is under " + V03RESTPath
		}
		return fmt.Errorf("%w: A2A-Version %s at a %s address; %s", a2a.ErrVersionNotSupported, quoteClip(v, 20), served, where)
	}
	return fmt.Errorf("%w: A2A-Version %s; %s", a2a.ErrVersionNotSupported, quoteClip(v, 20), speaks)
}
