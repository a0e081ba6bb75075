package check

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

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

// staged is exchange ex as a live session shows it at stage k: 0, the
// request alone; 1, its response, a stream with half its frames and
// still open; 2, whole.
func staged(ex *replay.Exchange, k int) *replay.Exchange {
	if k >= 2 || ex.Response == nil {
		return ex
	}
	x := *ex
	if k == 0 {
		x.Response = nil
		return &x
	}
	if st := ex.Response.Stream; st != nil {
		r := *ex.Response
		r.Stream = &replay.Stream{Frames: st.Frames[:len(st.Frames)/2]}
		x.Response = &r
	}
	return &x
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
			now.Exchanges = nil
			var open []int // streams left open, by position
			for i, ex := range tr.Exchanges {
				now.Exchanges = append(now.Exchanges[:i:i], staged(ex, 0))
				ok := sameAsRun(t, s, o, &now, []int{i}, file+" request "+itoa(i+1))
				now.Exchanges[i] = staged(ex, 1)
				ok = ok && sameAsRun(t, s, o, &now, []int{i}, file+" response "+itoa(i+1))
				if now.Exchanges[i] != ex {
					open = append(open, i)
				}
				for len(open) > 0 && open[0] <= i-2 {
					j := open[0]
					open = open[1:]
					now.Exchanges[j] = tr.Exchanges[j]
					ok = ok && sameAsRun(t, s, o, &now, []int{j}, file+" closed "+itoa(j+1))
				}
				if !ok {
					break
				}
			}
			var changed []int
			for _, j := range open {
				now.Exchanges[j] = tr.Exchanges[j]
				changed = append(changed, j)
			}
			sameAsRun(t, s, o, &now, slices.Clone(changed), file+" all closed")
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
