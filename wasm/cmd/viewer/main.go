//go:build js && wasm

// Command viewer is the replay page's WebAssembly: it takes over the
// pre-rendered page, loads transcripts with the browser's fetch, and
// steps through them by toggling classes on the diagram's steps.
//
// Build it with
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o bin/viewer.wasm ./wasm/cmd/viewer
//
// and let "a2aplay site" put it into the site. The state logic lives in
// wasm/viewer and is tested natively; this package is the DOM glue.
package main

import (
	"time"

	"github.com/a2aplay/a2aplay/wasm/dom"
)

func main() {
	// The browser's offset would leak into every time the page writes.
	time.Local = time.UTC
	p, err := newPage()
	if err != nil {
		dom.Report("The viewer could not start: " + err.Error())
		return
	}
	dom.Report = p.showError
	func() {
		defer dom.Recover("starting the viewer")
		p.start()
	}()
	p.warmUp()
	select {} // callbacks keep running
}
