package view

import (
	"slices"

	"github.com/a2aplay/a2aplay/diagram"
)

// A Live session grows at its end: each event adds an exchange's steps.
// When the layout of the grown session keeps every row it had, and its
// size, the page need not draw it all again: it draws the frame anew
// (the streams' bands, the lifelines and lanes down to the last row, the
// bottom headers, all of which may change) around the rows it holds,
// and puts in only the new rows ([Grows], [Painted.Grow]). A row is drawn from its own fields and the
// diagram's width and id prefix (diagram's svgWriter.row), so a kept
// row's SVG is the one a full redraw would write.

// LiveRoom is the step, in pixels at the diagram's own size, that a
// Live session's diagram grows its height by ([Room]): the page grows it
// within the room left below its last row, and draws it whole again,
// with new room, when a new row does not fit. Changing an SVG's size
// lays out every element in it again (Chromium 156: 85 ms with the
// 1,420 rows of a Live session of 700 exchanges in), where adding rows
// to one of a fixed size lays out only them (1.5 ms).
const LiveRoom = 1024

// Room makes g, the layout of a Live session, as tall as the next
// multiple of LiveRoom: the room below its last row is blank.
func Room(g *diagram.Geometry) {
	g.Height = (g.Height + LiveRoom - 1) / LiveRoom * LiveRoom
}

// Grows reports whether g, a layout of the same session with more
// steps, keeps every row of old as old drew it: the same size (both
// given [Room]), id prefix, step-number column and headers, at least as
// many rows, and
// old's rows first, unchanged but for the task-state segments that
// stretch down to the new rows: stretched are the rows whose segment
// (Row.Mark, drawn in the row's group) is taller in g, which the page
// makes taller where it holds them (its bar's height is all that
// differs). A wider label, a column folded or unfolded, a step whose
// state or words changed, a segment that moved or ended: any of these
// is no growth, and the page draws it all again.
func Grows(old, g *diagram.Geometry) (stretched []int, ok bool) {
	if old == nil || g == nil || g.Width != old.Width || g.Height != old.Height || g.IDPrefix != old.IDPrefix || g.Gutter != old.Gutter ||
		g.LifelineTop != old.LifelineTop || len(g.Rows) < len(old.Rows) {
		return nil, false
	}
	for i := range old.Rows {
		a, b := &old.Rows[i], &g.Rows[i]
		if a.Mark != nil && b.Mark != nil && a.Mark.Bar.H != b.Mark.Bar.H && !a.Mark.Terminal {
			m, r := *a.Mark, *a
			m.Bar.H, r.Mark = b.Mark.Bar.H, &m
			a = &r
			stretched = append(stretched, i)
		}
		if !sameRow(a, b) {
			return nil, false
		}
	}
	return stretched, true
}

// sameRow reports whether a and b are equal, every field of them: what
// reflect.DeepEqual says, five times as fast (at 1,420 rows it took 6.5
// ms of a Live event under WebAssembly). TestSameRow changes each field
// in turn, those added later too.
func sameRow(a, b *diagram.Row) bool {
	return a.Step == b.Step && a.Index == b.Index && a.Kind == b.Kind && a.State == b.State && a.Changed == b.Changed &&
		a.OutOfBand == b.OutOfBand && a.Error == b.Error && a.TaskID == b.TaskID && a.Exchange == b.Exchange &&
		a.Frame == b.Frame && a.Group == b.Group && a.Aria == b.Aria && a.Top == b.Top && a.Bottom == b.Bottom &&
		a.Y == b.Y && a.Number == b.Number && a.Time == b.Time && same(a.Arrow, b.Arrow) &&
		slices.Equal(a.Label, b.Label) && slices.Equal(a.Detail, b.Detail) && same(a.Badge, b.Badge) &&
		same(a.Tag, b.Tag) && same(a.Close, b.Close) &&
		(a.Mark == nil) == (b.Mark == nil) && (a.Mark == nil || sameSegment(a.Mark, b.Mark))
}

func sameSegment(a, b *diagram.Segment) bool {
	x, y := *a, *b
	x.ID, y.ID = nil, nil
	return x == y && same(a.ID, b.ID)
}

// same reports whether a and b are both nil or point to equal values.
func same[T comparable](a, b *T) bool {
	return a == b || a != nil && b != nil && *a == *b
}

// Grow returns the pieces of g, a layout that grows p's ([Grows]): the
// pieces p holds are in, and so is every piece from the one of p's
// first new row on, the session's end, which a learner following it
// sees. The page puts rows from to the last into its steps group, after
// the rows it holds: from is the first new row, or the first row of
// its piece when that piece was not in.
// p is not nil: it is what [NewPainted] or Grow returned.
func (p *Painted) Grow(g *diagram.Geometry) (next *Painted, from int) {
	old := len(p.g.Rows)
	next = NewPainted(g)
	if next.Whole() {
		return next, old
	}
	from = old
	if !p.Has(old - old%PaintPiece) {
		from = old - old%PaintPiece
	}
	for i := range next.in {
		if i >= from/PaintPiece || p.Has(i*PaintPiece) {
			next.Add(i)
		}
	}
	return next, from
}
