package panel

import "fmt"

// A Mode says where the agents of a session run.
type Mode string

const (
	Offline Mode = "offline" // the kit, in process, behind an in-process transport
	Remote  Mode = "remote"  // agents at base URLs, over an http.RoundTripper
)

// A Binding is the A2A protocol binding a move uses.
type Binding string

const (
	JSONRPC  Binding = "JSONRPC"   // a2a.TransportProtocolJSONRPC, the default
	HTTPJSON Binding = "HTTP+JSON" // a2a.TransportProtocolHTTPJSON
)

// SaveOptions say how Save writes a session.
type SaveOptions struct {
	// Normalize writes the session as a capture is written
	// (capture.Normalize): the synthetic clock
	// (2026-10-06T09:00:00.000Z plus 250 ms per observation, the agents'
	// timestamps set to the observation that first shows them),
	// deterministic ids in place of the agents' UUIDs, and only the
	// headers that belong to the exchange. Two sessions that made the
	// same moves then differ only where the agents answered differently.
	Normalize bool `json:"normalize"`
}

// A Result is the real answer to one move.
type Result struct {
	Move    string  `json:"move"`              // "SendDiff", "Answer", ...
	Agent   string  `json:"agent,omitempty"`   // the agent the move addressed
	Binding Binding `json:"binding,omitempty"` // the binding an A2A move used
	// Sent is what a message move sent: the ids it named and its text.
	Sent *Sent `json:"sent,omitempty"`
	// Task is the task as the answer left it (after a stream move, as
	// the stream stood when the move returned).
	Task *Task `json:"task,omitempty"`
	// Message is the text of a Message the agent answered with instead
	// of a task.
	Message string `json:"message,omitempty"`
	// Stream is the stream a streaming move opened; it goes on being
	// read after the move returns (see Snapshot).
	Stream *Stream `json:"stream,omitempty"`
	// HTTP is the reply to an operator's out-of-band request.
	HTTP *HTTPReply `json:"http,omitempty"`
	// Error is the error answer as it came over the wire.
	Error *WireError `json:"error,omitempty"`
	// Failure is what the A2A client library said when the call failed.
	Failure string `json:"failure,omitempty"`
	// Deviation is set when the answer differs from the specification.
	Deviation *Deviation `json:"deviation,omitempty"`
	// Note says what the move did that the learner should notice.
	Note string `json:"note,omitempty"`
	// Exchanges are the numbers (Seq) of the transcript's exchanges the
	// move made, in order.
	Exchanges []int `json:"exchanges,omitempty"`
}

// Sent is what a message move put on the wire.
type Sent struct {
	TaskID    string `json:"taskId,omitempty"`
	ContextID string `json:"contextId,omitempty"`
	Text      string `json:"text,omitempty"`
}

// HTTPReply is the reply to a plain HTTP request outside A2A.
type HTTPReply struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
	Body   string `json:"body,omitempty"` // at most 4 KiB
}

// A WireError is an error answer as it came over the wire: a JSON-RPC
// error object, an HTTP+JSON google.rpc.Status, an out-of-band HTTP
// error, or a request that got no response at all.
type WireError struct {
	// HTTPStatus is the response's status code; 200 for a JSON-RPC error
	// or an error frame inside a stream; 0 when there was no response.
	HTTPStatus int `json:"httpStatus,omitempty"`
	// Code is the JSON-RPC error code (-32001), or the google.rpc.Status
	// code of the HTTP+JSON binding (an HTTP status, 404).
	Code int `json:"code,omitempty"`
	// Status is the google.rpc.Status status name ("NOT_FOUND"), HTTP+JSON only.
	Status string `json:"status,omitempty"`
	// Reason is the google.rpc.ErrorInfo reason ("TASK_NOT_FOUND"), when the
	// error carries one; both bindings of a2a-go send it.
	Reason string `json:"reason,omitempty"`
	// Message is the error's message as sent.
	Message string `json:"message,omitempty"`
	// InStream is set when the error came as a frame of an event stream.
	InStream bool `json:"inStream,omitempty"`
	// NoStream is set when a streaming call (SendStreamingMessage,
	// SubscribeToTask) was answered with this error as a plain JSON body
	// instead of an event stream, as SDKs do when the call fails before
	// the stream starts. a2a-go's client reads such an answer as a stream
	// without events; the session reads the error from the wire.
	NoStream bool `json:"noStream,omitempty"`
	// Transport is set when the request failed without a response:
	// "connection refused", a fetch error.
	Transport string `json:"transport,omitempty"`
}

// Kind names the A2A error by its reason ("TASK_NOT_FOUND"), from the
// ErrorInfo reason or else the JSON-RPC code; "" when it is neither.
func (e *WireError) Kind() string {
	if e == nil {
		return ""
	}
	if e.Reason != "" {
		return e.Reason
	}
	if e.Status == "" {
		return jsonrpcReasons[e.Code]
	}
	return ""
}

// String is the error as one line: "-32001 task not found: ...".
func (e *WireError) String() string {
	switch {
	case e == nil:
		return ""
	case e.Transport != "":
		return "no response: " + e.Transport
	case e.Status != "":
		return fmt.Sprintf("%d %s %s: %s", e.Code, e.Status, e.Reason, e.Message)
	case e.Code != 0:
		return fmt.Sprintf("%d %s", e.Code, e.Message)
	}
	return fmt.Sprintf("HTTP %d: %s", e.HTTPStatus, e.Message)
}

// jsonrpcReasons are the A2A JSON-RPC error codes (spec §9) by reason.
var jsonrpcReasons = map[int]string{
	-32700: "PARSE_ERROR",
	-32600: "INVALID_REQUEST",
	-32601: "METHOD_NOT_FOUND",
	-32602: "INVALID_PARAMS",
	-32603: "INTERNAL_ERROR",
	-32001: "TASK_NOT_FOUND",
	-32002: "TASK_NOT_CANCELABLE",
	-32003: "PUSH_NOTIFICATION_NOT_SUPPORTED",
	-32004: "UNSUPPORTED_OPERATION",
	-32005: "CONTENT_TYPE_NOT_SUPPORTED",
	-32006: "INVALID_AGENT_RESPONSE",
	-32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
	-32008: "EXTENSION_SUPPORT_REQUIRED",
	-32009: "VERSION_NOT_SUPPORTED",
}

// A Deviation is a place where the agent's real answer differs from what
// the A2A specification (v1.0.1) asks for. The session reports one only
// when the answer it got shows it, judged against what the session had
// seen of the task before the move; it never assumes one.
type Deviation struct {
	Spec     string `json:"spec"`            // the section: "§3.1.1"
	Expected string `json:"expected"`        // what the specification asks for
	Got      string `json:"got"`             // what came back, in one line
	Known    string `json:"known,omitempty"` // the known upstream issue or cause, when the answer matches it
	Text     string `json:"text"`            // one or two sentences for the page
}

func (d *Deviation) String() string {
	if d == nil {
		return ""
	}
	s := fmt.Sprintf("Deviation from spec %s: expected %s, got %s.", d.Spec, d.Expected, d.Got)
	if d.Known != "" {
		s += " Known: " + d.Known + "."
	}
	return s
}

// A Task is a task as the session last saw it in an answer or a frame.
type Task struct {
	ID        string  `json:"id"`
	ContextID string  `json:"contextId"`
	Agent     string  `json:"agent"`          // the participant that runs it
	State     string  `json:"state"`          // "TASK_STATE_INPUT_REQUIRED"
	Text      string  `json:"text,omitempty"` // the status message's text: the question, the approval request
	Binding   Binding `json:"binding"`        // the binding it was last seen on
	// ApproveURL and RefuseURL are where an operator decides, when the
	// status message names an approve URL (the deployer's, or the
	// planner's which passes it up).
	ApproveURL string `json:"approveUrl,omitempty"`
	RefuseURL  string `json:"refuseUrl,omitempty"`
	// ApproveTask and ApproveAgent name the task the approve URL decides
	// and the agent that serves it, read from the URL: the task's own
	// id and agent when it waits for an operator itself; the deployer's
	// task and "deployer" when the planner passed the deployer's request
	// up (§7.6.2). The operator approves the deployer's task, not the
	// planner's. ApproveAgent is empty when no agent of the session
	// serves the URL.
	ApproveTask  string     `json:"approveTask,omitempty"`
	ApproveAgent string     `json:"approveAgent,omitempty"`
	Artifacts    []Artifact `json:"artifacts,omitempty"`
	// Terminal says the state is one a task never leaves (completed,
	// failed, canceled, rejected), as a2a-go's TaskState.Terminal has it.
	Terminal bool `json:"terminal,omitempty"`
}

// An Artifact is an artifact of a task: its name and its parts as text
// (a data part as indented JSON).
type Artifact struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// A Stream is an event stream a move opened, as the session reads it.
type Stream struct {
	ID      int     `json:"id"`   // 1, 2, ... in the order opened
	Move    string  `json:"move"` // "Deploy", "Subscribe", "Send"
	Agent   string  `json:"agent"`
	Binding Binding `json:"binding"`
	TaskID  string  `json:"taskId,omitempty"`
	Open    bool    `json:"open"`            // still being read
	Events  int     `json:"events"`          // events read so far
	State   string  `json:"state,omitempty"` // the task state of the last event that had one
	Error   string  `json:"error,omitempty"` // why reading stopped, if not the stream's end
}

// A Snapshot is what a page draws beside the diagram: the agents, the
// tasks with their states (the operator panel lists those that wait in
// AUTH_REQUIRED with an approve URL), the streams being read, and the
// goroutine count.
type Snapshot struct {
	Mode   Mode `json:"mode"`
	Closed bool `json:"closed"`
	// Version is the A2A version the session's client speaks ("1.0" or
	// "0.3"); "0.3 and 1.0" when its agents speak different ones.
	Version string      `json:"version"`
	Agents  []AgentInfo `json:"agents"`
	// Tasks are in the order the session first saw them.
	Tasks   []Task   `json:"tasks"`
	Streams []Stream `json:"streams"`
	// Waiting is what waits for an operator: one entry per approve link
	// of the tasks in AUTH_REQUIRED, in the order of the tasks.
	Waiting []Waiting `json:"waiting"`
	// Observations is how many events the recorder has stamped
	// (requests, replies, frames, stream ends).
	Observations int `json:"observations"`
	// Goroutines is runtime.NumGoroutine() when the snapshot was taken.
	Goroutines int `json:"goroutines"`
}

// Waiting is one approve link that waits for the operator, named after
// the task and agent it decides. A planner passes its deployer's
// request up (§7.6.2): the link is the deployer's, for the deployer's
// task, and PassedUp lists the session's tasks that carry it without
// being the one it decides.
type Waiting struct {
	URL   string `json:"url"`             // the approve link
	Task  string `json:"task"`            // the task it decides
	Agent string `json:"agent,omitempty"` // the agent that serves it; "" when no agent of the session does
	// Own is set when the decided task is among the session's tasks.
	Own bool `json:"own,omitempty"`
	// State and Says are the decided task's state and status text, or
	// those of the first task that carries the link.
	State string `json:"state"`
	Says  string `json:"says,omitempty"`
	// PassedUp are the tasks that carry the link for another task.
	PassedUp []Task `json:"passedUp,omitempty"`
}

// AgentInfo is an agent of the session, from its card.
type AgentInfo struct {
	Name        string    `json:"name"`
	URL         string    `json:"url"`
	Description string    `json:"description,omitempty"`
	Bindings    []Binding `json:"bindings"`
	Streaming   bool      `json:"streaming"`
	// Version is the A2A version the session speaks to it ("1.0" or "0.3");
	// Bindings are its card's interfaces of that version.
	Version string `json:"version"`
}

// OpenArgs are the arguments of the "open" command.
type OpenArgs struct {
	Mode  Mode     `json:"mode"`           // "offline" (default) or "remote"
	URL   string   `json:"url,omitempty"`  // remote: an agent's base URL
	URLs  []string `json:"urls,omitempty"` // remote: more agents' base URLs
	Title string   `json:"title,omitempty"`
	// Version is the A2A version the session's client speaks: "0.3" or
	// "1.0" (replay.V03, V10). Empty: offline, 1.0; remote, each agent's card decides (1.0
	// when it offers a 1.0 interface, else 0.3). Only a module built to
	// speak 0.3 (live03) opens a 0.3 session; the other answers with an
	// error that contains NeedsV03.
	Version string `json:"version,omitempty"`
}

// NeedsV03 is in the error a live module that speaks 1.0 only answers
// to an "open" that needs 0.3 (asked for, or an agent whose card offers
// 0.3 alone): the page then loads the module that speaks both and opens
// the session there.
const NeedsV03 = "needs the live module that speaks A2A 0.3"

// DiffArgs are the arguments of SendDiff. Zero values take the sample.
type DiffArgs struct {
	Base       string  `json:"base,omitempty"`       // the base branch; empty: the code-reviewer asks for it
	Repository string  `json:"repository,omitempty"` // default agents.SampleRepository
	Diff       string  `json:"diff,omitempty"`       // default agents.SampleDiff
	Agent      string  `json:"agent,omitempty"`      // default "code-reviewer"
	Binding    Binding `json:"binding,omitempty"`    // default JSONRPC
	Road       Road    `json:"road,omitempty"`       // how the client waits (roads.go); default a blocking SendMessage
}

// AnswerArgs are the arguments of Answer.
type AnswerArgs struct {
	TaskID    string  `json:"taskId"`              // the task that asked
	ContextID string  `json:"contextId,omitempty"` // default: the task's, as the session saw it
	Text      string  `json:"text"`                // the answer, like "main"
	Variant   Variant `json:"variant,omitempty"`
	Agent     string  `json:"agent,omitempty"` // needed only for a task the session never saw
	Binding   Binding `json:"binding,omitempty"`
}

// MessageArgs are the arguments of SendWhileWaiting.
type MessageArgs struct {
	TaskID  string  `json:"taskId"`
	Text    string  `json:"text,omitempty"` // default: a question to the agent
	Agent   string  `json:"agent,omitempty"`
	Binding Binding `json:"binding,omitempty"`
}

// DeployArgs are the arguments of Deploy. Zero values take the sample.
type DeployArgs struct {
	Build       string `json:"build,omitempty"`       // default agents.SampleBuild
	Environment string `json:"environment,omitempty"` // default agents.SampleEnvironment
	// Blocking sends a blocking SendMessage instead of a stream; it
	// returns at AUTH_REQUIRED and the learner must watch the task
	// another way (Subscribe, GetTask).
	Blocking bool    `json:"blocking,omitempty"`
	Agent    string  `json:"agent,omitempty"` // default "deployer"
	Binding  Binding `json:"binding,omitempty"`
	Road     Road    `json:"road,omitempty"` // how the client waits (roads.go); set, it decides instead of Blocking
}

// SendArgs are the arguments of Send, the general message move for any
// agent.
type SendArgs struct {
	Agent     string  `json:"agent,omitempty"` // default: the only agent of a remote session
	Text      string  `json:"text"`
	TaskID    string  `json:"taskId,omitempty"`    // continue this task
	ContextID string  `json:"contextId,omitempty"` // default: the task's
	Stream    bool    `json:"stream,omitempty"`    // SendStreamingMessage instead of a blocking SendMessage
	Binding   Binding `json:"binding,omitempty"`
}

// PlanArgs are the arguments of RunPlanner. Zero values take the sample.
type PlanArgs struct {
	Base        string  `json:"base,omitempty"` // empty: the planner passes the reviewer's question up
	Build       string  `json:"build,omitempty"`
	Environment string  `json:"environment,omitempty"`
	Agent       string  `json:"agent,omitempty"` // default "planner"
	Binding     Binding `json:"binding,omitempty"`
}

// TaskArgs name a task for GetTask, Subscribe and Cancel.
type TaskArgs struct {
	TaskID  string  `json:"taskId"`
	Agent   string  `json:"agent,omitempty"` // needed only for a task the session never saw
	Binding Binding `json:"binding,omitempty"`
}

// DecideArgs name what an operator approves or refuses: a task id (the
// deployer's, or a task whose status message names an approve URL, like
// the planner's), or the approve URL itself.
//
// Token is the operator's token, sent as Authorization: Bearer: for a
// remote kit, the one "a2aplay agents" printed. Empty in an offline
// session means the in-page kit's own, which the session holds; empty in
// a remote one sends none, and the kit's deployer answers 401.
type DecideArgs struct {
	TaskID string `json:"taskId,omitempty"`
	URL    string `json:"url,omitempty"`
	Token  string `json:"token,omitempty"`
}

// A Variant is a way to answer an interrupted task that the learner can
// try besides the right one.
type Variant string

const (
	RightTask    Variant = ""              // the task's taskId and contextId
	WrongTask    Variant = "wrong-task"    // a taskId the agent never issued, the task's contextId
	NoContext    Variant = "no-context"    // the taskId alone
	OtherContext Variant = "other-context" // the taskId with a contextId the agent never issued
)
