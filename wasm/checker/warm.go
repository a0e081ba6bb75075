//go:build js && wasm

package checker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/a2aplay/a2aplay/replay/open"
	"github.com/a2aplay/a2aplay/view"
)

// warmUp opens a small transcript of its own as a long file is opened,
// up to the parts the page would be sent: read, stepped, cut for a
// screen and for a window, drawn and split for the trip. The browser
// compiles a WebAssembly function the first time it runs, and
// encoding/json learns a type the first time it meets one; done when
// the worker starts, while the learner picks a file, that time is not
// spent while they wait for its first screen. What goes wrong is said
// on the console: the worker works without it.
func warmUp() {
	defer func() {
		if r := recover(); r != nil {
			js.Global().Get("console").Call("warn", fmt.Sprint("check worker: warming up: ", r))
		}
	}()
	if err := warm(); err != nil {
		js.Global().Get("console").Call("warn", "check worker: warming up: "+err.Error())
	}
}

// warm is warmUp's work.
func warm() error {
	var text bytes.Buffer
	if err := replay.Write(&text, warmTranscript()); err != nil {
		return err
	}
	t, err := open.Read(text.Bytes(), "warm.http", har.Options{})
	if err != nil {
		return err
	}
	steps := replay.Steps(t)
	lanes := view.Lanes(steps)
	n := len(steps) + view.BigTranscript // drawn as windows of a long transcript
	for _, p := range []*view.Part{view.CutScreen(t, steps, n, 200), view.CutFirst(t, steps, n)} {
		if err := p.DrawScreen(0, 200); err != nil {
			return err
		}
		if _, err := p.Send(); err != nil {
			return err
		}
	}
	_, err = json.Marshal(view.WholeOf(t, steps, lanes))
	return err
}

// warmTranscript is a few calls of each kind a long file holds: a task
// that asks for input, a stream that waits for an approval, and the
// approval outside A2A.
func warmTranscript() *replay.Transcript {
	t := &replay.Transcript{
		Title: "warm-up",
		Participants: []replay.Participant{
			{Name: "client"}, {Name: "agent", URL: "http://localhost:1/"}, {Name: "operator"},
		},
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tick := func() time.Time { at = at.Add(time.Second); return at }
	jsonType := []replay.Header{{Name: "Content-Type", Value: "application/json"}}
	ok := func(h []replay.Header, body string, st *replay.Stream) *replay.Response {
		return &replay.Response{At: tick(), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: h, Body: body, Stream: st}
	}
	send := func(method, text string) replay.Request {
		return replay.Request{At: tick(), Method: "POST", URL: "http://localhost:1/", Proto: "HTTP/1.1", Header: jsonType,
			Body: `{"jsonrpc":"2.0","id":"1","method":"` + method + `","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"` + text + `"}]}}}`}
	}
	const task = `"taskId":"00000000-0000-4000-8000-000000000001","contextId":"00000000-0000-4000-8000-000000000002"`
	for range 8 {
		t.Exchanges = append(t.Exchanges, &replay.Exchange{Name: "SendMessage", From: "client", To: "agent",
			Request:  send("SendMessage", "review this"),
			Response: ok(jsonType, `{"jsonrpc":"2.0","id":"1","result":{"task":{"id":"00000000-0000-4000-8000-000000000001","contextId":"00000000-0000-4000-8000-000000000002","status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"messageId":"a","role":"ROLE_AGENT","parts":[{"text":"Which branch?"}]}}}}}`, nil)})
		st := &replay.Stream{}
		for _, state := range []string{"TASK_STATE_WORKING", "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_COMPLETED"} {
			st.Frames = append(st.Frames, replay.Frame{At: tick(), ID: fmt.Sprint(len(st.Frames) + 1),
				Data: `{"jsonrpc":"2.0","id":"2","result":{"statusUpdate":{` + task + `,"status":{"state":"` + state + `"}}}}`})
		}
		st.End = &replay.StreamEnd{At: tick(), By: replay.EndServer}
		t.Exchanges = append(t.Exchanges, &replay.Exchange{Name: "SendStreamingMessage", From: "client", To: "agent",
			Request: send("SendStreamingMessage", "deploy"), Response: ok([]replay.Header{{Name: "Content-Type", Value: "text/event-stream"}}, "", st)})
		t.Exchanges = append(t.Exchanges, &replay.Exchange{Name: "approve", From: "operator", To: "agent", Channel: replay.ChannelOutOfBand,
			Request:  replay.Request{At: tick(), Method: "POST", URL: "http://localhost:1/approve", Proto: "HTTP/1.1"},
			Response: ok([]replay.Header{{Name: "Content-Type", Value: "text/plain"}}, "approved", nil)})
	}
	for i, ex := range t.Exchanges {
		ex.Seq = i + 1
	}
	return t
}
