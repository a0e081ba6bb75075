package diagram

import (
	"cmp"
	"slices"

	"github.com/a2aplay/a2aplay/replay"
)

// Prepared is a transcript's steps made ready to be laid out a window at
// a time: what [Layout] learns from the whole transcript (the
// participants' order, where each stream begins and ends) is learnt once,
// so that each window costs in proportion to the steps it draws, however
// long the transcript. A page that draws the steps near the viewport of
// a long transcript prepares once and lays out each window:
//
//	p := diagram.Prepare(steps, diagram.Options{Title: t.Title, IDPrefix: "fig-"})
//	g := p.Layout(first, last) // as Layout with First: first, Last: last
//	err := diagram.WriteSVG(w, g)
//
// p.Layout(first, last) gives the same geometry as Layout with the same
// options and that range. The steps must not change while p is in use.
type Prepared struct {
	steps   []replay.Step
	opts    Options // through shownOptions; First and Last unused
	names   []string
	oobOnly map[string]bool
	sorted  bool // Index never falls from one step to the next
	// ends and requests are the stream facts of all the steps: the
	// groups whose close is among them, and the position of the request
	// that opened each group.
	ends     map[string]bool
	requests map[string]int
}

// Prepare learns what laying out any window of steps needs to know of
// all of them. Its cost grows linearly with the steps. opts.First and
// opts.Last are not used: [Prepared.Layout] takes the window.
func Prepare(steps []replay.Step, opts Options) *Prepared {
	opts = shownOptions(opts)
	opts.First, opts.Last = 0, 0
	p := &Prepared{steps: steps, opts: opts, sorted: true, ends: map[string]bool{}, requests: map[string]int{}}
	p.names, p.oobOnly = participantOrder(steps, opts.Participants)
	for i := range steps {
		s := &steps[i]
		if i > 0 && s.Index < steps[i-1].Index {
			p.sorted = false
		}
		switch {
		case s.Group == "":
		case s.Kind == replay.KindClose:
			p.ends[s.Group] = true
		case s.Kind == replay.KindRequest && s.Group == s.ID:
			p.requests[s.Group] = i
		}
	}
	return p
}

// byIndex orders step s before, at or after step number k, for a binary
// search of sorted steps.
func byIndex(s replay.Step, k int) int { return cmp.Compare(s.Index, k) }

// Layout lays out the steps whose Index lies between first and last,
// inclusive (0 leaves that end open), as [Layout] does.
func (p *Prepared) Layout(first, last int) *Geometry {
	opts := p.opts
	opts.First, opts.Last = first, last
	lo, hi := 0, len(p.steps)
	if p.sorted {
		if first > 0 {
			lo, _ = slices.BinarySearchFunc(p.steps, first, byIndex)
		}
		if last > 0 {
			hi, _ = slices.BinarySearchFunc(p.steps, last+1, byIndex)
		}
	}
	var drawn []*replay.Step
	if lo < hi {
		drawn = make([]*replay.Step, 0, hi-lo)
	}
	for i := lo; i < hi; i++ {
		if inRange(&p.steps[i], opts) {
			drawn = append(drawn, shownStep(&p.steps[i]))
		}
	}
	l := newLayouter(newSelection(p.steps, drawn, p.names, p.oobOnly), opts)
	l.prepared = p
	return l.layout()
}
