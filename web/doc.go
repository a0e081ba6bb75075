// Package web builds and serves the playground: the static site that
// replays transcripts in the browser.
//
// The page's sources live beside this file: index.html (a template),
// style.css and loader.js. [Build] turns them, the shipped transcripts
// and the viewer's WebAssembly (built from cmd/viewer) into a
// folder of static files:
//
//	index.html                  the page, with the first transcript's
//	                            diagram already drawn in it, and its
//	                            style sheet inline: its first paint
//	                            waits for no other file
//	loader.<hash>.js            content-hashed, cached for a year
//	wasm_exec.<hash>.js         Go's glue for this toolchain
//	viewer.<hash>.wasm          the viewer; with .br and .gz beside it
//	favicon.<hash>.svg          the page's icon
//	transcripts/NAME.http       what the picker offers
//
// and, given the check module (Options.Check, built from
// cmd/check), the spec's checks for what the builder could not
// check itself, a file the learner opens or a live session; the page
// loads them the first time it has one, into a worker of their own:
//
//	check-worker.<hash>.js      the Web Worker that runs the module
//	check.<hash>.wasm           check.Check, with .br and .gz beside it
//
// and, given the live module (Options.Live, built from cmd/live),
// the files of the Live mode, neither of which the page loads until
// Live opens:
//
//	live-worker.<hash>.js       the Web Worker that runs the module
//	live.<hash>.wasm            the agents, with .br and .gz beside it
//	live03.<hash>.wasm          the agents and client that speak A2A 0.3 too
//	                            (Options.Live03, cmd/live with the tag a2a03)
//
// The page's data block (view.PageData) names the worker ("live":
// {"worker"}), and the same worker with live03 ("worker03"), which the
// page starts in place of the other only for a session that speaks 0.3. The Live panel's markup is the page's, with the kit's
// agents and sample deploy from package agents; the viewer
// (wasm/viewer/live.go, panel.go) starts the worker on the Live tab or
// a #live= link, drives the panel and draws each transcript the worker
// posts. live.css, and compare.css for the compare view
// (wasm/viewer/compare.go), are part of the page's style sheet.
//
// [BuildOffline] writes the same page as one self-contained HTML file
// that works opened from disk, with the module, scripts, styles and every
// transcript inlined; with the live module too, gzipped, and the
// worker's script as text, started from a blob: URL (its CSP allows
// worker-src blob: and no connection, so Live there is offline only). It
// does not carry live03 (about 7 MB more in base64): Live there speaks
// A2A 1.0 only, and its 0.3 switch says that 0.3 needs the served page.
// [Handler] serves a built folder with the right MIME types,
// precompressed variants, caching headers and a strict
// Content-Security-Policy, which allows an HTML page's own <style>
// elements in its head by their hashes ([PageCSP]) and nothing else
// inline; [DefaultConnectSrc] are the origins "a2aplay
// serve" lets Live's remote mode reach, and [CheckConnectSource] refuses
// a source that would widen the policy past the origins it names. It
// serves regular files only (never a device or a named pipe), a folder's
// index.html at the folder's address, and through [Dir] nothing that a
// symbolic link reaches outside the folder.
//
// The pipeline:
//
//	transcripts/*.http -> replay.Parse -> diagram.Layout -> WriteSVG -> index.html
//	cmd/viewer -> viewer.wasm -> site/ -> Handler -> browser -> the viewer takes over
//	cmd/live -> live.wasm -> Live tab -> the viewer's panel -> Web Worker -> snapshots, transcripts -> the viewer draws
//
// Nothing here runs in the browser except the scripts beside it:
// loader.js, live-worker.js and check-worker.js, which start Go modules
// (the two workers with worker-start.js before them, [WorkerScript]),
// and lesson-progress.js ([LessonProgressScript]), the lesson pages' one
// script, which shows beside each exercise whether the learner has done
// it in Live (the note the viewer keeps in localStorage under
// view.ProgressKey), with a reset; `a2aplay docs` writes it beside the
// pages and the offline page carries it inline, allowed by its hash.
// The viewer, Live panel included, is in wasm/. guide.css styles the
// page's first screen and the marks of spec findings.
package web
