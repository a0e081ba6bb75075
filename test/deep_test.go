package test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// deepen puts into one body of text, a transcript, a member that nests
// objects depth deep: into the first body that has a "jsonrpc" member,
// or the last one when last is set.
func deepen(t *testing.T, text []byte, depth int, last bool) []byte {
	t.Helper()
	const at = `"jsonrpc":"2.0"`
	i := bytes.Index(text, []byte(at))
	if last {
		i = bytes.LastIndex(text, []byte(at))
	}
	if i < 0 {
		t.Fatalf("no %s in the transcript", at)
	}
	deep := strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth)
	i += len(at)
	return append(append(append([]byte(nil), text[:i]...), `,"deep":`+deep...), text[i:]...)
}

// TestDeepJSON: a transcript with a body nested deeper than a2aplay
// reads (jsonread.MaxDepth), 5,000 and 9,999 deep, small enough for the
// page to read itself or large enough for the worker that opens large
// files, is refused with the error the command line gives, naming the
// file, the line and the limit. The page never stays on "Opening…", and
// goes on stepping the transcript it showed, then opens the next file.
func TestDeepJSON(t *testing.T) {
	tb := newTab(t)
	tb.reducedMotion()
	dir := t.TempDir()
	small := shippedNamed(t, sample)
	large := longTranscript(t, 600)
	if len(large) < 1<<20 {
		t.Fatalf("the large file is %d bytes: too small to be opened off the page's thread", len(large))
	}
	files := []struct {
		name string
		text []byte
	}{
		{"deep-5000.http", deepen(t, small, 5000, false)},
		{"deep-9999.http", deepen(t, small, 9999, false)},
		{"deep-large.http", deepen(t, large, 9999, true)},
	}
	tb.open(env.url)
	tb.at(env.shipped[0].Name, 0)
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, f.text, 0o644); err != nil {
			t.Fatal(err)
		}
		// What a2aplay check and figures print (cmd/a2aplay's tests
		// hold them to it).
		_, err := replay.Parse(f.text, f.name)
		if err == nil || !strings.Contains(err.Error(), jsonread.ErrTooDeep.Error()) {
			t.Fatalf("%s: replay.Parse gives %v, want the depth error", f.name, err)
		}
		want := err.Error()

		before := tb.state()
		tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
		tb.wait(`document.getElementById("banner-text")?.textContent.includes(` + js(want) + `) && !document.getElementById("banner").hidden`)
		tb.wait(`!document.querySelector(".opening:not([hidden])")`)
		if st := tb.state(); st.Transcript != before.Transcript || st.Step != before.Step {
			t.Errorf("%s: after the error the page shows %+v, want %+v as before", f.name, st, before)
		}
		// The page's Go still runs: it steps.
		tb.key("ArrowRight")
		tb.at(before.Transcript, before.Step+1)
		tb.keepScreenshot("deep-json-" + strings.TrimSuffix(f.name, ".http"))
	}

	// A good file opens after them, small and large: the worker that
	// refused the large one still opens files.
	good := filepath.Join(dir, "good.http")
	if err := os.WriteFile(good, large, 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{good}))
	tb.wait(`a2aplay.state().transcript === "good.http" && a2aplay.state().steps === 5400`)
	if b := tb.banner(); b != "" {
		t.Errorf("after a good file the banner says %q", b)
	}
	tb.checkClean()
}
