//go:build js && wasm

// Package viewer is the replay page's DOM side: it takes over the
// pre-rendered page, loads transcripts with the browser's fetch, and
// steps through them by toggling classes on the diagram's steps. The
// command cmd/viewer runs it; build it with its recipe (internal/build)
// into bin/viewer.wasm with
//
//	go run ./cmd/a2aplay build viewer
//
// and let "a2aplay site" put it into the site (which joins its data
// segments, web.PackModule). What the page shows is decided by package
// view, which is pure Go and tested natively; this package is the glue
// between it and the DOM.
//
// The Live panel is panel.go (its moves), panelpaint.go (what it
// paints), exercises.go (the exercises' states), roads.go (the road
// chooser: how the client waits on a review or a deploy, and the page's
// polling) and panel03.go (which switches the worker to the live03
// module for a session that speaks A2A 0.3).
package viewer
