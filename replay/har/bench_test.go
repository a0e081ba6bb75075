package har

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/internal/cputime"
)

// BenchmarkRead reads HAR files of about 1, 4, 16 and 36 MB (the MB
// column), made of a Chromium fixture's entries repeated (see [bigHAR]):
// sessions with ids of their own, and the same session repeated, where
// every approval names every copy's task. Reading is linear when the
// time grows as the size does: cpu-MB/s, the size over the processor
// time the process used, stays level. Run:
//
//	go test ./replay/har -run '^$' -bench Read -benchtime 1x
func BenchmarkRead(b *testing.B) {
	for _, ids := range []string{"own", "shared"} {
		for _, copies := range []int{20, 80, 320, 880} {
			b.Run(fmt.Sprintf("ids=%s/copies=%d", ids, copies), func(b *testing.B) {
				data := bigHAR(b, "../../test/testdata/har/chromium-jsonrpc.har", copies, ids == "own")
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				cpu0, cpuOK := cputime.Used()
				for b.Loop() {
					t, err := Read(data, "big.har")
					if err != nil {
						b.Fatal(err)
					}
					if len(t.Exchanges) == 0 {
						b.Fatal("no exchanges")
					}
				}
				b.ReportMetric(float64(len(data))/1e6, "MB")
				// MB/s counts the time other programs took the machine;
				// MB per second of the process's processor time does not.
				if cpu1, ok := cputime.Used(); ok && cpuOK {
					b.ReportMetric(float64(len(data))*float64(b.N)/1e6/(cpu1-cpu0).Seconds(), "cpu-MB/s")
				}
			})
		}
	}
}

var (
	timestampRE = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z`)
	uuidRE      = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-([0-9a-f]{12})`)
)

// bigHAR returns a HAR log of the entries of the HAR file repeated
// copies times, as a browser would save that many sessions one after
// another: each copy is later than the one before by the span of the
// file's times plus a second. With ownIDs, the task, context and message
// ids of each copy are its own (an id's last 12 hex digits plus the
// copy's number), so the copies do not share tasks; without, every
// approval names every copy's task.
func bigHAR(tb testing.TB, file string, copies int, ownIDs bool) []byte {
	tb.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	var f struct {
		Log struct {
			Version string            `json:"version"`
			Creator json.RawMessage   `json:"creator"`
			Pages   json.RawMessage   `json:"pages"`
			Entries []json.RawMessage `json:"entries"`
		} `json:"log"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		tb.Fatal(err)
	}
	var first, last time.Time
	for _, m := range timestampRE.FindAll(data, -1) {
		t, err := time.Parse(time.RFC3339Nano, string(m))
		if err != nil {
			tb.Fatal(err)
		}
		if first.IsZero() || t.Before(first) {
			first = t
		}
		if t.After(last) {
			last = t
		}
	}
	span := last.Sub(first) + time.Second
	entries := make([]json.RawMessage, 0, copies*len(f.Log.Entries))
	for k := range copies {
		shift := time.Duration(k) * span
		for _, e := range f.Log.Entries {
			e = timestampRE.ReplaceAllFunc(e, func(m []byte) []byte {
				t, _ := time.Parse(time.RFC3339Nano, string(m))
				return []byte(t.Add(shift).UTC().Format("2006-01-02T15:04:05.000Z"))
			})
			if !ownIDs {
				entries = append(entries, e)
				continue
			}
			e = uuidRE.ReplaceAllFunc(e, func(m []byte) []byte {
				n, _ := strconv.ParseUint(string(m[24:]), 16, 64)
				return fmt.Appendf(m[:24:24], "%012x", (n+uint64(k))&(1<<48-1))
			})
			entries = append(entries, e)
		}
	}
	f.Log.Entries = entries
	out, err := json.Marshal(f)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}
