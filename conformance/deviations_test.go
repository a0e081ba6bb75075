package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// A deviation is a measured departure of a2a-go v2.4.0, which the kit
// wraps, from the specification v1.0.1. Each one is pinned: TestPins
// asserts what a2a-go does today, and so do the conformance tests where
// they meet it, so an a2a-go upgrade that changes one fails here and says
// what to update. The README's "Known deviations of a2a-go v2.4.0" lists
// the same ones; the checker (package check) flags each where a
// transcript shows it, under the rule named here.
type deviation struct {
	id       string // the pin's name
	spec     string // what the specification says
	sdk      string // what a2a-go v2.4.0 does
	rule     string // the check rule that flags it in a transcript
	upstream string // the a2a-go issue, when there is one
}

var (
	devCancelCanceled = deviation{id: "cancel-canceled", rule: "cancel-canceled",
		spec: "§3.1.5: TaskNotCancelableError (-32002, HTTP 400) for a task already completed, failed or canceled",
		sdk:  "a second CancelTask on a canceled task returns the task (a2a-go lets TASK_STATE_CANCELED through its check; §3.3.1's idempotency can be read to allow it)"}
	devParseError = deviation{id: "parse-error", rule: "parse-error",
		spec: "§9.5: -32700 is for invalid JSON; a parameter with a bad value is a validation error, -32602 (§3.3.2)",
		sdk:  "JSON-RPC answers -32700 to JSON that parses but holds a value its decoder rejects (a time, base64); HTTP+JSON 400 INVALID_ARGUMENT with reason PARSE_ERROR"}
	devInternalConflict = deviation{id: "internal-error-conflict", rule: "internal-error",
		spec: "§3.3.2: -32603 / HTTP 500 are for internal agent failures; the specification names no error for a message to a task whose execution is still running",
		sdk:  "a message to a task whose execution is still running (the deployer waiting in AUTH_REQUIRED) gets -32603 / HTTP 500 INTERNAL \"task execution is already in progress\""}
	devSubscribe = deviation{id: "subscribe-no-execution", rule: "subscribe-state", upstream: "#438",
		spec: "§3.1.6: SubscribeToTask serves any task not in a terminal state and refuses a terminal one with UnsupportedOperationError (-32004)",
		sdk:  "a task with no running execution (INPUT_REQUIRED, or terminal) gets -32001 \"task not found: no active execution\", as the first frame of an event stream (HTTP 200)"}
	devErrorFrame = deviation{id: "rest-error-frame", rule: "one-payload",
		spec: "§11.6: an HTTP+JSON error is the response's HTTP status with a google.rpc.Status body; §11.7: a stream's frames are StreamResponses",
		sdk:  "an error that comes after the stream began (SubscribeToTask without a running execution) is a frame {\"error\": google.rpc.Status} under HTTP 200"}
	devMessageToTerminal = deviation{id: "message-to-terminal", rule: "message-to-terminal", upstream: "#439",
		spec: "§3.1.1: UnsupportedOperationError (-32004) for a message to a task in a terminal state",
		sdk:  "-32602 invalid params / HTTP 400 INVALID_ARGUMENT"}
	devDeleteNoResult = deviation{id: "delete-no-result", rule: "jsonrpc-response",
		spec: "§9: a JSON-RPC response; JSON-RPC 2.0 §5: a success carries result (for a Delete, google.protobuf.Empty, {})",
		sdk:  "JSON-RPC DeleteTaskPushNotificationConfig answers {\"jsonrpc\":\"2.0\",\"id\":1}, with neither result nor error"}
	devPushScheme = deviation{id: "push-auth-scheme", rule: "push-authentication",
		spec: "§4.3.3: the agent MUST include the credentials PushNotificationConfig.authentication gives, as Authorization: {scheme} {credentials}; AuthenticationInfo's scheme is any of the IANA registry's (Bearer, Basic, Digest, ...)",
		sdk:  "a2a-go's HTTP push sender sends Authorization only for the Bearer and Basic schemes; a configuration with any other scheme gets notifications without it"}
	devUnknownRole = deviation{id: "unknown-role", rule: "enum-names",
		spec: "§3.3.2: servers MUST validate all input parameters before processing; §5.5: enums are their proto names, and Role has ROLE_USER and ROLE_AGENT",
		sdk:  "a message whose role is no Role (\"ROLE_BOGUS\") is accepted, and the task's history keeps the role as sent"}
)

// pinned checks that what a test saw is a2a-go's known deviation d.
func pinned(t *testing.T, d deviation, where string, ok bool, got string) {
	t.Helper()
	if !ok {
		t.Errorf("%s: %s\n  the pinned a2a-go v2.4.0 deviation %s is gone: %s\n  the spec: %s\n  a2a-go changed: update the README's \"Known deviations of a2a-go v2.4.0\", the checker rule %s, and this pin (conformance/deviations_test.go)",
			where, got, d.id, d.sdk, d.spec, d.rule)
	}
}

// TestPins asserts each deviation on the kit's agents, in both bindings.
func TestPins(t *testing.T) {
	kit := kittest.Serve(t, "127.0.0.1")
	hc := &http.Client{}
	for _, b := range bindings {
		rv := peer{agent: kit.Reviewer, binding: b, hc: hc}
		dp := peer{agent: kit.Deployer, binding: b, hc: hc}
		t.Run(b, func(t *testing.T) {
			t.Run(devCancelCanceled.id, func(t *testing.T) { pinCancelCanceled(t, rv) })
			t.Run(devParseError.id, func(t *testing.T) { pinParseError(t, rv) })
			t.Run(devInternalConflict.id, func(t *testing.T) { pinInternalConflict(t, dp) })
			t.Run(devSubscribe.id, func(t *testing.T) { pinSubscribe(t, rv) })
			t.Run(devMessageToTerminal.id, func(t *testing.T) { pinMessageToTerminal(t, rv) })
			t.Run(devUnknownRole.id, func(t *testing.T) { pinUnknownRole(t, rv) })
			t.Run(devPushScheme.id, func(t *testing.T) { pinPushScheme(t, rv) })
		})
	}
}

// pinPushScheme gives a review a webhook whose authentication has the
// Digest scheme: the notifications come without Authorization (and one
// with Bearer credentials, beside it, with them: the receiver sees the
// header when it is sent).
func pinPushScheme(t *testing.T, p peer) {
	got := make(chan string, 16)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case got <- r.URL.Path + " " + r.Header.Get("Authorization"):
		default:
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer hook.Close()
	for _, scheme := range []string{"Bearer", "Digest"} {
		o := p.call(t, "SendMessage", &a2a.SendMessageRequest{
			Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff),
			Config: &a2a.SendMessageConfig{PushConfig: &a2a.PushConfig{URL: hook.URL + "/" + scheme,
				Auth: &a2a.PushAuthInfo{Scheme: scheme, Credentials: "cred-1"}}},
		})
		if o.err != nil {
			t.Fatalf("%s SendMessage with a %s webhook: %s", p, scheme, o.err)
		}
	}
	seen := map[string]string{}
	deadline := time.After(10 * time.Second)
	for len(seen) < 2 {
		select {
		case g := <-got:
			path, auth, _ := strings.Cut(g, " ")
			seen[path] = auth
		case <-deadline:
			t.Fatalf("%s: notifications seen %v; want one on each webhook", p, seen)
		}
	}
	if seen["/Bearer"] != "Bearer cred-1" {
		t.Fatalf("%s: the Bearer webhook got Authorization %q, want \"Bearer cred-1\"", p, seen["/Bearer"])
	}
	pinned(t, devPushScheme, p.String(), seen["/Digest"] == "", fmt.Sprintf("the Digest webhook got Authorization %q", seen["/Digest"]))
}

// askedTask starts a review that stops in INPUT_REQUIRED.
func askedTask(t *testing.T, p peer) *a2a.Task {
	t.Helper()
	task := p.mustSend(t, agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff))
	if task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("%s: review without a base is in %s, want INPUT_REQUIRED", p, task.Status.State)
	}
	return task
}

// completedTask runs a review to its end.
func completedTask(t *testing.T, p peer) *a2a.Task {
	t.Helper()
	task := p.mustSend(t, agents.NewReviewMessage(agents.SampleRepository, "main", agents.SampleDiff))
	if task.Status.State != a2a.TaskStateCompleted {
		t.Fatalf("%s: review with a base is in %s, want COMPLETED", p, task.Status.State)
	}
	return task
}

// cancel cancels a task that waits for its answer. a2a-go may answer
// "cannot be canceled", or an internal error "queue is closed", within
// moments of the blocking call that returned INPUT_REQUIRED
// (agents/doc.go); a retry succeeds.
func cancel(t *testing.T, p peer, id a2a.TaskID) *a2a.Task {
	t.Helper()
	var o outcome
	for range 200 {
		o = p.call(t, "CancelTask", map[string]any{"id": id})
		if o.err == nil || o.err.reason != "TASK_NOT_CANCELABLE" && !strings.Contains(o.err.message, "queue is closed") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	task := o.task(t, p.String()+" CancelTask")
	if task.Status.State != a2a.TaskStateCanceled {
		t.Fatalf("%s: CancelTask left the task in %s", p, task.Status.State)
	}
	return task
}

// pinCancelCanceled: the second CancelTask of a canceled task.
func pinCancelCanceled(t *testing.T, p peer) {
	task := askedTask(t, p)
	cancel(t, p, task.ID)
	o := p.call(t, "CancelTask", map[string]any{"id": task.ID})
	got := fmt.Sprintf("second CancelTask answered %s %s", o.err, clip(o.result))
	ok := o.err == nil
	if ok {
		ok = o.task(t, "second CancelTask").Status.State == a2a.TaskStateCanceled
	}
	pinned(t, devCancelCanceled, p.String(), ok, got)
}

// pinParseError: a value the decoder rejects in JSON that parses.
func pinParseError(t *testing.T, p peer) {
	// A raw part that is not base64, in SendMessage.
	o := p.call(t, "SendMessage", json.RawMessage(`{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"raw":"!!not base64"}]}}`))
	if p.binding == jsonRPC {
		pinned(t, devParseError, p.String()+" SendMessage with a bad raw part", o.err != nil && o.err.code == -32700, o.err.String())
	} else {
		pinned(t, devParseError, p.String()+" SendMessage with a bad raw part", o.err != nil && o.err.status == 400 && o.err.reason == "PARSE_ERROR", o.err.String())
	}
	// A time that does not parse, in ListTasks: over HTTP+JSON a2a-go
	// reads the query itself and answers 400 INVALID_ARGUMENT (reason
	// INVALID_REQUEST), which is the spec's status.
	o = p.call(t, "ListTasks", json.RawMessage(`{"statusTimestampAfter":"yesterday"}`))
	if p.binding == jsonRPC {
		pinned(t, devParseError, p.String()+" ListTasks with a bad statusTimestampAfter", o.err != nil && o.err.code == -32700, o.err.String())
	} else if o.err == nil || o.err.status != 400 || o.err.grpc != "INVALID_ARGUMENT" {
		t.Errorf("%s ListTasks with a bad statusTimestampAfter: %s; want HTTP 400 INVALID_ARGUMENT", p, o.err)
	}
}

// pinInternalConflict: a message to the deployer while its execution
// waits for the operator.
func pinInternalConflict(t *testing.T, p peer) {
	task := p.mustSend(t, agents.NewDeployMessage("2026.10.06-1", "staging"))
	if task.Status.State != a2a.TaskStateAuthRequired {
		t.Fatalf("%s: deploy is in %s, want AUTH_REQUIRED", p, task.Status.State)
	}
	defer cancel(t, p, task.ID)
	_, o := p.send(t, agents.NewAnswerMessage(task, "Please hurry."))
	ok := o.err != nil && strings.Contains(o.err.message, "already in progress")
	if p.binding == jsonRPC {
		ok = ok && o.err.code == -32603
	} else {
		ok = ok && o.err.status == 500 && o.err.grpc == "INTERNAL"
	}
	pinned(t, devInternalConflict, p.String()+" message to a task in AUTH_REQUIRED", ok, o.err.String())
}

// subscribeRefusal subscribes to a task and returns the error of the
// first frame, or the refusal. a2a-go answers a blocking SendMessage
// (and a CancelTask) before it drops the task's execution, so for a few
// milliseconds after one a subscription may still find it and stream the
// task; such a stream is read to its end and the subscription tried
// again, for up to two seconds.
func subscribeRefusal(t *testing.T, p peer, id a2a.TaskID) (*a2aError, string) {
	t.Helper()
	if p.via != "" {
		// Recorded: wait off the record until a2a-go has let go of the
		// task's execution, so that the recording shows the refusal
		// alone, not the subscriptions a2a-go still accepted a moment
		// after the task stopped (which the checker rightly flags).
		direct := p
		direct.via = ""
		subscribeRefusal(t, direct, id)
	}
	for try := 1; ; try++ {
		s, o := p.open(t, "SubscribeToTask", map[string]any{"id": id})
		if s == nil {
			return o.err, "refused before streaming: " + o.err.String()
		}
		f := s.next(t)
		switch {
		case f == nil:
			return nil, "an empty stream"
		case f.err != nil:
			return f.err, fmt.Sprintf("HTTP %d event stream, first frame %s", s.resp.StatusCode, f.err)
		case try == 200:
			return nil, fmt.Sprintf("a stream whose first frame is a %s, %d times in a row", f.kind(), try)
		}
		s.rest(t)
		s.close()
		time.Sleep(10 * time.Millisecond)
	}
}

// settled runs send again while a2a-go answers that the task's execution
// is in progress, for up to two seconds: it answers so for a few
// milliseconds after a blocking SendMessage returned at an interrupted
// or terminal state (its execution is dropped after the answer; a2a-go
// #303 is the same race).
func settled(send func() outcome) outcome {
	o := send()
	for range 200 {
		if o.err == nil || !strings.Contains(o.err.message, "already in progress") {
			break
		}
		time.Sleep(10 * time.Millisecond)
		o = send()
	}
	return o
}

// isNoExecution says whether err is a2a-go's "no active execution".
func isNoExecution(p peer, e *a2aError) bool {
	if e == nil || !strings.Contains(e.message, "no active execution") || e.reason != "TASK_NOT_FOUND" {
		return false
	}
	return p.binding != jsonRPC || e.code == -32001
}

// pinSubscribe: SubscribeToTask where no execution runs.
func pinSubscribe(t *testing.T, p peer) {
	asked := askedTask(t, p)
	e, got := subscribeRefusal(t, p, asked.ID)
	pinned(t, devSubscribe, p.String()+" SubscribeToTask on a task in INPUT_REQUIRED", isNoExecution(p, e), got)
	if p.binding == httpJSON {
		pinned(t, devErrorFrame, p.String()+" SubscribeToTask refused", strings.HasPrefix(got, "HTTP 200 event stream, first frame"), got)
	}
	done := completedTask(t, p)
	e, got = subscribeRefusal(t, p, done.ID)
	pinned(t, devSubscribe, p.String()+" SubscribeToTask on a completed task", isNoExecution(p, e), got)
}

// pinMessageToTerminal: a message to a completed task.
func pinMessageToTerminal(t *testing.T, p peer) {
	done := completedTask(t, p)
	o := settled(func() outcome { _, o := p.send(t, agents.NewAnswerMessage(done, "main")); return o })
	ok := o.err != nil && o.err.reason == "INVALID_PARAMS"
	if p.binding == jsonRPC {
		ok = ok && o.err.code == -32602
	} else {
		ok = ok && o.err.status == 400
	}
	pinned(t, devMessageToTerminal, p.String()+" message to a completed task", ok, o.err.String())
}

// pinUnknownRole: a role that is not one.
func pinUnknownRole(t *testing.T, p peer) {
	o := p.call(t, "SendMessage", json.RawMessage(`{"message":{"messageId":"m1","role":"ROLE_BOGUS","parts":[{"text":"Hello"}]}}`))
	got := o.err.String()
	ok := false
	if o.err == nil {
		var res struct{ Task *a2a.Task }
		json.Unmarshal(o.result, &res)
		ok = res.Task != nil && len(res.Task.History) > 0 && res.Task.History[0].Role == "ROLE_BOGUS"
		got = "accepted: " + clip(o.result)
	}
	pinned(t, devUnknownRole, p.String()+" a message with role ROLE_BOGUS", ok, got)
}

// failing is an a2asrv.RequestHandler whose GetTask fails with err:
// a2a-go's own mapping of an error to each binding, for the errors no
// kit agent can be made to answer.
type failing struct {
	a2asrv.RequestHandler
	err error
}

func (f failing) GetTask(context.Context, *a2a.GetTaskRequest) (*a2a.Task, error) {
	return nil, f.err
}

// TestPinErrorMapping pins how a2a-go maps the A2A errors to JSON-RPC
// codes and HTTP statuses, against §5.4 of v1.0.1. These are not
// deviations: v1.0.1 maps TaskNotCancelableError and
// ContentTypeNotSupportedError to 400 and InvalidAgentResponseError to
// 500, as a2a-go does. (The v1.0.0 table said 409, 415 and 502; a
// conformance suite written against it flags a2a-go.) The test goes
// through a2a-go's handlers directly, since no kit agent answers
// ContentTypeNotSupported or InvalidAgentResponse.
func TestPinErrorMapping(t *testing.T) {
	hc := &http.Client{}
	tests := []struct {
		err    error
		code   int
		status int
		grpc   string
		reason string
	}{
		{a2a.ErrTaskNotFound, -32001, 404, "NOT_FOUND", "TASK_NOT_FOUND"},
		{a2a.ErrTaskNotCancelable, -32002, 400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE"},
		{a2a.ErrPushNotificationNotSupported, -32003, 400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED"},
		{a2a.ErrUnsupportedOperation, -32004, 400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION"},
		{a2a.ErrUnsupportedContentType, -32005, 400, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED"},
		{a2a.ErrInvalidAgentResponse, -32006, 500, "INTERNAL", "INVALID_AGENT_RESPONSE"},
		{a2a.ErrExtendedCardNotConfigured, -32007, 400, "FAILED_PRECONDITION", "EXTENDED_AGENT_CARD_NOT_CONFIGURED"},
		{a2a.ErrExtensionSupportRequired, -32008, 400, "FAILED_PRECONDITION", "EXTENSION_SUPPORT_REQUIRED"},
		{a2a.ErrVersionNotSupported, -32009, 400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED"},
	}
	for _, tt := range tests {
		h := failing{err: fmt.Errorf("failed: %w", tt.err)}
		rpc := httptest.NewServer(a2asrv.NewJSONRPCHandler(h))
		rest := httptest.NewServer(a2asrv.NewRESTHandler(h))
		r := kittest.RPC(t, hc, rpc.URL, "GetTask", map[string]any{"id": "t1"})
		if r.Error == nil || r.Error.Code != tt.code || rpcReason(r.Error.Data) != tt.reason {
			t.Errorf("%s over JSON-RPC: %+v; want code %d reason %s (§5.4). a2a-go changed its mapping: update the README's \"Known deviations of a2a-go v2.4.0\" and this pin", tt.reason, r.Error, tt.code, tt.reason)
		}
		rr := kittest.Do(t, hc, http.MethodGet, rest.URL+"/tasks/t1", nil)
		e, _ := rr.RESTError()
		if rr.Status != tt.status || e.Status != tt.grpc || e.Reason != tt.reason {
			t.Errorf("%s over HTTP+JSON: %d %s %s; want %d %s %s (§5.4 of v1.0.1). a2a-go changed its mapping: update the README's \"Known deviations of a2a-go v2.4.0\", the checker rule rest-error-status and this pin", tt.reason, rr.Status, e.Status, e.Reason, tt.status, tt.grpc, tt.reason)
		}
		rpc.Close()
		rest.Close()
	}
}
