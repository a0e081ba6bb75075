package diagram

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/internal/cputime"
	"github.com/a2aplay/a2aplay/replay"
)

// captured is the capture the large benchmarks repeat: one streamed
// deploy that waits for an operator, and the operator's approval.
const captured = "../transcripts/07-auth-required.http"

var (
	capturedMu  sync.Mutex
	capturedAll []replay.Step // the longest made so far
)

// capturedSteps gives the first n steps of a transcript made by repeating
// the exchanges of [captured]: each copy with ids of its own (the last
// group of every UUID is the copy's number, so tasks and streams stay
// apart) and its clock moved on, parsed by replay.Parse as a file would be.
func capturedSteps(tb testing.TB, n int) []replay.Step {
	tb.Helper()
	capturedMu.Lock()
	defer capturedMu.Unlock()
	if n > len(capturedAll) {
		steps, err := repeatCapture(captured, n)
		if err != nil {
			tb.Fatal(err)
		}
		capturedAll = steps
	}
	return capturedAll[:n:n]
}

var (
	uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	atRE   = regexp.MustCompile(`@at (\S+)`)
	seqRE  = regexp.MustCompile(`(?m)^### \d+ `)
)

// repeatCapture writes the exchanges of the transcript at path again and
// again until the parsed transcript has at least n steps.
func repeatCapture(path string, n int) ([]replay.Step, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	text := string(data)
	cut := strings.Index(text, "\n### ")
	if cut < 0 {
		return nil, fmt.Errorf("%s: no exchanges", path)
	}
	head, body := text[:cut+1], text[cut+1:]
	one, err := replay.Parse(data, path)
	if err != nil {
		return nil, err
	}
	per := len(replay.Steps(one))
	exchanges := len(one.Exchanges)
	copies := (n + per - 1) / per
	var b bytes.Buffer
	b.Grow(copies * (len(body) + 64))
	b.WriteString(head)
	for c := 0; c < copies; c++ {
		shift := time.Duration(c) * 10 * time.Second
		part := uuidRE.ReplaceAllStringFunc(body, func(u string) string { return u[:24] + fmt.Sprintf("%012x", c) })
		part = atRE.ReplaceAllStringFunc(part, func(m string) string {
			t, err := time.Parse(time.RFC3339Nano, m[len("@at "):])
			if err != nil {
				return m
			}
			return "@at " + t.Add(shift).UTC().Format("2006-01-02T15:04:05.000Z")
		})
		k := 0
		part = seqRE.ReplaceAllStringFunc(part, func(string) string {
			k++
			return "### " + strconv.Itoa(c*exchanges+k) + " "
		})
		b.WriteString(part)
		if !strings.HasSuffix(part, "\n\n") {
			b.WriteString("\n")
		}
	}
	t, err := replay.Parse(b.Bytes(), "repeated.http")
	if err != nil {
		return nil, err
	}
	steps := replay.Steps(t)
	if len(steps) < n {
		return nil, fmt.Errorf("%d copies made %d steps, want %d", copies, len(steps), n)
	}
	return steps, nil
}

// pageWindow is how many steps the page draws of a long transcript
// around the current step (wasm/viewer.WindowSteps).
const pageWindow = 600

// The large-transcript benchmarks run on [capturedSteps]. Budgets (issue
// 12, in the page, which is slower than Node): layout of 100,000 steps
// well under a second, and the window the page draws at any step of
// 100,000 in a few milliseconds. Run natively and under wasm:
//
//	go test ./diagram -run '^$' -bench 'Large|Window|Prepare' -benchmem
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./diagram -run '^$' -bench 'Large|Window|Prepare' -benchtime 5x
var largeSizes = []int{1_000, 10_000, 100_000}

// eachSize runs a sub-benchmark per size of largeSizes: setup makes
// what one op needs from that many captured steps and returns the op.
func eachSize(b *testing.B, setup func(b *testing.B, steps []replay.Step) func() error) {
	for _, n := range largeSizes {
		b.Run("steps="+strconv.Itoa(n), func(b *testing.B) {
			op := setup(b, capturedSteps(b, n))
			b.ReportAllocs()
			defer reportTimes(b)()
			for b.Loop() {
				if err := op(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// window is the window of n steps the page draws around the middle.
func window(n int) (first, last int) {
	first = max(1, n/2-pageWindow/3)
	return first, min(n, first+pageWindow-1)
}

// BenchmarkLayoutLarge lays out every step.
func BenchmarkLayoutLarge(b *testing.B) {
	eachSize(b, func(b *testing.B, steps []replay.Step) func() error {
		return func() error { Layout(steps, Options{}); return nil }
	})
}

// BenchmarkSVGLarge writes the SVG of every step, laid out beforehand.
func BenchmarkSVGLarge(b *testing.B) {
	eachSize(b, func(b *testing.B, steps []replay.Step) func() error {
		g := Layout(steps, Options{})
		return func() error { return WriteSVG(io.Discard, g) }
	})
}

// BenchmarkWindow lays out and writes the window of steps the page draws
// when a learner jumps to the middle of a long transcript.
func BenchmarkWindow(b *testing.B) {
	eachSize(b, func(b *testing.B, steps []replay.Step) func() error {
		first, last := window(len(steps))
		opts := Options{First: first, Last: last, IDPrefix: "fig-", NoStyle: true}
		return func() error { return WriteSVG(io.Discard, Layout(steps, opts)) }
	})
}

// BenchmarkWindowPrepared is [BenchmarkWindow] for a page that prepares
// the transcript once ([Prepare]) and lays out each window from it.
func BenchmarkWindowPrepared(b *testing.B) {
	eachSize(b, func(b *testing.B, steps []replay.Step) func() error {
		first, last := window(len(steps))
		p := Prepare(steps, Options{IDPrefix: "fig-", NoStyle: true})
		return func() error { return WriteSVG(io.Discard, p.Layout(first, last)) }
	})
}

// BenchmarkPrepare measures what a page pays once per transcript to
// draw it a window at a time.
func BenchmarkPrepare(b *testing.B) {
	eachSize(b, func(b *testing.B, steps []replay.Step) func() error {
		return func() error { Prepare(steps, Options{}); return nil }
	})
}

// reportTimes, deferred, reports the milliseconds per op, and the
// process's processor time per op where the system says it: on a shared
// machine wall time also counts other programs.
func reportTimes(b *testing.B) func() {
	cpu0, cpuOK := cputime.Used()
	return func() {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(b.N), "ms/op")
		if cpu1, ok := cputime.Used(); ok && cpuOK {
			b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/1e6/float64(b.N), "cpu-ms/op")
		}
	}
}
