package check

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/growtest"
	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

// sessionCorpus is every transcript the package's tests read, the
// shipped ones and the browser tests' foreign files.
func sessionCorpus(t *testing.T) []string {
	var files []string
	for _, p := range []string{"../transcripts/*.http", "testdata/*/*.http", "testdata/*.http", "../test/testdata/foreign/*.http", "../test/testdata/*.http"} {
		m, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("the corpus has %d transcripts", len(files))
	}
	return files
}

// sameAsRun updates s with t and changed and holds its report to Run's.
func sameAsRun(t *testing.T, s *Session, o Options, tr *replay.Transcript, changed []int, what string) bool {
	t.Helper()
	want, err := Run(context.Background(), tr, o)
	if err != nil {
		t.Fatal(err)
	}
	got := s.Update(tr, changed)
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s (max %d): Session's report differs from Run's (-Run +Session):\n%s", what, o.MaxPerRule, d)
		return false
	}
	return true
}

// TestSessionIsRun: for every transcript of the corpus, at every
// prefix, and grown as a live session grows (each exchange's request
// first, then its response, a stream left open, half read, while the
// next two exchanges come, and then closed), a Session's report is
// Run's, with all findings and with one per rule.
func TestSessionIsRun(t *testing.T) {
	resets := 0
	for _, file := range sessionCorpus(t) {
		tr := load(t, file)
		for _, max := range []int{0, 1} {
			o := Options{MaxPerRule: max}
			s := NewSession(o)
			now := *tr
			now.Exchanges = nil
			for i, ex := range tr.Exchanges {
				now.Exchanges = append(now.Exchanges[:i:i], ex)
				if !sameAsRun(t, s, o, &now, []int{i}, file+" prefix "+itoa(i+1)) {
					break
				}
			}
			if s.Resets != 1 && inOrder(tr) {
				t.Errorf("%s: grown by prefixes, a Session checked it whole %d times, though its requests are in time order", file, s.Resets)
			}

			s = NewSession(o)
			growtest.Grow(tr, func(now *replay.Transcript, changed []int, what string) bool {
				return sameAsRun(t, s, o, now, changed, file+" "+what)
			})
			resets += s.Resets
		}
	}
	t.Logf("the staged growths checked a transcript whole %d times", resets)
}

// inOrder says whether every exchange's request, response and frames
// come after every request before it, as in a live session.
func inOrder(tr *replay.Transcript) bool {
	var last time.Time
	for _, ex := range tr.Exchanges {
		if ex.Request.At.Before(last) {
			return false
		}
		last = ex.Request.At
		if r := ex.Response; r != nil && r.At.Before(last) {
			return false
		}
	}
	return true
}

func itoa(n int) string { return strconv.Itoa(n) }

// FuzzSession: whatever a transcript holds, a Session grown by prefixes
// and as a live session grows reports what Run does at each step.
func FuzzSession(f *testing.F) {
	replaytest.Seed(f, "testdata/rules/*.http", "testdata/cases/*.http", "../transcripts/*.http")
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := replay.Parse(data, "f.http")
		if err != nil || len(tr.Exchanges) > 64 {
			return
		}
		o := Options{MaxPerRule: 1}
		s := NewSession(o)
		growtest.Grow(tr, func(now *replay.Transcript, changed []int, what string) bool {
			return sameAsRun(t, s, o, now, changed, what)
		})
	})
}
