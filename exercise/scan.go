package exercise

import (
	"maps"
	"slices"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// A scanner looks for one predicate's match, reading the session's
// steps one at a time, in order: what it keeps of the steps it read is
// all it needs of them, so that a session that grows is read on from
// where it was (Judger), and what it found (found) is what the
// predicate finds in the steps read. A scanner of a predicate whose
// match depends on what comes later (a request's reply, a task's last
// state) keeps its candidates, and found settles them from the session
// as it is.
type scanner interface {
	next(s *session, i int)
	found(s *session) (match, bool)
	copy() scanner
}

// scannerOf returns a scanner of p that has read no step.
func scannerOf(p Pred) scanner {
	switch p.Name {
	case "reached":
		return &reachedScan{p: p, seen: map[string]bool{}}
	case "all-reached":
		return &allReachedScan{p: p, waited: map[string]bool{}}
	case "answered":
		return &answeredScan{p: p}
	case "message-on-task", "called", "asked", "pushed":
		return &firstScan{p: p}
	case "new-task-while":
		return &newTaskScan{p: p, known: map[string]bool{}}
	case "approved", "refused":
		verb := "/approve/"
		if p.Name == "refused" {
			verb = "/refuse/"
		}
		return &decidedScan{verb: verb}
	case "stream-through":
		return &throughScan{p: p, through: map[string]match{}}
	case "closed-in":
		return &closedScan{p: p, byClient: map[string]bool{}}
	case "unheard", "heard":
		return &whileScan{p: p, heard: p.Name == "heard", mine: map[string]bool{}, open: map[string]string{},
			hooked: map[string]bool{}, pending: map[string]bool{}, asked: map[string]bool{}}
	}
	return &firstScan{p: p}
}

// firstScan is a predicate that holds at the first step that says so on
// its own (with the states before it): message-on-task, called, asked
// and pushed.
type firstScan struct {
	p  Pred
	m  match
	ok bool
}

func (f *firstScan) next(s *session, i int) {
	if !f.ok {
		f.m, f.ok = s.firstAt(f.p, i)
	}
}
func (f *firstScan) found(*session) (match, bool) { return f.m, f.ok }
func (f *firstScan) copy() scanner                { c := *f; return &c }

// firstAt says whether step i is where p, a firstScan's predicate,
// holds.
func (s *session) firstAt(p Pred, i int) (match, bool) {
	st := s.steps[i]
	switch p.Name {
	case "asked":
		if st.Kind == replay.KindRequest && !st.OutOfBand && st.From == s.client && st.To == p.Agent {
			return match{step: i + 1, task: st.TaskID}, true
		}
	case "message-on-task":
		if task := s.sent[i].task; task != "" && stateIs(s.before[i][task], p.State) {
			return match{step: i + 1, task: task, state: s.before[i][task]}, true
		}
	case "called":
		if st.Kind != replay.KindRequest || st.Method != p.Meth || st.From != s.client {
			break
		}
		if p.While == "" {
			return match{step: i + 1, task: st.TaskID}, true
		}
		task := st.TaskID
		if t := s.sent[i].task; t != "" {
			task = t
		}
		if stateIs(s.before[i][task], p.While) {
			return match{step: i + 1, task: task, state: s.before[i][task]}, true
		}
	case "pushed":
		if st.Kind == replay.KindPush && st.Reports && st.TaskID != "" && stateIs(st.State, p.State) {
			return match{step: i + 1, task: st.TaskID, state: st.State}, true
		}
	}
	return match{}, false
}

// reachedScan: a task reported in State (after one reported in After).
type reachedScan struct {
	p    Pred
	seen map[string]bool // tasks reported in After
	m    match
	ok   bool
}

func (r *reachedScan) next(s *session, i int) {
	st := s.steps[i]
	if r.ok || !st.Reports || st.TaskID == "" {
		return
	}
	if stateIs(st.State, r.p.State) && (r.p.After == "" || r.seen[st.TaskID]) {
		r.m, r.ok = match{step: i + 1, task: st.TaskID, state: st.State}, true
		return
	}
	if r.p.After != "" && stateIs(st.State, r.p.After) {
		r.seen[st.TaskID] = true
	}
}
func (r *reachedScan) found(*session) (match, bool) { return r.m, r.ok }
func (r *reachedScan) copy() scanner {
	c := *r
	c.seen = maps.Clone(r.seen)
	return &c
}

// allReachedScan: every task reported in After was reported later in
// State; it matches at the last of them, and not when no task was in
// After.
type allReachedScan struct {
	p      Pred
	waited map[string]bool // tasks reported in After, and whether later in State
	order  []string
	m      match
}

func (a *allReachedScan) next(s *session, i int) {
	st := s.steps[i]
	if !st.Reports || st.TaskID == "" {
		return
	}
	if done, ok := a.waited[st.TaskID]; ok && !done && stateIs(st.State, a.p.State) {
		a.waited[st.TaskID] = true
		a.m = match{step: i + 1, task: st.TaskID, state: st.State}
	}
	if _, ok := a.waited[st.TaskID]; !ok && stateIs(st.State, a.p.After) {
		a.waited[st.TaskID] = false
		a.order = append(a.order, st.TaskID)
	}
}

func (a *allReachedScan) found(*session) (match, bool) {
	for _, task := range a.order {
		if !a.waited[task] {
			return match{}, false
		}
	}
	return a.m, len(a.order) > 0
}

func (a *allReachedScan) copy() scanner {
	c := *a
	c.waited = maps.Clone(a.waited)
	c.order = slices.Clip(a.order)
	return &c
}

// answeredScan: a message to a task in State, and then the task
// reported another state; it matches at that report, of the first such
// message. A later message to the same task is answered no earlier, so
// only the first of each task waits.
type answeredScan struct {
	p    Pred
	wait []answerWait // in the order of their messages
	done bool         // the first answered: nothing changes the match
}

type answerWait struct {
	task, state string
	at          int // the report's step, 1-based; 0 while none
}

func (a *answeredScan) next(s *session, i int) {
	st := s.steps[i]
	if st.TaskID != "" && st.Reports && !stateIs(st.State, a.p.State) {
		for k := range a.wait {
			if w := &a.wait[k]; w.at == 0 && w.task == st.TaskID {
				w.at = i + 1
				a.done = a.done || k == 0
			}
		}
	}
	if a.done {
		return
	}
	if task := s.sent[i].task; task != "" && stateIs(s.before[i][task], a.p.State) &&
		!slices.ContainsFunc(a.wait, func(w answerWait) bool { return w.task == task && w.at == 0 }) &&
		!slices.ContainsFunc(a.wait, func(w answerWait) bool { return w.at > 0 }) {
		a.wait = append(a.wait, answerWait{task: task, state: s.before[i][task]})
	}
}

func (a *answeredScan) found(*session) (match, bool) {
	for _, w := range a.wait {
		if w.at > 0 {
			return match{step: w.at, task: w.task, state: w.state}, true
		}
	}
	return match{}, false
}

func (a *answeredScan) copy() scanner {
	c := *a
	c.wait = slices.Clone(a.wait)
	return &c
}

// newTaskScan: a new task appeared while another waited in State, and
// that one is in State still at the session's end (its last state).
type newTaskScan struct {
	p     Pred
	known map[string]bool
	// seen are, for each step where a task first appeared, the tasks
	// then in State, which found holds to their last states (of several
	// that are still in State, the first by id: the predicate read a
	// map's order before, and could match either).
	seen []newTask
}

type newTask struct {
	step  int
	task  string
	other map[string]string // task -> its state then
}

func (n *newTaskScan) next(s *session, i int) {
	st := s.steps[i]
	if st.TaskID == "" || n.known[st.TaskID] {
		return
	}
	n.known[st.TaskID] = true
	nt := newTask{step: i + 1, task: st.TaskID}
	for task, was := range s.before[i] {
		if task != st.TaskID && stateIs(was, n.p.State) {
			if nt.other == nil {
				nt.other = map[string]string{}
			}
			nt.other[task] = was
		}
	}
	if nt.other != nil {
		n.seen = append(n.seen, nt)
	}
}

func (n *newTaskScan) found(s *session) (match, bool) {
	for _, nt := range n.seen {
		for _, task := range slices.Sorted(maps.Keys(nt.other)) { // of several, the same one each time
			if stateIs(s.final[task], n.p.State) {
				return match{step: nt.step, task: task, other: nt.task, state: nt.other[task]}, true
			}
		}
	}
	return match{}, false
}

func (n *newTaskScan) copy() scanner {
	c := *n
	c.known = maps.Clone(n.known)
	c.seen = slices.Clip(n.seen)
	return &c
}

// decidedScan: an out-of-band POST to a path with verb ("/approve/")
// whose reply was 2xx; it matches at the reply, of the first such
// request. The replies are the session's, as it is when found asks.
type decidedScan struct {
	verb  string
	asked []int // the requests' steps
}

func (d *decidedScan) next(s *session, i int) {
	st := s.steps[i]
	if st.Kind == replay.KindRequest && st.OutOfBand && strings.Contains(s.path[i], d.verb) {
		d.asked = append(d.asked, i)
	}
}

func (d *decidedScan) found(s *session) (match, bool) {
	for _, i := range d.asked {
		st := s.steps[i]
		if j, ok := s.ok2xx(st.ID); ok {
			return match{step: j + 1, task: st.TaskID, state: st.State}, true
		}
	}
	return match{}, false
}

func (d *decidedScan) copy() scanner { c := *d; c.asked = slices.Clip(d.asked); return &c }

// ok2xx is the position of the reply to request id, when it was 2xx.
func (s *session) ok2xx(id string) (int, bool) {
	j, ok := s.pair[id]
	return j, ok && s.steps[j].Status >= 200 && s.steps[j].Status < 300
}

// throughScan: a stream's frame after one of its frames reported State.
type throughScan struct {
	p       Pred
	through map[string]match // stream -> the frame that reported State
	m       match
	ok      bool
}

func (t *throughScan) next(s *session, i int) {
	st := s.steps[i]
	if t.ok || st.Kind != replay.KindFrame || st.Group == "" {
		return
	}
	if m, ok := t.through[st.Group]; ok {
		m.step = i + 1
		t.m, t.ok = m, true
		return
	}
	if st.Reports && stateIs(st.State, t.p.State) {
		t.through[st.Group] = match{task: st.TaskID, state: st.State}
	}
}
func (t *throughScan) found(*session) (match, bool) { return t.m, t.ok }
func (t *throughScan) copy() scanner {
	c := *t
	c.through = maps.Clone(t.through)
	return &c
}

// closedScan: the client closed a stream while its task was in State.
// A stream's request step comes before its close, and says who closed
// it.
type closedScan struct {
	p        Pred
	byClient map[string]bool // the requests of streams the client closed
	m        match
	ok       bool
}

func (c *closedScan) next(s *session, i int) {
	st := s.steps[i]
	switch {
	case c.ok:
	case st.Kind == replay.KindRequest && st.Closed == replay.EndClient:
		c.byClient[st.ID] = true
	case st.Kind == replay.KindClose && c.byClient[st.Group] && stateIs(s.before[i][st.TaskID], c.p.State):
		c.m, c.ok = match{step: i + 1, task: st.TaskID, state: s.before[i][st.TaskID]}, true
	}
}
func (c *closedScan) found(*session) (match, bool) { return c.m, c.ok }
func (c *closedScan) copy() scanner {
	d := *c
	d.byClient = maps.Clone(c.byClient)
	return &d
}

// whileScan: an operator's decision (approve or refuse, answered 2xx)
// of a task of the client's in State, made while something of the
// client's could hear the task resume (heard), or nothing could: a
// stream of the client's open on it, a webhook it had given the task,
// or a GetTask of it since the task was in State. A task of the
// client's is one a step between the client and an agent named; a task
// an agent below a planner runs is the planner's to hear. The
// decisions wait for their replies (found).
type whileScan struct {
	p       Pred
	heard   bool
	mine    map[string]bool
	open    map[string]string // the client's open streams: request id -> task ("" until a frame names it)
	hooked  map[string]bool   // tasks the client gave a webhook
	pending map[string]bool   // requests giving a webhook, until their reply names the task
	asked   map[string]bool   // tasks asked for while in State
	decided []decision        // in order
}

type decision struct{ id, task, state string }

func (w *whileScan) next(s *session, i int) {
	st := s.steps[i]
	if st.TaskID != "" && (st.From == s.client || st.To == s.client) {
		w.mine[st.TaskID] = true
	}
	switch st.Kind {
	case replay.KindRequest:
		switch {
		case st.OutOfBand: // an out-of-band request gives no webhook (session.hook)
			task := st.TaskID
			if !w.mine[task] || !stateIs(s.before[i][task], w.p.State) ||
				!strings.Contains(s.path[i], "/approve/") && !strings.Contains(s.path[i], "/refuse/") {
				return
			}
			listening := w.hooked[task] || w.asked[task]
			for _, t := range w.open {
				listening = listening || t == task
			}
			if listening == w.heard {
				w.decided = append(w.decided, decision{st.ID, task, s.before[i][task]})
			}
			return
		case st.From != s.client:
		case st.Method == "SendStreamingMessage" || st.Method == "SubscribeToTask":
			w.open[st.ID] = st.TaskID
		case st.Method == "GetTask" && stateIs(s.before[i][st.TaskID], w.p.State):
			w.asked[st.TaskID] = true
		}
		if s.hook[i] {
			if st.TaskID != "" {
				w.hooked[st.TaskID] = true
			}
			w.pending[st.ID] = true
		}
	case replay.KindFrame:
		if t, ok := w.open[st.Group]; ok && t == "" {
			w.open[st.Group] = st.TaskID
		}
	case replay.KindClose:
		delete(w.open, st.Group)
	case replay.KindReply:
		delete(w.open, st.Pair) // a stream answered with a plain reply never opened
		if w.pending[st.Pair] && st.TaskID != "" {
			w.hooked[st.TaskID] = true
		}
	case replay.KindPush:
		w.hooked[st.TaskID] = true
	}
}

func (w *whileScan) found(s *session) (match, bool) {
	for _, d := range w.decided {
		if j, ok := s.ok2xx(d.id); ok {
			return match{step: j + 1, task: d.task, state: d.state}, true
		}
	}
	return match{}, false
}

func (w *whileScan) copy() scanner {
	c := *w
	c.mine, c.open, c.hooked = maps.Clone(w.mine), maps.Clone(w.open), maps.Clone(w.hooked)
	c.pending, c.asked = maps.Clone(w.pending), maps.Clone(w.asked)
	c.decided = slices.Clip(w.decided)
	return &c
}
