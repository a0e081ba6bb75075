//go:build js && wasm

// Command viewer is the replay page's WebAssembly module (viewer.wasm):
// package wasm/viewer, which takes the page over.
package main
