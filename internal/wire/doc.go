// Package wire is the one binary encoding of the messages between the
// page and its two workers: what the page and the check worker say
// (view/msg) and what the page and the live worker say (live/panel).
// Each of those packages declares its messages and its own version;
// this one writes and reads them.
//
// A message starts with its package's version and a kind byte (Start,
// Open); a reader of another version stops there with ErrVersion, so
// that a worker script the browser kept from an older site is told
// apart from a broken message. Then come the fields: unsigned integers
// as uvarints, signed ones zigzagged, strings and lists with their
// length first (a list's length plus one, 0 for nil), booleans as a
// byte, times as their kind (zero, UTC or an offset), offset, seconds
// and nanoseconds (codec.go); floats as their bits; and any struct of
// these, times, byte slices, pointers, slices and structs by its
// exported fields in the order of their declaration (Value, ReadValue,
// value.go), so that a message type added to view/msg or live/panel
// needs no code to be written. A transcript's steps and exchanges have
// functions of their own besides (values.go), which write the same
// bytes (view/msg's TestValuesAsValue) four to five times faster: the
// check worker's parts send hundreds of them (view/msg/doc.go).
//
// A Decoder never panics: the first thing wrong stops it, with an error
// that names the byte, and every read after it returns zero values.
// The packages that use it fuzz their decoders.
//
// It is pure Go, tested natively and under GOOS=js.
package wire
