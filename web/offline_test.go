package web

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteOffline: the file holds what BuildOffline writes, in a folder
// made for it; a page that cannot be built leaves no file behind.
func TestWriteOffline(t *testing.T) {
	o := testOptions(t)
	var want bytes.Buffer
	if err := BuildOffline(&want, o); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dist", "a2aplay-offline.html")
	if err := WriteOffline(path, o); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s: %d bytes (%v), want BuildOffline's %d", path, len(got), err, want.Len())
	}

	bad := filepath.Join(t.TempDir(), "bad.html")
	o.Transcripts = nil
	if err := WriteOffline(bad, o); err == nil {
		t.Error("WriteOffline with no transcripts: no error")
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a failed WriteOffline left %s (stat: %v)", bad, err)
	}
}
