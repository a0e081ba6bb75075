//go:build !js

// Sessions over A2A 0.3: natively, where a2a-go's 0.3 client and the
// kit's 0.3 handlers are always built in. In the browser, the live03
// module (the tag a2a03) runs the same code; test.TestLiveV03 plays it
// from the page.

package live

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
)

// playV03 plays the review (INPUT_REQUIRED answered on the same task)
// and the deploy (AUTH_REQUIRED on an open stream, approved) in s over
// binding b, and checks that every A2A exchange went as 0.3.
// token is the operator's, for a remote kit; "" offline.
func playV03(t *testing.T, s *tsession, b Binding, token string) {
	t.Helper()
	r := s.do("SendDiff", func(ctx context.Context) (*Result, error) { return s.SendDiff(ctx, DiffArgs{Binding: b}) })
	task := wantState(t, "SendDiff", r, "TASK_STATE_INPUT_REQUIRED")
	a := s.do("Answer", func(ctx context.Context) (*Result, error) {
		return s.Answer(ctx, AnswerArgs{TaskID: task.ID, Text: "main", Binding: b})
	})
	if done := wantState(t, "Answer", a, "TASK_STATE_COMPLETED"); done.ID != task.ID {
		t.Errorf("the answer completed task %s, want %s", done.ID, task.ID)
	}
	d, dtask := deployUntilAuth(t, s, b)
	ap := s.do("Approve", func(ctx context.Context) (*Result, error) {
		return s.Approve(ctx, DecideArgs{TaskID: dtask.ID, Token: token})
	})
	if ap.HTTP == nil || ap.HTTP.Status != http.StatusOK {
		t.Fatalf("approve replied %+v", ap.HTTP)
	}
	sn := s.waitFor("the deploy stream's end", streamClosed(d.Stream.ID))
	if st := sn.Streams[d.Stream.ID-1]; st.State != "TASK_STATE_COMPLETED" || st.Error != "" {
		t.Errorf("the deploy stream ended %+v, want COMPLETED", st)
	}
	if sn.Version != V03 {
		t.Errorf("the snapshot says the session speaks %q, want %q", sn.Version, V03)
	}
	for _, ag := range sn.Agents {
		if ag.Version != V03 || len(ag.Bindings) != 2 {
			t.Errorf("agent %s: version %q bindings %v, want 0.3 with its two bindings", ag.Name, ag.Version, ag.Bindings)
		}
	}

	tr := s.Transcript()
	var a2a int
	for _, x := range tr.Exchanges {
		if x.Channel == replay.ChannelOutOfBand || x.Name == "GetAgentCard" {
			continue
		}
		a2a++
		if v := replay.ExchangeVersion(x); v != replay.V03 {
			t.Errorf("exchange %d %s %s is read as version %q, want 0.3", x.Seq, x.Name, x.Request.URL, v)
		}
		if h := x.Request.Get("A2A-Version"); h != "" && h != V03 {
			t.Errorf("exchange %d sent A2A-Version %q; a2a-go's 0.3 client sends 0.3", x.Seq, h)
		}
	}
	if a2a != 3 {
		t.Errorf("%d A2A exchanges, want 3 (send, answer, deploy)", a2a)
	}
	steps := replay.Steps(tr)
	var input, auth, completed bool
	for _, st := range steps {
		switch st.State {
		case replay.StateInputRequired:
			input = true
		case replay.StateAuthRequired:
			auth = true
		case replay.StateCompleted:
			completed = true
		}
	}
	if !input || !auth || !completed {
		t.Errorf("the steps show INPUT_REQUIRED %v, AUTH_REQUIRED %v, COMPLETED %v; want all", input, auth, completed)
	}

	// Saved, it reads back as 0.3, and the checker has nothing against
	// it but its notes on what 1.0 spells differently. Over JSON-RPC
	// only: the checker reads 0.3's HTTP+JSON bodies (protobuf JSON:
	// "task" around the task, "content", ROLE_USER) as 1.0's and finds
	// faults that are not there, which is package check's to mend.
	if b != JSONRPC {
		return
	}
	var saved bytes.Buffer
	if err := s.Save(&saved, SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	back, err := replay.Parse(saved.Bytes(), "live-v03.http")
	if err != nil {
		t.Fatalf("the saved 0.3 session does not parse: %v", err)
	}
	for _, f := range check.Check(back) {
		if f.Severity != check.Note {
			t.Errorf("the saved 0.3 session: %s", f)
		}
	}
}

func TestOfflineV03(t *testing.T) {
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		t.Run(string(b), func(t *testing.T) {
			playV03(t, openTest(t, Config{Version: V03}), b, "")
		})
	}
}

// TestRemoteV03: the kit served natively speaks both versions; asked
// for 0.3, the session picks the cards' 0.3 interfaces. Asked for
// nothing, it speaks 1.0, which the cards offer first.
func TestRemoteV03(t *testing.T) {
	k := startKit(t)
	urls := []string{k.url(agents.ReviewerName), k.url(agents.DeployerName)}
	for _, b := range []Binding{JSONRPC, HTTPJSON} {
		t.Run(string(b), func(t *testing.T) {
			playV03(t, openTest(t, Config{Remote: urls, Transport: &http.Transport{}, Version: V03}), b, k.kit.Deployer.OperatorToken())
		})
	}
	s := openTest(t, Config{Remote: urls, Transport: &http.Transport{}})
	if v := s.Snapshot().Version; v != V10 {
		t.Errorf("a remote kit with no version asked speaks %q, want 1.0", v)
	}
}

// TestV03Card: a card in 0.3's shape (url, preferredTransport,
// additionalInterfaces, protocolVersion, no supportedInterfaces) is an
// agent that speaks 0.3 only; a card that offers neither version, and a
// version no one speaks, are errors that say so.
func TestV03Card(t *testing.T) {
	card, err := parseCard([]byte(`{"name":"js","url":"http://localhost:9/a","preferredTransport":"JSONRPC","protocolVersion":"0.3.0",
		"additionalInterfaces":[{"url":"http://localhost:9/a","transport":"JSONRPC"},{"url":"http://localhost:9/a/rest","transport":"HTTP+JSON"}],
		"capabilities":{"streaming":true},"skills":[],"defaultInputModes":[],"defaultOutputModes":[],"version":"1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := chooseVersion("js", card, ""); err != nil || v != V03 {
		t.Errorf("chooseVersion of a 0.3 card: %q, %v; want 0.3", v, err)
	}
	if !hasBinding(card, HTTPJSON, V03) || hasBinding(card, HTTPJSON, V10) {
		t.Errorf("the 0.3 card's interfaces: %+v", card.SupportedInterfaces)
	}
	if _, err := chooseVersion("js", card, V10); err == nil || !strings.Contains(err.Error(), "offers no A2A 1.0 interface") {
		t.Errorf("1.0 asked of a 0.3 card: %v", err)
	}
	if _, err := Open(context.Background(), Config{Version: "0.2"}); err == nil || !strings.Contains(err.Error(), `unknown A2A version "0.2"`) {
		t.Errorf("version 0.2: %v", err)
	}
	for v, want := range map[string]string{"": V10, "1.0": V10, "1.0.1": V10, "0.3": V03, "0.3.0": V03, "0.30": "", "2.0": "", "x": ""} {
		if got := versionOf(v); got != want {
			t.Errorf("versionOf(%q) = %q, want %q", v, got, want)
		}
	}
}

// FuzzParseCard: any bytes read as a card either fail with an error or
// give a card whose version a session can choose, or refuse with one;
// nothing panics.
func FuzzParseCard(f *testing.F) {
	f.Add([]byte(`{"name":"js","url":"http://localhost:9/a","preferredTransport":"JSONRPC","protocolVersion":"0.3.0"}`))
	f.Add([]byte(`{"name":"k","supportedInterfaces":[{"url":"http://localhost:9/","protocolBinding":"JSONRPC","protocolVersion":"1.0"},{"url":"http://localhost:9/","protocolBinding":"JSONRPC","protocolVersion":"0.3"}]}`))
	f.Add([]byte(`{"name":"x","additionalInterfaces":[{"url":"","transport":""}],"protocolVersion":"9"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		card, err := parseCard(b)
		if err != nil {
			return
		}
		if card == nil {
			t.Fatal("no card and no error")
		}
		for _, want := range []string{"", V10, V03} {
			v, err := chooseVersion("agent", card, want)
			if err == nil && v != V10 && v != V03 {
				t.Fatalf("chooseVersion(%q) = %q", want, v)
			}
			if err == nil && want != "" && v != want {
				t.Fatalf("asked %q, chose %q", want, v)
			}
		}
	})
}

// TestUnusualSuccess: an agent that answers a 0.3 HTTP+JSON
// message:send with 201 Created, as the 0.3 JavaScript SDK does, fails
// a2a-go's client; the result says why, with the agent's answer
// recorded.
func TestUnusualSuccess(t *testing.T) {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/.well-known/agent-card.json":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"name":"created","url":%q,"preferredTransport":"HTTP+JSON","protocolVersion":"0.3.0","capabilities":{},"skills":[],"defaultInputModes":[],"defaultOutputModes":[],"version":"1"}`, srv.URL+"/rest")
		case "/rest/v1/message:send":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			io.WriteString(w, `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	s := openTest(t, Config{Remote: []string{srv.URL}, Transport: &http.Transport{}})
	if v := s.Snapshot().Version; v != V03 {
		t.Fatalf("the session speaks %q, want 0.3", v)
	}
	r := s.do("Send", func(ctx context.Context) (*Result, error) {
		return s.Send(ctx, SendArgs{Text: "hello", Binding: HTTPJSON})
	})
	if r.Failure == "" || !strings.Contains(r.Note, "HTTP 201 Created") || !strings.Contains(r.Note, "does not take") {
		t.Errorf("failure %q, note %q; want a failure and a note on the 201", r.Failure, r.Note)
	}
	tr := s.Transcript()
	if x := tr.Exchanges[len(tr.Exchanges)-1]; x.Response == nil || x.Response.StatusCode != http.StatusCreated {
		t.Errorf("the 201 is not recorded: %+v", x.Response)
	}
}
