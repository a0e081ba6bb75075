package checker

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/live"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view/msg"
)

// BenchmarkLiveCheck times what the check worker does for one Live
// event (one more exchange, a GetTask) once the session has 10, 100 and
// 1,000 exchanges (a review, then GetTask after GetTask, as live's
// BenchmarkLiveEvent grows it), the agents' work left out:
//
//   - delta: what an event costs now: the page's request read
//     (msg.OpLive: the live worker's Delta, as the page got it, and
//     the lessons' exercises), put into the session the worker keeps,
//     the exercises judged (msg.Verdicts), what changed checked
//     (check.Session) and the findings put on their steps
//     (msg.Findings), each answer written;
//   - text: what an event cost before: the request carried the whole
//     session as text (msg.OpCheck), which answer parsed, stepped,
//     judged and checked whole.
//
// Both come after a warm-up of 100 events on a session of their own, so
// that under Node the first figure is not V8's first compile of the
// code. The package is the worker's, which builds for js/wasm only but
// for this; the README's table quotes
//
//	go test ./wasm/checker -run '^$' -bench LiveCheck -benchtime 20x
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./wasm/checker -run '^$' -bench LiveCheck -benchtime 20x
func BenchmarkLiveCheck(b *testing.B) {
	ctx := context.Background()
	exs := pageExercises(b)
	var s *live.Session
	var task live.TaskArgs
	var deltas live.Deltas
	open := func() {
		var err error
		if s, err = live.Open(ctx, live.Config{}); err != nil {
			b.Fatal(err)
		}
		r, err := s.SendDiff(ctx, live.DiffArgs{})
		if err != nil {
			b.Fatal(err)
		}
		task, deltas, kept = live.TaskArgs{TaskID: r.Task.ID}, live.Deltas{}, liveSession{}
	}
	var answers, bytes int
	ans := answerer{1, func(a any) {
		if f, ok := a.(*msg.Failure); ok {
			b.Fatal(f.Error)
		}
		answers++
		bytes += len(msg.EncodeAnswer(a))
	}}
	// event is the page's request for the session's change since the
	// last, and serve what the worker does with it.
	event := func() []byte {
		d := deltas.Next(1, s)
		if d == nil {
			b.Fatal("the session did not change")
		}
		return (&msg.Request{ID: 1, Op: msg.OpLive, At: d.Session, Deltas: [][]byte{panel.Encode(d)}, Exercises: exs}).Encode()
	}
	serve := func(req []byte) {
		m, err := msg.Decode(req)
		if err != nil {
			b.Fatal(err)
		}
		answers, bytes = 0, 0
		answerLive(m.(*msg.Request), ans)
	}
	// A warm-up on a session of its own, so that the first figure is
	// not V8's first compile of the code (under Node).
	open()
	for range 100 {
		if _, err := s.GetTask(ctx, task); err != nil {
			b.Fatal(err)
		}
		serve(event())
	}
	s.Close()
	open()
	defer s.Close()
	serve(event())
	for _, n := range []int{10, 100, 1000} {
		for len(kept.t.Exchanges) < n-1 { // a GetTask is one exchange more
			if _, err := s.GetTask(ctx, task); err != nil {
				b.Fatal(err)
			}
			serve(event())
		}
		report := func(b *testing.B, req []byte) {
			b.ReportMetric(float64(answers), "answers")
			b.ReportMetric(float64(bytes), "B/answers")
			b.ReportMetric(float64(len(req)), "B/request")
		}
		b.Run(fmt.Sprintf("exchanges=%d/delta", n), func(b *testing.B) {
			var req []byte
			for range b.N {
				b.StopTimer()
				if _, err := s.GetTask(ctx, task); err != nil {
					b.Fatal(err)
				}
				req = event()
				b.StartTimer()
				serve(req)
			}
			report(b, req)
		})
		b.Run(fmt.Sprintf("exchanges=%d/text", n), func(b *testing.B) {
			var text strings.Builder
			if err := replay.Write(&text, s.Transcript()); err != nil {
				b.Fatal(err)
			}
			req := (&msg.Request{ID: 1, Op: msg.OpCheck, Name: "live", Text: text.String(), Exercises: exs}).Encode()
			for range b.N {
				m, err := msg.Decode(req)
				if err != nil {
					b.Fatal(err)
				}
				answers, bytes = 0, 0
				answer(m.(*msg.Request), ans)
			}
			report(b, req)
		})
		if got := len(kept.t.Exchanges); got < n-1 {
			b.Fatalf("the worker's session has %d exchanges, want %d or more", got, n-1)
		}
	}
}
