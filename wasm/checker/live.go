package checker

// What the worker does for a Live event (msg.OpLive): it keeps the
// session as the page's Lives left it, puts each change in, and checks
// and judges what changed, at a cost that does not grow with the
// session (BenchmarkLiveCheck).

import (
	"errors"
	"fmt"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// A liveSession is the Live session the worker keeps: its transcript
// and steps, the check that follows it, and where each exchange's steps
// are.
type liveSession struct {
	n     int // the session's number (msg.Live.Session); 0 before the first
	t     replay.Transcript
	steps []replay.Step
	check *check.Session
	at    map[int][]int // an exchange's number -> the positions of its steps, ascending
}

// kept is the worker's Live session; only the server's goroutine touches it.
var kept liveSession

// answerLive puts a Live event's change into the session the worker
// keeps and answers as answer does: the verdicts on the exercises the
// request names, then the findings.
func answerLive(r *msg.Request, ans answerer) {
	if err := kept.apply(r.Live); err != nil {
		kept = liveSession{} // the next Live of a new session starts afresh
		ans.fail(err.Error())
		return
	}
	if r.Exercises != nil {
		ans.post(&msg.Verdicts{ID: ans.id, Verdicts: exercise.Judge(r.Exercises, &kept.t, kept.steps)})
	}
	postFindings(placed(kept.check.Update(&kept.t, kept.changed(r.Live)).Findings, kept.stepsOf), ans)
}

// apply puts m in: its exchanges at their positions, its steps from
// m.From on. A Live of a later session starts afresh.
func (l *liveSession) apply(m *msg.Live) error {
	switch {
	case m.Session > l.n:
		*l = liveSession{n: m.Session, check: check.NewSession(check.Options{}), at: map[int][]int{}}
	case m.Session < l.n:
		return fmt.Errorf("a change of Live session %d, after session %d's", m.Session, l.n)
	}
	xs := l.t.Exchanges
	for _, x := range m.Changed {
		switch {
		case x.Exchange == nil:
			return fmt.Errorf("the page sent exchange %d empty", x.At+1)
		case x.At >= 0 && x.At < len(xs):
			xs[x.At] = x.Exchange
		case x.At == len(xs):
			xs = append(xs, x.Exchange)
		default:
			return fmt.Errorf("the page sent exchange %d after %d", x.At+1, len(xs))
		}
	}
	if m.From < 0 || m.From > len(l.steps) || len(xs) != m.Exchanges {
		return fmt.Errorf("the page's change does not follow the worker's session: steps from %d of %d, exchanges to %d of %d", m.From+1, len(l.steps), m.Exchanges, len(xs))
	}
	l.t = replay.Transcript{Participants: m.Participants, Exchanges: xs}
	for i := len(l.steps) - 1; i >= m.From; i-- { // the steps let go, last first
		seq := l.steps[i].Exchange
		if at := l.at[seq]; len(at) > 0 && at[len(at)-1] == i {
			l.at[seq] = at[:len(at)-1]
		} else {
			return errors.New("the worker's steps lost their places")
		}
	}
	l.steps = append(l.steps[:m.From], m.Steps...)
	for i := m.From; i < len(l.steps); i++ {
		seq := l.steps[i].Exchange
		l.at[seq] = append(l.at[seq], i)
	}
	return nil
}

// changed is the positions m changed.
func (l *liveSession) changed(m *msg.Live) []int {
	out := make([]int, len(m.Changed))
	for i, x := range m.Changed {
		out[i] = x.At
	}
	return out
}

// stepsOf is the steps of exchange seq, in order.
func (l *liveSession) stepsOf(seq int) []replay.Step {
	at := l.at[seq]
	out := make([]replay.Step, len(at))
	for i, k := range at {
		out[i] = l.steps[k]
	}
	return out
}

// placed is findings on their steps (check.StepOf, reading only the
// steps of each finding's exchange, which stepsOf gives), as findings
// sends them.
func placed(found []check.Finding, stepsOf func(seq int) []replay.Step) [][]byte {
	fs := make([]view.Finding, len(found))
	for i, f := range found {
		fs[i] = view.Finding{Step: check.StepOf(f, stepsOf(f.Exchange)), Rule: f.Rule, Text: f.String()}
	}
	return split(fs)
}
