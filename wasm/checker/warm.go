//go:build js && wasm

package checker

import (
	"fmt"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// warmUp runs, on a small transcript of its own, what opening a long
// file runs before its first screen shows: its steps and lanes, cut for
// a screen and for a window, drawn and split for the trip. The browser
// compiles a WebAssembly function the first time it runs: done when
// the worker starts, while the learner picks a file, that time is not
// spent while they wait for its first screen. It goes a stage at a
// time, giving the worker's thread back between stages, so that a file
// posted meanwhile is read at once; it stops when one is opened. What
// goes wrong is said on the console: the worker works without it.
//
// What it buys (BenchmarkFirstParts, under Node, each run a fresh
// process): the first screen and window of a 10,800-step file, cut,
// drawn and encoded, took a median of 229 ms cold and 139 ms after the
// warm-up over five runs each (ranges 157-758 and 96-237 ms, at a load
// of 11 to 14 on 2 cores: measure again on a quiet machine).
func warmUp() {
	defer func() {
		if r := recover(); r != nil {
			js.Global().Get("console").Call("warn", fmt.Sprint("check worker: warming up: ", r))
		}
	}()
	pause := func() bool {
		time.Sleep(time.Millisecond) // the worker takes its messages
		return !opened.Load()
	}
	if err := warm(pause); err != nil {
		js.Global().Get("console").Call("warn", "check worker: warming up: "+err.Error())
	}
}

// opened is set once the worker has been asked to open a file: the
// warm-up has no more use.
var opened atomic.Bool

// warm is warmUp's work; between stages it calls next, and stops when
// next says so.
func warm(next func() bool) error {
	t, err := replay.ParseString(view.WarmText, "warm-up.http")
	if err != nil {
		return err
	}
	steps := replay.Steps(t)
	lanes := view.Lanes(steps)
	n := len(steps) + view.BigTranscript // drawn as windows of a long transcript
	for _, cut := range []func() *view.Part{
		func() *view.Part { return view.CutScreen(t, steps, n, 200) },
		func() *view.Part { return view.CutFirst(t, steps, n) },
	} {
		if !next() {
			return nil
		}
		p := cut()
		if err := p.DrawScreen(0, 200); err != nil {
			return err
		}
		msg.NewPart(0, p, 0)
	}
	msg.EncodeWhole(&msg.Whole{Whole: view.WholeOf(t, steps, lanes)})
	return nil
}
