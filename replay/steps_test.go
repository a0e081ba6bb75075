package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/internal/replaytest"
)

// Ids and times of the test transcripts, shaped like the seeds'.
const (
	task06 = "e5c95b09-6d4b-4b3b-8693-91e81472d12f"
	ctx06  = "49c5a238-4158-455d-8d63-b2cb39c0ecac"
	task07 = "ecf2dcb6-79c8-48f8-8868-24a0541781f4"
	ctx07  = "9e8e6bcf-b117-48b9-992a-67971cddcb1b"
)

var clock0 = time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)

// tick is the synthetic clock: n ticks of 250 ms after the start.
func tick(n int) time.Time { return clock0.Add(time.Duration(n) * 250 * time.Millisecond) }

var (
	jsonHeader = []Header{{"Content-Type", "application/json"}}
	a2aHeader  = []Header{{"Content-Type", "application/json"}, {"A2A-Version", "1.0"}}
	sseHeader  = []Header{{"Content-Type", "text/event-stream"}}
)

func rpcCall(id int, method, params string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":"req-%d","method":%q,"params":%s}`, id, method, params)
}

func rpcResult(id int, result string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":"req-%d","result":%s}`, id, result)
}

func userMessage(id, text, task, ctx string) string {
	ids := ""
	if task != "" {
		ids = fmt.Sprintf(`,"taskId":%q,"contextId":%q`, task, ctx)
	}
	return fmt.Sprintf(`{"messageId":%q,"role":"ROLE_USER","parts":[{"text":%q}]%s}`, id, text, ids)
}

func status(state, text string, at time.Time) string {
	msg := ""
	if text != "" {
		msg = fmt.Sprintf(`"message":{"messageId":"m-%s","role":"ROLE_AGENT","parts":[{"text":%q}]},`, ShortState(state), text)
	}
	return fmt.Sprintf(`{"state":%q,%s"timestamp":%q}`, state, msg, at.Format("2006-01-02T15:04:05.000Z"))
}

func taskJSON(task, ctx, status, extra string) string {
	return fmt.Sprintf(`{"id":%q,"contextId":%q,"status":%s%s}`, task, ctx, status, extra)
}

func statusUpdate(task, ctx, status string) string {
	return fmt.Sprintf(`{"statusUpdate":{"taskId":%q,"contextId":%q,"status":%s}}`, task, ctx, status)
}

// transcript06 is the review question and its answer: two blocking
// SendMessage calls on one task.
func transcript06() *Transcript {
	url := "http://localhost:41242/"
	q := "Which base branch should I compare this diff against?"
	return &Transcript{
		Title:        "the review question and its answer",
		Participants: []Participant{{Name: "planner"}, {Name: "code-reviewer", URL: url}},
		Exchanges: []*Exchange{{
			Seq: 1, Name: "SendMessage", From: "planner", To: "code-reviewer",
			Request: Request{At: tick(0), Method: "POST", URL: url, Proto: "HTTP/1.1", Header: a2aHeader,
				Body: rpcCall(1, "SendMessage", `{"message":`+userMessage("m-1", "Review this diff of payments-api.", "", "")+`}`)},
			Response: &Response{At: tick(2), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: jsonHeader,
				Body: rpcResult(1, `{"task":`+taskJSON(task06, ctx06, status(StateInputRequired, q, tick(2)), "")+`}`)},
		}, {
			Seq: 2, Name: "SendMessage", From: "planner", To: "code-reviewer",
			Request: Request{At: tick(3), Method: "POST", URL: url, Proto: "HTTP/1.1", Header: a2aHeader,
				Body: rpcCall(2, "SendMessage", `{"message":`+userMessage("m-2", "main", task06, ctx06)+`}`)},
			Response: &Response{At: tick(5), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: jsonHeader,
				Body: rpcResult(2, `{"task":`+taskJSON(task06, ctx06, status(StateCompleted, "", tick(5)),
					`,"artifacts":[{"artifactId":"a-1","name":"review.json","parts":[{"data":{"findings":[]}}]}]`)+`}`)},
		}},
	}
}

// transcript07 is a deploy that waits for an operator: one stream of six
// frames, with the approval outside A2A between frames 3 and 4.
func transcript07() *Transcript {
	url := "http://localhost:41243/"
	approve := url + "approve/" + task07
	frame := func(n int, data string) Frame {
		return Frame{At: tick(n), ID: fmt.Sprint(n), Data: rpcResult(1, data)}
	}
	return &Transcript{
		Title: "a deploy that waits for an operator",
		Participants: []Participant{
			{Name: "planner"}, {Name: "deployer", URL: url}, {Name: "operator"},
		},
		Exchanges: []*Exchange{{
			Seq: 1, Name: "SendStreamingMessage", From: "planner", To: "deployer",
			Request: Request{At: tick(0), Method: "POST", URL: url, Proto: "HTTP/1.1", Header: a2aHeader,
				Body: rpcCall(1, "SendStreamingMessage", `{"message":`+userMessage("m-1", "Deploy build 2026.10.06-1 to staging.", "", "")+`}`)},
			Response: &Response{At: tick(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: sseHeader,
				Stream: &Stream{
					Frames: []Frame{
						frame(1, `{"task":`+taskJSON(task07, ctx07, status(StateSubmitted, "", tick(1)), "")+`}`),
						frame(2, statusUpdate(task07, ctx07, status(StateWorking, "", tick(2)))),
						frame(3, statusUpdate(task07, ctx07, status(StateAuthRequired, "An operator must approve this deploy at "+approve, tick(3)))),
						frame(6, statusUpdate(task07, ctx07, status(StateWorking, "Approved; deploying.", tick(6)))),
						frame(7, `{"artifactUpdate":{"taskId":"`+task07+`","contextId":"`+ctx07+`","artifact":{"artifactId":"a-1","name":"deploy.json","parts":[{"data":{"build":"2026.10.06-1"}}]}}}`),
						frame(8, statusUpdate(task07, ctx07, status(StateCompleted, "", tick(8)))),
					},
					End: &StreamEnd{At: tick(9), By: EndServer},
				}},
		}, {
			Seq: 2, Name: "approve", From: "operator", To: "deployer", Channel: ChannelOutOfBand,
			Notes:    []string{"the operator approves outside A2A"},
			Request:  Request{At: tick(4), Method: "POST", URL: approve, Proto: "HTTP/1.1"},
			Response: &Response{At: tick(5), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: []Header{{"Content-Type", "text/plain"}}, Body: "approved " + task07},
		}},
	}
}

// transcriptREST uses the HTTP+JSON binding: bodies without the JSON-RPC
// envelope, methods named by the path, errors as google.rpc.Status.
func transcriptREST() *Transcript {
	base := "http://localhost:41242"
	q := "Which base branch should I compare this diff against?"
	return &Transcript{
		Title:        "HTTP+JSON binding",
		Participants: []Participant{{Name: "client"}, {Name: "code-reviewer", URL: base}},
		Exchanges: []*Exchange{{
			Seq: 1, Name: "agent card", From: "client", To: "code-reviewer",
			Request: Request{At: tick(0), Method: "GET", URL: base + "/.well-known/agent-card.json", Proto: "HTTP/1.1"},
			Response: &Response{At: tick(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: jsonHeader,
				Body: `{"name":"code-reviewer","supportedInterfaces":[{"url":"` + base + `","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}],"skills":[]}`},
		}, {
			Seq: 2, Name: "SendMessage", From: "client", To: "code-reviewer",
			Request: Request{At: tick(2), Method: "POST", URL: base + "/message:send", Proto: "HTTP/1.1", Header: a2aHeader,
				Body: `{"message":` + userMessage("m-1", "Review this.", "", "") + `}`},
			Response: &Response{At: tick(3), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: jsonHeader,
				Body: `{"task":` + taskJSON(task06, ctx06, status(StateInputRequired, q, tick(3)), "") + `}`},
		}, {
			Seq: 3, Name: "GetTask", From: "client", To: "code-reviewer",
			Request: Request{At: tick(4), Method: "GET", URL: base + "/tasks/" + task06, Proto: "HTTP/1.1", Header: a2aHeader},
			Response: &Response{At: tick(5), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: jsonHeader,
				Body: taskJSON(task06, ctx06, status(StateInputRequired, q, tick(3)), "")},
		}, {
			Seq: 4, Name: "SubscribeToTask", From: "client", To: "code-reviewer",
			Request: Request{At: tick(6), Method: "POST", URL: base + "/tasks/" + task06 + ":subscribe", Proto: "HTTP/1.1", Header: a2aHeader},
			Response: &Response{At: tick(7), Proto: "HTTP/1.1", StatusCode: 404, Status: "Not Found", Header: jsonHeader,
				Body: `{"error":{"code":404,"status":"NOT_FOUND","message":"task not found: no active execution","details":[]}}`},
		}, {
			Seq: 5, Name: "SendStreamingMessage", From: "client", To: "code-reviewer",
			Request: Request{At: tick(8), Method: "POST", URL: base + "/message:stream", Proto: "HTTP/1.1", Header: a2aHeader,
				Body: `{"message":` + userMessage("m-2", "main", task06, ctx06) + `}`},
			Response: &Response{At: tick(9), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: sseHeader,
				Stream: &Stream{Frames: []Frame{
					{At: tick(9), Data: statusUpdate(task06, ctx06, status(StateWorking, "", tick(9)))},
					{At: tick(10), Data: `{"message":{"messageId":"m-3","role":"ROLE_AGENT","taskId":"` + task06 + `","parts":[{"text":"Looking at the diff against main."}]}}`},
				}}}, // still open when the capture ended
		}},
	}
}

// transcriptOdd has what a capture can hold but a happy path does not:
// JSON-RPC errors, a transport error, bodies that are not JSON or have
// fields of the wrong type, a request with no reply, a client that
// stops reading, and a clock that goes backwards.
func transcriptOdd() *Transcript {
	url := "http://localhost:41243/"
	return &Transcript{
		Title:        "odd bodies",
		Participants: []Participant{{Name: "planner"}, {Name: "deployer", URL: url}},
		Exchanges: []*Exchange{{
			Seq: 1, Name: "SubscribeToTask", From: "planner", To: "deployer",
			Request: Request{At: tick(0), Method: "POST", URL: url, Header: a2aHeader,
				Body: rpcCall(1, "SubscribeToTask", `{"id":"`+task07+`"}`)},
			Response: &Response{At: tick(1), StatusCode: 200, Status: "OK", Header: jsonHeader,
				Body: `{"jsonrpc":"2.0","id":"req-1","error":{"code":-32001,"message":"task not found: no active execution"}}`},
		}, {
			Seq: 2, Name: "GetTask", From: "planner", To: "deployer",
			Request:  Request{At: tick(2), Method: "POST", URL: url, Header: a2aHeader, Body: rpcCall(2, "GetTask", `{"id":"`+task07+`"}`)},
			Response: &Response{At: tick(3), Err: "connection refused"},
		}, {
			Seq: 3, Name: "GetTask", From: "planner", To: "deployer",
			Request: Request{At: tick(4), Method: "POST", URL: url, Body: `{"jsonrpc":"2.0","method":42,"params":[1,2]}`},
			Response: &Response{At: tick(5), StatusCode: 502, Status: "Bad Gateway",
				Body: "<html><body>upstream\n\tgone</body></html>"},
		}, {
			Seq: 4, Name: "GetTask", From: "planner", To: "deployer",
			Request: Request{At: tick(6), Method: "POST", URL: url, Body: rpcCall(4, "GetTask", `{"id":7}`)},
			Response: &Response{At: tick(7), StatusCode: 200, Status: "OK",
				Body: rpcResult(4, `{"id":"`+task07+`","contextId":"`+ctx07+`","status":{"state":17},"artifacts":"nope"}`)},
		}, {
			Seq: 5, Name: "SendStreamingMessage", From: "planner", To: "deployer",
			Request: Request{At: tick(10), Method: "POST", URL: url, Body: rpcCall(5, "SendStreamingMessage", `{"message":`+userMessage("m-5", "again", task07, ctx07)+`}`)},
			Response: &Response{At: tick(11), StatusCode: 200, Status: "OK", Header: sseHeader,
				Stream: &Stream{
					Frames: []Frame{
						{At: tick(11), Event: "ping", Data: "not json"},
						{At: tick(9), Data: rpcResult(5, statusUpdate(task07, ctx07, status(StateWorking, "", tick(9))))}, // clock went back
						{At: tick(12), Data: `{"jsonrpc":"2.0","id":"req-5","error":{"code":-32603,"message":"internal error"}}`},
						{At: tick(12), Data: `[1,2,3]`},
					},
					End: &StreamEnd{At: tick(13), By: EndClient},
				}},
		}, {
			Seq: 6, Name: "CancelTask", From: "planner", To: "deployer",
			Request: Request{At: tick(14), Method: "POST", URL: url, Body: rpcCall(6, "CancelTask", `{"id":"`+task07+`"}`)},
			// no reply: the capture ended first
		}},
	}
}

func builtTranscripts() map[string]*Transcript {
	return map[string]*Transcript{
		"built-06-input-required": transcript06(),
		"built-07-auth-required":  transcript07(),
		"built-rest":              transcriptREST(),
		"built-odd":               transcriptOdd(),
	}
}

// goldenTranscripts gives every transcript the golden test covers: the
// ones built above, and the .http files in testdata and ../transcripts
// that parse.
func goldenTranscripts(t *testing.T) map[string]*Transcript {
	all := builtTranscripts()
	replaytest.ParseInto(t, all, replaytest.TranscriptFiles(t, ".."), Parse)
	return all
}

type stepsFile struct {
	Steps     []Step     `json:"steps"`
	Timelines []Timeline `json:"timelines"`
}

func TestStepsGolden(t *testing.T) {
	for name, tr := range goldenTranscripts(t) {
		t.Run(name, func(t *testing.T) {
			steps := Steps(tr)
			got, err := json.MarshalIndent(stepsFile{steps, Timelines(steps)}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden.Check(t, filepath.Join("testdata", name+".steps.json"), got)
			// Steps is deterministic.
			again, _ := json.MarshalIndent(stepsFile{Steps(tr), Timelines(Steps(tr))}, "", "  ")
			if !bytes.Equal(got[:len(got)-1], again) {
				t.Error("a second call of Steps gave other steps")
			}
		})
	}
}

// brief is the part of a step the table tests look at.
type brief struct {
	ID, Kind, From, To, Label string
	Frame                     int
	State                     string
	Pair, Group               string
	OutOfBand                 bool
}

func briefs(steps []Step) []brief {
	var out []brief
	for _, s := range steps {
		out = append(out, brief{s.ID, string(s.Kind), s.From, s.To, s.Label, s.Frame, ShortState(s.State), s.Pair, s.Group, s.OutOfBand})
	}
	return out
}

func TestSteps(t *testing.T) {
	tests := []struct {
		name string
		tr   *Transcript
		want []brief
	}{{
		name: "06 ask and answer on one task",
		tr:   transcript06(),
		want: []brief{
			{"s1", "request", "planner", "code-reviewer", "SendMessage", 0, "", "", "", false},
			{"s2", "reply", "code-reviewer", "planner", "task e5c95b09 INPUT_REQUIRED", 0, "INPUT_REQUIRED", "s1", "", false},
			{"s3", "request", "planner", "code-reviewer", "SendMessage (task e5c95b09)", 0, "INPUT_REQUIRED", "", "", false},
			{"s4", "reply", "code-reviewer", "planner", "task e5c95b09 COMPLETED", 0, "COMPLETED", "s3", "", false},
		},
	}, {
		// The seeds' caption: steps 2 to 4 and 7 to 9 are the six frames,
		// steps 5 and 6 are plain HTTP outside A2A.
		name: "07 stream with an approval outside A2A",
		tr:   transcript07(),
		want: []brief{
			{"s1", "request", "planner", "deployer", "SendStreamingMessage", 0, "", "", "s1", false},
			{"s2", "frame", "deployer", "planner", "task ecf2dcb6 SUBMITTED", 1, "SUBMITTED", "", "s1", false},
			{"s3", "frame", "deployer", "planner", "statusUpdate WORKING", 2, "WORKING", "", "s1", false},
			{"s4", "frame", "deployer", "planner", "statusUpdate AUTH_REQUIRED", 3, "AUTH_REQUIRED", "", "s1", false},
			{"s5", "request", "operator", "deployer", "POST /approve/ecf2dcb6", 0, "AUTH_REQUIRED", "", "", true},
			{"s6", "reply", "deployer", "operator", "200 OK", 0, "AUTH_REQUIRED", "s5", "", true},
			{"s7", "frame", "deployer", "planner", "statusUpdate WORKING", 4, "WORKING", "", "s1", false},
			{"s8", "frame", "deployer", "planner", "artifactUpdate deploy.json", 5, "WORKING", "", "s1", false},
			{"s9", "frame", "deployer", "planner", "statusUpdate COMPLETED", 6, "COMPLETED", "", "s1", false},
			{"s10", "close", "deployer", "planner", "stream closed by server", 0, "COMPLETED", "", "s1", false},
		},
	}, {
		name: "HTTP+JSON binding",
		tr:   transcriptREST(),
		want: []brief{
			{"s1", "request", "client", "code-reviewer", "GET /.well-known/agent-card.json", 0, "", "", "", false},
			{"s2", "reply", "code-reviewer", "client", "agent card code-reviewer", 0, "", "s1", "", false},
			{"s3", "request", "client", "code-reviewer", "SendMessage", 0, "", "", "", false},
			{"s4", "reply", "code-reviewer", "client", "task e5c95b09 INPUT_REQUIRED", 0, "INPUT_REQUIRED", "s3", "", false},
			{"s5", "request", "client", "code-reviewer", "GetTask (task e5c95b09)", 0, "INPUT_REQUIRED", "", "", false},
			{"s6", "reply", "code-reviewer", "client", "task e5c95b09 INPUT_REQUIRED", 0, "INPUT_REQUIRED", "s5", "", false},
			{"s7", "request", "client", "code-reviewer", "SubscribeToTask (task e5c95b09)", 0, "INPUT_REQUIRED", "", "", false},
			{"s8", "reply", "code-reviewer", "client", "error 404", 0, "INPUT_REQUIRED", "s7", "", false},
			{"s9", "request", "client", "code-reviewer", "SendStreamingMessage (task e5c95b09)", 0, "INPUT_REQUIRED", "", "s9", false},
			{"s10", "frame", "code-reviewer", "client", "statusUpdate WORKING", 1, "WORKING", "", "s9", false},
			{"s11", "frame", "code-reviewer", "client", "message", 2, "WORKING", "", "s9", false},
		},
	}, {
		name: "odd bodies",
		tr:   transcriptOdd(),
		want: []brief{
			{"s1", "request", "planner", "deployer", "SubscribeToTask (task ecf2dcb6)", 0, "", "", "", false},
			{"s2", "reply", "deployer", "planner", "error -32001", 0, "", "s1", "", false},
			{"s3", "request", "planner", "deployer", "GetTask (task ecf2dcb6)", 0, "", "", "", false},
			{"s4", "reply", "deployer", "planner", "no response", 0, "", "s3", "", false},
			{"s5", "request", "planner", "deployer", "POST /", 0, "", "", "", false},
			{"s6", "reply", "deployer", "planner", "502 Bad Gateway", 0, "", "s5", "", false},
			{"s7", "request", "planner", "deployer", "GetTask", 0, "", "", "", false},
			{"s8", "reply", "deployer", "planner", "task ecf2dcb6", 0, "", "s7", "", false},
			{"s9", "request", "planner", "deployer", "SendStreamingMessage (task ecf2dcb6)", 0, "", "", "s9", false},
			{"s10", "frame", "deployer", "planner", "frame 1 ping", 1, "", "", "s9", false},
			{"s11", "frame", "deployer", "planner", "statusUpdate WORKING", 2, "WORKING", "", "s9", false},
			{"s12", "frame", "deployer", "planner", "error -32603", 3, "WORKING", "", "s9", false},
			{"s13", "frame", "deployer", "planner", "frame 4", 4, "WORKING", "", "s9", false},
			{"s14", "close", "planner", "deployer", "stream closed by client", 0, "WORKING", "", "s9", false},
			{"s15", "request", "planner", "deployer", "CancelTask (task ecf2dcb6)", 0, "WORKING", "", "", false},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, briefs(Steps(tt.tr))); diff != "" {
				t.Errorf("Steps (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStepsDetails(t *testing.T) {
	steps := Steps(transcript07())
	s4 := steps[3]
	if want := "An operator must approve this deploy at http://localhost:41243/approve/ecf2dcb6"; s4.Detail != want {
		t.Errorf("s4 detail = %q, want %q", s4.Detail, want)
	}
	if s4.TaskID != task07 || s4.ContextID != ctx07 {
		t.Errorf("s4 ids = %q, %q; want the full ids", s4.TaskID, s4.ContextID)
	}
	if !s4.Reports || !s4.Changed {
		t.Errorf("s4 reports, changed = %v, %v; want true, true", s4.Reports, s4.Changed)
	}
	// The approval names the task in its URL only.
	if s := steps[4]; s.TaskID != task07 || s.ContextID != ctx07 || s.Reports {
		t.Errorf("s5 = task %q context %q reports %v; want the deploy's ids, not reporting", s.TaskID, s.ContextID, s.Reports)
	}
	if s := steps[0]; s.Closed != EndServer || s.TaskID != task07 {
		t.Errorf("s1 closed %q task %q; want %q, %q", s.Closed, s.TaskID, EndServer, task07)
	}
	if s := steps[9]; !s.At.Equal(tick(9)) || s.Exchange != 1 {
		t.Errorf("s10 at %v exchange %d; want %v, 1", s.At, s.Exchange, tick(9))
	}

	odd := Steps(transcriptOdd())
	wantErr := map[string]StepError{
		"s2":  {Kind: ErrorJSONRPC, Code: -32001, Message: "task not found: no active execution"},
		"s4":  {Kind: ErrorTransport, Message: "connection refused"},
		"s6":  {Kind: ErrorHTTP, Code: 502, Message: "<html><body>upstream"},
		"s12": {Kind: ErrorJSONRPC, Code: -32603, Message: "internal error"},
	}
	for _, s := range odd {
		want, ok := wantErr[s.ID]
		switch {
		case ok && s.Error == nil:
			t.Errorf("%s has no error, want %+v", s.ID, want)
		case ok:
			if diff := cmp.Diff(want, *s.Error); diff != "" {
				t.Errorf("%s error (-want +got):\n%s", s.ID, diff)
			}
		case s.Error != nil:
			t.Errorf("%s has error %+v, want none", s.ID, *s.Error)
		}
	}
	rest := Steps(transcriptREST())
	if e := rest[7].Error; e == nil || *e != (StepError{Kind: ErrorStatus, Code: 404, Message: "task not found: no active execution"}) {
		t.Errorf("s8 error = %+v, want the google.rpc.Status", e)
	}
	if s := rest[10]; s.Detail != "Looking at the diff against main." || s.Event != "message" {
		t.Errorf("s11 = %q %q; want the agent's message", s.Event, s.Detail)
	}
	if rest[8].Closed != "" {
		t.Errorf("s9 closed = %q; the stream was still open", rest[8].Closed)
	}
}

func TestStepsOrderTies(t *testing.T) {
	// Two exchanges whose events share times: ties keep exchange order,
	// then the order within the exchange.
	tr := &Transcript{Exchanges: []*Exchange{
		{Seq: 1, From: "a", To: "b", Request: Request{At: tick(0), Method: "GET", URL: "http://b/x"},
			Response: &Response{At: tick(1), StatusCode: 200, Status: "OK"}},
		{Seq: 2, From: "c", To: "b", Request: Request{At: tick(0), Method: "GET", URL: "http://b/y"},
			Response: &Response{At: tick(1), StatusCode: 204, Status: "No Content"}},
	}}
	var got []string
	for _, s := range Steps(tr) {
		got = append(got, s.ID+" "+s.Label)
	}
	want := []string{"s1 GET /x", "s2 GET /y", "s3 200 OK", "s4 204 No Content"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

func TestTimelines(t *testing.T) {
	got := Timelines(Steps(transcript07()))
	want := []Timeline{{
		TaskID: task07, ContextID: ctx07,
		Points: []StatePoint{
			{"s2", 2, StateSubmitted},
			{"s3", 3, StateWorking},
			{"s4", 4, StateAuthRequired},
			{"s7", 7, StateWorking},
			{"s9", 9, StateCompleted},
		},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Timelines (-want +got):\n%s", diff)
	}
	// A repeated report of the same state is no change.
	got = Timelines(Steps(transcriptREST()))
	if len(got) != 1 || len(got[0].Points) != 2 {
		t.Errorf("REST timelines = %+v; want one task with INPUT_REQUIRED then WORKING", got)
	}
}

func TestShortenIDs(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{task07, "ecf2dcb6"},
		{"/approve/" + task07 + "?x=1", "/approve/ecf2dcb6?x=1"},
		{task06 + " and " + task07, "e5c95b09 and ecf2dcb6"},
		{"a" + task07, "a" + task07}, // not a whole id
		{task07[:35], task07[:35]},
		// a version 7 id keeps its random tail, like ShortID
		{`{"taskId":"01a22968-00da-7c20-8db3-2dd46070366e"}`, `{"taskId":"6070366e"}`},
	}
	for _, tt := range tests {
		if got := shortenIDs(tt.in); got != tt.want {
			t.Errorf("shortenIDs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"longer than ten", 10, "longer tha…"},
		{"tab\tand\x00nul", 20, "tab and nul"},
		{"bad \xff byte", 20, "bad \uFFFD byte"},
	}
	for _, tt := range tests {
		if got := clip(tt.in, tt.n); got != tt.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

// FuzzStepsBody puts arbitrary bytes in every body of a transcript: Steps
// must not panic, and its steps must stay well formed.
func TestCountSteps(t *testing.T) {
	all := builtTranscripts()
	for name, tr := range goldenTranscripts(t) {
		all[name] = tr
	}
	for name, tr := range all {
		if got, want := CountSteps(tr), len(Steps(tr)); got != want {
			t.Errorf("%s: CountSteps = %d, Steps made %d", name, got, want)
		}
	}
	if CountSteps(nil) != 0 {
		t.Error("CountSteps(nil) != 0")
	}
}

// TestStepsVisible checks that text a step shows cannot hide or reorder
// itself: a right-to-left override that would show "exe.txt" as
// "txt.exe", a zero-width space and a byte order mark in a status
// message, an artifact name and a note are written as escapes.
func TestStepsVisible(t *testing.T) {
	tr := transcript07()
	frames := tr.Exchanges[0].Response.Stream.Frames
	frames[2].Data = rpcResult(1, statusUpdate(task07, ctx07, status(StateAuthRequired, "Approve report\u202etxt.exe\u202c now\u200b", tick(3))))
	frames[4].Data = strings.Replace(frames[4].Data, "deploy.json", "deploy\ufeff.json", 1)
	tr.Exchanges[1].Notes = []string{"plain", "the operator \u2066approves\u2069"}
	steps := Steps(tr)
	for _, tc := range []struct{ got, want string }{
		{steps[3].Detail, `Approve report\u202etxt.exe\u202c now\u200b`},
		{steps[7].Label, `artifactUpdate deploy\ufeff.json`},
		{strings.Join(steps[4].Notes, "|"), `plain|the operator \u2066approves\u2069`},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if tr.Exchanges[1].Notes[1] != "the operator \u2066approves\u2069" {
		t.Error("Steps changed the transcript's notes")
	}
}

func FuzzStepsBody(f *testing.F) {
	for _, tr := range builtTranscripts() {
		for _, ex := range tr.Exchanges {
			f.Add(ex.Request.Body)
			if ex.Response != nil {
				f.Add(ex.Response.Body)
				if ex.Response.Stream != nil {
					for _, fr := range ex.Response.Stream.Frames {
						f.Add(fr.Data)
					}
				}
			}
		}
	}
	f.Add(`{"result":{"task":{"id":{"x":1},"status":{"state":["a"]}}}}`)
	f.Add(`{"jsonrpc":"2.0","error":null,"result":null}`)
	f.Add(strings.Repeat(`{"result":`, 200))
	f.Fuzz(func(t *testing.T, body string) {
		tr := transcript07()
		tr.Exchanges[0].Request.Body = body
		tr.Exchanges[0].Response.Stream.Frames[2].Data = body
		tr.Exchanges[1].Response.Body = body
		tr.Exchanges = append(tr.Exchanges, &Exchange{Seq: 3, From: "planner", To: "deployer",
			Request:  Request{At: tick(20), Method: "POST", URL: "http://localhost:41243/" + body, Body: body},
			Response: &Response{At: tick(21), StatusCode: 200, Status: body, Body: body}})
		steps := Steps(tr)
		if len(steps) != 12 {
			t.Fatalf("%d steps, want 12", len(steps))
		}
		if n := CountSteps(tr); n != len(steps) {
			t.Fatalf("CountSteps = %d, Steps made %d", n, len(steps))
		}
		for i, s := range steps {
			if s.Index != i+1 || s.ID != fmt.Sprintf("s%d", i+1) {
				t.Errorf("step %d has index %d id %q", i, s.Index, s.ID)
			}
			if s.Label == "" {
				t.Errorf("%s has no label", s.ID)
			}
			if strings.ContainsAny(s.Label+s.Detail, "\n\r\t\x00") {
				t.Errorf("%s label %q detail %q hold control characters", s.ID, s.Label, s.Detail)
			}
			if Visible(s.Label) != s.Label || Visible(s.Detail) != s.Detail {
				t.Errorf("%s label %q detail %q hold characters that do not show", s.ID, s.Label, s.Detail)
			}
		}
	})
}

func TestShortID(t *testing.T) {
	tests := []struct{ id, want string }{
		{"e5c95b09-6d4b-4b3b-8693-91e81472d12f", "e5c95b09"}, // v4: the first 8, as the tutorial writes them
		{"01a22968-00da-7c20-8db3-2dd46070366e", "6070366e"}, // v7: the random tail
		{"01a22968-00da-7C20-8DB3-2DD46070366E", "6070366E"},
		{"01a22968_00da-7c20-8db3-2dd46070366e", "01a22968"}, // not a UUID
		{"01a22968-00da-7c20-8db3-2dd46070366", "01a22968"},  // too short
		{"abc", "abc"},
		{"ééééééééé", "éééééééé"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := ShortID(tt.id); got != tt.want {
			t.Errorf("ShortID(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

func TestPermute(t *testing.T) {
	for n := 0; n < 40; n++ {
		order := make([]int32, n)
		for i := range order {
			order[i] = int32((i*7 + n) % max(n, 1))
		}
		if n%7 == 0 { // not a permutation of 0..n-1 when 7 divides n; use the identity
			for i := range order {
				order[i] = int32(i)
			}
		}
		s := make([]Step, n)
		for i := range s {
			s[i].Index = i
		}
		keep := slices.Clone(order)
		got := permute(s, order)
		for i := range got {
			if got[i].Index != int(keep[i]) {
				t.Fatalf("n=%d: position %d holds %d, want %d", n, i, got[i].Index, keep[i])
			}
		}
		if !slices.Equal(order, keep) {
			t.Fatalf("n=%d: order changed", n)
		}
	}
}

// TestStepsPush checks a push notification's steps: a push from the
// agent to the webhook that carries the payload's event, task and state
// (on the task's timeline), and the webhook's answer as its reply.
func TestStepsPush(t *testing.T) {
	tr, err := Parse(replaytest.ReadFile(t, "testdata/push-webhook.http"), "push-webhook.http")
	if err != nil {
		t.Fatal(err)
	}
	// A payload A2A does not define still makes a push step.
	odd := *tr.Exchanges[3]
	odd.Seq = len(tr.Exchanges) + 1
	odd.Request.At = odd.Request.At.Add(5 * time.Second)
	odd.Request.Body = "not json\nsecond line"
	odd.Response = nil
	tr.Exchanges = append(tr.Exchanges, &odd)
	steps := Steps(tr)
	want := []brief{
		{"s1", "request", "client", "deployer", "SendMessage", 0, "", "", "", false},
		{"s2", "reply", "deployer", "client", "task task-1 AUTH_REQUIRED", 0, "AUTH_REQUIRED", "s1", "", false},
		{"s3", "push", "deployer", "client-webhook", "push statusUpdate AUTH_REQUIRED", 0, "AUTH_REQUIRED", "", "", false},
		{"s4", "reply", "client-webhook", "deployer", "204 No Content", 0, "AUTH_REQUIRED", "s3", "", false},
		{"s5", "request", "operator", "deployer", "POST /approve/task-1", 0, "AUTH_REQUIRED", "", "", true},
		{"s6", "reply", "deployer", "operator", "200 OK", 0, "AUTH_REQUIRED", "s5", "", true},
		{"s7", "push", "deployer", "client-webhook", "push statusUpdate WORKING", 0, "WORKING", "", "", false},
		{"s8", "reply", "client-webhook", "deployer", "204 No Content", 0, "WORKING", "s7", "", false},
		{"s9", "push", "deployer", "client-webhook", "push task task-1 COMPLETED", 0, "COMPLETED", "", "", false},
		{"s10", "reply", "client-webhook", "deployer", "500 Internal Server Error", 0, "COMPLETED", "s9", "", false},
		{"s11", "request", "client", "deployer", "GetTask (task task-1)", 0, "COMPLETED", "", "", false},
		{"s12", "reply", "deployer", "client", "task task-1 COMPLETED", 0, "COMPLETED", "s11", "", false},
		{"s13", "push", "deployer", "client-webhook", "push", 0, "", "", "", false},
	}
	if diff := cmp.Diff(want, briefs(steps)); diff != "" {
		t.Errorf("Steps (-want +got):\n%s", diff)
	}
	if s := steps[6]; s.Event != "statusUpdate" || !s.Reports || !s.Changed || s.TaskID != "task-1" || s.Method != "" {
		t.Errorf("push step: event %q, reports %v, changed %v, task %q, method %q; want statusUpdate, true, true, task-1, none",
			s.Event, s.Reports, s.Changed, s.TaskID, s.Method)
	}
	if s := steps[9]; s.Error == nil || s.Error.Kind != ErrorHTTP || s.Error.Code != 500 {
		t.Errorf("webhook's 500: error %+v, want an HTTP error 500", s.Error)
	}
	if s := steps[12]; s.Detail != "not json" {
		t.Errorf("push of a body A2A does not define: detail %q, want its first line", s.Detail)
	}
	if got := CountSteps(tr); got != len(steps) {
		t.Errorf("CountSteps = %d, Steps gave %d", got, len(steps))
	}
}
