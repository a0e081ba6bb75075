package test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestOpenLineEndings opens the sample saved with Windows ("\r\n") and
// old Mac ("\r") line breaks: both replay like the original.
func TestOpenLineEndings(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	text := shippedNamed(t, sample)
	dir := t.TempDir()
	for name, eol := range map[string]string{"windows.http": "\r\n", "old-mac.http": "\r"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, bytes.ReplaceAll(text, []byte("\n"), []byte(eol)), 0o644); err != nil {
			t.Fatal(err)
		}
		tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
		tb.at(name, 0)
		if s := tb.state(); s.Steps != 9 {
			t.Errorf("%s: %d steps, want 9", name, s.Steps)
		}
		if b := tb.banner(); b != "" {
			t.Errorf("%s: banner %q", name, b)
		}
	}
	tb.checkClean()
}
