// Package web builds and serves the playground: the static site that
// replays transcripts in the browser.
//
// The page's sources live beside this file: index.html (a template),
// style.css and loader.js. [Build] turns them, the shipped transcripts
// and the viewer's WebAssembly (built from wasm/cmd/viewer) into a
// folder of static files:
//
//	index.html                  the page, with the first transcript's
//	                            diagram already drawn in it
//	style.<hash>.css            content-hashed, cached for a year
//	loader.<hash>.js
//	wasm_exec.<hash>.js         Go's glue for this toolchain
//	viewer.<hash>.wasm          the viewer; with .br and .gz beside it
//	transcripts/NAME.http       what the picker offers
//
// [BuildOffline] writes the same page as one self-contained HTML file
// that works opened from disk, with the module, scripts, styles and every
// transcript inlined. [Handler] serves a built folder with the right MIME
// types, precompressed variants, caching headers and a strict
// Content-Security-Policy.
//
// The pipeline:
//
//	transcripts/*.http -> replay.Parse -> diagram.Layout -> WriteSVG -> index.html
//	wasm/cmd/viewer -> viewer.wasm -> site/ -> Handler -> browser -> the viewer takes over
//
// Nothing here runs in the browser: the viewer is in wasm/.
package web
