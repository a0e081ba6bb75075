package live

import (
	"context"
	"fmt"
	"testing"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// BenchmarkLiveEvent times one Live event (one more exchange, a GetTask)
// once the session has 10, 100 and 1,000 exchanges, from the recorder
// to the page's steps, the agents' work left out:
//
//   - record: the session's transcript, rebuilt from the recorder
//     (Session.Transcript);
//   - delta: what the page lacks of it (Host's sent.delta: the changed
//     exchanges and the steps from the first that changed, a
//     replay.Stepper), written, read, and put after what the page has,
//     with the page's lanes;
//   - whole: what an event cost before: the whole transcript written
//     as text, parsed, stepped, and the lanes.
//
// The README's table quotes
//
//	go test ./live -run '^$' -bench LiveEvent -benchtime 20x
func BenchmarkLiveEvent(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r, err := s.SendDiff(ctx, DiffArgs{})
	if err != nil {
		b.Fatal(err)
	}
	task := TaskArgs{TaskID: r.Task.ID}
	var st sent
	var page pageCopy
	t := s.Transcript()
	grow := func(n int) {
		for len(t.Exchanges) < n {
			if _, err := s.GetTask(ctx, task); err != nil {
				b.Fatal(err)
			}
			t = s.Transcript()
			page.apply(b, decodeDelta(b, st.delta(1, t)))
		}
	}
	for _, n := range []int{10, 100, 1000} {
		grow(n - 1)
		event := func(b *testing.B, f func()) {
			for range b.N {
				b.StopTimer()
				if _, err := s.GetTask(ctx, task); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				f()
			}
		}
		b.Run(fmt.Sprintf("exchanges=%d/record", n), func(b *testing.B) {
			event(b, func() { t = s.Transcript() })
			page.apply(b, decodeDelta(b, st.delta(1, t)))
		})
		grow(n - 1)
		b.Run(fmt.Sprintf("exchanges=%d/delta", n), func(b *testing.B) {
			event(b, func() {
				b.StopTimer()
				t = s.Transcript()
				b.StartTimer()
				d := st.delta(1, t)
				page.apply(b, decodeDelta(b, d))
				view.Lanes(page.steps)
			})
		})
		b.Run(fmt.Sprintf("exchanges=%d/whole", n), func(b *testing.B) {
			event(b, func() {
				b.StopTimer()
				t = s.Transcript()
				b.StartTimer()
				text, err := replay.Marshal(t)
				if err != nil {
					b.Fatal(err)
				}
				p, err := replay.Parse(text, "live.http")
				if err != nil {
					b.Fatal(err)
				}
				view.Lanes(replay.Steps(p))
			})
			page.apply(b, decodeDelta(b, st.delta(1, t)))
		})
		if len(page.steps) != len(replay.Steps(t)) {
			b.Fatalf("the page has %d steps, the transcript %d", len(page.steps), len(replay.Steps(t)))
		}
	}
}

// decodeDelta writes d as the worker posts it and reads it as the page
// does.
func decodeDelta(b testing.TB, d *panel.Delta) *panel.Delta {
	if d == nil {
		return &panel.Delta{}
	}
	m, err := panel.Decode(panel.Encode(d))
	if err != nil {
		b.Fatal(err)
	}
	return m.(*panel.Delta)
}
