package view

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// TestFoldsFor walks every step of every shipped transcript, as the page
// does, with the room a phone leaves (300 px) and a laptop's (600 px):
// each step, in the layout drawn with the folds FoldsFor gives, is no
// wider than the room, its own columns are never folded, and on the
// laptop nothing folds.
func TestFoldsFor(t *testing.T) {
	files, err := filepath.Glob("../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	folded := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		tr, err := replay.Parse(b, name)
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.Steps(tr)
		base := PageLayout(tr, steps, 0, 0, nil)
		for _, avail := range []int{300, 600} {
			var cur []string
			for _, s := range steps {
				k := s.Index
				cur = FoldsFor(base, k, cur, nil, avail)
				if avail == 600 && cur != nil {
					t.Errorf("%s step %d: folds %v with %d px", name, k, cur, avail)
				}
				g := PageLayout(tr, steps, 0, 0, cur)
				box, ok := StepBox(g, k)
				if !ok {
					t.Fatalf("%s: step %d not drawn", name, k)
				}
				if w := box.Width(); w > float64(avail) {
					t.Errorf("%s step %d: %v px wide with %v folded, room %d", name, k, w, cur, avail)
				}
				if a, b, ok := g.Columns(RowOf(g, k)); ok {
					for _, c := range []int{a, b} {
						if p := g.Participants[c]; p.Folded {
							t.Errorf("%s step %d: its own column %s is folded", name, k, p.Name)
						}
					}
				}
				if len(cur) > 0 {
					folded++
				}
			}
		}
	}
	if folded == 0 {
		t.Error("no step of any transcript folded a column on a phone: 13 and 19 cross one")
	}
}

func TestFoldsForKeepsAndOpens(t *testing.T) {
	tr, steps := sample(t)
	base := PageLayout(tr, steps, 0, 0, nil)
	if got := FoldsFor(base, 1, []string{"zed", "alpha"}, nil, 10000); !slices.Equal(got, []string{"alpha", "zed"}) {
		t.Errorf("a step that fits keeps what is folded, sorted: %v", got)
	}
	if got := FoldsFor(base, 1, []string{"zed", "alpha"}, []string{"zed"}, 10000); !slices.Equal(got, []string{"alpha"}) {
		t.Errorf("what the learner opened stays open: %v", got)
	}
	a, b, _ := base.Columns(RowOf(base, 1))
	if got := FoldsFor(base, 1, []string{base.Participants[a].Name, base.Participants[b].Name}, nil, 10000); got != nil {
		t.Errorf("a step's own columns unfold: %v", got)
	}
	if got := FoldsFor(base, 99999, []string{"x"}, nil, 10); !slices.Equal(got, []string{"x"}) {
		t.Errorf("a step not drawn changes nothing: %v", got)
	}
}

// BenchmarkStepDecision is what a step change adds to the page's work at
// 1,000 steps: which columns to fold (FoldsFor) and what to reveal
// (StepBox), from the layout.
func BenchmarkStepDecision(b *testing.B) {
	long := longTranscript(b, 112)
	steps := replay.Steps(long)
	g := PageLayout(long, steps, 0, 0, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i%len(steps) + 1
		_ = FoldsFor(g, k, nil, nil, 300)
		if _, ok := StepBox(g, k); !ok {
			b.Fatal("no box")
		}
	}
}
