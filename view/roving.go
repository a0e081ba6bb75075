package view

// A Roving is a row of controls the keys move the focus along, as
// WAI-ARIA has tab lists and menus do: Next and Prev name the keys that
// go one on and one back ("ArrowRight" and "ArrowLeft" for tabs,
// "ArrowDown" and "ArrowUp" for a menu), Home and End go to the first
// and the last. Wrap goes round from the last to the first and back;
// without it the ends stay put.
type Roving struct {
	Next, Prev string
	Wrap       bool
}

// The page's rows: a tab list (the Live panel's scenarios, the narrow
// screen's dock), a menu (Export), and the inspector's two tabs, where
// → always means the JSON tab and ← the raw one.
var (
	TabKeys     = Roving{Next: "ArrowRight", Prev: "ArrowLeft", Wrap: true}
	MenuKeys    = Roving{Next: "ArrowDown", Prev: "ArrowUp", Wrap: true}
	EdgeTabKeys = Roving{Next: "ArrowRight", Prev: "ArrowLeft"}
)

// Move returns the control, of n, that key moves to from control at (-1
// when none of them has the focus: Next goes to the first, Prev to the
// last), or -1 when key is not one of the row's.
func (r Roving) Move(key string, at, n int) int {
	if n <= 0 {
		return -1
	}
	switch key {
	case "Home":
		return 0
	case "End":
		return n - 1
	case r.Next:
		if at >= n-1 && !r.Wrap {
			return n - 1
		}
		return (at + 1) % n
	case r.Prev:
		switch {
		case at < 0:
			return n - 1
		case at == 0 && !r.Wrap:
			return 0
		}
		return (at - 1 + n) % n
	}
	return -1
}
