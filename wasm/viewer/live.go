//go:build js && wasm

package viewer

// The Live mode: the mode tabs, the links, and the session's diagram.
// The panel beside it (the worker, the learner's controls, the operator
// panel) is panel.go; it starts the first time Live opens. The worker
// posts what changed (panel.Delta: new and changed exchanges, and the
// steps from the first that changed), which the page puts in place of
// or after what it has (liveDelta) and draws like any other transcript;
// the learner steps through it with the same controls and inspector.
//
// Links: #live opens Live on its first scenario; #live=review, deploy,
// planner or try opens that one; &ex=ID (a lesson's exercise) shows
// that exercise in the panel (exercises.go) while its scenario or "try"
// shows. While Live shows, stepping writes no
// history: the URL keeps naming the scenario.

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
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

// liveMode is the Live mode's state; guarded by the page's mu.
type liveMode struct {
	cfg      *view.LiveData // from the data block; nil: this build has no Live mode
	on       bool
	scenario string
	started  bool // the panel runs (panel.go)
	panel    panelState

	prev     *doc // the replay transcript to go back to
	prevStep int

	doc   *doc // the session's transcript as last drawn; nil before the first exchange
	saved int  // the position in doc while Replay shows
	// redraw: the session's diagram, shown, is drawn again, and the
	// stage keeps its scroll (draw). From the top, revealing the
	// session's end scrolled smoothly down the whole diagram and put in
	// the rows of every screen it passed: at 700 exchanges, ten events
	// put in 128 pieces of rows in 463 ms, now 30 in 105 ms; the main
	// thread's CPU per event went from 188 to 110 ms, at 1,000
	// exchanges from 127 to 79 (bench -live-only, README).
	redraw bool

	el struct{ panel, tabReplay, tabLive, dockLive, dockStep js.Value }

	dock string // on a narrow screen, what shows under the diagram: "live" or "step"
}

// inLive reports whether Live shows. Moves then write no history.
func (p *page) inLive() bool { return p.live.on }

// startLive wires the mode tabs, adds Live's calls to window.a2aplay and
// opens Live when the link says so. Call with p.mu held, after
// exposeAPI.
func (p *page) startLive() {
	p.live.el.panel = dom.ByID("live")
	p.live.el.tabReplay = dom.ByID("mode-replay")
	p.live.el.tabLive = dom.ByID("mode-live")
	p.live.el.dockLive = dom.ByID("dock-live")
	p.live.el.dockStep = dom.ByID("dock-step")
	p.live.dock = "live"
	p.live.cfg = p.data.Live
	if p.live.el.panel.IsNull() || p.live.el.tabLive.IsNull() {
		return // a page without Live
	}
	on := func(target js.Value, event string, fn func(ev js.Value)) {
		dom.On(target, event, func(ev js.Value) { p.do(func() { fn(ev) }) })
	}
	on(p.live.el.tabLive, "click", func(js.Value) { p.enterLive(p.live.scenarioOr(""), push) })
	on(p.live.el.tabReplay, "click", func(js.Value) {
		if p.live.on {
			p.leaveLive(push)
		}
	})
	// The dock's tabs, on a narrow screen: click, or the arrows, Home and
	// End between the two (WAI-ARIA tabs, roving focus).
	on(p.live.el.dockLive, "click", func(js.Value) { p.setDock("live", false) })
	on(p.live.el.dockStep, "click", func(js.Value) { p.setDock("step", false) })
	on(dom.ByID("dock-tabs"), "keydown", func(ev js.Value) {
		docks, at := [2]string{"live", "step"}, 1
		if p.live.dock == "live" {
			at = 0
		}
		to := view.TabKeys.Move(ev.Get("key").String(), at, len(docks))
		if to < 0 {
			return
		}
		ev.Call("preventDefault")
		ev.Call("stopPropagation")
		p.setDock(docks[to], true)
	})

	if s, ex, ok := liveLink(linkText()); ok {
		p.ex.id = ex
		p.enterLive(s, noHistory)
	}
}

// liveShow selects the first step of exchange seq of the session.
func (p *page) liveShow(seq int) {
	if p.live.doc == nil {
		return
	}
	for _, s := range p.live.doc.steps {
		if s.Exchange == seq {
			if !p.live.on {
				p.enterLive(p.live.scenarioOr(""), push)
			}
			p.goTo(s.Index, noHistory)
			return
		}
	}
}

// liveReset starts a new session: the diagram waits for its exchanges.
func (p *page) liveReset() {
	p.live.doc, p.live.saved = nil, 0
	p.ex.verdicts = nil // a new session: its own exercises' state
	p.paintExercises()
	if p.live.on {
		p.livePlaceholder()
	}
}

// setLiveScenario is the panel's scenario, kept in the URL.
func (p *page) setLiveScenario(name string) {
	p.live.scenario = p.live.scenarioOr(name)
	if p.live.on {
		dom.Global().Get("history").Call("replaceState", js.Null(), "", p.liveHash(p.live.scenario))
	}
}

// liveState is what window.a2aplay.liveState() says.
func (p *page) liveState() map[string]any {
	n, x := 0, 0
	if p.live.doc != nil {
		n, x = len(p.live.doc.steps), len(p.live.doc.t.Exchanges)
	}
	return map[string]any{"on": p.live.on, "scenario": p.live.scenario, "started": p.live.started, "steps": n, "exchanges": x}
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

// liveLink reads a Live link, "#live", "#live=deploy" or, from a
// lesson's exercise, "#live=review&ex=ID".
func liveLink(s string) (scenario, ex string, ok bool) {
	q, _ := url.ParseQuery(strings.TrimLeft(s, "#?"))
	if !q.Has("live") {
		return "", "", false
	}
	return q.Get("live"), q.Get("ex"), true
}

// liveRoute handles a history move. It returns true when the link is
// Live's; a replay link while Live shows leaves Live first and returns
// false, so the replay page opens it.
func (p *page) liveRoute() bool {
	if p.live.el.panel.IsUndefined() || p.live.el.panel.IsNull() {
		return false
	}
	if s, ex, ok := liveLink(linkText()); ok {
		p.ex.id = ex
		p.enterLive(p.live.scenarioOr(s), noHistory)
		return true
	}
	if p.live.on {
		p.live.on = false
		p.live.saved = p.liveStep()
		p.paintMode()
		p.cur = nil // the link names what to show
	}
	return false
}

// liveSees is told of every transcript the page shows: one that is not
// the session's (a file opened or dropped, a replay) leaves Live.
func (p *page) liveSees(d *doc) {
	if p.live.on && d != p.live.doc {
		p.live.on = false
		p.paintMode()
	}
}

// enterLive shows Live on a scenario, loading the panel the first time.
func (p *page) enterLive(scenario string, h history) {
	scenario = p.live.scenarioOr(scenario)
	if !p.live.on {
		p.flushLink() // the replay entry left names its step
		p.live.prev, p.live.prevStep = p.cur, p.nav.Cur
		p.stop()
		p.live.on = true
		if p.live.doc != nil && len(p.live.doc.steps) > 0 {
			p.cur = nil
			p.show(p.live.doc, p.live.saved, noHistory)
			p.liveSource()
		} else {
			p.livePlaceholder()
		}
	}
	p.live.scenario = scenario
	p.paintMode()
	if h != noHistory {
		dom.Global().Get("history").Call("pushState", js.Null(), "", p.liveHash(scenario))
	}
	p.loadLive()
}

// leaveLive goes back to the replay transcript Live was opened from.
func (p *page) leaveLive(h history) {
	p.live.saved = p.liveStep()
	p.live.on = false
	p.paintMode()
	prev, step := p.live.prev, p.live.prevStep
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
	if p.live.doc != nil && p.cur == p.live.doc {
		return p.nav.Cur
	}
	return p.live.saved
}

// setDock shows the Live panel or the step under the diagram, on a
// narrow screen; focus follows when the keys moved it.
func (p *page) setDock(d string, focus bool) {
	p.live.dock = d
	p.paintDock()
	if focus {
		if d == "live" {
			p.live.el.dockLive.Call("focus")
		} else {
			p.live.el.dockStep.Call("focus")
		}
	}
}

func (p *page) paintDock() {
	dom.SetAttr(dom.ByID("replay"), "data-dock", p.live.dock)
	for _, t := range []struct {
		b    js.Value
		name string
	}{{p.live.el.dockLive, "live"}, {p.live.el.dockStep, "step"}} {
		dom.SetAttr(t.b, "aria-selected", strconv.FormatBool(p.live.dock == t.name))
		t.b.Set("tabIndex", -1)
		if p.live.dock == t.name {
			t.b.Set("tabIndex", 0)
		}
	}
}

// paintMode shows the mode: the tabs, the panel, the page's layout.
func (p *page) paintMode() {
	p.paintDock()
	p.live.el.tabLive.Call("setAttribute", "aria-pressed", strconv.FormatBool(p.live.on))
	p.live.el.tabReplay.Call("setAttribute", "aria-pressed", strconv.FormatBool(!p.live.on))
	dom.SetHidden(p.live.el.panel, !p.live.on)
	dom.SetClass(dom.ByID("replay"), "live-on", p.live.on)
	ds := dom.Document().Get("documentElement").Get("dataset")
	if p.live.on {
		ds.Set("mode", "live")
		dom.Document().Set("title", "Live · a2aplay")
	} else {
		ds.Delete("mode")
	}
	if p.live.started {
		p.panelScenario(p.live.scenario, false)
	}
	// The mode changes the stage's width.
	p.figure.avail = p.stageWidth()
	p.applyZoom()
}

// loadLive starts the panel the first time Live shows.
func (p *page) loadLive() {
	if p.live.started || p.live.cfg == nil {
		return // started, or a build without Live: the panel's markup says so
	}
	p.live.started = true
	p.startPanel()
}

// liveDraw draws a transcript, given as text, as the session's (the
// page's API: a2aplay.liveDraw).
func (p *page) liveDraw(text string) drawn {
	t, err := replay.ParseString(text, liveName+".http")
	if err != nil {
		return drawn{err: err}
	}
	p.checker.afresh = true
	return p.liveShowSteps(t, replay.Steps(t))
}

// liveDelta takes what the worker says changed in the session: its new
// and changed exchanges, put in place, and its steps from m.From on,
// after the ones the page has. The page reads no transcript text and
// works out no steps: what an update costs does not grow with the
// session (but for the lanes, a pass over the steps; past
// view.WindowSteps the diagram is a window of them). The check worker
// is sent the Delta as it came (findings.go).
func (p *page) liveDelta(m *panel.Delta) drawn {
	s := &p.live.panel
	var xs []*replay.Exchange
	var steps []replay.Step
	switch d := p.live.doc; {
	case m.Session > s.session: // a new session: afresh
		s.session = m.Session
	case m.Session == s.session && d != nil:
		xs, steps = d.t.Exchanges, d.steps
	default: // of a session before the one the page opened (liveReset)
		return drawn{}
	}
	for _, x := range m.Changed {
		switch {
		case x.At >= 0 && x.At < len(xs):
			xs[x.At] = x.Exchange
		case x.At == len(xs):
			xs = append(xs, x.Exchange)
		default:
			return drawn{err: errors.New("the worker sent exchange " + strconv.Itoa(x.At+1) + " after " + strconv.Itoa(len(xs)))}
		}
	}
	if m.From < 0 || m.From > len(steps) || len(xs) != m.Exchanges {
		return drawn{err: errors.New("the worker's steps do not follow the page's: it sent steps from " + strconv.Itoa(m.From+1) + " of " + strconv.Itoa(len(steps)) + ", exchanges to " + strconv.Itoa(m.Exchanges) + " of " + strconv.Itoa(len(xs)))}
	}
	s.exchanges = m.Exchanges
	t := &replay.Transcript{Title: m.Title, Notes: m.Notes, Participants: m.Participants, Exchanges: xs}
	return p.liveShowSteps(t, append(steps[:m.From], m.Steps...))
}

// liveShowSteps draws t, with its steps, as the session's transcript. The
// learner who was at the last step follows the session to its new last
// step; one who stepped back stays where they are.
func (p *page) liveShowSteps(t *replay.Transcript, steps []replay.Step) drawn {
	d := &doc{name: liveName, local: true, t: t, steps: steps, lanes: view.Lanes(steps)}
	step, old := len(d.steps), p.live.doc
	if old != nil {
		if cur := p.liveStep(); cur < len(old.steps) {
			step = cur
		}
	}
	p.live.doc = d
	switch {
	case !p.live.on:
		p.live.saved = step
	case len(d.steps) == 0:
		p.livePlaceholder()
	default:
		p.live.redraw = old != nil && p.cur == old
		p.cur = nil
		p.show(d, step, noHistory)
		p.live.redraw = false
		p.liveSource()
	}
	return drawn{steps: len(d.steps), step: step}
}

// drawn says what liveDraw drew: the session's steps and the one shown,
// or why it could not.
type drawn struct {
	steps, step int
	err         error
}

// liveSource says what the diagram shows, where the picker is in Replay.
func (p *page) liveSource() {
	n := 0
	if p.live.doc != nil {
		n = len(p.live.doc.t.Exchanges)
	}
	src := "Your live session · " + count(n, "exchange") + ", drawn as they happen"
	if d := p.live.doc; d != nil {
		if w := d.windowSays(); w != "" { // past view.WindowSteps
			src += " · " + w
		}
	}
	dom.SetText(p.el.source, src)
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
	p.frame(view.Frame{}, nil, nil) // no diagram: the zoom buttons rest
	dom.Append(c, dom.El("div", "lv-empty",
		dom.TextEl("p", "lv-empty-title", "Your session is drawn here"),
		dom.TextEl("p", "", "Every request you send and every answer, frame and operator decision appears as a step, as it happens. Start with the first button of the Live panel.")))
	p.el.scrub.Set("max", 0)
	p.el.scrub.Set("value", 0)
	p.text.position.set("no steps yet")
	for _, b := range []js.Value{p.el.first, p.el.prev, p.el.play, p.el.next, p.el.last} {
		b.Set("disabled", true)
	}
	dom.SetText(p.el.source, "Your live session · nothing sent yet")
	p.blankInspector("Live session", "Nothing sent yet. Each step of the session shows here with its raw HTTP and JSON.", nil, nil) // inspector.go
	// predict.go: nothing to predict here, the switch rests
	p.paintPredict()
}
