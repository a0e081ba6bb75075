// Package panel is what the live worker and the page's Live panel say
// to each other, as Go types both sides import: the page's commands
// (each its own type, a [Command], sent in a [Request]), the worker's
// [Reply] to each (its result: a [Snapshot], a move's [Result],
// [Closed], [Stats] or [Saved]; or an error), and what the worker posts
// as the session goes: a [Delta] (what changed), the [State], [Ready] and a
// [Failure] of its own. Package live fills them in the worker
// ([live.Host]); the viewer (wasm/viewer) reads them in the page.
//
// [Encode] writes any of them and [Decode] reads it back, in the one
// binary encoding of the page's messages (package internal/wire): each
// message starts with [Version] and its kind; a page and a worker of
// different builds (a worker the browser kept from an older site) are
// told apart by [ErrVersion] and the panel says so, rather than
// misreading each other. The fields are written by reflection, in the
// order of their declaration, so that a field added to a type needs no
// code; the tests round-trip every message with every field set, and
// cut short, with a byte more and of another version (FuzzDecode).
//
// # Adding a command
//
// A command is one type and one case:
//
//  1. Declare its arguments' type here (an empty struct when it takes
//     none; a struct embedding another command's arguments when it
//     takes the same ones, as ApproveArgs and RefuseArgs do), with its
//     Op (its name on the wire and in errors) and its answer (a new
//     value of what it answers: a new type of answer is declared here
//     too), and add a value of it to the list commands (msg.go), where
//     Decode finds it by its Op; raise Version.
//  2. Add its case to live.Host's switch (live/host.go), which runs it
//     and returns its answer.
//
// The page then sends it with the viewer's call(command, done); done
// gets the answer as the type its answer names. A second live module
// (answering the same commands another way) imports this package and
// switches on the same types. The round-trip and version tests cover a
// new command without being told of it.
//
// It is pure Go; what it imports the viewer's module links already
// (package replay, through internal/wire), and not encoding/json.
package panel
