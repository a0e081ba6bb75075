package view

import (
	"slices"
	"sort"

	"github.com/a2aplay/a2aplay/diagram"
)

// Folding: the page shows any one step whole (its arrow, its label, the
// headers of both participants it joins and its number) by the layout,
// not by shrinking the diagram. The compact layout makes most steps
// narrow enough for a phone; a step whose arrow crosses other columns
// may still be wider than the screen, and then the columns it crosses,
// where nothing of that step happens, are drawn folded: thin, their
// name cut short. They stay folded while the steps that follow do not
// involve them, so that stepping on does not redraw at every step, and
// unfold as soon as a step's arrow ends at one of them.

// FoldsFor returns the participants to draw folded at step k (its
// Index), given base, the layout of the drawn steps with nothing folded,
// the participants folded now (cur), and the width the diagram may take
// at its own size (the stage less the pinned step numbers). open names
// the participants the learner unfolded by hand, which stay unfolded.
// The result is sorted; nil when nothing need fold.
func FoldsFor(base *diagram.Geometry, k int, cur, open []string, avail int) []string {
	row := RowOf(base, k)
	if row < 0 {
		return keep(cur, open)
	}
	a, b, ok := base.Columns(row)
	if !ok {
		return keep(cur, open) // a stream's close joins no columns
	}
	ends := []string{base.Participants[a].Name, base.Participants[b].Name}
	body, lo, hi := base.Focus(row)
	if max(body.X+body.W, hi)-min(body.X, lo) <= avail {
		// It fits unfolded: what is folded stays so, unless the step
		// involves it.
		var out []string
		for _, n := range keep(cur, open) {
			if !slices.Contains(ends, n) {
				out = append(out, n)
			}
		}
		return out
	}
	var out []string
	for c := a + 1; c < b; c++ {
		if n := base.Participants[c].Name; !slices.Contains(open, n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// keep is cur less open, sorted.
func keep(cur, open []string) []string {
	var out []string
	for _, n := range cur {
		if !slices.Contains(open, n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// RowOf is the index in g.Rows of the row of step k (its Index), or -1.
func RowOf(g *diagram.Geometry, k int) int {
	if g == nil {
		return -1
	}
	i := sort.Search(len(g.Rows), func(i int) bool { return g.Rows[i].Index >= k })
	if i < len(g.Rows) && g.Rows[i].Index == k {
		return i
	}
	return -1
}

// StepBox is what must show of step k in g (its Index), at the
// diagram's own size: its arrow, label, badge and words, and
// sideways the headers of both participants it joins. ok is false when
// the step is not drawn in g.
func StepBox(g *diagram.Geometry, k int) (b Box, ok bool) {
	row := RowOf(g, k)
	if row < 0 {
		return Box{}, false
	}
	body, lo, hi := g.Focus(row)
	return Box{
		Left:   float64(min(body.X, lo)),
		Top:    float64(body.Y),
		Right:  float64(max(body.X+body.W, hi)),
		Bottom: float64(body.Y + body.H),
	}, true
}
