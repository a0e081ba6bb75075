package check

import (
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// TestDecodeRoute: an HTTP+JSON request is read with the binding's
// table: its operation, its task id unescaped, and the interface it went
// to (the prefix before the route). A request the table has no route for
// is not A2A.
func TestDecodeRoute(t *testing.T) {
	for _, tc := range []struct {
		method, url     string
		op, task, iface string
		binding         bindingKind
	}{
		{"POST", "http://h:1/rest/message:send", "SendMessage", "", "http://h:1/rest", restAPI},
		{"GET", "http://h:1/rest/tasks/t%2F1?historyLength=2", "GetTask", "t/1", "http://h:1/rest", restAPI},
		{"GET", "http://h:1/t7/tasks/t%25:subscribe", "SubscribeToTask", "t%", "http://h:1/t7", restAPI},
		{"DELETE", "http://h:1/tasks/t1/pushNotificationConfigs/c1", "DeleteTaskPushNotificationConfig", "t1", "http://h:1", restAPI},
		{"GET", "http://h:1/rest/message:send", "", "", "", notA2A},
		{"GET", "http://h:1/rest/tasks/t1:cancel", "", "", "", notA2A},
		{"GET", "http://h:1/rest/tasks/t1/", "", "", "", notA2A},
	} {
		cl := &call{ex: &replay.Exchange{Request: replay.Request{Method: tc.method, URL: tc.url}}}
		decodeCall(cl)
		if cl.binding != tc.binding || cl.method != tc.op || cl.taskID != tc.task || cl.base != tc.iface {
			t.Errorf("%s %s: binding %d, method %q, task %q, interface %q; want %d, %q, %q, %q",
				tc.method, tc.url, cl.binding, cl.method, cl.taskID, cl.base, tc.binding, tc.op, tc.task, tc.iface)
		}
	}
}
