//go:build js && wasm

package viewer

import (
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// Predict mode: the Predict switch in the playback controls and the
// question under the diagram (section#predict). While it is on, a move
// forward stops before a step that has a question (view.Quiz says
// where), the steps after the current one are veiled whole, and a pick
// shows the step with the verdict, why, the rule and the score. What is
// asked and what a pick means is view's; this is the DOM.

// predictMode is predict mode's part of the page; guarded by its mu.
type predictMode struct {
	on    bool
	drawn view.Shown // what the panel shows, so that a paint rewrites only a change
	of    *doc       // in that transcript
	shown bool       // the panel shows drawn
	sw    *doc       // the transcript the switch was last set for
	veil  [2]bool    // the veils as last set: on, and at the overview
	el    struct{ on, panel, prompt, score, choices, verdict js.Value }
}

// quiz returns d's quiz, made the first time; nil when predict mode
// cannot ask in d: the Live session while it runs, which grows as the
// learner plays (its next step is the learner's own move, not one to
// guess; "Replay it", or a save opened, replays it with predict mode).
// Of a large file the opener holds, the page has only a window of steps:
// its quiz gathers the questions the opener sends with each window it
// asks for (orEmptyQuiz, and askQuestions when predict mode comes on).
func (p *page) quiz(d *doc) *view.Quiz {
	if d == nil || d == p.live.doc {
		return nil
	}
	if d.quiz == nil {
		d.quiz = view.NewQuiz(d.steps) // of a part, none: they come with its windows
	}
	return d.quiz
}

// orEmptyQuiz returns z, or an empty quiz for a large file's windows to fill.
func orEmptyQuiz(z *view.Quiz) *view.Quiz {
	if z == nil {
		return view.NewQuiz(nil)
	}
	return z
}

// askQuestions asks the opener for the window shown again, with predict
// mode's questions about it, when predict mode comes on in a large file
// whose quiz has none yet: the window the open sent came without them,
// so that an open the learner does not quiz costs nothing more.
func (p *page) askQuestions(d *doc) {
	if d != nil && d.part != nil && p.predict.on && d.quiz != nil && len(d.quiz.Qs) == 0 && !d.quizAsked {
		d.quizAsked = true
		p.askPart(d, max(p.nav.Cur, 1)) // the overview's window is step 1's; a part asked at 0 is none
	}
}

// wirePredict finds predict mode's elements and wires them.
func (p *page) wirePredict(on listener) {
	e := &p.predict.el
	e.on, e.panel = dom.ByID("predict-on"), dom.ByID("predict")
	e.prompt, e.score = dom.ByID("pr-prompt"), dom.ByID("pr-score")
	e.choices, e.verdict = dom.ByID("pr-choices"), dom.ByID("pr-verdict")
	on(e.on, "click", func(js.Value) { p.togglePredict() })
	on(e.choices, "click", func(ev js.Value) {
		b := ev.Get("target").Call("closest", "[data-c]")
		if b.IsNull() {
			return
		}
		c, err := strconv.Atoi(dom.Attr(b, "data-c"))
		if err == nil {
			p.pick(c)
		}
	})
}

// togglePredict turns predict mode on or off. Off, every step shows
// again; the picks and the score stay with the transcript.
func (p *page) togglePredict() {
	m := &p.predict
	m.on = !m.on
	dom.SetAttr(m.el.on, "aria-pressed", strconv.FormatBool(m.on))
	if z := p.quiz(p.cur); z != nil {
		z.Move(p.nav.Cur, p.nav.Cur) // no question is asked now
	}
	p.askQuestions(p.cur)
	p.paintPredict()
}

// predictStop returns where a move to position i goes: before the
// first question on the way that was not answered yet, when predict
// mode is on. A question asked stops playback.
func (p *page) predictStop(i int) int {
	z := p.quiz(p.cur)
	if !p.predict.on || z == nil {
		return i
	}
	i, asks := z.Move(p.nav.Cur, i)
	if asks {
		p.stop()
	}
	return i
}

// predictKey picks a choice with the digit keys while a question is
// asked, and reports whether it did.
func (p *page) predictKey(k view.Key) bool {
	z := p.quiz(p.cur)
	if !p.predict.on || z == nil {
		return false
	}
	q, ok := z.Asking()
	if !ok {
		return false
	}
	c := view.ChoiceOfKey(k, len(q.Choices))
	if c < 0 {
		return false
	}
	p.pick(c)
	return true
}

// pick answers the question asked with choice c and shows its step.
func (p *page) pick(c int) {
	z := p.quiz(p.cur)
	if !p.predict.on || z == nil {
		return
	}
	if k := z.Pick(c); k > 0 {
		p.goTo(k, step)
	}
}

// paintPredict shows predict mode as it is at the current position:
// the switch, the veils, and the panel's question or verdict.
func (p *page) paintPredict() {
	m := &p.predict
	z := p.quiz(p.cur)
	p.paintPredictSwitch(z)
	on := m.on && z != nil
	p.paintVeils(on)
	if !on {
		m.shown = false
		return
	}
	if q, ok := z.Asking(); ok && q.Step != p.nav.Cur+1 {
		z.Move(p.nav.Cur, p.nav.Cur) // asked at another position: the page moved since
	}
	dom.SetText(m.el.score, z.Score.String())
	r, ok := z.At(p.nav.Cur)
	if !ok {
		r = view.Shown{Picked: -2} // no question here
	}
	if m.shown && m.of == p.cur && sameShown(r, m.drawn) {
		return
	}
	m.drawn, m.of, m.shown = r, p.cur, true
	focus := p.focusedChoice()
	dom.Clear(m.el.choices)
	dom.Clear(m.el.verdict)
	dom.SetHidden(m.el.verdict, r.Picked < 0)
	if !ok {
		dom.SetText(m.el.prompt, "Step on: before each step that changes a task's state or passes the turn to someone new, you guess what comes next.")
		return
	}
	dom.SetText(m.el.prompt, r.Q.Prompt)
	p.paintChoices(r, focus)
	if r.Picked < 0 {
		p.text.announce.set(r.Q.Prompt + " Press 1 to " + strconv.Itoa(min(len(r.Q.Choices), 9)) + " to answer.")
		return
	}
	p.paintVerdict(r)
}

// paintPredictSwitch enables predict mode's switch where the transcript
// shown has questions (z), and says why not where it has none.
func (p *page) paintPredictSwitch(z *view.Quiz) {
	m := &p.predict
	if m.sw == p.cur { // none: Live before its first exchange
		return
	}
	m.sw = p.cur
	m.el.on.Set("disabled", z == nil)
	title := "Guess what comes next before each step that decides something"
	if z == nil {
		title = "Predict works on a replay: a shipped transcript or a file you opened (save a Live session and open it)"
	}
	dom.SetAttr(m.el.on, "title", title)
}

// paintVeils veils the steps not yet guessed, and the whole diagram at
// the overview, while predict mode is on, and shows its panel.
func (p *page) paintVeils(on bool) {
	m := &p.predict
	veil := [2]bool{on, on && p.nav.Cur == 0}
	if veil == m.veil {
		return
	}
	m.veil = veil
	dom.SetClass(p.el.diagram, "predicting", on)
	dom.SetClass(p.el.diagram, "at-overview", veil[1])
	dom.SetClass(p.el.lane, "predicting", on)
	dom.SetClass(p.el.lane, "at-overview", veil[1])
	dom.SetHidden(m.el.panel, !on)
}

// focusedChoice returns the choice that has the focus, or -1. It keeps
// the focus in the new buttons: the keyboard's user who pressed it reads
// on from there.
func (p *page) focusedChoice() int {
	if b := dom.Document().Get("activeElement"); !b.IsNull() && p.predict.el.choices.Call("contains", b).Bool() {
		if c, err := strconv.Atoi(dom.Attr(b, "data-c")); err == nil {
			return c
		}
	}
	return -1
}

// paintChoices puts r's choices into the panel as buttons, the right
// and the wrong one marked once the learner picked, and focuses the
// choice focus.
func (p *page) paintChoices(r view.Shown, focus int) {
	m := &p.predict
	for i, c := range r.Q.Choices {
		b := dom.El("button", "", dom.TextEl("span", "pr-n", strconv.Itoa(i+1)), dom.Text(c))
		dom.SetAttr(b, "type", "button")
		dom.SetAttr(b, "data-c", strconv.Itoa(i))
		if r.Picked >= 0 {
			dom.SetAttr(b, "aria-disabled", "true")
			switch i {
			case r.Q.Answer:
				dom.AddClass(b, "right")
			case r.Picked:
				dom.AddClass(b, "wrong")
			}
		} else if i < 9 {
			dom.SetAttr(b, "aria-keyshortcuts", strconv.Itoa(i+1))
		}
		m.el.choices.Call("append", b)
		if i == focus {
			b.Call("focus")
		}
	}
}

// paintVerdict says whether the learner's pick was right, why, and the
// rule it rests on, and announces it.
func (p *page) paintVerdict(r view.Shown) {
	m := &p.predict
	word, class := "Wrong", "wrong"
	if r.Right() {
		word, class = "Right", "right"
	}
	v := r.Verdict()
	dom.Append(m.el.verdict, dom.TextEl("b", class, word), dom.Text(v[len(word):]))
	if r.Q.Why != "" {
		dom.Append(m.el.verdict, dom.Text(" "+r.Q.Why))
	}
	if u := r.Q.RuleURL(); u != "" {
		a := dom.TextEl("a", "", r.Q.Rule)
		dom.SetAttr(a, "href", u)
		dom.SetAttr(a, "target", "_blank")
		dom.SetAttr(a, "rel", "noopener")
		dom.Append(m.el.verdict, dom.Text(" ("), a, dom.Text(")"))
	}
	p.text.announce.set(v + " " + p.heading)
}

// sameShown reports whether a and b show the same.
func sameShown(a, b view.Shown) bool {
	return a.Picked == b.Picked && a.Q.Step == b.Q.Step && a.Q.Prompt == b.Q.Prompt
}
