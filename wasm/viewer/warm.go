//go:build js && wasm

package viewer

import (
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// The page warms up when it is idle: it reads, steps and draws (off
// screen) a transcript of its own, view.WarmText, a round at a time,
// until it has gone through warmSteps steps. V8 compiles a WebAssembly
// function the first time it runs into code that is quick to make and
// slow to run, and optimises it only after it has run for a while, in
// the background: without the warm-up, the first transcripts the learner
// opens are laid out several times slower than the ones after
// (./build.sh bench -draws 8 prints each draw). The page adopts the
// diagram the site builder drew, so nothing else runs this code before
// the learner opens a file. warmSteps is enough that the first large
// transcript opened is drawn with optimised code.
const warmSteps = 3000

// warmUp starts the warm-up. Each idle callback goes through as many
// rounds as fit in the idle time it is given, the first one at least;
// what it has done shows in a2aplay.state() as warming, warmed and
// warmError.
func (p *page) warmUp() {
	ric := dom.Global().Get("requestIdleCallback")
	if ric.Type() != js.TypeFunction {
		return // no way to tell when the learner is not waiting
	}
	var round js.Func
	round = dom.Func(func(_ js.Value, args []js.Value) any {
		idle := args[0]
		p.do(func() {
			for !p.warmOver() {
				t0 := dom.Now()
				if err := p.warmRound(); err != nil {
					p.warmErr = err.Error()
					js.Global().Get("console").Call("warn", "viewer: warming up: "+p.warmErr)
				}
				if idle.Call("timeRemaining").Float() < dom.Now()-t0 {
					break
				}
			}
		})
		if p.warming = !p.warmOver(); p.warming {
			ric.Invoke(round)
		} else {
			round.Release()
		}
		return nil
	})
	p.warming = true
	ric.Invoke(round)
}

// warmOver says whether the warm-up is done, failed, or had better stop:
// a large file opening in the worker competes for the processor, and the
// page's thread must stay free for the pieces of its diagram.
func (p *page) warmOver() bool {
	return p.warmed >= warmSteps || p.warmErr != "" || p.opener.open != ""
}

// warmRound reads view.WarmText, works its steps out and draws them as a
// file the learner opens is drawn, into the page's SVG buffer, off
// screen.
func (p *page) warmRound() error {
	t, err := replay.ParseString(view.WarmText, "warm-up.http")
	if err != nil {
		return err
	}
	d := newDoc("warm-up.http", true, t)
	if p.svgBuf, _, err = view.AppendPageFigure(p.svgBuf[:0], d.t, d.steps, 0, 0); err != nil {
		return err
	}
	p.warmed += len(d.steps)
	return nil
}
