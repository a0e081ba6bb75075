package har

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

// TestReadHARGolden imports the hand-written browser logs and compares
// the transcripts with testdata/golden/NAME.http.
func TestReadHARGolden(t *testing.T) {
	files := replaytest.Glob(t, "testdata/*.har")
	if len(files) == 0 {
		t.Fatal("no testdata/*.har")
	}
	// The logs Chromium recorded of a page driving the kit (go test
	// ./test -run HARFromChromium -update-har records them again).
	chromium := replaytest.Glob(t, "../../test/testdata/har/*.har")
	if len(chromium) < 2 {
		t.Fatalf("Chromium's HAR fixtures: %v", chromium)
	}
	files = append(files, chromium...)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".har")
		t.Run(name, func(t *testing.T) {
			tr := replaytest.ParseFile(t, file, Read)
			checkCauses(t, tr)
			out, err := replay.Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", name+".http"), out)
		})
	}
}

// TestWriteHARGolden exports the hand-written transcripts and compares
// them with testdata/golden/NAME.har.
func TestWriteHARGolden(t *testing.T) {
	for _, file := range replaytest.Glob(t, "../testdata/*.http") {
		name := strings.TrimSuffix(filepath.Base(file), ".http")
		t.Run(name, func(t *testing.T) {
			out, err := Marshal(replaytest.ParseFile(t, file, replay.Parse))
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", name+".har"), out)
		})
	}
}

// TestHARRoundTrip checks that a transcript comes back whole from HAR.
func TestHARRoundTrip(t *testing.T) {
	trs := map[string]*replay.Transcript{"full": replaytest.ParseFile(t, "testdata/every-feature.http", replay.Parse), "empty": {}}
	for _, file := range replaytest.TranscriptFiles(t, "../..") {
		trs[file] = replaytest.ParseFile(t, file, replay.Parse)
	}
	for name, tr := range trs {
		t.Run(filepath.Base(name), func(t *testing.T) {
			h, err := Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			checkHAR12(t, h)
			back, err := Read(h, name)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tr, back, replaytest.IgnoreLines); diff != "" {
				t.Errorf("Read(Write(t)) (-want +got):\n%s", diff)
			}
		})
	}
}

// TestHARRoundTripFromHAR checks HAR -> transcript -> HAR -> transcript.
func TestHARRoundTripFromHAR(t *testing.T) {
	for _, file := range replaytest.Glob(t, "testdata/*.har") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			first := replaytest.ParseFile(t, file, Read)
			h, err := Marshal(first)
			if err != nil {
				t.Fatal(err)
			}
			checkHAR12(t, h)
			second, err := Read(h, "exported")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(first, second, replaytest.IgnoreLines); diff != "" {
				t.Errorf("second import differs (-first +second):\n%s", diff)
			}
		})
	}
}

// TestReadHARDerived checks what the import derives from a browser log
// that has no _a2aplay fields.
func TestReadHARDerived(t *testing.T) {
	tr := replaytest.ParseFile(t, "testdata/chrome-deploy.har", Read)
	type brief struct{ Name, From, To, Channel string }
	var got []brief
	for _, x := range tr.Exchanges {
		got = append(got, brief{x.Name, x.From, x.To, string(x.Channel)})
	}
	want := []brief{
		{"GetAgentCard", "client", "deployer", ""},
		{"SendStreamingMessage", "client", "deployer", ""},
		{"approve", "client", "deployer", "out-of-band"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("exchanges (-want +got):\n%s", diff)
	}
	wantParts := []replay.Participant{{Name: "client"}, {Name: "deployer", URL: "http://localhost:41243"}}
	if diff := cmp.Diff(wantParts, tr.Participants); diff != "" {
		t.Errorf("participants (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1 request that is not A2A is left out: 1 document."}, tr.Notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	rs := tr.Exchanges[1].Response
	s := rs.Stream
	if len(s.Frames) != 6 {
		t.Fatalf("%d frames, want 6", len(s.Frames))
	}
	// Frames at the status timestamps they carry, in order, within the
	// entry.
	for i, f := range s.Frames {
		if f.At.Before(rs.At) || f.At.After(s.End.At) {
			t.Errorf("frame %d at %v, not between %v and %v", i+1, f.At, rs.At, s.End.At)
		}
		if i > 0 && f.At.Before(s.Frames[i-1].At) {
			t.Errorf("frame %d before frame %d", i+1, i)
		}
	}
	if want := time.Date(2026, 10, 6, 9, 0, 1, 310e6, time.UTC); !s.Frames[0].At.Equal(want) {
		t.Errorf("frame 1 at %v, want its status timestamp %v", s.Frames[0].At, want)
	}
	if want := time.Date(2026, 10, 6, 9, 0, 1, 300e6, time.UTC); !rs.At.Equal(want) {
		t.Errorf("response at %v, want %v (start + blocked + send + wait)", rs.At, want)
	}
	if s.End.By != replay.EndServer {
		t.Errorf("end by %q, want server", s.End.By)
	}
	if len(tr.Exchanges[1].Notes) == 0 || !strings.Contains(tr.Exchanges[1].Notes[0], "status timestamps") {
		t.Errorf("notes %q do not say where the frame times come from", tr.Exchanges[1].Notes)
	}
	checkCauses(t, tr)

	all, err := ReadWith(replaytest.ReadFile(t, "testdata/chrome-deploy.har"), "chrome-deploy.har", Options{KeepAll: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Exchanges) != 4 || all.Exchanges[0].Name != "GET /" || all.Participants[1].Name != "agent-8080" || len(all.Notes) != 0 {
		t.Errorf("KeepAll: %d exchanges, first %q, participants %v, notes %q", len(all.Exchanges), all.Exchanges[0].Name, all.Participants, all.Notes)
	}
}

// checkCauses checks that no step shows an effect before its cause: the
// approval of a task comes after the frame that asks for it and before
// the frames that report the task resumed.
func checkCauses(t *testing.T, tr *replay.Transcript) {
	t.Helper()
	steps := replay.Steps(tr)
	for i, s := range steps {
		if s.Kind != replay.KindRequest || !s.OutOfBand || !strings.Contains(s.Label, "approve") && !strings.Contains(tr.Exchanges[s.Exchange-1].Name, "approve") {
			continue
		}
		asked, resumed := -1, -1
		for j, f := range steps {
			if f.Kind != replay.KindFrame || f.TaskID != s.TaskID {
				continue
			}
			if f.State == replay.StateAuthRequired {
				asked = j
			}
			if asked >= 0 && resumed < 0 && f.State != "" && f.State != replay.StateAuthRequired && j > asked {
				resumed = j
			}
		}
		if asked < 0 || resumed < 0 {
			t.Errorf("approve at step %d: no AUTH_REQUIRED frame (%d) or no frame after it (%d) for task %s", i+1, asked, resumed, s.TaskID)
			continue
		}
		if !(asked < i && i < resumed) {
			t.Errorf("approve at step %d, AUTH_REQUIRED frame at step %d, resumption at step %d: an effect before its cause", i+1, asked+1, resumed+1)
		}
	}
}

// checkHAR12 checks that a HAR has every field HAR 1.2 requires, with
// the right JSON kinds, and that each entry's time is the sum of its
// timings.
func checkHAR12(t *testing.T, data []byte) {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	type want map[string]string // field -> JSON kind
	need := func(path string, v any, fields want) map[string]any {
		t.Helper()
		obj, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s is %T, not an object", path, v)
		}
		for f, kind := range fields {
			x, ok := obj[f]
			if !ok {
				t.Errorf("%s lacks %q", path, f)
				continue
			}
			var got string
			switch x.(type) {
			case string:
				got = "string"
			case float64:
				got = "number"
			case []any:
				got = "array"
			case map[string]any:
				got = "object"
			}
			if got != kind {
				t.Errorf("%s.%s is %s, want %s", path, f, got, kind)
			}
		}
		return obj
	}
	nv := want{"name": "string", "value": "string"}
	log := need("", root, want{"log": "object"})["log"]
	l := need("log", log, want{"version": "string", "creator": "object", "entries": "array"})
	need("log.creator", l["creator"], want{"name": "string", "version": "string"})
	if pages, ok := l["pages"].([]any); ok {
		for _, p := range pages {
			need("log.pages[]", p, want{"startedDateTime": "string", "id": "string", "title": "string", "pageTimings": "object"})
		}
	}
	for _, e := range l["entries"].([]any) {
		entry := need("entry", e, want{"startedDateTime": "string", "time": "number", "request": "object", "response": "object", "cache": "object", "timings": "object"})
		if _, err := time.Parse(time.RFC3339Nano, entry["startedDateTime"].(string)); err != nil {
			t.Error(err)
		}
		rq := need("request", entry["request"], want{"method": "string", "url": "string", "httpVersion": "string", "cookies": "array", "headers": "array", "queryString": "array", "headersSize": "number", "bodySize": "number"})
		for _, h := range append(rq["headers"].([]any), rq["queryString"].([]any)...) {
			need("request header", h, nv)
		}
		if pd, ok := rq["postData"]; ok {
			need("postData", pd, want{"mimeType": "string", "text": "string"})
		}
		rs := need("response", entry["response"], want{"status": "number", "statusText": "string", "httpVersion": "string", "cookies": "array", "headers": "array", "content": "object", "redirectURL": "string", "headersSize": "number", "bodySize": "number"})
		for _, h := range rs["headers"].([]any) {
			need("response header", h, nv)
		}
		need("content", rs["content"], want{"size": "number", "mimeType": "string"})
		tm := need("timings", entry["timings"], want{"send": "number", "wait": "number", "receive": "number"})
		sum := 0.0
		for _, v := range tm {
			if f, ok := v.(float64); ok && f > 0 {
				sum += f
			}
		}
		if math.Abs(sum-entry["time"].(float64)) > 0.001 {
			t.Errorf("entry time %v is not the sum of its timings %v", entry["time"], sum)
		}
	}
}

func TestReadHARBad(t *testing.T) {
	entry := func(fields string) string {
		return `{"log":{"version":"1.2","entries":[{"startedDateTime":"2026-10-06T09:00:00.000Z","time":1,` + fields + `}]}}`
	}
	req := `"request":{"method":"GET","url":"http://a:1/","httpVersion":"HTTP/1.1","headers":[]}`
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "h.har:1: expected JSON, found an error: unexpected end of JSON input"},
		{"bad JSON", "{\n\"log\": {,}}", `h.har:2: expected JSON, found an error: invalid character ',' looking for beginning of object key string`},
		{"not an object", "[]", "h.har: log: expected an object, found array"},
		{"no log", "{}", "h.har: log: expected the log object, found nothing"},
		{"log not an object", `{"log":[]}`, "h.har: log: expected an object, found array"},
		{"no entries", `{"log":{"version":"1.2"}}`, "h.har: entries: expected an array of entries, found nothing"},
		{"entries not an array", `{"log":{"entries":{}}}`, "h.har: entries: expected an array, found object"},
		{"entry not an object", `{"log":{"entries":[1]}}`, "h.har: entries[0]: expected an object, found number"},
		{"url type", entry(`"request":{"url":5}`), "h.har: entries[0].request.url: expected a string, found number"},
		{"relative url", entry(`"request":{"method":"GET","url":"/x"}`), `h.har: entries[0].request.url: expected an absolute URL, found "/x"`},
		{"url with space", entry(`"request":{"method":"GET","url":"http://a/b c"}`), `h.har: entries[0].request.url: expected an absolute http or https URL without spaces, found "http://a/b c"`},
		{"method", entry(`"request":{"method":"GE T","url":"http://a/"}`), `h.har: entries[0].request.method: expected an HTTP method, found "GE T"`},
		{"time", `{"log":{"entries":[{"startedDateTime":"yesterday","request":{"method":"GET","url":"http://a/"}}]}}`,
			`h.har: entries[0].startedDateTime: expected a date and time like "2026-10-06T09:00:00.000Z", found "yesterday"`},
		{"status type", entry(req + `,"response":{"status":"200"}`), "h.har: entries[0].response.status: expected a number, found string"},
		{"status range", entry(req + `,"response":{"status":700}`), "h.har: entries[0].response.status: expected a status code from 100 to 599, or 0 for no response, found 700"},
		{"status fraction", entry(req + `,"response":{"status":200.5}`), "h.har: entries[0].response.status: expected a status code from 100 to 599, or 0 for no response, found 200.5"},
		{"base64", entry(req + `,"response":{"status":200,"content":{"encoding":"base64","text":"%%%"}}`), "h.har: entries[0].response.content.text: expected base64 text, as content.encoding says, found other text"},
		{"header type", entry(`"request":{"method":"GET","url":"http://a/","headers":[{"name":"a","value":"1"},{"name":"b","value":"2"},{"name":"c","value":"3"},{"name":"d","value":4}]}`),
			"h.har: entries[0].request.headers[3].value: expected a string, found number"},
		{"header not an object", entry(`"request":{"method":"GET","url":"http://a/","headers":[{"name":"a","value":"1"},7]}`), "h.har: entries[0].request.headers[1]: expected an object, found number"},
		{"page title", `{"log":{"pages":[{"title":"a"},{"title":false}],"entries":[]}}`, "h.har: pages[1].title: expected a string, found bool"},
		{"key case", entry(`"Request":{"method":"GET","url":"http://a/","Headers":[{"name":"a","Value":[]}]}`), "h.har: entries[0].request.headers[0].value: expected a string, found array"},
		{"far future", `{"log":{"entries":[{"startedDateTime":"9999-12-31T23:59:59.000Z","time":5000,"request":{"method":"GET","url":"http://a/"}}]}}`,
			"h.har: entries[0].time: expected times before the year 10000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Read([]byte(tc.in), "h.har")
			if err == nil {
				t.Fatalf("Read succeeded: %+v", got)
			}
			var se *replay.SyntaxError
			var he *Error
			if !errors.As(err, &se) && !errors.As(err, &he) {
				t.Errorf("error %T is neither *replay.SyntaxError nor *Error", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadHAREdges(t *testing.T) {
	in := "\ufeff" + `{"log":{"entries":[
	{"startedDateTime":"2026-10-06T09:00:00.000Z","request":{"method":"GET","url":"ws://a/socket"}},
	{"startedDateTime":"2026-10-06T09:00:00.000Z","time":10,"request":{"method":"POST","url":"http://10.0.0.7/rpc","postData":{"text":"{\"jsonrpc\":\"2.0\",\"method\":\"GetTask\"}"}},
	 "response":{"status":200,"statusText":"OK\nreally","httpVersion":"h3","headers":[{"name":"Content-Type","value":"text/plain"}],"content":{"encoding":"gzip","text":"x"}}},
	{"startedDateTime":"2026-10-06T09:00:01.000Z","request":{"method":"GET","url":"https://[::1]/x%0Ay"},
	 "response":{"status":200,"headers":[{"name":"Content-Type","value":"application/octet-stream"}],"content":{"encoding":"base64","text":"/wA="}}},
	{"startedDateTime":"2026-10-06T09:00:02.000Z","request":{"method":"GET","url":"http://a.b.c/events"},
	 "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/event-stream"}]}}
	]}}`
	tr, err := Read([]byte(in), "edges")
	if err != nil {
		t.Fatal(err)
	}
	out, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `# a2aplay transcript 1
# participant: client
# participant: agent-80 http://10.0.0.7
# participant: agent-443 https://[::1]
# participant: a http://a.b.c

### 1 GetTask
# @from client
# @to agent-80
# @note response body left out: its encoding "gzip" is not known
# @at 2026-10-06T09:00:00.000Z
POST http://10.0.0.7/rpc HTTP/1.1

{"jsonrpc":"2.0","method":"GetTask"}

# @at 2026-10-06T09:00:00.000Z
HTTP/3 200 OK really
Content-Type: text/plain

### 2 GET /x%0Ay
# @from client
# @to agent-443
# @channel out-of-band
# @note response body left out: 2 bytes that are not UTF-8 text
# @at 2026-10-06T09:00:01.000Z
GET https://[::1]/x%0Ay HTTP/1.1

# @at 2026-10-06T09:00:01.000Z
HTTP/1.1 200
Content-Type: application/octet-stream

### 3 GET /events
# @from client
# @to a
# @channel out-of-band
# @note The HAR holds no body for this stream.
# @at 2026-10-06T09:00:02.000Z
GET http://a.b.c/events HTTP/1.1

# @at 2026-10-06T09:00:02.000Z
HTTP/1.1 200
Content-Type: text/event-stream

: @end 2026-10-06T09:00:02.000Z server
`
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// FuzzReadHAR checks that Read never panics, that what it reads can
// always be written as a transcript, and that it survives a HAR round
// trip.
func FuzzReadHAR(f *testing.F) {
	for _, pattern := range []string{"testdata/*.har", "testdata/golden/*.har", "../../test/testdata/har/*.har"} {
		for _, file := range replaytest.Glob(f, pattern) {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"log":{"entries":[{"startedDateTime":"2026-10-06T09:00:00Z","time":3,"request":{"method":"GET","url":"http://a/"},"response":{"status":200,"headers":[{"name":"content-type","value":"text/event-stream"}],"content":{"text":"data: x\n\n"}}}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Read(data, "fuzz")
		if err != nil {
			var se *replay.SyntaxError
			var he *Error
			if !errors.As(err, &se) && !errors.As(err, &he) {
				t.Fatalf("error %T is neither *replay.SyntaxError nor *Error: %v", err, err)
			}
			return
		}
		text, err := replay.Marshal(tr)
		if err != nil {
			t.Fatalf("Read gave a transcript Write refuses: %v", err)
		}
		if _, err := replay.Parse(text, "written"); err != nil {
			t.Fatalf("replay.Parse(Write(Read)): %v\n%s", err, text)
		}
		h, err := Marshal(tr)
		if err != nil {
			t.Fatalf("Write: %v", err)
		}
		back, err := Read(h, "exported")
		if err != nil {
			t.Fatalf("Read(Write(t)): %v", err)
		}
		if diff := cmp.Diff(tr, back, replaytest.IgnoreLines); diff != "" {
			t.Fatalf("Read(Write(t)) differs (-want +got):\n%s", diff)
		}
	})
}

// causeHAR is a browser log of a deploy stream and its approval, with
// the frames' status timestamps given by ts (or none).
func causeHAR(ts []string) []byte {
	states := []string{"TASK_STATE_SUBMITTED", "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED"}
	var body strings.Builder
	for i, st := range states {
		stamp := ""
		if ts != nil {
			stamp = `,"timestamp":"` + ts[i] + `"`
		}
		fmt.Fprintf(&body, `data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t-1","contextId":"c","status":{"state":"%s"%s}}}}`+"\n\n", st, stamp)
	}
	text, _ := json.Marshal(body.String())
	return []byte(`{"log":{"entries":[
	{"startedDateTime":"2026-10-06T09:00:00.000Z","time":5000,"_resourceType":"fetch",
	 "request":{"method":"POST","url":"http://localhost:41243/","postData":{"text":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendStreamingMessage\"}"}},
	 "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/event-stream"}],"content":{"mimeType":"text/event-stream","text":` + string(text) + `}},
	 "timings":{"send":0,"wait":100,"receive":4900}},
	{"startedDateTime":"2026-10-06T09:00:00.500Z","time":10,"_resourceType":"fetch",
	 "request":{"method":"POST","url":"http://localhost:41243/approve/t-1"},
	 "response":{"status":200,"content":{"text":"{}"}},"timings":{"send":0,"wait":10,"receive":0}},
	{"startedDateTime":"2026-10-06T09:00:00.600Z","time":1,"_resourceType":"preflight",
	 "request":{"method":"OPTIONS","url":"http://localhost:41243/approve/t-1","headers":[{"name":"Access-Control-Request-Method","value":"POST"}]},"response":{"status":204}},
	{"startedDateTime":"2026-10-06T09:00:00.700Z","time":1,"request":{"method":"GET","url":"http://localhost:8080/favicon.ico"},"response":{"status":404}},
	{"startedDateTime":"2026-10-06T09:00:00.800Z","time":1,"request":{"method":"GET","url":"http://localhost:8080/app.js"},"response":{"status":200,"content":{"mimeType":"text/javascript"}}}
	]}}`)
}

// TestReadHARCauses: whether the frames carry no timestamp (spread
// evenly) or timestamps from a clock that puts the resumption before
// the approval, the approval is drawn between the frame that asks for
// it and the frames that report the task resumed.
func TestReadHARCauses(t *testing.T) {
	for name, ts := range map[string][]string{
		"no timestamps": nil,
		"early clock":   {"2026-10-06T09:00:00.100Z", "2026-10-06T09:00:00.150Z", "2026-10-06T09:00:00.300Z", "2026-10-06T09:00:00.350Z"},
		"late clock":    {"2026-10-06T09:00:00.100Z", "2026-10-06T09:00:00.900Z", "2026-10-06T09:00:01.000Z", "2026-10-06T09:00:01.100Z"},
	} {
		t.Run(name, func(t *testing.T) {
			tr, err := Read(causeHAR(ts), "cause.har")
			if err != nil {
				t.Fatal(err)
			}
			if len(tr.Exchanges) != 2 {
				t.Fatalf("exchanges %d, want the stream and the approval", len(tr.Exchanges))
			}
			if want := "3 requests that are not A2A are left out: 1 CORS preflight, 1 favicon, 1 script."; len(tr.Notes) != 1 || tr.Notes[0] != want {
				t.Errorf("notes %q, want %q", tr.Notes, want)
			}
			checkCauses(t, tr)
			if !strings.Contains(strings.Join(tr.Exchanges[0].Notes, " "), "drawn after exchange 2 (approve)") {
				t.Errorf("notes %q do not say the frames moved", tr.Exchanges[0].Notes)
			}
		})
	}
}

// TestHARNamesOperatorCalls: an operator's decision is named by its verb
// wherever the agent sits, as capture.Classify names it in recordings
// and live in its sessions; other calls outside A2A keep their method
// and path.
func TestHARNamesOperatorCalls(t *testing.T) {
	for _, tc := range []struct{ method, url, name string }{
		{"POST", "http://localhost:9999/approve/t-1", "approve"},
		{"POST", "http://localhost:8999/js-deployer/approve/0b5e7c2a", "approve"},
		{"POST", "http://localhost:8999/deployer/Refuse/t-1", "refuse"},
		{"POST", "http://localhost:8999/ops/reject/t-1", "reject"},
		{"GET", "http://localhost:8999/deployer/approve/t-1", "GET /deployer/approve/t-1"},
		{"POST", "http://localhost:8999/approvers/list", "POST /approvers/list"},
	} {
		u, err := url.Parse(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		name, ch := harExchangeName(&replay.Request{Method: tc.method, URL: tc.url}, u)
		if name != tc.name || ch != replay.ChannelOutOfBand {
			t.Errorf("%s %s is named %q on %s, want %q outside A2A", tc.method, tc.url, name, ch, tc.name)
		}
	}
}
