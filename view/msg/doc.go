// Package msg is what the page and the check worker (wasm/checker) say
// to each other, as Go types both sides import, in one compact binary
// encoding: the page's [Request]s (a check, a Live session's changes
// (OpLive: the live worker's Deltas as they came), an open, a part, an
// export, a HAR export, and its word that it has shown a part), and
// the worker's answers: [Progress], [Failure], [Findings], [Text],
// [Verdicts] (on the exercises a check of a Live session names), a
// long file's window (a view.Part, [NewPart], read by [ReadPart] into a
// [Window]) and what the worker says of the whole file once it has
// worked out all its steps ([Whole]). [Request.Encode], [EncodeAnswer],
// [NewPart] and [EncodeWhole] write them, [Decode] reads any of them. Every message starts with [Version]: a page and a
// worker from different builds (a worker script the browser kept from
// an older site) refuse each other's messages with [ErrVersion] rather
// than misread them.
//
// The encoding is package internal/wire's, shared with the live
// worker's messages (live/panel), and used the same way: each message
// is a Go value written by wire's Value, its fields in the order of
// their declaration, with no code of its own; but for one thing. A
// Part's steps and exchanges are written and read by wire's functions
// for a step and an exchange (wire's values.go), which write what Value
// writes of them (TestValuesAsValue), because through Value a 240-step
// part's items cost four to five times as much: 0.24-0.69 ms by hand
// against 1.3-1.8 ms natively, 0.84-1.4 ms against 4.6-5.7 ms under
// Node (BenchmarkPartItems, -benchtime 300x and 100x, -count 4, on a
// loaded 2-core machine). Value with a plan cached per type that read
// and wrote the values' memory at their offsets (package unsafe) came
// within 6% natively but stayed 10-20% slower under Node, where the
// page and the worker run (CPU time of BenchmarkPart/binary, the two
// test binaries one after the other), and was left out. A Part's steps and exchanges are each written with their
// number and length, so that the page finds them without reading them,
// and reads one only when the inspector shows it. The window's drawing,
// SVG text the page puts into the document as it is, travels beside the
// bytes as strings.
//
// It is pure Go, tested natively and under GOOS=js: a message that is
// cut short, has bytes left over or says what cannot be is an error
// that names the byte, never a panic (FuzzReadPart).
//
// The encoding was chosen by two benchmarks (the README's table): over
// JSON, what a Part travelled as before (BenchmarkPart, a 240-step
// window read back whole: 124 KB against 204 KB, 3.4 ms against 53-68
// ms under Node), and over the browser's structured clone of objects
// written and read a field at a time (wasm/checker's
// BenchmarkStepsAcross, the window's steps: 1.1 ms against 42-54 ms).
package msg
