//go:build js && wasm

package viewer

// The Live mode's side of the viewer. The Live panel itself (the worker,
// the learner's controls, the operator panel) is web/live.js, loaded
// only when Live first opens; the agents run in a Web Worker it starts
// (web/live-worker.js, live.wasm). The viewer draws the session: each
// transcript the worker posts is parsed and drawn like any other, and
// the learner steps through it with the same controls and inspector.
//
// Links: #live opens Live on its first scenario; #live=review, deploy,
// planner or try opens that one. While Live shows, stepping writes no
// history: the URL keeps naming the scenario.

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// liveName names the session's transcript in the picker, the title and
// exports.
const liveName = "live-session"

// liveScenarios are the scenarios a link may name; the first is the
// default.
var liveScenarios = []string{"review", "deploy", "planner", "try"}

// liveData is the data block's "live" entry (see package web).
type liveData struct {
	Script string `json:"script"`
	Worker string `json:"worker"`
	Inline bool   `json:"inline"`
}

// liveMode is the Live mode's state; guarded by the page's mu.
type liveMode struct {
	cfg      *liveData
	on       bool
	scenario string
	loading  bool // live.js is being fetched
	started  bool // live.js has the panel

	prev     *doc // the replay transcript to go back to
	prevStep int

	doc   *doc // the session's transcript as last drawn; nil before the first exchange
	saved int  // the position in doc while Replay shows

	el struct{ panel, tabReplay, tabLive, dockLive, dockStep js.Value }

	dock string // on a narrow screen, what shows under the diagram: "live" or "step"
}

var lm liveMode

// inLive reports whether Live shows. Moves then write no history.
func (p *page) inLive() bool { return lm.on }

// startLive wires the mode tabs, adds Live's calls to window.a2aplay and
// opens Live when the link says so. Call with p.mu held, after
// exposeAPI.
func (p *page) startLive() {
	lm.el.panel = dom.ByID("live")
	lm.el.tabReplay = dom.ByID("mode-replay")
	lm.el.tabLive = dom.ByID("mode-live")
	lm.el.dockLive = dom.ByID("dock-live")
	lm.el.dockStep = dom.ByID("dock-step")
	lm.dock = "live"
	var d struct {
		Live *liveData `json:"live"`
	}
	if err := json.Unmarshal([]byte(dom.ByID("a2aplay-data").Get("textContent").String()), &d); err == nil {
		lm.cfg = d.Live
	}
	if lm.el.panel.IsNull() || lm.el.tabLive.IsNull() {
		return // a page without Live
	}
	on := func(target js.Value, event string, fn func(ev js.Value)) {
		dom.On(target, event, func(ev js.Value) { p.do(func() { fn(ev) }) })
	}
	on(lm.el.tabLive, "click", func(js.Value) { p.enterLive(lm.scenarioOr(""), push) })
	on(lm.el.tabReplay, "click", func(js.Value) {
		if lm.on {
			p.leaveLive(push)
		}
	})
	// The dock's tabs, on a narrow screen: click, or the arrows, Home and
	// End between the two (WAI-ARIA tabs, roving focus).
	on(lm.el.dockLive, "click", func(js.Value) { p.setDock("live", false) })
	on(lm.el.dockStep, "click", func(js.Value) { p.setDock("step", false) })
	on(dom.ByID("dock-tabs"), "keydown", func(ev js.Value) {
		switch ev.Get("key").String() {
		case "ArrowLeft", "ArrowRight", "Home", "End":
		default:
			return
		}
		ev.Call("preventDefault")
		ev.Call("stopPropagation")
		k := ev.Get("key").String()
		switch {
		case k == "Home":
			p.setDock("live", true)
		case k == "End":
			p.setDock("step", true)
		case lm.dock == "live":
			p.setDock("step", true)
		default:
			p.setDock("live", true)
		}
	})

	api := js.Global().Get("a2aplay")
	fn := func(name string, f func(args []js.Value) any) {
		api.Set(name, dom.Func(func(_ js.Value, args []js.Value) (ret any) {
			p.do(func() { ret = f(args) })
			return ret
		}))
	}
	// liveDraw(text): parse the session's transcript and draw it.
	fn("liveDraw", func(args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return map[string]any{"error": "liveDraw(text) takes a string"}
		}
		return p.liveDraw(args[0].String())
	})
	// liveShow(seq): select the first step of exchange seq.
	fn("liveShow", func(args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeNumber || lm.doc == nil {
			return 0
		}
		seq := args[0].Int()
		for _, s := range lm.doc.steps {
			if s.Exchange == seq {
				if !lm.on {
					p.enterLive(lm.scenarioOr(""), push)
				}
				p.goTo(s.Index, noHistory)
				return s.Index
			}
		}
		return 0
	})
	// liveReset(): a new session; the diagram waits for its exchanges.
	fn("liveReset", func([]js.Value) any {
		lm.doc, lm.saved = nil, 0
		if lm.on {
			p.livePlaceholder()
		}
		return nil
	})
	// liveScenario(name): the panel's scenario, kept in the URL.
	fn("liveScenario", func(args []js.Value) any {
		if len(args) > 0 && args[0].Type() == js.TypeString {
			lm.scenario = lm.scenarioOr(args[0].String())
			if lm.on {
				dom.Global().Get("history").Call("replaceState", js.Null(), "", "#live="+lm.scenario)
			}
		}
		return lm.scenario
	})
	fn("liveState", func([]js.Value) any {
		n := 0
		if lm.doc != nil {
			n = len(lm.doc.steps)
		}
		return map[string]any{"on": lm.on, "scenario": lm.scenario, "started": lm.started, "steps": n}
	})

	if s, ok := liveLink(linkText()); ok {
		p.enterLive(s, noHistory)
	}
}

func (lm *liveMode) scenarioOr(s string) string {
	for _, v := range liveScenarios {
		if s == v {
			return s
		}
	}
	if lm.scenario != "" {
		return lm.scenario
	}
	return liveScenarios[0]
}

// liveLink reads a Live link, "#live" or "#live=deploy".
func liveLink(s string) (scenario string, ok bool) {
	q, _ := url.ParseQuery(strings.TrimLeft(s, "#?"))
	if !q.Has("live") {
		return "", false
	}
	return q.Get("live"), true
}

// liveRoute handles a history move. It returns true when the link is
// Live's; a replay link while Live shows leaves Live first and returns
// false, so the replay page opens it.
func (p *page) liveRoute() bool {
	if lm.el.panel.IsUndefined() || lm.el.panel.IsNull() {
		return false
	}
	if s, ok := liveLink(linkText()); ok {
		p.enterLive(lm.scenarioOr(s), noHistory)
		return true
	}
	if lm.on {
		lm.on = false
		lm.saved = p.liveStep()
		p.paintMode()
		p.cur = nil // the link names what to show
	}
	return false
}

// liveSees is told of every transcript the page shows: one that is not
// the session's (a file opened or dropped, a replay) leaves Live.
func (p *page) liveSees(d *doc) {
	if lm.on && d != lm.doc {
		lm.on = false
		p.paintMode()
	}
}

// enterLive shows Live on a scenario, loading the panel the first time.
func (p *page) enterLive(scenario string, h history) {
	scenario = lm.scenarioOr(scenario)
	if !lm.on {
		lm.prev, lm.prevStep = p.cur, p.nav.Cur
		p.stop()
		lm.on = true
		if lm.doc != nil && len(lm.doc.steps) > 0 {
			p.cur = nil
			p.show(lm.doc, lm.saved, noHistory)
			p.liveSource()
		} else {
			p.livePlaceholder()
		}
	}
	lm.scenario = scenario
	p.paintMode()
	if h != noHistory {
		dom.Global().Get("history").Call("pushState", js.Null(), "", "#live="+scenario)
	}
	p.loadLive()
}

// leaveLive goes back to the replay transcript Live was opened from.
func (p *page) leaveLive(h history) {
	lm.saved = p.liveStep()
	lm.on = false
	p.paintMode()
	prev, step := lm.prev, lm.prevStep
	p.cur = nil // redraw: the diagram shows the session
	if prev == nil {
		p.openLink(view.Link{})
		p.record(h)
		return
	}
	p.show(prev, step, noHistory)
	p.record(h)
}

// liveStep is the position in the session's transcript.
func (p *page) liveStep() int {
	if lm.doc != nil && p.cur == lm.doc {
		return p.nav.Cur
	}
	return lm.saved
}

// setDock shows the Live panel or the step under the diagram, on a
// narrow screen; focus follows when the keys moved it.
func (p *page) setDock(d string, focus bool) {
	lm.dock = d
	p.paintDock()
	if focus {
		if d == "live" {
			lm.el.dockLive.Call("focus")
		} else {
			lm.el.dockStep.Call("focus")
		}
	}
}

func (p *page) paintDock() {
	dom.SetAttr(dom.ByID("replay"), "data-dock", lm.dock)
	for _, t := range []struct {
		b    js.Value
		name string
	}{{lm.el.dockLive, "live"}, {lm.el.dockStep, "step"}} {
		dom.SetAttr(t.b, "aria-selected", strconv.FormatBool(lm.dock == t.name))
		t.b.Set("tabIndex", -1)
		if lm.dock == t.name {
			t.b.Set("tabIndex", 0)
		}
	}
}

// paintMode shows the mode: the tabs, the panel, the page's layout.
func (p *page) paintMode() {
	p.paintDock()
	lm.el.tabLive.Call("setAttribute", "aria-pressed", strconv.FormatBool(lm.on))
	lm.el.tabReplay.Call("setAttribute", "aria-pressed", strconv.FormatBool(!lm.on))
	dom.SetHidden(lm.el.panel, !lm.on)
	dom.SetClass(dom.ByID("replay"), "live-on", lm.on)
	ds := dom.Document().Get("documentElement").Get("dataset")
	if lm.on {
		ds.Set("mode", "live")
		dom.Document().Set("title", "Live · a2aplay")
	} else {
		ds.Delete("mode")
	}
	if lm.started {
		dom.Global().Get("a2aplayLive").Call("visible", lm.on, lm.scenario)
	}
	// The mode changes the stage's width.
	p.figure.avail = p.stageWidth()
	p.applyZoom()
}

// loadLive starts the panel: live.js is fetched the first time (the
// offline page carries it inline), then told where the worker is.
func (p *page) loadLive() {
	if lm.started || lm.loading {
		return
	}
	if lm.cfg == nil {
		dom.Clear(lm.el.panel)
		dom.Append(lm.el.panel,
			dom.TextEl("h2", "", "Live is not in this build"),
			dom.TextEl("p", "", "This page was built without the live module, so the agents cannot run here. Run ./build.sh serve and open the page it serves."))
		return
	}
	if !dom.Global().Get("a2aplayLive").IsUndefined() {
		p.startPanel()
		return
	}
	if lm.cfg.Script == "" {
		dom.SetText(lm.el.panel, "The page's Live script is missing.")
		return
	}
	lm.loading = true
	s := dom.Document().Call("createElement", "script")
	s.Set("src", lm.cfg.Script)
	dom.On(s, "load", func(js.Value) { p.do(p.liveLoaded) })
	dom.On(s, "error", func(js.Value) {
		p.do(func() {
			lm.loading = false
			p.liveFailed("Could not load the Live script (" + lm.cfg.Script + "). Reload the page to try again.")
		})
	})
	dom.Append(dom.Document().Get("head"), s)
}

// liveLoaded starts the panel once live.js has run.
func (p *page) liveLoaded() {
	lm.loading = false
	if dom.Global().Get("a2aplayLive").IsUndefined() {
		p.liveFailed("The Live script loaded but did not start.")
		return
	}
	p.startPanel()
}

func (p *page) liveFailed(msg string) {
	dom.Clear(lm.el.panel)
	dom.Append(lm.el.panel, dom.TextEl("h2", "", "Live could not start"), dom.TextEl("p", "lv-error", msg))
}

// startPanel hands the panel to live.js.
func (p *page) startPanel() {
	lm.started = true
	cfg := map[string]any{"worker": lm.cfg.Worker, "inline": lm.cfg.Inline, "scenario": lm.scenario}
	dom.Global().Get("a2aplayLive").Call("start", lm.el.panel, cfg)
	dom.Global().Get("a2aplayLive").Call("visible", lm.on, lm.scenario)
}

// liveDraw draws a transcript of the session. The learner who was at the
// last step follows the session to its new last step; one who stepped
// back stays where they are.
func (p *page) liveDraw(text string) any {
	t, err := replay.Parse([]byte(text), liveName+".http")
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	d := newDoc(liveName, true, t)
	step := len(d.steps)
	if lm.doc != nil {
		if cur := p.liveStep(); cur < len(lm.doc.steps) {
			step = cur
		}
	}
	lm.doc = d
	switch {
	case !lm.on:
		lm.saved = step
	case len(d.steps) == 0:
		p.livePlaceholder()
	default:
		p.cur = nil
		p.show(d, step, noHistory)
		p.liveSource()
	}
	return map[string]any{"steps": len(d.steps), "step": step}
}

// liveSource says what the diagram shows, where the picker is in Replay.
func (p *page) liveSource() {
	n := 0
	if lm.doc != nil {
		n = len(lm.doc.t.Exchanges)
	}
	dom.SetText(p.el.source, "Your live session · "+count(n, "exchange")+", drawn as they happen")
	dom.Document().Set("title", "Live · a2aplay")
}

// livePlaceholder empties the stage until the session's first exchange.
func (p *page) livePlaceholder() {
	p.stop()
	p.cur = nil
	p.nav = view.Nav{}
	p.marks = nil
	dom.Clear(p.el.lane)
	p.segs = p.segs[:0]
	p.laneCursor = js.Undefined()
	c := p.el.diagram
	dom.SetAttr(c, "data-transcript", "")
	dom.Clear(c)
	p.frame(0) // no diagram: the zoom buttons rest
	dom.Append(c, dom.El("div", "lv-empty",
		dom.TextEl("p", "lv-empty-title", "Your session is drawn here"),
		dom.TextEl("p", "", "Every request you send and every answer, frame and operator decision appears as a step, as it happens. Start with the first button on the left.")))
	p.el.scrub.Set("max", 0)
	p.el.scrub.Set("value", 0)
	dom.SetText(p.el.position, "no steps yet")
	for _, b := range []js.Value{p.el.first, p.el.prev, p.el.play, p.el.next, p.el.last} {
		b.Set("disabled", true)
	}
	dom.SetText(p.el.source, "Your live session · nothing sent yet")
	dom.SetText(p.el.heading, "Live session")
	dom.SetText(p.el.label, "Nothing sent yet. Each step of the session shows here with its raw HTTP and JSON.")
	dom.Clear(p.el.facts)
	dom.Clear(p.el.notes)
	dom.SetHidden(p.el.notes, true)
	dom.SetHidden(p.el.tabs, true)
	dom.SetHidden(p.el.tools, true)
	dom.SetHidden(p.el.raw, true)
	dom.SetHidden(p.el.json, true)
}
