//go:build js && wasm

// Command check is the page's check module (check.wasm), loaded on
// demand in a Web Worker: package wasm/checker.
package main
