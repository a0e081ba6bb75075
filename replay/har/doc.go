// Package har converts between a2aplay transcripts ([replay.Transcript])
// and HAR, the JSON network log that browser developer tools save and
// open. [Read] turns a HAR file into a transcript, so a session recorded
// in a browser replays like a capture; [Write] turns a transcript into
// HAR. Neither touches a file.
//
//	data, _ := os.ReadFile("session.har")
//	t, err := har.Read(data, "session.har")
//	if err != nil {
//		return err // session.har: entries[3].request.url: expected an absolute URL, found "/x"
//	}
//	steps := replay.Steps(t)
//
// # From a transcript to HAR and back
//
// [Write] writes a transcript as a HAR 1.2 log that browser developer
// tools open: a page (when there are exchanges), one entry per exchange with its request, response
// (a transport error as status 0 with Chrome's "_error" field) and
// timings, and a stream's body as its SSE text without the @at comments.
// What HAR has no field for travels in custom fields named "_a2aplay":
// on the log the title, notes and participants, on each entry the name, from,
// to, channel, notes, the response time, the time of each frame and the
// stream's end. [Read] reads those back, so a transcript survives the
// trip through HAR unchanged. The HAR objects Write writes ([File],
// [Entry] and the rest) are the one description of the HAR a2aplay
// writes; the tests' recorder of Chromium's traffic writes them too.
//
// # A browser's log
//
// Read also reads the logs browsers save (Chrome, Firefox), which have
// no such fields. Then it derives:
//
//   - entries: those with http and https URLs (data:, blob: or ws: entries
//     are skipped), in the order of startedDateTime, as exchanges. Traffic
//     that is not A2A is left out: the page's documents, scripts, styles,
//     images, fonts, favicons and WebAssembly modules (by Chrome's
//     _resourceType, else by the response's type), and CORS preflights;
//     a note on the transcript counts them by kind ("3 requests that are
//     not A2A are left out: 1 document, 2 scripts."). Whatever a page sends
//     with fetch that is not A2A, like an operator's approval, is kept.
//     [ReadWith] and [Options] keep everything; so does the CLI's
//     -har-all;
//   - participants: "client" for the browser page, which sends every
//     request, and one per agent ([replay.Agents]): an agent card fetched in the
//     log makes its name and every URL it lists one agent, so two agents
//     on one origin under different paths stay apart, and localhost,
//     127.0.0.1 and [::1] on one port are one agent. A URL no card covers
//     stands for its origin. An agent is named after its card, else after
//     the first label of its host name, else "agent-PORT" for localhost
//     and IP addresses ([replay.NameFor]); clashes get "-2", "-3";
//   - names: the A2A call a request is, as [replay.Call] reads it (the
//     "method" of a JSON-RPC request body, the call an HTTP+JSON route
//     stands for, GetAgentCard for a GET of an agent card);
//     an operator's verb ("approve", "refuse", ...) for a POST to a path
//     with such a segment, on the out-of-band channel; and "METHOD /path"
//     on the out-of-band channel for anything else;
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
//     frame, so a frame is placed at the status timestamp it carries (of
//     a task or statusUpdate), kept between the response and the end of
//     the entry and never before the frame before it; a frame without one
//     (an artifactUpdate) comes right after the frame before it. When no
//     frame has a timestamp, or one lies more than a second outside the
//     entry (another clock), the frames are spread evenly between the
//     response and the end of the entry. A note says which. The stream is
//     taken to end with the entry, closed by the server, or by the client
//     when the browser reported the request aborted;
//   - cause before effect: when a stream's task waits (AUTH_REQUIRED or
//     INPUT_REQUIRED) and another exchange that names the task (in its
//     URL or body) resumes it with a 2xx reply (an out-of-band approval,
//     or a message), the stream's frames up to the wait are placed no
//     later than that exchange's request and the frames after it no
//     earlier than its response, so the approval is drawn between the
//     frame that asks for it and the frames that report the task
//     resumed; a note on the stream says so. Times the _a2aplay fields
//     give are never moved.
//
// # Errors
//
// Malformed JSON gives a [*replay.SyntaxError] ("name:line: expected JSON, found
// an error: …"); JSON that is not a HAR log gives a [*Error] that names
// the field from the log object down, with the index of every array
// element on the way: "name: entries[3].request.url: expected an absolute
// URL, found "/x"", "name: entries[0].request.headers[3].value: expected
// a string, found number". Indices count from 0 as in the file.
//
// # Where an exchange stands in the file
//
// [Entries] tells, for each exchange Read makes, the entry of the log it
// comes from: its index and the span, lines and columns of its object in
// the file, so that a tool (a2aplay check -format sarif) can point at
// the exchange a finding is about.
//
// # Trust
//
// A HAR file is untrusted input, as a transcript is. Read checks its
// structure and that what it makes is a transcript [replay.Write] can
// write; bodies and notes stay text, and whoever shows them must treat
// them as text, never as markup.
package har
