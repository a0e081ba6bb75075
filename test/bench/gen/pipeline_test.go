package gen

import (
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// BenchmarkPipeline measures each stage of what the page does to open
// the bench's long transcript (100,000 steps): parse, steps, and the
// layout of the window drawn around one step. Natively:
//
//	go test ./test/bench/gen -run '^$' -bench Pipeline -benchtime 3x -benchmem -cpuprofile cpu.out
//
// and in WebAssembly under Node, as the page's worker runs it:
//
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./test/bench/gen -run '^$' -bench Pipeline -benchtime 1x -benchmem
func BenchmarkPipeline(b *testing.B) {
	text, err := Transcript(100000)
	if err != nil {
		b.Fatal(err)
	}
	t, err := replay.Parse(text, "big.http")
	if err != nil {
		b.Fatal(err)
	}
	steps := replay.Steps(t)
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := replay.Parse(text, "big.http"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("steps", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			replay.Steps(t)
		}
	})
	b.Run("layout-window", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			diagram.Layout(steps, diagram.Options{First: 50000, Last: 50600})
		}
	})
}
