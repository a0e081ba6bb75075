//go:build js && wasm

package viewer

// The links in the inspector's "Says": an approve link that a deployer
// writes in its status message opens nothing useful in a tab (see
// view.ActOnLink). A click on one decides in the page instead: the Live
// operator panel on that task, the step where the decision was sent, or
// a plain sentence of why it cannot; other links open in a tab.

import (
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// wireSaysLinks handles clicks on the links of the inspector's facts.
func (p *page) wireSaysLinks() {
	dom.On(p.el.facts, "click", func(ev js.Value) {
		a := ev.Get("target").Call("closest", "dd.says a[href]")
		if !a.IsNull() {
			p.do(func() { p.saysLink(ev, a) })
		}
	})
}

// saysLink acts on a click on link a of "Says", as view.ActOnLink says.
func (p *page) saysLink(ev, a js.Value) {
	d := p.cur
	if d == nil {
		return
	}
	link := dom.Attr(a, "href")
	at := view.LinkPlace{Live: p.live.on && d == p.live.doc}
	if at.Live {
		at.InPage = p.live.panel.snap.Mode != panel.Remote
		for _, w := range p.live.panel.snap.Waiting {
			at.Waiting = append(at.Waiting, w.URL)
		}
	}
	if s := d.step(p.nav.Cur); s != nil {
		at.Auth = s.State == replay.StateAuthRequired
	}
	var t *replay.Transcript
	var steps []replay.Step
	if d.lazy == nil {
		t, steps = d.t, d.steps
	}
	act := view.ActOnLink(link, t, steps, at)
	if act.Use == view.LinkOpen {
		return // the browser opens it, in a tab of its own
	}
	ev.Call("preventDefault")
	switch act.Use {
	case view.LinkOperator:
		p.toOperator(link)
	case view.LinkStep:
		p.goTo(act.Step, step)
		p.text.announce.set("Step " + strconv.Itoa(act.Step) + " sends the decision to this link.")
	case view.LinkSay:
		dd := a.Call("closest", "dd")
		why := dd.Call("querySelector", ".says-why")
		if why.IsNull() {
			why = dom.El("p", "says-why")
			dom.SetAttr(why, "role", "status")
			dom.Append(dd, why)
		}
		dom.SetText(why, act.Why)
	}
}

// toOperator shows the Live operator panel's item for approve link url,
// with the focus on its Approve button (or on the item, once decided).
func (p *page) toOperator(url string) {
	if p.live.dock != "live" {
		p.setDock("live", false) // a narrow screen: the panel's tab
	}
	for _, li := range dom.All(dom.ByID("lv-op-list"), "li[data-url]") {
		here := dom.Attr(li, "data-url") == url
		dom.SetClass(li, "asked", here)
		if !here {
			continue
		}
		li.Call("scrollIntoView", map[string]any{"block": "center"})
		b := li.Call("querySelector", "button[data-decide=approve]")
		if b.IsNull() || b.Get("disabled").Bool() {
			li.Set("tabIndex", -1)
			b = li
		}
		b.Call("focus", map[string]any{"preventScroll": true})
	}
}
