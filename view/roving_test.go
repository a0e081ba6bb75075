package view

import "testing"

func TestRovingMove(t *testing.T) {
	for _, c := range []struct {
		name       string
		r          Roving
		key        string
		at, n, out int
	}{
		{"tab on", TabKeys, "ArrowRight", 1, 3, 2},
		{"tab on from the last wraps", TabKeys, "ArrowRight", 2, 3, 0},
		{"tab back from the first wraps", TabKeys, "ArrowLeft", 0, 3, 2},
		{"tab back", TabKeys, "ArrowLeft", 2, 3, 1},
		{"home", TabKeys, "Home", 2, 3, 0},
		{"end", TabKeys, "End", 0, 3, 2},
		{"down is not a tab list's", TabKeys, "ArrowDown", 0, 3, -1},
		{"a letter is no move", TabKeys, "x", 0, 3, -1},
		{"two tabs toggle", TabKeys, "ArrowLeft", 0, 2, 1},
		{"menu down from nowhere", MenuKeys, "ArrowDown", -1, 4, 0},
		{"menu up from nowhere", MenuKeys, "ArrowUp", -1, 4, 3},
		{"menu down from the last wraps", MenuKeys, "ArrowDown", 3, 4, 0},
		{"menu up", MenuKeys, "ArrowUp", 2, 4, 1},
		{"right is not a menu's", MenuKeys, "ArrowRight", 2, 4, -1},
		{"edge tabs: right stays on the last", EdgeTabKeys, "ArrowRight", 1, 2, 1},
		{"edge tabs: right", EdgeTabKeys, "ArrowRight", 0, 2, 1},
		{"edge tabs: left stays on the first", EdgeTabKeys, "ArrowLeft", 0, 2, 0},
		{"edge tabs: left", EdgeTabKeys, "ArrowLeft", 1, 2, 0},
		{"an empty row", MenuKeys, "ArrowDown", -1, 0, -1},
		{"home of an empty row", TabKeys, "Home", -1, 0, -1},
	} {
		if got := c.r.Move(c.key, c.at, c.n); got != c.out {
			t.Errorf("%s: Move(%q, %d, %d) = %d, want %d", c.name, c.key, c.at, c.n, got, c.out)
		}
	}
}
