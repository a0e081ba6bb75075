package view

import (
	"slices"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// A Part is what the page holds of a long transcript that a Web Worker
// parsed and keeps whole: the steps of one window, First to Last, and
// the exchanges they come from, with what the page shows of the whole
// (its size, its summary, its first lanes). The page draws and inspects
// a Part as it does a transcript it holds whole; stepping out of the
// window asks the worker for the next Part. It travels as JSON.
type Part struct {
	N           int       // steps in the whole transcript
	First, Last int       // the window: steps First to Last (1-based, inclusive)
	Start       time.Time // when the whole transcript's first step happened

	// Transcript has the whole one's title, notes and participants, and
	// only the exchanges Steps come from, with their own numbers.
	Transcript *replay.Transcript
	// Steps are every step of those exchanges, in order: those from
	// First to Last, the others of a stream the window cuts, and the
	// exchanges of the whole transcript's first and last steps.
	Steps []replay.Step

	Summary Summary
	Lanes   []Lane // the first MaxLanes tasks' lanes
	Tasks   int    // lanes in all
}

// MaxLanes is the most tasks the page lists in the overview and draws
// in the task-state lane; the diagram draws a lane for each.
const MaxLanes = 12

// Cut makes the Part of transcript t (with its steps and lanes) that
// the page draws when the current position is at: the window [Window]
// gives.
func Cut(t *replay.Transcript, steps []replay.Step, lanes []Lane, at int) *Part {
	p := &Part{N: len(steps), Summary: Summarize(t, steps), Tasks: len(lanes)}
	p.First, p.Last = Window(len(steps), min(max(at, 0), len(steps)))
	if len(steps) > 0 {
		p.Start = steps[0].At
	}
	p.Lanes = lanes[:min(len(lanes), MaxLanes)]
	sub := &replay.Transcript{Title: t.Title, Notes: t.Notes, Participants: t.Participants}
	p.Transcript = sub
	if len(steps) == 0 {
		return p
	}
	// The exchanges of the window's steps, in the transcript's order.
	// The first step and the last go too: the diagram draws times from
	// the first, and numbers as wide as the last's.
	seqs := []int{steps[0].Exchange, steps[len(steps)-1].Exchange}
	for _, s := range steps[p.First-1 : p.Last] {
		seqs = append(seqs, s.Exchange)
	}
	slices.Sort(seqs)
	seqs = slices.Compact(seqs)
	for _, ex := range t.Exchanges {
		if ex != nil {
			if _, ok := slices.BinarySearch(seqs, ex.Seq); ok {
				sub.Exchanges = append(sub.Exchanges, ex)
			}
		}
	}
	// Their steps: a stream's frames can lie far from its request.
	for _, s := range steps {
		if _, ok := slices.BinarySearch(seqs, s.Exchange); ok {
			p.Steps = append(p.Steps, s)
		}
	}
	return p
}

// Step returns step k (1-based, in the whole transcript) when the part
// holds it, or nil.
func (p *Part) Step(k int) *replay.Step {
	i, ok := slices.BinarySearchFunc(p.Steps, k, func(s replay.Step, k int) int { return s.Index - k })
	if !ok {
		return nil
	}
	return &p.Steps[i]
}
