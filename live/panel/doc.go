// Package panel is what the live worker and the page's Live panel say
// to each other: the session's state (Snapshot), a move's answer
// (Result) and the arguments of the worker's commands. Package live
// fills them in the worker; the viewer (wasm/viewer) reads them in the
// page. Both sides decode the same types, so a field is named once.
//
// It is pure Go with no dependency beyond the standard library, so
// that the viewer's module, which must stay small, can hold it.
package panel
