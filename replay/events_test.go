package replay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/internal/replaytest"
)

func TestEventsJSONGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.http")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".http")
		t.Run(name, func(t *testing.T) {
			tr := replaytest.ParseFile(t, file, Parse)
			got, err := EventsJSON(tr)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", name+".events.json"), got)
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
			tr := replaytest.ParseFile(t, strings.TrimSuffix(file, ".events.json")+".http", Parse)
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
