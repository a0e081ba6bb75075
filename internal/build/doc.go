// Package build is the one place that says how the playground's
// WebAssembly modules are built: which package each is, the flags it is
// built with and the file it is written to. The command line
// (a2aplay build, a2aplay site -build), build.sh (through those two
// commands), the browser tests, the size benchmark and cmd/wasmsize all
// build through it, so a flag changed here changes every build.
//
//	module  package       go build flags (GOOS=js GOARCH=wasm)                   file
//	viewer  ./cmd/viewer  -trimpath -buildvcs=false -ldflags=-s -w
//	                      -gcflags=encoding/json=-l
//	                      -gcflags=reflect=-l
//	                      -gcflags=internal/reflectlite=-l
//	                      -gcflags=fmt=-l
//	                      -gcflags=internal/fmtsort=-l
//	                      -gcflags=time=-l
//	                      -gcflags=net/url=-l
//	                      -gcflags=net/netip=-l
//	                      -gcflags=unique=-l
//	                      -gcflags=encoding/base64=-l
//	                      -gcflags=internal/godebug=-l
//	                      -gcflags=os=-l
//	                      -gcflags=syscall=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/wasm/viewer=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/wasm/dom=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/live/panel=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/jsonread=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/replay=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/replay/har=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/replay/open=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/binding=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/view=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/view/msg=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/internal/wire=-l
//	                      -gcflags=syscall/js=-l -gcflags=strings=-l
//	                      -gcflags=strconv=-l -gcflags=internal/strconv=-l
//	                      -gcflags=slices=-l   viewer.wasm
//	check   ./cmd/check   -trimpath -buildvcs=false -ldflags=-s -w -gcflags=all=-l
//	                      -gcflags=github.com/a2aplay/a2aplay/diagram=
//	                      -gcflags=github.com/a2aplay/a2aplay/replay=
//	                      -gcflags=github.com/a2aplay/a2aplay/view=
//	                      -gcflags=strings= -gcflags=strconv=
//	                      -gcflags=internal/strconv= -gcflags=slices=
//	                      -gcflags=unicode/utf8= -gcflags=bytes= -gcflags=sort=   check.wasm
//	live    ./cmd/live    -trimpath -buildvcs=false -ldflags=-s -w -gcflags=all=-l  live.wasm
//	live03  ./cmd/live    -trimpath -buildvcs=false -ldflags=-s -w -gcflags=all=-l
//	                      -tags=a2a03                                            live03.wasm
//
// The viewer keeps the compiler's inlining, which layout and SVG in the
// page need (with inlining only in diagram, replay, view and the
// standard packages their loops call they took about twice as long),
// except in the packages it only runs now and then
// (decoding, formatting, time, links, the DOM glue, the Live panel,
// opened files): that makes it about 55 KB smaller after brotli than the
// compiler's defaults, under its budget with the Live panel (go run
// ./cmd/wasmsize -build ./cmd/viewer -gcflags all= -merge -quality 11
// measures the defaults). The check module inlines only in the packages
// that parse, step and draw and the standard ones their loops call,
// where it opens the learner's large files in a Web Worker (its steps of a 100,000-step file are
// worked out about a fifth sooner). The live module runs in a Web Worker
// too, where a few percent of speed matter less than bytes: inlining off
// makes it about 14% smaller after brotli (BenchmarkModuleSize in
// cmd/live measures both). live03 is the live module that speaks A2A
// 0.3 too: the tag a2a03 builds a2a-go's a2acompat/a2av0 into the kit's
// agents and the session's client, and with it gRPC and protobuf (29.7
// MB raw, 3.6 MB brotli, against live's 16.5 MB and 2.2 MB); the page
// loads it only for a 0.3 session, so each live module has its own
// budget (LiveBudget, Live03Budget). Every module runs with the wasm_exec.js of the
// Go that built it; [Build] copies it beside them.
//
// The package runs the go command of $PATH; it is for building, on the
// machine that builds the site, and is never part of a module.
package build
