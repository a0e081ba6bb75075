package agents

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aproject/a2a-go/v2/a2a"
)

// BodyTimeout is how long an agent waits for a request's whole body; a
// client that sends it slower is cut off (408 and the connection closed).
const BodyTimeout = 10 * time.Second

// ProtocolVersion is the A2A version the kit speaks (Major.Minor, §3.6).
const ProtocolVersion = "1.0"

// DefaultOperatorOrigins are the browser origins allowed to call the
// deployer's approve and refuse endpoints when the operator names none:
// the playground served on this machine, on any port.
var DefaultOperatorOrigins = []string{"http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"}

// CheckOrigin checks an allowed-origin pattern: scheme://host or
// scheme://host:port, with "*" for any port; no path, no wildcard host.
func CheckOrigin(pattern string) error {
	u, err := url.Parse(strings.Replace(pattern, ":*", "", 1))
	switch {
	case err != nil:
		return fmt.Errorf("origin %q: %w", pattern, err)
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("origin %q: want http:// or https://", pattern)
	case u.Host == "" || strings.Contains(u.Host, "*"):
		return fmt.Errorf("origin %q: want a host name, without wildcards", pattern)
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return fmt.Errorf("origin %q: want scheme://host[:port] only", pattern)
	case strings.Count(pattern, "*") > 1 || (strings.Contains(pattern, "*") && !strings.HasSuffix(pattern, ":*")):
		return fmt.Errorf("origin %q: \"*\" stands only for the port, as in http://localhost:*", pattern)
	}
	return nil
}

// originAllowed reports whether a browser's Origin header matches one of
// the patterns.
func originAllowed(patterns []string, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" {
		return false // "null" and anything odd
	}
	for _, p := range patterns {
		if base, anyPort := strings.CutSuffix(p, ":*"); anyPort {
			if strings.EqualFold(u.Scheme+"://"+u.Hostname(), base) || strings.EqualFold(u.Scheme+"://["+u.Hostname()+"]", base) {
				return true
			}
		} else if strings.EqualFold(origin, p) {
			return true
		}
	}
	return false
}

// acceptsMediaType reports whether a Content-Type is one the kit takes:
// the two the A2A bindings name (§9.1, §11.1), not any JSON
// ([binding.IsJSON] says what JSON is).
func acceptsMediaType(contentType string) bool {
	switch binding.MediaType(contentType) {
	case binding.JSONRPCMediaType, binding.HTTPJSONMediaType:
		return true
	}
	return false
}

// hasBody reports whether a request carries a body.
func hasBody(r *http.Request) bool {
	return r.ContentLength > 0 || (r.ContentLength < 0 && r.Body != nil && r.Body != http.NoBody)
}

// a2aRoutes guards the protocol bindings. A body must be JSON (415
// otherwise), so no browser can send one without a CORS preflight (a
// "simple request" may only be form data or text/plain). A POST from a
// browser (it says its Origin) must carry Content-Type application/json
// or the A2A-Version header, either of which is preflighted: a2a-go's
// client posts cancel and subscribe with no body at all. A version given
// as the A2A-Version query parameter (§3.6.1) is moved to the header,
// where a2a-go and versionCheck read it.
func a2aRoutes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ct := r.Header.Get("Content-Type")
		switch {
		case hasBody(r) && !acceptsMediaType(ct):
			unsupportedMedia(w, ct)
			return
		case r.Method == http.MethodPost && r.Header.Get("Origin") != "" && !acceptsMediaType(ct) && r.Header.Get(a2a.SvcParamVersion) == "":
			unsupportedMedia(w, ct)
			return
		}
		if v := r.URL.Query().Get(a2a.SvcParamVersion); v != "" && r.Header.Get(a2a.SvcParamVersion) == "" {
			r.Header.Set(a2a.SvcParamVersion, v)
		}
		next.ServeHTTP(w, r)
	})
}

func unsupportedMedia(w http.ResponseWriter, ct string) {
	if ct == "" {
		ct = "none"
	}
	w.Header().Set("Accept-Post", binding.JSONRPCMediaType)
	httpError(w, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %s: send %s", quoteClip(ct, 60), binding.JSONRPCMediaType))
}

// cors answers CORS for the agent's routes. The card and the protocol
// bindings allow any origin, without credentials, so that any page can
// drive the kit (they take JSON only: a2aRoutes). The operator's approve
// and refuse endpoints, a channel outside A2A, allow only the operator's
// origins (operatorRoutes).
func cors(operator []string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isOperatorPath(r.URL.Path) {
			operatorRoutes(operator, next).ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "A2A-Version, A2A-Extensions, Authorization, Content-Type, Accept")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func isOperatorPath(p string) bool {
	return strings.HasPrefix(p, ApprovePath) || strings.HasPrefix(p, RefusePath)
}

// operatorRoutes guards POST /approve/{id} and /refuse/{id}. A request
// without an Origin header comes from no browser page (curl, the capture,
// the playground's own worker) and passes. A request with one must come
// from an allowed origin and be preflighted, which its Content-Type
// application/json forces; the preflight itself is answered only for an
// allowed origin. Anything else gets 403 (or 415), and the deploy waits on.
func operatorRoutes(allowed []string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		h := w.Header()
		h.Add("Vary", "Origin")
		if origin == "" {
			if r.Method == http.MethodOptions {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		if !originAllowed(allowed, origin) {
			httpError(w, http.StatusForbidden, fmt.Sprintf("origin %s may not decide deploys; the operator allows %s", quoteClip(origin, 80), andList(allowed)))
			return
		}
		h.Set("Access-Control-Allow-Origin", origin)
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "POST")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		// A page may read the challenge of a 401.
		h.Set("Access-Control-Expose-Headers", "WWW-Authenticate")
		if ct := r.Header.Get("Content-Type"); !acceptsMediaType(ct) {
			unsupportedMedia(w, ct)
			return
		}
		next.ServeHTTP(w, r)
	})
}
