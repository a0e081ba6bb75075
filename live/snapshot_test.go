package live

import (
	"reflect"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/live/panel"
)

// The panel's bindings are a2a-go's transport protocol names.
func TestBindingsAreA2AGos(t *testing.T) {
	if string(JSONRPC) != string(a2a.TransportProtocolJSONRPC) || string(HTTPJSON) != string(a2a.TransportProtocolHTTPJSON) {
		t.Errorf("bindings %q %q, a2a-go's %q %q", JSONRPC, HTTPJSON, a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON)
	}
}

func TestWaiting(t *testing.T) {
	const auth, working = "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_WORKING"
	link := "http://localhost:41243/approve/d-1"
	deployer := Task{ID: "d-1", Agent: "deployer", State: auth, Text: "Approve at " + link, ApproveURL: link, ApproveTask: "d-1", ApproveAgent: "deployer"}
	planner := Task{ID: "p-1", Agent: "planner", State: auth, Text: "The deployer asks: approve at " + link, ApproveURL: link, ApproveTask: "d-1", ApproveAgent: "deployer"}
	other := Task{ID: "r-1", Agent: "code-reviewer", State: working}
	orphan := Task{ID: "x-1", Agent: "planner", State: auth, Text: "approve", ApproveURL: "http://elsewhere/approve/y-9", ApproveTask: "y-9"}
	for _, tc := range []struct {
		name  string
		tasks []Task
		want  []panel.Waiting
	}{
		{"none", []Task{other}, []panel.Waiting{}},
		{"the deployer's own", []Task{other, deployer}, []panel.Waiting{{URL: link, Task: "d-1", Agent: "deployer", Own: true, State: auth, Says: deployer.Text}}},
		{"passed up by the planner, planner first", []Task{planner, deployer}, []panel.Waiting{{URL: link, Task: "d-1", Agent: "deployer", Own: true, State: auth, Says: deployer.Text, PassedUp: []Task{planner}}}},
		{"only the planner's", []Task{planner}, []panel.Waiting{{URL: link, Task: "d-1", Agent: "deployer", State: auth, Says: planner.Text, PassedUp: []Task{planner}}}},
		{"a link no agent serves", []Task{orphan}, []panel.Waiting{{URL: orphan.ApproveURL, Task: "y-9", State: auth, Says: "approve", PassedUp: []Task{orphan}}}},
		{"decided: no longer waits", []Task{{ID: "d-1", State: "TASK_STATE_COMPLETED", ApproveURL: link, ApproveTask: "d-1"}}, []panel.Waiting{}},
	} {
		if got := waiting(tc.tasks); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", tc.name, got, tc.want)
		}
	}
}
