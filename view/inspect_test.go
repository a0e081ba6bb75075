package view

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/google/go-cmp/cmp"
)

func sample(t *testing.T) (*replay.Transcript, []replay.Step) {
	t.Helper()
	b, err := os.ReadFile("testdata/sample.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "sample.http")
	if err != nil {
		t.Fatal(err)
	}
	return tr, replay.Steps(tr)
}

func TestInspect(t *testing.T) {
	tr, steps := sample(t)
	if len(steps) != 9 {
		t.Fatalf("sample has %d steps, want 9", len(steps))
	}
	tests := []struct {
		step     int // 1-based
		heading  string
		rows     map[string]string
		rawStart string
		json     bool
		notes    []string
	}{
		{1, "Step 1 of 9 · request", map[string]string{
			"Time":        "2026-10-06T09:00:00.000Z (+0.000 s)",
			"From → to":   "client → reviewer",
			"Exchange":    "1 SendMessage",
			"A2A version": "1.0",
			"Method":      "SendMessage",
		}, "POST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\nA2A-Version: 1.0\n\n{", true,
			[]string{"the first message has no base branch"}},
		{2, "Step 2 of 9 · reply", map[string]string{
			"Task":        "11111111-2222-4333-8444-555555555555",
			"Context":     "99999999-8888-4777-8666-555555555555",
			"Task state":  "INPUT_REQUIRED (changed here)",
			"HTTP status": "200",
			"Says":        "Which base branch?",
		}, "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{", true,
			[]string{"the first message has no base branch"}},
		{4, "Step 4 of 9 · stream frame 1", map[string]string{
			"Stream": "frame 1 of 3; closed by the server at 2026-10-06T09:00:02.250Z",
		}, "HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\nid: 1\ndata: {", true, nil},
		{5, "Step 5 of 9 · stream frame 2", map[string]string{
			"Time":       "2026-10-06T09:00:01.000Z (+1.000 s)",
			"Task state": "AUTH_REQUIRED (changed here)",
		}, "id: 2\ndata: {", true, nil},
		{6, "Step 6 of 9 · request outside A2A", map[string]string{
			"Channel":     "outside A2A (plain HTTP)",
			"A2A version": "",
			"Task":        "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
			"Task state":  "AUTH_REQUIRED (unchanged)",
		}, "POST http://localhost:41243/approve/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee HTTP/1.1\n\n", false, nil},
		{7, "Step 7 of 9 · reply", nil, "HTTP/1.1 200 OK\nContent-Type: text/plain\n\napproved", false, nil},
		{9, "Step 9 of 9 · stream closed", nil, "(stream closed by the server at 2026-10-06T09:00:02.250Z)", false, nil},
	}
	for _, tt := range tests {
		d := Inspect(tr, steps, tt.step-1)
		if d.Heading != tt.heading {
			t.Errorf("step %d: heading %q, want %q", tt.step, d.Heading, tt.heading)
		}
		got := map[string]string{}
		for name, v := range tt.rows {
			if v == "" {
				got[name] = "" // a row the step must not have
			}
		}
		for _, r := range d.Rows {
			if _, ok := tt.rows[r.Name]; ok {
				got[r.Name] = r.Value
			}
		}
		if tt.rows == nil {
			got = nil
		}
		if diff := cmp.Diff(tt.rows, got); diff != "" {
			t.Errorf("step %d rows (-want +got):\n%s", tt.step, diff)
		}
		if !strings.HasPrefix(d.Raw, tt.rawStart) {
			t.Errorf("step %d: raw starts %q, want %q", tt.step, d.Raw[:min(len(d.Raw), len(tt.rawStart))], tt.rawStart)
		}
		if (d.JSON != "") != tt.json {
			t.Errorf("step %d: JSON %q, want JSON: %v", tt.step, d.JSON, tt.json)
		}
		if tt.json && !strings.HasPrefix(d.JSON, "{\n  \"") {
			t.Errorf("step %d: JSON not indented: %q", tt.step, d.JSON)
		}
		if diff := cmp.Diff(tt.notes, d.Notes); diff != "" {
			t.Errorf("step %d notes (-want +got):\n%s", tt.step, diff)
		}
	}
}

// The inspector marks each exchange's version, and a 0.3 state with
// the name 0.3 writes it by.
func TestInspectVersion(t *testing.T) {
	for _, tt := range []struct {
		name     string
		step     int
		version  string
		state    string
		exchange string
	}{
		{"06-input-required.v0.3", 1, "0.3", "", "1 message/send"},
		{"06-input-required.v0.3", 2, "0.3", "INPUT_REQUIRED (changed here), written input-required in 0.3", "1 message/send"},
		{"06-input-required", 2, "1.0", "INPUT_REQUIRED (changed here)", "1 SendMessage"},
		{"07-auth-required.v0.3", 5, "", "AUTH_REQUIRED (unchanged)", "2 approve"},
	} {
		tr, steps := readShipped(t, tt.name)
		d := Inspect(tr, steps, tt.step-1)
		got := map[string]string{}
		for _, r := range d.Rows {
			got[r.Name] = r.Value
		}
		if got["A2A version"] != tt.version || got["Task state"] != tt.state || got["Exchange"] != tt.exchange {
			t.Errorf("%s step %d: version %q, state %q, exchange %q; want %q, %q, %q", tt.name, tt.step,
				got["A2A version"], got["Task state"], got["Exchange"], tt.version, tt.state, tt.exchange)
		}
	}
}

func TestLanes(t *testing.T) {
	_, steps := sample(t)
	want := []Lane{
		{TaskID: "11111111-2222-4333-8444-555555555555", Segments: []Segment{{2, 9, replay.StateInputRequired}}},
		{TaskID: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee", Segments: []Segment{
			{4, 4, replay.StateSubmitted}, {5, 7, replay.StateAuthRequired}, {8, 9, replay.StateCompleted},
		}},
	}
	got := Lanes(steps)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("Lanes (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		cur  int
		want string
	}{{0, replay.StateCompleted}, {3, ""}, {4, replay.StateSubmitted}, {6, replay.StateAuthRequired}, {9, replay.StateCompleted}} {
		if s := got[1].StateAt(tt.cur); s != tt.want {
			t.Errorf("StateAt(%d) = %q, want %q", tt.cur, s, tt.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	tr, steps := sample(t)
	want := Summary{
		Title:        "a hand-written sample: a question, then a deploy that waits",
		Participants: []string{"client", "reviewer http://localhost:41242", "deployer http://localhost:41243", "operator"},
		Steps:        9, Exchanges: 3, Tasks: 2,
	}
	if diff := cmp.Diff(want, Summarize(tr, steps)); diff != "" {
		t.Errorf("Summarize (-want +got):\n%s", diff)
	}
	tr.Notes = []string{"2 requests that are not A2A are left out: 1 document, 1 script.", ""}
	if got := Summarize(tr, steps).Notes; !cmp.Equal(got, tr.Notes[:1]) {
		t.Errorf("Summarize notes %q, want the note that is not empty", got)
	}
}

func TestSeconds(t *testing.T) {
	for _, tt := range []struct {
		ms   int64
		want string
	}{{0, "0.000 s"}, {250, "0.250 s"}, {1005, "1.005 s"}, {-1500, "-1.500 s"}} {
		if got := seconds(msDuration(tt.ms)); got != tt.want {
			t.Errorf("seconds(%dms) = %q, want %q", tt.ms, got, tt.want)
		}
	}
}

func msDuration(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }

// TestInspectVisible puts characters that would not show as themselves
// in a body, a header, a note and the title: the inspector shows each as
// its escape.
func TestInspectVisible(t *testing.T) {
	tr, _ := sample(t)
	tr.Title = "sample\u202eelpmas"
	ex := tr.Exchanges[0]
	ex.Notes = []string{"a note\u200b"}
	ex.Request.Header = append(ex.Request.Header, replay.Header{Name: "X-Who", Value: "op\u2066erator\u2069\x1b[2J"})
	ex.Request.Body = strings.Replace(ex.Request.Body, `"role"`, "\"x\":\"\ufeff\",\"role\"", 1)
	steps := replay.Steps(tr)
	d := Inspect(tr, steps, 0)
	for _, want := range []string{`X-Who: op\u2066erator\u2069\x1b[2J`, `"x":"\ufeff"`} {
		if !strings.Contains(d.Raw, want) {
			t.Errorf("raw lacks %s:\n%s", want, d.Raw)
		}
	}
	if !strings.Contains(d.JSON, `"x": "\ufeff"`) {
		t.Errorf("JSON lacks the escaped value:\n%s", d.JSON)
	}
	if len(d.Notes) != 1 || d.Notes[0] != `a note\u200b` {
		t.Errorf("notes %q", d.Notes)
	}
	if got := Summarize(tr, steps).Title; got != `sample\u202eelpmas` {
		t.Errorf("summary title %q", got)
	}
	for _, s := range append([]string{d.Raw, d.JSON, d.Label, Summarize(tr, steps).Title}, d.Notes...) {
		if replay.Visible(s) != s {
			t.Errorf("the inspector shows %q", s)
		}
	}
	if ex.Notes[0] != "a note\u200b" {
		t.Error("Inspect changed the transcript")
	}
}

// TestInspectPush checks that the inspector names a push notification
// and shows the agent's POST as it was on the wire.
func TestInspectPush(t *testing.T) {
	b, err := os.ReadFile("../replay/testdata/push-webhook.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "push-webhook.http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	d := Inspect(tr, steps, 6) // s7, the push of WORKING
	if !strings.HasSuffix(d.Heading, "· push") {
		t.Errorf("heading %q, want it to name a push notification", d.Heading)
	}
	if !strings.HasPrefix(d.Raw, "POST http://localhost:41250/notify HTTP/1.1\n") || !strings.Contains(d.Raw, "A2A-Notification-Token: tok-1") {
		t.Errorf("raw %q, want the agent's POST to the webhook with its token", d.Raw)
	}
}
