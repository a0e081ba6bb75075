package live

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// BenchmarkLiveEvent times one Live event (one more exchange, a GetTask)
// once the session has 10, 100 and 1,000 exchanges, from the recorder
// to the page's steps, the agents' work left out:
//
//   - delta: what an event costs now: what the page lacks of the
//     session (Host's sent.delta: the exchanges that changed, rebuilt
//     from the recorder, Session.Changes, and the steps from the first
//     that changed, a replay.Stepper), written, read, and put after
//     what the page has, with the page's lanes;
//   - whole: what an event cost before: the whole transcript rebuilt
//     from the recorder (Session.Transcript), written as text, parsed,
//     stepped, and the lanes.
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
	exchanges := func() int { return len(page.t.Exchanges) }
	catchUp := func() { page.apply(b, decodeDelta(b, st.delta(1, s))) }
	catchUp()
	for _, n := range []int{10, 100, 1000} {
		for exchanges() < n-1 {
			if _, err := s.GetTask(ctx, task); err != nil {
				b.Fatal(err)
			}
			catchUp()
		}
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
		b.Run(fmt.Sprintf("exchanges=%d/delta", n), func(b *testing.B) {
			event(b, func() {
				page.apply(b, decodeDelta(b, st.delta(1, s)))
				view.Lanes(page.steps)
			})
		})
		b.Run(fmt.Sprintf("exchanges=%d/whole", n), func(b *testing.B) {
			event(b, func() {
				text, err := replay.Marshal(s.Transcript())
				if err != nil {
					b.Fatal(err)
				}
				p, err := replay.Parse(text, "live.http")
				if err != nil {
					b.Fatal(err)
				}
				view.Lanes(replay.Steps(p))
			})
		})
		catchUp()
		t := s.Transcript()
		if d := cmp.Diff(replay.Steps(t), page.steps); d != "" {
			b.Fatalf("the page's steps differ from the transcript's (-transcript +page):\n%s", d)
		}
		if d := cmp.Diff(t.Participants, page.t.Participants); d != "" {
			b.Fatalf("the page's participants differ (-transcript +page):\n%s", d)
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
