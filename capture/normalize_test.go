package capture

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/replay"
)

func TestScenarioUUID(t *testing.T) {
	a, b := scenarioUUID("06-input-required", 1), scenarioUUID("06-input-required", 2)
	if a == b || a != scenarioUUID("06-input-required", 1) || a == scenarioUUID("07-auth-required", 1) {
		t.Errorf("ids not distinct and repeatable: %s %s", a, b)
	}
	for _, id := range []string{a, b} {
		if !isUUID(id) || id[14] != '4' || !strings.ContainsRune("89ab", rune(id[19])) || strings.ToLower(id) != id {
			t.Errorf("%s is not a lower-case version 4 UUID", id)
		}
	}
	// A fixed value: changing the derivation changes every transcript.
	// sha256("06-input-required/1") starts 7719cd342273080515b5ef8e9d6e4ea3.
	if want := "7719cd34-2273-4805-95b5-ef8e9d6e4ea3"; a != want {
		t.Errorf("got %s, want %s", a, want)
	}
}

func TestTick(t *testing.T) {
	for _, tc := range []struct {
		k    int
		want string
	}{{0, "2026-10-06T09:00:00.000Z"}, {2, "2026-10-06T09:00:00.500Z"}, {7, "2026-10-06T09:00:01.750Z"}} {
		if got := Tick(tc.k).Format(timeLayout); got != tc.want {
			t.Errorf("Tick(%d) = %s, want %s", tc.k, got, tc.want)
		}
	}
}

// wall returns a time on a real-looking clock, far from the synthetic one.
func wall(ms int) time.Time {
	return time.Date(2031, 1, 2, 3, 4, 5, 0, time.UTC).Add(time.Duration(ms) * time.Millisecond)
}

const (
	rawTask = "019A0000-0000-7000-8000-00000000000A" // upper case: ids match in any case
	rawCtx  = "019a0000-0000-7000-8000-00000000000b"
	rawMsg  = "019a0000-0000-7000-8000-00000000000c"
	rawRPC  = "019a0000-0000-7000-8000-00000000000d"
	rawSSE  = "019a0000-0000-7000-8000-00000000000e"
	wantCtx = "9e8e6bcf-b117-48b9-992a-67971cddcb1b"
)

func rawTranscript() *replay.Transcript {
	return &replay.Transcript{
		Title:        "t",
		Participants: []replay.Participant{{Name: "client"}, {Name: "operator"}, {Name: "deployer", URL: "http://localhost:41243"}},
		Exchanges: []*replay.Exchange{
			{
				Seq: 1, Name: "SendStreamingMessage", From: "client", To: "deployer",
				Request: replay.Request{
					At: wall(0), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1",
					Header: []replay.Header{
						{Name: "User-Agent", Value: "Go-http-client/1.1"},
						{Name: "A2a-Version", Value: "1.0"},
						{Name: "X-Trace", Value: rawTask},
						{Name: "Content-Type", Value: "application/json"},
						{Name: "Accept", Value: "text/event-stream"},
					},
					Body: `{"jsonrpc":"2.0","id":"` + rawRPC + `","method":"SendStreamingMessage","params":{"message":{"messageId":"` + rawMsg + `"}}}` + "\n",
				},
				Response: &replay.Response{
					At: wall(5), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []replay.Header{
						{Name: "Date", Value: "Thu, 02 Jan 2031 03:04:05 GMT"},
						{Name: "Access-Control-Allow-Origin", Value: "*"},
						{Name: "Content-Type", Value: "text/event-stream"},
						{Name: "Cache-Control", Value: "no-cache"},
					},
					Stream: &replay.Stream{
						Frames: []replay.Frame{
							{At: wall(6), ID: rawSSE, Data: `{"jsonrpc":"2.0","id":"` + rawRPC + `","result":{"task":{"id":"` + rawTask + `","contextId":"` + rawCtx + `","status":{"state":"TASK_STATE_SUBMITTED","timestamp":"2031-01-02T04:04:05.123456+01:00"}}}}`},
							// frame 2 arrives after the approval below
							{At: wall(40), ID: "7", Data: `{"jsonrpc":"2.0","id":"` + rawRPC + `","result":{"statusUpdate":{"taskId":"` + rawTask + `","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2031-01-02T03:04:05.999Z"}}}}`},
						},
						End: &replay.StreamEnd{At: wall(41), By: replay.EndServer},
					},
				},
			},
			{
				Seq: 2, Name: "approve", From: "operator", To: "deployer", Channel: replay.ChannelOutOfBand,
				Request: replay.Request{At: wall(20), Method: "POST", URL: "http://localhost:41243/approve/" + strings.ToLower(rawTask), Proto: "HTTP/1.1"},
				Response: &replay.Response{
					At: wall(21), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []replay.Header{{Name: "Content-Type", Value: "application/json"}, {Name: "Content-Length", Value: "99"}},
					Body:   `{"taskId":"` + rawTask + `","seen":"2031-01-02T04:04:05.123456+01:00","at":"2031-01-02T03:04:05Z","rpc":{"jsonrpc":"2.0","id":1}}`,
				},
			},
			{
				Seq: 3, Name: "GetTask", From: "client", To: "deployer",
				Request: replay.Request{At: wall(50), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1",
					Body: `{"jsonrpc":"2.0","id":42,"method":"GetTask"}`},
				Response: &replay.Response{
					At: wall(51), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []replay.Header{{Name: "Content-Type", Value: "application/json"}},
					Body:   `{"jsonrpc":"2.0","result":{"err":"2031-01-02T03:04:05Z"},"id":42}`,
				},
			},
			{
				Seq: 4, Name: "GetTask", From: "client", To: "deployer",
				Request:  replay.Request{At: wall(60), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1", Body: `{"jsonrpc":"2.0","id":"abc"}`},
				Response: &replay.Response{At: wall(61), Err: "connection refused"},
			},
		},
	}
}

func TestNormalize(t *testing.T) {
	tr := rawTranscript()
	if err := Normalize(tr, "test", map[string]string{strings.ToUpper(rawCtx): strings.ToUpper(wantCtx)}); err != nil {
		t.Fatal(err)
	}
	id := func(n int) string { return scenarioUUID("test", n) }
	// Order of first appearance: rawTask (in a header), rawRPC, rawMsg,
	// rawSSE, then rawCtx (pinned).
	task, rpc, msg, sse := id(1), id(2), id(3), id(4)
	want := &replay.Transcript{
		Title:        "t",
		Participants: []replay.Participant{{Name: "client"}, {Name: "operator"}, {Name: "deployer", URL: "http://localhost:41243"}},
		Exchanges: []*replay.Exchange{
			{
				Seq: 1, Name: "SendStreamingMessage", From: "client", To: "deployer",
				Request: replay.Request{
					At: Tick(0), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1",
					Header: []replay.Header{
						{Name: "Content-Type", Value: "application/json"},
						{Name: "Accept", Value: "text/event-stream"},
						{Name: "A2A-Version", Value: "1.0"},
						{Name: "X-Trace", Value: task},
					},
					Body: "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": \"" + rpc + "\",\n  \"method\": \"SendStreamingMessage\",\n" +
						"  \"params\": {\n    \"message\": {\n      \"messageId\": \"" + msg + "\"\n    }\n  }\n}",
				},
				Response: &replay.Response{
					At: Tick(1), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []replay.Header{{Name: "Content-Type", Value: "text/event-stream"}, {Name: "Cache-Control", Value: "no-cache"}},
					Stream: &replay.Stream{
						Frames: []replay.Frame{
							{At: Tick(2), ID: sse, Data: `{"jsonrpc":"2.0","id":"` + rpc + `","result":{"task":{"id":"` + task + `","contextId":"` + wantCtx + `","status":{"state":"TASK_STATE_SUBMITTED","timestamp":"2026-10-06T09:00:00.500Z"}}}}`},
							{At: Tick(5), ID: "1", Data: `{"jsonrpc":"2.0","id":"` + rpc + `","result":{"statusUpdate":{"taskId":"` + task + `","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-10-06T09:00:01.250Z"}}}}`},
						},
						End: &replay.StreamEnd{At: Tick(6), By: replay.EndServer},
					},
				},
			},
			{
				Seq: 2, Name: "approve", From: "operator", To: "deployer", Channel: replay.ChannelOutOfBand,
				Request: replay.Request{At: Tick(3), Method: "POST", URL: "http://localhost:41243/approve/" + task, Proto: "HTTP/1.1"},
				Response: &replay.Response{
					At: Tick(4), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []replay.Header{{Name: "Content-Type", Value: "application/json"}},
					// The same fine time again keeps its first mapping; the
					// coarse one takes this observation's time; a nested
					// JSON-RPC-looking object is not the message's id.
					Body: "{\n  \"taskId\": \"" + task + "\",\n  \"seen\": \"2026-10-06T09:00:00.500Z\",\n  \"at\": \"2026-10-06T09:00:01.000Z\",\n" +
						"  \"rpc\": {\n    \"jsonrpc\": \"2.0\",\n    \"id\": 1\n  }\n}",
				},
			},
			{
				Seq: 3, Name: "GetTask", From: "client", To: "deployer",
				Request: replay.Request{At: Tick(7), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1",
					Body: "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"GetTask\"\n}"},
				Response: &replay.Response{
					At: Tick(8), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK",
					Header: []replay.Header{{Name: "Content-Type", Value: "application/json"}},
					// The coarse time seen before takes this observation's time.
					Body: "{\n  \"jsonrpc\": \"2.0\",\n  \"result\": {\n    \"err\": \"2026-10-06T09:00:02.000Z\"\n  },\n  \"id\": 1\n}",
				},
			},
			{
				Seq: 4, Name: "GetTask", From: "client", To: "deployer",
				Request:  replay.Request{At: Tick(9), Method: "POST", URL: "http://localhost:41243/", Proto: "HTTP/1.1", Body: "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": \"2\"\n}"},
				Response: &replay.Response{At: Tick(10), Err: "connection refused"},
			},
		},
	}
	if diff := cmp.Diff(want, tr, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Normalize (-want +got):\n%s", diff)
	}
	if _, err := replay.Marshal(tr); err != nil {
		t.Errorf("the normalised transcript cannot be written: %v", err)
	}

	// Normalising is idempotent up to the ids: a second pass with the
	// same scenario maps the new ids again, in the same order.
	again := rawTranscript()
	if err := Normalize(again, "test", map[string]string{rawCtx: wantCtx}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tr, again); diff != "" {
		t.Errorf("second run differs (-first +second):\n%s", diff)
	}
}

func TestNormalizeBadPins(t *testing.T) {
	for _, pins := range []map[string]string{
		{"not-a-uuid": wantCtx},
		{rawCtx: "e5c95b09"},
		{rawCtx: wantCtx, rawTask: strings.ToUpper(wantCtx)},
	} {
		if err := Normalize(rawTranscript(), "test", pins); err == nil {
			t.Errorf("pins %v: no error", pins)
		}
	}
}

// TestClassify: a request is on the A2A channel when replay.Call names
// it, and anything else is named by what it does.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		method, path, body string
		name               string
		ch                 replay.Channel
	}{
		// A2A calls, as replay.Call reads them (its test has the table).
		{"GET", "/.well-known/agent-card.json", "", "GetAgentCard", replay.ChannelA2A},
		{"POST", "/", `{"jsonrpc":"2.0","id":"1","method":"SendMessage"}`, "SendMessage", replay.ChannelA2A},
		{"POST", "/rest/tasks/abc:cancel", "", "CancelTask", replay.ChannelA2A},
		// Outside A2A, Classify names the call.
		{"POST", "/approve/abc", "", "approve", replay.ChannelOutOfBand},
		{"POST", "/refuse/abc", "", "refuse", replay.ChannelOutOfBand},
		{"POST", "/", "not json", "post", replay.ChannelOutOfBand},
		// An agent under a path, on a shared origin or behind a2aplay
		// record: the call is named by what it is, not where it sits.
		{"POST", "/deployer/approve/0b5e7c2a-3f1d-4e55-9a3c-1d2b3c4d5e6f", "{}", "approve", replay.ChannelOutOfBand},
		{"POST", "/js-deployer/refuse/t-1", "{}", "refuse", replay.ChannelOutOfBand},
		{"POST", "/team/ops/Approve/abc", "", "approve", replay.ChannelOutOfBand},
		{"POST", "/agents/deployer/reject/42", "", "reject", replay.ChannelOutOfBand},
		{"GET", "/deployer/status/t-17", "", "status", replay.ChannelOutOfBand},
		{"POST", "/hooks/callback", "", "callback", replay.ChannelOutOfBand},
		{"POST", "/v2/0b5e7c2a", "", "post", replay.ChannelOutOfBand},
		{"DELETE", "/", "", "delete", replay.ChannelOutOfBand},
		// A word that only contains "approve" is not the verb.
		{"POST", "/approvers/list", "", "list", replay.ChannelOutOfBand},
	} {
		name, ch := Classify(tc.method, tc.path, []byte(tc.body))
		if name != tc.name || ch != tc.ch {
			t.Errorf("Classify(%s %s %s) = %q, %q; want %q, %q", tc.method, tc.path, tc.body, name, ch, tc.name, tc.ch)
		}
	}
}

// TestNormalizeOperatorTokens: the kit's operator token, random each
// run, comes out of normalisation as a made-up token of the scenario,
// by order of first appearance, wherever it appears; the same token
// gets the same value, and the real one is gone.
func TestNormalizeOperatorTokens(t *testing.T) {
	one, two := agents.NewOperatorToken(), agents.NewOperatorToken()
	n := NewNormalizer("07-auth-required")
	rq := replay.Request{Method: "POST", URL: "http://localhost:41243/approve/x",
		Header: []replay.Header{{Name: "Authorization", Value: agents.OperatorAuthorization(one)}}}
	n.Request(&rq)
	rq2 := replay.Request{Method: "POST", URL: "http://localhost:41243/refuse/x",
		Header: []replay.Header{{Name: "Authorization", Value: agents.OperatorAuthorization(two)}},
		Body:   `{"note":"` + one + `"}`}
	n.Request(&rq2)
	first, second := scenarioToken("07-auth-required", 1), scenarioToken("07-auth-required", 2)
	if got := rq.Header[0].Value; got != "Bearer "+first {
		t.Errorf("first token written %q, want Bearer %s", got, first)
	}
	if got := rq2.Header[0].Value; got != "Bearer "+second || !strings.Contains(rq2.Body, first) {
		t.Errorf("second request: %q %q, want Bearer %s and the first token again in the body", got, rq2.Body, second)
	}
	if !agents.OperatorTokenPattern.MatchString(first) || first == second || first == scenarioToken("08-auth-refused", 1) {
		t.Errorf("made-up tokens %s %s: not tokens, or not distinct", first, second)
	}
	for _, s := range []string{rq.Header[0].Value, rq2.Header[0].Value, rq2.Body} {
		if strings.Contains(s, one) || strings.Contains(s, two) {
			t.Errorf("a real token is left in %q", s)
		}
	}
}

// TestNormalizeWaits: re-stamped on the synthetic clock, a poller's
// declared waits stay: each ask comes its wait after the answer it
// waited from, whatever came between (an operator's approval), and
// whatever its measured timing; without waits, one tick each.
func TestNormalizeWaits(t *testing.T) {
	start := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	ex := func(seq int, from string, ms int) *replay.Exchange {
		at := start.Add(time.Duration(ms) * time.Millisecond)
		return &replay.Exchange{Seq: seq, From: from, To: "deployer",
			Request:  replay.Request{At: at, Method: "GET", URL: "http://localhost:41243/tasks/t1", Proto: "HTTP/1.1"},
			Response: &replay.Response{At: at.Add(time.Millisecond), Proto: "HTTP/1.1", StatusCode: 200, Status: "OK"}}
	}
	build := func() *replay.Transcript {
		return &replay.Transcript{Participants: []replay.Participant{{Name: "client"}, {Name: "deployer"}, {Name: "operator"}},
			Exchanges: []*replay.Exchange{ex(1, "client", 0), ex(2, "client", 1003), ex(3, "client", 3010), ex(4, "operator", 3020), ex(5, "client", 3995)}}
	}
	ticks := func(tr *replay.Transcript) []int {
		var got []int
		for _, x := range tr.Exchanges {
			for _, at := range []time.Time{x.Request.At, x.Response.At} {
				k, ok := tickOf(at)
				if !ok {
					t.Fatalf("exchange %d: %s is not a tick", x.Seq, at)
				}
				got = append(got, k)
			}
		}
		return got
	}
	tr := build()
	waits := []Wait{{Seq: 2, After: 1, D: time.Second}, {Seq: 3, After: 2, D: 2 * time.Second}, {Seq: 5, After: 3, D: time.Second}}
	if err := NormalizeWaits(tr, "waits", waits); err != nil {
		t.Fatal(err)
	}
	// 1 s is 4 ticks after exchange 1's answer, 2 s 8 after exchange
	// 2's; exchange 5 comes 4 after exchange 3's, the approval between.
	if got, want := ticks(tr), []int{0, 1, 5, 6, 14, 15, 16, 17, 19, 20}; !slices.Equal(got, want) {
		t.Errorf("with waits: ticks %v, want %v", got, want)
	}
	tr = build()
	if err := Normalize(tr, "waits", nil); err != nil {
		t.Fatal(err)
	}
	if got, want := ticks(tr), []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; !slices.Equal(got, want) {
		t.Errorf("without: ticks %v, want %v", got, want)
	}
}
