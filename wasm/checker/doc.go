// Package checker is the page's module for transcripts it did not ship:
// it runs check.Check, it opens large files and HAR files the learner
// picks, and it writes HAR exports, in a Web Worker of its own
// (web/check-worker.js). The check package would make the viewer's
// module 15% larger, past its budget, so the page loads this one only
// when it has a transcript the site builder did not check, a file the
// learner opened, a live session or a HAR export. The viewer has no HAR
// reader or writer (package replay/har): a HAR file of any size is
// opened here (the page tells one by replay.Sniff), and a transcript the
// page holds is written as HAR here. A large file is parsed, stepped
// and checked here, off the page's thread: the page holds only the
// window of steps it draws (a view.Part), and asks for the next one
// when the learner steps out of it.
//
// The messages are Go types of package view/msg, both ways, in its
// binary encoding, which starts with its version: a page and a worker
// of different builds refuse each other's messages (msg.ErrVersion).
// Each is posted as {m: Uint8Array}; an open carries the file beside
// it, {m, data} (an ArrayBuffer, or the File, which the worker's script
// reads into one, or says why it could not, {m, readError}), and a part
// its drawing, {m, svg, more}. A msg.Request, with the page's id, asks:
//
//	OpCheck {Name, Text,        check a transcript: answers
//	  Exercises}                msg.Findings (view.AppendFindings) of at
//	                            most findingsPerMessage, More on all but
//	                            the last; before them, when Exercises
//	                            is not nil (a Live session's), a
//	                            msg.Verdicts with exercise.Judge's word
//	                            on each (their conditions travel as
//	                            text, parsed here: the viewer does not
//	                            link package exercise)
//	OpLive {At, Deltas, Text,   the Live session the worker keeps, with
//	  Exercises}                the live worker's Deltas the page drew
//	                            since the last (panel.Encode's bytes, as
//	                            they came: all those that came while the
//	                            worker was busy), applied as the page
//	                            applies them; with Text, the session
//	                            whole (the page drew it from text, or
//	                            the worker failed on a Delta), taken
//	                            afresh first; At is the session's
//	                            number. Answers as OpCheck, from a
//	                            check.Session and an exercise.Judger
//	                            that follow the session (live.go), so
//	                            that an event costs the same at the 10th
//	                            and the 1,000th exchange
//	OpOpen {Name, Screen}       open a file (Screen: the height of the
//	                            page's view of the diagram, at its own
//	                            size): answers msg.Progress as it goes,
//	                            then a part (below), then its findings
//	                            (as above). Of a long file the first
//	                            parts are cut from its first exchanges'
//	                            steps, before the others are worked out:
//	                            the steps of one screen (view.CutScreen),
//	                            then the first window; then comes a
//	                            msg.Whole, or a part in its place when
//	                            the first window was not right after all
//	OpShown                     from the page, of the open id, once for
//	                            each part and whole of it: the page has
//	                            shown it, and painted a frame since; no
//	                            answer. Until it says so, the open waits
//	                            (at most shownWait each time)
//	OpPart {At, Screen}         the Part around step At of the file
//	                            open: a part, with predict mode's
//	                            questions about its steps and the first
//	                            after them (view.QuestionsIn), worked
//	                            out from the whole file the first time
//	OpExport {Kind}             the file open as "svg", "mermaid",
//	                            "http" or "har": msg.Text
//	OpHAR {Text}                Text, a transcript the page holds,
//	                            written as HAR: msg.Text
//
// The requests are answered in the order they came, one at a time: a
// part or an export asked for while a file opens is answered once it
// is open, while its findings are still being worked out (the check
// stops for them every asideEvery). An open gives way to a newer one:
// it answers a msg.Failure and no more, and the parts and exports asked
// of its file meanwhile are answered with an error too. The worker leaves the processor to
// the page while the page shows what an open sent: on two cores the
// page's thread would otherwise share one with the worker's work (see
// server).
//
// A part is a view.Part drawn for the screen (view.Part.DrawScreen) and
// split by msg.NewPart: its head, its steps and exchanges, each
// readable alone, and the worker's memory in its bytes; svg (the screen
// around step at, or its first) and more (the rest of its rows, in
// pieces in the order of their steps) beside them.
// Any of them can answer a msg.Failure instead; one with id 0 says the
// worker could not read a request. A panic is an answer too:
// the worker stays up. The page cancels an open by ending the worker:
// an open takes other messages only between its stages.
//
// The package builds for js/wasm, but for answer.go and live.go: what a
// check does (answer, answerLive) needs no DOM, so BenchmarkLiveCheck
// times it natively too, a Live event's check at 10, 100 and 1,000
// exchanges, and TestLiveIsWhole holds the Live session the worker
// keeps to replay.Steps, check.Run and exercise.Judge of its
// transcript at each Delta.
//
// The command cmd/check runs it; build it with its recipe
// (internal/build) into bin/check.wasm with
//
//	go run ./cmd/a2aplay build check
package checker
