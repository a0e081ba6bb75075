package diagram

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

var clock0 = time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)

func tick(n int) time.Time { return clock0.Add(time.Duration(n) * 250 * time.Millisecond) }

// uuid makes a deterministic id shaped like a UUID from a kind and a
// number; its first 8 characters differ between numbers.
func uuid(kind, n int) string {
	return fmt.Sprintf("%04x%04x-0000-4000-8000-%012x", 0x5e00+kind, n&0xffff, n)
}

func result(data string) string { return `{"jsonrpc":"2.0","id":"1","result":` + data + `}` }

func statusJSON(state, text string) string {
	msg := ""
	if text != "" {
		msg = fmt.Sprintf(`"message":{"role":"ROLE_AGENT","parts":[{"text":%q}]},`, text)
	}
	return fmt.Sprintf(`{%s"state":%q}`, msg, state)
}

func statusUpdate(task, ctx, state, text string) string {
	return fmt.Sprintf(`{"statusUpdate":{"taskId":%q,"contextId":%q,"status":%s}}`, task, ctx, statusJSON(state, text))
}

// generate builds a transcript of n tasks: even ones follow the seeds'
// 07 (a stream of six frames with an approval outside A2A between frames
// 3 and 4), odd ones their 06 (a question and its answer on one task).
func generate(n int) *replay.Transcript {
	tr := &replay.Transcript{
		Title: fmt.Sprintf("%d generated tasks", n),
		Participants: []replay.Participant{
			{Name: "planner"}, {Name: "code-reviewer", URL: "http://localhost:41242/"},
			{Name: "deployer", URL: "http://localhost:41243/"}, {Name: "operator"},
		},
	}
	seq := 0
	add := func(ex *replay.Exchange) {
		seq++
		ex.Seq = seq
		ex.Request.Proto = "HTTP/1.1"
		tr.Exchanges = append(tr.Exchanges, ex)
	}
	t := 0
	for k := 0; k < n; k++ {
		task, ctx := uuid(1, k), uuid(2, k)
		if k%2 == 1 {
			url := "http://localhost:41242/"
			add(&replay.Exchange{From: "planner", To: "code-reviewer",
				Request: replay.Request{At: tick(t), Method: "POST", URL: url,
					Body: `{"jsonrpc":"2.0","id":"1","method":"SendMessage","params":{"message":{"role":"ROLE_USER","parts":[{"text":"Review this diff of payments-api."}]}}}`},
				Response: &replay.Response{At: tick(t + 1), StatusCode: 200, Status: "OK",
					Body: result(fmt.Sprintf(`{"task":{"id":%q,"contextId":%q,"status":%s}}`, task, ctx,
						statusJSON(replay.StateInputRequired, "Which base branch should I compare this diff against?")))}})
			add(&replay.Exchange{From: "planner", To: "code-reviewer",
				Request: replay.Request{At: tick(t + 2), Method: "POST", URL: url,
					Body: fmt.Sprintf(`{"jsonrpc":"2.0","id":"2","method":"SendMessage","params":{"message":{"role":"ROLE_USER","taskId":%q,"contextId":%q,"parts":[{"text":"main"}]}}}`, task, ctx)},
				Response: &replay.Response{At: tick(t + 3), StatusCode: 200, Status: "OK",
					Body: result(fmt.Sprintf(`{"task":{"id":%q,"contextId":%q,"status":%s,"artifacts":[{"artifactId":"a","name":"review.json","parts":[]}]}}`, task, ctx,
						statusJSON(replay.StateCompleted, "")))}})
			t += 4
			continue
		}
		url := "http://localhost:41243/"
		approve := url + "approve/" + task
		frames := []replay.Frame{
			{At: tick(t + 1), Data: result(fmt.Sprintf(`{"task":{"id":%q,"contextId":%q,"status":%s}}`, task, ctx, statusJSON(replay.StateSubmitted, "")))},
			{At: tick(t + 2), Data: result(statusUpdate(task, ctx, replay.StateWorking, ""))},
			{At: tick(t + 3), Data: result(statusUpdate(task, ctx, replay.StateAuthRequired, "An operator must approve this deploy at "+approve))},
			{At: tick(t + 6), Data: result(statusUpdate(task, ctx, replay.StateWorking, ""))},
			{At: tick(t + 7), Data: result(fmt.Sprintf(`{"artifactUpdate":{"taskId":%q,"contextId":%q,"artifact":{"artifactId":"d","name":"deploy.json","parts":[]}}}`, task, ctx))},
			{At: tick(t + 8), Data: result(statusUpdate(task, ctx, replay.StateCompleted, ""))},
		}
		add(&replay.Exchange{From: "planner", To: "deployer",
			Request: replay.Request{At: tick(t), Method: "POST", URL: url,
				Body: `{"jsonrpc":"2.0","id":"1","method":"SendStreamingMessage","params":{"message":{"role":"ROLE_USER","parts":[{"text":"Deploy build 2026.10.06-1 to staging."}]}}}`},
			Response: &replay.Response{At: tick(t + 1), StatusCode: 200, Status: "OK",
				Header: []replay.Header{{Name: "Content-Type", Value: "text/event-stream"}},
				Stream: &replay.Stream{Frames: frames, End: &replay.StreamEnd{At: tick(t + 9), By: replay.EndServer}}}})
		add(&replay.Exchange{From: "operator", To: "deployer", Channel: replay.ChannelOutOfBand,
			Request:  replay.Request{At: tick(t + 4), Method: "POST", URL: approve},
			Response: &replay.Response{At: tick(t + 5), StatusCode: 200, Status: "OK", Body: `{"approved":true}`}})
		t += 10
	}
	return tr
}

// generatedSteps gives exactly n steps of a generated transcript.
func generatedSteps(n int) []replay.Step {
	s := replay.Steps(generate(n/7 + 2))
	return s[:n]
}

// hostile is a transcript whose every text tries to become markup.
func hostile() *replay.Transcript {
	evil := `<script>alert("x")</script> & ]]> <!-- --> "quoted" 'single' </text><g onload="x()">`
	ctl := "tab\there nul\x00 bell\x07 bad\xff\xfe utf8 \uFFFE end"
	task := uuid(9, 1)
	return &replay.Transcript{
		Title:        "hostile " + evil,
		Participants: []replay.Participant{{Name: "client"}, {Name: "agent"}},
		Exchanges: []*replay.Exchange{{
			Seq: 1, Name: evil, From: "client", To: "agent",
			Request: replay.Request{At: tick(0), Method: "POST", URL: "http://agent/" + evil,
				Body: fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":%q,"params":{"message":{"parts":[{"text":%q}]}}}`, evil, evil+ctl)},
			Response: &replay.Response{At: tick(1), StatusCode: 200, Status: "OK",
				Body: result(fmt.Sprintf(`{"task":{"id":%q,"contextId":%q,"status":%s}}`, task, evil, statusJSON(replay.StateInputRequired, evil+ctl)))},
		}, {
			Seq: 2, Name: "x", From: "client", To: "agent", Channel: replay.ChannelOutOfBand,
			Request:  replay.Request{At: tick(2), Method: "POST", URL: "http://agent/approve/" + task + "?q=" + evil},
			Response: &replay.Response{At: tick(3), StatusCode: 418, Status: evil, Body: evil + ctl},
		}, {
			Seq: 3, Name: "stream", From: "client", To: "agent",
			Request: replay.Request{At: tick(4), Method: "POST", URL: "http://agent/",
				Body: `{"jsonrpc":"2.0","id":2,"method":"SendStreamingMessage","params":{}}`},
			Response: &replay.Response{At: tick(5), StatusCode: 200, Status: "OK",
				Stream: &replay.Stream{Frames: []replay.Frame{
					{At: tick(5), Event: evil, Data: evil},
					{At: tick(6), Data: result(fmt.Sprintf(`{"statusUpdate":{"taskId":%q,"status":{"state":%q}}}`, task, evil))},
				}}},
		}},
	}
}

// transcripts gives every transcript the golden tests draw: generated
// ones, the hostile one, and the .http files of replay/testdata and
// transcripts/ that parse.
func transcripts(t testing.TB) map[string]*replay.Transcript {
	all := map[string]*replay.Transcript{
		"gen-3":   generate(3),
		"hostile": hostile(),
	}
	replaytest.ParseInto(t, all, replaytest.TranscriptFiles(t, ".."), replay.Parse)
	return all
}

func sortedNames(m map[string]*replay.Transcript) []string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
