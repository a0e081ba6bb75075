package diagram

import (
	"os"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

func planner(t *testing.T) []replay.Step {
	t.Helper()
	b, err := os.ReadFile("../transcripts/19-planner.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "19-planner.http")
	if err != nil {
		t.Fatal(err)
	}
	return replay.Steps(tr)
}

// TestCompact: the page's layout is narrower than the figures' and puts
// the step numbers in a column at the left edge, left of every time and
// every participant.
func TestCompact(t *testing.T) {
	steps := planner(t)
	full, compact := Layout(steps, Options{}), Layout(steps, Options{Compact: true})
	if full.Gutter != 0 || compact.Gutter == 0 {
		t.Fatalf("gutters: full %d, compact %d", full.Gutter, compact.Gutter)
	}
	if compact.Width*10 > full.Width*7 {
		t.Errorf("the compact layout is %d px wide, the full one %d", compact.Width, full.Width)
	}
	for _, r := range compact.Rows {
		if r.Number.X+r.Number.W > compact.Gutter || r.Time.X <= compact.Gutter {
			t.Errorf("step %d: number %+v, time %+v, gutter %d", r.Index, r.Number, r.Time, compact.Gutter)
		}
	}
	for _, p := range compact.Participants {
		if p.Top.X <= compact.Gutter {
			t.Errorf("%s's header starts at %d, in the gutter (%d)", p.Name, p.Top.X, compact.Gutter)
		}
	}
}

// TestFold: a folded participant is a thin column named short, whole in
// its title; the steps that cross it come closer; the others keep their
// columns.
func TestFold(t *testing.T) {
	steps := planner(t)
	open := Layout(steps, Options{Compact: true})
	g := Layout(steps, Options{Compact: true, Fold: []string{"code-reviewer"}})
	var cr *Participant
	for i := range g.Participants {
		if p := &g.Participants[i]; p.Name == "code-reviewer" {
			cr = p
		} else if p.Folded {
			t.Errorf("%s is folded too", p.Name)
		}
	}
	if cr == nil || !cr.Folded || cr.Top.W != foldedW || cr.Short == "" || cr.Short == cr.Name || !strings.HasSuffix(cr.Short, "…") {
		t.Fatalf("the folded column: %+v", cr)
	}
	if sansBold.width(cr.Short, smallSize) > foldedW {
		t.Errorf("%q is wider than its header", cr.Short)
	}
	svg := string(AppendSVG(nil, g))
	if !strings.Contains(svg, `<g class="party folded" data-name="code-reviewer">`) || !strings.Contains(svg, "<title>code-reviewer</title>") {
		t.Error("the SVG has no folded header titled with the whole name")
	}
	if g.Width >= open.Width {
		t.Errorf("folded, the diagram is %d px wide; open, %d", g.Width, open.Width)
	}
	crossed := 0
	for k := range g.Rows {
		a, b, ok := g.Columns(k)
		if !ok || b-a < 2 {
			continue
		}
		crossed++
		before, lo0, hi0 := open.Focus(k)
		after, lo1, hi1 := g.Focus(k)
		if max(after.X+after.W, hi1)-min(after.X, lo1) >= max(before.X+before.W, hi0)-min(before.X, lo0) {
			t.Errorf("step %d crosses the folded column and is no narrower", g.Rows[k].Index)
		}
	}
	if crossed == 0 {
		t.Error("no step crosses the code-reviewer's column")
	}
}

// TestFocus: a row's focus holds its arrow, its label lines and the
// headers of both ends; a close row joins no columns.
func TestFocus(t *testing.T) {
	g := Layout(planner(t), Options{Compact: true})
	closes := 0
	for k, r := range g.Rows {
		body, lo, hi := g.Focus(k)
		a, b, ok := g.Columns(k)
		if r.Arrow == nil {
			if ok {
				t.Errorf("step %d: a close joins columns %d, %d", r.Index, a, b)
			}
			closes++
			continue
		}
		if !ok {
			t.Fatalf("step %d: no columns", r.Index)
		}
		pa, pb := g.Participants[a], g.Participants[b]
		if lo != pa.Top.X || hi != pb.Top.X+pb.Top.W {
			t.Errorf("step %d: headers span %d..%d, want %d..%d", r.Index, lo, hi, pa.Top.X, pb.Top.X+pb.Top.W)
		}
		if x1, x2 := min(r.Arrow.X1, r.Arrow.X2), max(r.Arrow.X1, r.Arrow.X2); body.X > x1 || body.X+body.W < x2 || body.Y > r.Y || body.Y+body.H < r.Y {
			t.Errorf("step %d: the focus %+v misses the arrow", r.Index, body)
		}
		for _, l := range r.Label {
			if l.Y > body.Y+body.H || l.Y-labelSize < body.Y {
				t.Errorf("step %d: the focus %+v misses the label %+v", r.Index, body, l)
			}
		}
	}
	if closes == 0 {
		t.Error("no close row in 19-planner")
	}
	if _, _, ok := g.Columns(-1); ok {
		t.Error("row -1 has columns")
	}
	if b, _, _ := g.Focus(len(g.Rows)); b != (Rect{}) {
		t.Error("a row past the end has a focus")
	}
}
