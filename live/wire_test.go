package live

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

func TestWireError(t *testing.T) {
	ok := func(code int, body string) *replay.Exchange {
		return &replay.Exchange{Response: &replay.Response{StatusCode: code, Status: "X", Body: body}}
	}
	stream := func(frames ...string) *replay.Exchange {
		rs := &replay.Response{StatusCode: 200, Status: "OK", Stream: &replay.Stream{}}
		for _, f := range frames {
			rs.Stream.Frames = append(rs.Stream.Frames, replay.Frame{Data: f})
		}
		return &replay.Exchange{Response: rs}
	}
	for _, tc := range []struct {
		name string
		x    *replay.Exchange
		want *WireError
		kind string
	}{
		{"no response yet", &replay.Exchange{}, nil, ""},
		{"a result", ok(200, `{"jsonrpc":"2.0","id":"1","result":{"task":{}}}`), nil, ""},
		{"jsonrpc error",
			ok(200, `{"jsonrpc":"2.0","id":"1","error":{"code":-32001,"message":"task not found","data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org"}]}}`),
			&WireError{HTTPStatus: 200, Code: -32001, Reason: "TASK_NOT_FOUND", Message: "task not found"}, "TASK_NOT_FOUND"},
		{"jsonrpc error without ErrorInfo",
			ok(200, `{"jsonrpc":"2.0","id":"1","error":{"code":-32004,"message":"no"}}`),
			&WireError{HTTPStatus: 200, Code: -32004, Message: "no"}, "UNSUPPORTED_OPERATION"},
		{"google.rpc.Status",
			ok(404, `{"error":{"code":404,"status":"NOT_FOUND","message":"gone","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND"}]}}`),
			&WireError{HTTPStatus: 404, Code: 404, Status: "NOT_FOUND", Reason: "TASK_NOT_FOUND", Message: "gone"}, "TASK_NOT_FOUND"},
		{"status without a reason has no kind",
			ok(400, `{"error":{"code":400,"status":"INVALID_ARGUMENT","message":"bad"}}`),
			&WireError{HTTPStatus: 400, Code: 400, Status: "INVALID_ARGUMENT", Message: "bad"}, ""},
		{"kit's out-of-band error",
			ok(409, `{"error":"task x cannot be approved: it was refused already"}`),
			&WireError{HTTPStatus: 409, Message: "task x cannot be approved: it was refused already"}, ""},
		{"plain text error", ok(503, "code-reviewer is shut down\n"), &WireError{HTTPStatus: 503, Message: "code-reviewer is shut down"}, ""},
		{"empty error body", ok(500, ""), &WireError{HTTPStatus: 500, Message: "X"}, ""},
		{"error: null is no error", ok(200, `{"error":null,"result":{}}`), nil, ""},
		{"error frame",
			stream(`{"jsonrpc":"2.0","result":{"task":{}}}`, `{"jsonrpc":"2.0","error":{"code":-32001,"message":"no active execution"}}`),
			&WireError{HTTPStatus: 200, Code: -32001, Message: "no active execution", InStream: true}, "TASK_NOT_FOUND"},
		{"frames without an error", stream(`{"result":{}}`, `not json`), nil, ""},
		{"transport failure", &replay.Exchange{Response: &replay.Response{Err: "connection refused"}}, &WireError{Transport: "connection refused"}, ""},
		{"proxy failure loses the prefix",
			&replay.Exchange{Response: &replay.Response{Err: "capture: handler for POST http://h/ panicked: dial tcp: refused"}},
			&WireError{Transport: "dial tcp: refused"}, ""},
		{"error that is neither", ok(400, `{"error":[1,2]}`), &WireError{HTTPStatus: 400, Message: "[1,2]"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := wireError(tc.x)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("wireError (-want +got):\n%s", diff)
			}
			if k := got.Kind(); k != tc.kind {
				t.Errorf("Kind() = %q, want %q", k, tc.kind)
			}
			if got != nil && got.String() == "" {
				t.Error("String() is empty")
			}
		})
	}
}

func TestDeviationJudges(t *testing.T) {
	invalid := &WireError{Code: -32602, Reason: "INVALID_PARAMS", Message: "task in a terminal state"}
	unsupported := &WireError{Code: -32004, Reason: "UNSUPPORTED_OPERATION", Message: "terminal"}
	notFound := &WireError{Code: -32001, Reason: "TASK_NOT_FOUND", Message: "task not found: no active execution"}
	inProgress := &WireError{Code: -32603, Reason: "INTERNAL_ERROR", Message: "task execution is already in progress"}
	refused := &WireError{Transport: "connection refused"}
	const (
		completed = "TASK_STATE_COMPLETED"
		input     = "TASK_STATE_INPUT_REQUIRED"
		auth      = "TASK_STATE_AUTH_REQUIRED"
		working   = "TASK_STATE_WORKING"
	)
	type want struct{ spec, known string }
	for _, tc := range []struct {
		name string
		got  *Deviation
		want *want
	}{
		{"message to terminal, invalid params", messageDeviation(completed, invalid, false), &want{"§3.1.1", "#438"}},
		{"message to terminal, unsupported", messageDeviation(completed, unsupported, false), nil},
		{"message to terminal, accepted", messageDeviation(completed, nil, true), &want{"§3.1.1", ""}},
		{"message to terminal, other error", messageDeviation(completed, notFound, false), &want{"§3.1.1", ""}},
		{"message to terminal, no answer", messageDeviation(completed, nil, false), nil},
		{"message to AUTH_REQUIRED, in progress", messageDeviation(auth, inProgress, false), &want{"§7.6.1", "already in progress"}},
		{"message to AUTH_REQUIRED, accepted", messageDeviation(auth, nil, true), nil},
		{"message to AUTH_REQUIRED, no response", messageDeviation(auth, refused, false), nil},
		{"message to INPUT_REQUIRED", messageDeviation(input, invalid, false), nil},
		{"message to a new task", messageDeviation("", invalid, false), nil},
		{"subscribe to INPUT_REQUIRED, not found", subscribeDeviation(input, notFound, 0, true), &want{"§3.1.6", "#439"}},
		{"subscribe to INPUT_REQUIRED, a stream", subscribeDeviation(input, nil, 1, false), nil},
		{"subscribe to INPUT_REQUIRED, empty stream", subscribeDeviation(input, nil, 0, true), &want{"§3.1.6", ""}},
		{"subscribe to WORKING, not found", subscribeDeviation(working, notFound, 0, true), &want{"§3.1.6", "finds none"}},
		{"subscribe to COMPLETED, not found", subscribeDeviation(completed, notFound, 0, true), &want{"§3.1.6", "#438"}},
		{"subscribe to COMPLETED, unsupported", subscribeDeviation(completed, unsupported, 0, true), nil},
		{"subscribe to COMPLETED, a stream", subscribeDeviation(completed, nil, 2, true), &want{"§3.1.6", ""}},
		{"subscribe to an unseen task", subscribeDeviation("", notFound, 0, true), nil},
		{"subscribe, no response", subscribeDeviation(input, refused, 0, true), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			switch {
			case tc.want == nil && tc.got != nil:
				t.Errorf("got %+v, want no deviation", tc.got)
			case tc.want != nil && tc.got == nil:
				t.Errorf("no deviation, want one at %s", tc.want.spec)
			case tc.want != nil:
				if tc.got.Spec != tc.want.spec || (tc.want.known == "") != (tc.got.Known == "") || !strings.Contains(tc.got.Known, tc.want.known) {
					t.Errorf("got %+v, want spec %s known %q", tc.got, tc.want.spec, tc.want.known)
				}
				if tc.got.Expected == "" || tc.got.Got == "" || tc.got.Text == "" || !strings.Contains(tc.got.String(), tc.want.spec) {
					t.Errorf("incomplete deviation %+v", tc.got)
				}
			}
		})
	}
}

func TestSanitize(t *testing.T) {
	x := &replay.Exchange{
		Request:  replay.Request{Body: "# not a comment"},
		Response: &replay.Response{StatusCode: 200, Body: "a\r\nb", Stream: nil},
	}
	sanitize(x)
	if x.Request.Body != "" || x.Response.Body != "" || len(x.Notes) != 2 {
		t.Errorf("sanitize left %q, %q, notes %q", x.Request.Body, x.Response.Body, x.Notes)
	}
	s := &replay.Exchange{Response: &replay.Response{Stream: &replay.Stream{Frames: []replay.Frame{{Data: "ok"}, {Data: "bad\xff"}}}}}
	sanitize(s)
	if s.Response.Stream.Frames[0].Data != "ok" || s.Response.Stream.Frames[1].Data != "" || len(s.Notes) != 1 {
		t.Errorf("sanitize of frames: %+v notes %q", s.Response.Stream.Frames, s.Notes)
	}
}

// FuzzErrorObject: reading an error answer never panics, whatever the
// body.
func FuzzErrorObject(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":"1","error":{"code":-32001,"message":"task not found","data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND"}]}}`,
		`{"error":{"code":404,"status":"NOT_FOUND","message":"gone","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND"}]}}`,
		`{"error":"plain"}`, `{"error":{"data":[1,"x",null]}}`, `{"error":{"code":"x"}}`, `[]`, `null`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		e := errorObject([]byte(body))
		_ = e.Kind()
		_ = e.String()
		wireError(&replay.Exchange{Response: &replay.Response{StatusCode: 400, Body: body}})
		wireError(&replay.Exchange{Response: &replay.Response{StatusCode: 200, Stream: &replay.Stream{Frames: []replay.Frame{{Data: body}}}}})
	})
}
