package binding

import (
	"strings"
	"testing"
)

// TestMatch is the table of what an HTTP+JSON request stands for.
func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		method, path           string
		op                     string // "" for no route
		prefix, task, configID string
	}{
		// Every route at the root.
		{"POST", "/message:send", "SendMessage", "", "", ""},
		{"POST", "/message:stream", "SendStreamingMessage", "", "", ""},
		{"GET", "/tasks/t1", "GetTask", "", "t1", ""},
		{"GET", "/tasks", "ListTasks", "", "", ""},
		{"POST", "/tasks/t1:cancel", "CancelTask", "", "t1", ""},
		{"POST", "/tasks/t1:subscribe", "SubscribeToTask", "", "t1", ""},
		{"GET", "/tasks/t1:subscribe", "SubscribeToTask", "", "t1", ""},
		{"POST", "/tasks/t1/pushNotificationConfigs", "CreateTaskPushNotificationConfig", "", "t1", ""},
		{"GET", "/tasks/t1/pushNotificationConfigs/c1", "GetTaskPushNotificationConfig", "", "t1", "c1"},
		{"GET", "/tasks/t1/pushNotificationConfigs", "ListTaskPushNotificationConfigs", "", "t1", ""},
		{"DELETE", "/tasks/t1/pushNotificationConfigs/c1", "DeleteTaskPushNotificationConfig", "", "t1", "c1"},
		{"GET", "/extendedAgentCard", "GetExtendedAgentCard", "", "", ""},

		// Under a prefix: an interface's path, a tenant, v0.3's /v1.
		{"POST", "/rest/message:send", "SendMessage", "/rest", "", ""},
		{"POST", "/a/b/c/message:stream", "SendStreamingMessage", "/a/b/c", "", ""},
		{"GET", "/v1/tasks/t1", "GetTask", "/v1", "t1", ""},
		{"GET", "/rest/tasks", "ListTasks", "/rest", "", ""},
		{"DELETE", "/tenant-7/tasks/t1/pushNotificationConfigs/c1", "DeleteTaskPushNotificationConfig", "/tenant-7", "t1", "c1"},
		{"POST", "/rest//message:send", "SendMessage", "/rest/", "", ""},
		// Two routes match: the one of more segments wins.
		{"GET", "/tasks/tasks", "GetTask", "", "tasks", ""},
		{"GET", "/tasks/extendedAgentCard", "GetTask", "", "extendedAgentCard", ""},
		{"GET", "/tasks/t1/pushNotificationConfigs/pushNotificationConfigs", "GetTaskPushNotificationConfig", "", "t1", "pushNotificationConfigs"},

		// Escaped ids come back unescaped; an escaped ":" or "/" is the id's.
		{"GET", "/tasks/a%2Fb", "GetTask", "", "a/b", ""},
		{"GET", "/tasks/a%3Ab", "GetTask", "", "a:b", ""},
		{"POST", "/tasks/a%3Acancel:cancel", "CancelTask", "", "a:cancel", ""},
		{"POST", "/tasks/a:b:cancel", "CancelTask", "", "a:b", ""},
		{"GET", "/tasks/t%201/pushNotificationConfigs/c%2F1", "GetTaskPushNotificationConfig", "", "t 1", "c/1"},
		{"GET", "/tasks/a%zz", "", "", "", ""},
		{"GET", "/tasks/%", "", "", "", ""},

		// The wrong HTTP method is no route.
		{"GET", "/message:send", "", "", "", ""},
		{"PUT", "/message:send", "", "", "", ""},
		{"POST", "/tasks/t1", "", "", "", ""},
		{"GET", "/tasks/t1:cancel", "", "", "", ""},
		{"DELETE", "/tasks/t1:subscribe", "", "", "", ""},
		{"PUT", "/tasks/t1/pushNotificationConfigs/c1", "", "", "", ""},
		{"DELETE", "/tasks/t1/pushNotificationConfigs", "", "", "", ""},
		{"POST", "/extendedAgentCard", "", "", "", ""},
		{"post", "/message:send", "", "", "", ""},

		// A trailing slash, an unknown verb, an empty id: no route.
		{"GET", "/tasks/t1/", "", "", "", ""},
		{"GET", "/tasks/", "", "", "", ""},
		{"POST", "/message:send/", "", "", "", ""},
		{"GET", "/tasks/t1:other", "", "", "", ""},
		{"POST", "/tasks/:cancel", "", "", "", ""},
		{"POST", "/message:other", "", "", "", ""},
		{"POST", "/message", "", "", "", ""},
		{"GET", "/tasks/t1/other", "", "", "", ""},
		{"GET", "/tasks//pushNotificationConfigs", "", "", "", ""},
		{"GET", "", "", "", "", ""},
		{"GET", "tasks", "", "", "", ""},
		{"POST", "/approve/t1", "", "", "", ""},
		{"GET", "/v1/card", "", "", "", ""},
	} {
		r, ok := Match(tc.method, tc.path)
		if ok != (tc.op != "") || r.Op.Method != tc.op || r.Prefix != tc.prefix || r.TaskID != tc.task || r.ConfigID != tc.configID {
			t.Errorf("Match(%s %q) = %q prefix %q task %q config %q, %v; want %q prefix %q task %q config %q",
				tc.method, tc.path, r.Op.Method, r.Prefix, r.TaskID, r.ConfigID, ok, tc.op, tc.prefix, tc.task, tc.configID)
		}
	}
}

// TestTable: every operation has a pattern that matches itself, one
// method name, and the JSON-RPC names of v0.3 lead to it.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range Ops() {
		if seen[op.Method] {
			t.Errorf("%s twice", op.Method)
		}
		seen[op.Method] = true
		if got, ok := ByMethod(op.Method); !ok || got != op || !Known(op.Method) {
			t.Errorf("ByMethod(%s) = %v, %v", op.Method, got, ok)
		}
		path := strings.NewReplacer("{id}", "t1", "{configId}", "c1").Replace(op.Path)
		for _, m := range []string{op.HTTP, op.AlsoHTTP} {
			if m == "" {
				continue
			}
			if r, ok := Match(m, "/x"+path); !ok || r.Op.Method != op.Method || r.Prefix != "/x" {
				t.Errorf("Match(%s /x%s) = %+v, %v", m, path, r, ok)
			}
		}
		if op.Request == "" || op.Result == "" {
			t.Errorf("%s: no request or result message", op.Method)
		}
		if op.Streaming != (op.Result == "StreamResponse") {
			t.Errorf("%s: streaming %v with result %s", op.Method, op.Streaming, op.Result)
		}
	}
	if len(seen) != 11 {
		t.Errorf("%d operations, want the 11 of §5.3", len(seen))
	}
	for old, now := range V03Methods {
		if !seen[now] {
			t.Errorf("V03Methods[%s] = %s, not an operation", old, now)
		}
	}
	if _, ok := ByMethod("message/send"); ok || Known("message/send") || Known("") {
		t.Error("ByMethod or Known takes v0.3 names, or none")
	}
	for m, want := range map[string]bool{"SendStreamingMessage": true, "SubscribeToTask": true, "SendMessage": false, "Nope": false} {
		if Streaming(m) != want {
			t.Errorf("Streaming(%s) = %v", m, !want)
		}
	}
	for m, want := range map[string]bool{"CreateTaskPushNotificationConfig": true, "ListTaskPushNotificationConfigs": true, "GetTask": false, "PushNotificationConfig": false} {
		if Push(m) != want {
			t.Errorf("Push(%s) = %v", m, !want)
		}
	}
}

// FuzzMatch: Match never panics; what it matches is a route of the
// table, under the prefix it names, with the request's HTTP method.
func FuzzMatch(f *testing.F) {
	for _, op := range ops {
		f.Add(op.HTTP, "/rest"+strings.NewReplacer("{id}", "t%2F1", "{configId}", "c").Replace(op.Path))
	}
	f.Add("GET", "/tasks/a:b:c")
	f.Add("GET", "//tasks//")
	f.Fuzz(func(t *testing.T, method, path string) {
		r, ok := Match(method, path)
		if !ok {
			if r != (Route{}) {
				t.Fatalf("Match(%q, %q) = %+v and no route", method, path, r)
			}
			return
		}
		if method != r.Op.HTTP && method != r.Op.AlsoHTTP {
			t.Fatalf("Match(%q, %q) = %s, which takes %s", method, path, r.Op.Method, r.Op.HTTP)
		}
		if !strings.HasPrefix(path, r.Prefix) {
			t.Fatalf("Match(%q, %q): prefix %q is not the path's", method, path, r.Prefix)
		}
		if strings.Contains(r.Op.Path, "{id}") != (r.TaskID != "") {
			t.Fatalf("Match(%q, %q) = %s with task %q", method, path, r.Op.Method, r.TaskID)
		}
	})
}
