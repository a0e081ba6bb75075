package view

import "testing"

func TestReveal(t *testing.T) {
	view := Box{0, 100, 400, 500} // 400 wide, 400 tall
	tests := []struct {
		name   string
		target Box
		dx, dy float64
	}{
		{"in view", Box{50, 150, 300, 200}, 0, 0},
		{"below", Box{50, 700, 300, 740}, 0, 720 - 300},
		{"above", Box{50, 0, 300, 40}, 0, 20 - 300},
		{"right", Box{300, 150, 500, 200}, 500 - 390, 0},
		{"left", Box{-200, 150, -50, 200}, -200 - 10, 0},
		{"wider than the view", Box{100, 150, 900, 200}, 100 - 10, 0},
		{"taller than the view", Box{50, 600, 300, 1200}, 0, 600 - 110},
		{"both axes", Box{600, 900, 700, 920}, 700 - 390, 910 - 300},
		{"in the margin", Box{5, 150, 100, 200}, -5, 0},
	}
	for _, tt := range tests {
		dx, dy := Reveal(view, tt.target, 10)
		if dx != tt.dx || dy != tt.dy {
			t.Errorf("%s: Reveal = (%v, %v), want (%v, %v)", tt.name, dx, dy, tt.dx, tt.dy)
		}
		moved := Box{tt.target.Left - dx, tt.target.Top - dy, tt.target.Right - dx, tt.target.Bottom - dy}
		inner := Box{10, 110, 390, 490}
		if tt.target.Width() <= inner.Width() && tt.target.Height() <= inner.Height() && !moved.Inside(inner) {
			t.Errorf("%s: after scrolling the target is at %+v, outside %+v", tt.name, moved, inner)
		}
	}
}

func TestBoxUnion(t *testing.T) {
	a, b := Box{0, 0, 10, 10}, Box{5, -5, 20, 8}
	if got, want := a.Union(b), (Box{0, -5, 20, 10}); got != want {
		t.Errorf("Union = %+v, want %+v", got, want)
	}
	if got := (Box{}).Union(b); got != b {
		t.Errorf("the zero box's union = %+v, want %+v", got, b)
	}
}
