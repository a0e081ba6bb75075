//go:build js && wasm

package viewer

import (
	"errors"
	"runtime/debug"
	"time"

	"github.com/a2aplay/a2aplay/wasm/dom"
)

// Run starts the viewer on the page and never returns: the page's
// callbacks keep running on the Go runtime.
func Run() {
	// The browser's offset would leak into every time the page writes.
	time.Local = time.UTC
	// The page's Go heap is small, and at the default GOGC a 1,000-step
	// layout ran the collector so often that it took three times as long
	// (bench: 94 ms against 28 ms with 400). The soft limit brings the
	// collector back before a large file opened in the page itself (the
	// offline page has no worker) grows the heap past its budget.
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(256 << 20)
	p, err := setUp()
	if err != nil {
		// Stay alive: if Run returned, the loader would put its own
		// "stopped" message over this one.
		banner("The viewer could not start: " + err.Error())
		select {}
	}
	dom.Report = p.showError
	func() {
		defer dom.Recover("starting the viewer")
		p.start()
	}()
	p.warmUp()
	select {} // callbacks keep running
}

// banner shows msg in the page's banner without the page's help, for
// errors before the page is set up.
func banner(msg string) {
	doc := dom.Document()
	b, t := doc.Call("getElementById", "banner"), doc.Call("getElementById", "banner-text")
	if b.IsNull() || t.IsNull() {
		dom.Report(msg)
		return
	}
	dom.SetText(t, msg)
	dom.SetHidden(b, false)
}

// setUp finds the page's elements; a page that lacks one is an error,
// not a crash.
func setUp() (p *page, err error) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ := r.(string)
			if msg == "" {
				msg = "the page is not the one this viewer was built for"
			}
			p, err = nil, errors.New(msg)
		}
	}()
	return newPage()
}
