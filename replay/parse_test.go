package replay

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/jsonread"
)

func TestRoundTripFiles(t *testing.T) {
	for _, file := range replaytest.TranscriptFiles(t, "..") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := Parse(data, file)
			if err != nil {
				t.Fatal(err)
			}
			out, err := Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(data), string(out)); diff != "" {
				t.Errorf("Write(Parse(file)) differs from the file (-file +written):\n%s", diff)
			}
			back, err := Parse(out, "written")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tr, back); diff != "" {
				t.Errorf("Parse(Write(t)) differs, Line fields included (-want +got):\n%s", diff)
			}
		})
	}
}

var (
	baseTime = time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)
	milli    = time.Millisecond
)

// fullTranscript uses every feature of the format.
func fullTranscript() *Transcript {
	return &Transcript{
		Title: "every feature",
		Notes: []string{"a note on the whole", "", "  indented"},
		Participants: []Participant{
			{Name: "client"},
			{Name: "deployer", URL: "http://localhost:41243"},
			{Name: "op_1.x"},
		},
		Exchanges: []*Exchange{
			{
				Seq: 1, Name: "SendStreamingMessage", From: "client", To: "deployer",
				Notes: []string{"first", "", "  indented"},
				Request: Request{
					At: baseTime, Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1",
					Header: []Header{{"Content-Type", "application/json"}, {"X-Empty", ""}, {"X-Space", " lead"}},
					Body:   "\n{\n  \"a\": 1\n}\n\n  tail",
				},
				Response: &Response{
					At: baseTime.Add(250 * milli), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []Header{{"Content-Type", "text/event-stream"}},
					Stream: &Stream{
						Frames: []Frame{
							{At: baseTime.Add(500 * milli), ID: "1", Data: `{"x":1}`},
							{At: baseTime.Add(750 * milli), Event: "e", Data: ""},
							{At: baseTime.Add(750 * milli), ID: " 2", Event: "ev", Data: "a\n\n b\n"},
						},
						End: &StreamEnd{At: baseTime.Add(2 * time.Second), By: EndClient},
					},
				},
			},
			{
				Seq: 2, Name: "approve it", From: "op_1.x", To: "deployer", Channel: ChannelOutOfBand,
				Request: Request{At: baseTime.Add(time.Second), Method: "POST", URL: "https://localhost:41243/approve/x?y=1#z", Proto: "HTTP/2"},
				Response: &Response{
					At: baseTime.Add(1250 * milli), Proto: "HTTP/2", StatusCode: 204,
				},
			},
			{
				Seq: 3, Name: "GetTask", From: "client", To: "deployer",
				Request:  Request{At: baseTime.Add(3 * time.Second), Method: "GET", URL: "http://localhost:41243/tasks/1", Proto: "HTTP/1.1"},
				Response: &Response{At: baseTime.Add(3250 * milli), Err: "connection reset"},
			},
			{
				Seq: 4, Name: "SendMessage", From: "client", To: "deployer",
				Request: Request{At: baseTime.Add(4 * time.Second), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1", Body: "x"},
			},
			{
				Seq: 5, Name: "SubscribeToTask", From: "client", To: "deployer",
				Request: Request{At: baseTime.Add(5 * time.Second), Method: "POST", URL: "http://localhost:41243/tasks/1:subscribe", Proto: "HTTP/1.1"},
				Response: &Response{
					At: baseTime.Add(5250 * milli), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []Header{{"content-type", "Text/Event-Stream ; charset=utf-8"}},
					Stream: &Stream{},
				},
			},
			{
				Seq: 6, Name: "x", From: "client", To: "client",
				Request: Request{At: baseTime.Add(6 * time.Second), Method: "GET", URL: "http://localhost/", Proto: "HTTP/1.1"},
			},
		},
	}
}

func TestWriteParse(t *testing.T) {
	for name, tr := range map[string]*Transcript{
		"full":  fullTranscript(),
		"empty": {},
		"title": {Title: " spaced "},
	} {
		t.Run(name, func(t *testing.T) {
			out, err := Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(out, name)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if diff := cmp.Diff(tr, back, replaytest.IgnoreLines); diff != "" {
				t.Errorf("Parse(Write(t)) (-want +got):\n%s\n%s", diff, out)
			}
			again, err := Marshal(back)
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != string(out) {
				t.Errorf("Write is not stable:\n%s\n---\n%s", out, again)
			}
		})
	}
}

func TestWriteCanonical(t *testing.T) {
	tr := &Transcript{
		Participants: []Participant{{Name: "a"}, {Name: "b", URL: "http://b:1"}},
		Exchanges: []*Exchange{
			{Seq: 1, Name: "one", From: "a", To: "b",
				Request:  Request{At: baseTime, Method: "GET", URL: "http://b:1/", Proto: "HTTP/1.1"},
				Response: &Response{At: baseTime.Add(milli), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Body: "hi"}},
			{Seq: 2, Name: "two", From: "a", To: "b",
				Request: Request{At: baseTime.Add(2 * milli), Method: "POST", URL: "http://b:1/", Proto: "HTTP/1.1", Body: "x"},
				Response: &Response{At: baseTime.Add(3 * milli), Proto: "HTTP/1.1", StatusCode: 200,
					Header: []Header{{"Content-Type", "text/event-stream"}},
					Stream: &Stream{Frames: []Frame{{At: baseTime.Add(4 * milli), Data: "d"}}, End: &StreamEnd{At: baseTime.Add(5 * milli), By: EndServer}}}},
			{Seq: 3, Name: "three", From: "a", To: "b",
				Request: Request{At: baseTime.Add(6 * milli), Method: "GET", URL: "http://b:1/", Proto: "HTTP/1.1"}},
		},
	}
	want := `# a2aplay transcript 1
# participant: a
# participant: b http://b:1

### 1 one
# @from a
# @to b
# @at 2026-10-06T09:00:00.000Z
GET http://b:1/ HTTP/1.1

# @at 2026-10-06T09:00:00.001Z
HTTP/1.1 200 OK

hi

### 2 two
# @from a
# @to b
# @at 2026-10-06T09:00:00.002Z
POST http://b:1/ HTTP/1.1

x

# @at 2026-10-06T09:00:00.003Z
HTTP/1.1 200
Content-Type: text/event-stream

: @at 2026-10-06T09:00:00.004Z
data: d

: @end 2026-10-06T09:00:00.005Z server

### 3 three
# @from a
# @to b
# @at 2026-10-06T09:00:00.006Z
GET http://b:1/ HTTP/1.1

`
	out, err := Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// badHead is the start of a valid transcript, for the cases below.
const badHead = "# a2aplay transcript 1\n# participant: c\n# participant: s http://s:1\n\n"

// badEx1 is a valid first exchange up to its request line.
const badEx1 = badHead + "### 1 X\n# @from c\n# @to s\n# @at 2026-10-06T09:00:00.000Z\n"

// badResp is a valid request and the start of its response.
const badResp = badEx1 + "GET http://s:1/ HTTP/1.1\n\n# @at 2026-10-06T09:00:00.250Z\n"

// badSSE is a valid response badHead for a stream.
const badSSE = badResp + "HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n"

func TestParseGood(t *testing.T) {
	at := func(n int) time.Time { return baseTime.Add(time.Duration(n) * 250 * milli) }
	get := Request{At: at(0), Method: "GET", URL: "http://s:1/", Proto: "HTTP/1.1"}
	parts := []Participant{{Name: "c"}, {Name: "s", URL: "http://s:1"}}
	sseHead := []Header{{"Content-Type", "text/event-stream"}}
	for _, tc := range []struct {
		name, in string
		want     *Transcript
	}{
		{"version only", "# a2aplay transcript 1\n", &Transcript{}},
		{"no final newline", "# a2aplay transcript 1\n# title: t", &Transcript{Title: "t"}},
		{"header only", badHead, &Transcript{Participants: parts}},
		{"no blank before exchange",
			"# a2aplay transcript 1\n# participant: c\n### 1 X\n# @from c\n# @to c\n# @at 2026-10-06T09:00:00.000Z\nGET http://s:1/ HTTP/1.1\n\n",
			&Transcript{Participants: parts[:1], Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "c", Request: get}}}},
		{"request without response at end of file", badEx1 + "GET http://s:1/ HTTP/1.1\n\n",
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get}}}},
		{"body trailing blank lines dropped", badResp + "HTTP/1.1 200 OK\n\nbody\n\n\n\n",
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get,
				Response: &Response{At: at(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Body: "body"}}}}},
		{"status without reason", badResp + "HTTP/1.1 599 \n\n",
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get,
				Response: &Response{At: at(1), Proto: "HTTP/1.1", StatusCode: 599}}}}},
		{"plain body that looks like a stream", badResp + "HTTP/1.1 200 OK\nContent-Type: text/plain\n\n: @at x\ndata: y\n",
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get,
				Response: &Response{At: at(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []Header{{"Content-Type", "text/plain"}}, Body: ": @at x\ndata: y"}}}}},
		{"badSSE fields without space or colon", badSSE + ": @at 2026-10-06T09:00:00.500Z\nid:7\nevent:e\ndata\ndata:x:y\n\n\n\n: @end 2026-10-06T09:00:01.000Z client\n\n",
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get,
				Response: &Response{At: at(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: sseHead,
					Stream: &Stream{Frames: []Frame{{At: at(2), ID: "7", Event: "e", Data: "\nx:y"}}, End: &StreamEnd{At: at(4), By: EndClient}}}}}}},
		{"empty stream", badSSE,
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get,
				Response: &Response{At: at(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: sseHead, Stream: &Stream{}}}}}},
		{"error then blank lines", badResp + "# @error boom\n\n\n",
			&Transcript{Participants: parts, Exchanges: []*Exchange{{Seq: 1, Name: "X", From: "c", To: "s", Request: get,
				Response: &Response{At: at(1), Err: "boom"}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.in), "t.http")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got, replaytest.IgnoreLines); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseLines(t *testing.T) {
	data, err := os.ReadFile("testdata/auth-required.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Parse(data, "a")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	check := func(what string, n int, prefix string) {
		t.Helper()
		if n < 1 || n > len(lines) || !strings.HasPrefix(lines[n-1], prefix) {
			t.Errorf("%s: Line %d does not start with %q", what, n, prefix)
		}
	}
	for _, x := range tr.Exchanges {
		check("exchange", x.Line, "### ")
		check("request", x.Request.Line, x.Request.Method+" ")
		check("response", x.Response.Line, "# @at ")
		if s := x.Response.Stream; s != nil {
			for _, f := range s.Frames {
				check("frame", f.Line, ": @at ")
			}
			check("end", s.End.Line, ": @end ")
		}
	}
}

func TestParseBad(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", `t.http:1: expected "# a2aplay transcript 1" as the first line, found end of file`},
		{"version 2", "# a2aplay transcript 2\n", `t.http:1: expected "# a2aplay transcript 1", found "# a2aplay transcript 2" (this reader reads version 1 only)`},
		{"not a transcript", "POST http://x/ HTTP/1.1\n", `t.http:1: expected "# a2aplay transcript 1" as the first line, found "POST http://x/ HTTP/1.1"`},
		{"lf then crlf", "# a2aplay transcript 1\n# title: a\r\n", `t.http:2: expected every line to end in "\n" as the first does, found one ending in "\r\n"`},
		{"lf then cr", "# a2aplay transcript 1\n# title: a\rb\n", `t.http:2: expected every line to end in "\n" as the first does, found one ending in "\r"`},
		{"crlf then lf", "# a2aplay transcript 1\r\n# title: a\n# participant: b\r\n", `t.http:2: expected every line to end in "\r\n" as the first does, found one ending in "\n"`},
		{"crlf then cr", "# a2aplay transcript 1\r\n# title: a\rb\r\n", `t.http:2: expected every line to end in "\r\n" as the first does, found one ending in "\r"`},
		{"cr then crlf", "# a2aplay transcript 1\r# title: a\r\n# participant: b\r", `t.http:2: expected every line to end in "\r" as the first does, found one ending in "\r\n"`},
		{"cr then lf", "# a2aplay transcript 1\r# title: a\r# participant: b\nc\r", `t.http:3: expected every line to end in "\r" as the first does, found one ending in "\n"`},
		{"cr only, a wrong line", "# a2aplay transcript 1\r# title:\r", `t.http:2: expected "# title: TEXT" with a title, found "# title:"`},
		{"not utf-8", "# a2aplay transcript 1\n\n# title: \xff\n", `t.http:3: expected UTF-8 text, found a byte that is not UTF-8`},
		{"not utf-8, cr", "# a2aplay transcript 1\r\r# title: \xff\r", `t.http:3: expected UTF-8 text, found a byte that is not UTF-8`},
		{"not utf-8, crlf", "# a2aplay transcript 1\r\n\r\n# title: \xff\r\n", `t.http:3: expected UTF-8 text, found a byte that is not UTF-8`},
		{"empty title", "# a2aplay transcript 1\n# title:\n", `t.http:2: expected "# title: TEXT" with a title, found "# title:"`},
		{"title after participant", "# a2aplay transcript 1\n# participant: a\n# title: x\n", `t.http:3: expected "# participant: NAME [URL]" or "### 1 NAME", found "# title: x"`},
		{"stray header line", "# a2aplay transcript 1\nhello\n", `t.http:2: expected "# title: TEXT", "# note: TEXT", "# participant: NAME [URL]" or "### 1 NAME", found "hello"`},
		{"participant with space", "# a2aplay transcript 1\n# participant: code reviewer\n", `t.http:2: expected an absolute http or https URL after the participant name, found "reviewer"`},
		{"participant bad name", "# a2aplay transcript 1\n# participant: é\n", `t.http:2: expected a participant name of letters, digits, ".", "_" or "-" after "# participant:", found "é"`},
		{"participant twice", "# a2aplay transcript 1\n# participant: a\n# participant: a http://a/\n", `t.http:3: expected a new participant name, found "a", declared already on line 2`},
		{"participant after blank", "# a2aplay transcript 1\n\n# participant: a\n", `t.http:3: expected "### 1 NAME", found "# participant: a"`},
		{"exchange number", badHead + "### 2 X\n", `t.http:5: expected "### 1 NAME", found "### 2 X"`},
		{"exchange without name", badHead + "### 1\n", `t.http:5: expected "### 1 NAME", found "### 1"`},
		{"exchange numbers in order", badResp + "# @error e\n\n### 3 Y\n", `t.http:14: expected "### 2 NAME", found "### 3 Y"`},
		{"missing from", badHead + "### 1 X\n# @to s\n", `t.http:6: expected "# @from NAME" after "### 1 X", found "# @to s"`},
		{"missing to", badHead + "### 1 X\n# @from c\nPOST http://s:1/ HTTP/1.1\n", `t.http:7: expected "# @to NAME" after "# @from", found "POST http://s:1/ HTTP/1.1"`},
		{"unknown participant", badHead + "### 1 X\n# @from c\n# @to z\n", `t.http:7: expected a participant declared in the header after "# @to", found "z"`},
		{"bad channel", badHead + "### 1 X\n# @from c\n# @to s\n# @channel a2a\n", `t.http:8: expected "# @channel out-of-band" or "# @channel push", found "# @channel a2a"`},
		{"channel in capitals", badHead + "### 1 X\n# @from c\n# @to s\n# @channel Push\n", `t.http:8: expected "# @channel out-of-band" or "# @channel push", found "# @channel Push"`},
		{"empty channel", badHead + "### 1 X\n# @from c\n# @to s\n# @channel \n", `t.http:8: expected "# @channel out-of-band" or "# @channel push", found "# @channel "`},
		{"push channel after note", badHead + "### 1 X\n# @from s\n# @to c\n# @note n\n# @channel push\n", `t.http:9: expected "# @note TEXT" or "# @at TIME", found "# @channel push"`},
		{"push channel twice", badHead + "### 1 X\n# @from s\n# @to c\n# @channel push\n# @channel push\n", `t.http:9: expected "# @note TEXT" or "# @at TIME", found "# @channel push"`},
		{"channel after note", badHead + "### 1 X\n# @from c\n# @to s\n# @note n\n# @channel out-of-band\n", `t.http:9: expected "# @note TEXT" or "# @at TIME", found "# @channel out-of-band"`},
		{"missing at", badHead + "### 1 X\n# @from c\n# @to s\nGET http://s:1/ HTTP/1.1\n", `t.http:8: expected "# @channel CHANNEL", "# @note TEXT" or "# @at TIME", found "GET http://s:1/ HTTP/1.1"`},
		{"time without millis", badHead + "### 1 X\n# @from c\n# @to s\n# @at 2026-10-06T09:00:00Z\n", `t.http:8: expected a UTC time like "2026-10-06T09:00:00.000Z" after "# @at", found "2026-10-06T09:00:00Z"`},
		{"time with offset", badHead + "### 1 X\n# @from c\n# @to s\n# @at 2026-10-06T09:00:00.000+02:00\n", `t.http:8: expected a UTC time like "2026-10-06T09:00:00.000Z" after "# @at", found "2026-10-06T09:00:00.000+02:00"`},
		{"time out of range", badHead + "### 1 X\n# @from c\n# @to s\n# @at 2026-02-30T09:00:00.000Z\n", `t.http:8: expected a UTC time like "2026-10-06T09:00:00.000Z" after "# @at", found "2026-02-30T09:00:00.000Z"`},
		{"zero time", badHead + "### 1 X\n# @from c\n# @to s\n# @at 0001-01-01T00:00:00.000Z\n", `t.http:8: expected a UTC time like "2026-10-06T09:00:00.000Z" after "# @at", found "0001-01-01T00:00:00.000Z"`},
		{"request line missing", badEx1, `t.http:9: expected a request line "METHOD URL HTTP/1.1" after "# @at", found end of file`},
		{"request line shape", badEx1 + "GET http://s:1/\n", `t.http:9: expected a request line "METHOD URL HTTP/1.1" after "# @at", found "GET http://s:1/"`},
		{"request method", badEx1 + "G(T http://s:1/ HTTP/1.1\n", `t.http:9: expected an HTTP method in the request line, found "G(T"`},
		{"request url", badEx1 + "GET /path HTTP/1.1\n", `t.http:9: expected an absolute http or https URL in the request line, found "/path"`},
		{"request proto", badEx1 + "GET http://s:1/ HTTP1.1\n", `t.http:9: expected "HTTP/1.1" or another "HTTP/N.N" at the end of the request line, found "HTTP1.1"`},
		{"header shape", badEx1 + "GET http://s:1/ HTTP/1.1\nAccept json\n", `t.http:10: expected a header line "Name: value" or an empty line ending the headers, found "Accept json"`},
		{"header name", badEx1 + "GET http://s:1/ HTTP/1.1\nBad Name: x\n", `t.http:10: expected a header line "Name: value" or an empty line ending the headers, found "Bad Name: x"`},
		{"headers without end", badEx1 + "GET http://s:1/ HTTP/1.1\nA: b\n", `t.http:11: expected a header line "Name: value" or an empty line ending the headers, found end of file`},
		{"comment in headers", badEx1 + "GET http://s:1/ HTTP/1.1\n# @at 2026-10-06T09:00:00.000Z\n", `t.http:10: expected a header line "Name: value" or an empty line ending the headers, found "# @at 2026-10-06T09:00:00.000Z"`},
		{"unknown comment after body", badEx1 + "GET http://s:1/ HTTP/1.1\n\nbody\n# hello\n", `t.http:12: expected "# @at TIME" opening the response, "### 2 NAME" or end of file, found "# hello"`},
		{"status line", badResp + "HTTP/1.1 OK\n", `t.http:12: expected a status line "HTTP/1.1 200 OK" or "# @error MESSAGE" after "# @at", found "HTTP/1.1 OK"`},
		{"status missing", badResp, `t.http:12: expected a status line "HTTP/1.1 200 OK" or "# @error MESSAGE" after "# @at", found end of file`},
		{"status code range", badResp + "HTTP/1.1 600 Nope\n", `t.http:12: expected a status code from 100 to 599 in the status line, found "600"`},
		{"status code digits", badResp + "HTTP/1.1 +20 Nope\n", `t.http:12: expected a status code from 100 to 599 in the status line, found "+20"`},
		{"empty error", badResp + "# @error\n", `t.http:12: expected "# @error MESSAGE" with a message, found "# @error"`},
		{"two responses", badResp + "# @error e\n# @at 2026-10-06T09:00:00.250Z\n", `t.http:13: expected "### 2 NAME" or end of file after the response, found "# @at 2026-10-06T09:00:00.250Z"`},
		{"text after error", badResp + "# @error e\nmore\n", `t.http:13: expected "### 2 NAME" or end of file after the response, found "more"`},
		{"frame without at", badSSE + "data: x\n\n", `t.http:15: expected ": @at TIME" opening a frame or ": @end TIME server|client" in the event stream, found "data: x"`},
		{"other badSSE comment", badSSE + ": ping\n", `t.http:15: expected ": @at TIME" opening a frame or ": @end TIME server|client" in the event stream, found ": ping"`},
		{"frame bad time", badSSE + ": @at 9:00\n", `t.http:15: expected a UTC time like "2026-10-06T09:00:00.000Z" after ": @at", found "9:00"`},
		{"frame without data", badSSE + ": @at 2026-10-06T09:00:00.500Z\nid: 1\n\n", `t.http:17: expected "event: NAME" or "data: DATA" after "id:", found an empty line`},
		{"frame field order", badSSE + ": @at 2026-10-06T09:00:00.500Z\ndata: x\nid: 1\n", `t.http:17: expected "data: DATA" or an empty line ending the frame, found "id: 1"`},
		{"frame retry", badSSE + ": @at 2026-10-06T09:00:00.500Z\nretry: 10\n", `t.http:16: expected "id: ID", "event: NAME" or "data: DATA" after ": @at", found "retry: 10"`},
		{"frame two events", badSSE + ": @at 2026-10-06T09:00:00.500Z\nevent: a\nevent: b\n", `t.http:17: expected "data: DATA" after "event:", found "event: b"`},
		{"frame not ended", badSSE + ": @at 2026-10-06T09:00:00.500Z\ndata: x\n", `t.http:17: expected "data: DATA" or an empty line ending the frame, found end of file`},
		{"frame cut by comment", badSSE + ": @at 2026-10-06T09:00:00.500Z\ndata: x\n: @at 2026-10-06T09:00:00.750Z\n", `t.http:17: expected "data: DATA" or an empty line ending the frame, found ": @at 2026-10-06T09:00:00.750Z"`},
		{"end by", badSSE + ": @end 2026-10-06T09:00:00.500Z nobody\n", `t.http:15: expected "server" or "client" after the time in ": @end", found "nobody"`},
		{"end without by", badSSE + ": @end 2026-10-06T09:00:00.500Z\n", `t.http:15: expected "server" or "client" after the time in ": @end", found ""`},
		{"end bad time", badSSE + ": @end soon server\n", `t.http:15: expected a UTC time like "2026-10-06T09:00:00.000Z" after ": @end", found "soon"`},
		{"frame after end", badSSE + ": @end 2026-10-06T09:00:00.500Z server\n\n: @at 2026-10-06T09:00:00.750Z\n", `t.http:17: expected nothing after ": @end" in the stream, found ": @at 2026-10-06T09:00:00.750Z"`},
		{"body too deep", badEx1 + "POST http://s:1/ HTTP/1.1\n\n{\"a\":\n" + strings.Repeat("[", jsonread.MaxDepth) + "\n",
			"t.http:12: " + jsonread.ErrTooDeep.Error()},
		{"response body too deep", badResp + "HTTP/1.1 200 OK\n\n" + strings.Repeat(`{"a":`, 9999) + "\n",
			"t.http:14: " + jsonread.ErrTooDeep.Error()},
		{"frame too deep", badSSE + ": @at 2026-10-06T09:00:00.500Z\ndata: {\"a\":\ndata: " + strings.Repeat("[", jsonread.MaxDepth) + "\n\n",
			"t.http:17: " + jsonread.ErrTooDeep.Error()},
		{"long line shortened", "# a2aplay transcript 1\n" + strings.Repeat("x", 100) + "\n",
			`t.http:2: expected "# title: TEXT", "# note: TEXT", "# participant: NAME [URL]" or "### 1 NAME", found "` + strings.Repeat("x", 72) + `…"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.in), "t.http")
			if err == nil {
				t.Fatalf("Parse succeeded: %+v", got)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not a *SyntaxError: %v", err, err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseDeepEnough: bodies and frames nested as deep as a2aplay reads
// parse, and so does text that stops being JSON before it nests too
// deep; FitBody and FitFrameData leave out a body or data nested
// deeper, saying why.
func TestParseDeepEnough(t *testing.T) {
	deep := strings.Repeat("[", jsonread.MaxDepth) + strings.Repeat("]", jsonread.MaxDepth)
	text := "x" + strings.Repeat("[", 300)
	in := badResp + "HTTP/1.1 200 OK\n\n" + deep + "\n\n### 2 Y\n# @from c\n# @to s\n# @at 2026-10-06T09:00:01.000Z\nPOST http://s:1/ HTTP/1.1\n\n" + text + "\n"
	tr, err := Parse([]byte(in), "t.http")
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Exchanges[0].Response.Body; got != deep {
		t.Errorf("body %q", got)
	}
	if got := tr.Exchanges[1].Request.Body; got != text {
		t.Errorf("body %q", got)
	}
	body, why := FitBody("[" + deep + "]")
	if want := "body at byte 256: " + jsonread.ErrTooDeep.Error() + ", which a transcript cannot hold"; body != "" || why != want {
		t.Errorf("FitBody of a body too deep = %q, %q; want \"\", %q", body, why, want)
	}
	data, why := FitFrameData(deep + "x")
	if want := "data at byte 256: " + jsonread.ErrTooDeep.Error() + ", which a transcript cannot hold"; data != deep+"x" || why != "" {
		t.Errorf("FitFrameData of data that stops being JSON = %q, %q", data, why)
	} else if data, why = FitFrameData("[" + deep + "]"); data != "" || why != want {
		t.Errorf("FitFrameData of data too deep = %q, %q; want \"\", %q", data, why, want)
	}
}

func TestWriteBad(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Transcript)
		want   string
	}{
		{"nil", nil, "replay: nil transcript: not representable in a transcript"},
		{"title newline", func(t *Transcript) { t.Title = "a\nb" }, "replay: title has a line break"},
		{"participant space", func(t *Transcript) { t.Participants[0].Name = "the client" },
			`replay: participant 1: name "the client" is not a word of letters, digits, ".", "_" or "-"`},
		{"participant twice", func(t *Transcript) { t.Participants[1].Name = "client" }, `replay: participant 2: name "client" is declared twice`},
		{"participant URL", func(t *Transcript) { t.Participants[1].URL = "localhost:41243" },
			`replay: participant "deployer": URL "localhost:41243" is not an absolute http or https URL without spaces`},
		{"nil exchange", func(t *Transcript) { t.Exchanges[1] = nil }, "replay: exchange 2 is nil"},
		{"seq", func(t *Transcript) { t.Exchanges[1].Seq = 7 }, "replay: exchange 2 (approve it): Seq is 7, not 2"},
		{"no name", func(t *Transcript) { t.Exchanges[0].Name = "" }, "replay: exchange 1 (): no name"},
		{"from", func(t *Transcript) { t.Exchanges[0].From = "nobody" }, `replay: exchange 1 (SendStreamingMessage): From "nobody" is not a participant`},
		{"channel", func(t *Transcript) { t.Exchanges[0].Channel = "side" }, `replay: exchange 1 (SendStreamingMessage): unknown channel "side"`},
		{"note newline", func(t *Transcript) { t.Exchanges[0].Notes[1] = "a\nb" }, "replay: exchange 1 (SendStreamingMessage): note 2 has a line break"},
		{"time not UTC", func(t *Transcript) { t.Exchanges[0].Request.At = baseTime.In(time.FixedZone("CEST", 7200)) },
			"replay: exchange 1 (SendStreamingMessage): request time 2026-10-06T11:00:00+02:00 is not in UTC"},
		{"time too fine", func(t *Transcript) { t.Exchanges[0].Request.At = baseTime.Add(time.Microsecond) },
			"replay: exchange 1 (SendStreamingMessage): request time 2026-10-06T09:00:00.000001Z is not a whole millisecond from year 0 to 9999"},
		{"time unset", func(t *Transcript) { t.Exchanges[1].Response.At = time.Time{} }, "replay: exchange 2 (approve it): response time is not set"},
		{"method", func(t *Transcript) { t.Exchanges[0].Request.Method = "PO ST" }, `replay: exchange 1 (SendStreamingMessage): request method "PO ST" is not an HTTP token that does not start with "#"`},
		{"method comment", func(t *Transcript) { t.Exchanges[0].Request.Method = "#" }, `replay: exchange 1 (SendStreamingMessage): request method "#" is not an HTTP token that does not start with "#"`},
		{"url", func(t *Transcript) { t.Exchanges[0].Request.URL = "http://x/a b" },
			`replay: exchange 1 (SendStreamingMessage): request URL "http://x/a b" is not an absolute http or https URL without spaces`},
		{"proto", func(t *Transcript) { t.Exchanges[0].Request.Proto = "" }, `replay: exchange 1 (SendStreamingMessage): request proto "" is not "HTTP/N.N"`},
		{"header value newline", func(t *Transcript) { t.Exchanges[0].Request.Header[0].Value = "a\nb" },
			`replay: exchange 1 (SendStreamingMessage): request header "Content-Type" value has a line break`},
		{"header name hash", func(t *Transcript) { t.Exchanges[0].Request.Header[0].Name = "#x" },
			`replay: exchange 1 (SendStreamingMessage): request header 1 name "#x" is not an HTTP token that does not start with "#"`},
		{"body hash", func(t *Transcript) { t.Exchanges[3].Request.Body = "ok\n# heading" }, `replay: exchange 4 (SendMessage): request body line 2 starts with "#"`},
		{"body final newline", func(t *Transcript) { t.Exchanges[3].Request.Body = "ok\n" }, "replay: exchange 4 (SendMessage): request body ends with a line break"},
		{"body cr", func(t *Transcript) { t.Exchanges[3].Request.Body = "a\r\nb" }, `replay: exchange 4 (SendMessage): request body has a carriage return ("\r")`},
		{"body utf-8", func(t *Transcript) { t.Exchanges[3].Request.Body = "\xff" }, "replay: exchange 4 (SendMessage): request body is not UTF-8"},
		{"body too deep", func(t *Transcript) { t.Exchanges[3].Request.Body = `{"a":` + strings.Repeat("[", jsonread.MaxDepth) },
			"replay: exchange 4 (SendMessage): request body at byte 260: " + jsonread.ErrTooDeep.Error()},
		{"frame data too deep", func(t *Transcript) { t.Exchanges[0].Response.Stream.Frames[1].Data = strings.Repeat("[", 9999) },
			"replay: exchange 1 (SendStreamingMessage): frame 2 data at byte 256: " + jsonread.ErrTooDeep.Error()},
		{"error and status", func(t *Transcript) { t.Exchanges[2].Response.StatusCode = 200 },
			"replay: exchange 3 (GetTask): response has both an error and a status, headers or a body"},
		{"error newline", func(t *Transcript) { t.Exchanges[2].Response.Err = "a\nb" }, "replay: exchange 3 (GetTask): response error has a line break"},
		{"status code", func(t *Transcript) { t.Exchanges[1].Response.StatusCode = 99 }, "replay: exchange 2 (approve it): response status code 99 is not from 100 to 599"},
		{"reason newline", func(t *Transcript) { t.Exchanges[1].Response.Status = "O\nK" }, "replay: exchange 2 (approve it): response reason phrase has a line break"},
		{"stream without content type", func(t *Transcript) { t.Exchanges[0].Response.Header = nil },
			"replay: exchange 1 (SendStreamingMessage): response has a Stream but its Content-Type is not text/event-stream"},
		{"event stream without stream", func(t *Transcript) { t.Exchanges[0].Response.Stream = nil },
			"replay: exchange 1 (SendStreamingMessage): response is text/event-stream but has no Stream"},
		{"event stream with body", func(t *Transcript) { t.Exchanges[0].Response.Body = "x" },
			"replay: exchange 1 (SendStreamingMessage): response is text/event-stream but has a Body: frames belong in Stream"},
		{"frame data cr", func(t *Transcript) { t.Exchanges[0].Response.Stream.Frames[1].Data = "a\rb" },
			`replay: exchange 1 (SendStreamingMessage): frame 2 data has a carriage return ("\r"), which SSE reads as a line break`},
		{"frame id newline", func(t *Transcript) { t.Exchanges[0].Response.Stream.Frames[0].ID = "1\n2" },
			"replay: exchange 1 (SendStreamingMessage): frame 1 id has a line break"},
		{"frame time", func(t *Transcript) { t.Exchanges[0].Response.Stream.Frames[2].At = time.Time{} },
			"replay: exchange 1 (SendStreamingMessage): frame 3 time is not set"},
		{"end by", func(t *Transcript) { t.Exchanges[0].Response.Stream.End.By = "both" },
			`replay: exchange 1 (SendStreamingMessage): stream end By "both" is not "server" or "client"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tr *Transcript
			if tc.change != nil {
				tr = fullTranscript()
				tc.change(tr)
			}
			var b strings.Builder
			err := Write(&b, tr)
			if err == nil {
				t.Fatalf("Write succeeded:\n%s", b.String())
			}
			if !errors.Is(err, ErrNotRepresentable) {
				t.Errorf("error does not wrap ErrNotRepresentable: %v", err)
			}
			want := tc.want
			if !strings.HasSuffix(want, ErrNotRepresentable.Error()) {
				want += ": " + ErrNotRepresentable.Error()
			}
			if diff := cmp.Diff(want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if b.Len() != 0 {
				t.Errorf("Write wrote %d bytes before failing", b.Len())
			}
		})
	}
}

// TestParseLineEndings reads every transcript saved with "\r\n" and with
// "\r" line breaks, as editors on other systems save them, and finds the
// same transcript, line numbers included.
func TestParseLineEndings(t *testing.T) {
	for _, file := range replaytest.TranscriptFiles(t, "..") {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Parse(data, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, eol := range []string{"\r\n", "\r"} {
			got, err := Parse(bytes.ReplaceAll(data, []byte("\n"), []byte(eol)), file)
			if err != nil {
				t.Errorf("%s with %q line breaks: %v", file, eol, err)
				continue
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s with %q line breaks (-want +got):\n%s", file, eol, diff)
			}
		}
	}
}

// FuzzParse checks that Parse never panics, and that whatever it accepts
// Write either refuses with an error or writes in a form that Parse reads
// back and Write reproduces byte for byte.
func FuzzParse(f *testing.F) {
	for _, file := range replaytest.TranscriptFiles(f, "..") {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(badSSE + ": @at 2026-10-06T09:00:00.500Z\nid:7\nevent:e\ndata\ndata:x:y\n\n"))
	f.Add([]byte(badResp + "# @error boom\n"))
	for _, eol := range []string{"\r\n", "\r"} {
		data, err := os.ReadFile("../transcripts/07-auth-required.http")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(bytes.ReplaceAll(data, []byte("\n"), []byte(eol)))
		f.Add([]byte(strings.ReplaceAll(badResp+"# @error boom\n", "\n", eol)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Parse(data, "fuzz")
		// The same file saved with other line breaks reads the same.
		if !bytes.ContainsAny(data, "\r") {
			for _, eol := range []string{"\r\n", "\r"} {
				other, oerr := Parse(bytes.ReplaceAll(data, []byte("\n"), []byte(eol)), "fuzz")
				if (err == nil) != (oerr == nil) || err != nil && err.Error() != oerr.Error() {
					t.Fatalf("with %q line breaks: error %v, with \"\\n\": %v", eol, oerr, err)
				}
				if diff := cmp.Diff(tr, other); err == nil && diff != "" {
					t.Fatalf("with %q line breaks the transcript differs (-lf +other):\n%s", eol, diff)
				}
			}
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not a *SyntaxError: %v", err, err)
			}
			if se.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		out, err := Marshal(tr)
		if err != nil {
			if !errors.Is(err, ErrNotRepresentable) {
				t.Fatalf("Write error does not wrap ErrNotRepresentable: %v", err)
			}
			return
		}
		back, err := Parse(out, "written")
		if err != nil {
			t.Fatalf("Parse(Write(t)): %v\n%s", err, out)
		}
		if diff := cmp.Diff(tr, back, replaytest.IgnoreLines); diff != "" {
			t.Fatalf("Parse(Write(t)) differs (-want +got):\n%s", diff)
		}
		again, err := Marshal(back)
		if err != nil {
			t.Fatalf("second Write: %v", err)
		}
		if string(again) != string(out) {
			t.Fatalf("Write is not idempotent:\n%s\n---\n%s", out, again)
		}
	})
}

// TestAuthRequiredShape checks the hand-written stream transcript for
// what the other tests rely on: six frames, and an out-of-band approval
// whose request and reply fall between frames 3 and 4.
func TestAuthRequiredShape(t *testing.T) {
	tr := replaytest.ParseFile(t, "testdata/auth-required.http", Parse)
	s := tr.Exchanges[0].Response.Stream
	if len(s.Frames) != 6 || s.End == nil || s.End.By != EndServer {
		t.Fatalf("stream has %d frames and end %+v; want 6 frames ended by the server", len(s.Frames), s.End)
	}
	ap := tr.Exchanges[1]
	if ap.Channel != ChannelOutOfBand || ap.Name != "approve" {
		t.Fatalf("exchange 2 is %q on channel %q", ap.Name, ap.Channel)
	}
	for _, at := range []time.Time{ap.Request.At, ap.Response.At} {
		if !at.After(s.Frames[2].At) || !at.Before(s.Frames[3].At) {
			t.Errorf("approval time %v is not between frame 3 (%v) and frame 4 (%v)", at, s.Frames[2].At, s.Frames[3].At)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("testdata/auth-required.http")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data, "b"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	data, err := os.ReadFile("testdata/auth-required.http")
	if err != nil {
		b.Fatal(err)
	}
	tr, err := Parse(data, "b")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Marshal(tr); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleParse() {
	data := []byte(`# a2aplay transcript 1
# participant: client
# participant: deployer http://localhost:41243

### 1 GetTask
# @from client
POST http://localhost:41243/ HTTP/1.1
`)
	_, err := Parse(data, "broken.http")
	fmt.Println(err)
	// Output: broken.http:7: expected "# @to NAME" after "# @from", found "POST http://localhost:41243/ HTTP/1.1"
}

// parseTimeStd is parseTime as it was, with time.Parse.
func parseTimeStd(s string) (time.Time, bool) {
	if !timeShaped(s) {
		return time.Time{}, false
	}
	t, err := time.Parse(timeLayout, s)
	if err != nil || t.IsZero() {
		return time.Time{}, false
	}
	return t, true
}

// FuzzParseTime holds parseTime to time.Parse of the transcript's
// layout.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{
		"2026-10-06T09:00:00.500Z", "0001-01-01T00:00:00.000Z", "0000-02-29T23:59:59.999Z",
		"2100-02-29T00:00:00.000Z", "2000-02-29T00:00:00.000Z", "2026-13-01T00:00:00.000Z",
		"2026-04-31T00:00:00.000Z", "2026-01-01T24:00:00.000Z", "2026-01-01T00:60:00.000Z",
		"2026-01-01T00:00:60.000Z", "2026-00-10T00:00:00.000Z", "2026-01-00T00:00:00.000Z",
		"2026-1-01T00:00:00.000Z", "2026-10-06T09:00:00.50Z", "2026-10-06 09:00:00.500Z",
		"-001-10-06T09:00:00.500Z", "2026-10-06T9:00:00.5000Z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := parseTime(s)
		want, wantOK := parseTimeStd(s)
		if ok != wantOK || got != want {
			t.Fatalf("parseTime(%q) = %v, %v; with time.Parse %v, %v", s, got, ok, want, wantOK)
		}
	})
}
