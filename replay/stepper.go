package replay

import "slices"

// A Stepper works out the steps of a transcript that grows, as a live
// session's does, the same steps Steps would, at a cost that does not
// grow with the transcript: each Update works out again only the
// exchanges that changed and those whose steps come after the first
// step of one that changed, and keeps the steps before it.
//
// That holds while each change comes after what was stepped before
// (a live session's clock only goes forward): an Update whose new steps
// would sort before a kept one steps the whole transcript again. An
// exchange is worked out whole, so a stream that stays open while
// other exchanges come and go brings the steps since its own first
// step into each Update that adds to it. One thing Steps sees that a
// Stepper may not: a call outside A2A whose URL names a task that only
// a later exchange's body names gets that task from Steps, not from a
// Stepper (replay's outOfBandTasks; the kit's approve links name tasks
// the agents named first).
type Stepper struct {
	steps []Step
	keys  []stepKey // what each step sorts by; ex is the exchange's position
	first []int     // by exchange position, its first step's position in steps
	known map[string]bool
	// tasks has, for each task id, the positions of the steps that
	// name it, in order, and the position of the first that gave it a
	// context (-1 before one did).
	tasks map[string]*taskSteps
}

type taskSteps struct {
	at  []int
	ctx int
}

// Steps returns the steps so far. They are the Stepper's: a caller that
// keeps them must copy them before the next Update.
func (sp *Stepper) Steps() []Step { return sp.steps }

// Update takes the transcript as it is now, in which the exchanges at
// the positions changed (0-based, any order) are new or changed since
// the last Update (an Update with a nil Stepper state, the first, takes
// them all). It returns the position of the first step that is new or
// may differ: the steps before it are as they were.
func (sp *Stepper) Update(t *Transcript, changed []int) (from int) {
	if sp.known == nil {
		sp.known, sp.tasks = map[string]bool{}, map[string]*taskSteps{}
	}
	n := len(t.Exchanges)
	b := len(sp.steps)
	for _, ei := range changed {
		if ei >= 0 && ei < len(sp.first) && sp.first[ei] < b {
			b = sp.first[ei]
		}
	}
	// Every exchange with a step at or after b is worked out whole.
	for {
		nb := b
		for i := b; i < len(sp.steps); i++ {
			nb = min(nb, sp.first[sp.keys[i].ex])
		}
		if nb == b {
			break
		}
		b = nb
	}
	redo := map[int]bool{}
	for i := b; i < len(sp.steps); i++ {
		redo[sp.keys[i].ex] = true
	}
	for _, ei := range changed {
		if ei >= 0 && ei < n {
			redo[ei] = true
		}
	}
	for ei := len(sp.first); ei < n; ei++ {
		redo[ei] = true
	}
	pos := make([]int, 0, len(redo)) // the exchanges to work out, in order
	for ei := range redo {
		pos = append(pos, ei)
	}
	slices.Sort(pos)
	if b > 0 && (len(pos) > 0 && pos[len(pos)-1] >= n || len(sp.first) > n) {
		return sp.again(t) // exchanges went away: not a growing transcript
	}
	sub := &Transcript{Exchanges: make([]*Exchange, len(pos))}
	for i, ei := range pos {
		sub.Exchanges[i] = t.Exchanges[ei]
	}
	steps, keys, known := exchangeSteps(sub) // keys' ex: positions in sub
	for id := range known {
		sp.known[id] = true
	}
	// The new steps must all sort after the kept ones.
	if b > 0 {
		last := sp.keys[b-1]
		for _, k := range keys {
			if c := k.at.Compare(last.at); c < 0 || c == 0 && pos[k.ex] < last.ex {
				return sp.again(t)
			}
		}
	}
	outOfBandTasks(sub, steps, keys, sp.known)
	// The tasks' steps from b on go; what is left says where each task
	// stood before b.
	for i := b; i < len(sp.steps); i++ {
		if id := sp.steps[i].TaskID; id != "" {
			ts := sp.tasks[id]
			ts.at = ts.at[:len(ts.at)-1]
			if ts.ctx >= b {
				ts.ctx = -1
			}
		}
	}
	exOf, order := timeOrder(steps, keys)
	reqID := number(steps, exOf, len(pos), b)
	followTasks(sub, steps, exOf, reqID, len(known), func(id string) (state, ctx string) {
		ts := sp.tasks[id]
		if ts == nil {
			return "", ""
		}
		if k := len(ts.at); k > 0 {
			state = sp.steps[ts.at[k-1]].State
		}
		if ts.ctx >= 0 {
			ctx = sp.steps[ts.ctx].ContextID
		}
		return state, ctx
	})
	// Keep them.
	sp.steps = append(sp.steps[:b], steps...)
	sp.keys = sp.keys[:b]
	for i, o := range order {
		sp.keys = append(sp.keys, stepKey{at: keys[o].at, ex: pos[exOf[i]]})
	}
	for len(sp.first) < n {
		sp.first = append(sp.first, -1)
	}
	for _, ei := range pos {
		sp.first[ei] = -1
	}
	for i := b; i < len(sp.steps); i++ {
		s := &sp.steps[i]
		if ei := sp.keys[i].ex; sp.first[ei] < 0 {
			sp.first[ei] = i
		}
		if s.TaskID == "" {
			continue
		}
		ts := sp.tasks[s.TaskID]
		if ts == nil {
			ts = &taskSteps{ctx: -1}
			sp.tasks[s.TaskID] = ts
		}
		ts.at = append(ts.at, i)
		if ts.ctx < 0 && s.ContextID != "" {
			ts.ctx = i
		}
	}
	return b
}

// again steps the whole transcript afresh.
func (sp *Stepper) again(t *Transcript) int {
	*sp = Stepper{}
	all := make([]int, len(t.Exchanges))
	for i := range all {
		all[i] = i
	}
	return sp.Update(t, all)
}
