package har

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/a2aplay/a2aplay/replay"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// checkGolden compares got with the golden file at path. With -update it
// rewrites the file; otherwise a difference fails the test and writes got
// beside the golden file as NAME.got.EXT. accept is the command that
// rewrites this golden file, which the failure names.
func checkGolden(t *testing.T, path string, got []byte, accept string) {
	t.Helper()
	if *update {
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
