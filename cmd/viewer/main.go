//go:build js && wasm

// Command viewer is the replay page's WebAssembly module (viewer.wasm):
// package wasm/viewer, which takes the page over.
package main

import "github.com/a2aplay/a2aplay/wasm/viewer"

func main() { viewer.Run() }
