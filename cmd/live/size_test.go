//go:build !js

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/web"
)

// BenchmarkModuleSize builds the live modules as the site serves them
// (their data segments joined, web.PackModule) and reports their sizes,
// raw and brotli-compressed (quality 11, 4 MiB window), each against
// its own budget (build.LiveBudget, 2.5 MB brotli; build.Live03Budget,
// 4.0 MB, for live03, the module that speaks A2A 0.3 too), and fails
// when one is over. Run it with
//
//	go test ./cmd/live -run '^$' -bench ModuleSize -benchtime 1x
//
// It reports the live module's size with its recipe (internal/build:
// inlining off, -gcflags=all=-l, which compresses far better) and with
// the compiler's default flags (no budget: a comparison), and live03's
// with its recipe. Brotli 11 of live03's 29.7 MB takes about two
// minutes here, which is why no test in ./build.sh test runs it.
func BenchmarkModuleSize(b *testing.B) {
	defaults := build.Live
	defaults.GCFlags, defaults.Budget = nil, 0
	for _, tc := range []struct {
		name string
		m    build.Module
	}{
		{"default", defaults},
		{"noinline", build.Live},
		{"live03", build.Live03},
	} {
		b.Run(tc.name, func(b *testing.B) {
			out := filepath.Join(b.TempDir(), "live.wasm")
			for b.Loop() {
				if err := tc.m.Build(b.Context(), "../..", out); err != nil {
					b.Fatal(err)
				}
			}
			built, err := os.ReadFile(out)
			if err != nil {
				b.Fatal(err)
			}
			raw, err := web.PackModule(built) // as the site ships it
			if err != nil {
				b.Fatal(err)
			}
			var z bytes.Buffer
			w := brotli.NewWriterOptions(&z, brotli.WriterOptions{Quality: 11, LGWin: 22})
			if _, err := w.Write(raw); err != nil {
				b.Fatal(err)
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(raw)), "raw-bytes")
			b.ReportMetric(float64(z.Len()), "brotli-bytes")
			if tc.m.Budget > 0 {
				b.ReportMetric(float64(z.Len())/float64(tc.m.Budget)*100, "%-of-budget")
				if z.Len() > tc.m.Budget {
					b.Errorf("%s is %d bytes brotli, over its budget of %d", tc.m.File(), z.Len(), tc.m.Budget)
				}
			}
		})
	}
}
