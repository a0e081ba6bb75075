package checker

// What the worker does for a check (msg.OpCheck), and how it answers a
// request: in Go without the DOM, so that its cost is measured natively
// too (BenchmarkLiveCheck).

import (
	"context"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// An answerer posts the answers to one request (package msg).
type answerer struct {
	id   int
	post func(any)
}

func (a answerer) fail(why string) { a.post(&msg.Failure{ID: a.id, Error: why}) }

// answer checks one transcript and posts its findings, or an error;
// before them, when the request names exercises, its verdict on each
// (exercise.Judge).
func answer(r *msg.Request, ans answerer) {
	t, err := replay.ParseString(r.Text, r.Name)
	if err != nil {
		ans.fail(err.Error())
		return
	}
	steps := replay.Steps(t)
	if r.Exercises != nil {
		ans.post(&msg.Verdicts{ID: ans.id, Verdicts: exercise.Judge(r.Exercises, t, steps)})
	}
	fs, err := findings(t, steps, nil)
	if err != nil {
		ans.fail(err.Error())
		return
	}
	postFindings(fs, ans)
}

// findingsPerMessage bounds the findings one message carries: the page
// takes in each message in a task of its own, and the 55,556 findings
// of a file of 100,000 exchanges in one took it well over 100 ms.
var findingsPerMessage = 4000

// findings returns what check.Check finds in t, on their steps, as the
// page reads them: byte arrays (view.AppendFindings) of at most
// findingsPerMessage findings each; there is always one. The check
// calls yield, when set, as it goes (check.Options.Yield), and stops
// with its error.
func findings(t *replay.Transcript, steps []replay.Step, yield func() error) ([][]byte, error) {
	r, err := check.Run(context.Background(), t, check.Options{Yield: yield})
	if err != nil {
		return nil, err
	}
	found := r.Findings
	fs := make([]view.Finding, len(found))
	for i, step := range check.StepsOf(found, steps) {
		fs[i] = view.Finding{Step: step, Rule: found[i].Rule, Text: found[i].String()}
	}
	return split(fs), nil
}

// split writes findings as the page reads them, findingsPerMessage to
// a byte array.
func split(fs []view.Finding) [][]byte {
	var out [][]byte
	for start := 0; start == 0 || start < len(fs); start += findingsPerMessage {
		out = append(out, view.AppendFindings(nil, fs[start:min(start+findingsPerMessage, len(fs))]))
	}
	return out
}

// postFindings posts the findings, a message each, all but the last
// with More.
func postFindings(fs [][]byte, ans answerer) {
	for i, b := range fs {
		ans.post(&msg.Findings{ID: ans.id, Findings: b, More: i < len(fs)-1})
	}
}
