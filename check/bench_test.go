package check

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/internal/cputime"
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
	cpu0, cpuOK := cputime.Used()
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
	if cpu, ok := cputime.Used(); ok && cpuOK {
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

// BenchmarkCheck100kBadParts: one request whose message holds 100,000
// v0.3 parts, one a line: findings inside one body, each located on its
// line.
func BenchmarkCheck100kBadParts(b *testing.B) {
	var body strings.Builder
	body.WriteString(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[`)
	for i := range 100000 {
		if i > 0 {
			body.WriteString(",")
		}
		body.WriteString("\n{\"kind\":\"text\",\"text\":\"x\"}")
	}
	body.WriteString("]}}}")
	t := &replay.Transcript{Participants: []replay.Participant{{Name: "client"}, {Name: "agent", URL: "http://localhost:41242"}}}
	at := time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)
	t.Exchanges = []*replay.Exchange{{Seq: 1, Name: "SendMessage", From: "client", To: "agent",
		Request: replay.Request{At: at, Method: "POST", URL: "http://localhost:41242/", Proto: "HTTP/1.1",
			Header: []replay.Header{{Name: "Content-Type", Value: "application/json"}, {Name: "A2A-Version", Value: "1.0"}}, Body: body.String()}}}
	var out bytes.Buffer
	if err := replay.Write(&out, t); err != nil {
		b.Fatal(err)
	}
	benchFile(b, out.Bytes())
}

// BenchmarkRun100kExchanges: Run alone on the parsed 100,000 exchanges,
// without replay.Parse.
func BenchmarkRun100kExchanges(b *testing.B) {
	data, err := generate(100000, false)
	if err != nil {
		b.Fatal(err)
	}
	t, err := replay.Parse(data, "bench.http")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0, cpuOK := cputime.Used()
	for b.Loop() {
		if _, err := Run(context.Background(), t, Options{MaxPerRule: DefaultMaxPerRule}); err != nil {
			b.Fatal(err)
		}
	}
	if cpu, ok := cputime.Used(); ok && cpuOK {
		b.ReportMetric((cpu-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
}
