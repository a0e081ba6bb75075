//go:build js && wasm

package checker

import (
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// BenchmarkFirstParts times what the warm-up runs ahead, on a long
// file (10,800 steps): the steps of its first exchanges, its first screen and first
// window cut, drawn and encoded for the trip, once, in a fresh process:
// cold, or after warm. V8 compiles a function the first time it runs
// and optimises it later, so each must run first in its own process:
//
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./wasm/checker -run '^$' -bench 'FirstParts/cold' -benchtime 1x
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./wasm/checker -run '^$' -bench 'FirstParts/warmed' -benchtime 1x
func BenchmarkFirstParts(b *testing.B) {
	// A long file: the warm-up's transcript, its exchanges 200 times
	// over, each round an hour after the one before.
	w, err := replay.ParseString(view.WarmText, "warm.http")
	if err != nil {
		b.Fatal(err)
	}
	t := &replay.Transcript{Participants: w.Participants}
	for round := range 200 {
		shift := time.Duration(round) * time.Hour
		for _, x := range w.Exchanges {
			c := *x
			c.Seq = len(t.Exchanges) + 1
			c.Request.At = c.Request.At.Add(shift)
			if r := x.Response; r != nil {
				rc := *r
				rc.At = rc.At.Add(shift)
				if r.Stream != nil {
					st := *r.Stream
					st.Frames = append([]replay.Frame(nil), r.Stream.Frames...)
					for i := range st.Frames {
						st.Frames[i].At = st.Frames[i].At.Add(shift)
					}
					if e := r.Stream.End; e != nil {
						ec := *e
						ec.At = ec.At.Add(shift)
						st.End = &ec
					}
					rc.Stream = &st
				}
				c.Response = &rc
			}
			t.Exchanges = append(t.Exchanges, &c)
		}
	}
	first := func() {
		pre := *t
		pre.Exchanges = t.Exchanges[:firstExchanges(t, 2*view.WindowSteps)]
		steps := replay.Steps(&pre)
		n := replay.CountSteps(t)
		for _, p := range []*view.Part{view.CutScreen(t, steps, n, 800), view.CutFirst(t, steps, n)} {
			if err := p.DrawScreen(0, 800); err != nil {
				b.Fatal(err)
			}
			msg.NewPart(0, p, 0)
		}
	}
	for _, tc := range []struct {
		name string
		warm bool
	}{{"cold", false}, {"warmed", true}} {
		b.Run(tc.name, func(b *testing.B) {
			if tc.warm {
				if err := warm(func() bool { return true }); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for range b.N {
				first()
			}
		})
	}
}
