//go:build js && wasm && nogchold

package checker

// gcHoldOn is false in a module built with the tag nogchold, which
// exists to measure what holdGC buys, never to be shipped.
const gcHoldOn = false
