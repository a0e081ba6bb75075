package view

import (
	"strconv"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// BenchmarkPageFigure measures what the page does to draw a transcript
// of about 1,000 steps whole: layout and SVG into the string it puts in
// (the "layout and SVG" line of ./build.sh bench). Run natively, and in
// Node as the page runs it:
//
//	go test ./view -run '^$' -bench PageFigure -benchmem
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./view -run '^$' -bench PageFigure -benchtime 40x
func BenchmarkPageFigure(b *testing.B) {
	long := longTranscript(b, 112) // 9 steps a copy
	steps := replay.Steps(long)
	b.Run("steps="+strconv.Itoa(len(steps)), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := PageFigure(long, steps, 0, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}
