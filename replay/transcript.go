package replay

import (
	"strings"
	"time"
)

// Version is the transcript format version written in the first line.
const Version = 1

// A Transcript is one capture: a titled, ordered list of HTTP exchanges
// between named participants.
type Transcript struct {
	Title string
	// Notes say something about the whole transcript, such as what an
	// import left out; each is one line of text.
	Notes        []string
	Participants []Participant
	Exchanges    []*Exchange
}

// A Participant is a party to the exchanges: an agent, a client or an
// operator. URL is the base URL an agent serves at; it is empty for
// parties that only send requests.
type Participant struct {
	Name string
	URL  string
}

// Channel says whether an exchange belongs to the A2A protocol or travels
// outside it, like an operator's approval, and whether it is a push
// notification: an agent's POST to a client's webhook.
type Channel string

const (
	ChannelA2A       Channel = ""            // an A2A call (the default)
	ChannelOutOfBand Channel = "out-of-band" // plain HTTP outside A2A
	ChannelPush      Channel = "push"        // an agent's push notification to a webhook
)

// ValidChannel reports whether c is one of the channels the format
// names: A2A (""), out-of-band or push.
func ValidChannel(c Channel) bool {
	return c == ChannelA2A || c == ChannelOutOfBand || c == ChannelPush
}

// An Exchange is one HTTP request and what came back: a response, a
// stream of frames, or a transport error.
type Exchange struct {
	Seq     int      // the number after ###, 1-based and increasing
	Name    string   // a short label: the A2A method, or what the call does
	From    string   // participant that sent the request
	To      string   // participant that served it
	Channel Channel  // A2A or outside it
	Notes   []string // free text notes, in order
	Request Request
	// Response is nil when the capture ended before any reply.
	Response *Response

	Line int // line of the ### header; 0 when not parsed
}

// Settled says whether the exchange can no longer change as a capture
// goes on: it has its response (or the error that ended it), and a
// stream its end. A live session's exchanges settle in time; a
// Session of package check and an exercise Judger keep what they
// worked out of the settled ones.
func (x *Exchange) Settled() bool {
	r := x.Response
	return r != nil && (r.Stream == nil || r.Stream.End != nil || r.Err != "")
}

// A Header is one header field. Order is kept as written.
type Header struct {
	Name  string
	Value string
}

// A Request is the request of an exchange.
type Request struct {
	At     time.Time // when the request was sent
	Method string
	URL    string
	Proto  string // "HTTP/1.1"
	Header []Header
	Body   string // without the final newline

	Line int // line of the request line; 0 when not parsed
}

// A Response is what came back for a request: a status line with headers
// and a body or stream, or a transport error.
type Response struct {
	At time.Time // when the status line (or the error) arrived

	// Err is set when the request failed without a response. The other
	// fields are then zero.
	Err string

	Proto      string // "HTTP/1.1"
	StatusCode int
	Status     string // reason phrase, "OK"
	Header     []Header
	Body       string  // without the final newline; empty when Stream is set
	Stream     *Stream // set when the Content-Type is text/event-stream

	Line int // line of the @at comment that opens the response; 0 when not parsed
}

// A Stream is the body of a server-sent events response.
type Stream struct {
	Frames []Frame
	// End is nil when the stream was still open when the capture ended.
	End *StreamEnd
}

// A Frame is one server-sent event.
type Frame struct {
	At    time.Time // when the frame arrived
	ID    string    // the SSE id field, if any
	Event string    // the SSE event field, if any
	Data  string    // the data lines joined with "\n"

	Line int // line of the frame's @at comment; 0 when not parsed
}

// Who ended a stream.
const (
	EndServer = "server" // the server finished the response
	EndClient = "client" // the client stopped reading and closed it
)

// A StreamEnd records when and by whom a stream was closed.
type StreamEnd struct {
	At time.Time
	By string // EndServer or EndClient

	Line int // line of the @end comment; 0 when not parsed
}

// Get returns the first value of the named header, case-insensitively.
func (r *Request) Get(name string) string { return headerGet(r.Header, name) }

// Get returns the first value of the named header, case-insensitively.
func (r *Response) Get(name string) string { return headerGet(r.Header, name) }

func headerGet(h []Header, name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// Participant returns the participant with the given name, or nil.
func (t *Transcript) Participant(name string) *Participant {
	for i := range t.Participants {
		if t.Participants[i].Name == name {
			return &t.Participants[i]
		}
	}
	return nil
}
