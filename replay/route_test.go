package replay

import (
	"testing"
)

// TestCall is the one table of which A2A call a request is; the
// recorder, the HAR reader and the steps all read calls with Call.
func TestCall(t *testing.T) {
	for _, tc := range []struct {
		method, path, body string
		name               string // "" for a request outside A2A
	}{
		// Agent cards: A2A v1.0's and v0.3's well-known paths, under a prefix too.
		{"GET", "/.well-known/agent-card.json", "", "GetAgentCard"},
		{"GET", "/deployer/.well-known/agent-card.json", "", "GetAgentCard"},
		{"GET", "/.well-known/agent.json", "", "GetAgentCard"},
		{"POST", "/.well-known/agent-card.json", "", ""},

		// JSON-RPC: the method the body names, whatever the path.
		{"POST", "/", `{"jsonrpc":"2.0","id":"1","method":"SendMessage"}`, "SendMessage"},
		// A 0.3 method names its call in 0.3; another name with a "/"
		// names none.
		{"POST", "/a2a/v1", " \n\t{\"jsonrpc\":\"2.0\",\"method\":\"tasks/get\"}", "tasks/get"},
		{"POST", "/", `{"jsonrpc":"2.0","method":"tasks/nope"}`, "JSON-RPC"},
		{"POST", "/", `{"jsonrpc":"2.0","method":"message.send"}`, "message.send"},
		{"POST", "/", `{"jsonrpc":"2.0","id":"1"}`, "JSON-RPC"},
		{"POST", "/", `{"jsonrpc":"2.0","method":"has space"}`, "JSON-RPC"},
		{"POST", "/", `{"jsonrpc":"2.0","method":7}`, "JSON-RPC"},
		{"POST", "/", `{"jsonrpc":"1.0","method":"Ping"}`, "Ping"},
		{"POST", "/", `{"jsonrpc":2,"method":"SendMessage"}`, ""},
		{"POST", "/", `{"method":"SendMessage"}`, ""},
		{"POST", "/", `["jsonrpc"]`, ""},
		{"POST", "/", `not json`, ""},
		{"POST", "/", ``, ""},
		{"GET", "/", `{"jsonrpc":"2.0","method":"SendMessage"}`, ""},
		// A JSON-RPC body wins over the route it is sent to.
		{"POST", "/v1/message:send", `{"jsonrpc":"2.0","method":"GetTask"}`, "GetTask"},

		// HTTP+JSON routes (§11.3), at the root or under a prefix.
		{"POST", "/message:send", `{}`, "SendMessage"},
		{"POST", "/rest/message:send", `{}`, "SendMessage"},
		{"POST", "/rest/message:stream", `{}`, "SendStreamingMessage"},
		{"GET", "/rest/message:send", "", ""},
		{"GET", "/rest/tasks/abc", "", "GetTask"},
		// A trailing slash is no route: a2a-go answers 404 (package binding).
		{"GET", "/rest/tasks/abc/", "", ""},
		{"POST", "/rest/tasks/abc", "", ""},
		{"GET", "/rest/tasks", "", "ListTasks"},
		{"GET", "/tasks", "", "ListTasks"},
		{"POST", "/rest/tasks/abc:cancel", "", "CancelTask"},
		{"GET", "/rest/tasks/abc:cancel", "", ""},
		{"POST", "/tasks/abc:subscribe", "", "SubscribeToTask"},
		{"GET", "/tasks/abc:subscribe", "", "SubscribeToTask"},
		{"DELETE", "/tasks/abc:subscribe", "", ""},
		{"GET", "/rest/tasks/abc:other", "", ""},
		{"GET", "/rest/extendedAgentCard", "", "GetExtendedAgentCard"},
		{"POST", "/rest/tasks/abc/pushNotificationConfigs", "{}", "CreateTaskPushNotificationConfig"},
		{"GET", "/rest/tasks/abc/pushNotificationConfigs", "", "ListTaskPushNotificationConfigs"},
		{"GET", "/rest/tasks/abc/pushNotificationConfigs/x", "", "GetTaskPushNotificationConfig"},
		{"DELETE", "/rest/tasks/abc/pushNotificationConfigs/x", "", "DeleteTaskPushNotificationConfig"},
		{"PUT", "/rest/tasks/abc/pushNotificationConfigs/x", "", ""},
		{"GET", "/tasks/abc/other", "", ""},

		// Outside A2A: the caller names these.
		{"POST", "/approve/abc", "", ""},
		{"POST", "/deployer/approve/0b5e7c2a", "{}", ""},
		{"GET", "/deployer/status/t-17", "", ""},
		{"DELETE", "/", "", ""},
		{"GET", "", "", ""},
	} {
		name, ok := Call(tc.method, tc.path, []byte(tc.body))
		if name != tc.name || ok != (tc.name != "") {
			t.Errorf("Call(%s %q %q) = %q, %v; want %q", tc.method, tc.path, tc.body, name, ok, tc.name)
		}
	}
}

// TestRESTLabel: a step of an HTTP+JSON request is labelled with the
// call Call reads from its method and path, the query left aside.
func TestRESTLabel(t *testing.T) {
	for _, tc := range []struct{ method, url, label string }{
		{"GET", "http://localhost:41242/tasks?pageSize=10", "ListTasks"},
		{"GET", "http://localhost:41242/v1/tasks/t-1?historyLength=2", "GetTask (task t-1)"},
		{"POST", "http://localhost:41242/v1/tasks/t-1:cancel", "CancelTask (task t-1)"},
		{"POST", "http://localhost:41242/v1/tasks/t%3A1:cancel", "CancelTask (task t:1)"},
		{"GET", "http://localhost:41242/v1/tasks/t-1/other", "GET /v1/tasks/t-1/other"},
	} {
		ex := &Exchange{Request: Request{Method: tc.method, URL: tc.url}}
		if got := requestStep(ex).Label; got != tc.label {
			t.Errorf("%s %s: label %q, want %q", tc.method, tc.url, got, tc.label)
		}
	}
}

// FuzzCall: Call never panics, and what it names is a word that can
// name an exchange.
func FuzzCall(f *testing.F) {
	f.Add("POST", "/", []byte(`{"jsonrpc":"2.0","method":"SendMessage"}`))
	f.Add("GET", "/v1/tasks/abc:subscribe", []byte(nil))
	f.Add("DELETE", "/x/tasks/abc/pushNotificationConfigs/1", []byte(nil))
	f.Add("GET", "/.well-known/agent-card.json", []byte(nil))
	f.Fuzz(func(t *testing.T, method, path string, body []byte) {
		name, ok := Call(method, path, body)
		if ok != (name != "") || ok && !callName(name) {
			t.Fatalf("Call(%q, %q, %q) = %q, %v", method, path, body, name, ok)
		}
	})
}
