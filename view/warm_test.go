package view

import (
	"fmt"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

// TestWarmText: warm.http is what warmTranscript writes (go test ./view
// -run WarmText -update rewrites it), it reads back, and each of its
// rounds has the steps of every kind a warm-up means to run through.
func TestWarmText(t *testing.T) {
	text, err := replay.Marshal(warmTranscript(warmRounds))
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "warm.http", text)
	tr, err := replay.ParseString(WarmText, "warm.http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	if one := replay.Steps(warmTranscript(1)); len(steps) != warmRounds*len(one) {
		t.Errorf("%d steps in %d rounds of %d", len(steps), warmRounds, len(one))
	}
	kinds := map[replay.StepKind]int{}
	states := map[string]bool{}
	for _, s := range steps {
		kinds[s.Kind]++
		states[s.State] = true
	}
	for _, k := range []replay.StepKind{replay.KindRequest, replay.KindReply, replay.KindFrame, replay.KindClose} {
		if kinds[k] < warmRounds {
			t.Errorf("%d steps of kind %v in %d rounds", kinds[k], k, warmRounds)
		}
	}
	for _, s := range []string{replay.StateInputRequired, replay.StateAuthRequired, replay.StateCompleted} {
		if !states[s] {
			t.Errorf("the warm-up never reaches %s", s)
		}
	}
}

// warmTranscript makes warm.http: rounds of a task that asks for input,
// a stream that waits for an approval, and the approval outside A2A.
func warmTranscript(rounds int) *replay.Transcript {
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
	for range rounds {
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
