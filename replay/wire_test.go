package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/jsonread"
)

// This file holds the reader of bodies that Steps used before the
// jsonread.Reader: encoding/json's Unmarshal into structs with tags. Fuzzing
// holds the two to each other, and BenchmarkDecode measures both.

type jsonWire struct {
	JSONRPC             string          `json:"jsonrpc"`
	Method              string          `json:"method"`
	Params              *jsonWire       `json:"params"`
	Result              *jsonWire       `json:"result"`
	Error               *wireError      `json:"error"` // its names match without tags
	ID                  json.RawMessage `json:"id"`
	TaskID              string          `json:"taskId"`
	ContextID           string          `json:"contextId"`
	Status              *jsonStatus     `json:"status"`
	Parts               []jsonPart      `json:"parts"`
	Artifacts           []jsonArt       `json:"artifacts"`
	Artifact            *jsonArt        `json:"artifact"`
	Task                *jsonWire       `json:"task"`
	Message             *jsonWire       `json:"message"`
	StatusUpdate        *jsonWire       `json:"statusUpdate"`
	ArtifactUpdate      *jsonWire       `json:"artifactUpdate"`
	Name                string          `json:"name"`
	SupportedInterfaces json.RawMessage `json:"supportedInterfaces"`
	Skills              json.RawMessage `json:"skills"`
	Kind                string          `json:"kind"`
	Final               json.RawMessage `json:"final"`
}

type jsonStatus struct {
	State     string    `json:"state"`
	Message   *jsonWire `json:"message"`
	Timestamp string    `json:"timestamp"`
}

type jsonPart struct {
	Text      string          `json:"text"`
	Data      json.RawMessage `json:"data"`
	URL       string          `json:"url"`
	Filename  string          `json:"filename"`
	MediaType string          `json:"mediaType"`
}

type jsonArt struct {
	ArtifactID string     `json:"artifactId"`
	Name       string     `json:"name"`
	Parts      []jsonPart `json:"parts"`
}

// decodeJSON is decode as it was, with encoding/json.
// tooDeep reports whether body nests deeper than a2aplay reads: JSON
// that encoding/json reads, and replay does not (the tests of package
// jsonread hold CheckDepth to encoding/json).
func tooDeep(body string) bool { return jsonread.CheckDepth(body) != nil }

func decodeJSON(body string) (wire, bool) {
	var j jsonWire
	i := 0
	for i < len(body) && (body[i] == ' ' || body[i] == '\n' || body[i] == '\r' || body[i] == '\t') {
		i++
	}
	if i == len(body) || body[i] != '{' || tooDeep(body) {
		return wire{}, false
	}
	err := json.Unmarshal([]byte(body), &j)
	var te *json.UnmarshalTypeError
	if err != nil && !errors.As(err, &te) {
		return wire{}, false
	}
	return *j.wire(), true
}

func (j *jsonWire) wire() *wire {
	if j == nil {
		return nil
	}
	return &wire{
		JSONRPC: j.JSONRPC, Method: j.Method,
		Params: j.Params.wire(), Result: j.Result.wire(), Error: j.Error,
		ID:     string(j.ID),
		TaskID: j.TaskID, ContextID: j.ContextID,
		Status: j.Status.status(), Parts: parts(j.Parts),
		Artifacts: arts(j.Artifacts), Artifact: j.Artifact.art(),
		Task: j.Task.wire(), Message: j.Message.wire(),
		StatusUpdate: j.StatusUpdate.wire(), ArtifactUpdate: j.ArtifactUpdate.wire(),
		Name:                j.Name,
		SupportedInterfaces: string(j.SupportedInterfaces), Skills: string(j.Skills),
		Kind: j.Kind, Final: string(j.Final),
	}
}

func (j *jsonStatus) status() *wireStatus {
	if j == nil {
		return nil
	}
	return &wireStatus{State: j.State, Message: j.Message.wire(), Timestamp: j.Timestamp}
}

func (j *jsonArt) art() *wireArt {
	if j == nil {
		return nil
	}
	return &wireArt{ArtifactID: j.ArtifactID, Name: j.Name, Parts: parts(j.Parts)}
}

func parts(js []jsonPart) []wirePart {
	if js == nil {
		return nil
	}
	ps := make([]wirePart, len(js))
	for i, p := range js {
		ps[i] = wirePart{Text: p.Text, Data: string(p.Data), URL: p.URL, Filename: p.Filename, MediaType: p.MediaType}
	}
	return ps
}

func arts(js []jsonArt) []wireArt {
	if js == nil {
		return nil
	}
	as := make([]wireArt, len(js))
	for i := range js {
		as[i] = *js[i].art()
	}
	return as
}

// compactJSONStd is compactJSON as it was, with json.Compact.
func compactJSONStd(body string) string {
	var b bytes.Buffer
	if len(body) > 64<<10 || tooDeep(body) || json.Compact(&b, []byte(body)) != nil {
		return firstLine(body)
	}
	var out strings.Builder
	inStr, esc := false, false
	for _, c := range b.Bytes() {
		out.WriteByte(c)
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case !inStr && (c == ',' || c == ':'):
			out.WriteByte(' ')
		}
	}
	return shorten(out.String())
}

// bodies returns every request body, response body and frame of the
// transcripts the tests read.
func bodies(t testing.TB) []string {
	var out []string
	for _, file := range replaytest.TranscriptFiles(t, "..") {
		tr, err := Parse(replaytest.ReadFile(t, file), file)
		if err != nil {
			continue // testdata holds broken transcripts too
		}
		for _, ex := range tr.Exchanges {
			out = append(out, ex.Request.Body)
			if rs := ex.Response; rs != nil {
				out = append(out, rs.Body)
				if rs.Stream != nil {
					for _, f := range rs.Stream.Frames {
						out = append(out, f.Data)
					}
				}
			}
		}
	}
	return out
}

// Bodies that show how encoding/json reads: each is in the fuzz corpus,
// and TestDecode says what each gives.
var decodeCases = []struct {
	name, body string
	want       *wire // nil: not JSON
}{
	{"case-insensitive keys", `{"JSONRPC":"2.0","Result":{"TASK":{"ID":"t1"}}}`,
		&wire{JSONRPC: "2.0", Result: &wire{Task: &wire{ID: `"t1"`}}}},
	{"keys that fold to ASCII", `{"taſkId":"a","s\u212aills":[],"artİfacts":[{}]}`,
		&wire{TaskID: "a", Skills: "[]"}},
	{"escaped keys", `{"task\u0049d":"a","\u0073tatus":{"state":"s"}}`,
		&wire{TaskID: "a", Status: &wireStatus{State: "s"}}},
	{"last duplicate wins", `{"taskId":"a","taskId":"b","id":1,"id":"x"}`,
		&wire{TaskID: "b", ID: `"x"`}},
	{"objects merge", `{"status":{"state":"A"},"status":{"timestamp":"T"}}`,
		&wire{Status: &wireStatus{State: "A", Timestamp: "T"}}},
	{"null drops an object", `{"status":{"state":"A"},"status":null,"status":{"timestamp":"T"}}`,
		&wire{Status: &wireStatus{Timestamp: "T"}}},
	{"wrong type leaves an empty object", `{"result":5,"params":"p","task":[1]}`,
		&wire{Result: &wire{}, Params: &wire{}, Task: &wire{}}},
	{"wrong type keeps the value", `{"taskId":"a","taskId":5,"taskId":null,"taskId":{"x":[]}}`,
		&wire{TaskID: "a"}},
	{"array elements merge", `{"parts":[{"text":"a"},{"text":"b"}],"parts":[{"url":"u"}],"parts":[{},{}]}`,
		&wire{Parts: []wirePart{{Text: "a", URL: "u"}, {Text: "b"}}}},
	{"empty array", `{"parts":[],"artifacts":null}`, &wire{Parts: []wirePart{}}},
	{"codes", `{"error":{"code":-32001,"message":"m"},"error":{"code":1.5},"error":{"code":1e2},"error":{"code":99999999999999999999}}`,
		&wire{Error: &wireError{Code: -32001, Message: "m"}}},
	{"raw values", `{"id" : { "a" : [1, 2] } ,"skills":null,"parts":[{"data":"x"}]}`,
		&wire{ID: `{ "a" : [1, 2] }`, Skills: "null", Parts: []wirePart{{Data: `"x"`}}}},
	{"escapes", `{"method":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}`,
		&wire{Method: "a\"\\/\b\f\n\r\t\u00e9\U0001F600"}},
	{"bad surrogates", `{"method":"\ud83d\u0041\udc00x\ud83d"}`, &wire{Method: "\uFFFDA\uFFFDx\uFFFD"}},
	{"invalid UTF-8", "{\"method\":\"a\xff\xe2\x82b\xed\xa0\x80\"}", &wire{Method: "a\uFFFD\uFFFD\uFFFDb\uFFFD\uFFFD\uFFFD"}},
	{"white space", " \t\r\n{ \"method\" : \"m\" } \n", &wire{Method: "m"}},
	{"not an object", `["method"]`, nil},
	{"trailing text", `{"method":"m"} x`, nil},
	{"bad escape", `{"method":"\x"}`, nil},
	{"control character", "{\"method\":\"a\nb\"}", nil},
	{"bad number", `{"x":01}`, nil},
	{"bad literal", `{"x":nul}`, nil},
	{"trailing comma", `{"x":1,}`, nil},
	{"byte order mark", "\ufeff{}", nil},
	{"nesting allowed", `{"x":` + strings.Repeat("[", jsonread.MaxDepth-1) + strings.Repeat("]", jsonread.MaxDepth-1) + "}", &wire{}},
	{"nesting too deep", `{"x":` + strings.Repeat("[", jsonread.MaxDepth) + strings.Repeat("]", jsonread.MaxDepth) + "}", nil},
	{"nesting too deep for encoding/json", `{"x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "}", nil},
}

func TestDecode(t *testing.T) {
	for _, tc := range decodeCases {
		t.Run(tc.name, func(t *testing.T) {
			var got wire
			ok := decode(tc.body, &got)
			if ok != (tc.want != nil) {
				t.Fatalf("decode = %v, want %v", ok, tc.want != nil)
			}
			if tc.want != nil {
				if diff := cmp.Diff(*tc.want, got, cmp.AllowUnexported(wire{})); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			}
			checkDecode(t, tc.body)
		})
	}
}

// checkDecode says where decode differs from encoding/json on body.
func checkDecode(t *testing.T, body string) {
	t.Helper()
	var got wire
	ok := decode(body, &got)
	want, wantOK := decodeJSON(body)
	if ok != wantOK {
		t.Fatalf("decode(%q) = %v, encoding/json %v", body, ok, wantOK)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("decode(%q) (-encoding/json +jsonread):\n%s", body, diff)
	}
	if v, want := jsonread.Valid(body), json.Valid([]byte(body)) && !tooDeep(body); v != want {
		t.Fatalf("jsonread.Valid(%q) = %v, json.Valid %v", body, v, want)
	}
	if c, want := compactJSON(body), compactJSONStd(body); c != want {
		t.Fatalf("compactJSON(%q) = %q, with json.Compact %q", body, c, want)
	}
	if ok && got.ID != "" {
		var id string
		if err := json.Unmarshal([]byte(got.ID), &id); (err == nil) != (got.ID[0] == '"') || got.id() != id {
			t.Fatalf("id() of %s = %q, encoding/json %q (%v)", got.ID, got.id(), id, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, b := range bodies(f) {
		f.Add(b)
	}
	for _, tc := range decodeCases {
		f.Add(tc.body)
	}
	f.Fuzz(func(t *testing.T, body string) { checkDecode(t, body) })
}

// BenchmarkDecode reads every body of the transcripts the tests read,
// in the ways a2aplay reads them and with encoding/json beside each:
// into replay's structs (encoding/json as Steps did, and the
// jsonread.Reader as Steps does), into a tree (encoding/json into an any,
// and jsonread.Parse as the checker and the lessons do), and only to
// say whether it is JSON (json.Valid, and jsonread.Valid).
//
//	go test ./replay -run '^$' -bench Decode -benchmem
func BenchmarkDecode(b *testing.B) {
	bs := bodies(b)
	n := 0
	for _, s := range bs {
		n += len(s)
	}
	each := func(read func(string)) func(*testing.B) {
		return func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range bs {
					read(s)
				}
			}
		}
	}
	b.Run("structs/encoding-json", each(func(s string) { decodeJSON(s) }))
	b.Run("structs/jsonread", each(func(s string) {
		var w wire
		decode(s, &w)
	}))
	b.Run("tree/encoding-json", each(func(s string) {
		var v any
		json.Unmarshal([]byte(s), &v)
	}))
	b.Run("tree/jsonread", each(func(s string) { jsonread.ParseString(s) }))
	b.Run("valid/encoding-json", each(func(s string) { json.Valid([]byte(s)) }))
	b.Run("valid/jsonread", each(func(s string) { jsonread.Valid(s) }))
}

func FuzzClip(f *testing.F) {
	f.Add("plain text", 4)
	f.Add(" \t two  words\u00a0\u2028and\xff \uFFFD\u0085 ", 120)
	f.Add("e5c95b09-6d4b-4b3b-8693-91e81472d12f\x7f\u009f", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = max(n%200, 0)
		if got, want := clip(s, n), clipCopy(s, n); got != want {
			t.Fatalf("clip(%q, %d) = %q, want %q", s, n, got, want)
		}
		if got, want := collapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	})
}
