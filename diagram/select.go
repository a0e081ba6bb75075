package diagram

import "github.com/a2aplay/a2aplay/replay"

// A selection is what one drawing shows of the steps: the steps in
// range, their texts made visible, and the participants' columns. Layout
// and WriteMermaid start from it.
type selection struct {
	all     []replay.Step   // every step, as the caller gave them
	drawn   []*replay.Step  // the steps in range, in order, as [shownStep] returns them
	names   []string        // the columns, left to right, as visible names
	oobOnly map[string]bool // the names that take part only outside A2A
}

// selectSteps chooses the steps whose Index lies between opts.First and
// opts.Last and the columns they need: the order of the whole diagram
// ([participantOrder]), less the parties no drawn step involves, so that
// a step range keeps the columns' order. opts has been through
// [shownOptions]. The steps out of range cost one light pass.
func selectSteps(steps []replay.Step, opts Options) selection {
	n := 0
	for i := range steps {
		if inRange(&steps[i], opts) {
			n++
		}
	}
	drawn := make([]*replay.Step, 0, n)
	for i := range steps {
		if inRange(&steps[i], opts) {
			drawn = append(drawn, shownStep(&steps[i]))
		}
	}
	names, oobOnly := participantOrder(steps, opts.Participants)
	return newSelection(steps, drawn, names, oobOnly)
}

// newSelection is the selection of drawn among steps, with the columns
// of names (the order of the whole diagram) that the drawn steps use.
func newSelection(steps []replay.Step, drawn []*replay.Step, names []string, oobOnly map[string]bool) selection {
	sel := selection{all: steps, drawn: drawn, oobOnly: oobOnly}
	used := make(map[string]bool, len(names))
	from, to := "", ""
	for i, s := range drawn {
		// Most steps go between the parties of the step before.
		if i == 0 || s.From != from || s.To != to {
			from, to = s.From, s.To
			used[from], used[to] = true, true
		}
	}
	for _, n := range names {
		if used[n] {
			sel.names = append(sel.names, n)
		}
	}
	if sel.names == nil {
		sel.names = []string{}
	}
	return sel
}

func inRange(s *replay.Step, opts Options) bool {
	return (opts.First <= 0 || s.Index >= opts.First) && (opts.Last <= 0 || s.Index <= opts.Last)
}

// participantOrder orders the participants of all the steps, by their
// visible names ([replay.Visible]): those named first, then by first
// appearance, the parties only outside A2A last. It reports which take
// part only outside A2A.
//
// It looks each step's parties up among those already seen, which are
// few, so that its pass over a long transcript stays light.
func participantOrder(steps []replay.Step, first []string) ([]string, map[string]bool) {
	// The raw names, in order of first appearance, and whether each
	// takes part in A2A.
	var raw []string
	var inA2A []bool
	index := map[string]int{}
	find := func(n string) int {
		i, ok := index[n]
		if !ok {
			i = len(raw)
			index[n] = i
			raw, inA2A = append(raw, n), append(inA2A, false)
		}
		return i
	}
	lastFrom, lastTo, fi, ti := "", "", -1, -1
	for i := range steps {
		s := &steps[i]
		if fi < 0 || s.From != lastFrom {
			lastFrom, fi = s.From, find(s.From)
		}
		if ti < 0 || s.To != lastTo {
			lastTo, ti = s.To, find(s.To)
		}
		if !s.OutOfBand {
			inA2A[fi], inA2A[ti] = true, true
		}
	}
	// Two raw names may show the same: they are one party.
	var seen []string
	visIn := map[string]bool{}
	for i, n := range raw {
		v := replay.Visible(n)
		if _, ok := visIn[v]; !ok {
			seen = append(seen, v)
		}
		visIn[v] = visIn[v] || inA2A[i]
	}
	names := make([]string, 0, len(seen))
	added := map[string]bool{}
	add := func(n string) {
		if !added[n] {
			added[n] = true
			names = append(names, n)
		}
	}
	for _, n := range first {
		if _, used := visIn[n]; used {
			add(n)
		}
	}
	for _, n := range seen {
		if visIn[n] {
			add(n)
		}
	}
	for _, n := range seen {
		add(n)
	}
	oob := make(map[string]bool, len(names))
	for _, n := range names {
		oob[n] = !visIn[n]
	}
	return names, oob
}

// shownStep returns s with every text a diagram draws, names of
// parties, labels, details, states and task ids, passed through
// [replay.Visible], so that a bidi override or a zero-width character
// from a transcript shows as an escape instead of hiding or reordering
// the text around it. It returns s itself when nothing changes, and
// otherwise a copy: the caller's step is left as it is.
func shownStep(s *replay.Step) *replay.Step {
	from, to := replay.Visible(s.From), replay.Visible(s.To)
	label, detail := replay.Visible(s.Label), replay.Visible(s.Detail)
	state, task := replay.Visible(s.State), replay.Visible(s.TaskID)
	if from == s.From && to == s.To && label == s.Label && detail == s.Detail &&
		state == s.State && task == s.TaskID {
		return s
	}
	c := *s
	c.From, c.To, c.Label, c.Detail, c.State, c.TaskID = from, to, label, detail, state, task
	return &c
}

// shownOptions returns o with its title and the names of its parties
// passed through [replay.Visible], as [shownStep] does for the steps, so
// that the names still match.
func shownOptions(o Options) Options {
	o.Title = replay.Visible(o.Title)
	for _, p := range o.Participants {
		if replay.Visible(p) != p {
			ps := make([]string, len(o.Participants))
			for j, q := range o.Participants {
				ps[j] = replay.Visible(q)
			}
			o.Participants = ps
			break
		}
	}
	return o
}
