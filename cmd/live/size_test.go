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

// BenchmarkModuleSize builds the live module as the site serves it (its
// data segments joined, web.PackModule) and
// reports its size, raw and brotli-compressed (quality 11, 4 MiB
// window), against the budget of 2.5 MB brotli. Run it with
//
//	go test ./cmd/live -run '^$' -bench ModuleSize -benchtime 1x
//
// It reports the size with the module's recipe (internal/build:
// inlining off, -gcflags=all=-l, which compresses far better) and with
// the compiler's default flags.
func BenchmarkModuleSize(b *testing.B) {
	defaults := build.Live
	defaults.GCFlags = nil
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
			b.ReportMetric(float64(z.Len())/2.5e6*100, "%-of-budget")
		})
	}
}
