// Package replay reads and writes a2aplay transcripts and turns them into
// the steps a learner walks through.
//
// A transcript is one capture of A2A traffic: the HTTP exchanges between
// named participants, with the time each request, response and stream
// frame was seen. [Parse] reads one from bytes and [Write] writes one;
// neither touches a file, so both run unchanged natively and in the
// browser. Parse never panics: bad input gives a [*SyntaxError] that
// reads "name:line: expected X, found Y". [EventsJSON] derives the
// frames of a transcript's streams as JSON, and [ReadHAR] and [WriteHAR]
// convert to and from a browser's HAR network log.
//
//	data, _ := os.ReadFile("transcripts/07-auth-required.http")
//	t, err := replay.Parse(data, "07-auth-required.http")
//	if err != nil {
//		return err // 07-auth-required.http:12: expected "# @to NAME" after "# @from", found …
//	}
//	steps := replay.Steps(t)
//
// # The format, version 1
//
// A transcript is UTF-8 text made of lines ending in "\n" (the last
// line break may be missing). A file saved with "\r\n" or "\r" line
// breaks, as some editors save it, reads the same, provided every line
// ends the same way as the first: a reader takes the first line break
// it meets as the file's, and names the line where another one appears.
// No line holds a carriage return or a line feed of its own, so neither
// reaches a body, and [Write] writes "\n" only. It is
// shaped like the .http files of editor HTTP clients, so a reader can
// re-send a request against the live kit, and every fact that is not
// HTTP lives in comment lines that start with "#" (or ":" inside an
// event stream).
//
// The file starts with a header:
//
//	# a2aplay transcript 1
//	# title: the review question and its answer
//	# participant: client
//	# participant: code-reviewer http://localhost:41242
//
// The first line names the format and its version; a parser rejects any
// other version. A title line is optional; when present it comes second
// and its text is not empty. Each participant line names a party,
// optionally followed by one space and its base URL. A name is one or
// more ASCII letters, digits, ".", "_" or "-", unique in the file; a URL
// is an absolute http or https URL without spaces. The header lines
// follow each other without empty lines; empty lines may separate the
// header from the first exchange and one exchange from the next.
//
// Then come the exchanges, each opened by a line "### N NAME", where N is
// the exchange's number (1, 2, 3, ... in order) and NAME a label such as
// the A2A method ("SendMessage") or what an out-of-band call does
// ("approve"): any non-empty text. The lines after it, before the request
// line, are directives:
//
//	# @from planner                 who sent the request (a participant)
//	# @to code-reviewer             who served it (a participant)
//	# @channel out-of-band          plain HTTP outside A2A (optional)
//	# @note any text                a note for the reader (optional, repeatable)
//	# @at 2026-10-06T09:00:00.000Z  when the request was sent
//
// They come in this order: @from, @to, then @channel if present (its one
// value is "out-of-band"), then the notes, then @at. A note may be empty,
// written "# @note", to separate paragraphs. Times are RFC 3339 in UTC
// with "Z" and exactly three fractional digits; the zero time
// 0001-01-01T00:00:00.000Z is not a time. A line that starts with "#"
// and is none of those this specification names is an error.
//
// The request follows: a request line "METHOD URL HTTP/1.1" (three fields
// separated by single spaces: an HTTP token, an absolute http or https
// URL, and "HTTP/" with a version such as 1.1 or 2), header lines
// "Name: value", an empty line, and the body. A header name is an HTTP
// token that does not start with "#"; after the colon one space, if
// present, is dropped and the rest of the line is the value, so a value
// keeps any further leading spaces; an empty value is written "Name:". A
// body is every line up to the next line that starts with "#" (or the end
// of the file), without the empty lines at its end; a body therefore
// never has a line that starts with "#" and never ends with a line
// break, and [Write] refuses one that would. A request without a body
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
// A status line is the protocol, a three-digit status code from 100 to
// 599 and, after one more space, the reason phrase, which may be absent
// (as in HTTP/2: "HTTP/2 204"). The message of @error is not empty. An
// exchange whose capture ended before any reply has no response. After
// the response comes the next exchange or the end of the file.
//
// When the response's Content-Type is text/event-stream (compared without
// regard to case, parameters such as "; charset=utf-8" allowed), its body
// is a server-sent events stream, and it stays valid SSE. Each frame is
// preceded by an SSE comment with its arrival time and ends with an empty
// line; the stream's end, if the capture saw it, is a last comment:
//
//	: @at 2026-10-06T09:00:00.250Z
//	id: 1
//	data: {"jsonrpc":"2.0","id":"…","result":{"task":{…}}}
//
//	: @end 2026-10-06T09:00:01.750Z server
//
// A frame has at most one "id:" line, then at most one "event:" line, then
// one or more "data:" lines (joined with "\n"), in that order; a value
// follows "field:" and one optional space, as in SSE, and a line that is
// only a field name ("data") has an empty value. Frames have no other
// fields (no "retry:") and the stream no other comments. Extra empty
// lines between frames are allowed. The @end comment names who closed the
// stream: "server" when the server finished the response, "client" when
// the client stopped reading. Only empty lines may follow it in the
// stream. A stream without @end was still open when the capture ended. A
// reader never infers a stream's end from a task state: only @end says
// it. With any other Content-Type, lines that look like frames are just
// body text.
//
// Exchanges are written in the order their requests were sent; their
// responses and frames interleave in time, and [Steps] orders them by
// their @at times. An operator's approval POST, for example, is its own
// exchange, and its times fall between two frames of the stream it
// resumes.
//
// # Canonical form
//
// [Write] writes one canonical text for a [Transcript], and Parse of a
// canonical text followed by Write gives the same bytes. In it, one empty
// line separates the header from the first exchange, a request from its
// response and an exchange from the next; a request or response without
// a body ends with the empty line after its headers, which then is that
// separator; so does a stream without @end, whose last frame ends with an
// empty line. The file ends after the last line of the last exchange.
// Empty header values are written "Name:", empty data lines "data:",
// frames without an id or event have no such line, and a status line
// without a reason phrase has no space after the code.
//
// Write refuses, with an error that wraps [ErrNotRepresentable] and names
// the exchange and the field, a Transcript the text cannot hold as it is:
// a line break in a title, name, note, header value or reason phrase; a
// body line that starts with "#"; a body that ends with a line break; a
// carriage return anywhere; a participant name with other characters; a
// time not in UTC or finer than a millisecond; a stream whose response is
// not text/event-stream, or the reverse.
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
// # Events JSON
//
// Beside a transcript NN-name.http, capture writes NN-name.events.json,
// which [EventsJSON] derives from it and which is never a second source of
// truth. It is a JSON array with one object per exchange whose response
// is a stream, in exchange order, indented with two spaces and ending in
// a newline:
//
//	[
//	  {
//	    "exchange": 1,                          the N of "### N"
//	    "name": "SendStreamingMessage",
//	    "from": "client",
//	    "to": "deployer",
//	    "frames": [
//	      {
//	        "frame": 1,                         1-based, in stream order
//	        "at": "2026-10-06T09:00:00.500Z",
//	        "id": "1",                          only when the frame has one
//	        "event": "update",                  only when the frame has one
//	        "data": {"jsonrpc": "2.0", …}       the data as JSON when it is JSON,
//	      }                                     otherwise as a string
//	    ],
//	    "end": {"at": "2026-10-06T09:00:02.500Z", "by": "server"}
//	  }
//	]
//
// "end" is null for a stream that was still open. A transcript without
// streams gives "[]".
//
// # HAR
//
// [WriteHAR] writes a transcript as a HAR 1.2 log that browser developer
// tools open: a page (when there are exchanges), one entry per exchange with its request, response
// (a transport error as status 0 with Chrome's "_error" field) and
// timings, and a stream's body as its SSE text without the @at comments.
// What HAR has no field for travels in custom fields named "_a2aplay":
// on the log the title and participants, on each entry the name, from,
// to, channel, notes, the response time, the time of each frame and the
// stream's end. [ReadHAR] reads those back, so a transcript survives the
// trip through HAR unchanged.
//
// ReadHAR also reads the logs browsers save (Chrome, Firefox), which have
// no such fields. Then it derives:
//
//   - entries: those with http and https URLs (data:, blob: or ws: entries
//     are skipped), in the order of startedDateTime, as exchanges;
//   - participants: "client" for the browser page, which sends every
//     request, and one per origin (scheme, host and port) it sent to,
//     named after the agent card fetched from that origin if the log holds
//     one, else after the first label of the host name, else "agent-PORT"
//     for localhost and IP addresses; clashes get "-2", "-3";
//   - names: the "method" of a JSON-RPC request body; for the HTTP+JSON
//     binding, message:send (SendMessage), message:stream
//     (SendStreamingMessage), GET tasks/{id} (GetTask), tasks/{id}:subscribe
//     (SubscribeToTask), tasks/{id}:cancel (CancelTask), GET tasks
//     (ListTasks), GET extendedAgentCard (GetExtendedAgentCard);
//     GetAgentCard for a GET of /.well-known/agent-card.json;
//     "approve" or "refuse" for a POST to a path with such a segment, on
//     the out-of-band channel; and "METHOD /path" on the out-of-band
//     channel for anything else;
//   - times, converted to UTC and cut to the millisecond: the request at
//     startedDateTime, the response after the blocked, dns, connect, send
//     and wait timings, and the entry's end after its total time;
//   - bodies: postData.text and content.text, base64-decoded when
//     content.encoding says so, line endings turned into "\n" and line
//     breaks at the end dropped. A body the format cannot hold (binary
//     data, a line that starts with "#") is left out, and a note says so;
//     so are headers it cannot hold. HTTP/2 pseudo-headers are dropped.
//   - streams: an event-stream body is split into frames as an SSE client
//     would (comments and retry fields skipped; an event without data, or
//     cut off at the end, not dispatched). Browsers save no time per
//     frame, so the frames are spread evenly between the response and the
//     end of the entry, and a note says so; the stream is taken to end
//     then, closed by the server, or by the client when the browser
//     reported the request aborted.
//
// Malformed JSON gives a [*SyntaxError] ("name:line: expected JSON, found
// an error: …"); JSON that is not a HAR log gives a [*HARError] that names
// the field from the log object down: "name: entries[3].request.url:
// expected an absolute URL, found "/x"". Entry indices count from 0 as in
// the file.
//
// # Trust
//
// A transcript is untrusted input, and so is a HAR file. Parse checks its
// structure, not what its bodies say; bodies and notes are text, and
// whoever shows them must treat them as text, never as markup.
package replay
