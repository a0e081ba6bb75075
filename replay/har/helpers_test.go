package har

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/a2aplay/a2aplay/replay"
)

// allTranscriptFiles lists the transcripts of replay's tests: the
// hand-written ones in its testdata and the captured ones.
func allTranscriptFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"../testdata/*.http", "../../transcripts/*.http"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no transcripts found")
	}
	return files
}

// mustParseFile reads the transcript file and parses it.
func mustParseFile(t *testing.T, file string) *replay.Transcript {
	t.Helper()
	tr, err := replay.Parse(mustReadFile(t, file), file)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// ignoreLines compares transcripts without the Line fields, which only
// Parse sets.
var ignoreLines = cmp.Options{
	cmpopts.IgnoreFields(replay.Exchange{}, "Line"),
	cmpopts.IgnoreFields(replay.Request{}, "Line"),
	cmpopts.IgnoreFields(replay.Response{}, "Line"),
	cmpopts.IgnoreFields(replay.Frame{}, "Line"),
	cmpopts.IgnoreFields(replay.StreamEnd{}, "Line"),
	cmpopts.EquateEmpty(),
}
