//go:build js && wasm

package viewer

import (
	"encoding/json"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"

	"github.com/a2aplay/a2aplay/wasm/dom"
)

// A finding is one of check.Check's findings, on a shipped transcript as
// the data block carries it, or on a file the learner opened or a live
// session as the check worker answers. The check package would make this
// module 15% larger, past its budget: the site builder works out the
// shipped transcripts' findings, and the page loads the check module
// (cmd/check, in web/check-worker.js) for the others, the first
// time it has one.
type finding struct {
	Step int    `json:"step"` // 1-based; 0 for the transcript as a whole
	Text string `json:"text"` // "§3.1.6: …", "§7.6.1: warning: …"
}

// findings are the shipped transcripts' findings by name, read from the
// data block when first needed.
var findings map[string][]finding

// findingsAt returns the findings on position k of d (0, the overview,
// holds those about the whole transcript).
func findingsAt(d *doc, k int) []string {
	readFindings()
	if d == nil {
		return nil
	}
	fs := findings[d.name]
	if d.local {
		fs = d.findings
	}
	var out []string
	for _, f := range fs {
		if f.Step == k {
			out = append(out, f.Text)
		}
	}
	return out
}

// readFindings reads the data block's findings and the check worker's
// URL, the first time either is needed.
func readFindings() {
	if findings == nil {
		findings = map[string][]finding{}
		var data struct {
			Check       string `json:"check"`
			Transcripts []struct {
				Name     string    `json:"name"`
				Findings []finding `json:"findings"`
			} `json:"transcripts"`
		}
		if err := json.Unmarshal([]byte(dom.ByID("a2aplay-data").Get("textContent").String()), &data); err == nil {
			checker.url = data.Check
			for _, t := range data.Transcripts {
				findings[t.Name] = t.Findings
			}
		}
	}
}

// checker is the check worker; guarded by the page's mu.
var checker struct {
	url     string   // the worker's URL from the data block; "" without one
	w       js.Value // the worker, once started
	busy    *doc     // the transcript being checked
	next    *doc     // the newest one waiting (a live session's latest)
	started bool
}

// check has the check worker find what check.Check finds in d, a file
// the learner opened or a live session, and shows it when it comes. One
// check runs at a time; of those that wait only the newest is kept.
func (p *page) check(d *doc) {
	readFindings()
	if d == nil || !d.local || d.checked || checker.url == "" {
		return
	}
	if checker.busy != nil {
		checker.next = d
		return
	}
	if !checker.started {
		checker.started = true
		checker.w = dom.Global().Get("Worker").New(checker.url)
		dom.On(checker.w, "message", func(ev js.Value) { p.do(func() { p.checked(ev.Get("data")) }) })
		dom.On(checker.w, "error", func(ev js.Value) {
			p.do(func() {
				dom.Global().Get("console").Call("error", "the check worker failed to start")
				checker.busy, checker.next = nil, nil
			})
		})
	}
	var b strings.Builder
	if err := replay.Write(&b, d.t); err != nil {
		d.checked = true
		return
	}
	checker.busy = d
	checker.w.Call("postMessage", map[string]any{"id": 1, "name": d.name, "text": b.String()})
}

// checked takes the check worker's answer.
func (p *page) checked(msg js.Value) {
	if msg.Get("ready").Truthy() {
		return
	}
	d := checker.busy
	checker.busy = nil
	if e := msg.Get("error"); e.Type() == js.TypeString {
		dom.Global().Get("console").Call("warn", "spec check: "+e.String())
	}
	if d != nil {
		d.checked = true
		d.findings = nil
		if fs := msg.Get("findings"); fs.Type() == js.TypeObject {
			for i := range fs.Length() {
				f := fs.Index(i)
				d.findings = append(d.findings, finding{Step: f.Get("step").Int(), Text: f.Get("text").String()})
			}
		}
		if p.cur == d && p.nav.Cur > 0 {
			p.inspect()
		}
	}
	if n := checker.next; n != nil {
		checker.next = nil
		p.check(n)
	}
}
