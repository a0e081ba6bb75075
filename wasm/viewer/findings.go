//go:build js && wasm

package viewer

import (
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// findingsAt returns the findings on position k of d (0, the overview,
// holds those about the whole transcript): check.Check's, which the
// site builder works out for a shipped transcript (the check package
// would make this module 15% larger) and the check worker for a file
// the learner opened or a live session. Either way they come escaped
// (view.FindingsAt shows them through replay.Visible), and say whom they
// blame.
func findingsAt(d *doc, k int) []string {
	if d == nil {
		return nil
	}
	return view.FindingsAt(d.findings, k)
}

// checker is the check worker (cmd/check, in web/check-worker.js),
// started the first time the page has a transcript to check; guarded
// by the page's mu.
type checker struct {
	w       js.Value // the worker, once started
	busy    *doc     // the transcript being checked
	next    *doc     // the newest one waiting (a live session's latest)
	started bool
	// deltas are the live worker's Deltas (as it wrote them) the page
	// drew and the check worker has not heard of, in order; afresh
	// says that it is to take the Live session whole instead, as text
	// (a session the page drew from text, or one the worker failed on).
	deltas [][]byte
	afresh bool
}

// check has the check worker find what check.Check finds in d, a file
// the learner opened or a live session, and shows it when it comes. One
// check runs at a time; of those that wait only the newest is kept. A
// file goes as its text (msg.OpCheck); the Live session as the Deltas
// the worker has not heard of (msg.OpLive), all those drawn meanwhile
// (a drawing of it the page has since replaced goes as text, as a
// file: the worker's session waits for the next).
func (p *page) check(d *doc) {
	checker := &p.checker
	if d == nil || !d.local || d.checked || d.part != nil || !p.canCheck() {
		return
	}
	if checker.busy != nil {
		checker.next = d
		return
	}
	if !checker.started {
		checker.started = true
		w, err := p.startWorker(p.checkWorker(), func(err error) {
			dom.Console("error", "the check module could not be read: "+err.Error())
			checker.busy, checker.next = nil, nil
		})
		if err != nil {
			dom.Console("error", "the check worker could not start: "+err.Error())
			d.checked = true
			return
		}
		checker.w = w
		dom.On(checker.w, "message", func(ev js.Value) { p.do(func() { p.checked(ev.Get("data")) }) })
		dom.On(checker.w, "error", func(ev js.Value) {
			p.do(func() {
				dom.Console("error", "the check worker failed to start")
				checker.busy, checker.next = nil, nil
			})
		})
	}
	r := &msg.Request{ID: 1, Op: msg.OpCheck, Name: d.name, Exercises: p.judged(d)}
	if d == p.live.doc {
		r.Op, r.At, r.Deltas, checker.deltas = msg.OpLive, p.live.panel.session, checker.deltas, nil
	}
	if r.Op == msg.OpCheck || checker.afresh {
		var b strings.Builder
		if err := replay.Write(&b, d.t); err != nil {
			d.checked = true
			return
		}
		r.Text, r.Deltas, checker.afresh = b.String(), nil, false
	}
	checker.busy = d
	post(checker.w, r, js.Undefined())
}

// checked takes the check worker's answer.
func (p *page) checked(v js.Value) {
	checker := &p.checker
	if v.Get("ready").Truthy() {
		return
	}
	d := checker.busy
	var fs *msg.Findings
	switch m, err := readAnswer(v); m := m.(type) {
	case *msg.Verdicts: // before the findings: exercises.go
		if d != nil && d == p.live.doc {
			p.gotVerdicts(m.Verdicts)
		}
		return
	case *msg.Findings:
		fs = m
	case *msg.Failure:
		dom.Console("warn", "spec check: "+m.Error)
		checker.afresh = true // a Live session's worker takes it whole next
	default:
		why := "not findings"
		if err != nil {
			why = err.Error()
		}
		if e := v.Get("error"); e.Type() == js.TypeString {
			why = e.String() // the worker could not start
		}
		dom.Console("warn", "spec check: the worker's answer: "+why)
	}
	if d != nil {
		if fs == nil {
			fs = &msg.Findings{} // none come
		}
		p.gotFindings(d, fs)
		if !d.checked {
			return // more come
		}
	}
	checker.busy = nil
	if n := checker.next; n != nil {
		checker.next = nil
		p.check(n)
	}
}

// gotFindings takes the findings a check worker's message carries
// (view.AppendFindings) as d's; the last message of a check has no
// More, and then those on the current step show. Findings that do not
// read are said on the console.
func (p *page) gotFindings(d *doc, m *msg.Findings) {
	d.checked = !m.More
	if len(m.Findings) > 0 {
		fs, err := view.ReadFindings(m.Findings)
		if err != nil {
			dom.Console("warn", "spec check: "+err.Error())
		}
		// In the order of their steps, as findingsAt reads them.
		d.findings = view.SortFindings(append(d.findings, fs...), d.count())
	}
	if !m.More && p.cur == d {
		p.markFindings() // findmarks.go
		if p.nav.Cur > 0 {
			p.inspect()
		}
	}
}
