package exercise

import (
	"encoding/json"
	"maps"
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

// session is what the predicates read of a session, worked out once,
// or, by a Judger, as the session grows (update).
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

	paired   []string // by step: the request id a reply step put in pair
	clientAt int      // the step that named client; -1 before one did
	j        *Judger  // when set, find asks it
}

type ids struct{ task, context string }

func newSession(t *replay.Transcript, steps []replay.Step) *session {
	s := &session{pair: map[string]int{}, final: map[string]string{}, clientAt: -1}
	s.update(t, steps, 0)
	return s
}

// update makes s the session of t and steps, of which those before from
// are those s was made of: it works out again only the steps from from
// on.
func (s *session) update(t *replay.Transcript, steps []replay.Step, from int) {
	from = min(from, len(s.before))
	for i := len(s.paired) - 1; i >= from; i-- {
		if k := s.paired[i]; k != "" && s.pair[k] == i {
			delete(s.pair, k)
		}
	}
	if s.clientAt >= from {
		s.client, s.clientAt = "", -1
	}
	cur := s.final
	if from < len(s.before) {
		cur = maps.Clone(s.before[from])
	}
	s.steps = steps
	s.before, s.sent, s.path, s.hook, s.paired = s.before[:from], s.sent[:from], s.path[:from], s.hook[:from], s.paired[:from]
	for i := from; i < len(steps); i++ {
		st := &steps[i]
		// One map per step would cost O(steps × tasks); most steps
		// change nothing, so they share the map of the step before.
		if i == 0 || changed(steps[i-1]) {
			s.before = append(s.before, maps.Clone(cur))
		} else {
			s.before = append(s.before, s.before[i-1])
		}
		s.sent, s.path, s.hook, s.paired = append(s.sent, ids{}), append(s.path, ""), append(s.hook, false), append(s.paired, "")
		if st.TaskID != "" && st.Reports {
			cur[st.TaskID] = st.State
		}
		if st.Kind == replay.KindReply && st.Pair != "" {
			s.pair[st.Pair], s.paired[i] = i, st.Pair
		}
		if st.Kind != replay.KindRequest {
			continue
		}
		if s.client == "" && !st.OutOfBand {
			s.client, s.clientAt = st.From, i
		}
		if ex := exchangeOf(t, st.Exchange); ex != nil {
			s.path[i] = urlPath(ex.Request.URL)
			if st.From == s.client && (st.Method == "SendMessage" || st.Method == "SendStreamingMessage") {
				s.sent[i] = messageIDs(ex.Request.Body)
				s.hook[i] = strings.Contains(ex.Request.Body, `"taskPushNotificationConfig"`)
			}
			s.hook[i] = s.hook[i] || st.From == s.client && st.Method == "CreateTaskPushNotificationConfig"
		}
	}
	s.final = cur
}

// exchangeOf is t's exchange seq: the one at its place when it is
// there, as in a live session, else the last of that number.
func exchangeOf(t *replay.Transcript, seq int) *replay.Exchange {
	if t == nil {
		return nil
	}
	if i := seq - 1; i >= 0 && i < len(t.Exchanges) && t.Exchanges[i] != nil && t.Exchanges[i].Seq == seq {
		return t.Exchanges[i]
	}
	var found *replay.Exchange
	for _, x := range t.Exchanges {
		if x != nil && x.Seq == seq {
			found = x
		}
	}
	return found
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

// find looks for the first match of p in the session: p's scanner
// reads every step, or the Judger's reads those it has not.
func (s *session) find(p Pred) (match, bool) {
	if s.j != nil {
		return s.j.find(p)
	}
	sc := scannerOf(p)
	for i := range s.steps {
		sc.next(s, i)
	}
	return sc.found(s)
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
