package exercise

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// A Status is how far a session has got with an exercise.
type Status int

const (
	NotTried   Status = iota // the session has no steps
	InProgress               // neither done nor on a wrong road yet
	Done                     // every done condition holds
	Missed                   // a wrong road's condition holds
)

func (s Status) String() string {
	switch s {
	case InProgress:
		return "in progress"
	case Done:
		return "done"
	case Missed:
		return "missed"
	}
	return "not tried"
}

// A Result is what Evaluate found of one exercise in one session.
type Result struct {
	ID     string
	Status Status
	// Step is where the exercise was done, or where its wrong road was
	// taken (1-based); 0 for the other statuses.
	Step int
	// Why says, in progress, what is still to come ("a task reaches
	// COMPLETED after INPUT_REQUIRED"); not tried, where to start.
	Why string
	// Hint is, when missed, the wrong road's hint with what the session
	// did filled in.
	Hint string
}

// Evaluate says how far steps, the session's steps (replay.Steps of t),
// have got with ex. t gives what the steps do not carry: the ids a
// message named and the paths of out-of-band calls.
func Evaluate(ex *Exercise, t *replay.Transcript, steps []replay.Step) Result {
	return evaluate(ex, sessionOf(t, steps))
}

// sessionOf is what the predicates read of steps, or nil when there
// are none. Nothing changes it once made: the exercises of one session
// share it (Judge).
func sessionOf(t *replay.Transcript, steps []replay.Step) *session {
	if len(steps) == 0 {
		return nil
	}
	return newSession(t, steps)
}

// evaluate is Evaluate on a session made by sessionOf.
func evaluate(ex *Exercise, s *session) Result {
	r := Result{ID: ex.ID}
	if s == nil {
		r.Why = "start the Live setup " + ex.Live + " and play"
		return r
	}
	done, last := true, 0
	for _, c := range ex.Done {
		m, ok := s.holds(c)
		if !ok {
			if done {
				r.Why = "still to come: " + Describe(c)
			}
			done = false
			continue
		}
		last = max(last, m.step)
	}
	if done {
		r.Status, r.Step = Done, last
		return r
	}
	for _, w := range ex.Wrong {
		if m, ok := s.holds(w.When); ok {
			r.Status, r.Step, r.Hint, r.Why = Missed, m.step, fill(w.Hint, m), ""
			return r
		}
	}
	r.Status = InProgress
	return r
}

// A match is what a predicate found: where, and about which tasks.
type match struct {
	step  int    // 1-based
	task  string // the task it is about
	other string // a second task (new-task-while)
	state string // the state it is about
}

// session is what the predicates read of a session, worked out once.
type session struct {
	steps []replay.Step
	// before[i] is the state of each task just before step i.
	before []map[string]string
	final  map[string]string // each task's last state
	sent   []ids             // by step: the ids a request's message named
	path   []string          // by step: a request's URL path
	pair   map[string]int    // a request step's id -> its reply's position
	hook   []bool            // by step: a request of the client's that gives a webhook (a push config)
	client string            // the learner: who sent the session's first request
}

type ids struct{ task, context string }

func newSession(t *replay.Transcript, steps []replay.Step) *session {
	s := &session{
		steps:  steps,
		before: make([]map[string]string, len(steps)),
		sent:   make([]ids, len(steps)),
		path:   make([]string, len(steps)),
		hook:   make([]bool, len(steps)),
		pair:   map[string]int{},
	}
	bySeq := map[int]*replay.Exchange{}
	if t != nil {
		for i := range t.Exchanges {
			bySeq[t.Exchanges[i].Seq] = t.Exchanges[i]
		}
	}
	cur := map[string]string{}
	for i := range steps {
		st := &steps[i]
		// One map per step would cost O(steps × tasks); most steps
		// change nothing, so they share the map of the step before.
		if i == 0 || s.before[i-1] == nil || changed(steps[i-1]) {
			snap := make(map[string]string, len(cur))
			for k, v := range cur {
				snap[k] = v
			}
			s.before[i] = snap
		} else {
			s.before[i] = s.before[i-1]
		}
		if st.TaskID != "" && st.Reports {
			cur[st.TaskID] = st.State
		}
		if st.Kind == replay.KindReply && st.Pair != "" {
			s.pair[st.Pair] = i
		}
		if st.Kind != replay.KindRequest {
			continue
		}
		if s.client == "" && !st.OutOfBand {
			s.client = st.From
		}
		if ex := bySeq[st.Exchange]; ex != nil {
			s.path[i] = urlPath(ex.Request.URL)
			if st.From == s.client && (st.Method == "SendMessage" || st.Method == "SendStreamingMessage") {
				s.sent[i] = messageIDs(ex.Request.Body)
				s.hook[i] = strings.Contains(ex.Request.Body, `"taskPushNotificationConfig"`)
			}
			s.hook[i] = s.hook[i] || st.From == s.client && st.Method == "CreateTaskPushNotificationConfig"
		}
	}
	s.final = cur
	return s
}

// changed reports whether a step changes the states newSession tracks.
func changed(st replay.Step) bool { return st.TaskID != "" && st.Reports }

// messageIDs reads the taskId and contextId of the message a
// SendMessage names, in either binding.
func messageIDs(body string) ids {
	type msg struct {
		TaskID    string `json:"taskId"`
		ContextID string `json:"contextId"`
	}
	var b struct {
		Params struct {
			Message *msg `json:"message"`
		} `json:"params"`
		Message *msg `json:"message"`
	}
	if json.Unmarshal([]byte(body), &b) != nil {
		return ids{}
	}
	m := b.Message
	if b.Params.Message != nil {
		m = b.Params.Message
	}
	if m == nil {
		return ids{}
	}
	return ids{m.TaskID, m.ContextID}
}

// urlPath is the path of a request's URL, without its query.
func urlPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
		if j := strings.IndexByte(u, '/'); j >= 0 {
			u = u[j:]
		} else {
			u = "/"
		}
	}
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return u
}

// holds reports whether c holds of the session, and where its first
// positive predicate matched (the latest of its predicates' steps).
func (s *session) holds(c Cond) (match, bool) {
	var m match
	for _, t := range c.Terms {
		got, ok := s.find(t.Pred)
		if ok == t.Not {
			return match{}, false
		}
		if ok {
			if m.step == 0 {
				m = got
			}
			m.step = max(m.step, got.step)
		}
	}
	if m.step == 0 { // only negations: true as of the last step
		m.step = len(s.steps)
	}
	return m, true
}

// find looks for the first match of p in the session.
func (s *session) find(p Pred) (match, bool) {
	switch p.Name {
	case "reached":
		return s.reached(p.State, p.After)
	case "all-reached":
		return s.allReached(p.State, p.After)
	case "answered":
		return s.answered(p.State)
	case "message-on-task":
		return s.messageOnTask(p.State)
	case "new-task-while":
		return s.newTaskWhile(p.State)
	case "called":
		return s.called(p.Meth, p.While)
	case "approved":
		return s.decided("/approve/")
	case "refused":
		return s.decided("/refuse/")
	case "stream-through":
		return s.streamThrough(p.State)
	case "closed-in":
		return s.closedIn(p.State)
	case "unheard":
		return s.decidedWhile(p.State, false)
	case "heard":
		return s.decidedWhile(p.State, true)
	case "pushed":
		return s.pushed(p.State)
	case "asked":
		return s.asked(p.Agent)
	}
	return match{}, false
}

// asked finds the client's first A2A request to agent.
func (s *session) asked(agent string) (match, bool) {
	for i, st := range s.steps {
		if st.Kind == replay.KindRequest && !st.OutOfBand && st.From == s.client && st.To == agent {
			return match{step: i + 1, task: st.TaskID}, true
		}
	}
	return match{}, false
}

func (s *session) reached(state, after string) (match, bool) {
	seen := map[string]bool{} // tasks reported in after
	for i, st := range s.steps {
		if !st.Reports || st.TaskID == "" {
			continue
		}
		if stateIs(st.State, state) && (after == "" || seen[st.TaskID]) {
			return match{step: i + 1, task: st.TaskID, state: st.State}, true
		}
		if after != "" && stateIs(st.State, after) {
			seen[st.TaskID] = true
		}
	}
	return match{}, false
}

// allReached finds every task reported in after reported later in
// state; it matches at the last of them, and not when no task was in
// after.
func (s *session) allReached(state, after string) (match, bool) {
	waited := map[string]bool{} // tasks reported in after, and whether later in state
	var order []string
	var m match
	for i, st := range s.steps {
		if !st.Reports || st.TaskID == "" {
			continue
		}
		if done, ok := waited[st.TaskID]; ok && !done && stateIs(st.State, state) {
			waited[st.TaskID] = true
			m = match{step: i + 1, task: st.TaskID, state: st.State}
		}
		if _, ok := waited[st.TaskID]; !ok && stateIs(st.State, after) {
			waited[st.TaskID] = false
			order = append(order, st.TaskID)
		}
	}
	for _, task := range order {
		if !waited[task] {
			return match{}, false
		}
	}
	return m, len(order) > 0
}

func (s *session) answered(state string) (match, bool) {
	for i := range s.steps {
		task := s.sent[i].task
		if task == "" || !stateIs(s.before[i][task], state) {
			continue
		}
		for j := i + 1; j < len(s.steps); j++ {
			if sj := s.steps[j]; sj.TaskID == task && sj.Reports && !stateIs(sj.State, state) {
				return match{step: j + 1, task: task, state: s.before[i][task]}, true
			}
		}
	}
	return match{}, false
}

func (s *session) messageOnTask(state string) (match, bool) {
	for i := range s.steps {
		task := s.sent[i].task
		if task != "" && stateIs(s.before[i][task], state) {
			return match{step: i + 1, task: task, state: s.before[i][task]}, true
		}
	}
	return match{}, false
}

func (s *session) newTaskWhile(state string) (match, bool) {
	known := map[string]bool{}
	for i, st := range s.steps {
		if st.TaskID == "" || known[st.TaskID] {
			continue
		}
		known[st.TaskID] = true
		for task, was := range s.before[i] {
			if task != st.TaskID && stateIs(was, state) && stateIs(s.final[task], state) {
				return match{step: i + 1, task: task, other: st.TaskID, state: was}, true
			}
		}
	}
	return match{}, false
}

func (s *session) called(method, while string) (match, bool) {
	for i, st := range s.steps {
		if st.Kind != replay.KindRequest || st.Method != method || st.From != s.client {
			continue
		}
		if while == "" {
			return match{step: i + 1, task: st.TaskID}, true
		}
		task := st.TaskID
		if t := s.sent[i].task; t != "" {
			task = t
		}
		if stateIs(s.before[i][task], while) {
			return match{step: i + 1, task: task, state: s.before[i][task]}, true
		}
	}
	return match{}, false
}

// decided finds an out-of-band POST to a path with verb ("/approve/")
// whose reply was 2xx.
func (s *session) decided(verb string) (match, bool) {
	for i, st := range s.steps {
		if st.Kind != replay.KindRequest || !st.OutOfBand || !strings.Contains(s.path[i], verb) {
			continue
		}
		if j, ok := s.pair[st.ID]; ok && s.steps[j].Status >= 200 && s.steps[j].Status < 300 {
			return match{step: j + 1, task: st.TaskID, state: st.State}, true
		}
	}
	return match{}, false
}

func (s *session) streamThrough(state string) (match, bool) {
	through := map[string]match{} // stream -> the frame that reported state
	for i, st := range s.steps {
		if st.Kind != replay.KindFrame || st.Group == "" {
			continue
		}
		if m, ok := through[st.Group]; ok {
			m.step = i + 1
			return m, true
		}
		if st.Reports && stateIs(st.State, state) {
			through[st.Group] = match{task: st.TaskID, state: st.State}
		}
	}
	return match{}, false
}

func (s *session) closedIn(state string) (match, bool) {
	closedByClient := map[string]bool{}
	for _, st := range s.steps {
		if st.Kind == replay.KindRequest && st.Closed == replay.EndClient {
			closedByClient[st.ID] = true
		}
	}
	for i, st := range s.steps {
		if st.Kind != replay.KindClose || !closedByClient[st.Group] {
			continue
		}
		if stateIs(s.before[i][st.TaskID], state) {
			return match{step: i + 1, task: st.TaskID, state: s.before[i][st.TaskID]}, true
		}
	}
	return match{}, false
}

// decidedWhile finds an operator's decision (approve or refuse, answered
// 2xx) of a task of the client's in state, made while something of the
// client's could hear the task resume (heard), or nothing could: a
// stream of the client's open on it, a webhook it had given the task, or
// a GetTask of it since the task was in state. A task of the client's is
// one a step between the client and an agent named; a task an agent
// below a planner runs is the planner's to hear.
func (s *session) decidedWhile(state string, heard bool) (match, bool) {
	mine := map[string]bool{}
	open := map[string]string{}  // the client's open streams: request id -> task ("" until a frame names it)
	hooked := map[string]bool{}  // tasks the client gave a webhook
	pending := map[string]bool{} // requests giving a webhook, until their reply names the task
	asked := map[string]bool{}   // tasks asked for while in state
	for i, st := range s.steps {
		if st.TaskID != "" && (st.From == s.client || st.To == s.client) {
			mine[st.TaskID] = true
		}
		switch st.Kind {
		case replay.KindRequest:
			switch {
			case st.OutOfBand:
				task := st.TaskID
				j, ok := s.pair[st.ID]
				if !ok || s.steps[j].Status < 200 || s.steps[j].Status >= 300 || !mine[task] || !stateIs(s.before[i][task], state) {
					continue
				}
				if !strings.Contains(s.path[i], "/approve/") && !strings.Contains(s.path[i], "/refuse/") {
					continue
				}
				listening := hooked[task] || asked[task]
				for _, t := range open {
					listening = listening || t == task
				}
				if listening == heard {
					return match{step: j + 1, task: task, state: s.before[i][task]}, true
				}
			case st.From != s.client:
			case st.Method == "SendStreamingMessage" || st.Method == "SubscribeToTask":
				open[st.ID] = st.TaskID
			case st.Method == "GetTask" && stateIs(s.before[i][st.TaskID], state):
				asked[st.TaskID] = true
			}
			if s.hook[i] {
				if st.TaskID != "" {
					hooked[st.TaskID] = true
				}
				pending[st.ID] = true
			}
		case replay.KindFrame:
			if t, ok := open[st.Group]; ok && t == "" {
				open[st.Group] = st.TaskID
			}
		case replay.KindClose:
			delete(open, st.Group)
		case replay.KindReply:
			delete(open, st.Pair) // a stream answered with a plain reply never opened
			if pending[st.Pair] && st.TaskID != "" {
				hooked[st.TaskID] = true
			}
		case replay.KindPush:
			hooked[st.TaskID] = true
		}
	}
	return match{}, false
}

// pushed finds a push notification that reported a task in state.
func (s *session) pushed(state string) (match, bool) {
	for i, st := range s.steps {
		if st.Kind == replay.KindPush && st.Reports && st.TaskID != "" && stateIs(st.State, state) {
			return match{step: i + 1, task: st.TaskID, state: st.State}, true
		}
	}
	return match{}, false
}

// Describe says what a condition asks, in words.
func Describe(c Cond) string {
	var parts []string
	for _, t := range c.Terms {
		d := describePred(t.Pred)
		if t.Not {
			d = "not: " + d
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, ", and ")
}

func describePred(p Pred) string {
	switch p.Name {
	case "reached":
		if p.After != "" {
			return "a task reaches " + stateName(p.State) + " after " + stateName(p.After)
		}
		return "a task reaches " + stateName(p.State)
	case "all-reached":
		return "every task that was in " + stateName(p.After) + " reaches " + stateName(p.State)
	case "answered":
		return "a message answers a task in " + stateName(p.State) + " on that task, and the agent goes on"
	case "message-on-task":
		return "a message names a task in " + stateName(p.State)
	case "new-task-while":
		return "a new task starts while another waits in " + stateName(p.State)
	case "called":
		if p.While != "" {
			return p.Meth + " is called on a task in " + stateName(p.While)
		}
		return p.Meth + " is called"
	case "approved":
		return "the operator approves (POST /approve/{taskId})"
	case "refused":
		return "the operator refuses (POST /refuse/{taskId})"
	case "stream-through":
		return "a stream stays open through " + stateName(p.State)
	case "closed-in":
		return "the client closes a stream while its task is in " + stateName(p.State)
	case "pushed":
		return "a push notification to a webhook reports a task in " + stateName(p.State)
	case "asked":
		return "the client sends " + p.Agent + " an A2A request"
	case "heard":
		return "the operator decides a task of the client's in " + stateName(p.State) + " while the client has a stream on it, a webhook for it, or has asked for it"
	case "unheard":
		return "the operator decides a task of the client's in " + stateName(p.State) + " while the client has no stream on it, no webhook for it and has not asked for it"
	}
	return p.Name
}

// fill puts what m found into a hint, and writes its citations as text:
// "{{spec §3.4.3}}" becomes "(spec §3.4.3)".
func fill(h string, m match) string {
	return strings.NewReplacer(
		"{{", "(", "}}", ")",
		"{task}", replay.ShortID(m.task),
		"{other}", replay.ShortID(m.other),
		"{step}", strconv.Itoa(m.step),
		"{state}", replay.ShortState(m.state),
	).Replace(h)
}
