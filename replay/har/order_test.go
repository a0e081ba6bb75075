package har

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

// TestOrderCausesIndexed checks that orderCauses, which finds the
// exchange that resumes a task through an index, moves the same frames
// as looking at every exchange for every wait does, on the fixtures and
// on logs of many sessions: with ids of their own, and with the ids of
// one session repeated, where every approval names every task.
func TestOrderCausesIndexed(t *testing.T) {
	logs := map[string][]byte{
		"same ids":  bigHAR(t, "../../test/testdata/har/chromium-jsonrpc.har", 40, false),
		"own ids":   bigHAR(t, "../../test/testdata/har/chromium-jsonrpc.har", 40, true),
		"causes":    causeHAR(nil),
		"no causes": causeHAR([]string{"", "", "", ""}),
	}
	for _, file := range append(replaytest.Glob(t, "testdata/*.har"), replaytest.Glob(t, "../../test/testdata/har/*.har")...) {
		logs[file] = replaytest.ReadFile(t, file)
	}
	for name, data := range logs {
		t.Run(name, func(t *testing.T) {
			got, want := mustReadLog(t, data), mustReadLog(t, data)
			orderCauses(got.t, got.estimated)
			orderCausesReference(want.t, want.estimated)
			if diff := cmp.Diff(want.t, got.t); diff != "" {
				t.Errorf("orderCauses differs from the reference (-want +got):\n%s", diff)
			}
			moved := 0
			for _, x := range got.t.Exchanges {
				for _, n := range x.Notes {
					moved += strings.Count(n, "which resumed the task")
				}
			}
			t.Logf("%d exchanges, %d waits resolved", len(got.t.Exchanges), moved)
			if strings.Contains(name, "ids") && moved < 40 {
				t.Errorf("%d waits resolved, want one per copy at least", moved)
			}
		})
	}
}

func mustReadLog(t *testing.T, data []byte) *harReader {
	t.Helper()
	r, err := readLog(data, "log.har", Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// orderCausesReference is orderCauses as it was before the index: for
// every wait, every exchange is looked at.
func orderCausesReference(t *replay.Transcript, estimated map[*replay.Exchange]bool) {
	used := map[*replay.Exchange]bool{}
	for _, s := range t.Exchanges {
		if !estimated[s] {
			continue
		}
		st := s.Response.Stream
		var moved []string
		for i := 0; i+1 < len(st.Frames); i++ {
			f := replay.ReadFrameStatus(st.Frames[i].Data)
			if f.Task == "" || !replay.Interrupted(f.State) || replay.Interrupted(replay.ReadFrameStatus(st.Frames[i+1].Data).State) {
				continue
			}
			var cause *replay.Exchange
			for _, o := range t.Exchanges {
				if o != s && !used[o] && resumes(o) && !o.Request.At.Before(s.Request.At) &&
					(strings.Contains(o.Request.URL, f.Task) || strings.Contains(o.Request.Body, f.Task)) &&
					(cause == nil || o.Request.At.Before(cause.Request.At)) {
					cause = o
				}
			}
			if cause == nil {
				continue
			}
			used[cause] = true
			if placeAround(s, i, cause) {
				moved = append(moved, movedNote(s, i, cause))
			}
		}
		noteMoved(s, moved)
	}
}
