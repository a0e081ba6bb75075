package replay

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A StepKind says what a step is: one arrow of a sequence diagram, or the
// close of a stream.
type StepKind string

const (
	KindRequest StepKind = "request" // a request sent
	KindReply   StepKind = "reply"   // a response (or transport error) received
	KindFrame   StepKind = "frame"   // one server-sent event of a stream
	KindClose   StepKind = "close"   // a stream closed (drawn as its group's end)
)

// A Step is one event a learner walks through: a request, a reply, one
// stream frame, or the close of a stream. Out-of-band HTTP gives requests
// and replies like A2A calls do, with OutOfBand set.
//
// The rule is one step per message on the wire plus one per stream close:
// a request is a step; a plain response is a step; a streamed response is
// its frames, one step each (its status line is not a step of its own);
// a recorded stream end is a step.
type Step struct {
	ID    string   `json:"id"`    // stable id "s7", for links and CSS
	Index int      `json:"index"` // 1-based position in time order
	Kind  StepKind `json:"kind"`

	From string `json:"from"` // participant the arrow starts at
	To   string `json:"to"`   // participant the arrow points to

	// Label names the step: the method of a request ("SendMessage (task
	// e5c95b09)"), the event and state of a reply or frame ("task
	// e5c95b09 INPUT_REQUIRED", "statusUpdate WORKING"), or HTTP ("POST
	// /approve/ecf2dcb6", "409 Conflict"). Ids are shortened to 8
	// characters. When the step reports a state, Label ends with " " and
	// [ShortState] of it.
	Label string `json:"label"`
	// Detail is the text the step carries, shortened: the words of a
	// message, a status message ("Which base branch…?"), an artifact's
	// name, an error message. Ids in it are shortened too.
	//
	// Label, Detail and Notes are text to show as it is: what a
	// transcript put there that would not show as itself (a bidi
	// override, a zero-width space, a control character) is written as
	// an escape by [Visible].
	Detail string `json:"detail,omitempty"`

	At       time.Time `json:"at"`
	Exchange int       `json:"exchange"`        // the exchange's number (### N)
	Frame    int       `json:"frame,omitempty"` // 1-based frame number within its stream

	// Method is the A2A method of the exchange ("SendMessage",
	// "SubscribeToTask"), from the JSON-RPC body or the HTTP+JSON path;
	// empty for calls that are not A2A methods.
	Method string `json:"method,omitempty"`
	// Event is what a reply or frame carries: "task", "message",
	// "statusUpdate", "artifactUpdate", "error", or "" for other bodies.
	Event string `json:"event,omitempty"`

	TaskID    string `json:"taskId,omitempty"`    // full task id the step concerns
	ContextID string `json:"contextId,omitempty"` // full context id

	// State is the task's state after this step as far as the transcript
	// shows ("TASK_STATE_INPUT_REQUIRED"): the state the step reports, or
	// the last one reported before it for the same task.
	State string `json:"state,omitempty"`
	// Reports is true when the step itself carries the task's status.
	Reports bool `json:"reports,omitempty"`
	// Changed is true when the step reports a state that differs from the
	// task's previous one (or is the first one seen).
	Changed bool `json:"changed,omitempty"`

	Status int        `json:"status,omitempty"` // HTTP status code of a reply
	Error  *StepError `json:"error,omitempty"`  // JSON-RPC, HTTP+JSON or transport error

	OutOfBand bool `json:"outOfBand,omitempty"` // plain HTTP outside A2A

	// Notes are, on a request step, the exchange's notes for the reader.
	Notes []string `json:"notes,omitempty"`

	// Pair is, on a reply, the id of its request step.
	Pair string `json:"pair,omitempty"`
	// Group is, on every step of a streamed exchange (the request, its
	// frames and its close), the id of the request step that opened it.
	Group string `json:"group,omitempty"`
	// Closed is, on the request step that opened a stream, who closed it
	// (EndServer or EndClient); empty while the stream was still open
	// when the capture ended.
	Closed string `json:"closed,omitempty"`
}

// A StepError is an error a reply or frame carries.
type StepError struct {
	Kind    string `json:"kind"`           // one of the ErrorKind constants
	Code    int    `json:"code,omitempty"` // JSON-RPC code, google.rpc.Status code or HTTP status
	Message string `json:"message,omitempty"`
}

// Kinds of [StepError].
const (
	ErrorJSONRPC   = "jsonrpc"   // a JSON-RPC error object
	ErrorStatus    = "status"    // an HTTP+JSON google.rpc.Status
	ErrorHTTP      = "http"      // an HTTP error status with no error body A2A defines
	ErrorTransport = "transport" // the request failed without a response
)

// A Timeline is the sequence of states one task went through.
type Timeline struct {
	TaskID    string       `json:"taskId"`
	ContextID string       `json:"contextId,omitempty"`
	Points    []StatePoint `json:"points"`
}

// A StatePoint is a change of a task's state at a step.
type StatePoint struct {
	Step  string `json:"step"`  // the step's ID
	Index int    `json:"index"` // the step's Index
	State string `json:"state"`
}

// Task states of A2A v1.0, as they travel in JSON.
const (
	StateSubmitted     = "TASK_STATE_SUBMITTED"
	StateWorking       = "TASK_STATE_WORKING"
	StateInputRequired = "TASK_STATE_INPUT_REQUIRED"
	StateAuthRequired  = "TASK_STATE_AUTH_REQUIRED"
	StateCompleted     = "TASK_STATE_COMPLETED"
	StateFailed        = "TASK_STATE_FAILED"
	StateCanceled      = "TASK_STATE_CANCELED"
	StateRejected      = "TASK_STATE_REJECTED"
)

// Interrupted reports whether a state waits for something from outside
// the agent: input or authorization.
func Interrupted(state string) bool {
	return state == StateInputRequired || state == StateAuthRequired
}

// Terminal reports whether a state is final.
func Terminal(state string) bool {
	switch state {
	case StateCompleted, StateFailed, StateCanceled, StateRejected:
		return true
	}
	return false
}

// ShortState drops the "TASK_STATE_" prefix: "INPUT_REQUIRED".
func ShortState(state string) string { return strings.TrimPrefix(state, "TASK_STATE_") }

// ShortID shortens an id to 8 characters: its first 8, as the tutorial
// writes them. A version 7 UUID begins with its creation time, so ids
// drawn in the same session share their first characters; ShortID takes
// the last 8 of such an id, which are random.
func ShortID(id string) string {
	if isUUIDv7(id) {
		return id[len(id)-8:]
	}
	if len(id) <= 8 {
		return id
	}
	n := 0
	for i := range id {
		if n == 8 {
			return id[:i]
		}
		n++
	}
	return id
}

// isUUIDv7 reports whether id is a UUID in canonical text form with
// version 7.
func isUUIDv7(id string) bool { return len(id) == 36 && isUUID(id) && id[14] == '7' }

// CountSteps returns len(Steps(t)) without making the steps: one for
// each request, and for its response one reply, or one per frame and
// one for the close of a stream. A caller can refuse a transcript too
// large for it before paying for its steps.
func CountSteps(t *Transcript) int {
	if t == nil {
		return 0
	}
	n := 0
	for _, ex := range t.Exchanges {
		if ex == nil {
			continue
		}
		n++
		switch rs := ex.Response; {
		case rs == nil:
		case rs.Err == "" && rs.Stream != nil:
			n += len(rs.Stream.Frames)
			if rs.Stream.End != nil {
				n++
			}
		default:
			n++
		}
	}
	return n
}

// visibleAll returns texts with [Visible] applied to each, the same slice
// when none changes.
func visibleAll(texts []string) []string {
	for i, t := range texts {
		if v := Visible(t); v != t {
			out := append([]string(nil), texts...)
			for j := i; j < len(out); j++ {
				out[j] = Visible(out[j])
			}
			return out
		}
	}
	return texts
}

// Steps turns a transcript into the ordered steps a learner walks
// through. Steps are ordered by time; steps at the same time keep the
// order of their exchanges, and within an exchange the request, its
// frames and the close keep their order even when a clock went backwards.
// Steps never fails: a body it cannot read is labelled from its HTTP.
func Steps(t *Transcript) []Step {
	if t == nil {
		return nil
	}
	// The steps are made in transcript order, with the time and exchange
	// each sorts by beside them, then put in time order in place: one
	// array of steps, not two, for a transcript of a million steps.
	n := CountSteps(t)
	unsorted := make([]Step, 0, n)
	type key struct {
		at time.Time // effective time for ordering
		ex int       // exchange position in the transcript
	}
	keys := make([]key, 0, n)
	known := map[string]bool{} // task ids seen in A2A bodies
	for ei, ex := range t.Exchanges {
		if ex == nil {
			continue
		}
		oob := ex.Channel == ChannelOutOfBand
		req := requestStep(ex)
		req.OutOfBand = oob
		req.Notes = ex.Notes
		last := ex.Request.At
		add := func(s Step, at time.Time) {
			if at.Before(last) {
				at = last
			}
			last = at
			s.Exchange = ex.Seq
			s.OutOfBand = oob
			unsorted = append(unsorted, s)
			keys = append(keys, key{at: at, ex: ei})
		}
		add(req, ex.Request.At)
		rs := ex.Response
		var replies []Step
		switch {
		case rs == nil:
		case rs.Err != "":
			replies = append(replies, Step{
				Kind: KindReply, From: ex.To, To: ex.From, At: rs.At,
				Label: "no response", Event: "error",
				Detail: shorten(rs.Err),
				Error:  &StepError{Kind: ErrorTransport, Message: rs.Err},
			})
		case rs.Stream != nil:
			for fi, f := range rs.Stream.Frames {
				s := Step{Kind: KindFrame, From: ex.To, To: ex.From, At: f.At, Frame: fi + 1}
				readBody(&s, []byte(f.Data), 0, "", oob)
				if s.Label == "" {
					s.Label = "frame " + strconv.Itoa(fi+1)
					if f.Event != "" {
						s.Label += " " + clip(f.Event, 40)
					}
				}
				replies = append(replies, s)
			}
			if e := rs.Stream.End; e != nil {
				s := Step{Kind: KindClose, At: e.At, From: ex.To, To: ex.From, Label: "stream closed by " + e.By}
				if e.By == EndClient {
					s.From, s.To = ex.From, ex.To
				}
				replies = append(replies, s)
			}
		default:
			s := Step{Kind: KindReply, From: ex.To, To: ex.From, At: rs.At, Status: rs.StatusCode}
			readBody(&s, []byte(rs.Body), rs.StatusCode, rs.Status, oob)
			replies = append(replies, s)
		}
		// Steps of one exchange share the task and context the exchange
		// concerns when their own body does not name them.
		task, ctx := req.TaskID, req.ContextID
		for _, s := range replies {
			if task == "" {
				task = s.TaskID
			}
			if ctx == "" {
				ctx = s.ContextID
			}
		}
		if task != "" {
			known[task] = true
		}
		first := len(unsorted)
		unsorted[first-1].TaskID, unsorted[first-1].ContextID = task, ctx
		for _, s := range replies {
			if s.TaskID == "" {
				s.TaskID = task
			}
			if s.ContextID == "" && s.TaskID == task {
				s.ContextID = ctx
			}
			add(s, s.At)
		}
	}
	// A call outside A2A concerns a task when its URL names one, like the
	// operator's POST /approve/{taskId}.
	for i := range unsorted {
		s := &unsorted[i]
		if s.TaskID != "" || !s.OutOfBand {
			continue
		}
		ex := t.Exchanges[keys[i].ex]
		if id := taskInURL(ex.Request.URL, known); id != "" {
			s.TaskID = id
		}
	}
	// order[i] is the position in unsorted of the i-th step in time;
	// a stable sort keeps the transcript's order between equal keys.
	order := make([]int32, len(unsorted))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int {
		a, b := keys[i], keys[j]
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return cmp.Compare(a.ex, b.ex)
	})
	exOf := make([]int, len(order)) // exchange position of each sorted step
	for i, o := range order {
		exOf[i] = keys[o].ex
	}
	keys = nil
	steps := permute(unsorted, order)
	reqID := map[int]string{} // exchange position -> request step id
	for i := range steps {
		s := &steps[i]
		s.Index = i + 1
		s.ID = "s" + strconv.Itoa(i+1)
		s.Label, s.Detail, s.Notes = Visible(s.Label), Visible(s.Detail), visibleAll(s.Notes)
		if s.Kind == KindRequest {
			reqID[exOf[i]] = s.ID
		}
	}
	state := map[string]string{}
	ctxOf := map[string]string{}
	for i := range steps {
		s := &steps[i]
		ex := t.Exchanges[exOf[i]]
		streamed := ex.Response != nil && ex.Response.Stream != nil
		if s.Kind == KindReply {
			s.Pair = reqID[exOf[i]]
		}
		if streamed {
			s.Group = reqID[exOf[i]]
			if s.Kind == KindRequest && ex.Response.Stream.End != nil {
				s.Closed = ex.Response.Stream.End.By
			}
		}
		if s.TaskID == "" {
			continue
		}
		if s.ContextID == "" {
			s.ContextID = ctxOf[s.TaskID]
		} else if ctxOf[s.TaskID] == "" {
			ctxOf[s.TaskID] = s.ContextID
		}
		if s.Reports {
			s.Changed = state[s.TaskID] != s.State
			state[s.TaskID] = s.State
		} else {
			s.State = state[s.TaskID]
		}
	}
	return steps
}

// Timelines gives each task's changes of state, in the order the tasks
// first appear in the steps.
func Timelines(steps []Step) []Timeline {
	var out []Timeline
	at := map[string]int{}
	for _, s := range steps {
		if s.TaskID == "" || !s.Changed {
			continue
		}
		i, ok := at[s.TaskID]
		if !ok {
			i = len(out)
			at[s.TaskID] = i
			out = append(out, Timeline{TaskID: s.TaskID, ContextID: s.ContextID})
		}
		tl := &out[i]
		if tl.ContextID == "" {
			tl.ContextID = s.ContextID
		}
		tl.Points = append(tl.Points, StatePoint{Step: s.ID, Index: s.Index, State: s.State})
	}
	return out
}

// JSON-RPC method names of A2A v1.0.
var rpcMethods = map[string]bool{
	"SendMessage": true, "SendStreamingMessage": true, "GetTask": true,
	"ListTasks": true, "CancelTask": true, "SubscribeToTask": true,
	"GetExtendedAgentCard":             true,
	"CreateTaskPushNotificationConfig": true, "GetTaskPushNotificationConfig": true,
	"ListTaskPushNotificationConfigs": true, "DeleteTaskPushNotificationConfig": true,
}

// requestStep reads an exchange's request.
func requestStep(ex *Exchange) Step {
	s := Step{Kind: KindRequest, From: ex.From, To: ex.To, At: ex.Request.At}
	rq := ex.Request
	path := urlPath(rq.URL)
	var w wire
	okJSON := decode([]byte(rq.Body), &w)
	oob := ex.Channel == ChannelOutOfBand
	switch {
	case !oob && okJSON && w.JSONRPC != "" && w.Method != "":
		s.Method = w.Method
		if !rpcMethods[w.Method] {
			s.Method = ""
		}
		s.Label = clip(w.Method, 48)
		if w.Params != nil {
			readParams(&s, w.Params)
		}
	case !oob && restMethod(rq.Method, path) != "":
		s.Method = restMethod(rq.Method, path)
		s.Label = s.Method
		if okJSON {
			readParams(&s, &w)
		}
		if s.TaskID == "" {
			s.TaskID = restTaskID(path)
		}
	default:
		s.Label = clip(strings.TrimSpace(rq.Method+" "+shortenIDs(path)), 64)
		if okJSON {
			s.Detail = messageText(w.Message)
		} else {
			s.Detail = firstLine(rq.Body)
		}
	}
	if s.Label == "" {
		s.Label = clip(ex.Name, 48)
	}
	if s.TaskID != "" {
		s.Label += " (task " + ShortID(s.TaskID) + ")"
	}
	return s
}

// readParams reads the params of a request: a message to send, or the
// id of a task to get, cancel or subscribe to.
func readParams(s *Step, p *wire) {
	if m := p.Message; m != nil {
		s.TaskID, s.ContextID = m.TaskID, m.ContextID
		s.Detail = messageText(m)
	}
	if s.TaskID == "" {
		s.TaskID = p.id()
	}
}

// readBody reads the body of a reply or a frame into s: its event, task,
// state, label and error. status is the HTTP status code (0 for frames).
func readBody(s *Step, body []byte, status int, reason string, oob bool) {
	httpLabel := ""
	if status != 0 {
		httpLabel = strconv.Itoa(status)
		if reason != "" {
			httpLabel += " " + clip(reason, 40)
		}
	}
	if status >= 400 {
		s.Error = &StepError{Kind: ErrorHTTP, Code: status}
	}
	var w wire
	if !decode(body, &w) {
		s.Label = httpLabel
		s.Detail = firstLine(string(body))
		if s.Error != nil {
			s.Error.Message = s.Detail
		}
		return
	}
	if e := w.Error; e != nil && (e.Code != 0 || e.Message != "") {
		s.Event = "error"
		s.Error = &StepError{Kind: ErrorStatus, Code: e.Code, Message: clip(e.Message, 4*detailRunes)}
		if w.JSONRPC != "" {
			s.Error.Kind = ErrorJSONRPC
		}
		s.Label = "error"
		if e.Code != 0 {
			s.Label += " " + strconv.Itoa(e.Code)
		}
		s.Detail = shorten(e.Message)
		return
	}
	if oob {
		s.Label = httpLabel
		s.Detail = compactJSON(body)
		if s.Error != nil {
			s.Error.Message = s.Detail
		}
		return
	}
	p := &w
	if w.Result != nil {
		p = w.Result
	}
	readPayload(s, p)
	if s.Label == "" {
		s.Label = httpLabel
	}
	if s.Error != nil && s.Error.Message == "" {
		if s.Detail == "" {
			s.Detail = compactJSON(body)
		}
		s.Error.Message = s.Detail
	}
}

// readPayload reads what a reply or frame carries: one of task, message,
// statusUpdate, artifactUpdate, or a bare task (GetTask's result).
func readPayload(s *Step, p *wire) {
	switch {
	case p.Task != nil:
		readTask(s, p.Task)
	case p.StatusUpdate != nil:
		u := p.StatusUpdate
		s.Event = "statusUpdate"
		s.TaskID, s.ContextID = u.TaskID, u.ContextID
		s.Label = "statusUpdate"
		if u.Status != nil && u.Status.State != "" {
			s.State, s.Reports = u.Status.State, true
			s.Label += " " + ShortState(u.Status.State)
			s.Detail = messageText(u.Status.Message)
		}
	case p.ArtifactUpdate != nil:
		u := p.ArtifactUpdate
		s.Event = "artifactUpdate"
		s.TaskID, s.ContextID = u.TaskID, u.ContextID
		s.Label = "artifactUpdate"
		if a := u.Artifact; a != nil {
			switch {
			case a.Name != "":
				s.Label += " " + clip(shortenIDs(a.Name), 40)
			case a.ArtifactID != "":
				s.Label += " " + ShortID(a.ArtifactID)
			}
			s.Detail = partsText(a.Parts)
		}
	case p.Message != nil:
		m := p.Message
		s.Event = "message"
		s.TaskID, s.ContextID = m.TaskID, m.ContextID
		s.Label = "message"
		s.Detail = messageText(m)
	case p.id() != "" && p.Status != nil:
		readTask(s, p)
	case p.Name != "" && (p.SupportedInterfaces != nil || p.Skills != nil):
		s.Label = "agent card " + clip(p.Name, 40)
	}
}

func readTask(s *Step, t *wire) {
	s.Event = "task"
	s.TaskID, s.ContextID = t.id(), t.ContextID
	s.Label = "task " + ShortID(s.TaskID)
	if t.Status != nil && t.Status.State != "" {
		s.State, s.Reports = t.Status.State, true
		s.Label += " " + ShortState(t.Status.State)
		s.Detail = messageText(t.Status.Message)
	}
	if s.Detail == "" && len(t.Artifacts) > 0 {
		var names []string
		for _, a := range t.Artifacts {
			if a.Name != "" {
				names = append(names, a.Name)
			}
		}
		if len(names) > 0 {
			s.Detail = shorten("artifacts: " + strings.Join(names, ", "))
		}
	}
}

// wire is a lenient view of any A2A JSON body: a JSON-RPC request or
// response, or an HTTP+JSON body, and the Task, Message and events inside.
// Only the fields Steps needs are read.
type wire struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	Params  *wire           `json:"params"`
	Result  *wire           `json:"result"`
	Error   *wireError      `json:"error"`
	ID      json.RawMessage `json:"id"` // JSON-RPC id, task id, or a params id

	// Task, Message and event fields.
	TaskID    string      `json:"taskId"`
	ContextID string      `json:"contextId"`
	Status    *wireStatus `json:"status"`
	Parts     []wirePart  `json:"parts"`
	Artifacts []wireArt   `json:"artifacts"`
	Artifact  *wireArt    `json:"artifact"`

	// SendMessage and stream wrappers, and request params.
	Task           *wire `json:"task"`
	Message        *wire `json:"message"`
	StatusUpdate   *wire `json:"statusUpdate"`
	ArtifactUpdate *wire `json:"artifactUpdate"`

	// Agent card fields.
	Name                string          `json:"name"`
	SupportedInterfaces json.RawMessage `json:"supportedInterfaces"`
	Skills              json.RawMessage `json:"skills"`
}

type wireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type wireStatus struct {
	State   string `json:"state"`
	Message *wire  `json:"message"`
}

type wirePart struct {
	Text      string          `json:"text"`
	Data      json.RawMessage `json:"data"`
	URL       string          `json:"url"`
	Filename  string          `json:"filename"`
	MediaType string          `json:"mediaType"`
}

type wireArt struct {
	ArtifactID string     `json:"artifactId"`
	Name       string     `json:"name"`
	Parts      []wirePart `json:"parts"`
}

// id returns the "id" field when it is a string.
func (w *wire) id() string {
	if w == nil || len(w.ID) == 0 || w.ID[0] != '"' {
		return ""
	}
	var s string
	if json.Unmarshal(w.ID, &s) != nil {
		return ""
	}
	return s
}

// decode reads a JSON object leniently: fields of unexpected types are
// skipped. It reports whether body was a JSON object at all.
func decode(body []byte, w *wire) bool {
	i := 0
	for i < len(body) && (body[i] == ' ' || body[i] == '\n' || body[i] == '\r' || body[i] == '\t') {
		i++
	}
	if i == len(body) || body[i] != '{' {
		return false
	}
	err := json.Unmarshal(body, w)
	if err == nil {
		return true
	}
	// An *UnmarshalTypeError leaves the other fields filled in.
	_, ok := err.(*json.UnmarshalTypeError)
	return ok
}

// restMethod names the A2A method an HTTP+JSON request calls, or "".
func restMethod(method, path string) string {
	switch {
	case method == "POST" && strings.HasSuffix(path, "/message:send"):
		return "SendMessage"
	case method == "POST" && strings.HasSuffix(path, "/message:stream"):
		return "SendStreamingMessage"
	case strings.HasSuffix(path, ":subscribe") && strings.Contains(path, "/tasks/"):
		return "SubscribeToTask"
	case method == "POST" && strings.HasSuffix(path, ":cancel") && strings.Contains(path, "/tasks/"):
		return "CancelTask"
	case method == "GET" && strings.HasSuffix(path, "/tasks"):
		return "ListTasks"
	case method == "GET" && restTaskID(path) != "" && !strings.Contains(path, "/pushNotificationConfigs"):
		return "GetTask"
	}
	return ""
}

// restTaskID returns the id in a path ".../tasks/{id}[:verb][/...]".
func restTaskID(path string) string {
	i := strings.LastIndex(path, "/tasks/")
	if i < 0 {
		return ""
	}
	id := path[i+len("/tasks/"):]
	if j := strings.IndexAny(id, "/:"); j >= 0 {
		id = id[:j]
	}
	return id
}

// taskInURL returns a known task id that is a segment of the URL's path.
func taskInURL(u string, known map[string]bool) string {
	for _, seg := range strings.Split(urlPath(u), "/") {
		if j := strings.IndexByte(seg, ':'); j >= 0 {
			seg = seg[:j]
		}
		if known[seg] {
			return seg
		}
	}
	return ""
}

// urlPath returns the path (and query) of a URL, or the URL itself when
// it has no scheme and host.
func urlPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			return rest[j:]
		}
		return "/"
	}
	return u
}

func messageText(m *wire) string {
	if m == nil {
		return ""
	}
	return partsText(m.Parts)
}

// partsText says what a message's parts hold, in a line: the first line
// of each text (with " …" when it has more), data as JSON, a URL, or the
// name of a file, joined with " · ".
func partsText(ps []wirePart) string {
	var b strings.Builder
	for _, p := range ps {
		var t string
		switch {
		case p.Text != "":
			t = strings.TrimSpace(p.Text)
			if i := strings.IndexByte(t, '\n'); i >= 0 {
				t = strings.TrimSpace(t[:i]) + " …"
			}
		case len(p.Data) > 0 && string(p.Data) != "null":
			t = compactJSON(p.Data)
		case p.URL != "":
			t = p.URL
		case p.Filename != "":
			t = "file " + p.Filename
		case p.MediaType != "":
			t = "file " + p.MediaType
		}
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(t)
		if b.Len() > 4*detailRunes {
			break
		}
	}
	return shorten(b.String())
}

// compactJSON gives a JSON body on one line, shortened, with a space
// after each comma and colon so that it can wrap.
func compactJSON(body []byte) string {
	var b bytes.Buffer
	if len(body) > 64<<10 || json.Compact(&b, body) != nil {
		return firstLine(string(body))
	}
	var out strings.Builder
	inStr, esc := false, false
	for _, c := range b.Bytes() {
		out.WriteByte(c)
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case !inStr && (c == ',' || c == ':'):
			out.WriteByte(' ')
		}
	}
	return shorten(out.String())
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return shorten(s)
}

// detailRunes is the most runes a Detail keeps.
const detailRunes = 120

// shorten collapses white space, shortens ids and clips to detailRunes.
func shorten(s string) string {
	if len(s) > 8*detailRunes {
		s = s[:8*detailRunes]
	}
	s = strings.Join(strings.Fields(s), " ")
	return clip(shortenIDs(s), detailRunes)
}

// clip cuts s to at most n runes, ending in "…" when cut, and replaces
// invalid UTF-8 and control characters.
func clip(s string, n int) string {
	var b strings.Builder
	k := 0
	for i, r := range s {
		if k == n {
			if i < len(s) {
				b.WriteString("…")
			}
			break
		}
		if r < ' ' || (r >= 0x7f && r < 0xa0) {
			r = ' '
		}
		b.WriteRune(r)
		k++
	}
	return b.String()
}

// shortenIDs replaces each UUID (8-4-4-4-12 hex digits) in s by its
// ShortID.
func shortenIDs(s string) string {
	if len(s) < 36 {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i+36 <= len(s); {
		if isUUID(s[i:i+36]) && (i == 0 || !isHex(s[i-1])) && (i+36 == len(s) || !isHex(s[i+36])) {
			b.WriteString(s[last:i])
			b.WriteString(ShortID(s[i : i+36]))
			i += 36
			last = i
			continue
		}
		i++
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isUUID(s string) bool {
	for i := 0; i < 36; i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// permute puts s in the order order gives (order[i] is the index in s of
// the element that goes to i), in place, by following the cycles of the
// permutation; it marks the indices it has placed by negating them, and
// leaves order as it found it.
func permute(s []Step, order []int32) []Step {
	for i := range order {
		if order[i] < 0 || int(order[i]) == i {
			continue
		}
		tmp := s[i]
		j := i
		for {
			k := int(order[j])
			order[j] = ^order[j]
			if k == i {
				s[j] = tmp
				break
			}
			s[j] = s[k]
			j = k
		}
	}
	for i, o := range order {
		if o < 0 {
			order[i] = ^o
		}
	}
	return s
}
