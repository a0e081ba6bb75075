package view

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

// TestWarmTranscript: the warm-up's transcript is written and read back
// as it is (the viewer warms up its parser on the text), and each round
// adds the same steps of every kind the warm-up means to run through.
func TestWarmTranscript(t *testing.T) {
	one, two := replay.Steps(WarmTranscript(1)), replay.Steps(WarmTranscript(2))
	if len(two) != 2*len(one) {
		t.Errorf("one round has %d steps, two have %d", len(one), len(two))
	}
	kinds := map[replay.StepKind]int{}
	states := map[string]bool{}
	for _, s := range one {
		kinds[s.Kind]++
		states[s.State] = true
	}
	for _, k := range []replay.StepKind{replay.KindRequest, replay.KindReply, replay.KindFrame, replay.KindClose} {
		if kinds[k] == 0 {
			t.Errorf("a round has no step of kind %v: %v", k, kinds)
		}
	}
	for _, s := range []string{replay.StateInputRequired, replay.StateAuthRequired, replay.StateCompleted} {
		if !states[s] {
			t.Errorf("a round never reaches %s", s)
		}
	}
	tr := WarmTranscript(3)
	text, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	back, err := replay.Parse(text, "warm-up.http")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(replay.Steps(tr), replay.Steps(back)); diff != "" {
		t.Errorf("the steps read back from the text differ (-made +read):\n%s", diff)
	}
}
