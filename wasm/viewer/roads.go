//go:build js && wasm

package viewer

// The Live panel's road chooser: how the learner's client waits on a
// review or a deploy (spec §7.6.2). Keep the stream, subscribe later,
// webhook (a receiver in the worker, the in-page agents only) or poll
// every N s (driven from here: a "poll" command at the interval, each a
// GetTask in the diagram, until the task ends). What each road says and
// what it has brought are package view's (RoadNote, TallyRoad); the
// worker sends by the road (live/roads.go).

import (
	"strconv"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/backoff"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// roadState is the chooser's state; guarded by the page's mu.
type roadState struct {
	road    panel.Road // "" until the learner chooses: each card's own way
	el      js.Value   // the chooser's row
	note    js.Value
	every   js.Value // the poll interval's input
	buttons []js.Value
	watches []*roadWatch // what each send by a road waits on
}

// A roadWatch is a task the learner's client waits on by a road, and the
// box beside its step that says what the road has brought.
type roadWatch struct {
	road  panel.Road
	task  string
	agent string
	b     panel.Binding
	step  js.Value // the step whose log gets the polls and subscriptions
	box   js.Value
	every int  // poll: seconds
	polls int  // poll: asks sent
	on    bool // poll: polling goes on
	key   string
}

func (p *page) findRoads() {
	r := &p.live.panel.roads
	r.el = dom.ByID("lv-roads")
	r.note = dom.ByID("lv-road-note")
	r.every = dom.ByID("lv-poll-every")
	r.buttons = dom.All(r.el, "[data-road]")
}

func (p *page) wireRoads() {
	r := &p.live.panel.roads
	for _, b := range r.buttons {
		dom.On(b, "click", func(js.Value) {
			p.do(func() {
				road := panel.Road(dom.Attr(b, "data-road"))
				if r.road == road {
					road = panel.RoadDefault // a second press: back to each card's own way
				}
				r.road = road
				p.paintRoads()
			})
		})
	}
	dom.On(r.every, "input", func(js.Value) { p.do(p.paintRoads) })
}

// pollEvery is the interval the learner chose, within the bounds.
func (p *page) pollEvery() int {
	n, err := strconv.Atoi(p.live.panel.roads.every.Get("value").String())
	if err != nil {
		return panel.PollDefaultSeconds
	}
	return min(max(n, panel.PollMinSeconds), panel.PollMaxSeconds)
}

// road is the road a review or a deploy is sent by now.
func (p *page) road() panel.Road {
	r := &p.live.panel.roads
	if r.road == panel.RoadWebhook && p.live.panel.snap.Mode == panel.Remote {
		return panel.RoadDefault
	}
	return r.road
}

// sendVerb is the method a send by the road makes: def is the card's own.
func (p *page) sendVerb(def string) string {
	switch p.road() {
	case panel.RoadDefault:
		return def
	case panel.RoadStream:
		return "SendStreamingMessage"
	}
	return "SendMessage"
}

// roadSent starts waiting by the road on the task a send in step began.
func (p *page) roadSent(step js.Value, road panel.Road, r *panel.Result) {
	if road == panel.RoadDefault || road == panel.RoadStream || r.Task == nil {
		return
	}
	rs := &p.live.panel.roads
	for _, w := range rs.watches {
		if w.step.Equal(step) {
			w.on = false // a new send in the step: the old task's polls stop
			w.box.Call("remove")
		}
	}
	w := &roadWatch{road: road, task: r.Task.ID, agent: r.Agent, b: r.Binding, step: step, every: p.pollEvery()}
	w.box = h("div", "lv-road-watch")
	dom.SetAttr(w.box, "data-road", string(road))
	dom.SetAttr(w.box, "aria-live", "polite")
	logOf(step).Call("before", w.box)
	rs.watches = append(rs.watches, w)
	if road == panel.RoadPoll {
		w.on = true
		p.nextPoll(w)
	}
	p.paintRoads()
}

// nextPoll asks again after the schedule's wait (panel.PollWait: the
// interval chosen, then backing off), until the task ends, the session
// closes or the learner stops.
func (p *page) nextPoll(w *roadWatch) {
	wait := panel.PollWait(w.every, w.polls+1)
	every := time.Duration(wait) * time.Second
	dom.Go(func() {
		time.Sleep(every)
		p.do(func() {
			if !w.on || !p.live.panel.live() {
				w.on = false
				p.paintRoads()
				return
			}
			w.polls++
			w.on = false // until the answer says to go on
			args := panel.PollArgs{TaskID: w.task, HistoryLength: 1, Number: w.polls, Every: wait, Agent: w.agent, Binding: w.b}
			p.run(logOf(w.step), "GetTask · poll "+strconv.Itoa(w.polls)+" · task "+replay.ShortID(w.task), args, func(r *panel.Result) {
				if r.Task != nil && !r.Task.Terminal && r.Error == nil {
					w.on = true
					p.nextPoll(w)
				}
				p.paintRoads()
			})
			p.paintRoads()
		})
	})
}

// stopRoads ends every road's watch: a new session starts.
func (p *page) stopRoads() {
	rs := &p.live.panel.roads
	for _, w := range rs.watches {
		w.on = false
		w.box.Call("remove")
	}
	rs.watches = nil
}

// paintRoads brings the chooser and the watches up to date.
func (p *page) paintRoads() {
	s := &p.live.panel
	rs := &s.roads
	if rs.el.IsUndefined() || rs.el.IsNull() {
		return
	}
	remote := s.snap.Mode == panel.Remote
	road := p.road()
	for _, b := range rs.buttons {
		name := panel.Road(dom.Attr(b, "data-road"))
		dom.SetAttr(b, "aria-pressed", strconv.FormatBool(name == road && road != panel.RoadDefault))
		if name == panel.RoadWebhook {
			b.Set("disabled", remote)
			if remote {
				b.Set("title", view.WebhookRemote)
			} else {
				b.Set("title", "A receiver in this page's worker, which the in-page agents POST to")
			}
		}
	}
	every := p.pollEvery()
	// The longest wait: by the backoff.Factor-th ask it has doubled enough.
	note := view.RoadNote(string(road), remote, every, panel.PollWait(every, backoff.Factor))
	if road == panel.RoadDefault {
		note = "Each card's own way: the review's blocking SendMessage returns with the question; the deploy keeps its stream. Choose a road to wait another way."
	}
	if remote && road != panel.RoadWebhook {
		note += " " + view.WebhookRemote
	}
	dom.SetText(rs.note, note)
	dom.SetHidden(rs.every.Get("parentElement"), road != panel.RoadPoll)

	var steps []replay.Step
	if p.live.doc != nil {
		steps = p.live.doc.steps
	}
	for _, w := range rs.watches {
		p.paintWatch(w, view.TallyRoad(steps, w.task))
	}
}

// paintWatch says what a road has brought of its task.
func (p *page) paintWatch(w *roadWatch, t view.RoadTally) {
	live := p.live.panel.live()
	key := strconv.Itoa(t.Pushes) + t.PushState + strconv.Itoa(t.Polls) + t.PollState + strconv.FormatBool(w.on) + strconv.FormatBool(live)
	if key == w.key {
		return
	}
	w.key = key
	dom.Clear(w.box)
	task := idCode(w.task)
	switch w.road {
	case panel.RoadWebhook:
		put(w.box, h("b", "", "Webhook"), " · task ", task, " · ", count(t.Pushes, "notification")+" arrived")
		if t.PushState != "" {
			put(w.box, ", the last ", chip(t.PushState))
		}
		put(w.box, h("p", "lv-muted small", "Each arrival is a push arrow from the agent to client-webhook in the diagram: select it to read the POST and its token."))
	case panel.RoadPoll:
		what := "polling, the next ask " + strconv.Itoa(panel.PollWait(w.every, w.polls+1)) + " s after the last"
		if !w.on {
			what = "polling stopped"
		}
		put(w.box, h("b", "", "Poll"), " · task ", task, " · "+what+" · ", count(t.Polls, "ask")+" so far")
		if t.PollState != "" {
			put(w.box, ", the last saw ", chip(t.PollState))
		}
		if w.on {
			stop := h("button", "btn small", "Stop polling")
			stop.Set("type", "button")
			dom.On(stop, "click", func(js.Value) {
				p.do(func() {
					w.on = false
					p.paintRoads()
				})
			})
			put(w.box, " ", stop)
		}
	case panel.RoadSubscribe:
		put(w.box, h("b", "", "Subscribe later"), " · task ", task, " · no stream held. ")
		sub := h("button", "btn small", "SubscribeToTask now")
		sub.Set("type", "button")
		sub.Set("disabled", !live)
		dom.SetAttr(sub, "data-road-subscribe", w.task)
		dom.On(sub, "click", func(js.Value) { p.do(func() { p.onTask(w.step, "subscribe", w.task, "") }) })
		put(w.box, sub)
	}
}

// put appends children to el: strings as text, never markup.
func put(el js.Value, kids ...any) {
	for _, k := range kids {
		el.Call("append", k)
	}
}
