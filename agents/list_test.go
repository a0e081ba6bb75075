package agents_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aproject/a2a-go/v2/a2a"
)

// listFixture is a code-reviewer holding seven tasks:
//
//	asked     INPUT_REQUIRED, in context ctx
//	same1..3  INPUT_REQUIRED, in context ctx too
//	done      COMPLETED at once, with review.json
//	answered  COMPLETED after an answer: history of three messages, and review.json
//	canceled  CANCELED
type listFixture struct {
	rpcURL, restURL string
	hc              *http.Client
	ids             map[string]a2a.TaskID
	ctx             string
}

func newListFixture(t *testing.T) *listFixture {
	kit := kittest.Serve(t, "127.0.0.1")
	base := kit.Reviewer.BaseURL()
	f := &listFixture{rpcURL: base + "/", restURL: base + "/rest", hc: &http.Client{}, ids: map[string]a2a.TaskID{}}
	send := func(name string, m *a2a.Message) *a2a.Task {
		r := kittest.RPC(t, f.hc, f.rpcURL, "SendMessage", &a2a.SendMessageRequest{Message: m})
		if r.Error != nil {
			t.Fatalf("%s: SendMessage: %d %s", name, r.Error.Code, r.Error.Message)
		}
		var res struct{ Task *a2a.Task }
		if err := json.Unmarshal(r.Result, &res); err != nil || res.Task == nil {
			t.Fatalf("%s: SendMessage result %s", name, r.Result)
		}
		f.ids[name] = res.Task.ID
		return res.Task
	}
	asked := send("asked", agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff))
	f.ctx = asked.ContextID
	for _, name := range []string{"same1", "same2", "same3"} {
		m := agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff)
		m.ContextID = f.ctx
		send(name, m)
	}
	send("done", agents.NewReviewMessage(agents.SampleRepository, "main", agents.SampleDiff))
	answered := send("answered", agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff))
	if st := send("answered", agents.NewAnswerMessage(answered, "main")).Status.State; st != a2a.TaskStateCompleted {
		t.Fatalf("answered task in %s", st)
	}
	send("canceled", agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff))
	// Within moments of the blocking call that returned INPUT_REQUIRED,
	// a2a-go may answer "cannot be canceled", or "queue is closed"
	// (doc.go); a retry succeeds.
	for try := 1; ; try++ {
		r := kittest.RPC(t, f.hc, f.rpcURL, "CancelTask", map[string]any{"id": f.ids["canceled"]})
		if r.Error == nil {
			break
		}
		if r.Error.Code != -32002 && !strings.Contains(r.Error.Message, "queue is closed") || try == 200 {
			t.Fatalf("CancelTask: %d %s", r.Error.Code, r.Error.Message)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return f
}

// listPage is a ListTasksResponse as it came, with each task's members.
type listPage struct {
	Tasks         []map[string]json.RawMessage `json:"tasks"`
	TotalSize     *int                         `json:"totalSize"`
	PageSize      *int                         `json:"pageSize"`
	NextPageToken *string                      `json:"nextPageToken"`
}

func (p listPage) ids(t *testing.T) []a2a.TaskID {
	var ids []a2a.TaskID
	for _, m := range p.Tasks {
		var id a2a.TaskID
		if err := json.Unmarshal(m["id"], &id); err != nil {
			t.Fatalf("task id %s: %v", m["id"], err)
		}
		ids = append(ids, id)
	}
	return ids
}

func (p listPage) task(t *testing.T, i int) *a2a.Task {
	b, _ := json.Marshal(p.Tasks[i])
	var task a2a.Task
	if err := json.Unmarshal(b, &task); err != nil {
		t.Fatal(err)
	}
	return &task
}

// binding lists over one binding: params as JSON-RPC params (values as
// JSON) or, over HTTP+JSON, as the query of GET /tasks.
type listBinding struct {
	name string
	list func(t *testing.T, f *listFixture, params map[string]string) (page listPage, code int, reason, msg string)
}

var listBindings = []listBinding{
	{"JSONRPC", func(t *testing.T, f *listFixture, params map[string]string) (listPage, int, string, string) {
		raw := map[string]json.RawMessage{}
		for k, v := range params {
			raw[k] = json.RawMessage(v)
		}
		r := kittest.RPC(t, f.hc, f.rpcURL, "ListTasks", raw)
		if r.Error != nil {
			return listPage{}, r.Error.Code, "", r.Error.Message
		}
		var p listPage
		if err := json.Unmarshal(r.Result, &p); err != nil {
			t.Fatalf("ListTasks result %s: %v", r.Result, err)
		}
		return p, 0, "", ""
	}},
	{"HTTP+JSON", func(t *testing.T, f *listFixture, params map[string]string) (listPage, int, string, string) {
		q := url.Values{}
		for k, v := range params {
			if s, err := unquote(v); err == nil {
				v = s
			}
			q.Set(k, v)
		}
		r := kittest.Do(t, f.hc, http.MethodGet, f.restURL+"/tasks?"+q.Encode(), nil)
		if r.Status != http.StatusOK {
			e, ok := r.RESTError()
			if !ok || e.Code != r.Status {
				t.Fatalf("GET /tasks: %d without a google.rpc.Status of that code: %s", r.Status, r.Body)
			}
			return listPage{}, r.Status, e.Status, e.Message
		}
		var p listPage
		r.JSON(t, &p)
		return p, 0, "", ""
	}},
}

func unquote(v string) (string, error) {
	var s string
	err := json.Unmarshal([]byte(v), &s)
	return s, err
}

// TestListTasks: §3.1.4 over both bindings: order, paging, filters,
// historyLength and includeArtifacts.
func TestListTasks(t *testing.T) {
	f := newListFixture(t)
	for _, b := range listBindings {
		t.Run(b.name, func(t *testing.T) {
			list := func(params map[string]string) listPage {
				t.Helper()
				p, code, _, msg := b.list(t, f, params)
				if code != 0 {
					t.Fatalf("ListTasks %v: error %d %s", params, code, msg)
				}
				if p.TotalSize == nil || p.PageSize == nil || p.NextPageToken == nil || p.Tasks == nil {
					t.Fatalf("ListTasks %v: tasks, totalSize, pageSize and nextPageToken are REQUIRED, and nextPageToken MUST always be present: %+v", params, p)
				}
				return p
			}

			// All of them, most recently updated first.
			all := list(nil)
			if *all.TotalSize != 7 || len(all.Tasks) != 7 || *all.PageSize != agents.DefaultListPageSize || *all.NextPageToken != "" {
				t.Fatalf("no parameters: %d tasks, totalSize %d, pageSize %d, nextPageToken %q; want 7, 7, 50, \"\"", len(all.Tasks), *all.TotalSize, *all.PageSize, *all.NextPageToken)
			}
			order := all.ids(t)
			// canceled was the last one written, same1 the first one
			// no later call touched after asked.
			if order[0] != f.ids["canceled"] || order[1] != f.ids["answered"] || order[6] != f.ids["asked"] {
				t.Errorf("order %v: want canceled, answered, ..., asked (last update first)", order)
			}
			var prev *time.Time
			for i := range all.Tasks {
				task := all.task(t, i)
				ts := task.Status.Timestamp
				if ts == nil || prev != nil && ts.After(*prev) {
					t.Errorf("task %d has status timestamp %v after the one before it (%v): not descending", i, ts, prev)
				}
				prev = ts
				if _, ok := all.Tasks[i]["artifacts"]; ok {
					t.Errorf("task %s: artifacts present without includeArtifacts (MUST be omitted entirely)", task.ID)
				}
			}

			// Pages of three: 3, 3, 1, the last with an empty token.
			var paged []a2a.TaskID
			token := ""
			for n := 1; ; n++ {
				params := map[string]string{"pageSize": "3"}
				if token != "" {
					params["pageToken"] = `"` + token + `"`
				}
				p := list(params)
				if *p.TotalSize != 7 || *p.PageSize != 3 {
					t.Errorf("page %d: totalSize %d pageSize %d, want 7 and 3", n, *p.TotalSize, *p.PageSize)
				}
				paged = append(paged, p.ids(t)...)
				token = *p.NextPageToken
				if want := []int{3, 3, 1}[min(n, 3)-1]; len(p.Tasks) != want {
					t.Errorf("page %d holds %d tasks, want %d", n, len(p.Tasks), want)
				}
				if token == "" || n == 3 {
					if n != 3 || token != "" {
						t.Errorf("page %d has nextPageToken %q; want the third and last page to have \"\"", n, token)
					}
					break
				}
			}
			if !slices.Equal(paged, order) {
				t.Errorf("pages gave %v, want %v", paged, order)
			}

			// Filters.
			byID := func(names ...string) []a2a.TaskID {
				var ids []a2a.TaskID
				for _, id := range order {
					for _, n := range names {
						if f.ids[n] == id {
							ids = append(ids, id)
						}
					}
				}
				return ids
			}
			stamp := all.task(t, 3).Status.Timestamp.Format(time.RFC3339Nano)
			for _, tt := range []struct {
				params map[string]string
				want   []a2a.TaskID
			}{
				{map[string]string{"contextId": `"` + f.ctx + `"`}, byID("asked", "same1", "same2", "same3")},
				{map[string]string{"status": `"TASK_STATE_COMPLETED"`}, byID("done", "answered")},
				{map[string]string{"status": `"TASK_STATE_CANCELED"`}, byID("canceled")},
				{map[string]string{"status": `"TASK_STATE_UNSPECIFIED"`}, order},
				{map[string]string{"status": `"TASK_STATE_INPUT_REQUIRED"`, "contextId": `"` + f.ctx + `"`, "pageSize": "2"}, byID("same3", "same2")},
				{map[string]string{"contextId": `"no-such-context"`}, nil},
				{map[string]string{"pageSize": "null"}, order}, // JSON null, or an empty query value: not named, the default
				{map[string]string{"statusTimestampAfter": `"` + stamp + `"`}, order[:4]},
			} {
				p := list(tt.params)
				if got := p.ids(t); !slices.Equal(got, tt.want) {
					t.Errorf("%v: got %v, want %v", tt.params, got, tt.want)
				}
				if len(tt.want) == 0 && (*p.TotalSize != 0 || *p.NextPageToken != "") {
					t.Errorf("%v: empty list with totalSize %d and nextPageToken %q", tt.params, *p.TotalSize, *p.NextPageToken)
				}
			}
			if p := list(map[string]string{"contextId": `"` + f.ctx + `"`, "pageSize": "1"}); *p.TotalSize != 4 {
				t.Errorf("totalSize of a filtered list = %d, want 4 (before paging)", *p.TotalSize)
			}

			// historyLength and includeArtifacts, on the answered task.
			answered := func(params map[string]string) (*a2a.Task, map[string]json.RawMessage) {
				params["status"] = `"TASK_STATE_COMPLETED"`
				p := list(params)
				i := slices.Index(p.ids(t), f.ids["answered"])
				if i < 0 {
					t.Fatalf("%v: answered task not listed", params)
				}
				return p.task(t, i), p.Tasks[i]
			}
			full, _ := answered(map[string]string{})
			if len(full.History) < 3 {
				t.Fatalf("answered task has %d history messages, want at least 3", len(full.History))
			}
			if _, raw := answered(map[string]string{"historyLength": "0"}); raw["history"] != nil {
				t.Errorf("historyLength 0: history present (%s); it SHOULD be omitted", raw["history"])
			}
			if task, _ := answered(map[string]string{"historyLength": "2"}); len(task.History) != 2 || task.History[1].ID != full.History[len(full.History)-1].ID {
				t.Errorf("historyLength 2: %d messages; want the last 2 of %d", len(task.History), len(full.History))
			}
			if task, _ := answered(map[string]string{"includeArtifacts": "true"}); len(task.Artifacts) != 1 || task.Artifacts[0].Name != agents.ReviewArtifact {
				t.Errorf("includeArtifacts: artifacts %+v, want review.json", task.Artifacts)
			}
			if _, raw := answered(map[string]string{"includeArtifacts": "false"}); raw["artifacts"] != nil {
				t.Errorf("includeArtifacts false: artifacts present")
			}
		})
	}
}

// TestListTasksBadParams: each bad parameter gets InvalidParamsError
// naming it: JSON-RPC -32602, HTTP+JSON 400 INVALID_ARGUMENT (§3.3.2
// validation errors, §5.4). Where a2a-go answers before the store sees
// the request, its answer is pinned (conformance/deviations_test.go).
func TestListTasksBadParams(t *testing.T) {
	f := newListFixture(t)
	tests := []struct {
		name   string
		params map[string]string
		rpc    int    // JSON-RPC code
		rest   string // HTTP+JSON google.rpc status, with HTTP 400
		names  string // what the message names
	}{
		{"negative pageSize", map[string]string{"pageSize": "-1"}, -32602, "INVALID_ARGUMENT", "pageSize -1"},
		{"zero pageSize", map[string]string{"pageSize": "0"}, -32602, "INVALID_ARGUMENT", "pageSize 0"},
		{"pageSize over 100", map[string]string{"pageSize": "101"}, -32602, "INVALID_ARGUMENT", "pageSize 101"},
		{"unknown status", map[string]string{"status": `"TASK_STATE_RUNNING"`}, -32602, "INVALID_ARGUMENT", "TASK_STATE_RUNNING"},
		{"lower-case status", map[string]string{"status": `"working"`}, -32602, "INVALID_ARGUMENT", "working"},
		{"bad pageToken", map[string]string{"pageToken": `"not-a-token"`}, -32602, "INVALID_ARGUMENT", "pageToken"},
		{"forged pageToken", map[string]string{"pageToken": `"djEueC55"`}, -32602, "INVALID_ARGUMENT", "pageToken"},
		{"negative historyLength", map[string]string{"historyLength": "-5"}, -32602, "INVALID_ARGUMENT", "historyLength -5"},
		{"several at once", map[string]string{"pageSize": "150", "historyLength": "-5", "status": `"TASK_STATE_RUNNING"`}, -32602, "INVALID_ARGUMENT", "pageSize 150"},
		// a2a-go decodes these before the store sees the request. Its
		// HTTP+JSON answer is 400 INVALID_ARGUMENT (reason INVALID_REQUEST)
		// without naming the parameter; over JSON-RPC a value of the wrong
		// JSON type is -32602, a time that does not parse -32700 (a known
		// deviation: TestDeviationBadParamValueIsParseError).
		{"pageSize not a number", map[string]string{"pageSize": `"ten"`}, -32602, "INVALID_ARGUMENT", ""},
		{"includeArtifacts not a boolean", map[string]string{"includeArtifacts": `"maybe"`}, -32602, "INVALID_ARGUMENT", ""},
		{"bad timestamp", map[string]string{"statusTimestampAfter": `"yesterday"`}, -32700, "INVALID_ARGUMENT", ""},
	}
	for _, b := range listBindings {
		for _, tt := range tests {
			t.Run(b.name+"/"+tt.name, func(t *testing.T) {
				_, code, status, msg := b.list(t, f, tt.params)
				switch {
				case b.name == "JSONRPC" && code != tt.rpc:
					t.Errorf("got %d %q, want %d", code, msg, tt.rpc)
				case b.name != "JSONRPC" && (code != http.StatusBadRequest || status != tt.rest):
					t.Errorf("got %d %s %q, want 400 %s", code, status, msg, tt.rest)
				case !strings.Contains(msg, tt.names):
					t.Errorf("message %q does not name %q", msg, tt.names)
				}
			})
		}
	}
}
