//go:build js && wasm

package viewer

// How the Live panel (panel.go) paints the session: the cards from the
// snapshot, the operator's list, the tasks and streams, the footer, and
// each move's result. Everything an agent says is set as text.

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// live says whether moves can be made: a session is open and not ending.
func (s *panelState) live() bool { return s.open && !s.snap.Closed && !s.opening }

// paintPanel brings the panel up to the session's state.
func (p *page) paintPanel() {
	s := &p.live.panel
	e := &s.el
	if e.status.IsUndefined() {
		return
	}
	live := s.live()
	dom.SetAttr(e.offline, "aria-pressed", strconv.FormatBool(s.mode == panel.Offline && s.open))
	dom.SetAttr(e.remote, "aria-pressed", strconv.FormatBool(s.mode == panel.Remote || !e.remoteForm.Get("hidden").Bool()))
	for _, b := range e.bindings {
		dom.SetAttr(b, "aria-pressed", strconv.FormatBool(dom.Attr(b, "data-binding") == string(s.binding)))
	}
	p.paintVersions() // panel03.go
	p.paintReviewCard(live)
	p.paintDeployCard(live)
	p.paintPlannerCard(live)
	p.paintTryCard(live)
	p.paintOperator(live)
	p.paintTasks()
	p.paintFoot()
	p.paintRoads() // roads.go
}

// paintReviewCard shows the review card's steps as far as its task went.
func (p *page) paintReviewCard(live bool) {
	s := &p.live.panel
	e := &s.el
	review := p.now(s.review)
	e.sendDiff.Set("disabled", !live || !p.hasAgent("code-reviewer"))
	dom.SetHidden(e.rvStep2, review == nil)
	enable(e.rvStep2, live)
	reviewDone := review != nil && review.Terminal
	dom.SetHidden(e.rvStep3, !reviewDone)
	enable(e.rvStep3, live)
	if review != nil {
		dom.SetText(e.sendDiff, "Send the diff again (a new task)")
	} else {
		dom.SetText(e.sendDiff, "Send the diff")
	}
	dom.SetClass(e.sendDiff, "primary", review == nil)
	dom.SetHidden(e.rvNext, !reviewDone)
}

// paintDeployCard shows the deploy card's steps as far as its last task
// went.
func (p *page) paintDeployCard(live bool) {
	e := &p.live.panel.el
	dep, waiting := p.lastDeploy(), p.waitingDeploy()
	depDone := dep != nil && dep.Terminal
	e.deploy.Set("disabled", !live || !p.hasAgent("deployer"))
	dom.SetHidden(e.dpStep2, dep == nil)
	dom.SetHidden(e.dpStep3, waiting == nil || waiting.State != replay.StateAuthRequired)
	dom.SetHidden(e.dpStep4, !depDone)
	enable(e.dpStep3, live)
	enable(e.dpStep4, live)
	p.watch(e.dpWatch, dep)
	dom.SetClass(e.deploy, "primary", dep == nil)
	dom.SetHidden(e.dpNext, !depDone)
}

// paintPlannerCard shows the planner card's steps and its task's ids.
func (p *page) paintPlannerCard(live bool) {
	s := &p.live.panel
	e := &s.el
	plan := p.now(s.plan)
	e.plan.Set("disabled", !live || !p.hasAgent("planner"))
	dom.SetHidden(e.plStep2, plan == nil)
	dom.SetHidden(e.plStep3, !(plan != nil && (plan.State == replay.StateAuthRequired || logOf(e.plStep3).Get("childElementCount").Int() > 0 || plan.Terminal)))
	enable(e.plStep2, live)
	enable(e.plStep3, live)
	dom.Clear(e.plIDs)
	if plan != nil {
		dom.Append(e.plIDs, h("dt", "", "taskId"), h("dd", "mono", plan.ID), h("dt", "", "contextId"), h("dd", "mono", plan.ContextID), h("dt", "", "state"), h("dd", "", chip(plan.State)))
	}
	p.watch(e.plWatch, plan)
	dom.SetClass(e.plan, "primary", plan == nil)
	dom.SetHidden(e.plNext, !(plan != nil && plan.Terminal))
	dom.SetClass(e.plSub, "primary", plan == nil || p.streamOf(plan.ID) == nil)
}

// paintTryCard fills the "try your own" card's lists of tasks and
// agents.
func (p *page) paintTryCard(live bool) {
	s := &p.live.panel
	e := &s.el
	// Moves to try: the task list and the agents. Options are rebuilt
	// only when they change: a select rebuilt under the learner's
	// pointer would close.
	var key strings.Builder
	for _, t := range s.snap.Tasks {
		key.WriteString(t.ID + t.State + ",")
	}
	if k := key.String(); k != e.tryTaskKey {
		e.tryTaskKey = k
		var opts []option
		for _, t := range s.snap.Tasks {
			opts = append(opts, option{t.ID, t.Agent + " · " + replay.ShortID(t.ID) + " · " + replay.ShortState(t.State)})
		}
		setOptions(e.tryTask, opts, true)
	}
	enable(e.tryStep, live && e.tryTask.Get("value").String() != "")
	key.Reset()
	for _, a := range s.snap.Agents {
		key.WriteString(a.Name + a.URL + ",")
	}
	if k := key.String(); k != e.sendAgentKey {
		e.sendAgentKey = k
		var opts []option
		for _, a := range s.snap.Agents {
			opts = append(opts, option{a.Name, a.Name + " · " + a.URL})
		}
		setOptions(e.sendAgent, opts, false)
	}
	e.send.Set("disabled", !live || e.sendAgent.Get("value").String() == "")
}

// enable enables or disables every button of a step. It reads only
// the buttons to change: a step's log holds a button for each result,
// and reading them all at every paint cost 10 ms of each Live event at
// 700 exchanges (bench -live-only -profile).
func enable(step js.Value, on bool) {
	sel := "button:not([disabled])"
	if on {
		sel = "button[disabled]"
	}
	for _, b := range dom.All(step, sel) {
		b.Set("disabled", !on)
	}
}

type option struct{ value, text string }

// setOptions replaces a select's options, keeping the one selected if it
// is still there; else the last is selected when last is set.
func setOptions(sel js.Value, opts []option, last bool) {
	keep := sel.Get("value").String()
	dom.Clear(sel)
	kept := false
	for _, o := range opts {
		el := h("option", "", o.text)
		el.Set("value", o.value)
		dom.Append(sel, el)
		kept = kept || o.value == keep && keep != ""
	}
	switch {
	case kept:
		sel.Set("value", keep)
	case last && len(opts) > 0:
		sel.Set("value", opts[len(opts)-1].value)
	}
}

// watch shows a task's state now and the stream that carries it.
func (p *page) watch(el js.Value, task *panel.Task) {
	dom.Clear(el)
	t := p.now(task)
	if t == nil {
		return
	}
	dom.Append(el, h("span", "lv-muted", "now: "), dom.Text("task "), idCode(t.ID), dom.Text(" "), chip(t.State))
	if st := p.streamOf(t.ID); st != nil {
		dom.Append(el, h("span", "lv-stream "+openClass(st.Open), "stream #"+strconv.Itoa(st.ID)+" "+openClass(st.Open)+" · "+count(st.Events, "event")))
	}
	if d, ok := p.live.panel.decided[t.ApproveURL]; ok && t.ApproveURL != "" {
		dom.Append(el, h("span", "lv-muted", " · the operator "+d))
	}
}

func openClass(open bool) string {
	if open {
		return "open"
	}
	return "closed"
}

// paintOperator lists what waits for an operator (the snapshot's
// Waiting): one item per approve link, named after the task and agent
// the link decides.
func (p *page) paintOperator(live bool) {
	s := &p.live.panel
	e := &s.el
	ws := s.snap.Waiting
	// The operator's credential: held by the page for its own kit,
	// asked of the learner for a remote one.
	remote := s.snap.Mode == panel.Remote
	dom.SetHidden(e.opTokenHeld, remote)
	dom.SetHidden(e.opTokenAsk, !remote)
	dom.SetHidden(e.opEmpty, len(ws) > 0)
	dom.SetClass(e.operator, "waiting", len(ws) > 0)
	var key strings.Builder
	for _, w := range ws {
		key.WriteString(w.URL + s.decided[w.URL])
		for _, t := range w.PassedUp {
			key.WriteString("+" + t.ID)
		}
		key.WriteString(",")
	}
	key.WriteString(strconv.FormatBool(live))
	if key.String() == e.opKey {
		return
	}
	e.opKey = key.String()
	dom.Clear(e.opList)
	for _, w := range ws {
		agent := view.AgentOfLink(w.Agent, w.URL) // "the agent at HOST" when no agent of the session serves it
		li := h("li", "lv-op-item", h("div", "", h("b", "", agent), " · task ", idCode(w.Task), " ", chip(w.State)))
		dom.SetAttr(li, "data-task", w.Task)
		dom.SetAttr(li, "data-url", w.URL)
		if len(w.PassedUp) > 0 {
			up := h("p", "lv-muted small lv-passed-up", "passed up by ")
			for i, t := range w.PassedUp {
				if i > 0 {
					dom.Append(up, dom.Text(", "))
				}
				dom.Append(up, dom.Text("the "+t.Agent+"'s task "), idCode(t.ID))
			}
			if !w.Own {
				whose := "the " + w.Agent + "'s task"
				if w.Agent == "" {
					whose = "the task of " + agent
				}
				dom.Append(up, dom.Text(" (§7.6.2): you decide "+whose+", and the "+w.PassedUp[0].Agent+"'s resumes with it"))
			}
			dom.Append(li, up)
		}
		if w.Says != "" {
			dom.Append(li, says(w.Says, w.State))
		}
		if !strings.Contains(w.Says, w.URL) {
			dom.Append(li, h("p", "lv-muted small", "approve link: ", h("code", "lv-url", w.URL)))
		}
		_, decided := s.decided[w.URL]
		approve := h("button", "btn approve", "Approve")
		refuse := h("button", "btn refuse", "Refuse")
		for _, b := range []js.Value{approve, refuse} {
			b.Set("type", "button")
			b.Set("disabled", !live || decided)
		}
		dom.SetAttr(approve, "data-decide", "approve")
		dom.SetAttr(refuse, "data-decide", "refuse")
		dom.On(approve, "click", func(js.Value) { p.do(func() { p.decide(w, true) }) })
		dom.On(refuse, "click", func(js.Value) { p.do(func() { p.decide(w, false) }) })
		dom.Append(li, h("div", "lv-controls", approve, refuse))
		dom.Append(e.opList, li)
	}
}

func (p *page) paintTasks() {
	s := &p.live.panel
	ul := h("ul", "")
	for _, t := range s.snap.Tasks {
		dom.Append(ul, h("li", "", h("span", "lv-muted", t.Agent), " ", idCode(t.ID), " ", chip(t.State)))
	}
	for _, st := range s.snap.Streams {
		li := h("li", "", h("span", "lv-stream "+openClass(st.Open), "stream #"+strconv.Itoa(st.ID)),
			" "+st.Move+" → "+st.Agent+" · "+openClass(st.Open)+" · "+count(st.Events, "event"))
		if st.State != "" {
			dom.Append(li, dom.Text(" · "), chip(st.State))
		}
		if st.Error != "" {
			dom.Append(li, h("span", "lv-muted", " · "+st.Error))
		}
		dom.Append(ul, li)
	}
	if len(s.snap.Tasks)+len(s.snap.Streams) == 0 {
		dom.Append(ul, h("li", "lv-quiet", "No task yet."))
	}
	dom.Clear(s.el.tasks)
	dom.Append(s.el.tasks, ul)
}

func (p *page) paintFoot() {
	s := &p.live.panel
	e := &s.el
	if e.gor.IsUndefined() {
		return
	}
	live := s.open && !s.snap.Closed
	e.end.Set("disabled", !live)
	e.save.Set("disabled", s.exchanges == 0)
	e.replay.Set("disabled", s.exchanges == 0)
	var parts []string
	if s.before >= 0 {
		parts = append(parts, strconv.Itoa(s.before)+" before the session")
	}
	if live {
		parts = append(parts, strconv.Itoa(s.snap.Goroutines)+" now")
	}
	if s.after >= 0 {
		parts = append(parts, strconv.Itoa(s.after)+" after it ended")
	}
	text := strings.Join(parts, " · ")
	if text == "" {
		text = "…"
	}
	dom.Clear(e.gor)
	dom.Append(e.gor, h("span", "lv-muted", "Goroutines in the worker: "), dom.Text(text))
	if s.after >= 0 && s.before >= 0 {
		if s.after <= s.before {
			dom.Append(e.gor, h("span", "lv-ok", " · none left behind"))
		} else {
			dom.Append(e.gor, h("span", "lv-error", " · "+strconv.Itoa(s.after-s.before)+" still running"))
		}
	}
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// chip is a task state as a coloured label, its full name as the title.
func chip(state string) js.Value {
	class := "other"
	if state != "" {
		class = cssState(state)
	}
	c := h("span", "state st-"+class, or(replay.ShortState(state), "?"))
	c.Set("title", state)
	return c
}

// idCode is an id as the diagram writes it (replay.ShortID), whole in
// its title.
func idCode(id string) js.Value {
	c := h("code", "", replay.ShortID(id))
	c.Set("title", id)
	return c
}

// says quotes what an agent said, edged in the colour of the state it
// said it in.
func says(text, state string) js.Value {
	class := "lv-says"
	switch state {
	case replay.StateInputRequired:
		class += " input"
	case replay.StateAuthRequired:
		class += " auth"
	}
	return h("blockquote", class, text)
}

// h builds an element of a class with children: strings become text
// nodes, never markup.
func h(tag, class string, kids ...any) js.Value {
	el := dom.El(tag, class)
	for _, k := range kids {
		switch k := k.(type) {
		case string:
			el.Call("append", k) // append takes a string as text
		case js.Value:
			el.Call("append", k)
		}
	}
	return el
}
