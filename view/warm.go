package view

import _ "embed" // WarmText

// WarmText is a transcript of the calls a long file is made of, a few
// rounds of each: a task that asks for input, a stream that waits for an
// approval, and the approval outside A2A (54 steps). The page's modules
// read, step and draw it when idle, a warm-up: V8 first compiles a
// WebAssembly function into code that is quick to make and slow to run,
// and optimises it only once it has run for a while. It is text, not the
// code that makes it, so that the modules do not carry that code.
//
//go:embed warm.http
var WarmText string

// warmRounds is how many rounds WarmText holds.
const warmRounds = 6
