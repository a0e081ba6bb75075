package view

import (
	"slices"
	"strconv"

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
	slices.Sort(out)
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
	slices.Sort(out)
	return out
}

// RowOf is the index in g.Rows of the row of step k (its Index), or -1.
func RowOf(g *diagram.Geometry, k int) int {
	if g == nil {
		return -1
	}
	i, ok := slices.BinarySearchFunc(g.Rows, k, func(r diagram.Row, k int) int { return r.Index - k })
	if !ok {
		return -1
	}
	return i
}

// StepBox is what must show of step k in g (its Index), at the
// diagram's own size: its arrow, label, badge and words, sideways the
// headers of both participants it joins, and up and down its number. ok is false when
// the step is not drawn in g.
func StepBox(g *diagram.Geometry, k int) (b Box, ok bool) {
	row := RowOf(g, k)
	if row < 0 {
		return Box{}, false
	}
	body, lo, hi := g.Focus(row)
	num := g.Rows[row].Number // in the pinned column, but on the row's height
	return Box{
		Left:   float64(min(body.X, lo)),
		Top:    float64(min(body.Y, num.Y)),
		Right:  float64(max(body.X+body.W, hi)),
		Bottom: float64(max(body.Y+body.H, num.Y+num.H)),
	}, true
}

// AppendGutter appends the column of step numbers of g's rows (all of
// g.Rows, or those the page draws), drawn apart, to b: an SVG as tall as g's and g.Gutter wide, with g's background behind
// the numbers. The page pins it to the stage's left edge, so that the
// number of any step in view shows while the diagram scrolls sideways.
// It is decoration beside the diagram, which says it all: hidden from
// assistive technology, holding no ids and no text but numbers.
func AppendGutter(b []byte, g *diagram.Geometry, rows []diagram.Row) []byte {
	w := strconv.Itoa(g.Gutter)
	h := strconv.Itoa(g.Height)
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" class="a2s" aria-hidden="true" focusable="false" viewBox="0 0 `...)
	b = append(b, w+" "+h+`" width="`+w+`" height="`+h+`"><rect class="bg" width="`+w+`" height="`+h+`"/>`...)
	b = AppendNumbers(b, rows)
	return append(b, "</svg>"...)
}

// AppendNumbers appends the numbers of rows as the column [AppendGutter]
// draws them: the page adds them to the column as the rows come in.
func AppendNumbers(b []byte, rows []diagram.Row) []byte {
	for i := range rows {
		r := &rows[i].Number
		b = append(b, `<rect class="num" x="`...)
		b = strconv.AppendInt(b, int64(r.X), 10)
		b = append(b, `" y="`...)
		b = strconv.AppendInt(b, int64(r.Y), 10)
		b = append(b, `" width="`...)
		b = strconv.AppendInt(b, int64(r.W), 10)
		b = append(b, `" height="`...)
		b = strconv.AppendInt(b, int64(r.H), 10)
		b = append(b, `" rx="10"/><text class="num" x="`...)
		b = strconv.AppendInt(b, int64(r.X+r.W/2), 10)
		b = append(b, `" y="`...)
		b = strconv.AppendInt(b, int64(r.Y+14), 10)
		b = append(b, `" text-anchor="middle">`...)
		b = strconv.AppendInt(b, int64(rows[i].Index), 10)
		b = append(b, "</text>"...)
	}
	return b
}
