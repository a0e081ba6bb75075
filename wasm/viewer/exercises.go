//go:build js && wasm

package viewer

// The Live panel's exercises: the one a lesson's link names
// (#live=review&ex=ID), or those of the setup shown, each with its state
// as the learner plays. The check worker judges them (exercise.Judge)
// on every check of the session (findings.go); the rules of what shows
// are view's (ExercisesFor, ShowExercise), and the learner's progress
// is kept in localStorage, done for good until the reset button.

import (
	"net/url"
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// exercises is the panel's exercises' state; guarded by the page's mu.
type exercises struct {
	id       string                  // the exercise the link names; "" for the setup's
	verdicts map[string]view.Verdict // the worker's last word on the session
	progress view.Progress
	loaded   bool
	el       js.Value
}

// exerciseOf returns the exercise id names, nil if none does.
func (p *page) exerciseOf(id string) *view.Exercise {
	for i, e := range p.data.Exercises {
		if e.ID == id {
			return &p.data.Exercises[i]
		}
	}
	return nil
}

// liveHash is the Live link for a scenario: with the exercise the
// learner came for while it is that scenario's, or the learner is on
// "try" (its free moves serve any exercise, and take its wrong roads),
// or it is a remote agent's (played on any card).
func (p *page) liveHash(scenario string) string {
	if e := p.exerciseOf(p.ex.id); e != nil && (e.Live == scenario || scenario == "try" || e.Live == "remote") {
		return "#live=" + scenario + "&ex=" + url.QueryEscape(e.ID)
	}
	p.ex.id = ""
	return "#live=" + scenario
}

// judged is what the worker is asked to judge of d: every exercise, when
// d is the Live session (nil otherwise).
func (p *page) judged(d *doc) []view.Exercise {
	if d == nil || d != p.live.doc || len(p.data.Exercises) == 0 {
		return nil
	}
	return p.data.Exercises
}

// gotVerdicts takes the worker's verdicts on the session: what is done
// is kept as done.
func (p *page) gotVerdicts(vs []view.Verdict) {
	p.loadProgress()
	p.ex.verdicts = map[string]view.Verdict{}
	changed := false
	for _, v := range vs {
		p.ex.verdicts[v.ID] = v
		if v.Status == view.ExDone {
			var news bool
			if p.ex.progress, news = p.ex.progress.Add(v.ID); news {
				changed = true
			}
		}
	}
	if changed {
		p.storeProgress()
	}
	p.paintExercises()
}

// loadProgress reads the learner's progress the first time it is needed.
func (p *page) loadProgress() {
	if p.ex.loaded {
		return
	}
	p.ex.loaded = true
	if s := storage(); s.Truthy() {
		if v := s.Call("getItem", view.ProgressKey); v.Type() == js.TypeString {
			p.ex.progress = view.ReadProgress(v.String())
		}
	}
}

// storeProgress writes it: a browser that keeps nothing (storage off)
// keeps it for the page's life.
func (p *page) storeProgress() {
	if s := storage(); s.Truthy() {
		func() {
			defer func() { recover() }() // full, or refused: the page goes on
			if len(p.ex.progress) == 0 {
				s.Call("removeItem", view.ProgressKey)
			} else {
				s.Call("setItem", view.ProgressKey, p.ex.progress.String())
			}
		}()
	}
}

// storage is window.localStorage, undefined where the browser refuses it.
func storage() (s js.Value) {
	defer func() {
		if recover() != nil {
			s = js.Undefined()
		}
	}()
	return dom.Global().Get("localStorage")
}

// paintExercises shows the exercises of the scenario shown, or the one
// the link names, in the panel: text only, through textContent.
func (p *page) paintExercises() {
	if p.ex.el.IsUndefined() {
		p.ex.el = dom.ByID("lv-exercises")
		if !p.ex.el.IsNull() {
			dom.On(p.ex.el, "click", func(ev js.Value) {
				if ev.Get("target").Get("id").String() == "lv-ex-reset" {
					p.do(p.resetExercises)
				}
			})
		}
	}
	box := p.ex.el
	if box.IsNull() {
		return
	}
	p.loadProgress()
	shown := view.ExercisesFor(p.data.Exercises, p.ex.id, p.live.scenario)
	dom.Clear(box)
	dom.SetHidden(box, len(shown) == 0)
	dom.SetClass(box, "one", len(shown) == 1) // held in view: live.css
	for _, e := range shown {
		var v *view.Verdict
		if got, ok := p.ex.verdicts[e.ID]; ok {
			v = &got
		}
		s := view.ShowExercise(e, v, p.ex.progress)
		state := dom.TextEl("span", "lv-ex-state", s.State)
		row := dom.El("div", "lv-ex", dom.El("p", "lv-ex-head", dom.TextEl("span", "lv-ex-title", "Exercise: "+e.Title), state))
		if s.State != view.ExDone && (len(shown) == 1 || s.State != view.ExNotTried) {
			dom.Append(row, dom.TextEl("p", "lv-ex-line", s.Line)) // a setup's list stays short
		}
		dom.SetAttr(row, "data-exercise", e.ID)
		dom.SetAttr(row, "data-state", s.State)
		dom.Append(box, row)
	}
	if len(p.ex.progress) > 0 {
		reset := dom.TextEl("button", "btn small lv-ex-reset", "Reset my exercises")
		dom.SetAttr(reset, "type", "button")
		dom.SetAttr(reset, "id", "lv-ex-reset")
		dom.Append(box, reset)
	}
}

// resetExercises forgets the learner's progress, and the session's
// verdicts until its next check.
func (p *page) resetExercises() {
	p.ex.progress, p.ex.verdicts = nil, nil
	p.storeProgress()
	p.paintExercises()
}
