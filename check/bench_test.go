package check

import (
	"context"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// The budget: a2aplay check on 100,000 exchanges within 2 s, parse and
// check, with findings bounded per rule as the command bounds them. The
// benchmarks report the file's size and its findings (kept and counted)
// beside the time per file.
//
//	go test ./check -run '^$' -bench .

func benchFile(b *testing.B, data []byte) {
	b.Helper()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var found, omitted int
	cpu0 := cpuTime()
	for b.Loop() {
		t, err := replay.Parse(data, "bench.http")
		if err != nil {
			b.Fatal(err)
		}
		r, err := Run(context.Background(), t, Options{MaxPerRule: DefaultMaxPerRule})
		if err != nil {
			b.Fatal(err)
		}
		found, omitted = len(r.Findings), 0
		for _, n := range r.Omitted {
			omitted += n
		}
	}
	if cpu := cpuTime(); cpu > 0 {
		// The process's CPU time per file, GC included: the figure the
		// machine's load does not change.
		b.ReportMetric((cpu-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
	b.ReportMetric(float64(len(data))/1e6, "MB")
	b.ReportMetric(float64(found), "kept")
	b.ReportMetric(float64(found+omitted), "findings")
}

// BenchmarkCheck100kExchanges: 100,000 SendMessage exchanges, each
// without its A2A-Version header, so each is a finding.
func BenchmarkCheck100kExchanges(b *testing.B) {
	data, err := generate(100000, false)
	if err != nil {
		b.Fatal(err)
	}
	benchFile(b, data)
}

// BenchmarkCheck100kCleanExchanges: the same exchanges, correct.
func BenchmarkCheck100kCleanExchanges(b *testing.B) {
	data, err := generate(100000, true)
	if err != nil {
		b.Fatal(err)
	}
	benchFile(b, data)
}

// BenchmarkCheck100kEmptyFrames: one stream of 100,000 frames with empty
// data, each a finding (a frame that is not a JSON-RPC response): the
// file that took 257 s when findings were deduplicated in quadratic time.
func BenchmarkCheck100kEmptyFrames(b *testing.B) {
	data, err := emptyFrames(100000)
	if err != nil {
		b.Fatal(err)
	}
	benchFile(b, data)
}
