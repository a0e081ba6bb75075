package live

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"

	"github.com/a2aplay/a2aplay/live/panel"
)

// WireError is package panel's: the page's Live panel shows it.
type WireError = panel.WireError

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
	if e != nil && binding.Streaming(x.Name) {
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
