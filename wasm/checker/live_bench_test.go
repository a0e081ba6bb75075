package checker

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/live"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view/msg"
)

// BenchmarkLiveCheck times what the check worker does for one Live
// event, once the session has 10, 100 and 1,000 exchanges (a review,
// then GetTask after GetTask, as live's BenchmarkLiveEvent grows it):
// the page's request read (msg.Decode: the whole session as text, and
// the lessons' exercises), and answer's work on it: the text parsed,
// stepped, the exercises judged (msg.Verdicts), the whole session
// checked and its findings put on their steps (msg.Findings), each
// answer written. The page asks this at each event, of the whole
// session, so what it costs grows with the session. The package is
// the worker's, which builds for js/wasm only:
//
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./wasm/checker -run '^$' -bench LiveCheck -benchtime 20x
func BenchmarkLiveCheck(b *testing.B) {
	ctx := context.Background()
	exs, err := lesson.PageExercises("../../web/lessons")
	if err != nil || len(exs) == 0 {
		b.Fatalf("the lessons' exercises: %d, %v", len(exs), err)
	}
	s, err := live.Open(ctx, live.Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r, err := s.SendDiff(ctx, live.DiffArgs{})
	if err != nil {
		b.Fatal(err)
	}
	task := live.TaskArgs{TaskID: r.Task.ID}
	have := len(s.Transcript().Exchanges)
	for _, n := range []int{10, 100, 1000} {
		for ; have < n; have++ { // a GetTask is one exchange more
			if _, err := s.GetTask(ctx, task); err != nil {
				b.Fatal(err)
			}
		}
		t := s.Transcript()
		if len(t.Exchanges) != n {
			b.Fatalf("a session of %d exchanges, want %d", len(t.Exchanges), n)
		}
		var text strings.Builder
		if err := replay.Write(&text, t); err != nil {
			b.Fatal(err)
		}
		req := (&msg.Request{ID: 1, Op: msg.OpCheck, Name: "live", Text: text.String(), Exercises: exs}).Encode()
		b.Run(fmt.Sprintf("exchanges=%d", n), func(b *testing.B) {
			answers, bytes := 0, 0
			for b.Loop() {
				m, err := msg.Decode(req)
				if err != nil {
					b.Fatal(err)
				}
				answers, bytes = 0, 0
				answer(m.(*msg.Request), answerer{1, func(a any) {
					if f, ok := a.(*msg.Failure); ok {
						b.Fatal(f.Error)
					}
					answers++
					bytes += len(msg.EncodeAnswer(a))
				}})
			}
			b.ReportMetric(float64(answers), "answers")
			b.ReportMetric(float64(bytes), "B/answers")
			b.ReportMetric(float64(len(req)), "B/request")
		})
	}
}
