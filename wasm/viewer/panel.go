//go:build js && wasm

package viewer

// The Live panel: the learner plays the client (and, in a panel drawn
// apart, the operator) against real A2A agents. Its markup is the
// page's (web/index.html); this file starts the agents' worker, sends it
// the learner's moves and paints the panel from what it answers.
//
// The agents run in a Web Worker (web/live-worker.js, live.wasm): the
// page never waits for them. The worker speaks the protocol of package
// live: commands {id, op, args}, replies {id, result|error}, updates
// {type: "transcript"|"state"|"ready"|"error"}. Replies and updates
// are read into package panel's types a member at a time
// (panel.ReadSnapshot, panel.ReadResult), and commands' arguments
// posted as their members (panel.Args), without encoding/json; the
// worker encodes and decodes the same declarations with it. A transcript the worker posts is drawn here like
// any other.
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
	pending map[int]func(result js.Value, err error)
	ready   bool // the worker's module runs

	mode    panel.Mode
	binding panel.Binding
	snap    panel.Snapshot
	open    bool // a session is open
	closed  bool // the learner ended it
	opening bool

	before, after int // goroutines before the session and after it ended; -1: not counted
	transcript    string
	exchanges     int

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
	bindings, tabs                             []js.Value
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
	s.pending = map[int]func(js.Value, error){}
	s.decided = map[string]string{}
	s.mode, s.binding = panel.Offline, panel.JSONRPC
	s.before, s.after = -1, -1
	p.findPanel()
	p.wirePanel()
	p.panelScenario(lv.scenario, false)
	w, err := p.startWorker(p.liveWorker(), func(err error) {
		p.status("The inline live module could not be read: "+err.Error(), "error")
	})
	if err != nil {
		p.status("The agents' worker could not start: "+err.Error(), "error")
		return
	}
	s.w = w
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
	p.status("Loading the agents (a second WebAssembly module, about 2 MB)…", "busy")
	// Counted before any session, to compare with after "End session".
	p.call("stats", nil, func(r js.Value, err error) {
		if err == nil {
			s.before = r.Get("goroutines").Int()
			p.paintFoot()
		}
	})
	p.openSession(panel.OpenArgs{Mode: panel.Offline})
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
			p.openSession(panel.OpenArgs{Mode: panel.Offline})
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
			p.status("Give the base URL of an A2A v1.0 agent, like http://localhost:41242.", "error")
			return
		}
		s.mode = panel.Remote
		p.openSession(panel.OpenArgs{Mode: panel.Remote, URLs: urls})
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

// call posts a command to the worker; done gets its result or error,
// holding the page's mu.
func (p *page) call(op string, args panel.Args, done func(result js.Value, err error)) {
	s := &p.live.panel
	if s.w.IsUndefined() {
		done(js.Undefined(), errors.New("the live worker is not running"))
		return
	}
	a := js.Global().Get("Object").New()
	if args != nil {
		a = js.ValueOf(args.Fields())
	}
	s.seq++
	s.pending[s.seq] = done
	s.w.Call("postMessage", map[string]any{"id": s.seq, "op": op, "args": a})
}

// receive takes a message of the worker: a reply or an update.
func (p *page) receive(m js.Value) {
	s := &p.live.panel
	if m.Type() != js.TypeObject {
		p.status("The agents' worker sent something that is not a message.", "error")
		return
	}
	if id := m.Get("id"); id.Type() == js.TypeNumber {
		if done := s.pending[id.Int()]; done != nil {
			delete(s.pending, id.Int())
			if e := m.Get("error"); e.Type() == js.TypeString {
				done(js.Undefined(), errors.New(e.String()))
			} else {
				done(m.Get("result"), nil)
			}
			return
		}
	}
	kind := ""
	if t := m.Get("type"); t.Type() == js.TypeString {
		kind = t.String()
	}
	switch kind {
	case "ready":
		s.ready = true
	case "transcript":
		if t := m.Get("text"); t.Type() == js.TypeString {
			text := t.String()
			if text == s.transcript {
				return // nothing new to draw
			}
			s.transcript = text
			s.exchanges = m.Get("exchanges").Int()
			if r := p.liveDraw(text); r.err != nil {
				p.status("The session's transcript does not parse: "+r.err.Error(), "error")
			}
			p.paintFoot()
		} else if e := m.Get("error"); e.Type() == js.TypeString {
			p.status("The session could not be recorded: "+e.String(), "error")
		}
	case "state":
		snap, err := panel.ReadSnapshot(jsValue{m.Get("state")})
		if err != nil {
			p.status("The agents' worker sent a state the page cannot read: "+err.Error(), "error")
			return
		}
		s.snap = snap
		p.paintPanel()
	default:
		msg := js.Global().Get("JSON").Call("stringify", m).String()
		if e := m.Get("error"); e.Type() == js.TypeString {
			msg = e.String()
		}
		if !s.ready {
			msg += ". Reload the page to try again; if it goes on, rebuild the site (./build.sh serve)."
		}
		p.status("The agents' worker says: "+msg, "error")
	}
}

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
	open := func() {
		p.liveReset()
		p.call("open", args, func(r js.Value, err error) {
			s.opening = false
			var snap panel.Snapshot
			if err == nil {
				snap, err = panel.ReadSnapshot(jsValue{r})
			}
			if err != nil {
				s.open = false
				if args.Mode == panel.Remote {
					p.status("Could not read the agents' cards: "+err.Error()+". Is the agent running, and does it allow CORS? The kit does: run a2aplay agents. The served page may only fetch the origins its Content-Security-Policy names (a2aplay serve -connect-src).", "error")
				} else {
					p.status("The session could not open: "+err.Error(), "error")
				}
				p.paintPanel()
				return
			}
			s.snap, s.open, s.closed, s.mode = snap, true, false, snap.Mode
			var names []string
			for _, a := range snap.Agents {
				names = append(names, a.Name)
			}
			if snap.Mode == panel.Remote {
				p.status("Connected: "+strings.Join(names, ", ")+". Requests go from this page to the agents through the browser's fetch.", "ok")
			} else {
				p.status("Ready: "+strings.Join(names, ", ")+" run in a Web Worker of this page. Nothing leaves your browser.", "ok")
			}
			p.paintPanel()
		})
	}
	if !s.open && !s.closed {
		open()
		return
	}
	// Count again: the session before may have left goroutines.
	p.call("stats", nil, func(r js.Value, err error) {
		if err == nil {
			s.before = r.Get("goroutines").Int()
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
func (p *page) run(log js.Value, label, op string, args panel.Args, after func(r *panel.Result)) {
	// A move that may end a task shows its artifacts open; a look at a
	// task (GetTask, a subscription) keeps them folded.
	artifacts := op == "sendDiff" || op == "answer" || op == "runPlanner" || op == "send"
	entry := h("div", "lv-result pending", h("div", "lv-r-head", h("b", "", label), " · ", "waiting for the answer…"))
	dom.Append(log, entry)
	entry.Call("scrollIntoView", map[string]any{"block": "nearest"})
	p.call(op, args, func(v js.Value, err error) {
		var r panel.Result
		if err == nil {
			r, err = panel.ReadResult(jsValue{v})
		}
		if err != nil {
			entry.Call("replaceWith", h("div", "lv-result failed", h("div", "lv-r-head", h("b", "", label)), h("p", "lv-error", err.Error())))
			p.paintPanel()
			return
		}
		box := p.result(label, &r, artifacts)
		entry.Call("replaceWith", box)
		box.Call("scrollIntoView", map[string]any{"block": "nearest"})
		if after != nil {
			after(&r)
		}
		p.paintPanel()
	})
}

// logOf is the log a step's results go to.
func logOf(step js.Value) js.Value { return step.Call("querySelector", ".lv-log") }

func (p *page) sendDiff() {
	s := &p.live.panel
	road := p.road()
	p.run(logOf(s.el.rvStep1), p.sendVerb("SendMessage")+" · the diff", "sendDiff", panel.DiffArgs{Binding: s.binding, Road: road}, func(r *panel.Result) {
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
	p.run(logOf(e.rvStep2), label, "answer", args, func(r *panel.Result) {
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
	p.run(logOf(step), p.sendVerb("SendStreamingMessage")+" · deploy "+dom.Attr(s.el.deploy, "data-build"), "deploy", panel.DeployArgs{Binding: s.binding, Road: road}, func(r *panel.Result) {
		p.roadSent(s.el.dpStep1, road, r) // the first step stays in view while the task waits
		if r.Task != nil {
			s.deploys = append(s.deploys, r.Task.ID)
		}
	})
}

func (p *page) runPlanner() {
	s := &p.live.panel
	p.run(logOf(s.el.plStep1), "SendMessage · to the planner", "runPlanner", panel.PlanArgs{Binding: s.binding}, func(r *panel.Result) {
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
	p.run(logOf(s.el.plStep2), "SendMessage · the answer, to the planner", "answer", args, func(r *panel.Result) {
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
	var args panel.Args
	switch op {
	case "answer":
		args = panel.AnswerArgs{TaskID: id, Text: text, Binding: s.binding}
	case "sendWhileWaiting":
		args = panel.MessageArgs{TaskID: id, Text: text, Binding: s.binding}
	default:
		args = panel.TaskArgs{TaskID: id, Binding: s.binding}
	}
	p.run(log, label, op, args, nil)
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
	p.run(logOf(e.sendStep), label, "send", panel.SendArgs{Agent: agent, Text: e.sendText.Get("value").String(), Stream: stream, Binding: s.binding}, nil)
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
	p.run(s.el.opLog, verb+" · POST "+op+" link of "+who+" "+replay.ShortID(w.Task), op, args, func(r *panel.Result) {
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

// saveSession downloads the session's transcript: as recorded, the one
// the worker last posted (at most 50 ms old), at once; normalised (on
// the synthetic clock, with deterministic ids), as the worker writes it
// on request.
func (p *page) saveSession() {
	s := &p.live.panel
	if s.transcript == "" {
		return
	}
	if !s.el.normalize.Get("checked").Bool() {
		dom.Download("a2aplay-live-session.http", "text/plain;charset=utf-8", s.transcript)
		return
	}
	p.call("save", panel.SaveOptions{Normalize: true}, func(r js.Value, err error) {
		if err == nil && r.Get("text").Type() != js.TypeString {
			err = errors.New("the worker sent no text")
		}
		if err != nil {
			p.status("Could not save the session normalised: "+err.Error(), "error")
			return
		}
		dom.Download("a2aplay-live-session-normalised.http", "text/plain;charset=utf-8", r.Get("text").String())
	})
}

// replaySession opens the session in Replay, like a file the learner
// opened.
func (p *page) replaySession() {
	s := &p.live.panel
	if s.transcript == "" {
		return
	}
	if _, err := p.loadText("a2aplay-live-session.http", s.transcript); err != nil {
		p.status("The session does not replay: "+err.Error(), "error")
	}
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
	p.call("close", nil, func(_ js.Value, err error) {
		if err != nil {
			fail(err)
			return
		}
		// A goroutine may still be on its way out: count until it is.
		tries := 0
		var count func()
		count = func() {
			p.call("stats", nil, func(r js.Value, err error) {
				if err != nil {
					fail(err)
					return
				}
				n := r.Get("goroutines").Int()
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
