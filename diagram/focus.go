package diagram

// What a page must show of a step, from the layout: the page scrolls and
// folds by these boxes rather than by measuring the drawn SVG.

// Focus is the box of row k's own marks (its arrow and head, its label,
// badge and words, or a close's words), and the horizontal span of the
// headers of the participants its arrow joins, at the diagram's own
// size. A close row joins no header: lo and hi are then the body's.
func (g *Geometry) Focus(k int) (body Rect, lo, hi int) {
	if k < 0 || k >= len(g.Rows) {
		return Rect{}, 0, 0
	}
	r := &g.Rows[k]
	x0, y0, x1, y1 := 1<<30, 1<<30, -1<<30, -1<<30
	add := func(a, b, c, d int) {
		x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, d)
	}
	text := func(l Line, f font, size int) {
		w := f.width(l.Text, size)
		x := l.X
		switch l.Anchor {
		case "middle":
			x -= w / 2
		case "end":
			x -= w
		}
		add(x, l.Y-size, x+w, l.Y+size/3)
	}
	lo, hi = 1<<30, -1<<30
	if a := r.Arrow; a != nil {
		if a.Self {
			add(a.X1, r.Y-6, a.X1+selfW, r.Y+20)
		} else {
			add(min(a.X1, a.X2), r.Y-6, max(a.X1, a.X2), r.Y+6)
		}
		for _, x := range []int{a.X1, a.X2} {
			for i := range g.Participants {
				if p := &g.Participants[i]; p.X == x {
					lo, hi = min(lo, p.Top.X), max(hi, p.Top.X+p.Top.W)
				}
			}
		}
	}
	f := labelFont(r.Kind)
	for _, l := range r.Label {
		text(l, f, labelSize)
	}
	for _, l := range r.Detail {
		text(l, sans, detailSize)
	}
	if b := r.Badge; b != nil {
		add(b.X, b.Y, b.X+b.W, b.Y+b.H)
	}
	if c := r.Close; c != nil {
		text(c.Text, sansBold, smallSize)
		add(c.Text.X, c.Y-4, c.Text.X, c.Y+4)
	}
	if x1 < x0 { // nothing drawn: the row
		add(r.Number.X, r.Top, r.Number.X+r.Number.W, r.Bottom)
	}
	body = Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	if hi < lo {
		lo, hi = x0, x1
	}
	return body, lo, hi
}

// Columns returns the columns that row k's arrow joins, left first, as
// indices into g.Participants; ok is false for a row without an arrow.
func (g *Geometry) Columns(k int) (a, b int, ok bool) {
	if k < 0 || k >= len(g.Rows) || g.Rows[k].Arrow == nil {
		return 0, 0, false
	}
	ar := g.Rows[k].Arrow
	a, b = -1, -1
	for i := range g.Participants {
		switch g.Participants[i].X {
		case ar.X1:
			a = i
		case ar.X2:
			b = i
		}
	}
	if ar.Self {
		b = a
	}
	if a < 0 || b < 0 {
		return 0, 0, false
	}
	return min(a, b), max(a, b), true
}

// Span is how far row k's drawing reaches down the diagram, at its own
// size: from its top to its bottom, or on to the foot of the lane
// segment it starts (its Mark), which runs down beside the rows after
// it. A page that draws only the rows near its viewport draws a row
// whose span meets it.
func (g *Geometry) Span(k int) (top, bottom int) {
	if k < 0 || k >= len(g.Rows) {
		return 0, 0
	}
	r := &g.Rows[k]
	top, bottom = r.Top, r.Bottom
	if m := r.Mark; m != nil {
		top, bottom = min(top, m.Bar.Y), max(bottom, m.Bar.Y+m.Bar.H+5) // the end's circle, r=5
	}
	return top, bottom
}

// Hit is row k's box across the diagram, the one a pointer picks the
// step by (the "hit" rect its group starts with), at its own size.
func (g *Geometry) Hit(k int) Rect {
	if k < 0 || k >= len(g.Rows) {
		return Rect{}
	}
	return g.hit(&g.Rows[k])
}

func (g *Geometry) hit(r *Row) Rect {
	return Rect{X: margin / 2, Y: r.Top, W: g.Width - margin, H: r.Bottom - r.Top}
}
