// Package lesson renders a2aplay's lessons: Markdown with four fenced
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
// rule or takeaways. It starts with a header of "key: value" lines, then
// a line "---", then a body of ordinary Markdown. A block may have only a
// header (a listing always does; a figure often does), or, without a
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
// A [Figure] draws a transcript's sequence diagram, or a range of its
// steps, as static SVG from package diagram, in a <figure> whose
// data-transcript and data-steps attributes let the playground's script
// swap in the live diagram. A [Rule] states a rule of the specification
// with its source; [Takeaways] close a lesson.
//
// A citation is written {{spec §7.6.1}}, {{proto TaskState}},
// {{sdk-go internal/taskupdate/final.go}} or {{rfc 9110}}. Spec
// citations link to the section of the published specification (with
// its anchor when the section's title is known, see [SpecSectionURL]);
// the others are shown as cited text. Header values such as titles,
// notes and captions are plain text in which `code` and citations work.
//
// Listings and figures link to their steps in the playground's replayer
// (index.html#t=NAME&s=N, see [Config.ReplayLink]).
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
// # Trust
//
// The lesson package reads no files: a [Resolver] the caller supplies
// turns a block's source into a transcript. Lessons and transcripts are
// text: goldmark runs in its safe default (raw HTML is dropped, and
// dangerous link targets are emptied), and everything the extension
// writes from a lesson or a transcript is escaped. The only markup it
// passes through is the SVG drawn by package diagram, which escapes its
// own text.
package lesson
