package diagram

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// TestPreparedSameAsLayout checks that a prepared transcript lays out
// every window as Layout does with the same range: the shipped and test
// transcripts, generated ones, a repeated capture, and steps out of
// order, which Prepared cannot search by Index.
func TestPreparedSameAsLayout(t *testing.T) {
	all := map[string][]replay.Step{}
	for name, tr := range transcripts(t) {
		all[name] = replay.Steps(tr)
	}
	all["gen-40"] = replay.Steps(generate(40))
	all["captured-700"] = capturedSteps(t, 700)
	rev := slices.Clone(replay.Steps(generate(3)))
	slices.Reverse(rev)
	all["reversed"] = rev
	for name, steps := range all {
		opts := Options{Title: name, IDPrefix: "fig-", Participants: []string{"operator"}}
		p := Prepare(steps, opts)
		n := len(steps)
		for _, w := range [][2]int{{0, 0}, {1, n}, {0, n / 2}, {n / 2, 0}, {2, 5}, {n / 3, 2 * n / 3}, {n, n}, {n + 1, n + 9}, {5, 2}} {
			o := opts
			o.First, o.Last = w[0], w[1]
			want, err := json.Marshal(Layout(steps, o))
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(p.Layout(w[0], w[1]))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%s, steps %d to %d: Prepared.Layout differs from Layout", name, w[0], w[1])
			}
		}
	}
}
