//go:build js && wasm

package viewer

import (
	"runtime"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// warmState is the warm-up's progress.
type warmState struct {
	warming   bool   // the warm-up goes on
	warmed    int    // steps it has drawn
	warmErr   string // why it stopped early
	collected bool   // and the collection that ends it has run
}

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
//
// What it buys, measured against a viewer built with the tag nowarm
// (GOFLAGS=-tags=nowarm bin/a2aplay build -out DIR viewer, then
// chrt -r 10 go run ./test/bench -steps-only -big 0 -wasm DIR/viewer.wasm
// and the same with bin/viewer.wasm, in turns; four runs each at load
// 5-10): the first 1,000-message transcript opened after the load,
// text to painted, 103 ms median with it, 118 ms without (94-110 and
// 91-130), its layout and SVG 14 against 18 ms; the draws after it
// are alike (42-58 ms).
//
// The rounds end with one garbage collection, in an idle callback of
// its own. At the GOGC Run sets, the page's first collection otherwise
// came when a large file's findings were taken in, and the collector's
// two hundred functions were compiled in that task: a trace of the
// bench's long file (./build.sh bench -big-only -trace F) showed 27 ms
// of its 64 ms of CPU spent compiling them.
const warmSteps = 3000

// warmUp starts the warm-up. Each idle callback goes through as many
// rounds as fit in the idle time it is given, the first one at least;
// what it has done shows in a2aplay.state() as warming, warmed and
// warmError.
func (p *page) warmUp() {
	ric := dom.Global().Get("requestIdleCallback")
	if !warmUpOn || ric.Type() != js.TypeFunction {
		return // no way to tell when the learner is not waiting
	}
	var round js.Func
	round = dom.Func(func(_ js.Value, args []js.Value) any {
		idle := args[0]
		p.do(func() {
			if p.warmOver() {
				if p.collectWanted() {
					runtime.GC()
					p.collected = true
				}
				return
			}
			for !p.warmOver() {
				t0 := dom.Now()
				if err := p.warmRound(); err != nil {
					p.warmErr = err.Error()
					dom.Console("warn", "viewer: warming up: "+p.warmErr)
				}
				if idle.Call("timeRemaining").Float() < dom.Now()-t0 {
					break
				}
			}
		})
		if p.warming = !p.warmOver() || p.collectWanted(); p.warming {
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

// collectWanted says whether the rounds went through and the collection
// that ends the warm-up is still to come; not while a file opens.
func (p *page) collectWanted() bool {
	return !p.collected && p.warmed >= warmSteps && p.warmErr == "" && p.opener.open == ""
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
