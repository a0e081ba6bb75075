package har

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

// TestEntries: each exchange of a browser's log points at the entry it
// comes from, whose request has the exchange's URL, with and without
// the traffic that is not A2A; its line and column are those of the
// entry's braces.
func TestEntries(t *testing.T) {
	for _, file := range []string{"testdata/chrome-deploy.har", "testdata/firefox-rest.har"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []Options{{}, {KeepAll: true}} {
			tr, err := ReadWith(data, file, opts)
			if err != nil {
				t.Fatal(err)
			}
			es, err := Entries(data, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(es) != len(tr.Exchanges) {
				t.Fatalf("%s %+v: %d entries for %d exchanges", file, opts, len(es), len(tr.Exchanges))
			}
			lines := strings.Split(string(data), "\n")
			skipped := false
			for i, e := range es {
				var got struct {
					Request struct{ URL string } `json:"request"`
				}
				if err := json.Unmarshal(data[e.Start:e.End], &got); err != nil {
					t.Fatalf("%s exchange %d: entries[%d] at %d..%d is not an object: %v", file, i+1, e.Index, e.Start, e.End, err)
				}
				if got.Request.URL != tr.Exchanges[i].Request.URL {
					t.Errorf("%s exchange %d: entries[%d] requests %s, the exchange %s", file, i+1, e.Index, got.Request.URL, tr.Exchanges[i].Request.URL)
				}
				skipped = skipped || e.Index != i
				if r := []rune(lines[e.Line-1]); e.Column < 1 || e.Column > len(r) || r[e.Column-1] != '{' {
					t.Errorf("%s exchange %d: line %d column %d is not the entry's {", file, i+1, e.Line, e.Column)
				}
				if r := []rune(lines[e.EndLine-1]); e.EndColumn < 2 || e.EndColumn-1 > len(r) || r[e.EndColumn-2] != '}' {
					t.Errorf("%s exchange %d: line %d column %d does not follow the entry's }", file, i+1, e.EndLine, e.EndColumn)
				}
			}
			if !opts.KeepAll && file == "testdata/chrome-deploy.har" && !skipped {
				t.Errorf("%s: no entry left out, so the test shows nothing", file)
			}
		}
	}
}

// TestEntriesBOMAndOneLine: offsets count a byte order mark, and a log
// on one line has its entries apart by column.
func TestEntriesBOMAndOneLine(t *testing.T) {
	entry := `{"startedDateTime":"2026-10-06T09:00:00Z","time":3,"request":{"method":"GET","url":"http://a/x"},"response":{"status":200,"content":{"text":"ok"}}}`
	data := []byte("\xef\xbb\xbf" + `{"version":"1.2","log":{"creator":{"name":"é"},"entries":[` + entry + ", " + strings.Replace(entry, "/x", "/y", 1) + `]}}`)
	es, err := Entries(data, Options{KeepAll: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || string(data[es[0].Start:es[0].End]) != entry || es[1].Line != 1 || es[1].Column != es[0].EndColumn+2 {
		t.Errorf("entries %+v", es)
	}
}

// FuzzEntries: whatever ReadWith reads, Entries gives one entry per
// exchange, each an object of the file; what it refuses, Entries
// refuses too, and neither panics.
func FuzzEntries(f *testing.F) {
	for _, file := range replaytest.Glob(f, "testdata/*.har") {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"log":{"log":1,"entries":[{"startedDateTime":"2026-10-06T09:00:00Z","time":3,"request":{"method":"GET","url":"http://a/"},"response":{"status":200}}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ReadWith(data, "fuzz", Options{KeepAll: true})
		es, eerr := Entries(data, Options{KeepAll: true})
		if err != nil {
			var se *replay.SyntaxError
			var he *Error
			if eerr == nil && (errors.As(err, &se) || errors.As(err, &he)) {
				t.Fatalf("ReadWith refuses (%v), Entries does not", err)
			}
			return
		}
		if eerr != nil {
			return // a log with a member twice: ReadWith takes the last, Entries the first
		}
		if len(es) != len(tr.Exchanges) {
			t.Fatalf("%d entries for %d exchanges", len(es), len(tr.Exchanges))
		}
		for _, e := range es {
			if e.Start < 0 || e.End > len(data) || e.Start >= e.End || data[e.Start] != '{' || e.Line < 1 || e.Column < 1 {
				t.Fatalf("entry %+v", e)
			}
		}
	})
}
