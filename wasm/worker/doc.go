//go:build js && wasm

// Package worker is the live module of the playground: it runs in a Web
// Worker, holds one live session at a time (the kit's agents in
// process, or remote agents through the browser's fetch), and talks to
// the page with package panel's messages, each a Uint8Array (its buffer
// handed over, not copied). The same package runs in both live
// modules, live.wasm (A2A 1.0) and live03.wasm (the tag a2a03: 1.0 and
// 0.3), with the same protocol. The protocol is live.Host's; see the
// documentation of package live. The command cmd/live runs it; build it
// with its recipe (internal/build) into bin/live.wasm with
//
//	go run ./cmd/a2aplay build live
//
// and web/live-worker.js loads it.
package worker
