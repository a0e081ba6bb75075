package replay

import (
	"cmp"
	"slices"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
)

// growth replays t as a live session records it: each observation (a
// request, a reply, a frame, a stream's end) in the order of its time,
// an exchange joining the transcript once its request and those of the
// exchanges before it are seen. It calls f with each transcript as it
// stands and the positions of the exchanges that changed.
func growth(t *Transcript, f func(*Transcript, []int)) {
	type obs struct {
		at     time.Time
		ex, of int // of: 0 the request, 1 the reply, 2+i frame i, -1 the end
	}
	var all []obs
	for ei, x := range t.Exchanges {
		all = append(all, obs{x.Request.At, ei, 0})
		if r := x.Response; r != nil {
			all = append(all, obs{r.At, ei, 1})
			if r.Stream != nil {
				for fi, fr := range r.Stream.Frames {
					all = append(all, obs{fr.At, ei, 2 + fi})
				}
				if r.Stream.End != nil {
					all = append(all, obs{r.Stream.End.At, ei, -1})
				}
			}
		}
	}
	slices.SortStableFunc(all, func(a, b obs) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return cmp.Compare(a.ex, b.ex)
	})
	shown := make([]*Exchange, len(t.Exchanges)) // what is seen of each
	joined := 0
	for _, o := range all {
		x := t.Exchanges[o.ex]
		cur := shown[o.ex]
		switch {
		case o.of == 0:
			c := *x
			c.Response = nil
			cur = &c
		case cur == nil:
			continue // a reply before its request: the clock of a capture, not of a session
		case o.of == 1:
			r := *x.Response
			if r.Stream != nil {
				r.Stream = &Stream{}
			}
			cur = &Exchange{Seq: x.Seq, Name: x.Name, From: x.From, To: x.To, Channel: x.Channel, Notes: x.Notes, Request: x.Request, Response: &r, Line: x.Line}
		default:
			if cur.Response == nil || cur.Response.Stream == nil {
				continue
			}
			r := *cur.Response
			st := *r.Stream
			if o.of > 0 {
				st.Frames = x.Response.Stream.Frames[:o.of-1]
			} else {
				st.End = x.Response.Stream.End
			}
			r.Stream = &st
			c := *cur
			c.Response = &r
			cur = &c
		}
		shown[o.ex] = cur
		var changed []int
		if o.ex < joined {
			changed = append(changed, o.ex)
		}
		for joined < len(shown) && shown[joined] != nil {
			changed = append(changed, joined)
			joined++
		}
		if len(changed) == 0 {
			continue
		}
		f(&Transcript{Title: t.Title, Participants: t.Participants, Exchanges: slices.Clone(shown[:joined])}, changed)
	}
}

// TestStepperIsSteps: a Stepper fed a transcript as it grows has, after
// each change, the steps Steps has of it; and it keeps the steps before
// the change (the incremental road, not a fresh start each time, on the
// captures of live-like sessions).
func TestStepperIsSteps(t *testing.T) {
	for name, tr := range goldenTranscripts(t) {
		t.Run(name, func(t *testing.T) {
			var sp Stepper
			updates, kept := 0, 0
			var before []Step
			growth(tr, func(cur *Transcript, changed []int) {
				from := sp.Update(cur, changed)
				want := Steps(cur)
				if d := gocmp.Diff(want, sp.Steps()); d != "" {
					t.Fatalf("after %d updates (%d exchanges, changed %v), the Stepper's steps differ (-Steps +Stepper):\n%s", updates, len(cur.Exchanges), changed, d)
				}
				if k := min(from, len(before)); k > 0 && !gocmp.Equal(before[:k], want[:k]) {
					d := gocmp.Diff(before[:k], want[:k])
					t.Fatalf("the steps before %d changed:\n%s", from, d)
				}
				updates++
				if from > 0 {
					kept++
				}
				before = slices.Clone(want)
			})
			t.Logf("%d updates, %d kept steps before the change", updates, kept)
		})
	}
}
