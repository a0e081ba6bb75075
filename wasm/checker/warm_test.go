//go:build js && wasm

package checker

import (
	"testing"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// TestWarm: the warm-up opens its transcript as a long file's first
// parts are made, without an error, and the transcript has steps of
// each kind it means to run through.
func TestWarm(t *testing.T) {
	stages := 0
	if err := warm(func() bool { stages++; return true }); err != nil {
		t.Fatal(err)
	}
	if stages != 2 {
		t.Errorf("the warm-up went through %d stages, want 2", stages)
	}
	stages = 0
	if err := warm(func() bool { stages++; return false }); err != nil || stages != 1 {
		t.Errorf("told to stop, the warm-up went on to %d stages (%v)", stages, err)
	}
	steps := replay.Steps(warmText(t))
	kinds := map[replay.StepKind]int{}
	for _, s := range steps {
		kinds[s.Kind]++
	}
	if len(steps) < 40 || kinds[replay.KindFrame] == 0 || kinds[replay.KindRequest] == 0 || len(view.Lanes(steps)) == 0 {
		t.Errorf("%d steps (%v), %d lanes: too little to warm up with", len(steps), kinds, len(view.Lanes(steps)))
	}
	p := view.CutFirst(warmText(t), steps, len(steps)+view.BigTranscript)
	if err := p.DrawScreen(0, 200); err != nil || len(p.More) == 0 {
		t.Errorf("the warm-up's window drawn for a screen: %d pieces, %v; want pieces", len(p.More), err)
	}
}

func warmText(t testing.TB) *replay.Transcript {
	t.Helper()
	tr, err := replay.ParseString(view.WarmText, "warm-up.http")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
