//go:build js && wasm && nowarm

package viewer

// warmUpOn is false in a viewer built with the tag nowarm, which exists
// to measure what the warm-up buys (warm.go), never to be shipped.
const warmUpOn = false
