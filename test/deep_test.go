package test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/check"
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
// goes on stepping the transcript it showed. Files nested exactly as deep
// as the limit then open, small and large, with their findings from the
// check worker, and the inspector draws the deep body as JSON.
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

	// Files nested as deep as a2aplay reads open after them, small and
	// large: the worker that refused the large one still opens files,
	// and the check worker answers with the findings check.Check has.
	// The member goes one level below the body's top.
	for _, f := range []struct {
		name string
		text []byte
	}{
		{"deep-256.http", deepen(t, small, jsonread.MaxDepth-1, false)},
		{"deep-256-large.http", deepen(t, large, jsonread.MaxDepth-1, true)},
	} {
		tr, err := replay.Parse(f.text, f.name)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, f.text, 0o644); err != nil {
			t.Fatal(err)
		}
		tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
		tb.wait(`(s => s.transcript === ` + js(f.name) + ` && s.steps === ` + itoa(len(replay.Steps(tr))) + ` && s.findings >= 0)(a2aplay.state())`)
		if n, want := eval[int](tb, `a2aplay.state().findings`), len(check.Check(tr)); n != want {
			t.Errorf("%s: %d findings, want %d", f.name, n, want)
		}
		if b := tb.banner(); b != "" {
			t.Errorf("%s: the banner says %q", f.name, b)
		}
		if f.name != "deep-256.http" {
			continue
		}
		// The inspector shows the deep body as JSON: a fold a level.
		tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(1)`))
		tb.at(f.name, 1)
		tb.click("#tab-json")
		if n := eval[int](tb, `document.querySelectorAll("#insp-json details.j-fold").length`); n < jsonread.MaxDepth {
			t.Errorf("%s: the JSON tab has %d folds, want one for each of %d levels at least", f.name, n, jsonread.MaxDepth)
		}
		tb.click("#tab-raw")
	}
	tb.checkClean()
}
