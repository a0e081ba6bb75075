//go:build js && wasm

package viewer

// The first screen: the dialog #welcome of index.html, which says what
// the page is and offers three ways in. A first visit that names nothing
// in its URL opens it (view.ShowWelcome); the header's "Start here"
// opens it again. It is a modal <dialog>: the browser moves the focus
// into it and back to where it was, and Escape closes it. A way in is a
// link to what it names (#t=…, #live=…), which the page follows as any
// link; a click on one, on the close button or beside the box closes
// it, and closing it, however, is remembered in localStorage.

import (
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// wireWelcome wires the first screen and opens it on a first visit.
func (p *page) wireWelcome() {
	d := dom.ByID("welcome")
	if d.IsNull() || d.Get("showModal").Type() != js.TypeFunction {
		return
	}
	open := dom.ByID("welcome-open")
	if !open.IsNull() {
		dom.On(open, "click", func(js.Value) {
			if !d.Get("open").Bool() {
				d.Call("showModal")
			}
		})
		open.Set("disabled", false)
	}
	dom.On(d, "click", func(ev js.Value) {
		t := ev.Get("target")
		// The dialog itself is hit only beside its box (it has no
		// padding): the backdrop.
		if t.Equal(d) || !t.Call("closest", "a[href], #welcome-close").IsNull() {
			d.Call("close")
		}
	})
	dom.On(d, "close", func(js.Value) { rememberWelcome() })
	stored := ""
	if s := storage(); s.Truthy() {
		if v := s.Call("getItem", view.WelcomeKey); v.Type() == js.TypeString {
			stored = v.String()
		}
	}
	if view.ShowWelcome(linkText(), stored) {
		d.Call("showModal")
	}
}

// rememberWelcome keeps in localStorage that the learner has seen the
// first screen; a browser that keeps nothing shows it on the next visit.
func rememberWelcome() {
	if s := storage(); s.Truthy() {
		defer func() { recover() }() // full, or refused
		s.Call("setItem", view.WelcomeKey, view.WelcomeSeen)
	}
}
