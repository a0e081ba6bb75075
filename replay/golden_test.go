package replay

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

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
