// Package replay reads and writes a2aplay transcripts and turns them into
// the steps a learner walks through.
//
// A transcript is one capture of A2A traffic: the HTTP exchanges between
// named participants, with the time each request, response and stream
// frame was seen. [Parse] reads one from bytes and [Write] writes one;
// neither touches a file, so both run unchanged natively and in the
// browser. Parse never panics: bad input gives a [*SyntaxError] that
// reads "name:line: what was expected".
//
// # The format, version 1
//
// A transcript is UTF-8 text made of lines ending in "\n". It is shaped
// like the .http files of editor HTTP clients, so a reader can re-send a
// request against the live kit, and every fact that is not HTTP lives in
// comment lines that start with "#" (or ":" inside an event stream).
//
// The file starts with a header:
//
//	# a2aplay transcript 1
//	# title: the review question and its answer
//	# participant: client
//	# participant: code-reviewer http://localhost:41242
//
// The first line names the format and its version; a parser rejects any
// other version. A title line is optional. Each participant line names a
// party, optionally followed by one space and its base URL; names are
// single words without spaces, unique in the file.
//
// Then come the exchanges, each opened by a line "### N NAME", where N is
// the exchange's number (1, 2, 3, ... in order) and NAME a label such as
// the A2A method ("SendMessage") or what an out-of-band call does
// ("approve"). The lines after it, before the request line, are
// directives:
//
//	# @from planner                 who sent the request (a participant)
//	# @to code-reviewer             who served it (a participant)
//	# @channel out-of-band          plain HTTP outside A2A (optional)
//	# @note any text                a note for the reader (optional, repeatable)
//	# @at 2026-10-06T09:00:00.000Z  when the request was sent
//
// @from, @to and @at are required, in that order relative to each other;
// @channel and @note come between @to and @at. Times are RFC 3339 in UTC
// with "Z" and exactly three fractional digits.
//
// The request follows: a request line "METHOD URL HTTP/1.1", header lines
// "Name: value", an empty line, and the body. A body is every line up to
// the next line that starts with "#" (or the end of the file), without
// the empty lines at its end; a body therefore never has a line that
// starts with "#", and [Write] refuses one. A request without a body
// ends with its empty line.
//
// The response is opened by its own "# @at TIME" line, then either
//
//	HTTP/1.1 200 OK                 a status line, headers, an empty line,
//	Content-Type: application/json  and the body as for requests
//
// or
//
//	# @error connection refused     the request failed without a response
//
// An exchange whose capture ended before any reply has no response.
//
// When the response's Content-Type is text/event-stream, its body is a
// server-sent events stream, and it stays valid SSE. Each frame is
// preceded by an SSE comment with its arrival time and ends with an empty
// line; the stream's end, if the capture saw it, is a last comment:
//
//	: @at 2026-10-06T09:00:00.250Z
//	id: 1
//	data: {"jsonrpc":"2.0","id":"…","result":{"task":{…}}}
//
//	: @end 2026-10-06T09:00:01.750Z server
//
// A frame may have "id:", "event:" and one or more "data:" lines (joined
// with "\n"); a value follows "field:" and one optional space, as in SSE.
// The @end comment names who closed the stream: "server" when the server
// finished the response, "client" when the client stopped reading. A
// stream without @end was still open when the capture ended. A reader
// never infers a stream's end from a task state: only @end says it.
//
// Exchanges are written in the order their requests were sent; their
// responses and frames interleave in time, and [Steps] orders them by
// their @at times. An operator's approval POST, for example, is its own
// exchange, and its times fall between two frames of the stream it
// resumes.
//
// # What capture writes
//
// Captures are normalised so that capturing twice gives the same bytes:
// ids become deterministic UUIDs, times a synthetic clock that starts at
// 2026-10-06T09:00:00Z and ticks 250 ms per observed event, JSON bodies
// are indented with two spaces, and headers that change from run to run
// (Date, Content-Length, User-Agent) are left out. JSON in stream frames
// stays on one line, as SSE needs.
//
// # Trust
//
// A transcript is untrusted input. Parse checks its structure, not what
// its bodies say; bodies and notes are text, and whoever shows them must
// treat them as text, never as markup.
package replay
