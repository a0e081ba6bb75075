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

// FuzzSSEScanner: the frames found in a stream do not depend on how the
// stream is cut into writes, and no input panics.
func FuzzSSEScanner(f *testing.F) {
	seedTranscripts(f, func(data []byte) { f.Add(data, uint16(17)) })
	f.Add([]byte("id: 1\ndata: a\n\n: keep-alive\n\nevent: e\r\ndata: b\r\ndata: c\r\n\r\n"), uint16(3))
	f.Add([]byte("data:x\n\ndata\n\nretry: 5\n\n:\n\n"), uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, cut uint16) {
		collect := func(chunks ...[]byte) []replay.Frame {
			var s sseScanner
			var out []replay.Frame
			for _, c := range chunks {
				s.feed(c, func(fr replay.Frame) { out = append(out, fr) })
			}
			return out
		}
		whole := collect(data)
		i := int(cut) % (len(data) + 1)
		split := collect(data[:i], data[i:])
		if diff := cmp.Diff(whole, split); diff != "" {
			t.Errorf("frames differ when cut at %d (-whole +cut):\n%s", i, diff)
		}
		bytewise := make([][]byte, len(data))
		for j := range data {
			bytewise[j] = data[j : j+1]
		}
		if diff := cmp.Diff(whole, collect(bytewise...)); diff != "" {
			t.Errorf("frames differ when fed a byte at a time (-whole +bytes):\n%s", diff)
		}
	})
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
