package replay

import (
	"net/url"
	"strings"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
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

// v03Mark is what [Step].Version says of an exchange's steps: "0.3" or
// "".
func v03Mark(x *Exchange) string {
	if ExchangeVersion(x) == V03 {
		return V03
	}
	return ""
}

// requestVersionHeader is the request's A2A-Version header, or its
// query parameter, trimmed; "" when neither says one.
func requestVersionHeader(rq *Request) string {
	for _, h := range rq.Header {
		if strings.EqualFold(h.Name, "A2A-Version") {
			if v := strings.TrimSpace(h.Value); v != "" {
				return v
			}
		}
	}
	if i := strings.IndexByte(rq.URL, '?'); i >= 0 {
		if q, err := url.ParseQuery(rq.URL[i+1:]); err == nil {
			return strings.TrimSpace(q.Get("A2A-Version"))
		}
	}
	return ""
}

// majorMinor returns "1.0" for "1.0.1"; a version that is not two or
// three numbers comes back as it is.
func majorMinor(v string) string {
	parts := strings.Split(v, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return v
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return v
		}
	}
	return parts[0] + "." + parts[1]
}

// cardIsV03 reports whether a card body has 0.3's shape: a top-level
// protocolVersion and no supportedInterfaces.
func cardIsV03(body string) bool {
	var c v03Card
	r := jsonread.NewReader(body)
	if r.Peek() != '{' {
		return false
	}
	r.ReadObject(&c)
	return c.protocolVersion != "" && !c.interfaces
}

type v03Card struct {
	protocolVersion string
	interfaces      bool
}

func (c *v03Card) Member(r *jsonread.Reader, key string) {
	switch key {
	case "protocolVersion":
		r.ReadString(&c.protocolVersion)
	case "supportedInterfaces":
		c.interfaces = r.Raw() != "null"
	default:
		r.Skip()
	}
}

// V03State returns the v1.0 name of a 0.3 task state ("input-required"
// is TASK_STATE_INPUT_REQUIRED), and ok false for a name 0.3 does not
// have.
func V03State(s string) (state string, ok bool) {
	switch s {
	case "submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "unknown":
		if s == "unknown" {
			return "TASK_STATE_UNSPECIFIED", true
		}
		return "TASK_STATE_" + strings.ToUpper(strings.ReplaceAll(s, "-", "_")), true
	}
	return "", false
}

// The kinds of 0.3's objects, which say what a result or a frame is
// where 1.0 wraps it in a member named for it.
var v03Events = map[string]string{
	"task":            "task",
	"message":         "message",
	"status-update":   "statusUpdate",
	"artifact-update": "artifactUpdate",
}

// readV03Payload reads what a 0.3 reply or frame carries: its "kind"
// says which object it is, its states are 0.3's lower-case names, and a
// frame with "final": true is the last of its stream. It reports false
// when p has no kind 0.3 knows, and leaves s as it was.
func readV03Payload(s *Step, p *wire) bool {
	ev, ok := v03Events[p.Kind]
	if !ok {
		return false
	}
	var one wire
	switch ev {
	case "task":
		if p.Status != nil {
			p.Status.State = v03StateOrRaw(p.Status.State)
		}
		one.Task = p
	case "statusUpdate":
		if p.Status != nil {
			p.Status.State = v03StateOrRaw(p.Status.State)
		}
		one.StatusUpdate = p
	case "artifactUpdate":
		one.ArtifactUpdate = p
	case "message":
		one.Message = p
	}
	readPayload(s, &one)
	s.Final = p.Final == "true"
	return true
}

// v03StateOrRaw maps a 0.3 state to its v1.0 name, or keeps what is not
// one, so that it shows as the transcript says it.
func v03StateOrRaw(s string) string {
	if v, ok := V03State(s); ok {
		return v
	}
	return s
}

// V03StateName is [V03State] the other way: the 0.3 name of a v1.0 task
// state ("TASK_STATE_INPUT_REQUIRED" is "input-required"), and ok false
// for a state 0.3 does not have.
func V03StateName(state string) (name string, ok bool) {
	if state == "TASK_STATE_UNSPECIFIED" {
		return "unknown", true
	}
	s, found := strings.CutPrefix(state, "TASK_STATE_")
	if !found {
		return "", false
	}
	name = strings.ToLower(strings.ReplaceAll(s, "_", "-"))
	if back, ok := V03State(name); !ok || back != state {
		return "", false
	}
	return name, true
}

// V03Kind is the "kind" 0.3 gives the object a [Step].Event names
// ("statusUpdate" is "status-update"), and "" for an event 0.3 has no
// kind for.
func V03Kind(event string) string {
	for k, ev := range v03Events {
		if ev == event {
			return k
		}
	}
	return ""
}
