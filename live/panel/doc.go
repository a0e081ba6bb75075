// Package panel is what the live worker and the page's Live panel say
// to each other: the session's state (Snapshot), a move's answer
// (Result) and the arguments of the worker's commands. Package live
// fills them in the worker; the viewer (wasm/viewer) reads them in the
// page. Both sides decode the same types, so a field is named once: the
// worker with encoding/json, by their tags; the page, whose module does
// not link encoding/json, with ReadSnapshot, ReadResult and Args.Fields
// (page.go), which the tests hold to encoding/json.
//
// It is pure Go with no dependency beyond the standard library and
// internal/jsonvalue, so that the viewer's module, which must stay
// small, can hold it.
package panel
