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
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
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
	status, offline, remote, remoteForm, url   js.Value
	bindings, tabs, versions                   []js.Value
	cards                                      map[string]js.Value
	sendDiff, rvTask, rvCtx, rvText            js.Value
	rvStep1, rvStep2, rvStep3, rvNext          js.Value
	deploy, dpWatch, dpStep1, dpStep2, dpStep3 js.Value
	dpStep4, dpNext                            js.Value
	plan, plIDs, plText, plWatch, plSub        js.Value
	plStep1, plStep2, plStep3, plNext          js.Value
	tryTask, tryText, tryStep, sendAgent       js.Value
	sendText, sendStream, sendStep, send       js.Value
	operator, opList, opEmpty, opLog, tasks    js.Value
	opTokenHeld, opTokenAsk, opToken           js.Value
	save, normalize, replay, end, gor          js.Value
	tryTaskKey, sendAgentKey, opKey            string
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
	s := &p.live.panel
	e := &s.el
	on := func(target js.Value, event string, fn func(ev js.Value)) {
		dom.On(target, event, func(ev js.Value) { p.do(func() { fn(ev) }) })
	}
	click := func(target js.Value, fn func()) { on(target, "click", func(js.Value) { fn() }) }
	submit := func(form js.Value, fn func()) {
		on(form, "submit", func(ev js.Value) {
			ev.Call("preventDefault")
			fn()
		})
	}

	click(e.offline, func() {
		if s.mode != panel.Offline || !s.open {
			p.openSession(panel.OpenArgs{Mode: panel.Offline, Version: p.openVersion(panel.Offline)})
		}
	})
	click(e.remote, func() {
		dom.SetHidden(e.remoteForm, false)
		e.url.Call("focus")
		p.paintPanel()
	})
	submit(e.remoteForm, func() {
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
		click(b, func() {
			s.binding = panel.Binding(dom.Attr(b, "data-binding"))
			p.paintPanel()
		})
	}
	for _, t := range e.tabs {
		click(t, func() { p.panelScenario(dom.Attr(t, "data-scenario"), true) })
	}
	// The tabs' own keys (WAI-ARIA tabs): the arrows, Home and End move
	// to a tab and open its card; they do not step the diagram.
	on(e.tabs[0].Get("parentElement"), "keydown", func(ev js.Value) {
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
		to := -1
		switch ev.Get("key").String() {
		case "ArrowRight":
			to = (i + 1) % n
		case "ArrowLeft":
			to = (i + n - 1) % n
		case "Home":
			to = 0
		case "End":
			to = n - 1
		}
		if to < 0 {
			return
		}
		ev.Call("preventDefault")
		ev.Call("stopPropagation")
		e.tabs[to].Call("focus")
		p.panelScenario(dom.Attr(e.tabs[to], "data-scenario"), true)
	})
	for _, b := range dom.All(p.live.el.panel, ".lv-next") {
		click(b, func() {
			p.panelScenario(dom.Attr(b, "data-next"), true)
			p.live.el.panel.Set("scrollTop", 0)
		})
	}
	for _, b := range dom.All(p.live.el.panel, ".lv-to-op") {
		click(b, func() { e.operator.Call("scrollIntoView", map[string]any{"block": "nearest"}) })
	}

	// The review card.
	click(e.sendDiff, p.sendDiff)
	submit(dom.ByID("lv-review-form"), func() { p.answerReview("") })
	for _, b := range dom.All(e.rvStep2, "[data-variant]") {
		click(b, func() { p.answerReview(panel.Variant(dom.Attr(b, "data-variant"))) })
	}
	click(dom.ByID("lv-review-again"), func() { p.onTask(e.rvStep3, "answer", taskID(s.review), "main") })
	click(dom.ByID("lv-review-get"), func() { p.onTask(e.rvStep3, "getTask", taskID(s.review), "") })
	click(dom.ByID("lv-review-sub"), func() { p.onTask(e.rvStep3, "subscribe", taskID(s.review), "") })

	// The deploy card.
	click(e.deploy, p.deploy)
	click(dom.ByID("lv-deploy-again"), p.deploy)
	click(dom.ByID("lv-deploy-msg"), func() { p.onTask(e.dpStep3, "sendWhileWaiting", taskID(p.waitingDeploy()), "") })
	click(dom.ByID("lv-deploy-get"), func() { p.onTask(e.dpStep3, "getTask", taskID(p.lastDeploy()), "") })
	click(dom.ByID("lv-deploy-cancel"), func() { p.onTask(e.dpStep3, "cancel", taskID(p.lastDeploy()), "") })
	click(dom.ByID("lv-deploy-get2"), func() { p.onTask(e.dpStep4, "getTask", taskID(p.lastDeploy()), "") })
	click(dom.ByID("lv-deploy-sub"), func() { p.onTask(e.dpStep4, "subscribe", taskID(p.lastDeploy()), "") })

	// The planner card.
	click(e.plan, p.runPlanner)
	submit(dom.ByID("lv-plan-form"), p.answerPlanner)
	click(e.plSub, func() { p.onTask(e.plStep3, "subscribe", taskID(s.plan), "") })
	click(dom.ByID("lv-plan-get"), func() { p.onTask(e.plStep3, "getTask", taskID(s.plan), "") })

	// Moves to try.
	for op, id := range map[string]string{"answer": "lv-try-send", "subscribe": "lv-try-sub", "getTask": "lv-try-get", "cancel": "lv-try-cancel"} {
		click(dom.ByID(id), func() { p.tryMove(op) })
	}
	click(e.send, p.sendOwn)

	// The session.
	click(e.save, p.saveSession)
	click(e.replay, p.replaySession)
	click(e.end, p.endSession)
	p.wireRoads()
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
		if r := p.liveDelta(m); r.err != nil {
			p.status("The session's steps cannot be drawn: "+r.err.Error(), "error")
		}
		p.paintFoot()
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

// openSession opens an offline or a remote session; the worker closes
// the one before.
func (p *page) openSession(args panel.OpenArgs) {
	s := &p.live.panel
	s.mode = args.Mode
	s.opening = true
	s.review, s.plan, s.deploys = nil, nil, nil
	clear(s.decided)
	p.stopRoads()
	s.after = -1
	for _, l := range dom.All(p.live.el.panel, ".lv-log") {
		dom.Clear(l)
	}
	p.paintPanel()
	var open func()
	open = func() {
		p.liveReset()
		p.call(args, func(r any, err error) {
			// A session that needs 0.3 opens in the live03 module.
			if isNeeds03(err) && !s.on03 && p.openIn03(open) {
				return
			}
			s.opening = false
			if err != nil {
				s.open = false
				if isNeeds03(err) {
					p.status(p.needs03(err), "error")
				} else if args.Mode == panel.Remote {
					p.status("Could not read the agents' cards: "+err.Error()+". Is the agent running, and does it allow CORS? The kit does: run a2aplay agents. The served page may only fetch the origins its Content-Security-Policy names (a2aplay serve -connect-src).", "error")
				} else {
					p.status("The session could not open: "+err.Error(), "error")
				}
				p.paintPanel()
				return
			}
			snap := *r.(*panel.Snapshot)
			s.snap, s.open, s.closed, s.mode = snap, true, false, snap.Mode
			var names []string
			for _, a := range snap.Agents {
				names = append(names, a.Name)
			}
			if snap.Mode == panel.Remote {
				p.status("Connected: "+strings.Join(names, ", ")+". Requests go from this page to the agents through the browser's fetch."+speaks(snap), "ok")
			} else {
				p.status("Ready: "+strings.Join(names, ", ")+" run in a Web Worker of this page. Nothing leaves your browser."+speaks(snap), "ok")
			}
			p.paintPanel()
		})
	}
	if args.Version == replay.V03 && !s.on03 {
		// Known before asking: start the module that speaks it.
		if !p.openIn03(open) {
			s.opening = false
			p.status(p.needs03(errors.New(panel.NeedsV03)), "error")
			p.paintPanel()
		}
		return
	}
	if !s.open && !s.closed {
		open()
		return
	}
	// Count again: the session before may have left goroutines.
	p.call(panel.StatsArgs{}, func(r any, err error) {
		if err == nil {
			s.before = r.(*panel.Stats).Goroutines
		}
		open()
	})
}

// status says how the session is, kind being "busy", "ok" or "error".
func (p *page) status(text, kind string) {
	el := p.live.panel.el.status
	if el.IsUndefined() {
		return
	}
	dom.SetText(el, text)
	el.Set("className", "lv-status "+kind)
}

// panelScenario shows a scenario's card; a click keeps it in the URL.
func (p *page) panelScenario(id string, fromClick bool) {
	e := &p.live.panel.el
	if _, ok := e.cards[id]; !ok {
		id = liveScenarios[0]
	}
	for k, c := range e.cards {
		dom.SetHidden(c, k != id)
	}
	for _, t := range e.tabs {
		on := dom.Attr(t, "data-scenario") == id
		dom.SetAttr(t, "aria-selected", strconv.FormatBool(on))
		t.Set("tabIndex", -1)
		if on {
			t.Set("tabIndex", 0) // roving focus: Tab reaches the open one
		}
	}
	if fromClick {
		p.setLiveScenario(id)
	}
	p.paintExercises() // exercises.go
}

// Moves.

// run posts a move, shows it pending in the step's log, then its result.
func (p *page) run(log js.Value, label string, c panel.Command, after func(r *panel.Result)) {
	// A move that may end a task shows its artifacts open; a look at a
	// task (GetTask, a subscription) keeps them folded.
	var artifacts bool
	switch c.(type) {
	case panel.DiffArgs, panel.AnswerArgs, panel.PlanArgs, panel.SendArgs:
		artifacts = true
	}
	entry := h("div", "lv-result pending", h("div", "lv-r-head", h("b", "", label), " · ", "waiting for the answer…"))
	dom.Append(log, entry)
	entry.Call("scrollIntoView", map[string]any{"block": "nearest"})
	p.call(c, func(v any, err error) {
		if err != nil {
			entry.Call("replaceWith", h("div", "lv-result failed", h("div", "lv-r-head", h("b", "", label)), h("p", "lv-error", err.Error())))
			p.paintPanel()
			return
		}
		r := v.(*panel.Result)
		box := p.result(label, r, artifacts)
		entry.Call("replaceWith", box)
		box.Call("scrollIntoView", map[string]any{"block": "nearest"})
		if after != nil {
			after(r)
		}
		p.paintPanel()
	})
}

// logOf is the log a step's results go to.
func logOf(step js.Value) js.Value { return step.Call("querySelector", ".lv-log") }

func (p *page) sendDiff() {
	s := &p.live.panel
	road := p.road()
	p.run(logOf(s.el.rvStep1), p.sendVerb("SendMessage")+" · the diff", panel.DiffArgs{Binding: s.binding, Road: road}, func(r *panel.Result) {
		p.roadSent(s.el.rvStep1, road, r)
		if r.Task != nil {
			s.review = r.Task
			s.el.rvTask.Set("value", r.Task.ID)
			s.el.rvCtx.Set("value", r.Task.ContextID)
		}
	})
}

func (p *page) answerReview(variant panel.Variant) {
	s := &p.live.panel
	e := &s.el
	taskID := strings.TrimSpace(e.rvTask.Get("value").String())
	ctx := strings.TrimSpace(e.rvCtx.Get("value").String())
	args := panel.AnswerArgs{TaskID: taskID, Text: e.rvText.Get("value").String(), Binding: s.binding}
	label := "SendMessage · the answer"
	switch {
	case variant != "":
		args.Variant = variant
		label = map[panel.Variant]string{
			panel.WrongTask:    "SendMessage · a taskId it never issued",
			panel.NoContext:    "SendMessage · no contextId",
			panel.OtherContext: "SendMessage · another contextId",
		}[variant]
	case ctx == "":
		args.Variant = panel.NoContext
		label = "SendMessage · no contextId"
	default:
		args.ContextID = ctx
		if s.review != nil && (taskID != s.review.ID || ctx != s.review.ContextID) {
			label = "SendMessage · your edited ids"
		}
	}
	if taskID == "" {
		dom.Append(logOf(e.rvStep2), h("p", "lv-error", "Give a taskId: the task that asked is the one to answer."))
		return
	}
	if s.review == nil || taskID != s.review.ID {
		args.Agent = p.agentFor("code-reviewer")
	}
	p.run(logOf(e.rvStep2), label, args, func(r *panel.Result) {
		if r.Task != nil && s.review != nil && r.Task.ID == s.review.ID {
			s.review = r.Task
		}
	})
}

func (p *page) deploy() {
	s := &p.live.panel
	step := s.el.dpStep1
	if t := p.lastDeploy(); t != nil && t.Terminal {
		step = s.el.dpStep4
	}
	road := p.road()
	p.run(logOf(step), p.sendVerb("SendStreamingMessage")+" · deploy "+dom.Attr(s.el.deploy, "data-build"), panel.DeployArgs{Binding: s.binding, Road: road}, func(r *panel.Result) {
		p.roadSent(s.el.dpStep1, road, r) // the first step stays in view while the task waits
		if r.Task != nil {
			s.deploys = append(s.deploys, r.Task.ID)
		}
	})
}

func (p *page) runPlanner() {
	s := &p.live.panel
	p.run(logOf(s.el.plStep1), "SendMessage · to the planner", panel.PlanArgs{Binding: s.binding}, func(r *panel.Result) {
		if r.Task != nil {
			s.plan = r.Task
		}
	})
}

func (p *page) answerPlanner() {
	s := &p.live.panel
	if s.plan == nil {
		return
	}
	args := panel.AnswerArgs{TaskID: s.plan.ID, Text: s.el.plText.Get("value").String(), Binding: s.binding}
	p.run(logOf(s.el.plStep2), "SendMessage · the answer, to the planner", args, func(r *panel.Result) {
		if r.Task != nil && s.plan != nil && r.Task.ID == s.plan.ID {
			s.plan = r.Task
		}
	})
}

// onTask makes a move on a task: op is answer, sendWhileWaiting,
// getTask, subscribe or cancel; text is the message of an answer.
func (p *page) onTask(step js.Value, op, id, text string) {
	s := &p.live.panel
	log := logOf(step)
	if id == "" {
		dom.Append(log, h("p", "lv-error", "No task yet: start with the first step."))
		return
	}
	label := map[string]string{"answer": "SendMessage", "sendWhileWaiting": "SendMessage while it waits", "getTask": "GetTask", "subscribe": "SubscribeToTask", "cancel": "CancelTask"}[op] +
		" · task " + replay.ShortID(id)
	var c panel.Command
	task := panel.TaskArgs{TaskID: id, Binding: s.binding}
	switch op {
	case "answer":
		c = panel.AnswerArgs{TaskID: id, Text: text, Binding: s.binding}
	case "sendWhileWaiting":
		c = panel.MessageArgs{TaskID: id, Text: text, Binding: s.binding}
	case "getTask":
		c = panel.GetTaskArgs{TaskArgs: task}
	case "subscribe":
		c = panel.SubscribeArgs{TaskArgs: task}
	default:
		c = panel.CancelArgs{TaskArgs: task}
	}
	p.run(log, label, c, nil)
}

func (p *page) tryMove(op string) {
	e := &p.live.panel.el
	id := e.tryTask.Get("value").String()
	if id == "" {
		dom.Append(logOf(e.tryStep), h("p", "lv-error", "No task yet: run a scenario first, or send a message of your own."))
		return
	}
	text := ""
	if op == "answer" {
		if text = e.tryText.Get("value").String(); text == "" {
			text = "Hello"
		}
	}
	p.onTask(e.tryStep, op, id, text)
}

func (p *page) sendOwn() {
	s := &p.live.panel
	e := &s.el
	agent := e.sendAgent.Get("value").String()
	stream := e.sendStream.Get("checked").Bool()
	label := "SendMessage · to "
	if stream {
		label = "SendStreamingMessage · to "
	}
	if agent == "" {
		label += "the agent"
	} else {
		label += agent
	}
	p.run(logOf(e.sendStep), label, panel.SendArgs{Agent: agent, Text: e.sendText.Get("value").String(), Stream: stream, Binding: s.binding}, nil)
}

// decide posts the link of what waits for the operator: the approve
// link, or the refuse link beside it, of the task it names.
func (p *page) decide(w panel.Waiting, approve bool) {
	s := &p.live.panel
	who := "task"
	if w.Agent != "" {
		who = "the " + w.Agent + "'s task"
	}
	verb, op, done := "Approve", "approve", "approved"
	if !approve {
		verb, op, done = "Refuse", "refuse", "refused"
	}
	// Offline the worker's session holds the in-page kit's token; a
	// remote kit's is the one the learner pasted.
	args := panel.DecideArgs{URL: w.URL}
	if s.snap.Mode == panel.Remote {
		args.Token = strings.TrimSpace(s.el.opToken.Get("value").String())
	}
	var c panel.Command = panel.ApproveArgs{DecideArgs: args}
	if !approve {
		c = panel.RefuseArgs{DecideArgs: args}
	}
	p.run(s.el.opLog, verb+" · POST "+op+" link of "+who+" "+replay.ShortID(w.Task), c, func(r *panel.Result) {
		if r.HTTP != nil && r.HTTP.Status == 200 {
			s.decided[w.URL] = done
		}
	})
}

// agentFor names a kit agent, or in a remote session the one agent when
// there is only one.
func (p *page) agentFor(name string) string {
	as := p.live.panel.snap.Agents
	if p.hasAgent(name) || len(as) != 1 {
		return name
	}
	return as[0].Name
}

func (p *page) hasAgent(name string) bool {
	for _, a := range p.live.panel.snap.Agents {
		if a.Name == name {
			return true
		}
	}
	return false
}

// taskNow is the task with id as the last snapshot has it.
func (p *page) taskNow(id string) *panel.Task {
	if id == "" {
		return nil
	}
	for i := range p.live.panel.snap.Tasks {
		if t := &p.live.panel.snap.Tasks[i]; t.ID == id {
			return t
		}
	}
	return nil
}

// now is task as the last snapshot has it, or as the move left it.
func (p *page) now(task *panel.Task) *panel.Task {
	if task == nil {
		return nil
	}
	if t := p.taskNow(task.ID); t != nil {
		return t
	}
	return task
}

func (p *page) lastDeploy() *panel.Task {
	d := p.live.panel.deploys
	if len(d) == 0 {
		return nil
	}
	return p.taskNow(d[len(d)-1])
}

func (p *page) waitingDeploy() *panel.Task {
	d := p.live.panel.deploys
	for i := len(d) - 1; i >= 0; i-- {
		if t := p.taskNow(d[i]); t != nil && t.State == replay.StateAuthRequired {
			return t
		}
	}
	return p.lastDeploy()
}

func (p *page) streamOf(taskID string) *panel.Stream {
	ss := p.live.panel.snap.Streams
	for i := len(ss) - 1; i >= 0; i-- {
		if ss[i].TaskID == taskID {
			return &ss[i]
		}
	}
	return nil
}

// The session.

// saveSession downloads the session's transcript as the worker writes
// it: as recorded, or normalised (on the synthetic clock, with
// deterministic ids) when the learner asks.
func (p *page) saveSession() {
	s := &p.live.panel
	if s.exchanges == 0 {
		return
	}
	norm := s.el.normalize.Get("checked").Bool()
	p.call(panel.SaveOptions{Normalize: norm}, func(r any, err error) {
		if err != nil {
			p.status("Could not save the session: "+err.Error(), "error")
			return
		}
		name := "a2aplay-live-session.http"
		if norm {
			name = "a2aplay-live-session-normalised.http"
		}
		dom.Download(name, "text/plain;charset=utf-8", r.(*panel.Saved).Text)
	})
}

// replaySession opens the session in Replay, like a file the learner
// opened: the transcript as the worker writes it.
func (p *page) replaySession() {
	s := &p.live.panel
	if s.exchanges == 0 {
		return
	}
	p.call(panel.SaveOptions{}, func(r any, err error) {
		if err == nil {
			_, err = p.loadText("a2aplay-live-session.http", r.(*panel.Saved).Text)
		}
		if err != nil {
			p.status("The session does not replay: "+err.Error(), "error")
		}
	})
}

// endSession closes the session and counts the worker's goroutines
// until they are back to what they were before it.
func (p *page) endSession() {
	s := &p.live.panel
	s.el.end.Set("disabled", true)
	p.status("Ending the session: canceling its tasks, stopping its agents…", "busy")
	fail := func(err error) {
		p.status("Could not end the session: "+err.Error(), "error")
		p.paintPanel()
	}
	p.call(panel.CloseArgs{}, func(_ any, err error) {
		if err != nil {
			fail(err)
			return
		}
		// A goroutine may still be on its way out: count until it is.
		tries := 0
		var count func()
		count = func() {
			p.call(panel.StatsArgs{}, func(r any, err error) {
				if err != nil {
					fail(err)
					return
				}
				n := r.(*panel.Stats).Goroutines
				if tries++; tries < 40 && s.before >= 0 && n > s.before {
					dom.Go(func() {
						time.Sleep(50 * time.Millisecond)
						p.do(count)
					})
					return
				}
				s.after, s.closed, s.open = n, true, false
				p.status("Session ended: its tasks are canceled and its agents stopped. Save it or replay it; or start a new one.", "ok")
				p.paintPanel()
				dom.SetAttr(s.el.offline, "aria-pressed", "false")
			})
		}
		count()
	})
}
