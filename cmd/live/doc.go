//go:build js && wasm

// Command live is the playground's live module (live.wasm), the kit's
// agents in a Web Worker: package wasm/worker.
package main
