package capture

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

// timeline lists a transcript's observations as "tick what" lines.
func timeline(t *replay.Transcript) []string {
	var out []string
	tick := func(at time.Time) int { return int(at.Sub(Epoch) / TickLength) }
	for _, x := range t.Exchanges {
		out = append(out, fmt.Sprintf("%d %d request %s %s->%s %s", tick(x.Request.At), x.Seq, x.Name, x.From, x.To, x.Channel))
		rs := x.Response
		if rs == nil {
			continue
		}
		if rs.Err != "" {
			out = append(out, fmt.Sprintf("%d %d error %s", tick(rs.At), x.Seq, rs.Err))
			continue
		}
		out = append(out, fmt.Sprintf("%d %d head %d", tick(rs.At), x.Seq, rs.StatusCode))
		if rs.Stream == nil {
			continue
		}
		for _, f := range rs.Stream.Frames {
			out = append(out, fmt.Sprintf("%d %d frame %s %s", tick(f.At), x.Seq, f.ID, f.Data))
		}
		if e := rs.Stream.End; e != nil {
			out = append(out, fmt.Sprintf("%d %d end %s", tick(e.At), x.Seq, e.By))
		}
	}
	return out
}

// TestRecorderStamps drives a stream that waits for an out-of-band call,
// as the deployer does, and checks where each observation is stamped.
func TestRecorderStamps(t *testing.T) {
	defer leakCheck(t)()
	approved := make(chan struct{})
	tr := NewTransport(map[string]http.Handler{
		"agent:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/approve/x" {
				io.WriteString(w, `{"ok":true}`)
				close(approved) // after the whole reply, as the deployer does
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			io.WriteString(w, "id: 1\n")
			io.WriteString(w, "data: waiting\n\n")
			io.WriteString(w, ": keep-alive\n\n") // a comment alone is no frame
			w.(http.Flusher).Flush()
			select {
			case <-approved:
			case <-r.Context().Done():
				return
			}
			io.WriteString(w, "event: done\r\ndata: a\r\ndata: b\r\n\r\n")
		}),
	})
	defer tr.Close()
	rec := NewRecorder(tr, replay.Participant{Name: "client"}, replay.Participant{Name: "agent", URL: "http://agent:1"})
	var events atomic.Int32
	rec.OnEvent(func() { events.Add(1) })

	req, _ := http.NewRequest("POST", "http://agent:1/", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage"}`))
	resp, err := rec.Client("client").Do(req)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if line == "\n" {
			break // the first frame is in
		}
	}
	a, err := rec.Client("operator").Post("http://agent:1/approve/x", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	io.ReadAll(a.Body)
	a.Body.Close()
	rest, err := io.ReadAll(br)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, err := rec.Client("client").Get("http://nowhere:9/"); !errors.Is(err, ErrConnRefused) {
		t.Errorf("unknown host: %v", err)
	}
	tr.Wait()

	if !strings.Contains(string(rest), "data: b") {
		t.Errorf("the client read %q after the approval", rest)
	}
	got := timeline(rec.Transcript("t"))
	want := []string{
		"0 1 request SendStreamingMessage client->agent ",
		"1 1 head 200",
		"2 1 frame 1 waiting",
		"5 1 frame  a\nb",
		"6 1 end server",
		"3 2 request approve operator->agent out-of-band",
		"4 2 head 200",
		"7 3 request get client->nowhere-9 out-of-band",
		"8 3 error connection refused",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
	if n := events.Load(); n != 9 {
		t.Errorf("OnEvent was called %d times, want once per observation (9)", n)
	}
	tr2 := rec.Transcript("t")
	if tr2.Exchanges[0].Response.Stream.Frames[1].Event != "done" {
		t.Errorf("frame 2's event is %q, want done", tr2.Exchanges[0].Response.Stream.Frames[1].Event)
	}
	var names []string
	for _, p := range tr2.Participants {
		names = append(names, p.Name+" "+p.URL)
	}
	if diff := cmp.Diff([]string{"client ", "agent http://agent:1", "operator ", "nowhere-9 http://nowhere:9"}, names); diff != "" {
		t.Errorf("participants (-want +got):\n%s", diff)
	}
	if _, err := replay.Marshal(tr2); err != nil {
		t.Errorf("the raw transcript cannot be written: %v", err)
	}
}

// TestRecorderClientEnd: a client that closes a stream before the server
// ends it is recorded as ending it, and later writes are not frames.
func TestRecorderClientEnd(t *testing.T) {
	defer leakCheck(t)()
	tr := NewTransport(map[string]http.Handler{
		"agent:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: one\n\n")
			<-r.Context().Done()
			io.WriteString(w, "data: late\n\n")
		}),
	})
	rec := NewRecorder(tr)
	resp, err := rec.Client("client").Get("http://agent:1/tasks/x:subscribe")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, len("data: one\n\n"))
	if _, err := io.ReadFull(resp.Body, buf); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	tr.Wait()
	want := []string{
		"0 1 request SubscribeToTask client->agent-1 ",
		"1 1 head 200",
		"2 1 frame  one",
		"3 1 end client",
	}
	if diff := cmp.Diff(want, timeline(rec.Transcript(""))); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
}

// TestRecorderCanceledRequest: a request whose context ends before any
// reply is recorded with an error.
func TestRecorderCanceledRequest(t *testing.T) {
	defer leakCheck(t)()
	tr := NewTransport(map[string]http.Handler{
		"agent:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }),
	})
	rec := NewRecorder(tr)
	ctx, cancel := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://agent:1/tasks/x", nil)
	go func() {
		for rec.Ticks() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if _, err := rec.Client("client").Do(req); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	tr.Wait()
	want := []string{"0 1 request GetTask client->agent-1 ", "1 1 error canceled"}
	if diff := cmp.Diff(want, timeline(rec.Transcript(""))); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
}

// TestRecorderEventClock is TestRecorderStamps's stream with agents that
// tell time by the recorder's EventClock: only requests and the agents'
// stamps tick, and every other observation takes the latest event it
// shows, however far the agent ran ahead of its writes.
func TestRecorderEventClock(t *testing.T) {
	defer leakCheck(t)()
	approved := make(chan struct{})
	var clock func() time.Time
	stamp := func() string { return `{"timestamp":"` + clock().Format(time.RFC3339Nano) + `"}` }
	tr := NewTransport(map[string]http.Handler{
		"agent:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/approve/x" {
				clock() // a decision stamped but not shown in the reply
				io.WriteString(w, `{"ok":true}`)
				close(approved)
				return
			}
			// Two events stamped before either is written.
			first, second := stamp(), stamp()
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			io.WriteString(w, "data: "+first+"\n\ndata: "+second+"\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-approved:
			case <-r.Context().Done():
				return
			}
			// An artifact, with no time of its own, before the status
			// that follows it; and a frame with no time at the end.
			last := stamp()
			io.WriteString(w, "data: artifact\n\ndata: "+last+"\n\ndata: no time\n\n")
		}),
	})
	defer tr.Close()
	rec := NewRecorder(tr, replay.Participant{Name: "client"}, replay.Participant{Name: "agent", URL: "http://agent:1"})
	clock = rec.EventClock()

	resp, err := rec.Client("client").Post("http://agent:1/", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(resp.Body)
	for blank := 0; blank < 2; {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if line == "\n" {
			blank++
		}
	}
	a, err := rec.Client("operator").Post("http://agent:1/approve/x", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	io.ReadAll(a.Body)
	a.Body.Close()
	io.ReadAll(br)
	resp.Body.Close()
	if _, err := rec.Client("client").Get("http://nowhere:9/"); !errors.Is(err, ErrConnRefused) {
		t.Errorf("unknown host: %v", err)
	}
	tr.Wait()

	got := timeline(rec.Transcript("t"))
	want := []string{
		"0 1 request post client->agent out-of-band",
		"0 1 head 200",
		`1 1 frame  {"timestamp":"2026-10-06T09:00:00.25Z"}`,
		`2 1 frame  {"timestamp":"2026-10-06T09:00:00.5Z"}`,
		"5 1 frame  artifact",
		`5 1 frame  {"timestamp":"2026-10-06T09:00:01.25Z"}`,
		"5 1 frame  no time",
		"5 1 end server",
		"3 2 request approve operator->agent out-of-band",
		"3 2 head 200",
		"6 3 request get client->nowhere-9 out-of-band",
		"6 3 error connection refused",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
	if n := rec.Ticks(); n != 12 {
		t.Errorf("Ticks() = %d, want one per observation (12)", n)
	}
}

// TestRecorderWallClock: under WallClock each observation is written at
// the time the clock gave for it, to the millisecond, and never at or
// before the one stamped before it, even when the clock stands still
// or goes back; Normalize puts the transcript back on the synthetic
// clock.
func TestRecorderWallClock(t *testing.T) {
	defer leakCheck(t)()
	tr := NewTransport(map[string]http.Handler{
		"agent:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"ok":true}`)
		}),
	})
	defer tr.Close()
	rec := NewRecorder(tr, replay.Participant{Name: "client"}, replay.Participant{Name: "agent", URL: "http://agent:1"})
	base := time.Date(2025, 3, 4, 5, 6, 7, 0, time.FixedZone("CET", 3600))
	clock := []time.Time{
		base.Add(123456 * time.Microsecond), // request 1: .123
		base.Add(123900 * time.Microsecond), // head 1, same millisecond: .124
		base.Add(2 * time.Second),           // request 2
		base.Add(time.Second),               // head 2, the clock set back: 1 ms after request 2
	}
	var calls int
	rec.WallClock(func() time.Time {
		c := clock[calls%len(clock)]
		calls++
		return c
	})
	for range 2 {
		resp, err := rec.Client("client").Post("http://agent:1/x", "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	tr.Wait()
	got := rec.Transcript("t")
	var ats []string
	for _, x := range got.Exchanges {
		ats = append(ats, x.Request.At.Format(time.RFC3339Nano), x.Response.At.Format(time.RFC3339Nano))
	}
	want := []string{"2025-03-04T04:06:07.123Z", "2025-03-04T04:06:07.124Z", "2025-03-04T04:06:09Z", "2025-03-04T04:06:09.001Z"}
	if diff := cmp.Diff(want, ats); diff != "" {
		t.Errorf("@at times (-want +got):\n%s", diff)
	}
	if err := Normalize(got, "wall", nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"0 1 request x client->agent out-of-band", "1 1 head 200", "2 2 request x client->agent out-of-band", "3 2 head 200"}, timeline(got)); diff != "" {
		t.Errorf("normalised timeline (-want +got):\n%s", diff)
	}
}
