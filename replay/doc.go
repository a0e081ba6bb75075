// Package replay reads and writes a2aplay transcripts and turns them into
// the steps a learner walks through.
//
// A transcript is one capture of A2A traffic: the HTTP exchanges between
// named participants, with the time each request, response and stream
// frame was seen. [Parse] reads one from bytes and [Write] writes one;
// neither touches a file, so both run unchanged natively and in the
// browser. Parse never panics: bad input gives a [*SyntaxError] that
// reads "name:line: expected X, found Y". [EventsJSON] derives the
// frames of a transcript's streams as JSON; package replay/har converts
// to and from a browser's HAR network log. [Appender] writes a
// transcript an exchange at a time, as a recording goes; [FrameScanner]
// splits an event stream into frames as it arrives; [Agents] tells
// agents apart by their cards; [Call] says which A2A call an HTTP
// request is. [WriteRequestHead], [WriteResponseHead]
// and [WriteFrame] write what travelled on the wire, the one way a2aplay
// shows it; [Validate], [FitBody] and the Valid functions say what a
// transcript can hold, for code that builds one from another source.
// Package replay/open reads a transcript or a HAR file, telling them
// apart by what they hold.
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
// and its text is not empty. Notes on the whole transcript may follow,
// one per line, written "# note: TEXT" (or "# note:" for an empty one):
// what an import left out, how a recording was made. Each participant
// line names a party,
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
// They come in this order: @from, @to, then @channel if present (its
// value is "out-of-band" or "push", below), then the notes, then @at. A
// note may be empty, written "# @note", to separate paragraphs. Times
// are RFC 3339 in UTC with "Z" and exactly three fractional digits; the
// zero time 0001-01-01T00:00:00.000Z is not a time. A line that starts
// with "#" and is none of those this specification names is an error.
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
// A body, or a frame's data (below), nests JSON arrays and objects at
// most 256 deep (jsonread.MaxDepth), whatever its Content-Type: a text
// that, read as JSON, opens a 257th level before it ends or stops being
// JSON is an error, at the line of that level's bracket:
//
//	deep.http:26: JSON nested deeper than 256 levels, a2aplay's limit
//
// Every reader of a2aplay's, in the page and its workers too, reads a
// body's JSON with package jsonread, whose readers go one call deeper
// for each level; in the browser those calls take the JavaScript
// engine's stack, which gives out at a few thousand levels. A transcript
// is refused as a whole, so that the command line, the page and its
// workers all give this one error. [Write] refuses such a body, and
// [FitBody] leaves it out, saying why. Text that is not JSON counts only
// as far as it reads as JSON: prose with brackets in it is no error.
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
// When the response's Content-Type is text/event-stream
// ([binding.IsEventStream]: compared without regard to case, parameters
// such as "; charset=utf-8" allowed), its body is a server-sent events
// stream, and it stays valid SSE. Each frame is
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
// # Push notifications
//
// A push notification (A2A §3.5, §4.3) is an HTTP request the other way
// round: the agent POSTs a task's event to a webhook the client gave it.
// A transcript records it as an exchange like any other, on the channel
// "push", from the agent to the webhook:
//
//	# participant: client
//	# participant: deployer http://localhost:41243
//	# participant: client-webhook http://localhost:41250
//
//	### 4 push
//	# @from deployer
//	# @to client-webhook
//	# @channel push
//	# @at 2026-10-06T09:00:02.000Z
//	POST http://localhost:41250/notify HTTP/1.1
//	Content-Type: application/json
//	A2A-Notification-Token: …
//
//	{"statusUpdate": {"taskId": "…", "status": {"state": "TASK_STATE_WORKING"}}}
//
//	# @at 2026-10-06T09:00:02.000Z
//	HTTP/1.1 204 No Content
//
// The request's body is the notification's payload (a StreamResponse in
// A2A v1.0), and the response is the webhook's answer. The webhook is a
// participant of its own, with the base URL the agent posted to, and not
// a point on the client's lane, for three reasons: it is a server the
// agent connects to, as an agent is one the client connects to, so its
// URL has the place every server's has and a reader can re-send the POST
// to it; it may live apart from the client that registered it (another
// process, another host, a receiver "a2aplay record" puts in between);
// and an arrow to a lane of its own cannot be mistaken for a response to
// one of the client's requests. A capture names it after the client,
// "client-webhook". The channel, rather than the direction of the
// arrow, says what the exchange is: a reader knows from "# @channel
// push" alone that the request's body is a task's event, without
// knowing which participants are agents. Parse checks the structure of
// a push exchange as of any other; whether its payload, token and
// method are what the spec asks is for the checker (package check) to
// say.
//
// A capture writes exchanges in the order their requests were sent. A
// recording written as it goes ([Appender], "a2aplay record") appends
// each exchange when it completes, so its exchanges come in the order
// they completed, and a file cut short at any moment (a crash, Ctrl-C)
// still parses and holds every completed exchange. Either way responses
// and frames interleave in time, and [Steps] orders them by their @at
// times. An operator's approval POST, for example, is its own
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
// 2026-10-06T09:00:00Z and ticks 250 ms per event: each request and each
// task event an agent stamps. A response, frame or stream end takes the
// time of the latest event it shows, so several observations may share
// one @at; they keep the order of the file, and steps of different
// exchanges are ordered by @at, then by exchange number. JSON bodies
// are indented with two spaces, and headers that change from run to run
// (Date, Content-Length, User-Agent) are left out. JSON in stream frames
// stays on one line, as SSE needs.
//
// # A2A v0.3 and v1.0
//
// A transcript may hold traffic of A2A v0.3 as well as v1.0, and may mix
// them: [ExchangeVersion] says which version each exchange speaks, and
// each exchange is read as its own version, whatever its neighbours
// speak. What it goes by, first to last: the request's A2A-Version
// header or query parameter (§3.6: its Major.Minor; an empty or absent
// one means 0.3 to an agent, so it decides nothing here on its own);
// then the JSON-RPC method's name ("message/send", "message/stream",
// "tasks/resubscribe" and the other names of binding.V03Methods are 0.3;
// "SendMessage" and the other v1.0 names are 1.0); then, over HTTP+JSON,
// a path under /v1, where 0.3 puts its routes. A GET of an agent card
// speaks what the card does: 0.3's shape is a top-level protocolVersion
// without supportedInterfaces (a card with both is read by either).
//
// [Steps] reads a 0.3 exchange into the same steps as its 1.0 twin: the
// method is the v1.0 one (the label keeps 0.3's name), an object's
// "kind" ("task", "message", "status-update", "artifact-update") says
// which event it is where 1.0 wraps it in a member named for it, a
// lower-case state is its v1.0 name ("input-required" is
// TASK_STATE_INPUT_REQUIRED, [V03State]), and a frame with "final": true
// is marked [Step].Final, the end of its stream in 0.3. Every step of a
// 0.3 exchange has [Step].Version "0.3". A 1.0 exchange is read as 1.0
// only: a "kind" or a lower-case state in it is not read (package check
// names it). capture writes 06 and 07 over 0.3 too, as
// NN-name.v0.3.http, with the same clock and ids as their 1.0 twins.
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
// # Trust
//
// A transcript is untrusted input. Parse checks its
// structure, not what its bodies say; bodies and notes are text, and
// whoever shows them must treat them as text, never as markup.
//
// [Steps] reads bodies leniently, with a JSON reader of its own rather
// than encoding/json's reflection (a long transcript has hundreds of
// thousands of bodies), and reads them as encoding/json would read them
// into structs: keys match without regard to case, the last of two equal
// keys wins, values of the wrong type are left out, invalid UTF-8 and
// unpaired surrogates become U+FFFD, and a body that is not JSON says
// nothing. FuzzDecode holds the reader to encoding/json.
package replay
