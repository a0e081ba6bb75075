// Package build is the one place that says how the playground's
// WebAssembly modules are built: which package each is, the flags it is
// built with and the file it is written to. The command line
// (a2aplay build, a2aplay site -build), build.sh (through those two
// commands), the browser tests, the size benchmark and cmd/wasmsize all
// build through it, so a flag changed here changes every build.
//
//	module  package       go build flags (GOOS=js GOARCH=wasm)                   file
//	viewer  ./cmd/viewer  -trimpath -ldflags=-s -w -gcflags=all=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/diagram=
//	                      -gcflags=github.com/a2aplay/a2aplay/replay=
//	                      -gcflags=github.com/a2aplay/a2aplay/view=
//	                      -gcflags=strings= -gcflags=strconv=
//	                      -gcflags=internal/strconv= -gcflags=slices=
//	                      -gcflags=unicode/utf8= -gcflags=bytes= -gcflags=sort=   viewer.wasm
//	check   ./cmd/check   -trimpath -ldflags=-s -w -gcflags=all=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/diagram=
//	                      -gcflags=github.com/a2aplay/a2aplay/replay=
//	                      -gcflags=github.com/a2aplay/a2aplay/view=
//	                      -gcflags=strings= -gcflags=strconv=
//	                      -gcflags=internal/strconv= -gcflags=slices=
//	                      -gcflags=unicode/utf8= -gcflags=bytes= -gcflags=sort=   check.wasm
//	live    ./cmd/live    -trimpath -ldflags=-s -w -gcflags=all=-l                live.wasm
//
// The viewer inlines only in the packages that lay out and draw
// (diagram, replay, view) and the standard ones their loops call
// (strings, strconv, slices, sort, bytes, unicode/utf8); a later
// -gcflags pattern overrides an earlier one for the packages it names.
// Inlining off everywhere makes layout and SVG markedly slower; inlining
// off everywhere else makes the module about 100 KB (10%) smaller after
// brotli than the compiler's defaults (go run ./cmd/wasmsize -build
// ./cmd/viewer -gcflags all= -merge -quality 11 measures those). The
// check module opens the learner's large files in a Web Worker, so it
// inlines in the same packages (its steps of a 100,000-step file are
// worked out about a fifth sooner). The live module runs in a Web Worker
// too, where a few percent of speed matter less than bytes: inlining off
// makes it about 14% smaller after brotli (BenchmarkModuleSize in
// cmd/live measures both). Every module runs with the wasm_exec.js of the
// Go that built it; [Build] copies it beside them.
//
// The package runs the go command of $PATH; it is for building, on the
// machine that builds the site, and is never part of a module.
package build
