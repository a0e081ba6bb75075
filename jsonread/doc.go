// Package jsonread is a2aplay's one JSON reader: every body, frame and
// card a transcript holds is read as JSON through it, natively, in the
// page and in its workers, so each gives the same errors at the same
// limit.
//
// It reads in two ways:
//
//   - A [Reader] reads a text in one pass, value by value, as its caller
//     asks: replay decodes bodies into its own structs with it, the way
//     encoding/json's Unmarshal would ([Reader.ReadObject], [ReadPtr],
//     [ReadSlice], [FieldIndex]), several times faster and without
//     reflection.
//   - [Parse] builds a tree of [Value]s that keeps what encoding/json
//     throws away: the order of object members, the literal text of
//     every scalar, and the byte offset of every value and key. The
//     checker names a finding's line from the offsets; lessons quote a
//     body's JSON faithfully, cut to a path ([Format]).
//
// [Check] and [Valid] say whether a text is JSON; [CheckDepth] only
// whether it nests too deep, cheaply, for code that refuses such text
// before anything reads it (replay.Parse does).
//
// # What it accepts
//
// Exactly RFC 8259 JSON, one value with optional white space around it,
// as encoding/json does: bytes that are not UTF-8 are allowed inside
// strings and decode to U+FFFD, as do escaped surrogates that are not
// half of a pair. One thing differs: arrays and objects nest at most
// [MaxDepth] (256) deep, where encoding/json allows 10,000. Every reader
// of a2aplay's recurses once or more per level, and in the browser Go's
// calls use the JavaScript engine's stack: Chromium's gives out at a few
// thousand levels ("Maximum call stack size exceeded"), which killed the
// worker that checks a file and hung the page's opener. 256 levels stay
// far below that, whatever walks the tree after, and far above any A2A
// message (the shipped transcripts' bodies nest at most 10 deep).
//
// # Errors
//
// A text that is not JSON, or nests too deep, gives a [*SyntaxError]
// that reads "offset N: what was found", N the byte offset in the text
// where reading stopped:
//
//	offset 7: unexpected '}', want a member name
//	offset 256: JSON nested deeper than 256 levels, a2aplay's limit
//
// The second wraps [ErrTooDeep], so callers tell it apart with
// errors.Is; code that knows where the text stands in a file turns the
// offset into a line (replay.Parse writes "name:line: JSON nested
// deeper than 256 levels, a2aplay's limit"). Nothing in this package
// panics on any input, which FuzzRead, FuzzParse and FuzzNesting hold
// it to.
//
// # encoding/json beside it
//
// A few readers still use encoding/json on a body: replay's Call (the
// method of a JSON-RPC request) and its reading of agent cards, live's
// errorObject and the HAR reader. Each decodes into structs a few
// levels deep, and encoding/json skips the members it does not know
// without recursion; besides, the bodies replay.Parse accepts nest no
// deeper than MaxDepth. Only a decode into an any or a map recurses
// with the text: har's locateType, which checks [CheckDepth] first.
package jsonread
