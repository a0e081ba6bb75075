package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what a check reports instead of
// failing the test that runs it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }

func TestCheckSame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.svg")
	os.WriteFile(path, []byte("<svg/>\n"), 0o644)
	r := &recorder{TB: t}
	Check(r, path, []byte("<svg/>\n"))
	if len(r.errs) != 0 {
		t.Errorf("equal bytes reported %q", r.errs)
	}
	if _, err := os.Stat(GotPath(path)); !os.IsNotExist(err) {
		t.Errorf("equal bytes wrote %s (stat: %v)", GotPath(path), err)
	}
}

func TestCheckDiffers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.layout.json")
	os.WriteFile(path, []byte("one\ntwo\n"), 0o644)
	r := &recorder{TB: t}
	Check(r, path, []byte("one\nthree\n"))
	if len(r.errs) != 1 {
		t.Fatalf("reported %d errors, want 1: %q", len(r.errs), r.errs)
	}
	msg := r.errs[0]
	gotPath := filepath.Join(dir, "x.layout.got.json")
	for _, want := range []string{path, "-want +got", "two", "three", "wrote " + gotPath,
		"go test ./internal/golden -run '^TestCheckDiffers$' -update"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if b, err := os.ReadFile(gotPath); err != nil || string(b) != "one\nthree\n" {
		t.Errorf("%s = %q, %v; want what the test produced", gotPath, b, err)
	}
}

func TestCheckMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.txt")
	r := &recorder{TB: t}
	Check(r, path, []byte("x"))
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "to create it, run go test ./internal/golden -run '^TestCheckMissing$' -update") {
		t.Errorf("missing file reported %q", r.errs)
	}
}

func TestCheckUpdate(t *testing.T) {
	defer func(was bool) { *update = was }(*update)
	*update = true
	path := filepath.Join(t.TempDir(), "new", "a.txt")
	r := &recorder{TB: t}
	CheckString(r, path, "fresh\n")
	if len(r.errs) != 0 {
		t.Fatalf("-update reported %q", r.errs)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "fresh\n" {
		t.Errorf("-update wrote %q, %v", b, err)
	}
}

func TestGotPath(t *testing.T) {
	for path, want := range map[string]string{
		"testdata/a.svg":         "testdata/a.got.svg",
		"testdata/a.layout.json": "testdata/a.layout.got.json",
		"testdata/shipped":       "testdata/shipped.got",
		"testdata/.hidden":       "testdata/.hidden.got",
	} {
		if got := GotPath(path); got != want {
			t.Errorf("GotPath(%q) = %q, want %q", path, got, want)
		}
	}
}
