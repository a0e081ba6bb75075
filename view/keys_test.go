package view

import "testing"

func TestMoveOfKey(t *testing.T) {
	for _, c := range []struct {
		name string
		k    Key
		want KeyMove
	}{
		{"arrow on the page", Key{Key: "ArrowRight", Tag: "BODY"}, KeyNext},
		{"arrow back on the diagram", Key{Key: "ArrowLeft", Tag: "DIV"}, KeyPrev},
		{"home", Key{Key: "Home", Tag: "BODY"}, KeyFirst},
		{"end", Key{Key: "End", Tag: "BODY"}, KeyLast},
		{"zoom in", Key{Key: "+", Tag: "BODY"}, KeyZoomIn},
		{"zoom in, unshifted", Key{Key: "=", Tag: "BODY"}, KeyZoomIn},
		{"zoom out", Key{Key: "-", Tag: "BODY"}, KeyZoomOut},
		{"zoom reset", Key{Key: "0", Tag: "BODY"}, KeyZoomReset},
		{"space plays", Key{Key: " ", Tag: "BODY"}, KeyPlay},
		{"other key", Key{Key: "x", Tag: "BODY"}, KeyNone},
		{"next finding", Key{Key: "n", Tag: "BODY"}, KeyNextFinding},
		{"previous finding, on a button", Key{Key: "p", Tag: "BUTTON", ByKeyboard: true}, KeyPrevFinding},
		{"n in a text field", Key{Key: "n", Tag: "INPUT", Type: "text"}, KeyNone},
		{"p on the picker chooses", Key{Key: "p", Tag: "SELECT"}, KeyNone},
		{"ctrl+p prints", Key{Key: "p", Ctrl: true, Tag: "BODY"}, KeyNone},

		// The transcript picker is a select: ← → are the diagram's.
		{"right on the picker", Key{Key: "ArrowRight", Tag: "SELECT", ByKeyboard: true}, KeyNext},
		{"left on the picker", Key{Key: "ArrowLeft", Tag: "SELECT"}, KeyPrev},
		{"down on the picker chooses", Key{Key: "ArrowDown", Tag: "SELECT"}, KeyNone},
		{"home on the picker chooses", Key{Key: "Home", Tag: "SELECT"}, KeyNone},
		{"space on the picker opens it", Key{Key: " ", Tag: "SELECT"}, KeyNone},

		// Space after a click plays; after a Tab it presses.
		{"space on a clicked button", Key{Key: " ", Tag: "BUTTON"}, KeyPlay},
		{"space on a tabbed-to button", Key{Key: " ", Tag: "BUTTON", ByKeyboard: true}, KeyNone},
		{"space on a tabbed-to summary", Key{Key: " ", Tag: "SUMMARY", ByKeyboard: true}, KeyNone},
		{"space on a clicked checkbox", Key{Key: " ", Tag: "INPUT", Type: "checkbox"}, KeyPlay},
		{"space on a tabbed-to checkbox", Key{Key: " ", Tag: "INPUT", Type: "checkbox", ByKeyboard: true}, KeyNone},
		{"space on a tabbed-to file input", Key{Key: " ", Tag: "INPUT", Type: "file", ByKeyboard: true}, KeyNone},
		{"arrow on a button", Key{Key: "ArrowRight", Tag: "BUTTON", ByKeyboard: true}, KeyNext},
		{"arrow on a checkbox", Key{Key: "ArrowRight", Tag: "INPUT", Type: "checkbox"}, KeyNext},

		// Text fields keep every key.
		{"arrow in a text field", Key{Key: "ArrowRight", Tag: "INPUT", Type: "text"}, KeyNone},
		{"space in a text field", Key{Key: " ", Tag: "INPUT", Type: "text"}, KeyNone},
		{"arrow in an input of no type", Key{Key: "ArrowLeft", Tag: "INPUT"}, KeyNone},
		{"arrow in a number field", Key{Key: "ArrowRight", Tag: "INPUT", Type: "number"}, KeyNone},
		{"arrow on a range", Key{Key: "ArrowRight", Tag: "INPUT", Type: "range"}, KeyNone},
		{"zero in a textarea", Key{Key: "0", Tag: "TEXTAREA"}, KeyNone},
		{"editable text", Key{Key: "ArrowRight", Tag: "DIV", ContentEditable: true}, KeyNone},

		// Widgets with keys of their own, and modified keys.
		{"arrow in a tab list", Key{Key: "ArrowRight", Tag: "BUTTON", InWidget: true}, KeyNone},
		{"ctrl+arrow", Key{Key: "ArrowRight", Tag: "BODY", Ctrl: true}, KeyNone},
		{"alt+left is Back", Key{Key: "ArrowLeft", Tag: "BODY", Alt: true}, KeyNone},
		{"cmd+0", Key{Key: "0", Tag: "BODY", Meta: true}, KeyNone},
	} {
		if got := MoveOfKey(c.k); got != c.want {
			t.Errorf("%s: MoveOfKey(%+v) = %d, want %d", c.name, c.k, got, c.want)
		}
	}
}
