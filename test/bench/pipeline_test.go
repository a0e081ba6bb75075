package main

import (
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// BenchmarkPipeline measures, natively, each stage of what the page does
// to open the bench's long transcript (100,000 steps): parse, steps, and
// the layout of the window drawn around one step.
//
//	go test ./test/bench -run '^$' -bench Pipeline -benchtime 3x -benchmem -cpuprofile cpu.out
func BenchmarkPipeline(b *testing.B) {
	text, err := generate(100000)
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
