// Package msg is what the page and the check worker (wasm/checker) say
// to each other, as Go types both sides import, in one compact binary
// encoding: the page's [Request]s (a check, an open, a part,
// an export, a HAR export, and its word that it has shown a part), and
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
// their declaration, with no code of its own. A Part's steps and exchanges are each written with their
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
