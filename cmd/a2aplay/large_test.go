//go:build unix

package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeLarge writes a transcript of n exchanges to path without holding
// it in memory: blocking SendMessage calls between a planner and a code
// reviewer, each answered with a task, every other one waiting for input
// and the next completing it. It returns the file's size.
func writeLarge(tb testing.TB, path string, n int) int64 {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# a2aplay transcript 1\n# title: %d exchanges\n# participant: planner\n# participant: code-reviewer http://localhost:41242\n", n)
	t0 := time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)
	at := func(ms int) string {
		return t0.Add(time.Duration(ms) * time.Millisecond).Format("2006-01-02T15:04:05.000Z")
	}
	for i := 1; i <= n; i++ {
		task := fmt.Sprintf("%08x-0000-4000-8000-%012x", i/2, i/2)
		state, text, ids := "TASK_STATE_INPUT_REQUIRED", "Which base branch should I compare this diff against?", ""
		if i%2 == 0 {
			state, text, ids = "TASK_STATE_COMPLETED", "Reviewed against main: two findings.", fmt.Sprintf(`,"taskId":%q`, task)
		}
		fmt.Fprintf(w, "\n### %d SendMessage\n# @from planner\n# @to code-reviewer\n# @at %s\n", i, at(i*500))
		fmt.Fprintf(w, "POST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\nA2A-Version: 1.0\n\n")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"method":"SendMessage","params":{"message":{"messageId":"m-%d","role":"ROLE_USER"%s,"parts":[{"text":"main"}]}}}`+"\n", i, i, ids)
		fmt.Fprintf(w, "\n# @at %s\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n", at(i*500+250))
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"task":{"id":%q,"contextId":"c-%d","status":{"state":%q,"message":{"messageId":"a-%d","role":"ROLE_AGENT","parts":[{"text":%q}]}}}}}`+"\n", i, task, i/2, state, i, text)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	st, err := f.Stat()
	if err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return st.Size()
}

// runSelf runs "a2aplay args..." as a process of its own (the test
// binary, which TestMain makes a2aplay) and returns its peak resident
// memory in bytes, so that a benchmark measures the command alone.
func runSelf(tb testing.TB, args ...string) (peak int64, stderr string) {
	tb.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "A2APLAY_TEST_AS_MAIN=1") // see TestMain
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			tb.Fatal(err)
		}
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		tb.Skip("no resource usage on this system")
	}
	return maxRSS(ru), string(out)
}

// BenchmarkFiguresLarge runs "a2aplay figures" in a process of its own
// on large transcripts and reports its peak resident memory, the input's
// size and the figure's: 60,000 exchanges (120,000 steps, 40 MB), which
// it reads and refuses for their steps, and 50,000 exchanges (100,000
// steps, as many as it reads), of which it draws 20,000 steps (as many
// as one figure draws). A larger file (100,000 exchanges are 67 MB) is
// refused by its size before it is read, in a few MB. The budget is
// 256 MB. Run:
//
//	go test ./cmd/a2aplay -run '^$' -bench FiguresLarge -benchtime 1x
func BenchmarkFiguresLarge(b *testing.B) {
	dir := b.TempDir()
	for _, tc := range []struct {
		name      string
		exchanges int
		args      []string
		refusal   string
	}{
		{"exchanges=60000", 60000, nil, "steps are more than a2aplay figures reads"},
		{"exchanges=50000,steps=1-20000", 50000, []string{"-steps", "1-20000"}, ""},
	} {
		b.Run(tc.name, func(b *testing.B) {
			in := filepath.Join(dir, fmt.Sprintf("large-%d.http", tc.exchanges))
			size := writeLarge(b, in, tc.exchanges)
			out := filepath.Join(dir, tc.name)
			var peak int64
			for b.Loop() {
				var msg string
				peak, msg = runSelf(b, append(append([]string{"figures", "-out", out}, tc.args...), in)...)
				if tc.refusal == "" && msg != "" || !strings.Contains(msg, tc.refusal) {
					b.Fatalf("a2aplay figures: %q", msg)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
			b.ReportMetric(float64(size)/(1<<20), "input-MB")
			if tc.refusal == "" {
				st, err := os.Stat(filepath.Join(out, fmt.Sprintf("large-%d.svg", tc.exchanges)))
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(st.Size())/(1<<20), "svg-MB")
			}
			if peak > 256<<20 {
				b.Errorf("peak resident memory %d MB, over the budget of 256 MB", peak>>20)
			}
		})
	}
}

// TestFiguresTooLarge: a transcript of more steps than a figure draws is
// refused with the range to ask for instead, and nothing is written.
func TestFiguresTooLarge(t *testing.T) {
	defer func(f, r, tb, hb int) {
		maxFigureSteps, maxTranscriptSteps, maxTranscriptBytes, maxHARBytes = f, r, tb, hb
	}(maxFigureSteps, maxTranscriptSteps, maxTranscriptBytes, maxHARBytes)
	maxFigureSteps, maxTranscriptSteps, maxTranscriptBytes, maxHARBytes = 40, 200, 1<<20, 1<<20
	dir := t.TempDir()
	in := filepath.Join(dir, "big.http")
	writeLarge(t, in, maxFigureSteps/2+1)
	out := filepath.Join(dir, "out")
	var stderr strings.Builder
	code := run(context.Background(), []string{"figures", "-out", out, in}, &stderr)
	want := fmt.Sprintf("%d steps are more than one figure draws (%d); draw a part with -steps, such as -steps 1-%d",
		maxFigureSteps+2, maxFigureSteps, maxFigureSteps)
	if code != 1 || !strings.Contains(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr.String(), want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the refused figure left its folder")
	}
	stderr.Reset()
	code = run(context.Background(), []string{"figures", "-out", out, "-steps", "3-", "-format", "mermaid", in}, &stderr)
	if code != 0 {
		t.Errorf("-steps 3-: exit %d: %s", code, stderr.String())
	}

	huge := filepath.Join(dir, "huge.http")
	writeLarge(t, huge, maxTranscriptSteps/2+1)
	stderr.Reset()
	code = run(context.Background(), []string{"figures", "-out", out, "-steps", "1-10", huge}, &stderr)
	want = fmt.Sprintf("%d steps are more than a2aplay figures reads (%d", maxTranscriptSteps+2, maxTranscriptSteps)
	if code != 1 || !strings.Contains(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr.String(), want)
	}

	// Files too large to read are refused by their size.
	writeLarge(t, huge, 2000) // about 1.3 MB
	har := filepath.Join(dir, "big.har")
	if err := os.WriteFile(har, []byte(`{"log":{"entries":[`+strings.Repeat(" ", 1200<<10)+`]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		huge: "a transcript of 1.3 MB is more than a2aplay figures reads (1 MB",
		har:  "a HAR file of 1.2 MB is more than a2aplay figures reads (1 MB",
	} {
		stderr.Reset()
		code = run(context.Background(), []string{"figures", "-out", out, file}, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), want) {
			t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr.String(), want)
		}
	}
}
