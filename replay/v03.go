package replay

import (
	"strings"

	"github.com/a2aplay/a2aplay/binding"
)

// Versions of A2A an exchange can speak, as [ExchangeVersion] tells them.
const (
	V10 = "1.0"
	V03 = "0.3"
)

// ExchangeVersion says which version of A2A an exchange speaks, from
// what its request says, in this order:
//
//   - an exchange outside A2A (out of band) speaks none: "";
//   - a GET of an agent card speaks what the card does: 0.3 for a card
//     with a top-level protocolVersion and no supportedInterfaces (0.3's
//     shape), else 1.0 (a card with both, a2a-go's compat card, is read
//     by either);
//   - a request with an A2A-Version header, or query parameter, that is
//     not empty speaks its Major.Minor (a patch number is ignored, §3.6):
//     "1.0", "0.3", or any other version as given;
//   - a JSON-RPC request without one speaks the version of its method's
//     name: 0.3 for "message/send" and the other names of
//     [binding.V03Methods], 1.0 for "SendMessage" and the other names of
//     [binding.Ops];
//   - an HTTP+JSON request without one speaks 0.3 under a /v1 prefix
//     (where 0.3's binding puts its routes), else 1.0.
//
// Each exchange is read as its own version, so a transcript may mix them.
func ExchangeVersion(x *Exchange) string {
	if x == nil || x.Channel == ChannelOutOfBand {
		return ""
	}
	rq := &x.Request
	path := withoutQuery(urlPath(rq.URL))
	if rq.Method == "GET" && IsCardPath(path) {
		if x.Response != nil && cardIsV03(x.Response.Body) {
			return V03
		}
		return V10
	}
	if v := requestVersionHeader(rq); v != "" {
		return majorMinor(v)
	}
	var w wire
	if decode(rq.Body, &w) && w.JSONRPC != "" && w.Method != "" {
		if _, old := binding.V03Methods[w.Method]; old && !binding.Known(w.Method) {
			return V03
		}
		return V10
	}
	if r, ok := binding.Match(rq.Method, path); ok && strings.HasSuffix(r.Prefix, "/v1") {
		return V03
	}
	return V10
}

// requestVersionHeader is the request's A2A-Version header, or its
// query parameter (§3.6.1), trimmed; "" when neither says one.
func requestVersionHeader(rq *Request) string {
	for _, h := range rq.Header {
		if strings.EqualFold(h.Name, "A2A-Version") {
			if v := strings.TrimSpace(h.Value); v != "" {
				return v
			}
		}
	}
	_, q, _ := strings.Cut(rq.URL, "?")
	for q != "" {
		var kv string
		kv, q, _ = strings.Cut(q, "&")
		if v, ok := strings.CutPrefix(kv, "A2A-Version="); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// majorMinor returns the Major.Minor of a version: "1.0" for "1.0.1";
// what has no second "." comes back as it is.
func majorMinor(v string) string {
	if i := strings.IndexByte(v, '.'); i >= 0 {
		if j := strings.IndexByte(v[i+1:], '.'); j >= 0 {
			return v[:i+1+j]
		}
	}
	return v
}

// cardIsV03 reports whether a card body has 0.3's shape: a top-level
// protocolVersion and no supportedInterfaces.
func cardIsV03(body string) bool {
	var w wire
	return decode(body, &w) && w.ProtocolVersion != "" && (w.SupportedInterfaces == "" || w.SupportedInterfaces == "null")
}

// V03State returns the v1.0 name of a 0.3 task state ("input-required"
// is TASK_STATE_INPUT_REQUIRED; "unknown" TASK_STATE_UNSPECIFIED), and
// ok false for a name 0.3 does not have.
func V03State(s string) (state string, ok bool) {
	const names = " submitted working input-required completed canceled failed rejected auth-required unknown "
	if s == "" || strings.ContainsRune(s, ' ') || !strings.Contains(names, " "+s+" ") {
		return "", false
	}
	if s == "unknown" {
		s = "unspecified"
	}
	return "TASK_STATE_" + strings.ToUpper(strings.ReplaceAll(s, "-", "_")), true
}

// readV03Payload reads what a 0.3 reply or frame carries: its "kind"
// says which object it is where 1.0 wraps it in a member named for it,
// its states are 0.3's lower-case names, and a frame with "final": true
// is the last of its stream. It reports false when p has no kind 0.3
// knows, and leaves s as it was.
func readV03Payload(s *Step, p *wire) bool {
	var one wire
	switch p.Kind {
	case "task":
		one.Task = p
	case "status-update":
		one.StatusUpdate = p
	case "artifact-update":
		one.ArtifactUpdate = p
	case "message":
		one.Message = p
	default:
		return false
	}
	if p.Status != nil {
		// A state 0.3 does not name shows as the transcript says it.
		if v, ok := V03State(p.Status.State); ok {
			p.Status.State = v
		}
	}
	readPayload(s, &one)
	s.Final = p.Final == "true"
	return true
}
