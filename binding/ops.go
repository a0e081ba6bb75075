package binding

import (
	"net/url"
	"strings"
)

// An Op is one operation of A2A v1.0 in both bindings.
type Op struct {
	Method    string // the JSON-RPC method (§9), which is also the gRPC one
	HTTP      string // the HTTP method of its HTTP+JSON route (§11.3)
	AlsoHTTP  string // a second HTTP method the route takes, or ""
	Path      string // the route's path pattern, root-relative
	Streaming bool   // answered with an event stream (§3.1.2, §3.1.6)
	Request   string // the a2a.proto message of the request
	Result    string // of the result; of each event for a stream
}

// ops is the table, in the order of §5.3. Every pattern is checked
// against spec v1.0.1 §11.3 and a2a.proto, and against the routes a2a-go
// v2.4.0's REST handler registers (binding's tests).
var ops = [...]Op{
	{"SendMessage", "POST", "", "/message:send", false, "SendMessageRequest", "SendMessageResponse"},
	{"SendStreamingMessage", "POST", "", "/message:stream", true, "SendMessageRequest", "StreamResponse"},
	{"GetTask", "GET", "", "/tasks/{id}", false, "GetTaskRequest", "Task"},
	{"ListTasks", "GET", "", "/tasks", false, "ListTasksRequest", "ListTasksResponse"},
	{"CancelTask", "POST", "", "/tasks/{id}:cancel", false, "CancelTaskRequest", "Task"},
	// §11.3's text says POST, a2a.proto binds GET: a2a-go serves both.
	{"SubscribeToTask", "POST", "GET", "/tasks/{id}:subscribe", true, "SubscribeToTaskRequest", "StreamResponse"},
	{"CreateTaskPushNotificationConfig", "POST", "", "/tasks/{id}/pushNotificationConfigs", false, "TaskPushNotificationConfig", "TaskPushNotificationConfig"},
	{"GetTaskPushNotificationConfig", "GET", "", "/tasks/{id}/pushNotificationConfigs/{configId}", false, "GetTaskPushNotificationConfigRequest", "TaskPushNotificationConfig"},
	{"ListTaskPushNotificationConfigs", "GET", "", "/tasks/{id}/pushNotificationConfigs", false, "ListTaskPushNotificationConfigsRequest", "ListTaskPushNotificationConfigsResponse"},
	{"DeleteTaskPushNotificationConfig", "DELETE", "", "/tasks/{id}/pushNotificationConfigs/{configId}", false, "DeleteTaskPushNotificationConfigRequest", "google.protobuf.Empty"},
	{"GetExtendedAgentCard", "GET", "", "/extendedAgentCard", false, "GetExtendedAgentCardRequest", "AgentCard"},
}

// Ops returns the operations of A2A v1.0, in the order of §5.3.
func Ops() []Op { return append([]Op(nil), ops[:]...) }

// ByMethod returns the operation a JSON-RPC method names.
func ByMethod(method string) (Op, bool) {
	if i := find(method); i >= 0 {
		return ops[i], true
	}
	return Op{}, false
}

// Known reports whether method is a JSON-RPC method of A2A v1.0.
func Known(method string) bool { return find(method) >= 0 }

// Streaming reports whether the operation a JSON-RPC method names is
// answered with an event stream.
func Streaming(method string) bool {
	i := find(method)
	return i >= 0 && ops[i].Streaming
}

// Push reports whether a JSON-RPC method names one of the four push
// notification config operations (§3.1.7-10).
func Push(method string) bool {
	return find(method) >= 0 && strings.Contains(method, "PushNotificationConfig")
}

// find returns the index of the operation method names, or -1.
func find(method string) int {
	for i := range ops {
		if ops[i].Method == method {
			return i
		}
	}
	return -1
}

// V03Methods maps the JSON-RPC methods of A2A v0.3, and the names v1.0
// drafts used (Appendix A lists SetTaskPushNotificationConfig as the
// legacy name of Create...), to the v1.0 methods they became.
var V03Methods = map[string]string{
	"message/send": "SendMessage", "message/stream": "SendStreamingMessage",
	"tasks/get": "GetTask", "tasks/list": "ListTasks", "tasks/cancel": "CancelTask",
	"tasks/resubscribe": "SubscribeToTask", "tasks/subscribe": "SubscribeToTask",
	"agent/getAuthenticatedExtendedCard":  "GetExtendedAgentCard",
	"tasks/pushNotificationConfig/set":    "CreateTaskPushNotificationConfig",
	"tasks/pushNotificationConfig/get":    "GetTaskPushNotificationConfig",
	"tasks/pushNotificationConfig/list":   "ListTaskPushNotificationConfigs",
	"tasks/pushNotificationConfig/delete": "DeleteTaskPushNotificationConfig",
	"SetTaskPushNotificationConfig":       "CreateTaskPushNotificationConfig",
	"ListTaskPushNotificationConfig":      "ListTaskPushNotificationConfigs",
}

// A Route is an HTTP+JSON request read against the table.
type Route struct {
	Op       Op
	Prefix   string // the path before the route, as given: "", "/rest", "/v1"
	TaskID   string // the {id} of the path, unescaped
	ConfigID string // the {configId} of the path, unescaped
}

// Match returns the operation an HTTP+JSON request stands for, from its
// HTTP method and its escaped path without the query (see the package
// documentation for the rules). ok is false when no route matches.
func Match(method, path string) (r Route, ok bool) {
	for i := range ops {
		op := &ops[i]
		if method != op.HTTP && (op.AlsoHTTP == "" || method != op.AlsoHTTP) {
			continue
		}
		if ok && strings.Count(op.Path, "/") <= strings.Count(r.Op.Path, "/") {
			continue
		}
		if m, matched := matchPath(op, path); matched {
			r, ok = m, true
		}
	}
	return r, ok
}

// matchPath matches op's pattern against the end of path, one segment
// at a time from the last.
func matchPath(op *Op, path string) (r Route, ok bool) {
	pat, rest := op.Path, path
	last := true
	for pat != "" {
		i, j := strings.LastIndexByte(pat, '/'), strings.LastIndexByte(rest, '/')
		if j < 0 {
			return r, false
		}
		p, seg := pat[i+1:], rest[j+1:]
		pat, rest = pat[:i], rest[:j]
		if last {
			// The verb of the last segment follows its last ":".
			last = false
			var pv, sv string
			if k := strings.LastIndexByte(p, ':'); k >= 0 {
				p, pv = p[:k], p[k+1:]
			}
			if k := strings.LastIndexByte(seg, ':'); k >= 0 {
				seg, sv = seg[:k], seg[k+1:]
			}
			if pv != sv {
				return r, false
			}
		}
		if p == "" || p[0] != '{' {
			if seg != p {
				return r, false
			}
			continue
		}
		v, err := url.PathUnescape(seg)
		if err != nil || seg == "" {
			return r, false
		}
		if p == "{id}" {
			r.TaskID = v
		} else {
			r.ConfigID = v
		}
	}
	r.Op, r.Prefix = *op, rest
	return r, true
}
