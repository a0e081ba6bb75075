//go:build js && wasm && !nogchold

package checker

// gcHoldOn: the worker holds the collector off while the page shows
// what it sent (holdGC). A module built with the tag nogchold does not,
// only to measure what the hold buys.
const gcHoldOn = true
