//go:build js && wasm

package viewer

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

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
