package diagram

import (
	"io"
	"strconv"
	"testing"

	"github.com/a2aplay/a2aplay/internal/cputime"
)

// BenchmarkRender measures Layout and WriteSVG together on generated
// transcripts (the seeds' 06 and 07 patterns, repeated over many tasks).
// Budgets: 1,000 steps under 10 ms natively, and at most 2.2 times the
// cost per doubling of the steps. Run:
//
//	go test ./diagram -run XXX -bench Render -benchmem
func BenchmarkRender(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 8000} {
		steps := generatedSteps(n)
		b.Run("steps="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			cpu0, cpuOK := cputime.Used()
			for b.Loop() {
				if err := WriteSVG(io.Discard, Layout(steps, Options{})); err != nil {
					b.Fatal(err)
				}
			}
			ms := float64(b.Elapsed().Nanoseconds()) / 1e6 / float64(b.N)
			b.ReportMetric(float64(n)/ms, "steps/ms")
			// On a shared machine wall time also counts other programs;
			// the process's processor time per op does not.
			if cpu1, ok := cputime.Used(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkLayout measures the layout stage alone.
func BenchmarkLayout(b *testing.B) {
	steps := generatedSteps(1000)
	for b.Loop() {
		Layout(steps, Options{})
	}
}
