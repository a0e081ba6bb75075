package view

import (
	"fmt"
	"slices"

	"github.com/a2aplay/a2aplay/diagram"
)

// A Frame is what the page needs of a drawn diagram's layout to frame
// it and to mark its current step, and no more: the SVG's size, where
// the lifelines start and end (the pinned header rows above, the rows
// of steps down to the foot), the left edge and width of the steps'
// rows, and each drawn row's step and span. The page takes it from the
// layout it drew ([FrameOf]), or, for a window a worker drew, from the
// Part ([Part.DrawScreen] fills its Frame), never back from the SVG.
type Frame struct {
	Width, Height               int
	LifelineTop, LifelineBottom int
	RowX, RowW                  int        // the rows' left edge and width
	Rows                        []FrameRow // one per drawn step, top to bottom
}

// A FrameRow is one drawn step's row: the step's Index, the span of its
// row, Top to Bottom, and the point a spec finding's mark on it is
// centred on, MarkX and MarkY ([diagram.Row.MarkPoint]).
type FrameRow struct {
	Index, Top, Bottom int
	MarkX, MarkY       int
}

// FrameOf is the frame of a diagram laid out as g, every row of it; the
// zero Frame for a nil g.
func FrameOf(g *diagram.Geometry) Frame {
	if g == nil {
		return Frame{}
	}
	f := Frame{Width: g.Width, Height: g.Height, LifelineTop: g.LifelineTop, LifelineBottom: g.LifelineBottom}
	if len(g.Rows) > 0 {
		r := g.Hit(0)
		f.RowX, f.RowW = r.X, r.W
	}
	f.Rows = make([]FrameRow, len(g.Rows))
	for i, r := range g.Rows {
		x, y := r.MarkPoint()
		f.Rows[i] = FrameRow{Index: r.Index, Top: r.Top, Bottom: r.Bottom, MarkX: x, MarkY: y}
	}
	return f
}

// Row returns the row that draws step k, and whether one does.
func (f *Frame) Row(k int) (FrameRow, bool) {
	i, ok := slices.BinarySearchFunc(f.Rows, k, func(r FrameRow, k int) int { return r.Index - k })
	if !ok {
		return FrameRow{}, false
	}
	return f.Rows[i], true
}

// Check says what is wrong with a frame that came from elsewhere (a
// worker's message), or nil: a size that is not positive when it has
// rows, lifelines outside it, rows out of order or upside down, a mark
// outside it.
func (f *Frame) Check() error {
	if f.Width < 0 || f.Height < 0 || f.LifelineTop < 0 || f.LifelineTop > f.LifelineBottom || f.LifelineBottom > f.Height {
		return fmt.Errorf("a frame %dx%d with lifelines from %d to %d", f.Width, f.Height, f.LifelineTop, f.LifelineBottom)
	}
	for i, r := range f.Rows {
		if r.Top > r.Bottom || i > 0 && r.Index <= f.Rows[i-1].Index {
			return fmt.Errorf("a frame's row %d (step %d, from %d to %d) out of order", i, r.Index, r.Top, r.Bottom)
		}
		if r.MarkX < 0 || r.MarkX > f.Width || r.MarkY < 0 || r.MarkY > f.Height {
			return fmt.Errorf("a frame's row %d (step %d) has its mark at %d,%d, outside %dx%d", i, r.Index, r.MarkX, r.MarkY, f.Width, f.Height)
		}
	}
	return nil
}
