//go:build js && wasm

package viewer

import (
	"runtime"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// exposeAPI sets window.a2aplay, the page's scripting surface for the
// browser tests and the benchmark, built here and nowhere else:
//
//	a2aplay.load(name, text)  parse text as a transcript and show it;
//	                          returns {steps, parseMs, svgMs, renderMs,
//	                          drawMs} or {error}: parse and steps, layout
//	                          and SVG, that and the DOM, all of showing it
//	a2aplay.go(k)             move to position k (0 is the overview)
//	a2aplay.state()           {transcript, step, steps, playing,
//	                          findings, questions, warming, warmed,
//	                          warmError}: how many findings the
//	                          transcript has, -1 while a file's check
//	                          has not answered; how many of predict
//	                          mode's questions the page has of it;
//	                          whether the warm-up goes on and the steps
//	                          it drew (warm.go)
//	a2aplay.memory()          {sys, heapInuse, gcs, worker}: the Go
//	                          runtime's memory and collections so far,
//	                          and the memory of the worker that holds
//	                          a large file, bytes
//	a2aplay.liveDraw(text)    draw text as the live session's transcript:
//	                          {steps, step} or {error}
//	a2aplay.liveState()       {on, scenario, started, steps, exchanges}:
//	                          the Live mode and its session's size
//
// Each call returns at once and never throws: errors come back as data.
func (p *page) exposeAPI() {
	api := js.Global().Get("Object").New()
	fn := func(name string, f func(args []js.Value) any) {
		api.Set(name, dom.Func(func(_ js.Value, args []js.Value) any {
			var ret any
			p.do(func() { ret = f(args) })
			return ret
		}))
	}
	fn("load", func(args []js.Value) any {
		if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return map[string]any{"error": "load(name, text) takes two strings"}
		}
		t0 := dom.Now()
		d, err := p.loadText(args[0].String(), args[1].String())
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"steps": len(d.steps), "parseMs": d.parseMs, "drawMs": dom.Now() - t0 - d.parseMs, "svgMs": d.svgMs, "renderMs": d.renderMs}
	})
	fn("go", func(args []js.Value) any {
		if len(args) > 0 && args[0].Type() == js.TypeNumber {
			p.goTo(args[0].Int(), step)
		}
		return p.nav.Cur
	})
	fn("state", func([]js.Value) any {
		name, findings, questions := "", -1, 0 // -1: not checked yet
		if d := p.cur; d != nil {
			name = d.name
			if d.checked || !d.local {
				findings = len(d.findings)
			}
			if d.quiz != nil {
				questions = len(d.quiz.Qs)
			}
		}
		return map[string]any{"transcript": name, "step": p.nav.Cur, "steps": p.nav.N, "playing": p.playing,
			"findings": findings, "questions": questions, "warming": p.warming, "warmed": p.warmed, "warmError": p.warmErr}
	})
	// memory(): the Go heap's size as the runtime has it from the
	// browser, in bytes (the module's linear memory in use).
	fn("memory", func([]js.Value) any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return map[string]any{"sys": float64(m.Sys), "heapInuse": float64(m.HeapInuse), "gcs": m.NumGC, "worker": p.opener.sys}
	})
	fn("liveDraw", func(args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return map[string]any{"error": "liveDraw(text) takes a string"}
		}
		r := p.liveDraw(args[0].String())
		if r.err != nil {
			return map[string]any{"error": r.err.Error()}
		}
		return map[string]any{"steps": r.steps, "step": r.step}
	})
	fn("liveState", func([]js.Value) any { return p.liveState() })
	js.Global().Set("a2aplay", api)
}

// loadText parses text as a transcript named name and shows it, like a
// file the learner opened.
func (p *page) loadText(name, text string) (*doc, error) {
	t0 := dom.Now()
	t, err := replay.ParseString(text, name)
	if err != nil {
		return nil, err
	}
	d := newDoc(name, true, t)
	d.parseMs = dom.Now() - t0
	p.docs[key(name, true)] = d
	p.cur = nil
	p.show(d, 0, push)
	return d, nil
}
