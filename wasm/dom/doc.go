//go:build js && wasm

// Package dom is a small helper over syscall/js for the page: build
// elements, set text, toggle classes, listen to events, await promises.
//
// Two rules keep the page alive whatever happens:
//
//   - Every callback from JavaScript goes through [Func] (or [On], which
//     uses it). It recovers a panic and hands it to [Report], so a bug
//     shows as a banner instead of killing the Go runtime.
//   - A callback never blocks. Work that waits (a fetch, a file read)
//     runs in [Go], a goroutine that also recovers.
//
// Text from transcripts is only ever set with [SetText] or [Text]; the
// one helper that sets markup, [SetOwnMarkup], takes only markup this
// program generated and escaped itself (the diagram's SVG).
package dom
