package capture

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

// seedTranscripts adds the repository's transcripts to a fuzz corpus.
func seedTranscripts(f *testing.F, add func(data []byte)) {
	f.Helper()
	paths, _ := filepath.Glob(filepath.Join(transcriptsDir, "*.http"))
	if len(paths) == 0 {
		f.Fatalf("no transcripts in %s to seed the corpus", transcriptsDir)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		add(data)
	}
}

// FuzzNormalize: normalising any transcript never panics, keeps a
// writable transcript writable, and normalising twice changes nothing.
func FuzzNormalize(f *testing.F) {
	seedTranscripts(f, func(data []byte) { f.Add(data) })
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := replay.Parse(data, "fuzz.http")
		if err != nil {
			return
		}
		_, werr := replay.Marshal(tr)
		if err := Normalize(tr, "fuzz", nil); err != nil {
			t.Fatalf("Normalize: %v", err)
		}
		once, err := replay.Marshal(tr)
		if werr == nil && err != nil {
			t.Fatalf("a writable transcript is not writable once normalised: %v", err)
		}
		if err != nil {
			return
		}
		if err := Normalize(tr, "fuzz", nil); err != nil {
			t.Fatalf("Normalize again: %v", err)
		}
		twice, err := replay.Marshal(tr)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(once), string(twice)); diff != "" {
			t.Errorf("normalising twice changed the transcript (-once +twice):\n%s", diff)
		}
	})
}
