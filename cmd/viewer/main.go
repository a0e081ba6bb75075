//go:build js && wasm

package main

import "github.com/a2aplay/a2aplay/wasm/viewer"

func main() { viewer.Run() }
