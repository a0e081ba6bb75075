//go:build js && wasm

package viewer

// The Live panel: the learner plays the client (and, in a panel drawn
// apart, the operator) against real A2A agents. Its markup is the
// page's (web/index.html); this file starts the agents' worker, sends it
// the learner's moves and paints the panel from what it answers.
//
// The agents run in a Web Worker (web/live-worker.js, live.wasm): the
// page never waits for them. The worker speaks the protocol of package
// live in package panel's messages, Go types both sides encode and
// decode (panel.Encode, panel.Decode): the page's commands
// (panel.Request), the worker's replies (panel.Reply) and its updates
// (panel.Delta, State, Ready, Failure). A worker of another
// version (one the browser kept from an older site) is told apart and
// named as such in the panel. A transcript the worker posts is drawn
// here like any other.
//
// Everything an agent or a transcript says is set as text, never markup.

import (
	"errors"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// panelState is the Live panel's state; guarded by the page's mu.
type panelState struct {
	w       js.Value // the agents' worker
	seq     int      // the last command's id
	pending map[int]func(result any, err error)
	ready   bool // the worker's module runs

	mode    panel.Mode
	binding panel.Binding
	version string // the A2A version picked for in-page sessions (panel03.go)
	on03    bool   // the worker runs the live03 module, which speaks 0.3 too
	snap    panel.Snapshot
	open    bool // a session is open
	closed  bool // the learner ended it
	opening bool

	before, after int // goroutines before the session and after it ended; -1: not counted
	session       int // the session the last Delta was of
	exchanges     int // how many exchanges the session has

	review, plan *panel.Task // the tasks of the review and planner cards
	deploys      []string    // the deploy card's tasks, oldest first
	decided      map[string]string

	roads roadState // the road chooser (roads.go)
	el    panelElements
}

// panelElements are the panel's elements, found once in the page's
// markup, and the keys of the lists last painted.
type panelElements struct {
	status, offline, remote, remoteForm, url js.Value
	bindings, tabs, versions                 []js.Value
	cards                                    map[string]js.Value
	save, normalize, replay, end, gor        js.Value

	reviewCard
	deployCard
	plannerCard
	tryCard
	operatorPanel
}

// reviewCard is the review card's elements.
type reviewCard struct {
	sendDiff, rvTask, rvCtx, rvText   js.Value
	rvStep1, rvStep2, rvStep3, rvNext js.Value
}

// deployCard is the deploy card's elements.
type deployCard struct {
	deploy, dpWatch, dpStep1, dpStep2, dpStep3 js.Value
	dpStep4, dpNext                            js.Value
}

// plannerCard is the planner card's elements.
type plannerCard struct {
	plan, plIDs, plText, plWatch, plSub js.Value
	plStep1, plStep2, plStep3, plNext   js.Value
}

// tryCard is the "try your own" card's elements, and the keys of its
// lists last painted.
type tryCard struct {
	tryTask, tryText, tryStep, sendAgent js.Value
	sendText, sendStream, sendStep, send js.Value
	tryTaskKey, sendAgentKey             string
}

// operatorPanel is the operator's panel's elements, the task list's and
// the key of its list last painted.
type operatorPanel struct {
	operator, opList, opEmpty, opLog, tasks js.Value
	opTokenHeld, opTokenAsk, opToken        js.Value
	opKey                                   string
}

// startPanel finds the panel's elements, wires them and starts the
// worker with an offline session. Call with p.mu held.
func (p *page) startPanel() {
	lv := &p.live
	s := &lv.panel
	s.pending = map[int]func(any, error){}
	s.decided = map[string]string{}
	s.mode, s.binding = panel.Offline, panel.JSONRPC
	s.before, s.after = -1, -1
	p.findPanel()
	p.wirePanel()
	p.wireVersions() // panel03.go
	p.panelScenario(lv.scenario, false)
	if err := p.runWorker(p.liveWorker()); err != nil {
		p.status("The agents' worker could not start: "+err.Error(), "error")
		return
	}
	p.status("Loading the agents (a second WebAssembly module, about 2 MB)…", "busy")
	// Counted before any session, to compare with after "End session".
	p.call(panel.StatsArgs{}, func(r any, err error) {
		if err == nil {
			s.before = r.(*panel.Stats).Goroutines
			p.paintFoot()
		}
	})
	p.openSession(panel.OpenArgs{Mode: panel.Offline})
}

// runWorker starts the agents' worker from src and listens to it.
func (p *page) runWorker(src workerSource) error {
	w, err := p.startWorker(src, func(err error) {
		p.status("The inline live module could not be read: "+err.Error(), "error")
	})
	if err != nil {
		return err
	}
	p.live.panel.w = w
	dom.On(w, "message", func(ev js.Value) { p.do(func() { p.receive(ev.Get("data")) }) })
	dom.On(w, "error", func(ev js.Value) {
		p.do(func() {
			msg := "an error without a message"
			if m := ev.Get("message"); m.Type() == js.TypeString && m.String() != "" {
				msg = m.String()
			}
			p.status("The agents' worker failed: "+msg+". Reload the page to try again.", "error")
		})
	})
	return nil
}

func (p *page) findPanel() {
	e := &p.live.panel.el
	id := dom.ByID
	// Looked up from a list: a call each costs the module far more bytes
	// than a string and a pointer.
	for _, f := range [...]struct {
		id string
		v  *js.Value
	}{
		{"lv-status", &e.status},
		{"lv-offline", &e.offline},
		{"lv-remote", &e.remote},
		{"lv-remote-form", &e.remoteForm},
		{"lv-url", &e.url},
		{"lv-send-diff", &e.sendDiff},
		{"lv-review-task", &e.rvTask},
		{"lv-review-ctx", &e.rvCtx},
		{"lv-review-text", &e.rvText},
		{"lv-step-review-1", &e.rvStep1},
		{"lv-step-review-2", &e.rvStep2},
		{"lv-step-review-3", &e.rvStep3},
		{"lv-next-deploy", &e.rvNext},
		{"lv-deploy", &e.deploy},
		{"lv-deploy-watch", &e.dpWatch},
		{"lv-step-deploy-1", &e.dpStep1},
		{"lv-step-deploy-2", &e.dpStep2},
		{"lv-step-deploy-3", &e.dpStep3},
		{"lv-step-deploy-4", &e.dpStep4},
		{"lv-next-planner", &e.dpNext},
		{"lv-plan", &e.plan},
		{"lv-plan-ids", &e.plIDs},
		{"lv-plan-text", &e.plText},
		{"lv-plan-watch", &e.plWatch},
		{"lv-plan-sub", &e.plSub},
		{"lv-step-planner-1", &e.plStep1},
		{"lv-step-planner-2", &e.plStep2},
		{"lv-step-planner-3", &e.plStep3},
		{"lv-next-try", &e.plNext},
		{"lv-try-task", &e.tryTask},
		{"lv-try-text", &e.tryText},
		{"lv-step-try-1", &e.tryStep},
		{"lv-send-agent", &e.sendAgent},
		{"lv-send-text", &e.sendText},
		{"lv-send-stream", &e.sendStream},
		{"lv-step-try-2", &e.sendStep},
		{"lv-send", &e.send},
		{"lv-operator", &e.operator},
		{"lv-op-list", &e.opList},
		{"lv-op-empty", &e.opEmpty},
		{"lv-op-log", &e.opLog},
		{"lv-op-token-held", &e.opTokenHeld},
		{"lv-op-token-ask", &e.opTokenAsk},
		{"lv-op-token", &e.opToken},
		{"lv-tasks", &e.tasks},
		{"lv-save", &e.save},
		{"lv-save-normalize", &e.normalize},
		{"lv-replay", &e.replay},
		{"lv-end", &e.end},
		{"lv-goroutines", &e.gor},
	} {
		*f.v = id(f.id)
	}
	e.bindings = dom.All(p.live.el.panel, ".lv-binding button")
	e.tabs = dom.All(p.live.el.panel, ".lv-tabs [role=tab]")
	e.cards = map[string]js.Value{}
	for _, sc := range liveScenarios {
		e.cards[sc] = id("lv-card-" + sc)
	}
	p.findRoads()
}

// wirePanel connects the panel's controls to the moves.
func (p *page) wirePanel() {
	p.wireSessionChooser()
	p.wirePanelTabs()
	p.wireCards()
	p.wireRoads()
}

// wireSessionChooser connects the choice of agents (in the page, or at
// a URL), of binding, and the session's save, replay and end.
func (p *page) wireSessionChooser() {
	s := &p.live.panel
	e := &s.el
	p.click(e.offline, func() {
		if s.mode != panel.Offline || !s.open {
			p.openSession(panel.OpenArgs{Mode: panel.Offline, Version: p.openVersion(panel.Offline)})
		}
	})
	p.click(e.remote, func() {
		dom.SetHidden(e.remoteForm, false)
		e.url.Call("focus")
		p.paintPanel()
	})
	p.submit(e.remoteForm, func() {
		urls := strings.FieldsFunc(e.url.Get("value").String(), func(r rune) bool {
			return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
		})
		if len(urls) == 0 {
			p.status("Give the base URL of an A2A agent (1.0 or 0.3), like http://localhost:41242.", "error")
			return
		}
		s.mode = panel.Remote
		p.openSession(panel.OpenArgs{Mode: panel.Remote, URLs: urls, Version: p.openVersion(panel.Remote)})
	})
	for _, b := range e.bindings {
		p.click(b, func() {
			s.binding = panel.Binding(dom.Attr(b, "data-binding"))
			p.paintPanel()
		})
	}
	// The session.
	p.click(e.save, p.saveSession)
	p.click(e.replay, p.replaySession)
	p.click(e.end, p.endSession)
}

// wirePanelTabs connects the scenario tabs, their keys, and the links
// from one card to the next and to the operator's panel.
func (p *page) wirePanelTabs() {
	e := &p.live.panel.el
	for _, t := range e.tabs {
		p.click(t, func() { p.panelScenario(dom.Attr(t, "data-scenario"), true) })
	}
	// The tabs' own keys (WAI-ARIA tabs): the arrows, Home and End move
	// to a tab and open its card; they do not step the diagram.
	p.listen(e.tabs[0].Get("parentElement"), "keydown", p.panelTabKey)
	for _, b := range dom.All(p.live.el.panel, ".lv-next") {
		p.click(b, func() {
			p.panelScenario(dom.Attr(b, "data-next"), true)
			p.live.el.panel.Set("scrollTop", 0)
		})
	}
	for _, b := range dom.All(p.live.el.panel, ".lv-to-op") {
		p.click(b, func() { e.operator.Call("scrollIntoView", map[string]any{"block": "nearest"}) })
	}
}

// panelTabKey moves between the scenario tabs on an arrow, Home or End.
func (p *page) panelTabKey(ev js.Value) {
	e := &p.live.panel.el
	if ev.Get("altKey").Bool() || ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() {
		return
	}
	i, n := -1, len(e.tabs)
	active := dom.Document().Get("activeElement")
	for k, t := range e.tabs {
		if t.Equal(active) {
			i = k
		}
	}
	if i < 0 {
		return
	}
	to := view.TabKeys.Move(ev.Get("key").String(), i, n)
	if to < 0 {
		return
	}
	ev.Call("preventDefault")
	ev.Call("stopPropagation")
	e.tabs[to].Call("focus")
	p.panelScenario(dom.Attr(e.tabs[to], "data-scenario"), true)
}

// wireCards connects the moves of the scenario cards.
func (p *page) wireCards() {
	s := &p.live.panel
	e := &s.el
	// The review card.
	p.click(e.sendDiff, p.sendDiff)
	p.submit(dom.ByID("lv-review-form"), func() { p.answerReview("") })
	for _, b := range dom.All(e.rvStep2, "[data-variant]") {
		p.click(b, func() { p.answerReview(panel.Variant(dom.Attr(b, "data-variant"))) })
	}
	p.click(dom.ByID("lv-review-again"), func() { p.onTask(e.rvStep3, "answer", taskID(s.review), "main") })
	p.click(dom.ByID("lv-review-get"), func() { p.onTask(e.rvStep3, "getTask", taskID(s.review), "") })
	p.click(dom.ByID("lv-review-sub"), func() { p.onTask(e.rvStep3, "subscribe", taskID(s.review), "") })

	// The deploy card.
	p.click(e.deploy, p.deploy)
	p.click(dom.ByID("lv-deploy-again"), p.deploy)
	p.click(dom.ByID("lv-deploy-msg"), func() { p.onTask(e.dpStep3, "sendWhileWaiting", taskID(p.waitingDeploy()), "") })
	p.click(dom.ByID("lv-deploy-get"), func() { p.onTask(e.dpStep3, "getTask", taskID(p.lastDeploy()), "") })
	p.click(dom.ByID("lv-deploy-cancel"), func() { p.onTask(e.dpStep3, "cancel", taskID(p.lastDeploy()), "") })
	p.click(dom.ByID("lv-deploy-get2"), func() { p.onTask(e.dpStep4, "getTask", taskID(p.lastDeploy()), "") })
	p.click(dom.ByID("lv-deploy-sub"), func() { p.onTask(e.dpStep4, "subscribe", taskID(p.lastDeploy()), "") })

	// The planner card.
	p.click(e.plan, p.runPlanner)
	p.submit(dom.ByID("lv-plan-form"), p.answerPlanner)
	p.click(e.plSub, func() { p.onTask(e.plStep3, "subscribe", taskID(s.plan), "") })
	p.click(dom.ByID("lv-plan-get"), func() { p.onTask(e.plStep3, "getTask", taskID(s.plan), "") })

	// Moves to try.
	for op, id := range map[string]string{"answer": "lv-try-send", "subscribe": "lv-try-sub", "getTask": "lv-try-get", "cancel": "lv-try-cancel"} {
		p.click(dom.ByID(id), func() { p.tryMove(op) })
	}
	p.click(e.send, p.sendOwn)

}

func taskID(t *panel.Task) string {
	if t == nil {
		return ""
	}
	return t.ID
}

// call posts a command to the worker; done gets its result (a pointer
// to the type the command answers) or error, holding the page's mu.
func (p *page) call(c panel.Command, done func(result any, err error)) {
	s := &p.live.panel
	if s.w.IsUndefined() {
		done(nil, errors.New("the live worker is not running"))
		return
	}
	s.seq++
	s.pending[s.seq] = done
	a := dom.Uint8Array(panel.Encode(&panel.Request{ID: s.seq, Command: c}))
	s.w.Call("postMessage", a, []any{a.Get("buffer")})
}

// receive takes a message of the worker: a reply or an update.
func (p *page) receive(data js.Value) {
	s := &p.live.panel
	b := dom.Bytes(data)
	if b == nil {
		// Not panel's bytes: the loader's own failure, or a worker of an
		// older site, which posted objects.
		if data.Type() == js.TypeObject && data.Get("type").Equal(js.ValueOf("error")) && data.Get("error").Type() == js.TypeString {
			p.status("The agents' worker says: "+data.Get("error").String()+". Reload the page to try again; if it goes on, rebuild the site (./build.sh serve).", "error")
			return
		}
		p.status(workerVersion, "error")
		return
	}
	m, err := panel.Decode(b)
	if errors.Is(err, panel.ErrVersion) {
		p.status(workerVersion, "error")
		return
	}
	if err != nil {
		p.status("The agents' worker sent a message the page cannot read: "+err.Error(), "error")
		return
	}
	switch m := m.(type) {
	case *panel.Reply:
		done := s.pending[m.ID]
		if done == nil {
			return
		}
		delete(s.pending, m.ID)
		if m.Error != "" {
			done(nil, errors.New(m.Error))
		} else {
			done(m.Result, nil)
		}
	case *panel.Ready:
		s.ready = true
	case *panel.Delta:
		t0 := dom.Now()
		if r := p.liveDelta(m); r.err != nil {
			p.status("The session's steps cannot be drawn: "+r.err.Error(), "error")
		} else if p.canCheck() { // a page without the check module keeps none
			p.checker.deltas = append(p.checker.deltas, b) // for the check worker (findings.go)
		}
		p.paintFoot()
		// What the benchmark times an event from (test/bench, -live).
		measure("a2aplay-live-delta", t0, dom.Now())
	case *panel.State:
		s.snap = m.Snapshot
		p.paintPanel()
	case *panel.Failure:
		switch {
		case strings.Contains(m.Error, panel.ErrVersion.Error()):
			p.status(workerVersion, "error")
		case !s.ready:
			p.status("The agents' worker says: "+m.Error+". Reload the page to try again; if it goes on, rebuild the site (./build.sh serve).", "error")
		default:
			p.status("The agents' worker says: "+m.Error, "error")
		}
	default:
		p.status("The agents' worker sent a command, which is the page's to send.", "error")
	}
}

// workerVersion is what the panel says of a worker of another version.
const workerVersion = "The agents' worker comes from another version of the site than this page (your browser kept an older copy of one of them). Reload the page; if this stays, clear the site's data in the browser."

// status says how the session is, kind being "busy", "ok" or "error".
func (p *page) status(text, kind string) {
	el := p.live.panel.el.status
	if el.IsUndefined() {
		return
	}
	dom.SetText(el, text)
	el.Set("className", "lv-status "+kind)
}

// Moves.

// The session.
