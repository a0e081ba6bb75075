package msg

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/a2aplay/a2aplay/internal/wire"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// benchPart is a window of view.WindowSteps (240) steps cut from the
// middle of 200 copies of the deploy capture, as the worker sends one.
func benchPart(b *testing.B) *view.Part {
	data, err := os.ReadFile("../../transcripts/07-auth-required.http")
	if err != nil {
		b.Fatal(err)
	}
	long := &replay.Transcript{}
	for range 200 {
		one, err := replay.Parse(data, "07.http")
		if err != nil {
			b.Fatal(err)
		}
		long.Title, long.Participants = one.Title, one.Participants
		for _, x := range one.Exchanges {
			x.Seq = len(long.Exchanges) + 1
			long.Exchanges = append(long.Exchanges, x)
		}
	}
	steps := replay.Steps(long)
	p := view.Cut(long, steps, view.Lanes(steps), len(steps)/2)
	if p.Last-p.First+1 != view.WindowSteps {
		b.Fatalf("a window of %d steps", p.Last-p.First+1)
	}
	return p
}

// BenchmarkPart sends a 240-step Part and reads it back whole, head,
// every step and every exchange, in the binary encoding and in the JSON
// it travelled as before (its head, and each step and each exchange as
// JSON text of its own). B/msg is the size of what is sent, without the
// drawing, which travels as strings either way. Run it under GOOS=js
// too: the page runs it there.
func BenchmarkPart(b *testing.B) {
	p := benchPart(b)
	b.Run("binary", func(b *testing.B) {
		size := 0
		for b.Loop() {
			sent := NewPart(0, p, 0)
			size = len(sent.Data)
			w, err := ReadPart(sent.Data)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := w.Steps(); err != nil {
				b.Fatal(err)
			}
			for _, seq := range w.Seqs {
				if _, err := w.Exchange(seq); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(size), "B/msg")
	})
	b.Run("json", func(b *testing.B) {
		size := 0
		for b.Loop() {
			head := *p
			head.Steps, head.SVG, head.More = nil, "", nil
			t := *p.Transcript
			t.Exchanges = nil
			head.Transcript = &t
			hb, _ := json.Marshal(&head)
			size = len(hb)
			var steps, xs [][]byte
			for i := range p.Steps {
				sb, _ := json.Marshal(&p.Steps[i])
				steps = append(steps, sb)
				size += len(sb)
			}
			for _, x := range p.Transcript.Exchanges {
				xb, _ := json.Marshal(x)
				xs = append(xs, xb)
				size += len(xb)
			}
			var got view.Part
			if err := json.Unmarshal(hb, &got); err != nil {
				b.Fatal(err)
			}
			for _, sb := range steps {
				var s replay.Step
				if err := json.Unmarshal(sb, &s); err != nil {
					b.Fatal(err)
				}
			}
			for _, xb := range xs {
				var x replay.Exchange
				if err := json.Unmarshal(xb, &x); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(size), "B/msg")
	})
}

// BenchmarkPartItems writes a 240-step Part's steps and exchanges and
// reads them back, as NewPart and Window do, by the functions package
// wire has for them ("hand") and by wire's Value and ReadValue
// ("value"), which write the same bytes (TestValuesAsValue): why a
// part's items are written by hand (doc.go).
func BenchmarkPartItems(b *testing.B) {
	p := benchPart(b)
	b.Run("hand", func(b *testing.B) {
		for b.Loop() {
			var e wire.Encoder
			for i := range p.Steps {
				e.B = e.B[:0]
				e.Step(&p.Steps[i])
				var s replay.Step
				d := &wire.Decoder{S: string(e.B)}
				d.Step(&s)
				if err := d.End(); err != nil {
					b.Fatal(err)
				}
			}
			for _, x := range p.Transcript.Exchanges {
				e.B = e.B[:0]
				e.Exchange(x)
				var y replay.Exchange
				d := &wire.Decoder{S: string(e.B)}
				d.Exchange(&y)
				if err := d.End(); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("value", func(b *testing.B) {
		for b.Loop() {
			var e wire.Encoder
			for i := range p.Steps {
				e.B = e.B[:0]
				e.Value(&p.Steps[i])
				var s replay.Step
				d := &wire.Decoder{S: string(e.B)}
				d.ReadValue(&s)
				if err := d.End(); err != nil {
					b.Fatal(err)
				}
			}
			for _, x := range p.Transcript.Exchanges {
				e.B = e.B[:0]
				e.Value(x)
				var y replay.Exchange
				d := &wire.Decoder{S: string(e.B)}
				d.ReadValue(&y)
				if err := d.End(); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
