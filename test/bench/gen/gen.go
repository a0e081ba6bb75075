package gen

import (
	"bytes"
	"fmt"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// Transcript writes a transcript of exactly n steps: a client asking an
// agent questions, streaming deploys that wait for an operator, and the
// operator's approvals outside A2A, repeated. Every exchange is valid
// A2A v1.0 JSON-RPC, so the steps carry tasks and states as a capture's.
func Transcript(n int) ([]byte, error) {
	t := &replay.Transcript{
		Title: fmt.Sprintf("generated: %d steps", n),
		Participants: []replay.Participant{
			{Name: "client"},
			{Name: "reviewer", URL: "http://localhost:41242"},
			{Name: "deployer", URL: "http://localhost:41243"},
			{Name: "operator"},
		},
	}
	clock := time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)
	tick := func() time.Time { clock = clock.Add(250 * time.Millisecond); return clock }
	json := []replay.Header{{Name: "Content-Type", Value: "application/json"}}
	sse := []replay.Header{{Name: "Content-Type", Value: "text/event-stream"}}
	id := func(kind string, i int) string { return fmt.Sprintf("%08x-0000-4000-8000-%012x", i, len(kind)) }
	steps := 0
	for i := 0; steps < n; i++ {
		task, ctx := id("task", i), id("context", i)
		ex := &replay.Exchange{Seq: len(t.Exchanges) + 1}
		left := n - steps
		switch {
		case left == 1:
			ex.Name, ex.From, ex.To = "SendMessage", "client", "reviewer"
			ex.Request = request(tick(), "http://localhost:41242/", json, rpc(i, "SendMessage", msg("one more question", "", "")))
			steps++
		case left >= 5 && i%3 == 1:
			ex.Name, ex.From, ex.To = "SendStreamingMessage", "client", "deployer"
			ex.Request = request(tick(), "http://localhost:41243/", json, rpc(i, "SendStreamingMessage", msg("deploy build 2026.10.06-1 to staging", "", "")))
			at := tick()
			st := &replay.Stream{}
			for _, state := range []string{"TASK_STATE_WORKING", "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_COMPLETED"} {
				st.Frames = append(st.Frames, replay.Frame{At: tick(), ID: fmt.Sprint(len(st.Frames) + 1),
					Data: fmt.Sprintf(`{"jsonrpc":"2.0","id":"%d","result":{"statusUpdate":{"taskId":"%s","contextId":"%s","status":{"state":"%s"}}}}`, i, task, ctx, state)})
			}
			st.End = &replay.StreamEnd{At: tick(), By: replay.EndServer}
			ex.Response = &replay.Response{At: at, Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: sse, Stream: st}
			steps += 5
		case i%3 == 2:
			ex.Name, ex.From, ex.To, ex.Channel = "approve", "operator", "deployer", replay.ChannelOutOfBand
			ex.Request = request(tick(), "http://localhost:41243/approve/"+id("task", i-1), nil, "")
			ex.Response = &replay.Response{At: tick(), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
				Header: []replay.Header{{Name: "Content-Type", Value: "text/plain"}}, Body: "approved"}
			steps += 2
		default:
			ex.Name, ex.From, ex.To = "SendMessage", "client", "reviewer"
			ex.Request = request(tick(), "http://localhost:41242/", json, rpc(i, "SendMessage", msg("please review this diff", "", "")))
			ex.Response = &replay.Response{At: tick(), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK", Header: json,
				Body: fmt.Sprintf(`{"jsonrpc":"2.0","id":"%d","result":{"task":{"id":"%s","contextId":"%s","status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"messageId":"m%d","role":"ROLE_AGENT","parts":[{"text":"Which base branch should I compare this diff against?"}]}}}}}`, i, task, ctx, i)}
			steps += 2
		}
		t.Exchanges = append(t.Exchanges, ex)
	}
	var b bytes.Buffer
	if err := replay.Write(&b, t); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func request(at time.Time, url string, h []replay.Header, body string) replay.Request {
	return replay.Request{At: at, Method: "POST", URL: url, Proto: "HTTP/1.1", Header: h, Body: body}
}

func rpc(id int, method, params string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":"%d","method":"%s","params":%s}`, id, method, params)
}

func msg(text, task, ctx string) string {
	ids := ""
	if task != "" {
		ids = fmt.Sprintf(`,"taskId":"%s","contextId":"%s"`, task, ctx)
	}
	return fmt.Sprintf(`{"message":{"messageId":"q","role":"ROLE_USER","parts":[{"text":"%s"}]%s}}`, text, ids)
}
