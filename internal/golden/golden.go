package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files with what the tests produce now")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Check compares got with the golden file at path, relative to the
// package's folder. With -update it writes got there (making its folder)
// instead. A missing file or a difference fails the test.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("golden file: %v; to create it, run %s", err, Accept(t))
		return
	}
	if bytes.Equal(want, got) {
		return
	}
	gotPath := GotPath(path)
	wrote := "wrote " + gotPath
	if err := os.WriteFile(gotPath, got, 0o644); err != nil {
		wrote = fmt.Sprintf("could not write what the test produced: %v", err)
	}
	t.Errorf("%s differs from what the test produced (-want +got):\n%s\n%s; if it is right, run %s",
		path, cmp.Diff(string(want), string(got)), wrote, Accept(t))
}

// CheckString is Check for text.
func CheckString(t testing.TB, path, got string) {
	t.Helper()
	Check(t, path, []byte(got))
}

// GotPath is where Check writes what a test produced when it differs
// from the golden file at path: ".got" before the last extension, or
// after the name when it has none.
func GotPath(path string) string {
	ext := filepath.Ext(path)
	if ext == "" || ext == filepath.Base(path) {
		return path + ".got"
	}
	return strings.TrimSuffix(path, ext) + ".got" + ext
}

// Accept is the command that rewrites the golden files of t's top-level
// test: go test ./PKG -run '^TestName$' -update, with PKG the package's
// folder relative to the module's root (the folder that holds go.mod).
func Accept(t testing.TB) string {
	name, _, _ := strings.Cut(t.Name(), "/")
	return fmt.Sprintf("go test %s -run '^%s$' -update", packageArg(), name)
}

// packageArg names the current folder as go test takes it from the
// module's root, or "." when no go.mod is found above it.
func packageArg() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}
