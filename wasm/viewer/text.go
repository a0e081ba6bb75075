//go:build js && wasm

package viewer

import (
	"syscall/js"

	"github.com/a2aplay/a2aplay/wasm/dom"
)

// A textBox is an element whose whole text a step change rewrites: the
// position, the inspector's heading, label and raw text, a fact's value.
// It keeps the element's one text node and sets the node's data, which
// the browser lays out again where it is; textContent would put a new
// node in its place, which the browser styles and attaches anew (a step
// change wrote a dozen). The same text again costs no call at all.
//
// Everything that writes the element's text must go through set: the
// node kept is the one set put there.
type textBox struct {
	el    js.Value
	node  js.Value // el's text node; undefined while el is empty or not yet written
	s     string   // the text set last
	shown bool     // s is what el shows
}

func newTextBox(el js.Value) textBox { return textBox{el: el, node: js.Undefined()} }

// set makes the element show s.
func (t *textBox) set(s string) {
	if t.shown && s == t.s {
		return
	}
	t.s, t.shown = s, true
	if s != "" && !t.node.IsUndefined() {
		t.node.Set("data", s)
		return
	}
	dom.SetText(t.el, s)
	t.node = js.Undefined()
	if s != "" {
		t.node = t.el.Get("firstChild")
	}
}
