package view_test

import (
	"reflect"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// received is p after its trip to the page: sent (msg.NewPart), then
// read as the page reads it (msg.ReadPart), every step and exchange.
func received(t *testing.T, p *view.Part) view.Part {
	t.Helper()
	sent := msg.NewPart(0, p, 0)
	w, err := msg.ReadPart(sent.Data)
	if err != nil {
		t.Fatal(err)
	}
	got := *w.Part
	if got.Transcript == nil || len(got.Transcript.Exchanges) != 0 || got.SVG != "" || len(got.Steps) != 0 {
		t.Fatal("the head carries steps, exchanges or the drawing")
	}
	got.SVG = sent.SVG
	if len(sent.More) != len(got.More) {
		t.Fatalf("%d pieces of drawing for a head of %d", len(sent.More), len(got.More))
	}
	for i := range got.More {
		got.More[i].SVG = sent.More[i]
	}
	if !reflect.DeepEqual(got.More, p.More) || got.ShownFirst != p.ShownFirst || got.ShownLast != p.ShownLast || got.Widest != p.Widest {
		t.Fatalf("the drawing received, steps %d-%d in %d pieces, is not the one sent, %d-%d in %d", got.ShownFirst, got.ShownLast, len(got.More), p.ShownFirst, p.ShownLast, len(p.More))
	}
	if got.Steps, err = w.Steps(); err != nil {
		t.Fatal(err)
	}
	for _, seq := range w.Seqs {
		x, err := w.Exchange(seq)
		if err != nil || x == nil || x.Seq != seq {
			t.Fatalf("exchange %d: %v, %v", seq, x, err)
		}
		got.Transcript.Exchanges = append(got.Transcript.Exchanges, x)
	}
	return got
}

// TestCut checks that a Part, after its trip (msg.NewPart, msg.ReadPart), draws and inspects
// every step of its window as the whole transcript does.
func TestCut(t *testing.T) {
	long := view.LongTranscript(t, 300)
	steps := replay.Steps(long)
	if len(steps) <= view.BigTranscript {
		t.Fatalf("%d steps: not a long transcript", len(steps))
	}
	lanes := view.Lanes(steps)
	for _, at := range []int{0, 1, 777, len(steps) - 5, len(steps)} {
		p := view.Cut(long, steps, lanes, at)
		got := received(t, p)
		first, last := view.Window(len(steps), at)
		if got.N != len(steps) || got.First != first || got.Last != last || got.Tasks != len(lanes) || len(got.Lanes) != view.MaxLanes {
			t.Fatalf("at %d: N %d, window %d-%d, tasks %d, %d lanes; want %d, %d-%d, %d, %d",
				at, got.N, got.First, got.Last, got.Tasks, len(got.Lanes), len(steps), first, last, len(lanes), view.MaxLanes)
		}
		if !reflect.DeepEqual(got.Summary, view.Summarize(long, steps)) {
			t.Errorf("at %d: summary %+v, want %+v", at, got.Summary, view.Summarize(long, steps))
		}
		if len(got.Transcript.Exchanges) >= len(long.Exchanges)/2 {
			t.Errorf("at %d: the part holds %d of %d exchanges", at, len(got.Transcript.Exchanges), len(long.Exchanges))
		}
		for k := first; k <= last; k++ {
			s := got.Step(k)
			if s == nil {
				t.Fatalf("at %d: step %d missing from the part", at, k)
			}
			want := view.Inspect(long, steps, k-1)
			if d := view.InspectStep(got.Transcript, *s, got.N, got.Start); !reflect.DeepEqual(d, want) {
				t.Fatalf("at %d: step %d inspects as\n%+v\nwant\n%+v", at, k, d, want)
			}
		}
		if got.Step(first-1) != nil && got.Step(first-1).Exchange == 0 || got.Step(len(steps)+1) != nil {
			t.Errorf("at %d: Step outside the transcript found", at)
		}
		if err := p.Draw(); err != nil {
			t.Fatal(err)
		}
		svg, _, err := view.PageSVGRange(got.Transcript, got.Steps, got.First, got.Last)
		if err != nil {
			t.Fatal(err)
		}
		if got := received(t, p); got.SVG != svg {
			t.Errorf("at %d: the part sent draws otherwise than the part received", at)
		}
		if err := p.DrawScreen(at, 600); err != nil {
			t.Fatal(err)
		}
		received(t, p) // drawn for a screen, in pieces
		whole, _, err := view.PageSVGRange(long, steps, first, last)
		if err != nil {
			t.Fatal(err)
		}
		if svg != whole {
			i := 0
			for i < len(svg) && i < len(whole) && svg[i] == whole[i] {
				i++
			}
			t.Errorf("at %d: the part's window draws otherwise than the whole transcript's: %q vs %q", at, svg[max(0, i-200):min(len(svg), i+200)], whole[max(0, i-200):min(len(whole), i+200)])
		}
	}
}
