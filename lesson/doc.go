// Package lesson renders a2aplay's lessons: Markdown with six fenced
// blocks and inline citations, as a goldmark extension.
//
//	lesson.md -> goldmark parser (+ fence, cite parsers) -> AST
//	          -> resolver (transcripts, steps, SVG) -> HTML renderer -> page
//
// [Convert] does all of it; [New] gives the extension for a goldmark of
// your own.
//
// # The dialect
//
// A block is a fenced code block whose info string is listing, figure,
// rule, takeaways, exercise or measures. It starts with a header of "key: value" lines, then
// a line "---", then a body of ordinary Markdown (a listing's body is its
// quoted text, see below). A block may have only a
// header (a listing usually does; a figure often does), or, without a
// header, only a body (takeaways usually do). Keys are lower case; an
// unknown, repeated or empty key is an error.
//
//	```listing
//	title: frame 3: the deploy asks for approval
//	source: transcripts/07-auth-required.http
//	exchange: 1
//	frame: 3
//	path: result.statusUpdate
//	cut: status.message.messageId
//	```
//
// A [Listing] quotes part of a transcript: the request, the response, or
// one stream frame of an exchange, optionally cut to a JSON path, with
// members replaced by "…". The quote is always taken from the
// transcript, so a lesson cannot show a frame the capture did not see.
//
// A [Figure] draws a transcript's sequence diagram, or a range of its
// steps, as static SVG from package diagram, in a <figure> whose
// data-transcript and data-steps attributes let the playground's script
// swap in the live diagram. Figures to compare are drawn side by side:
// those that follow one another with the same row key ("row: roads")
// share one row, a column each, every drawing scrollable in its column;
// on a narrow screen they stack. A row of one figure, or a row named
// again after other blocks, is an error. A [Rule] states a rule of the specification
// with its source; [Takeaways] close a lesson. An [Exercise] sets the
// learner a task in Live: its "done" conditions and "wrong" roads (with
// their hints) are written in package exercise's words, checked when the
// lesson is built, and listed in [Info].Exercises, which the playground
// and `a2aplay check -exercises` evaluate against a session.
// [ReadExercises] reads a lesson's exercises without drawing the rest of
// it, and [PageExercises] a folder's, as the page's data block carries
// them (onpage.Exercise).
//
// A [Measures] block is a table of figures measured from transcripts,
// one column per transcript and one row per measure ([Measure],
// [MeasureNames]: the A2A requests the client sent, its connections held
// open across the operator's approval, the deliveries it would lose if
// it were down after it, the time from the approval to the client
// knowing). The lesson writes the figures in its own table; each is
// measured again when the lesson is built, and one that differs is an
// error at its line, as a listing's quote that does not match is:
//
//	```measures
//	sources: transcripts/07-auth-required.http, transcripts/14-poll.http
//	rows: requests, latency
//	---
//	| | stream | poll |
//	| requests the client sent | 1 | 5 |
//	| from the approval to the client knowing | 0.5 s | 9 s |
//	```
//
// A citation is written {{spec §7.6.1}}, {{proto TaskState}}, {{rfc
// 9110}}, {{sdk src/a2a/server/events/queue.py}} (the Python SDK) or
// {{sdk-LANG PATH at VERSION}} for the Go, Java, JS, .NET and Rust SDKs
// ([SDKRepos]). Every kind links to its source ([CiteURL]): the section
// of the published specification (with its anchor when the section's
// title is known, see [SpecSectionURL]), the message in a2a.proto at
// v1.0.1, the RFC, the SDK's file at the cited version (its default
// branch when none is cited). Header values such as titles, notes and
// captions are plain text in which `code` and citations work.
//
// Listings and figures link to their steps in the playground's replayer
// (index.html#t=NAME&s=N, see [Config.ReplayLink]).
//
// # The tutorial's upstream pages
//
// The tutorial this tool accompanies writes the same blocks its own way,
// and Convert reads them as they are:
//
//   - a listing carries its quote as its body, with "…" wherever
//     something is cut, and names its source as capture/out/NAME.http
//     or capture/out/NAME.events.json. The quote is verified: as JSON
//     (by value: members in any order, arrays in order, white space
//     ignored; "…" for cut members, elements, the rest of a value, or
//     part of a string) against every body and frame of the transcript,
//     or of the events file derived from it ([replay.EventsJSON]); as
//     text against its HTTP messages. A quote that does not match is an
//     error at the line where it first differs, showing both sides.
//     Sources are given to the [Resolver] as .http names
//     ([HTTPSource]); the caller maps capture/out/ to its transcripts;
//   - a figure without a source key takes it from its caption ("From
//     capture/out/NAME.http.");
//   - a caption or claim sentence that names steps ("Steps 2 to 4 and 7
//     to 9 are the six frames of one stream", "Steps 5 and 6 are plain
//     HTTP outside A2A") is checked against the drawing: the steps must
//     be drawn and be of the kind it says (see [Figure]). What does not
//     hold is a finding, in [Info].Findings and beside the figure: not
//     an error, since the drawing is the capture's and the sentence is
//     what needs a look.
//
// # Errors
//
// Parsing never fails and never panics; mistakes in blocks and
// citations (an unknown key, a missing source, a frame the stream does
// not have, a bad step range, an unclosed citation) are collected with
// their line and returned by Convert as an [ErrorList] of "file:line:
// message". The HTML is still written, with each broken block replaced
// by its errors, so a preview reads; `a2aplay docs` fails on any error.
//
// # Pages
//
// Convert writes a lesson's body; the caller puts it in a page. `a2aplay
// docs` makes one page per lesson; the offline file carries every lesson
// as a section of the playground's own page, with [InPage] keeping
// their links and ids in that page.
//
// # Trust
//
// The lesson package reads no files: a [Resolver] the caller supplies
// turns a block's source into a transcript. Lessons and transcripts are
// text: goldmark runs in its safe default (raw HTML is dropped, and
// dangerous link targets are emptied), and everything the extension
// writes from a lesson or a transcript is escaped. The only markup it
// passes through is the SVG drawn by package diagram, which escapes its
// own text. Images are drawn only by a relative path; one from an http
// or https URL is an error unless [Config].RemoteImages allows it, and
// any other (empty, data:, javascript:) is shown as its alt text. Error
// messages quote what they take from a lesson with its control
// characters escaped ([Printable]), so a lesson cannot drive the
// terminal that prints them.
package lesson
