package view

import (
	"strconv"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// BenchmarkPageFigure measures what the page does to draw a transcript
// of about 1,000 steps whole: layout and SVG into the bytes it puts in
// (the "layout and SVG" line of ./build.sh bench). "reused" draws into
// the buffer of the draw before, as the page does; "fresh" into a new
// one each time. Run natively, and in Node as the page runs it:
//
//	go test ./view -run '^$' -bench PageFigure -benchmem
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./view -run '^$' -bench PageFigure -benchtime 40x
func BenchmarkPageFigure(b *testing.B) {
	long := longTranscript(b, 112) // 9 steps a copy
	steps := replay.Steps(long)
	n := "steps=" + strconv.Itoa(len(steps))
	for _, reuse := range []bool{true, false} {
		name := n + "/fresh"
		if reuse {
			name = n + "/reused"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				var err error
				if buf, _, err = AppendPageFigure(buf[:0], long, steps, 0, 0); err != nil {
					b.Fatal(err)
				}
				if !reuse {
					buf = nil
				}
			}
		})
	}
}
