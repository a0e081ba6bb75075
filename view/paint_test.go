package view

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

func longLayout(t *testing.T, copies int) *diagram.Geometry {
	t.Helper()
	tr := longTranscript(t, copies)
	return PageLayout(tr, replay.Steps(tr), 0, 0, nil)
}

func TestPaintedShortIsWhole(t *testing.T) {
	g := longLayout(t, 1)
	if len(g.Rows) > PaintAll {
		t.Fatalf("%d rows: not a short diagram", len(g.Rows))
	}
	p := NewPainted(g)
	if !p.Whole() || p.Want(0, 1e9) != nil || len(p.Drawn()) != len(g.Rows) || !p.Has(len(g.Rows)-1) {
		t.Fatalf("a diagram of %d rows is not drawn whole", len(g.Rows))
	}
}

// Every row whose span meets a band is in a piece Want returns or one
// in; no piece Want returns is in already or misses the band; and Add
// says where each goes: before the next piece in.
func TestPaintedWant(t *testing.T) {
	g := longLayout(t, 60)
	if len(g.Rows) <= 4*PaintPiece {
		t.Fatalf("%d rows: too few", len(g.Rows))
	}
	p := NewPainted(g)
	if p.Whole() {
		t.Fatal("a long diagram is whole at the start")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		top := r.Float64() * float64(g.Height)
		bottom := top + r.Float64()*2000
		want := p.Want(top, bottom)
		for j, i := range want {
			if j > 0 && want[j-1] >= i {
				t.Fatalf("Want(%v, %v) = %v: not in order", top, bottom, want)
			}
			if p.in[i] {
				t.Fatalf("Want(%v, %v) returns piece %d, which is in", top, bottom, i)
			}
			meets := false
			for k := range g.Rows[i*PaintPiece : min(len(g.Rows), (i+1)*PaintPiece)] {
				a, b := g.Span(i*PaintPiece + k)
				meets = meets || float64(a) < bottom && float64(b) > top
			}
			if !meets {
				t.Fatalf("piece %d does not meet %v..%v", i, top, bottom)
			}
		}
		for _, i := range want {
			before, ok := p.Add(i)
			if !ok {
				t.Fatalf("Add(%d): not added", i)
			}
			next := -1
			for j := i + 1; j < len(p.in); j++ {
				if p.in[j] {
					next = j * PaintPiece
					break
				}
			}
			if before != next {
				t.Fatalf("Add(%d) goes before row %d, want %d", i, before, next)
			}
		}
		for k := range g.Rows {
			if a, b := g.Span(k); float64(a) < bottom && float64(b) > top && !p.Has(k) {
				t.Fatalf("row %d (%d..%d) meets %v..%v and is not in", k, a, b, top, bottom)
			}
		}
		if len(want) > 0 {
			if _, ok := p.Add(want[0]); ok {
				t.Fatal("a piece in was added again")
			}
		}
	}
	// The rows drawn are in order, each once.
	d := p.Drawn()
	for i := 1; i < len(d); i++ {
		if d[i].Index <= d[i-1].Index {
			t.Fatalf("drawn rows out of order at %d: %d after %d", i, d[i].Index, d[i-1].Index)
		}
	}
	for i := range p.in {
		p.Add(i)
	}
	if !p.Whole() || len(p.Drawn()) != len(g.Rows) {
		t.Fatal("every piece added, the diagram is not whole")
	}
}

// A row that starts a lane segment is drawn while the segment shows,
// however far below the row it runs.
func TestPaintedLaneSegment(t *testing.T) {
	g := &diagram.Geometry{Height: 100000}
	for i := range 10 * PaintPiece {
		g.Rows = append(g.Rows, diagram.Row{Index: i + 1, Top: 100 * i, Bottom: 100*i + 100})
	}
	g.Rows[3].Mark = &diagram.Segment{Bar: diagram.Rect{Y: 320, H: 9000}}
	p := NewPainted(g)
	if w := p.Want(5000, 5100); len(w) != 2 || w[0] != 0 || w[1] != 5000/100/PaintPiece {
		t.Fatalf("Want(5000, 5100) = %v, want [0 %d]", w, 5000/100/PaintPiece)
	}
}

func TestViewBand(t *testing.T) {
	for _, c := range []struct{ top, h, s, a, b float64 }{
		{0, 800, 1, -800, 1600},
		{1000, 800, 2, 100, 1300},
		{1000, 800, 0, 200, 2600}, // no scale yet: 1
	} {
		if a, b := ViewBand(c.top, c.h, c.s); a != c.a || b != c.b {
			t.Errorf("ViewBand(%v, %v, %v) = %v, %v; want %v, %v", c.top, c.h, c.s, a, b, c.a, c.b)
		}
	}
}

// The column of numbers drawn with some rows and added to with the
// others, as the page adds them, is the column of all rows.
func TestGutterInPieces(t *testing.T) {
	g := longLayout(t, 3)
	whole := string(AppendGutter(nil, g, g.Rows))
	if n := strings.Count(whole, `<text class="num"`); n != len(g.Rows) {
		t.Fatalf("the column draws %d numbers of %d rows", n, len(g.Rows))
	}
	for _, k := range []int{0, 1, len(g.Rows) / 2, len(g.Rows)} {
		head, ok := strings.CutSuffix(string(AppendGutter(nil, g, g.Rows[:k])), "</svg>")
		if !ok {
			t.Fatal("the column does not end with </svg>")
		}
		if got := head + string(AppendNumbers(nil, g.Rows[k:])) + "</svg>"; got != whole {
			t.Errorf("the first %d numbers and the others added: not the whole column", k)
		}
	}
}
