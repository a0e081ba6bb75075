package replay

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The -update flag rewrites golden files. Other test files of this
// package may define it too: whichever initialises first defines it, and
// the others look it up.
var _ = func() bool {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files in testdata")
	}
	return true
}()

// updateGolden reports whether -update was given.
func updateGolden() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	b, _ := g.Get().(bool)
	return b
}

// compareGolden compares got with the golden file at path. With -update
// it rewrites the file; otherwise a difference fails the test and writes
// got beside the golden file as NAME.got.EXT.
func compareGolden(t *testing.T, path string, got []byte, accept string) {
	t.Helper()
	if updateGolden() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; to create it, run %s", err, accept)
	}
	if string(want) == string(got) {
		return
	}
	ext := filepath.Ext(path)
	gotPath := strings.TrimSuffix(path, ext) + ".got" + ext
	if err := os.WriteFile(gotPath, got, 0o644); err != nil {
		t.Error(err)
	}
	t.Errorf("%s differs (-want +got):\n%s\nwrote %s; to accept it, run %s", path, cmp.Diff(string(want), string(got)), gotPath, accept)
}

func TestEventsJSONGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.http")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".http")
		t.Run(name, func(t *testing.T) {
			tr := mustParseFile(t, file)
			got, err := EventsJSON(tr)
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", name+".events.json"), got, "go test ./replay -run EventsJSON -update")
		})
	}
}

// TestEventsJSONTranscripts checks that every events.json beside a
// captured transcript is what EventsJSON derives from it.
func TestEventsJSONTranscripts(t *testing.T) {
	files, err := filepath.Glob("../transcripts/*.events.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr := mustParseFile(t, strings.TrimSuffix(file, ".events.json")+".http")
			got, err := EventsJSON(tr)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s is not what EventsJSON derives from its transcript (-file +derived):\n%s", file, diff)
			}
		})
	}
}

func TestEventsJSON(t *testing.T) {
	tr := fullTranscript()
	got, err := EventsJSON(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `[
  {
    "exchange": 1,
    "name": "SendStreamingMessage",
    "from": "client",
    "to": "deployer",
    "frames": [
      {
        "frame": 1,
        "at": "2026-10-06T09:00:00.500Z",
        "id": "1",
        "data": {
          "x": 1
        }
      },
      {
        "frame": 2,
        "at": "2026-10-06T09:00:00.750Z",
        "event": "e",
        "data": ""
      },
      {
        "frame": 3,
        "at": "2026-10-06T09:00:00.750Z",
        "id": " 2",
        "event": "ev",
        "data": "a\n\n b\n"
      }
    ],
    "end": {
      "at": "2026-10-06T09:00:02.000Z",
      "by": "client"
    }
  },
  {
    "exchange": 5,
    "name": "SubscribeToTask",
    "from": "client",
    "to": "deployer",
    "frames": [],
    "end": null
  }
]
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	got, err = EventsJSON(&Transcript{})
	if err != nil || string(got) != "[]\n" {
		t.Errorf("EventsJSON(empty) = %q, %v; want \"[]\\n\"", got, err)
	}

	tr.Exchanges[0].Response.Stream.Frames[0].Data = "<b>&</b>"
	tr.Exchanges[0].Response.Stream.Frames[1].Data = `"<b>"`
	got, err = EventsJSON(tr)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"data": "<b>&</b>"`, `"data": "<b>"`} {
		if !strings.Contains(string(got), s) {
			t.Errorf("output lacks %s (HTML escaped?):\n%s", s, got)
		}
	}

	tr.Exchanges[0].Response.Stream.Frames[0].At = baseTime.Add(1)
	if _, err := EventsJSON(tr); err == nil {
		t.Error("EventsJSON accepted a time that is not a whole millisecond")
	}
}

func mustParseFile(t *testing.T, file string) *Transcript {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Parse(data, file)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
