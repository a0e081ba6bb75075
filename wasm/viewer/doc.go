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
// view, which is pure Go and tested natively (what the next step is,
// what is in view, what a key does, what the inspector and the panel
// say); this package is the glue between it and the DOM.
//
// # The page in parts
//
// One page value holds the state, under one mutex (page.do), but each
// part of the screen has its own struct, in the file that owns it, and
// its own elements (pageElements groups them by part). TestSizes keeps
// every struct within 25 fields, every file within 500 lines and every
// function within 80; it runs natively (go test ./wasm/viewer).
//
//   - The page itself: page.go (start, show a transcript, the picker),
//     main.go (Run), api.go (window.a2aplay, the scripting surface
//     tests and benchmarks use), data.go (the data block), events.go
//     (wiring each part's controls, the keys, the Export menu),
//     text.go (text a step change rewrites).
//   - Stepper and keys: stepper.go (step, play, reveal a step), link.go
//     (the URL's deep link and the history), lane.go (the task-state
//     lane under the diagram).
//   - Diagram and zoom: draw.go (putting the diagram in, its steps'
//     elements), paint.go (of a long diagram, only the rows that show,
//     more as the learner scrolls, steps and zooms: view.Painted),
//     zoom.go (the frame, zoom and fit), warm.go (the idle warm-up).
//     The frame, the current step's marks and the spec findings' marks
//     are placed by a view.Frame, of the layout the page drew or sent
//     with a worker's window, never by geometry read back from the SVG.
//   - Inspector: inspector.go (heading, facts, notes, the raw and JSON
//     tabs, copy), approvelink.go (an approve link in "Says").
//   - Files and opener: docs.go (the transcripts the page holds),
//     files.go (opening a file, the exports), opener.go (the worker that
//     opens a large file), lazy.go (the window of it the page holds),
//     workers.go (where a worker's module comes from).
//   - Findings: findings.go (the check worker: a file as its text, the
//     Live session as the Deltas it has not heard of), findmarks.go (marks on
//     the diagram, n and p).
//   - Live: live.go (the Live tab and the narrow screen's dock), and the
//     Live panel: panel.go (the agents' worker, its messages, wiring),
//     panelmoves.go (the cards' moves), panelsession.go (open, save,
//     replay, end; the tasks looked up), panelpaint.go (what it paints),
//     panelresult.go (a move's result), exercises.go (the exercises'
//     states), roads.go (the road chooser: how the client waits on a
//     review or a deploy, and the page's polling) and panel03.go (which
//     switches the worker to the live03 module for a session that speaks
//     A2A 0.3).
//   - Lessons and teaching: compare.go (v1.0 beside v0.3), predict.go
//     (predict mode), welcome.go (the first screen).
package viewer
