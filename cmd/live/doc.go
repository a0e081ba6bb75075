//go:build js && wasm

// Command live is the playground's live module (live.wasm), the kit's
// agents in a Web Worker: package wasm/worker. Built with the tag a2a03
// it is live03.wasm, which links a2a-go's a2acompat/a2av0 and speaks
// A2A 0.3 beside 1.0, both as the in-page kit and as the session's
// client (internal/build's Live03 recipe).
package main
