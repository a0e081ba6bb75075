package replay

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
)

// ErrNotRepresentable is wrapped by the errors of [Write] and [Marshal]
// for a Transcript that the format cannot hold as it is, such as a body
// line that starts with "#" or a header value with a line break.
var ErrNotRepresentable = errors.New("not representable in a transcript")

// Write writes t in the canonical form of the format. It writes nothing
// when t cannot be written: then the error, which wraps
// [ErrNotRepresentable], names the exchange and the field at fault.
//
// Parse of the output gives back t, apart from the Line fields.
func Write(w io.Writer, t *Transcript) error {
	b, err := Marshal(t)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Marshal returns t in the canonical form of the format, as [Write]
// writes it.
func Marshal(t *Transcript) ([]byte, error) {
	if err := check(t); err != nil {
		return nil, err
	}
	var b strings.Builder
	writeHeader(&b, t)
	// blank says whether the text so far ends with an empty line, which
	// then separates it from what follows.
	blank := false
	for _, x := range t.Exchanges {
		blank = writeExchange(&b, x, blank)
	}
	return []byte(b.String()), nil
}

// writeHeader writes the lines before the first exchange.
func writeHeader(b *strings.Builder, t *Transcript) {
	b.WriteString(versionLine + "\n")
	if t.Title != "" {
		b.WriteString(titlePrefix + t.Title + "\n")
	}
	for _, n := range t.Notes {
		if n == "" {
			b.WriteString(headerNote + "\n")
		} else {
			b.WriteString(headerNote + " " + n + "\n")
		}
	}
	for _, p := range t.Participants {
		b.WriteString(participantPref + p.Name)
		if p.URL != "" {
			b.WriteString(" " + p.URL)
		}
		b.WriteString("\n")
	}
}

// writeExchange writes x after text that ends with an empty line when
// blank is true, and reports whether the text now ends with one.
func writeExchange(b *strings.Builder, x *Exchange, blank bool) bool {
	sep := func() {
		if !blank {
			b.WriteString("\n")
		}
	}
	sep()
	fmt.Fprintf(b, "%s%d %s\n", exchangePrefix, x.Seq, x.Name)
	b.WriteString(fromPrefix + x.From + "\n")
	b.WriteString(toPrefix + x.To + "\n")
	if x.Channel != ChannelA2A {
		b.WriteString(channelPrefix + string(x.Channel) + "\n")
	}
	for _, n := range x.Notes {
		if n == "" {
			b.WriteString(noteDirective + "\n")
		} else {
			b.WriteString(noteDirective + " " + n + "\n")
		}
	}
	rq := &x.Request
	b.WriteString(atPrefix + formatTime(rq.At) + "\n")
	WriteRequestHead(b, rq)
	b.WriteString("\n")
	blank = writeBody(b, rq.Body)
	rs := x.Response
	if rs == nil {
		return blank
	}
	sep()
	b.WriteString(atPrefix + formatTime(rs.At) + "\n")
	if rs.Err != "" {
		b.WriteString(errorPrefix + rs.Err + "\n")
		return false
	}
	WriteResponseHead(b, rs)
	b.WriteString("\n")
	if rs.Stream == nil {
		return writeBody(b, rs.Body)
	}
	blank = true
	for i := range rs.Stream.Frames {
		f := &rs.Stream.Frames[i]
		b.WriteString(frameAtPrefix + formatTime(f.At) + "\n")
		WriteFrame(b, f)
		b.WriteString("\n")
	}
	if e := rs.Stream.End; e != nil {
		b.WriteString(endPrefix + formatTime(e.At) + " " + e.By + "\n")
		blank = false
	}
	return blank
}

// writeBody writes a body after the empty line that ends the headers and
// reports whether the text now ends with an empty line.
func writeBody(b *strings.Builder, body string) bool {
	if body == "" {
		return true
	}
	b.WriteString(body + "\n")
	return false
}

// check reports why t cannot be written, or nil.
func check(t *Transcript) error {
	if t == nil {
		return fmt.Errorf("replay: nil transcript: %w", ErrNotRepresentable)
	}
	if msg := lineProblem(t.Title); msg != "" {
		return fmt.Errorf("replay: title %s: %w", msg, ErrNotRepresentable)
	}
	for i, n := range t.Notes {
		if msg := lineProblem(n); msg != "" {
			return fmt.Errorf("replay: note %d %s: %w", i+1, msg, ErrNotRepresentable)
		}
	}
	names, err := checkParticipants(t.Participants)
	if err != nil {
		return err
	}
	for i, x := range t.Exchanges {
		if x == nil {
			return fmt.Errorf("replay: exchange %d is nil: %w", i+1, ErrNotRepresentable)
		}
		if msg := checkExchange(x, i+1, names); msg != "" {
			return fmt.Errorf("replay: exchange %d (%s): %s: %w", i+1, x.Name, msg, ErrNotRepresentable)
		}
	}
	return nil
}

// checkParticipants reports why ps cannot be written, or returns the set
// of their names.
func checkParticipants(ps []Participant) (map[string]bool, error) {
	names := map[string]bool{}
	for i, p := range ps {
		switch {
		case !validName(p.Name):
			return nil, fmt.Errorf(`replay: participant %d: name %s is not a word of letters, digits, ".", "_" or "-": %w`,
				i+1, quote(p.Name), ErrNotRepresentable)
		case names[p.Name]:
			return nil, fmt.Errorf("replay: participant %d: name %q is declared twice: %w", i+1, p.Name, ErrNotRepresentable)
		case p.URL != "" && !validURL(p.URL):
			return nil, fmt.Errorf("replay: participant %q: URL %s is not an absolute http or https URL without spaces: %w",
				p.Name, quote(p.URL), ErrNotRepresentable)
		}
		names[p.Name] = true
	}
	return names, nil
}

// checkExchange says what in x cannot be written, or "".
func checkExchange(x *Exchange, seq int, names map[string]bool) string {
	switch {
	case x.Seq != seq:
		return fmt.Sprintf("Seq is %d, not %d", x.Seq, seq)
	case x.Name == "":
		return "no name"
	case lineProblem(x.Name) != "":
		return "name " + lineProblem(x.Name)
	case !names[x.From]:
		return fmt.Sprintf("From %s is not a participant", quote(x.From))
	case !names[x.To]:
		return fmt.Sprintf("To %s is not a participant", quote(x.To))
	case !ValidChannel(x.Channel):
		return fmt.Sprintf("unknown channel %s", quote(string(x.Channel)))
	}
	for i, n := range x.Notes {
		if msg := lineProblem(n); msg != "" {
			return fmt.Sprintf("note %d %s", i+1, msg)
		}
	}
	rq := &x.Request
	switch {
	case timeProblem(rq.At) != "":
		return "request time " + timeProblem(rq.At)
	case !validHeaderName(rq.Method):
		return fmt.Sprintf(`request method %s is not an HTTP token that does not start with "#"`, quote(rq.Method))
	case !validURL(rq.URL):
		return fmt.Sprintf("request URL %s is not an absolute http or https URL without spaces", quote(rq.URL))
	case !validProto(rq.Proto):
		return fmt.Sprintf(`request proto %s is not "HTTP/N.N"`, quote(rq.Proto))
	}
	if msg := headersProblem(rq.Header); msg != "" {
		return "request " + msg
	}
	if msg := bodyProblem(rq.Body); msg != "" {
		return "request body " + msg
	}
	rs := x.Response
	if rs == nil {
		return ""
	}
	if msg := timeProblem(rs.At); msg != "" {
		return "response time " + msg
	}
	if rs.Err != "" {
		if lineProblem(rs.Err) != "" {
			return "response error " + lineProblem(rs.Err)
		}
		if rs.Proto != "" || rs.StatusCode != 0 || rs.Status != "" || len(rs.Header) > 0 || rs.Body != "" || rs.Stream != nil {
			return "response has both an error and a status, headers or a body"
		}
		return ""
	}
	switch {
	case !validProto(rs.Proto):
		return fmt.Sprintf(`response proto %s is not "HTTP/N.N"`, quote(rs.Proto))
	case rs.StatusCode < 100 || rs.StatusCode > 599:
		return fmt.Sprintf("response status code %d is not from 100 to 599", rs.StatusCode)
	case lineProblem(rs.Status) != "":
		return "response reason phrase " + lineProblem(rs.Status)
	}
	if msg := headersProblem(rs.Header); msg != "" {
		return "response " + msg
	}
	sse := binding.IsEventStream(rs.Get("Content-Type"))
	switch {
	case sse && rs.Stream == nil:
		return "response is text/event-stream but has no Stream"
	case !sse && rs.Stream != nil:
		return "response has a Stream but its Content-Type is not text/event-stream"
	case sse && rs.Body != "":
		return "response is text/event-stream but has a Body: frames belong in Stream"
	case !sse:
		if msg := bodyProblem(rs.Body); msg != "" {
			return "response body " + msg
		}
		return ""
	}
	for i, f := range rs.Stream.Frames {
		if msg := frameProblem(f); msg != "" {
			return fmt.Sprintf("frame %d %s", i+1, msg)
		}
	}
	if e := rs.Stream.End; e != nil {
		if msg := timeProblem(e.At); msg != "" {
			return "stream end time " + msg
		}
		if e.By != EndServer && e.By != EndClient {
			return fmt.Sprintf(`stream end By %s is not "server" or "client"`, quote(e.By))
		}
	}
	return ""
}

// lineProblem says why s cannot be the text of one line, or "".
func lineProblem(s string) string {
	switch {
	case !utf8.ValidString(s):
		return "is not UTF-8"
	case strings.ContainsAny(s, "\n\r"):
		return "has a line break"
	}
	return ""
}

func timeProblem(t time.Time) string {
	switch {
	case t.IsZero():
		return "is not set"
	case t.Location() != time.UTC:
		return fmt.Sprintf("%s is not in UTC", t.Format(time.RFC3339Nano))
	case !validTime(t):
		return fmt.Sprintf("%s is not a whole millisecond from year 0 to 9999", t.Format(time.RFC3339Nano))
	}
	return ""
}

func headersProblem(h []Header) string {
	for i, f := range h {
		if !validHeaderName(f.Name) {
			return fmt.Sprintf("header %d name %s is not an HTTP token that does not start with \"#\"", i+1, quote(f.Name))
		}
		if msg := lineProblem(f.Value); msg != "" {
			return fmt.Sprintf("header %q value %s", f.Name, msg)
		}
	}
	return ""
}

// bodyProblem says why body cannot be written as a request or response
// body, or "".
func bodyProblem(body string) string {
	switch {
	case !utf8.ValidString(body):
		return "is not UTF-8"
	case strings.Contains(body, "\r"):
		return `has a carriage return ("\r")`
	case strings.HasSuffix(body, "\n"):
		return "ends with a line break"
	}
	for i, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "#") {
			return fmt.Sprintf(`line %d starts with "#"`, i+1)
		}
	}
	return deepProblem(body)
}

// deepProblem says where text nests JSON too deep for a2aplay's readers,
// or "".
func deepProblem(text string) string {
	err := jsonread.CheckDepth(text)
	if err == nil { // most bodies: no need for errors.As, which allocates
		return ""
	}
	var se *jsonread.SyntaxError
	errors.As(err, &se)
	return fmt.Sprintf("at byte %d: %s", se.Offset, se.Msg)
}

func frameProblem(f Frame) string {
	switch {
	case timeProblem(f.At) != "":
		return "time " + timeProblem(f.At)
	case lineProblem(f.ID) != "":
		return "id " + lineProblem(f.ID)
	case lineProblem(f.Event) != "":
		return "event " + lineProblem(f.Event)
	case !utf8.ValidString(f.Data):
		return "data is not UTF-8"
	case strings.Contains(f.Data, "\r"):
		return `data has a carriage return ("\r"), which SSE reads as a line break`
	case deepProblem(f.Data) != "":
		return "data " + deepProblem(f.Data)
	}
	return ""
}
