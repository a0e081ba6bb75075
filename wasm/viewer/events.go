//go:build js && wasm

package viewer

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// listener is how the page listens to an event: fn runs with the page's
// mu held (see do).
type listener = func(target js.Value, event string, fn func(ev js.Value))

// wire connects the page's controls, part by part. Every handler takes
// p.mu and returns at once; work that waits runs in dom.Go.
func (p *page) wire() {
	on := p.listen
	p.wireStepper(on)
	p.wireInspector(on)
	p.wireFiles(on)
	p.wireExports(on)
	p.wireMenu(on)
	p.wireDocument(on)
	p.wireZoom(on)    // zoom.go
	p.wirePredict(on) // predict.go
	p.wireSaysLinks() // approvelink.go: an approve link in Says acts in the page
	p.wireHistory(on)
}

// wireStepper connects the stepper's controls, the picker and the
// diagram.
func (p *page) wireStepper(on listener) {
	e := &p.el
	on(e.first, "click", func(js.Value) { p.first() })
	on(e.prev, "click", func(js.Value) { p.goTo(p.nav.Cur-1, step) })
	on(e.next, "click", func(js.Value) { p.goTo(p.nav.Cur+1, step) })
	on(e.last, "click", func(js.Value) { p.goTo(p.nav.N, step) })
	on(e.play, "click", func(js.Value) { p.togglePlay() })
	on(e.speed, "change", func(js.Value) { p.setSpeed(e.speed.Get("value").String()) })
	on(e.scrub, "input", func(js.Value) { p.goTo(e.scrub.Get("valueAsNumber").Int(), step) })
	on(e.scrub, "change", func(js.Value) { p.stop() })
	on(e.picker, "change", func(js.Value) {
		name := e.picker.Get("value").String()
		if name == "" {
			return // the option of an opened file
		}
		p.openLinkPush(view.Link{Transcript: name})
	})
	on(e.diagram, "click", func(ev js.Value) {
		// A folded participant's header (in the pinned rows or the
		// diagram) unfolds it.
		if t := ev.Get("target"); !t.Get("closest").IsUndefined() {
			if h := t.Call("closest", ".party.folded"); !h.IsNull() {
				p.unfold(dom.Attr(h, "data-name"))
				return
			}
		}
		switch k := p.stepOf(ev.Get("target")); {
		case k > 0 && k == p.nav.Cur: // shown whole again, wherever it was scrolled to
			p.reveal(p.mark(k))
		case k > 0:
			p.goTo(k, step)
		}
	})
}

// wireInspector connects the banner's close button and the inspector's
// tabs and copy buttons.
func (p *page) wireInspector(on listener) {
	e := &p.el
	on(e.bannerClose, "click", func(js.Value) { p.clearError() })
	on(e.tabRaw, "click", func(js.Value) { p.tab = "raw"; p.showTab() })
	on(e.tabJSON, "click", func(js.Value) { p.tab = "json"; p.showTab() })
	on(e.tabs, "keydown", func(ev js.Value) { p.tabKey(ev) })
	on(e.copy, "click", func(js.Value) { p.copyTab() })
	on(e.copyCurl, "click", func(js.Value) { p.copy(e.copyCurl, p.curlText) })
}

// wireFiles connects the open button, the file input and dropping a
// file anywhere on the page.
func (p *page) wireFiles(on listener) {
	e := &p.el
	// Files: the button opens the hidden input; a drop anywhere works too.
	on(e.open, "click", func(js.Value) {
		p.warmOpener() // opener.go: it compiles while the learner picks
		e.file.Call("click")
	})
	on(e.file, "change", func(js.Value) {
		files := e.file.Get("files")
		if files.Length() > 0 {
			p.openFile(files.Index(0))
		}
		e.file.Set("value", "") // the same file can be opened again
	})
	doc := dom.Document()
	dragging := 0
	on(doc, "dragenter", func(ev js.Value) {
		if hasFiles(ev) {
			ev.Call("preventDefault")
			p.warmOpener()
			dragging++
			dom.SetHidden(e.drop, false)
		}
	})
	on(doc, "dragover", func(ev js.Value) {
		if hasFiles(ev) {
			ev.Call("preventDefault")
			ev.Get("dataTransfer").Set("dropEffect", "copy")
		}
	})
	on(doc, "dragleave", func(ev js.Value) {
		if hasFiles(ev) {
			if dragging--; dragging <= 0 {
				dragging = 0
				dom.SetHidden(e.drop, true)
			}
		}
	})
	on(doc, "drop", func(ev js.Value) {
		dragging = 0
		dom.SetHidden(e.drop, true)
		files := ev.Get("dataTransfer").Get("files")
		if files.Length() == 0 {
			return
		}
		ev.Call("preventDefault")
		p.openFile(files.Index(0))
	})
}

// wireExports connects the export menu's items.
func (p *page) wireExports(on listener) {
	e := &p.el
	// Exports close the menu they are in.
	for kind, b := range map[string]js.Value{"svg": e.exSVG, "mermaid": e.exMermaid, "http": e.exHTTP, "har": e.exHAR} {
		on(b, "click", func(js.Value) {
			p.closeMenu(true)
			p.export(kind)
		})
	}
}

// wireDocument listens to the document's keys, pointer and clicks.
func (p *page) wireDocument(on listener) {
	e := &p.el
	doc := dom.Document()
	on(doc, "keydown", func(ev js.Value) { p.key(ev) })
	// How the focus came where it is, for Space (view.MoveOfKey): a press
	// of the pointer, or the keyboard's Tab.
	on(doc, "pointerdown", func(js.Value) { p.focusByPointer = true })
	// The export menu closes on a click elsewhere, as menus do.
	on(doc, "click", func(ev js.Value) {
		if e.export.Get("open").Bool() && !e.export.Call("contains", ev.Get("target")).Bool() {
			p.closeMenu(false)
		}
	})
}

// wireHistory writes a waiting link before the page goes, and follows
// the browser's Back and Forward.
func (p *page) wireHistory(on listener) {
	// A step's link still waiting is written before the page goes.
	on(dom.Global(), "pagehide", func(js.Value) { p.flushLink() })
	on(dom.Global(), "popstate", func(js.Value) {
		// A step's link still waiting must not rewrite the entry moved to.
		p.dropLink()
		if p.liveRoute() { // live.go
			return
		}
		p.stop()
		p.openLink(view.ParseLink(linkText()))
	})
}

// openLinkPush opens a link as a move of the learner's.
func (p *page) openLinkPush(l view.Link) {
	if d := p.docs[key(l.Transcript, false)]; d != nil {
		p.show(d, l.Step, push)
		return
	}
	if s := p.data.Shipped(l.Transcript); s != nil {
		p.load(s, l.Step, push)
	}
}

func (p *page) first() { p.goTo(min(1, p.nav.N), step) }

func hasFiles(ev js.Value) bool {
	dt := ev.Get("dataTransfer")
	if dt.IsUndefined() || dt.IsNull() {
		return false
	}
	types := dt.Get("types")
	for i := range types.Length() {
		if types.Index(i).String() == "Files" {
			return true
		}
	}
	return false
}

// key handles the keyboard as view.MoveOfKey says: arrows step, space
// plays or pauses, Home and End jump, + - 0 zoom, wherever the focus is
// but in a text field or a widget with keys of its own.
func (p *page) key(ev js.Value) {
	if ev.Get("key").String() == "Tab" {
		p.focusByPointer = false
		return
	}
	target := ev.Get("target")
	k := view.Key{
		Key:  ev.Get("key").String(),
		Ctrl: ev.Get("ctrlKey").Bool(), Meta: ev.Get("metaKey").Bool(), Alt: ev.Get("altKey").Bool(),
	}
	if target.Get("closest").Type() == js.TypeFunction { // an element, not the document
		k.Tag = target.Get("tagName").String()
		if k.Tag == "INPUT" {
			k.Type = strings.ToLower(target.Get("type").String())
		}
		k.ByKeyboard = !p.focusByPointer
		k.ContentEditable = target.Get("isContentEditable").Bool()
		// Tabs and menus have keys of their own; the Live panel's forms
		// and an open dialog (the first screen) too.
		k.InWidget = !target.Call("closest", `[role="tablist"], [role="menu"], #export, #live form, dialog[open]`).IsNull()
	}
	if p.predictKey(k) { // predict.go: 1 to 9 answer the question asked
		ev.Call("preventDefault")
		return
	}
	if p.compareKey(view.MoveOfKey(k)) { // compare.go: both sides step
		ev.Call("preventDefault")
		return
	}
	switch view.MoveOfKey(k) {
	case view.KeyNext:
		p.goTo(p.nav.Cur+1, step)
	case view.KeyPrev:
		p.goTo(p.nav.Cur-1, step)
	case view.KeyFirst:
		p.first()
	case view.KeyLast:
		p.goTo(p.nav.N, step)
	case view.KeyZoomIn:
		p.zoomTo(view.Zoom{Mode: view.ZoomSet, Scale: view.ZoomIn(p.figure.scale)}, 0, 0, false)
	case view.KeyZoomOut:
		p.zoomTo(view.Zoom{Mode: view.ZoomSet, Scale: view.ZoomOut(p.figure.scale)}, 0, 0, false)
	case view.KeyZoomReset:
		p.zoomTo(view.Zoom{Mode: view.ZoomSet, Scale: 1}, 0, 0, false)
	case view.KeyPlay:
		p.togglePlay()
	case view.KeyNextFinding:
		p.goFinding(1) // findmarks.go
	case view.KeyPrevFinding:
		p.goFinding(-1)
	default:
		return
	}
	ev.Call("preventDefault")
}

// The Export menu, as WAI-ARIA's menu button: its summary opens it and
// focus goes to the first item; the arrows, Home and End move among the
// items; Escape closes it and gives focus back to the summary, Tab
// closes it and moves on.

func (p *page) menuItems() []js.Value {
	var out []js.Value
	for _, b := range dom.All(p.el.export, `[role="menuitem"]`) {
		if !b.Get("disabled").Bool() {
			out = append(out, b)
		}
	}
	return out
}

func (p *page) wireMenu(on listener) {
	e := &p.el
	summary := e.export.Call("querySelector", "summary")
	// The toggle event comes after the fact, so focus moves there only
	// when it is not in the menu yet (a click on the summary).
	on(e.export, "toggle", func(js.Value) {
		open := e.export.Get("open").Bool()
		dom.SetAttr(summary, "aria-expanded", strconv.FormatBool(open))
		inMenu := e.export.Call("querySelector", `[role="menu"]`).Call("contains", dom.Document().Get("activeElement")).Bool()
		if items := p.menuItems(); open && !inMenu && len(items) > 0 {
			items[0].Call("focus")
		}
	})
	on(summary, "keydown", func(ev js.Value) {
		k := ev.Get("key").String()
		if e.export.Get("open").Bool() || k != "ArrowDown" && k != "ArrowUp" {
			return
		}
		ev.Call("preventDefault")
		ev.Call("stopPropagation")
		e.export.Set("open", true)
		dom.SetAttr(summary, "aria-expanded", "true")
		if items := p.menuItems(); len(items) > 0 {
			if k == "ArrowUp" {
				items[len(items)-1].Call("focus")
			} else {
				items[0].Call("focus")
			}
		}
	})
	on(e.export, "keydown", func(ev js.Value) {
		if !e.export.Get("open").Bool() {
			return
		}
		items := p.menuItems()
		at := -1
		active := dom.Document().Get("activeElement")
		for i, b := range items {
			if b.Equal(active) {
				at = i
			}
		}
		switch k := ev.Get("key").String(); k {
		case "Escape":
			ev.Call("preventDefault")
			p.closeMenu(true)
		case "Tab":
			p.closeMenu(false)
		default:
			if to := view.MenuKeys.Move(k, at, len(items)); to >= 0 {
				ev.Call("preventDefault")
				items[to].Call("focus")
			}
		}
	})
}

// closeMenu closes the Export menu; focus goes back to its summary when
// the learner closed it from within.
func (p *page) closeMenu(refocus bool) {
	e := &p.el
	if !e.export.Get("open").Bool() {
		return
	}
	e.export.Set("open", false)
	dom.SetAttr(e.export.Call("querySelector", "summary"), "aria-expanded", "false")
	if refocus {
		e.export.Call("querySelector", "summary").Call("focus")
	}
}

// listen runs fn on target's event with the page's mu held.
func (p *page) listen(target js.Value, event string, fn func(ev js.Value)) {
	dom.On(target, event, func(ev js.Value) { p.do(func() { fn(ev) }) })
}

// click runs fn on a click of target, with the page's mu held.
func (p *page) click(target js.Value, fn func()) {
	p.listen(target, "click", func(js.Value) { fn() })
}

// submit runs fn when form is submitted, instead of sending it.
func (p *page) submit(form js.Value, fn func()) {
	p.listen(form, "submit", func(ev js.Value) {
		ev.Call("preventDefault")
		fn()
	})
}
