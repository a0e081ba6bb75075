//go:build js && wasm

package checker

import (
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// warmUp runs, on a small transcript of its own, what opening a long
// file runs before its first screen shows: its steps and lanes, cut for
// a screen and for a window, drawn and split for the trip. The browser
// compiles a WebAssembly function the first time it runs, and
// encoding/json learns a type the first time it meets one; done when
// the worker starts, while the learner picks a file, that time is not
// spent while they wait for its first screen. It goes a stage at a
// time, giving the worker's thread back between stages, so that a file
// posted meanwhile is read at once; it stops when one is opened. What
// goes wrong is said on the console: the worker works without it.
func warmUp() {
	defer func() {
		if r := recover(); r != nil {
			js.Global().Get("console").Call("warn", fmt.Sprint("check worker: warming up: ", r))
		}
	}()
	pause := func() bool {
		time.Sleep(time.Millisecond) // the worker takes its messages
		return !opened
	}
	if err := warm(pause); err != nil {
		js.Global().Get("console").Call("warn", "check worker: warming up: "+err.Error())
	}
}

// opened is set once the worker has been asked to open a file: the
// warm-up has no more use.
var opened bool

// warm is warmUp's work; between stages it calls next, and stops when
// next says so.
func warm(next func() bool) error {
	t := warmTranscript()
	steps := replay.Steps(t)
	lanes := view.Lanes(steps)
	n := len(steps) + view.BigTranscript // drawn as windows of a long transcript
	for _, cut := range []func() *view.Part{
		func() *view.Part { return view.CutScreen(t, steps, n, 200) },
		func() *view.Part { return view.CutFirst(t, steps, n) },
	} {
		if !next() {
			return nil
		}
		p := cut()
		if err := p.DrawScreen(0, 200); err != nil {
			return err
		}
		if _, err := p.Send(); err != nil {
			return err
		}
	}
	_, err := json.Marshal(view.WholeOf(t, steps, lanes))
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
