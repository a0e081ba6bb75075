package view

// A Key is what the page's keyboard handler needs to know of a key
// press: the key (KeyboardEvent.key) and the element that has the focus.
type Key struct {
	Key             string
	Ctrl, Meta, Alt bool
	Tag             string // the focused element's tagName, upper case: "BUTTON", "SELECT", "BODY"
	Type            string // an INPUT's type, lower case ("text", "checkbox"); "" for other elements
	ByKeyboard      bool   // the keyboard moved the focus there (Tab), not a click
	InWidget        bool   // the focus is in a widget with keys of its own: a tab list, a menu, a Live form
	ContentEditable bool   // the focus is in editable text
}

// A KeyMove is what a key press does to the replay.
type KeyMove int

const (
	KeyNone  KeyMove = iota // the key is not the replay's: leave it to the browser and the focused element
	KeyNext                 // step forward
	KeyPrev                 // step back
	KeyFirst                // the first step
	KeyLast                 // the last step
	KeyZoomIn
	KeyZoomOut
	KeyZoomReset
	KeyPlay        // play or pause
	KeyNextFinding // the next step with a spec finding (n)
	KeyPrevFinding // the previous one (p)
)

// textInput reports whether an INPUT of type typ takes typed text or
// arrows of its own: then every key stays with it.
func textInput(typ string) bool {
	switch typ {
	case "checkbox", "radio", "button", "submit", "reset", "file", "image", "hidden":
		return false
	}
	return true
}

// MoveOfKey says what a key press does to the replay. The keys step the
// diagram wherever the focus is, except where the focused element needs
// them itself:
//
//   - a text field (an INPUT that takes text, a range, a TEXTAREA,
//     editable text) keeps every key;
//   - a tab list, a menu and the Live panel's forms keep every key: they
//     move among their items with the arrows;
//   - a select keeps ↑ and ↓ (they change its value) but not ← and →,
//     which step the diagram: in Chromium ← and → change a closed
//     select's value too, so a learner who picked a transcript and then
//     pressed → would have switched transcripts;
//   - Space presses a button, a summary, a checkbox or a radio button
//     only when the keyboard put the focus there: after a click it plays
//     or pauses the replay rather than pressing the clicked control
//     again. (:focus-visible cannot tell: a key press makes the focused
//     element match it.)
//
// n and p go to the next and previous step with a spec finding, where
// ← and → would step. A key with Ctrl, Meta or Alt is never the
// replay's.
func MoveOfKey(k Key) KeyMove {
	if k.Ctrl || k.Meta || k.Alt || k.ContentEditable || k.InWidget {
		return KeyNone
	}
	switch k.Tag {
	case "TEXTAREA":
		return KeyNone
	case "INPUT":
		if textInput(k.Type) {
			return KeyNone
		}
	}
	switch k.Key {
	case "ArrowRight":
		return KeyNext
	case "ArrowLeft":
		return KeyPrev
	}
	if k.Tag == "SELECT" {
		return KeyNone // ↑ ↓ Home End and letters choose among its options
	}
	switch k.Key {
	case "Home":
		return KeyFirst
	case "End":
		return KeyLast
	case "+", "=":
		return KeyZoomIn
	case "-":
		return KeyZoomOut
	case "0":
		return KeyZoomReset
	case "n", "N":
		return KeyNextFinding
	case "p", "P":
		return KeyPrevFinding
	case " ":
		if k.ByKeyboard && pressable(k) {
			return KeyNone // the keyboard's user presses the focused control
		}
		return KeyPlay
	}
	return KeyNone
}

// pressable reports whether Space presses the focused element.
func pressable(k Key) bool {
	switch k.Tag {
	case "BUTTON", "SUMMARY":
		return true
	case "INPUT":
		return k.Type == "checkbox" || k.Type == "radio" || k.Type == "button" || k.Type == "submit" || k.Type == "reset" || k.Type == "file"
	}
	return false
}
