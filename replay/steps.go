package replay

import (
	"cmp"
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
	KindPush    StepKind = "push"    // a push notification: an agent's POST to a webhook
)

// A Step is one event a learner walks through: a request, a reply, one
// stream frame, the close of a stream, or a push notification. Out-of-band
// HTTP gives requests and replies like A2A calls do, with OutOfBand set.
// A push notification (an exchange on [ChannelPush]) gives a step of kind
// [KindPush] from the agent to the webhook, which carries the event, task
// and state of the notification's payload as a frame does, and a reply
// from the webhook labelled by its HTTP status.
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
	// empty for calls that are not A2A methods. A 0.3 method has its
	// v1.0 name here ("message/send" is SendMessage) and its own in Label.
	Method string `json:"method,omitempty"`
	// Version is, on every step of an exchange that speaks A2A v0.3
	// ([ExchangeVersion]), "0.3"; empty for v1.0 and outside A2A.
	Version string `json:"version,omitempty"`
	// Final is, on a frame of a 0.3 stream, true when the frame says
	// "final": true: the last frame of its stream, in 0.3.
	Final bool `json:"final,omitempty"`
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
//
// The steps are made in transcript order, with the time and exchange
// each sorts by beside them, then put in time order in place: one array
// of steps, not two, for a transcript of a million steps.
func Steps(t *Transcript) []Step {
	if t == nil {
		return nil
	}
	steps, keys, known := exchangeSteps(t)
	outOfBandTasks(t, steps, keys, known)
	exOf, _ := timeOrder(steps, keys)
	reqID := number(steps, exOf, len(t.Exchanges), 0)
	followTasks(t, steps, exOf, reqID, len(known), nil)
	return steps
}

// A stepKey is what a step sorts by.
type stepKey struct {
	at time.Time // effective time: never before an earlier step of its exchange
	ex int       // exchange position in the transcript
}

// exchangeSteps makes the steps of each exchange, in transcript order,
// with what each sorts by, and the task ids A2A bodies name.
func exchangeSteps(t *Transcript) (steps []Step, keys []stepKey, known map[string]bool) {
	n := CountSteps(t)
	steps = make([]Step, 0, n)
	keys = make([]stepKey, 0, n)
	known = map[string]bool{}
	var replies []Step
	for ei, ex := range t.Exchanges {
		if ex == nil {
			continue
		}
		oob := ex.Channel == ChannelOutOfBand
		var req Step
		if ex.Channel == ChannelPush {
			req = pushStep(ex)
		} else {
			req = requestStep(ex)
		}
		req.OutOfBand = oob
		req.Notes = ex.Notes
		last := ex.Request.At
		// add appends a step, a Step being large enough that it is
		// copied once, into steps.
		add := func(s *Step, at time.Time) {
			if at.Before(last) {
				at = last
			}
			last = at
			steps = append(steps, *s)
			added := &steps[len(steps)-1]
			added.Exchange = ex.Seq
			added.OutOfBand = oob
			keys = append(keys, stepKey{at: at, ex: ei})
		}
		add(&req, ex.Request.At)
		// A webhook's answer is plain HTTP, like an out-of-band reply:
		// only A2A calls get replies read as A2A.
		replies = responseSteps(ex, ex.Channel != ChannelA2A, replies[:0])
		// Steps of one exchange share the task and context the exchange
		// concerns when their own body does not name them.
		task, ctx := req.TaskID, req.ContextID
		for i := range replies {
			s := &replies[i]
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
		first := len(steps)
		steps[first-1].TaskID, steps[first-1].ContextID = task, ctx
		for i := range replies {
			s := &replies[i]
			if s.TaskID == "" {
				s.TaskID = task
			}
			if s.ContextID == "" && s.TaskID == task {
				s.ContextID = ctx
			}
			add(s, s.At)
		}
	}
	return steps, keys, known
}

// responseSteps appends to out the steps of an exchange's response: a
// reply, a transport error, or a stream's frames and its close.
func responseSteps(ex *Exchange, oob bool, out []Step) []Step {
	rs := ex.Response
	ver := v03Mark(ex)
	switch {
	case rs == nil:
	case rs.Err != "":
		out = append(out, Step{
			Kind: KindReply, From: ex.To, To: ex.From, At: rs.At,
			Label: "no response", Event: "error", Version: ver,
			Detail: shorten(rs.Err),
			Error:  &StepError{Kind: ErrorTransport, Message: rs.Err},
		})
	case rs.Stream != nil:
		for fi, f := range rs.Stream.Frames {
			s := Step{Kind: KindFrame, From: ex.To, To: ex.From, At: f.At, Frame: fi + 1, Version: ver}
			readBody(&s, f.Data, 0, "", oob)
			if s.Label == "" {
				s.Label = "frame " + strconv.Itoa(fi+1)
				if f.Event != "" {
					s.Label += " " + clip(f.Event, 40)
				}
			}
			out = append(out, s)
		}
		if e := rs.Stream.End; e != nil {
			s := Step{Kind: KindClose, At: e.At, From: ex.To, To: ex.From, Label: "stream closed by " + e.By, Version: ver}
			if e.By == EndClient {
				s.From, s.To = ex.From, ex.To
			}
			out = append(out, s)
		}
	default:
		s := Step{Kind: KindReply, From: ex.To, To: ex.From, At: rs.At, Status: rs.StatusCode, Version: ver}
		readBody(&s, rs.Body, rs.StatusCode, rs.Status, oob)
		out = append(out, s)
	}
	return out
}

// outOfBandTasks gives a call outside A2A the task its URL names, like
// the operator's POST /approve/{taskId}, when A2A bodies name it too.
func outOfBandTasks(t *Transcript, steps []Step, keys []stepKey, known map[string]bool) {
	for i := range steps {
		s := &steps[i]
		if s.TaskID != "" || !s.OutOfBand {
			continue
		}
		ex := t.Exchanges[keys[i].ex]
		if id := taskInURL(ex.Request.URL, known); id != "" {
			s.TaskID = id
		}
	}
}

// timeOrder puts steps in time order, in place, and returns the
// exchange position of each, and where each was before (keys stay as
// they were: the i-th step's key is now keys[order[i]]).
func timeOrder(steps []Step, keys []stepKey) (exOf []int, order []int32) {
	// order[i] is the position in steps of the i-th step in time; a
	// stable sort keeps the transcript's order between equal keys.
	order = make([]int32, len(steps))
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
	exOf = make([]int, len(order))
	for i, o := range order {
		exOf[i] = keys[o].ex
	}
	permute(steps, order)
	return exOf, order
}

// number gives the ordered steps their index and id, the first being
// step off+1, makes their texts visible, and returns the id of each
// exchange's request step by exchange position (of n).
func number(steps []Step, exOf []int, n, off int) []string {
	reqID := make([]string, n)
	for i := range steps {
		s := &steps[i]
		s.Index = off + i + 1
		s.ID = "s" + strconv.Itoa(s.Index)
		s.Label, s.Detail, s.Notes = Visible(s.Label), Visible(s.Detail), visibleAll(s.Notes)
		if s.Kind == KindRequest || s.Kind == KindPush {
			reqID[exOf[i]] = s.ID
		}
	}
	return reqID
}

// followTasks links replies to their requests and streamed steps to the
// request that opened the stream, and follows each task through the
// ordered steps: its context where a step does not say it, its state
// after each step, and whether a step changed it. before, when not nil,
// gives a task's state and context before the first of these steps (a
// Stepper's steps before them).
func followTasks(t *Transcript, steps []Step, exOf []int, reqID []string, tasks int, before func(task string) (state, ctx string)) {
	// What is known of each task so far, by task id.
	type task struct{ state, ctx string }
	at := make(map[string]int, tasks)
	var known []task
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
		k, ok := at[s.TaskID]
		if !ok {
			k = len(known)
			at[s.TaskID] = k
			var tk task
			if before != nil {
				tk.state, tk.ctx = before(s.TaskID)
			}
			known = append(known, tk)
		}
		tk := &known[k]
		if s.ContextID == "" {
			s.ContextID = tk.ctx
		} else if tk.ctx == "" {
			tk.ctx = s.ContextID
		}
		if s.Reports {
			s.Changed = tk.state != s.State
			tk.state = s.State
		} else {
			s.State = tk.state
		}
	}
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
