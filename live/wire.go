package live

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/replay"
)

// A WireError is an error answer as it came over the wire: a JSON-RPC
// error object, an HTTP+JSON google.rpc.Status, an out-of-band HTTP
// error, or a request that got no response at all.
type WireError struct {
	// HTTPStatus is the response's status code; 200 for a JSON-RPC error
	// or an error frame inside a stream; 0 when there was no response.
	HTTPStatus int `json:"httpStatus,omitempty"`
	// Code is the JSON-RPC error code (-32001), or the google.rpc.Status
	// code of the HTTP+JSON binding (an HTTP status, 404).
	Code int `json:"code,omitempty"`
	// Status is the google.rpc.Status status name ("NOT_FOUND"), HTTP+JSON only.
	Status string `json:"status,omitempty"`
	// Reason is the google.rpc.ErrorInfo reason ("TASK_NOT_FOUND"), when the
	// error carries one; both bindings of a2a-go send it.
	Reason string `json:"reason,omitempty"`
	// Message is the error's message as sent.
	Message string `json:"message,omitempty"`
	// InStream is set when the error came as a frame of an event stream.
	InStream bool `json:"inStream,omitempty"`
	// NoStream is set when a streaming call (SendStreamingMessage,
	// SubscribeToTask) was answered with this error as a plain JSON body
	// instead of an event stream, as SDKs do when the call fails before
	// the stream starts. a2a-go's client reads such an answer as a stream
	// without events; the session reads the error from the wire.
	NoStream bool `json:"noStream,omitempty"`
	// Transport is set when the request failed without a response:
	// "connection refused", a fetch error.
	Transport string `json:"transport,omitempty"`
}

// Kind names the A2A error by its reason ("TASK_NOT_FOUND"), from the
// ErrorInfo reason or else the JSON-RPC code; "" when it is neither.
func (e *WireError) Kind() string {
	if e == nil {
		return ""
	}
	if e.Reason != "" {
		return e.Reason
	}
	if e.Status == "" {
		return jsonrpcReasons[e.Code]
	}
	return ""
}

// String is the error as one line: "-32001 task not found: ...".
func (e *WireError) String() string {
	switch {
	case e == nil:
		return ""
	case e.Transport != "":
		return "no response: " + e.Transport
	case e.Status != "":
		return fmt.Sprintf("%d %s %s: %s", e.Code, e.Status, e.Reason, e.Message)
	case e.Code != 0:
		return fmt.Sprintf("%d %s", e.Code, e.Message)
	}
	return fmt.Sprintf("HTTP %d: %s", e.HTTPStatus, e.Message)
}

// jsonrpcReasons are the A2A JSON-RPC error codes (spec §9) by reason.
var jsonrpcReasons = map[int]string{
	-32700: "PARSE_ERROR",
	-32600: "INVALID_REQUEST",
	-32601: "METHOD_NOT_FOUND",
	-32602: "INVALID_PARAMS",
	-32603: "INTERNAL_ERROR",
	-32001: "TASK_NOT_FOUND",
	-32002: "TASK_NOT_CANCELABLE",
	-32003: "PUSH_NOTIFICATION_NOT_SUPPORTED",
	-32004: "UNSUPPORTED_OPERATION",
	-32005: "CONTENT_TYPE_NOT_SUPPORTED",
	-32006: "INVALID_AGENT_RESPONSE",
	-32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
	-32008: "EXTENSION_SUPPORT_REQUIRED",
	-32009: "VERSION_NOT_SUPPORTED",
}

// wireError reads the error answer of an exchange from what was
// recorded; nil when the exchange has no answer yet or its answer is not
// an error.
func wireError(x *replay.Exchange) *WireError {
	if x == nil || x.Response == nil {
		return nil
	}
	rs := x.Response
	if rs.Err != "" {
		text, _ := isRemoteFailure(rs.Err)
		return &WireError{Transport: text}
	}
	if rs.Stream != nil {
		for i := len(rs.Stream.Frames) - 1; i >= 0; i-- {
			if e := errorObject([]byte(rs.Stream.Frames[i].Data)); e != nil {
				e.HTTPStatus = rs.StatusCode
				e.InStream = true
				return e
			}
		}
		if rs.StatusCode >= 400 {
			return &WireError{HTTPStatus: rs.StatusCode, Message: rs.Status}
		}
		return nil
	}
	e := errorObject([]byte(rs.Body))
	if e != nil && streamingCall(x.Name) {
		e.NoStream = true
	}
	if e == nil && rs.StatusCode >= 400 {
		e = &WireError{Message: strings.TrimSpace(clip(rs.Body, 300))}
		if e.Message == "" {
			e.Message = rs.Status
		}
	}
	if e != nil {
		e.HTTPStatus = rs.StatusCode
	}
	return e
}

// streamingCall reports whether an exchange's A2A method answers with an
// event stream.
func streamingCall(name string) bool {
	return name == "SendStreamingMessage" || name == "SubscribeToTask"
}

// errorObject reads {"error": …} from a JSON body or frame: a JSON-RPC
// error object, a google.rpc.Status, or a plain string (the kit's
// out-of-band endpoints). nil when there is no error member.
func errorObject(body []byte) *WireError {
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &env) != nil || len(env.Error) == 0 || string(env.Error) == "null" {
		return nil
	}
	var text string
	if json.Unmarshal(env.Error, &text) == nil {
		return &WireError{Message: text}
	}
	var obj struct {
		Code    int               `json:"code"`
		Message string            `json:"message"`
		Status  string            `json:"status"`
		Data    []json.RawMessage `json:"data"`
		Details []json.RawMessage `json:"details"`
	}
	if json.Unmarshal(env.Error, &obj) != nil {
		return &WireError{Message: clip(string(env.Error), 300)}
	}
	e := &WireError{Code: obj.Code, Message: obj.Message, Status: obj.Status}
	for _, d := range append(obj.Data, obj.Details...) {
		var info struct {
			Type   string `json:"@type"`
			Reason string `json:"reason"`
		}
		if json.Unmarshal(d, &info) == nil && strings.HasSuffix(info.Type, "google.rpc.ErrorInfo") && info.Reason != "" {
			e.Reason = info.Reason
			break
		}
	}
	return e
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// sanitize makes an exchange writable in transcript format 1: a body or
// frame the format cannot hold (not UTF-8, a carriage return, a line
// starting with "#") is left out, with a note saying what and why, and
// a remote failure's error loses the in-process transport's prefix.
func sanitize(x *replay.Exchange) {
	if why := bodyTrouble(x.Request.Body); why != "" {
		x.Notes = append(x.Notes, fmt.Sprintf("The request body (%d bytes) is left out: it %s, which transcript format 1 cannot hold.", len(x.Request.Body), why))
		x.Request.Body = ""
	}
	rs := x.Response
	if rs == nil {
		return
	}
	if rs.Err != "" {
		rs.Err, _ = isRemoteFailure(rs.Err)
		return
	}
	if why := bodyTrouble(rs.Body); why != "" {
		x.Notes = append(x.Notes, fmt.Sprintf("The response body (%d bytes) is left out: it %s, which transcript format 1 cannot hold.", len(rs.Body), why))
		rs.Body = ""
	}
	if rs.Stream != nil {
		for i := range rs.Stream.Frames {
			f := &rs.Stream.Frames[i]
			if !utf8.ValidString(f.Data) || strings.Contains(f.Data, "\r") {
				x.Notes = append(x.Notes, fmt.Sprintf("The data of frame %d is left out: it is not UTF-8 or holds a carriage return.", i+1))
				f.Data = ""
			}
			if !utf8.ValidString(f.ID) || !utf8.ValidString(f.Event) {
				f.ID, f.Event = "", ""
			}
		}
	}
}

func bodyTrouble(body string) string {
	switch {
	case !utf8.ValidString(body):
		return "is not UTF-8"
	case strings.Contains(body, "\r"):
		return "holds a carriage return"
	}
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "#") {
			return `has a line starting with "#"`
		}
	}
	return ""
}
