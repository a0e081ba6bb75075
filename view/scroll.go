package view

// A Box is a rectangle in the page's CSS pixels: Left < Right, Top <
// Bottom, as getBoundingClientRect measures it.
type Box struct {
	Left, Top, Right, Bottom float64
}

// Width is the box's width.
func (b Box) Width() float64 { return b.Right - b.Left }

// Height is the box's height.
func (b Box) Height() float64 { return b.Bottom - b.Top }

// Union is the smallest box holding both b and o. The zero Box holds
// nothing: the union with it is the other box.
func (b Box) Union(o Box) Box {
	if b == (Box{}) {
		return o
	}
	if o == (Box{}) {
		return b
	}
	return Box{min(b.Left, o.Left), min(b.Top, o.Top), max(b.Right, o.Right), max(b.Bottom, o.Bottom)}
}

// Inside reports whether b lies within o, edges included.
func (b Box) Inside(o Box) bool {
	return b.Left >= o.Left && b.Right <= o.Right && b.Top >= o.Top && b.Bottom <= o.Bottom
}

// Reveal says how far to scroll a view (dx right, dy down) so that
// target shows inside it, margin pixels clear of its edges. A target
// already in view stays where it is. Sideways it moves only as far as
// needed; one that is wider than the view shows from its left end, where
// an arrow starts or its label begins. Up and down a target out of view
// is centred, so that the steps after it show too; one taller than the
// view shows from its top.
func Reveal(view, target Box, margin float64) (dx, dy float64) {
	inner := Box{view.Left + margin, view.Top + margin, view.Right - margin, view.Bottom - margin}
	switch {
	case target.Width() > inner.Width() || target.Left < inner.Left:
		dx = target.Left - inner.Left
	case target.Right > inner.Right:
		dx = target.Right - inner.Right
	}
	switch {
	case target.Top >= inner.Top && target.Bottom <= inner.Bottom:
	case target.Height() > inner.Height():
		dy = target.Top - inner.Top
	default:
		dy = (target.Top+target.Bottom)/2 - (inner.Top+inner.Bottom)/2
	}
	return dx, dy
}
