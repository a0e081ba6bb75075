//go:build js && wasm

// Command check is the page's check module (check.wasm), loaded on
// demand in a Web Worker: package wasm/checker.
package main

import "github.com/a2aplay/a2aplay/wasm/checker"

func main() { checker.Run() }
