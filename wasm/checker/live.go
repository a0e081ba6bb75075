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
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// A liveSession is the Live session the worker keeps: its transcript
// and steps, the check and the exercises' judge that follow it, and
// where each exchange's steps are.
type liveSession struct {
	n     int // the session's number (msg.Live.Session); 0 before the first
	t     replay.Transcript
	steps []replay.Step
	check *check.Session
	judge exercise.Judger
	from  int           // the first step the changes taken since the last judging changed
	at    map[int][]int // an exchange's number -> the positions of its steps, ascending
}

// kept is the worker's Live session; only the server's goroutine touches it.
var kept liveSession

// answerLive puts the Live session's changes (msg.OpLive) into the
// session the worker keeps and answers as answer does: the verdicts on
// the exercises the request names, then the findings.
func answerLive(r *msg.Request, ans answerer) {
	changed, err := kept.take(r)
	if err != nil {
		kept = liveSession{} // the page sends the session whole next
		ans.fail(err.Error())
		return
	}
	kept.judge.Update(&kept.t, kept.steps, kept.from)
	kept.from = len(kept.steps)
	if r.Exercises != nil {
		ans.post(&msg.Verdicts{ID: ans.id, Verdicts: kept.judge.Judge(r.Exercises)})
	}
	postFindings(placed(kept.check.Update(&kept.t, changed).Findings, kept.stepsOf), ans)
}

// take puts r's changes in: the session whole (r.Text), then each
// Delta in its order. It returns the positions of the exchanges that
// changed, in any order.
func (l *liveSession) take(r *msg.Request) (changed []int, err error) {
	if r.Text != "" {
		t, err := replay.ParseString(r.Text, r.Name)
		if err != nil {
			return nil, err
		}
		*l = liveSession{n: r.At, check: check.NewSession(check.Options{}), at: map[int][]int{}}
		whole := &panel.Delta{Session: r.At, Participants: t.Participants, Exchanges: len(t.Exchanges), Steps: replay.Steps(t)}
		for i, x := range t.Exchanges {
			whole.Changed = append(whole.Changed, panel.Placed{At: i, Exchange: x})
		}
		if err := l.apply(whole); err != nil {
			return nil, err
		}
		changed = l.changed(whole, changed)
	}
	for _, b := range r.Deltas {
		m, err := panel.Decode(b)
		d, ok := m.(*panel.Delta)
		if err != nil || !ok {
			return nil, fmt.Errorf("the page sent a Delta that reads as %T: %v", m, err)
		}
		if d.Session < l.n {
			continue // stale (apply)
		}
		if err := l.apply(d); err != nil {
			return nil, err
		}
		changed = l.changed(d, changed)
	}
	if l.check == nil {
		return nil, errors.New("the page sent no Live session")
	}
	return changed, nil
}

// apply puts m in: its exchanges at their positions, its steps from
// m.From on, as the page does (wasm/viewer's liveDelta). A Delta of a
// later session starts afresh; one of an earlier session is let be.
func (l *liveSession) apply(m *panel.Delta) error {
	switch {
	case m.Session > l.n:
		*l = liveSession{n: m.Session, check: check.NewSession(check.Options{}), at: map[int][]int{}}
	case m.Session < l.n:
		return nil // stale: posted as it closed, after the page asked for another (as the page reads it)
	}
	l.from = min(l.from, m.From)
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
		return fmt.Errorf("the page's Delta does not follow the worker's session: steps from %d of %d, exchanges to %d of %d", m.From+1, len(l.steps), m.Exchanges, len(xs))
	}
	l.t = replay.Transcript{Participants: m.Participants, Exchanges: xs}
	for i := len(l.steps) - 1; i >= m.From; i-- { // the steps let go, last first
		seq := l.steps[i].Exchange
		at := l.at[seq]
		if len(at) == 0 || at[len(at)-1] != i {
			return errors.New("the worker's steps lost their places")
		}
		l.at[seq] = at[:len(at)-1]
	}
	l.steps = append(l.steps[:m.From], m.Steps...)
	for i := m.From; i < len(l.steps); i++ {
		seq := l.steps[i].Exchange
		l.at[seq] = append(l.at[seq], i)
	}
	return nil
}

// changed adds the positions m changed to those before.
func (l *liveSession) changed(m *panel.Delta, before []int) []int {
	for _, x := range m.Changed {
		before = append(before, x.At)
	}
	return before
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
