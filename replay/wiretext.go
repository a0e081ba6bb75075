package replay

import (
	"strconv"
	"strings"
)

// The text of a request, a response and a stream frame as they travel
// over HTTP/1.1: the one way replay writes them, in transcripts, in HAR
// files and wherever a2aplay shows what was on the wire.

// WriteRequestHead writes r's request line and header lines, each ending
// in "\n", without the empty line that ends the headers.
func WriteRequestHead(b *strings.Builder, r *Request) {
	b.WriteString(r.Method + " " + r.URL + " " + r.Proto + "\n")
	writeHeaderLines(b, r.Header)
}

// WriteResponseHead writes r's status line and header lines, each ending
// in "\n", without the empty line that ends the headers. A status line
// without a reason phrase ("HTTP/2 200") ends at the code.
func WriteResponseHead(b *strings.Builder, r *Response) {
	b.WriteString(r.Proto + " " + strconv.Itoa(r.StatusCode))
	if r.Status != "" {
		b.WriteString(" " + r.Status)
	}
	b.WriteString("\n")
	writeHeaderLines(b, r.Header)
}

// WriteFrame writes f's server-sent event fields, id, event and one data
// line per line of its data, each ending in "\n", without the empty line
// that dispatches the event.
func WriteFrame(b *strings.Builder, f *Frame) {
	if f.ID != "" {
		writeField(b, "id", f.ID)
	}
	if f.Event != "" {
		writeField(b, "event", f.Event)
	}
	for line := range strings.SplitSeq(f.Data, "\n") {
		writeField(b, "data", line)
	}
}

// writeHeaderLines writes "Name: value" lines; an empty value leaves no
// space after the colon.
func writeHeaderLines(b *strings.Builder, h []Header) {
	for _, f := range h {
		writeField(b, f.Name, f.Value)
	}
}

// writeField writes "name: value\n", or "name:\n" for an empty value.
func writeField(b *strings.Builder, name, value string) {
	b.WriteString(name)
	b.WriteByte(':')
	if value != "" {
		b.WriteByte(' ')
		b.WriteString(value)
	}
	b.WriteByte('\n')
}
