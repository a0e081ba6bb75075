package exercise

import (
	"github.com/a2aplay/a2aplay/exercise/onpage"
	"github.com/a2aplay/a2aplay/replay"
)

// A Judger judges the page's exercises on a session that grows, as a
// live session does: each [Judger.Update] takes the session as it is
// now, and [Judger.Judge] gives the verdicts [Judge] would, at a cost
// that grows with the steps that changed and those of the exchanges not
// yet settled (replay.Exchange.Settled), not with the session.
//
// It keeps what the predicates read of the steps (the tasks' states
// before each, the ids each request named, ...), worked out again from
// the first step that changed; and, for each predicate an exercise
// asked, a scanner that has read every step before the first of an
// exchange that may still change. Judge reads the steps after on a copy
// of each, which it drops. An Update whose first changed step comes
// before what the scanners read (a settled exchange's steps that
// changed) has them read the session again from its start.
type Judger struct {
	s     *session
	base  int              // the scanners have read steps[:base]
	scans map[Pred]scanner // by predicate, at base
}

// Update takes t and its steps, of which those before from are as the
// Update before left them (the first Update reads them all).
func (j *Judger) Update(t *replay.Transcript, steps []replay.Step, from int) {
	if j.s == nil {
		j.s, from = &session{pair: map[string]int{}, final: map[string]string{}, clientAt: -1, j: j}, 0
	}
	j.s.update(t, steps, from)
	if from < j.base {
		j.base, j.scans = 0, nil
	}
	if j.scans == nil {
		j.scans = map[Pred]scanner{}
	}
	// The scanners read the steps that cannot change: those before the
	// first of an exchange that may, once the client is known (the
	// steps before the one that names it read it too).
	settled := len(steps)
	if j.s.clientAt < 0 {
		settled = 0
	}
	for i := j.base; i < settled; i++ {
		if x := exchangeOf(t, steps[i].Exchange); x == nil || !x.Settled() {
			settled = i
		}
	}
	for _, sc := range j.scans {
		for i := j.base; i < settled; i++ {
			sc.next(j.s, i)
		}
	}
	j.base = max(j.base, settled)
}

// Judge evaluates exs on the session the last Update gave, as [Judge]
// does.
func (j *Judger) Judge(exs []onpage.Exercise) []onpage.Verdict {
	var s *session
	if j.s != nil && len(j.s.steps) > 0 {
		s = j.s
	}
	out := make([]onpage.Verdict, 0, len(exs))
	for _, v := range exs {
		ex, err := FromPage(v)
		if err != nil {
			out = append(out, onpage.Verdict{ID: v.ID, Status: NotTried.String(), Why: err.Error()})
			continue
		}
		r := evaluate(ex, s)
		out = append(out, onpage.Verdict{ID: r.ID, Status: r.Status.String(), Step: r.Step, Why: r.Why, Hint: r.Hint})
	}
	return out
}

// find is p's match in the session: a copy of its scanner reads the
// steps it has not.
func (j *Judger) find(p Pred) (match, bool) {
	sc, ok := j.scans[p]
	if !ok { // first asked: it reads what the others have
		sc = scannerOf(p)
		for i := range j.base {
			sc.next(j.s, i)
		}
		j.scans[p] = sc
	}
	if j.base < len(j.s.steps) {
		sc = sc.copy()
		for i := j.base; i < len(j.s.steps); i++ {
			sc.next(j.s, i)
		}
	}
	return sc.found(j.s)
}
