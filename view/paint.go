package view

import "github.com/a2aplay/a2aplay/diagram"

// The page puts into its DOM only the part of a long diagram that
// shows: the diagram's frame (its size, the participants, the streams'
// bands, the lanes), and of its rows those that meet the stage's
// visible part and a screen around it, a piece of [PaintPiece] rows at
// a time. As the learner scrolls, steps or zooms, the pieces that come
// in range are added, in the order of their rows, and those in stay:
// what is in is never drawn again. Measured (bench -steps-only, load
// 6): a step change at 1,000 steps takes 2.6 ms (median) with the rows
// of a few screens in, 5.9 ms once the learner has scrolled them all
// in, still within its 8 ms; taking far rows out again would cost code
// the viewer's size budget has little room for. Which rows are in range is read from
// the layout the page drew ([diagram.Geometry.Span]), never from the
// drawn SVG.

// PaintPiece is how many rows of a diagram go into the page together.
const PaintPiece = 16

// PaintAll is the most rows a diagram may have for the page to draw it
// whole at once: a short one is drawn as it is, every row in.
const PaintAll = 64

// Painted is which pieces of a diagram's rows the page holds: piece i
// is rows i*PaintPiece to (i+1)*PaintPiece-1 of the geometry.
type Painted struct {
	g      *diagram.Geometry
	in     []bool
	top    []int // the least top of each piece's rows' spans
	bottom []int // the greatest bottom
	left   int   // pieces not in
}

// NewPainted returns the pieces of g's rows, none of them in; a
// diagram of at most PaintAll rows comes with every piece in.
func NewPainted(g *diagram.Geometry) *Painted {
	n := (len(g.Rows) + PaintPiece - 1) / PaintPiece
	p := &Painted{g: g, in: make([]bool, n), top: make([]int, n), bottom: make([]int, n), left: n}
	for i := range n {
		p.top[i], p.bottom[i] = 1<<30, -1<<30
		for k := i * PaintPiece; k < min(len(g.Rows), (i+1)*PaintPiece); k++ {
			t, b := g.Span(k)
			p.top[i], p.bottom[i] = min(p.top[i], t), max(p.bottom[i], b)
		}
	}
	if len(g.Rows) <= PaintAll {
		for i := range p.in {
			p.in[i] = true
		}
		p.left = 0
	}
	return p
}

// Whole reports whether every row is in.
func (p *Painted) Whole() bool { return p == nil || p.left == 0 }

// Has reports whether row k (0-based, of the geometry) is in.
func (p *Painted) Has(k int) bool {
	return p == nil || k >= 0 && k/PaintPiece < len(p.in) && p.in[k/PaintPiece]
}

// Rows returns the rows piece i holds, lo to hi-1.
func (p *Painted) Rows(i int) (lo, hi int) {
	return i * PaintPiece, min(len(p.g.Rows), (i+1)*PaintPiece)
}

// Want returns the pieces not yet in whose rows meet the band of the
// diagram from top to bottom (at its own size), in the order of their
// rows.
func (p *Painted) Want(top, bottom float64) []int {
	if p.Whole() {
		return nil
	}
	var out []int
	for i, in := range p.in {
		if !in && float64(p.top[i]) < bottom && float64(p.bottom[i]) > top {
			out = append(out, i)
		}
	}
	return out
}

// PieceOf returns the piece that holds row k.
func (p *Painted) PieceOf(k int) int { return k / PaintPiece }

// Add marks piece i in and returns the row the piece's rows go in
// before: the first of the next piece in after it, or -1 when none is
// (they go at the end). It returns ok false when the piece is in
// already or there is no such piece.
func (p *Painted) Add(i int) (before int, ok bool) {
	if p == nil || i < 0 || i >= len(p.in) || p.in[i] {
		return -1, false
	}
	p.in[i] = true
	p.left--
	for j := i + 1; j < len(p.in); j++ {
		if p.in[j] {
			return j * PaintPiece, true
		}
	}
	return -1, true
}

// ViewBand is the band of a diagram, at its own size, that the page
// keeps drawn when the stage shows from scrollTop (CSS pixels, the
// stage's content scrolled out of view above) a stage height pixels
// high, at scale: what shows, and a screen above and below it.
func ViewBand(scrollTop, height, scale float64) (top, bottom float64) {
	if scale <= 0 {
		scale = 1
	}
	top, bottom = scrollTop/scale, (scrollTop+height)/scale
	h := bottom - top
	return top - h, bottom + h
}

// Drawn returns the rows of the pieces in, in order: those the page
// draws into the diagram's frame when it puts it in. It is g's Rows
// itself when every piece is in.
func (p *Painted) Drawn() []diagram.Row {
	if p.Whole() {
		return p.g.Rows
	}
	var rows []diagram.Row
	for i, in := range p.in {
		if in {
			lo, hi := p.Rows(i)
			rows = append(rows, p.g.Rows[lo:hi]...)
		}
	}
	return rows
}
