package conformance

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aproject/a2a-go/v2/a2a"
)

// kitPeers serves the kit and returns each agent over each binding.
func kitPeers(t *testing.T) (*agents.Kit, []peer) {
	kit := kittest.Serve(t, "127.0.0.1")
	hc := &http.Client{}
	var ps []peer
	for _, a := range kit.Agents() {
		for _, b := range bindings {
			ps = append(ps, peer{agent: a, binding: b, hc: hc})
		}
	}
	return kit, ps
}

// generic is what a generic conformance client sends: arbitrary text
// that asks for nothing in particular.
var generic = []string{
	"Hello, what can you do?",
	"Summarize the latest changes, please.",
	"test message 42",
	// A conformance client's text that the deployer once read as build 1
	// to environment "pagination", and asked an operator to approve.
	"Task 1 for pagination",
}

var validStates = map[a2a.TaskState]bool{
	a2a.TaskStateSubmitted: true, a2a.TaskStateWorking: true, a2a.TaskStateInputRequired: true, a2a.TaskStateAuthRequired: true,
	a2a.TaskStateCompleted: true, a2a.TaskStateFailed: true, a2a.TaskStateCanceled: true, a2a.TaskStateRejected: true,
}

// utcStamp is a timestamp as §5.6.1 wants it: ISO 8601, UTC, with "Z".
var utcStamp = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$`)

// checkTask holds a Task from the wire to the data model's MUSTs.
func checkTask(t *testing.T, where string, raw json.RawMessage, task *a2a.Task) {
	t.Helper()
	if task.ID == "" || task.ContextID == "" {
		t.Errorf("%s: task without id or contextId (§4.1.1 REQUIRED id; §3.4.1: a contextId the agent made MUST be in the response): %s", where, clip(raw))
	}
	if !validStates[task.Status.State] {
		t.Errorf("%s: status.state %q is not a TaskState (§4.1.3)", where, task.Status.State)
	}
	var wire struct {
		Status struct {
			Timestamp *string `json:"timestamp"`
		} `json:"status"`
	}
	if json.Unmarshal(raw, &wire) == nil && wire.Status.Timestamp != nil && !utcStamp.MatchString(*wire.Status.Timestamp) {
		t.Errorf("%s: status.timestamp %q is not ISO 8601 UTC with Z (§5.6.1 MUST)", where, *wire.Status.Timestamp)
	}
	if m := task.Status.Message; m != nil {
		if m.Role != a2a.MessageRoleAgent || m.ID == "" || len(m.Parts) == 0 || m.ContextID == "" {
			t.Errorf("%s: status message %+v: an agent's message has ROLE_AGENT, a messageId, parts and a contextId (§4.1.4)", where, m)
		}
	}
}

// TestAgentCards: each card is at the well-known path, with the fields
// the proto marks REQUIRED, and names the interfaces it is served on.
func TestAgentCards(t *testing.T) {
	kit, _ := kitPeers(t)
	hc := &http.Client{}
	for _, a := range kit.Agents() {
		t.Run(a.Name(), func(t *testing.T) {
			r := kittest.Do(t, hc, http.MethodGet, a.BaseURL()+"/.well-known/agent-card.json", nil)
			if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("GET the card: %d %s (§8.2: the well-known URI serves the card as JSON)", r.Status, r.Header.Get("Content-Type"))
			}
			var card a2a.AgentCard
			r.JSON(t, &card)
			if card.Name == "" || card.Description == "" || card.Version == "" || len(card.DefaultInputModes) == 0 || len(card.DefaultOutputModes) == 0 || len(card.Skills) == 0 {
				t.Errorf("card lacks a REQUIRED field (§4.4.1): %s", clip(r.Body))
			}
			for _, s := range card.Skills {
				if s.ID == "" || s.Name == "" || s.Description == "" || len(s.Tags) == 0 {
					t.Errorf("skill %+v lacks a REQUIRED field (§4.4.5)", s)
				}
			}
			// Each binding in each version the kit speaks: 0.3's HTTP+JSON
			// interface is the base URL, to which 0.3 clients add /v1.
			want := map[string]string{
				"1.0 JSONRPC": a.BaseURL() + "/", "1.0 HTTP+JSON": a.BaseURL() + agents.RESTPath,
				"0.3 JSONRPC": a.BaseURL() + "/", "0.3 HTTP+JSON": a.BaseURL(),
			}
			for _, in := range card.SupportedInterfaces {
				key := string(in.ProtocolVersion) + " " + string(in.ProtocolBinding)
				if u, ok := want[key]; !ok || u != in.URL {
					t.Errorf("interface %+v: want protocolVersion 1.0 or 0.3 and the URL the binding is served at", in)
				}
				delete(want, key)
			}
			if len(want) > 0 {
				t.Errorf("card does not list the interfaces %v it serves", want)
			}
			if !card.Capabilities.Streaming {
				t.Errorf("the kit streams, but the card does not say so")
			}
			// The code-reviewer and the deployer send push notifications;
			// the planner does not (agents/push.go).
			if want := a.Name() != agents.PlannerName; card.Capabilities.PushNotifications != want {
				t.Errorf("the card declares pushNotifications %v, want %v", card.Capabilities.PushNotifications, want)
			}
		})
	}
}

// TestSendGeneric: arbitrary text gets a Task or a Message over both
// bindings; a blocking SendMessage returns at a terminal or interrupted
// state (§3.2.2); and no agent acts on a guess: the deployer never asks
// for an approval, nor starts working, on text that names no deploy.
func TestSendGeneric(t *testing.T) {
	_, peers := kitPeers(t)
	for _, p := range peers {
		t.Run(p.String(), func(t *testing.T) {
			for _, text := range generic {
				task, o := p.send(t, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(text)))
				if o.err != nil {
					t.Errorf("%q: %s", text, o.err)
					continue
				}
				if task == nil {
					continue // a Message: the agent answered and made no task
				}
				var res struct{ Task json.RawMessage }
				json.Unmarshal(o.result, &res)
				checkTask(t, text, res.Task, task)
				st := task.Status.State
				if !st.Terminal() && st != a2a.TaskStateInputRequired && st != a2a.TaskStateAuthRequired {
					t.Errorf("%q: blocking SendMessage returned in %s (§3.2.2 MUST: terminal or interrupted)", text, st)
				}
				if st == a2a.TaskStateAuthRequired || st == a2a.TaskStateCompleted {
					t.Errorf("%q: the %s acted on arbitrary text (%s: %q); it must ask or refuse", text, p.agent.Name(), st, agents.MessageText(task.Status.Message))
				}
				if st == a2a.TaskStateInputRequired && agents.MessageText(task.Status.Message) == "" {
					t.Errorf("%q: INPUT_REQUIRED without a question", text)
				}
			}
		})
	}
}

// reviewer and deployer pick the kit's agents out of peers.
func pick(peers []peer, name, binding string) peer {
	for _, p := range peers {
		if p.agent.Name() == name && p.binding == binding {
			return p
		}
	}
	panic("no peer " + name + "/" + binding)
}

// TestMultiTurn: an answer carrying the task's taskId and contextId
// continues the task (§3.4.3); a taskId that does not exist gets
// TaskNotFoundError (§3.4.2); a contextId that is not the task's is
// rejected (§3.4.3); a message to a terminal task is refused (§3.1.1,
// pinned: a2a-go answers -32602).
func TestMultiTurn(t *testing.T) {
	_, peers := kitPeers(t)
	for _, b := range bindings {
		p := pick(peers, agents.ReviewerName, b)
		t.Run(p.String(), func(t *testing.T) {
			asked := askedTask(t, p)
			// Wrong context first: it must change nothing.
			wrong := agents.NewAnswerMessage(asked, "main")
			wrong.ContextID = "not-the-task-context"
			var task *a2a.Task
			if o := settled(func() (o outcome) { task, o = p.send(t, wrong); return o }); o.err == nil {
				t.Errorf("a message naming task %s with another contextId was accepted (%s); §3.4.3: agents MUST reject it", asked.ID, task.Status.State)
			}
			var done *a2a.Task
			settled(func() (o outcome) { done, o = p.send(t, agents.NewAnswerMessage(asked, "main")); return o })
			if done == nil {
				t.Fatalf("the answer got no task")
			}
			if done.ID != asked.ID || done.ContextID != asked.ContextID || done.Status.State != a2a.TaskStateCompleted {
				t.Errorf("the answer went to %s/%s in %s; want task %s/%s COMPLETED", done.ID, done.ContextID, done.Status.State, asked.ID, asked.ContextID)
			}
			ghost := a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("main"))
			ghost.TaskID = "00000000-0000-7000-8000-000000000000"
			_, o := p.send(t, ghost)
			p.wantError(t, "message to a task that does not exist (§3.4.2)", o, -32001, 404, "TASK_NOT_FOUND")

			o = settled(func() outcome { _, o := p.send(t, agents.NewAnswerMessage(done, "develop")); return o })
			if o.err != nil && o.err.reason == "UNSUPPORTED_OPERATION" {
				return // what §3.1.1 asks for: a2a-go fixed #439
			}
			ok := o.err != nil && o.err.reason == "INVALID_PARAMS"
			pinned(t, devMessageToTerminal, p.String()+" message to a completed task", ok, o.err.String())
		})
	}
}

// TestStream: SendStreamingMessage answers an event stream that starts
// with the Task, carries only that task's events, and closes when the
// task reaches a terminal state (§3.1.2); at an interrupted state the
// kit's streams close too (§11.7), except the deployer's AUTH_REQUIRED,
// which stays open until the operator decides or the task is canceled.
func TestStream(t *testing.T) {
	_, peers := kitPeers(t)
	check := func(t *testing.T, p peer, frames []*frame, want a2a.TaskState) {
		t.Helper()
		if len(frames) == 0 {
			t.Fatalf("%s: empty stream", p)
		}
		if frames[0].Task == nil {
			t.Fatalf("%s: the stream starts with a %s; §3.1.2 MUST: the Task first", p, frames[0].kind())
		}
		id := frames[0].Task.ID
		for i, f := range frames {
			if f.err != nil {
				t.Fatalf("%s: frame %d is an error: %s", p, i+1, f.err)
			}
			var tid a2a.TaskID
			switch {
			case f.Task != nil:
				tid = f.Task.ID
			case f.StatusUpdate != nil:
				tid = f.StatusUpdate.TaskID
			case f.ArtifactUpdate != nil:
				tid = f.ArtifactUpdate.TaskID
			}
			if tid != id {
				t.Errorf("%s: frame %d is about task %q in the stream of %s", p, i+1, tid, id)
			}
			if st := f.state(); st.Terminal() && i != len(frames)-1 {
				t.Errorf("%s: frame %d comes after the terminal %s; §3.1.2 MUST: the stream closes there", p, i+2, st)
			}
		}
		if last := frames[len(frames)-1].state(); last != want {
			t.Errorf("%s: the stream ended at %q, want %s", p, last, want)
		}
	}
	for _, b := range bindings {
		rv := pick(peers, agents.ReviewerName, b)
		t.Run(rv.String(), func(t *testing.T) {
			s, o := rv.open(t, "SendStreamingMessage", &a2a.SendMessageRequest{Message: agents.NewReviewMessage(agents.SampleRepository, "main", agents.SampleDiff)})
			if s == nil {
				t.Fatalf("refused: %s", o.err)
			}
			frames := s.rest(t)
			check(t, rv, frames, a2a.TaskStateCompleted)
			if !slices.ContainsFunc(frames, func(f *frame) bool {
				return f.ArtifactUpdate != nil && f.ArtifactUpdate.Artifact.Name == agents.ReviewArtifact
			}) {
				t.Errorf("no review.json artifact update")
			}
			s, _ = rv.open(t, "SendStreamingMessage", &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(generic[0]))})
			check(t, rv, s.rest(t), a2a.TaskStateInputRequired)
		})
		pl := pick(peers, agents.PlannerName, b)
		t.Run(pl.String(), func(t *testing.T) {
			s, o := pl.open(t, "SendStreamingMessage", &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(generic[0]))})
			if s == nil {
				t.Fatalf("refused: %s", o.err)
			}
			check(t, pl, s.rest(t), a2a.TaskStateRejected)
		})
		dp := pick(peers, agents.DeployerName, b)
		t.Run(dp.String(), func(t *testing.T) {
			s, o := dp.open(t, "SendStreamingMessage", &a2a.SendMessageRequest{Message: agents.NewDeployMessage("2026.10.06-1", "staging")})
			if s == nil {
				t.Fatalf("refused: %s", o.err)
			}
			var frames []*frame
			for f := s.next(t); f != nil; f = s.next(t) {
				frames = append(frames, f)
				if f.state() == a2a.TaskStateAuthRequired {
					if agents.MessageText(f.StatusUpdate.Status.Message) == "" {
						t.Errorf("AUTH_REQUIRED without a message saying what is needed (§7.6.1 MUST)")
					}
					cancel(t, dp, f.StatusUpdate.TaskID) // the stream stays open: cancel ends it
				}
			}
			check(t, dp, frames, a2a.TaskStateCanceled)
		})
	}
}

// TestGetTask: GetTask returns the task with its history, at most
// historyLength messages of it (§3.2.4), none for 0; an unknown id gets
// TaskNotFoundError.
func TestGetTask(t *testing.T) {
	_, peers := kitPeers(t)
	for _, b := range bindings {
		p := pick(peers, agents.ReviewerName, b)
		t.Run(p.String(), func(t *testing.T) {
			asked := askedTask(t, p)
			p.mustSend(t, agents.NewAnswerMessage(asked, "main"))
			o := p.call(t, "GetTask", map[string]any{"id": asked.ID})
			full := o.task(t, "GetTask")
			checkTask(t, "GetTask", o.result, full)
			if full.Status.State != a2a.TaskStateCompleted || len(full.History) < 3 || len(full.Artifacts) != 1 {
				t.Fatalf("GetTask: %s with %d history messages and %d artifacts; want COMPLETED, the question and both user messages, review.json", full.Status.State, len(full.History), len(full.Artifacts))
			}
			o = p.call(t, "GetTask", map[string]any{"id": asked.ID, "historyLength": 1})
			if h := o.task(t, "GetTask historyLength 1").History; len(h) != 1 || h[0].ID != full.History[len(full.History)-1].ID {
				t.Errorf("historyLength 1: %d messages; want the last one (§3.2.4 MUST NOT return more)", len(h))
			}
			o = p.call(t, "GetTask", map[string]any{"id": asked.ID, "historyLength": 0})
			var raw map[string]json.RawMessage
			json.Unmarshal(o.result, &raw)
			if o.err != nil || raw["history"] != nil {
				t.Errorf("historyLength 0: %s history %s; §3.2.4: no history, the field SHOULD be omitted", o.err, raw["history"])
			}
			o = p.call(t, "GetTask", map[string]any{"id": "00000000-0000-7000-8000-000000000000"})
			p.wantError(t, "GetTask of an unknown id", o, -32001, 404, "TASK_NOT_FOUND")
		})
	}
}

// TestListTasks: every agent lists the tasks it holds, newest first,
// with nextPageToken always present (§3.1.4); a bad parameter gets
// InvalidParamsError. (agents/list_test.go tests every parameter.)
func TestListTasks(t *testing.T) {
	_, peers := kitPeers(t)
	for _, p := range peers {
		t.Run(p.String(), func(t *testing.T) {
			first, _ := p.send(t, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(generic[0])))
			second, _ := p.send(t, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(generic[2])))
			if first == nil || second == nil {
				t.Fatalf("the %s made no task of generic text", p.agent.Name())
			}
			o := p.call(t, "ListTasks", map[string]any{"pageSize": 1})
			if o.err != nil {
				t.Fatalf("ListTasks: %s", o.err)
			}
			var page struct {
				Tasks         []json.RawMessage `json:"tasks"`
				NextPageToken *string           `json:"nextPageToken"`
				TotalSize     *int              `json:"totalSize"`
				PageSize      *int              `json:"pageSize"`
			}
			if err := json.Unmarshal(o.result, &page); err != nil || page.NextPageToken == nil || page.TotalSize == nil || page.PageSize == nil || page.Tasks == nil {
				t.Fatalf("ListTasks result %s: tasks, nextPageToken, pageSize and totalSize are REQUIRED (§3.1.4)", clip(o.result))
			}
			if len(page.Tasks) != 1 || *page.TotalSize < 2 || *page.NextPageToken == "" {
				t.Errorf("pageSize 1 of %d tasks: %d tasks, nextPageToken %q", *page.TotalSize, len(page.Tasks), *page.NextPageToken)
			}
			var task a2a.Task
			json.Unmarshal(page.Tasks[0], &task)
			if task.ID != second.ID {
				t.Errorf("first listed %s, want the task updated last, %s (§3.1.4 MUST: newest first)", task.ID, second.ID)
			}
			checkTask(t, "ListTasks", page.Tasks[0], &task)
			o = p.call(t, "ListTasks", map[string]any{"pageSize": 101})
			p.wantError(t, "ListTasks pageSize 101", o, -32602, 400, "INVALID_PARAMS")
		})
	}
}

// TestCancelTask: a task waiting for its answer is canceled and returned
// as canceled (§3.1.5); a completed one gets TaskNotCancelableError, an
// unknown one TaskNotFoundError; a canceled one again: pinned.
func TestCancelTask(t *testing.T) {
	_, peers := kitPeers(t)
	for _, b := range bindings {
		p := pick(peers, agents.ReviewerName, b)
		t.Run(p.String(), func(t *testing.T) {
			asked := askedTask(t, p)
			cancel(t, p, asked.ID)
			if got := p.call(t, "GetTask", map[string]any{"id": asked.ID}).task(t, "GetTask").Status.State; got != a2a.TaskStateCanceled {
				t.Errorf("after CancelTask the task is %s", got)
			}
			o := p.call(t, "CancelTask", map[string]any{"id": asked.ID})
			if o.err != nil && o.err.reason == "TASK_NOT_CANCELABLE" {
				t.Logf("a2a-go now refuses a second cancel: update devCancelCanceled")
			} else {
				pinned(t, devCancelCanceled, p.String()+" second CancelTask", o.err == nil, o.err.String())
			}
			done := completedTask(t, p)
			o = p.call(t, "CancelTask", map[string]any{"id": done.ID})
			p.wantError(t, "CancelTask of a completed task (§3.1.5)", o, -32002, 400, "TASK_NOT_CANCELABLE")
			o = p.call(t, "CancelTask", map[string]any{"id": "00000000-0000-7000-8000-000000000000"})
			p.wantError(t, "CancelTask of an unknown task", o, -32001, 404, "TASK_NOT_FOUND")
		})
	}
}

// TestSubscribe: SubscribeToTask on a task whose execution runs (the
// deployer waiting for its operator) starts with the Task as it is
// (§3.1.6 MUST) and ends when the task does. Elsewhere a2a-go answers
// task not found (pinned, #438).
func TestSubscribe(t *testing.T) {
	_, peers := kitPeers(t)
	for _, b := range bindings {
		dp := pick(peers, agents.DeployerName, b)
		t.Run(dp.String(), func(t *testing.T) {
			task := dp.mustSend(t, agents.NewDeployMessage("2026.10.06-1", "staging"))
			if task.Status.State != a2a.TaskStateAuthRequired {
				t.Fatalf("deploy in %s, want AUTH_REQUIRED", task.Status.State)
			}
			s, o := dp.open(t, "SubscribeToTask", map[string]any{"id": task.ID})
			if s == nil {
				t.Fatalf("SubscribeToTask refused: %s", o.err)
			}
			first := s.next(t)
			if first == nil || first.Task == nil || first.Task.ID != task.ID || first.Task.Status.State != a2a.TaskStateAuthRequired {
				t.Fatalf("first event %+v; §3.1.6 MUST: the Task as it is now", first)
			}
			cancel(t, dp, task.ID)
			rest := s.rest(t)
			if len(rest) == 0 || rest[len(rest)-1].state() != a2a.TaskStateCanceled {
				t.Errorf("after the cancel the subscription carried %d frames, the last not CANCELED", len(rest))
			}
			e, got := subscribeRefusal(t, dp, task.ID)
			if e != nil && e.reason == "UNSUPPORTED_OPERATION" {
				return // what §3.1.6 asks for: a2a-go fixed #438
			}
			pinned(t, devSubscribe, dp.String()+" SubscribeToTask on a canceled task", isNoExecution(dp, e), got)
		})
		rv := pick(peers, agents.ReviewerName, b)
		t.Run(rv.String(), func(t *testing.T) {
			asked := askedTask(t, rv)
			e, got := subscribeRefusal(t, rv, asked.ID)
			pinned(t, devSubscribe, rv.String()+" SubscribeToTask on a task in INPUT_REQUIRED (§3.1.6: any task not terminal)", isNoExecution(rv, e), got)
			e, _ = subscribeRefusal(t, rv, "00000000-0000-7000-8000-000000000000")
			if e == nil || e.reason != "TASK_NOT_FOUND" {
				t.Errorf("SubscribeToTask of an unknown task: %s, want TaskNotFoundError", e)
			}
		})
	}
}

// TestAuthRequiredMessage: §7.6.1 says agents SHOULD take messages on a
// task in AUTH_REQUIRED; a2a-go refuses them while the execution waits,
// with an internal error (pinned).
func TestAuthRequiredMessage(t *testing.T) {
	_, peers := kitPeers(t)
	for _, b := range bindings {
		pinInternalConflict(t, pick(peers, agents.DeployerName, b))
	}
}

// TestVersions: 1.0 (with any patch number, §3.6) is served, in the
// header or as a query parameter (§3.6.1); any other version, and none
// (which means 0.3, §3.6.2), gets VersionNotSupportedError.
func TestVersions(t *testing.T) {
	_, peers := kitPeers(t)
	for _, p := range peers {
		t.Run(p.String(), func(t *testing.T) {
			for _, v := range []string{"1.0", "1.0.1", "1.0.99"} {
				if o := p.call(t, "ListTasks", map[string]any{}, "A2A-Version", v); o.err != nil {
					t.Errorf("A2A-Version %s: %s", v, o.err)
				}
			}
			for _, v := range []string{"2.0", "1.1", "one", "0.3.0.1"} {
				o := p.call(t, "ListTasks", map[string]any{}, "A2A-Version", v)
				p.wantError(t, "A2A-Version "+v, o, -32009, 400, "VERSION_NOT_SUPPORTED")
			}
			// 0.3 (an empty or absent header means it, §3.6.2) is served
			// by the 0.3 handlers: at "/" over JSON-RPC, where a 1.0
			// method name is unknown, and under /v1 over HTTP+JSON; the
			// 1.0 HTTP+JSON paths refuse it.
			for _, v := range []string{"0.3", "0.3.0", ""} {
				if p.binding == jsonRPC {
					o := p.call(t, "ListTasks", map[string]any{}, "A2A-Version", v)
					p.wantError(t, "A2A-Version "+v+", a 1.0 method", o, -32601, 0, "")
					r := kittest.RPC(t, p.hc, p.rpcURL(), "tasks/get", map[string]any{"id": "nope"}, "A2A-Version", v)
					if r.Error == nil || r.Error.Code != -32001 {
						t.Errorf("A2A-Version %q, 0.3's tasks/get of an unknown task: %+v; want JSON-RPC -32001", v, r.Error)
					}
					continue
				}
				o := p.call(t, "ListTasks", map[string]any{}, "A2A-Version", v)
				p.wantError(t, "A2A-Version "+v+" on a 1.0 path", o, -32009, 400, "VERSION_NOT_SUPPORTED")
				if r := kittest.Do(t, p.hc, http.MethodGet, p.base()+"/v1/tasks/nope", nil, "A2A-Version", v); r.Status != 404 {
					t.Errorf("A2A-Version %q, GET /v1/tasks/nope: %d %s; want 404", v, r.Status, clip(r.Body))
				}
			}
			var r kittest.Reply
			if p.binding == jsonRPC {
				r = kittest.Do(t, p.hc, http.MethodPost, p.rpcURL()+"?A2A-Version=1.0", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "ListTasks", "params": map[string]any{}}, "A2A-Version", "")
				var rr kittest.RPCReply
				r.JSON(t, &rr)
				if rr.Error != nil {
					t.Errorf("A2A-Version as a query parameter: %d %s", rr.Error.Code, rr.Error.Message)
				}
			} else if r = kittest.Do(t, p.hc, http.MethodGet, p.restURL()+"/tasks?A2A-Version=1.0", nil, "A2A-Version", ""); r.Status != 200 {
				t.Errorf("A2A-Version as a query parameter: %d %s", r.Status, clip(r.Body))
			}
		})
	}
}

// TestErrors: the JSON-RPC standard errors (§9.5), the HTTP+JSON error
// shape (§11.6) and bad parameters (§3.3.2: validation errors are
// -32602 / 400).
func TestErrors(t *testing.T) {
	_, peers := kitPeers(t)
	for _, p := range peers {
		t.Run(p.String(), func(t *testing.T) {
			if p.binding == jsonRPC {
				for _, tt := range []struct {
					body string
					code int
				}{
					{`{"jsonrpc":"2.0","id":1,"method":"GetTask",`, -32700},
					{`[1,2`, -32700},
					{`{"id":1,"method":"GetTask","params":{"id":"x"}}`, -32600},
					{`{"jsonrpc":"2.0","id":1,"method":"NoSuchMethod","params":{}}`, -32601},
					{`{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}}`, -32601},
					{`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{}}`, -32602},
					{`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":7}}`, -32602},
				} {
					r := kittest.Do(t, p.hc, http.MethodPost, p.rpcURL(), []byte(tt.body))
					var rr kittest.RPCReply
					r.JSON(t, &rr)
					if r.Status != 200 || rr.Error == nil || rr.Error.Code != tt.code {
						t.Errorf("%s: %d %s; want JSON-RPC %d", tt.body, r.Status, clip(r.Body), tt.code)
					}
				}
			} else {
				r := kittest.Do(t, p.hc, http.MethodPost, p.restURL()+"/message:send", []byte(`{"message":`))
				if e, ok := r.RESTError(); r.Status != 400 || !ok || e.Status != "INVALID_ARGUMENT" {
					t.Errorf("malformed body: %d %s; want 400 INVALID_ARGUMENT as a google.rpc.Status", r.Status, clip(r.Body))
				}
			}
			_, o := p.send(t, &a2a.Message{ID: "m1", Role: a2a.MessageRoleUser})
			p.wantError(t, "a message without parts (§5.7: required arrays have an element)", o, -32602, 400, "INVALID_PARAMS")
			o = p.call(t, "SendMessage", map[string]any{})
			p.wantError(t, "SendMessage without a message", o, -32602, 400, "INVALID_PARAMS")
			o = p.call(t, "SendMessage", json.RawMessage(`{"message":{"messageId":"m1","role":"ROLE_BOGUS","parts":[{"text":"Hello"}]}}`))
			if o.err == nil {
				pinUnknownRole(t, p) // §3.3.2 MUST validate; a2a-go takes any role
			} else {
				p.wantError(t, "a message with role ROLE_BOGUS", o, -32602, 400, "")
			}
			o = p.call(t, "ListTasks", map[string]any{"historyLength": -1})
			p.wantError(t, "ListTasks historyLength -1", o, -32602, 400, "INVALID_PARAMS")
			o = p.call(t, "SendMessage", json.RawMessage(`{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"raw":"!!not base64"}]}}`))
			if p.binding == jsonRPC {
				if o.err == nil || o.err.code != -32602 {
					pinned(t, devParseError, p.String()+" a raw part that is not base64", o.err != nil && o.err.code == -32700, o.err.String())
				}
			} else {
				p.wantError(t, "a raw part that is not base64", o, 0, 400, "")
			}
		})
	}
}

// TestPushNotSupported: the cards declare no push notifications, so the
// push config operations get PushNotificationNotSupportedError (§3.3.4
// MUST).
func TestPushConfigs(t *testing.T) {
	_, peers := kitPeers(t)
	for _, p := range peers {
		t.Run(p.String(), func(t *testing.T) {
			if p.agent.Name() == agents.PlannerName {
				// No capability: the operations answer so (§3.1.7 to §3.1.10).
				o := p.call(t, "CreateTaskPushNotificationConfig", map[string]any{"taskId": "t1", "url": "https://example.com/hook"})
				p.wantError(t, "CreateTaskPushNotificationConfig", o, -32003, 400, "PUSH_NOTIFICATION_NOT_SUPPORTED")
				o = p.call(t, "ListTaskPushNotificationConfigs", map[string]any{"taskId": "t1"})
				p.wantError(t, "ListTaskPushNotificationConfigs", o, -32003, 400, "PUSH_NOTIFICATION_NOT_SUPPORTED")
				return
			}
			o := p.call(t, "CreateTaskPushNotificationConfig", map[string]any{"taskId": "no-such-task", "url": "http://127.0.0.1:9/hook"})
			p.wantError(t, "CreateTaskPushNotificationConfig of an unknown task", o, -32001, 404, "TASK_NOT_FOUND")
			task, o := p.send(t, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(generic[0])))
			if task == nil {
				t.Fatalf("no task: %s", o.err)
			}
			o = p.call(t, "CreateTaskPushNotificationConfig", map[string]any{"taskId": task.ID, "id": "c1", "url": "http://127.0.0.1:9/hook", "token": "tok"})
			if o.err != nil {
				t.Fatalf("CreateTaskPushNotificationConfig: %s", o.err)
			}
			o = p.call(t, "GetTaskPushNotificationConfig", map[string]any{"taskId": task.ID, "id": "c1"})
			if o.err != nil || !strings.Contains(string(o.result), `"tok"`) {
				t.Errorf("GetTaskPushNotificationConfig: %s %s", o.err, clip(o.result))
			}
			// §13.2: a webhook on a private address is refused when given.
			o = p.call(t, "CreateTaskPushNotificationConfig", map[string]any{"taskId": task.ID, "url": "http://10.0.0.1/hook"})
			p.wantError(t, "CreateTaskPushNotificationConfig to a private address", o, -32602, 400, "")
			if p.binding == jsonRPC {
				req := map[string]any{"jsonrpc": "2.0", "id": 1, "method": "DeleteTaskPushNotificationConfig",
					"params": map[string]any{"taskId": task.ID, "id": "c1"}}
				r := kittest.Do(t, p.hc, http.MethodPost, p.rpcURL(), req)
				body := strings.TrimSpace(string(r.Body))
				pinned(t, devDeleteNoResult, p.String()+" DeleteTaskPushNotificationConfig", r.Status == 200 && body == `{"jsonrpc":"2.0","id":1}`, fmt.Sprintf("HTTP %d %s", r.Status, body))
			} else if o = p.call(t, "DeleteTaskPushNotificationConfig", map[string]any{"taskId": task.ID, "id": "c1"}); o.err != nil {
				t.Errorf("DeleteTaskPushNotificationConfig: %s", o.err)
			}
			o = p.call(t, "ListTaskPushNotificationConfigs", map[string]any{"taskId": task.ID})
			if o.err != nil || strings.Contains(string(o.result), `"c1"`) {
				t.Errorf("ListTaskPushNotificationConfigs after the delete: %s %s", o.err, clip(o.result))
			}
		})
	}
}

// TestEveryAgentGetAndCancel: GetTask and CancelTask on each agent's own
// task, made of generic text: the task comes back as it is, at most
// historyLength messages of its history; a task waiting for its answer
// is canceled, a finished one is not cancelable (§3.1.3, §3.1.5).
func TestEveryAgentGetAndCancel(t *testing.T) {
	_, peers := kitPeers(t)
	for _, p := range peers {
		t.Run(p.String(), func(t *testing.T) {
			task, o := p.send(t, a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(generic[0])))
			if task == nil {
				t.Fatalf("no task: %s", o.err)
			}
			got := p.call(t, "GetTask", map[string]any{"id": task.ID})
			checkTask(t, "GetTask", got.result, got.task(t, "GetTask"))
			if g := got.task(t, "GetTask"); g.ID != task.ID || g.Status.State != task.Status.State || len(g.History) == 0 {
				t.Errorf("GetTask: %s in %s with %d history messages; want %s in %s, with its history", g.ID, g.Status.State, len(g.History), task.ID, task.Status.State)
			}
			if h := p.call(t, "GetTask", map[string]any{"id": task.ID, "historyLength": 1}).task(t, "GetTask historyLength 1").History; len(h) > 1 {
				t.Errorf("historyLength 1: %d messages (§3.2.4 MUST NOT return more)", len(h))
			}
			o = p.call(t, "CancelTask", map[string]any{"id": task.ID})
			if task.Status.State.Terminal() {
				p.wantError(t, "CancelTask of a task in "+string(task.Status.State), o, -32002, 400, "TASK_NOT_CANCELABLE")
				return
			}
			if o.err != nil {
				cancel(t, p, task.ID) // a2a-go's moment after the answer: retry
			} else if c := o.task(t, "CancelTask"); c.Status.State != a2a.TaskStateCanceled {
				t.Errorf("CancelTask returned the task in %s; §3.1.5: the updated task, canceled", c.Status.State)
			}
			o = p.call(t, "CancelTask", map[string]any{"id": "00000000-0000-7000-8000-000000000000"})
			p.wantError(t, "CancelTask of an unknown task", o, -32001, 404, "TASK_NOT_FOUND")
		})
	}
}

// TestPlannerFlow: the planner is a client of the other two. Asked to
// review and deploy, it waits for the deployer's operator in
// AUTH_REQUIRED (§7.6.2: passing the request upstream), saying what is
// needed (§7.6.1); a subscription starts with that task (§3.1.6), and
// canceling the planner's task cancels the deploy it waits on and ends
// the subscription.
func TestPlannerFlow(t *testing.T) {
	_, peers := kitPeers(t)
	for _, b := range bindings {
		pl := pick(peers, agents.PlannerName, b)
		dp := pick(peers, agents.DeployerName, b)
		t.Run(pl.String(), func(t *testing.T) {
			task := pl.mustSend(t, agents.NewPlanMessage(agents.PlanRequest{Repository: agents.SampleRepository, Base: "main", Diff: agents.SampleDiff, Build: "2026.10.06-1", Environment: "staging"}))
			if task.Status.State != a2a.TaskStateAuthRequired || agents.MessageText(task.Status.Message) == "" {
				t.Fatalf("the plan is in %s (%q); want AUTH_REQUIRED, saying what it needs", task.Status.State, agents.MessageText(task.Status.Message))
			}
			s, o := pl.open(t, "SubscribeToTask", map[string]any{"id": task.ID})
			if s == nil {
				t.Fatalf("SubscribeToTask: %s", o.err)
			}
			if f := s.next(t); f == nil || f.Task == nil || f.Task.ID != task.ID || f.Task.Status.State != a2a.TaskStateAuthRequired {
				t.Fatalf("first event %+v; §3.1.6 MUST: the Task as it is now", f)
			}
			canceled := func() int {
				o := dp.call(t, "ListTasks", map[string]any{"status": "TASK_STATE_CANCELED"})
				var list struct{ TotalSize int }
				if o.err != nil || json.Unmarshal(o.result, &list) != nil {
					t.Fatalf("ListTasks on the deployer: %s %s", o.err, clip(o.result))
				}
				return list.TotalSize
			}
			before := canceled()
			cancel(t, pl, task.ID)
			rest := s.rest(t)
			if len(rest) == 0 || rest[len(rest)-1].state() != a2a.TaskStateCanceled {
				t.Errorf("the subscription ended without the CANCELED state (%d frames)", len(rest))
			}
			after := canceled()
			for i := 0; i < 200 && after == before; i++ {
				time.Sleep(10 * time.Millisecond)
				after = canceled()
			}
			if after != before+1 {
				t.Errorf("the deployer holds %d canceled tasks, %d before the plan was canceled; want one more", after, before)
			}
		})
	}
}
