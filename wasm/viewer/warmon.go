//go:build js && wasm && !nowarm

package viewer

// warmUpOn: the page warms up (warm.go). A viewer built with the tag
// nowarm does not, only to measure what the warm-up buys.
const warmUpOn = true
