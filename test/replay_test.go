package test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// sample is the hand-written transcript of test/testdata: 9 steps, two
// tasks, a stream and an approval outside A2A.
const sample = "t1-sample"

// TestFirstPaintWithoutWasm loads the page with its module missing: the
// diagram drawn at build time is there anyway, and the loader says why
// stepping does not work.
func TestFirstPaintWithoutWasm(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.Navigate(env.noWASM))
	n := eval[int](tb, `document.querySelectorAll("#diagram svg [data-step]").length`)
	if n == 0 {
		t.Fatal("no pre-rendered diagram steps in the page")
	}
	tb.wait(`!document.getElementById("banner").hidden`)
	if b := tb.banner(); !strings.Contains(b, "could not start") {
		t.Errorf("banner = %q, want it to say the viewer could not start", b)
	}
	if eval[bool](tb, `document.documentElement.dataset.viewer === "ready"`) {
		t.Error("the viewer says it is ready without its module")
	}
	tb.keepScreenshot("first-paint-without-wasm")
}

func TestLoad(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	first := env.shipped[0].Name
	if s := tb.state(); s.Transcript != first || s.Step != 0 || s.Steps == 0 {
		t.Errorf("state = %+v, want %s at the overview", s, first)
	}
	if n := eval[int](tb, `document.querySelectorAll("#picker option").length`); n != len(env.shipped) {
		t.Errorf("picker has %d options, want %d", n, len(env.shipped))
	}
	if m := tb.marks(); len(m.Current) != 0 || len(m.Later) != 0 || m.All != tb.state().Steps {
		t.Errorf("overview marks = %+v, want none and %d steps", m, tb.state().Steps)
	}
	if b := tb.banner(); b != "" {
		t.Errorf("banner shows %q", b)
	}
	tb.keepScreenshot("load")
	tb.dark(true)
	tb.key("ArrowRight")
	tb.key("ArrowRight")
	tb.key("ArrowRight")
	tb.at(first, 3)
	tb.keepScreenshot("load-dark-step-3")
	tb.dark(false)

	// A phone's width: one column, nothing cut off.
	tb.do(chromedp.EmulateViewport(420, 900))
	tb.keepScreenshot("narrow")
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 420 {
		t.Errorf("the page is %dpx wide in a 420px window", w)
	}
	tb.do(chromedp.ResetViewport())
	tb.checkClean()
}

// TestWarmUp: when idle after it opens, the page reads, steps and draws
// a transcript of its own off screen until it has drawn some thousands
// of steps (wasm/viewer/warm.go), and none of it shows: the diagram, the
// position, the history and the banner stay as they were. A transcript
// loaded after is drawn whole.
func TestWarmUp(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=2")
	tb.at(sample, 2)
	diagram := `document.getElementById("diagram").innerHTML`
	before, length := eval[string](tb, diagram), eval[int](tb, `history.length`)
	tb.wait(`!a2aplay.state().warming`)
	type warm struct {
		Warmed    int    `json:"warmed"`
		WarmError string `json:"warmError"`
	}
	if w := eval[warm](tb, `a2aplay.state()`); w.WarmError != "" || w.Warmed < 2000 {
		t.Errorf("the warm-up stopped after %d steps (%q), want 2,000 or more and no error", w.Warmed, w.WarmError)
	}
	// It ends with a garbage collection, so that the page's first one
	// is not compiled in a task that takes in a large file's findings.
	if gcs := eval[int](tb, `a2aplay.memory().gcs`); gcs < 1 {
		t.Errorf("after the warm-up the page's Go runtime has collected %d times, want 1 or more", gcs)
	}
	tb.at(sample, 2)
	if eval[string](tb, diagram) != before {
		t.Error("the diagram changed while the page warmed up")
	}
	if n := eval[int](tb, `history.length`); n != length || tb.banner() != "" {
		t.Errorf("after the warm-up: %d history entries (was %d), banner %q", n, length, tb.banner())
	}
	text := shippedNamed(t, "07-auth-required")
	type loaded struct {
		Steps int    `json:"steps"`
		Error string `json:"error"`
	}
	r := eval[loaded](tb, `a2aplay.load("07.http", `+js(string(text))+`)`)
	if r.Error != "" || r.Steps == 0 {
		t.Fatalf("load after the warm-up: %+v", r)
	}
	if n := eval[int](tb, `document.querySelectorAll("#diagram svg [data-step]").length`); n != r.Steps {
		t.Errorf("the transcript loaded after the warm-up shows %d steps, want %d", n, r.Steps)
	}
	tb.checkClean()
}

func TestStepping(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample)
	tb.at(sample, 0)
	check := func(k int) {
		t.Helper()
		tb.at(sample, k)
		m := tb.marks()
		wantCur := ""
		if k > 0 {
			wantCur = itoa(k)
		}
		if strings.Join(m.Current, ",") != wantCur || len(m.Later) != max(0, 9-k) || (k == 0 && len(m.Later) != 0) {
			t.Errorf("at step %d: marks %+v", k, m)
		}
		if k > 0 {
			h := eval[string](tb, `document.getElementById("insp-heading").textContent`)
			if !strings.HasPrefix(h, "Step "+itoa(k)+" of 9") {
				t.Errorf("at step %d: inspector heading %q", k, h)
			}
		}
		if v := eval[string](tb, `document.getElementById("scrub").value`); v != itoa(k) {
			t.Errorf("at step %d: scrubber %s", k, v)
		}
	}
	tb.click("#next")
	check(1)
	tb.click("#next")
	tb.click("#next")
	check(3)
	tb.click("#prev")
	check(2)
	tb.click("#last")
	check(9)
	if !eval[bool](tb, `document.getElementById("next").disabled`) {
		t.Error("next is enabled at the last step")
	}
	tb.click("#first")
	check(1)

	tb.key("ArrowRight")
	check(2)
	tb.key("ArrowLeft")
	check(1)
	tb.key("End")
	check(9)
	tb.key("Home")
	check(1)

	// Play at 4×, then pause.
	tb.do(chromedp.Evaluate[chromedp.Void](`(s => { s.value = "4"; s.dispatchEvent(new Event("change")); })(document.getElementById("speed"))`))
	tb.key(" ")
	if !tb.state().Playing {
		t.Fatal("space did not start playback")
	}
	tb.wait(`a2aplay.state().step >= 3`)
	tb.key(" ")
	if s := tb.state(); s.Playing {
		t.Fatal("space did not pause")
	}
	paused := tb.state().Step
	time.Sleep(600 * time.Millisecond)
	if s := tb.state(); s.Step != paused {
		t.Errorf("moved from %d to %d while paused", paused, s.Step)
	}

	// The scrubber.
	tb.do(chromedp.Evaluate[chromedp.Void](`(s => { s.value = "5"; s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); })(document.getElementById("scrub"))`))
	check(5)

	// Click a step in the diagram.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#diagram [data-step="4"] .arrow').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	check(4)
	tb.waitHash("#t=" + sample + "&s=4")
	raw := eval[string](tb, `document.getElementById("insp-raw").textContent`)
	if !strings.Contains(raw, "data: ") {
		t.Errorf("inspector raw text of a frame: %q", raw)
	}
	tb.keepScreenshot("step-4")
	tb.click("#tab-json")
	if eval[bool](tb, `document.getElementById("insp-json").hidden`) {
		t.Error("the JSON tab did not show")
	}
	tb.keepScreenshot("step-4-json")
	tb.checkClean()
}

func TestDeepLinks(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=5")
	tb.at(sample, 5)
	if m := tb.marks(); strings.Join(m.Current, ",") != "5" {
		t.Errorf("marks %+v, want s5 current", m)
	}
	tb.open(env.url + "?t=" + sample + "&s=2")
	tb.at(sample, 2)
	// A query changes the document, so each of these loads afresh.
	tb.open(env.url + "?load=2#t=zz-markup&s=3")
	tb.at("zz-markup", 3)
	tb.open(env.url + "?load=3#t=no-such-transcript&s=2")
	tb.at(env.shipped[0].Name, 2)
	if b := tb.banner(); !strings.Contains(b, "no-such-transcript") {
		t.Errorf("banner %q does not name the missing transcript", b)
	}
	// A fragment typed into the same page moves it without a reload.
	tb.do(chromedp.Evaluate[chromedp.Void](`location.hash = "#t=` + sample + `&s=7"`))
	tb.at(sample, 7)
	if b := tb.banner(); b != "" {
		t.Errorf("the banner still shows %q after another transcript came up", b)
	}
	tb.keepScreenshot("deep-link-step-7")
	tb.checkClean()
}

// TestHistory: steps rewrite the history entry, so one Back leaves a
// transcript however far the learner stepped; another transcript, or
// another mode, adds an entry, and Back and Forward move between them.
func TestHistory(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=1")
	tb.at(sample, 1)
	length := func() int { return eval[int](tb, `history.length`) }
	start := length()
	for k := 2; k <= 6; k++ {
		tb.click("#next")
		tb.at(sample, k)
	}
	tb.key("ArrowLeft")
	tb.at(sample, 5)
	tb.waitHash("#t=" + sample + "&s=5")
	tb.do(chromedp.Evaluate[chromedp.Void](`(s => { s.value = "7"; s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); })(document.getElementById("scrub"))`))
	tb.at(sample, 7)
	if n := length(); n != start {
		t.Errorf("seven steps added %d history entries, want none", n-start)
	}

	// Another transcript is a new entry; stepping in it is not. It is
	// picked before step 7's link is written (record waits a moment):
	// the entry left must still name step 7 (Back, below).
	tb.do(chromedp.Evaluate[chromedp.Void](`(p => { p.value = "zz-markup"; p.dispatchEvent(new Event("change")); })(document.getElementById("picker"))`))
	tb.at("zz-markup", 0)
	tb.key("ArrowRight")
	tb.key("ArrowRight")
	tb.at("zz-markup", 2)
	// Written once the transcript is painted.
	tb.wait(`history.length === ` + itoa(start+1) + ` && location.hash === "#t=zz-markup&s=2"`)
	// So is another mode.
	tb.click("#mode-live")
	tb.wait(`document.documentElement.dataset.mode === "live"`)
	if n := length(); n != start+2 {
		t.Errorf("after opening Live the history has %d more entries, want 2", n-start)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`history.back()`))
	tb.at("zz-markup", 2)
	tb.do(chromedp.Evaluate[chromedp.Void](`history.back()`))
	tb.at(sample, 7)
	if v := eval[string](tb, `document.getElementById("picker").value`); v != sample {
		t.Errorf("picker shows %q after back", v)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`history.forward()`))
	tb.at("zz-markup", 2)
	tb.checkClean()
}

func TestOpenFiles(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	first := env.shipped[0].Name
	dir := t.TempDir()
	good := filepath.Join(dir, "my-capture.http")
	text := shippedNamed(t, sample)
	if err := os.WriteFile(good, text, 0o644); err != nil {
		t.Fatal(err)
	}

	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{good}))
	tb.at("my-capture.http", 0)
	if s := tb.state(); s.Steps != 9 {
		t.Errorf("opened file has %d steps, want 9", s.Steps)
	}
	if src := eval[string](tb, `document.getElementById("source").textContent`); !strings.Contains(src, "my-capture.http") {
		t.Errorf("source line %q", src)
	}
	tb.key("ArrowRight")
	tb.at("my-capture.http", 1)
	tb.waitHash("#f=my-capture.http&s=1")
	tb.keepScreenshot("opened-file")

	// A bad file: an error with its line, and the page goes on.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{filepath.Join(env.testdata, "files", "bad.http")}))
	tb.wait(`!document.getElementById("banner").hidden`)
	if b := tb.banner(); !strings.Contains(b, "bad.http:8:") {
		t.Errorf("banner %q does not name bad.http:8", b)
	}
	tb.keepScreenshot("bad-file")
	tb.at("my-capture.http", 1)
	tb.key("ArrowRight")
	tb.at("my-capture.http", 2)

	// A picture: said in plain words, not as a parse error.
	png := filepath.Join(dir, "diagram.png")
	if err := os.WriteFile(png, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{png}))
	tb.wait(`document.getElementById("banner-text").textContent.includes("diagram.png")`)
	if b := tb.banner(); !strings.Contains(b, "not an a2aplay transcript or HAR") || !strings.Contains(b, "PNG picture") || strings.Contains(b, `\r\n`) {
		t.Errorf("banner for a PNG: %q", b)
	}
	tb.keepScreenshot("png-file")
	// A HAR of a web page: no A2A call in it.
	pages := filepath.Join(dir, "pages.har")
	if err := os.WriteFile(pages, []byte(`{"log":{"version":"1.2","entries":[{"startedDateTime":"2026-10-06T09:00:00.000Z","time":1,
		"request":{"method":"GET","url":"https://example.com/","httpVersion":"HTTP/1.1","headers":[]},
		"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[],"content":{"size":2,"mimeType":"text/html","text":"hi"}}}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{pages}))
	tb.wait(`document.getElementById("banner-text").textContent.includes("pages.har")`)
	if b := tb.banner(); !strings.Contains(b, "no A2A calls in this HAR") {
		t.Errorf("banner for a HAR without A2A calls: %q", b)
	}
	tb.at("my-capture.http", 2) // still shown

	// A HAR file of the same capture.
	tr, err := replay.Parse(text, sample+".http")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := har.Write(&log, tr); err != nil {
		t.Fatal(err)
	}
	harPath := filepath.Join(dir, "network-log.har")
	if err := os.WriteFile(harPath, log.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{harPath}))
	tb.at("network-log.har", 0)
	if s := tb.state(); s.Steps != 9 {
		t.Errorf("HAR file has %d steps, want 9", s.Steps)
	}
	if b := tb.banner(); b != "" {
		t.Errorf("banner after a good HAR: %q", b)
	}

	// Back to a shipped transcript through the picker.
	tb.do(chromedp.Evaluate[chromedp.Void](`(p => { p.value = ` + js(first) + `; p.dispatchEvent(new Event("change")); })(document.getElementById("picker"))`))
	tb.at(first, 0)
	tb.checkClean()
}

func TestExports(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=2")
	dir := tb.allowDownloads()
	text := shippedNamed(t, sample)
	tr, err := replay.Parse(text, sample+".http")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := har.Write(&log, tr); err != nil {
		t.Fatal(err)
	}
	svg, mermaid := nativeFigures(t, tr)

	for _, ex := range []struct {
		button, file string
		want         []byte
	}{
		{"#export-http", sample + ".http", text},
		{"#export-har", sample + ".har", log.Bytes()},
		{"#export-svg", sample + ".svg", svg},
		{"#export-mermaid", sample + ".mmd", mermaid},
	} {
		tb.click("#export summary")
		tb.click(ex.button)
		got := waitFile(t, tb.ctx, filepath.Join(dir, ex.file))
		if !bytes.Equal(got, ex.want) {
			t.Errorf("%s: the download differs from what the Go code writes natively (%d bytes, want %d)\n got: %.300s\nwant: %.300s",
				ex.file, len(got), len(ex.want), got, ex.want)
		}
	}
	tb.checkClean()
}

// waitFile waits for a finished download.
func waitFile(t *testing.T, ctx context.Context, path string) []byte {
	t.Helper()
	for {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no download %s", filepath.Base(path))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// TestMarkupStaysText walks a transcript whose title, notes, headers and
// bodies carry <script>, <img onerror> and friends: every one must show
// as text, add no element and run nothing.
func TestMarkupStaysText(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=zz-markup")
	tb.at("zz-markup", 0)
	scripts := eval[int](tb, `document.scripts.length`)
	n := tb.state().Steps
	var seen strings.Builder
	for k := 1; k <= n; k++ {
		tb.key("ArrowRight")
		tb.at("zz-markup", k)
		tb.click("#tab-json")
		seen.WriteString(eval[string](tb, `document.getElementById("inspector").textContent`))
		tb.click("#tab-raw")
		// The arrows on a focused tab move between the tabs: step from
		// the page.
		tb.do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
	}
	tb.keepScreenshot("markup-as-text")
	for _, want := range []string{
		`<img src=x onerror="window.__pwned='note'; alert('note')">`,
		`</script><script>alert("note2")</script>`,
		`X-Evil: <svg onload="alert('header')">`,
		`<script>alert('event')</script>`,
	} {
		if !strings.Contains(seen.String(), want) {
			t.Errorf("the inspector never showed %q as text", want)
		}
	}
	if got := eval[string](tb, `document.getElementById("picker").selectedOptions[0].textContent`); !strings.Contains(got, `<script>window.__pwned = "title"`) {
		t.Errorf("picker option %q does not show the title as text", got)
	}
	if got := eval[int](tb, `document.scripts.length`); got != scripts {
		t.Errorf("the page has %d scripts, had %d", got, scripts)
	}
	for _, sel := range []string{"img", "iframe", "style", "a[href^=javascript]", "b[onmouseover]", "[onerror]", "[onload]"} {
		if c := eval[int](tb, `document.body.querySelectorAll(`+js(sel)+`).length`); c != 0 {
			t.Errorf("the page has %d %s elements", c, sel)
		}
	}
	if p := eval[bool](tb, `window.__pwned !== undefined`); p {
		t.Error("a transcript's script ran")
	}
	tb.checkClean()
}

// TestPanicShowsBanner makes a callback of the shipped page panic: a
// keydown that is not a KeyboardEvent, whose ctrlKey the key handler
// reads as a boolean (syscall/js panics on undefined). The banner says
// so and the page keeps working. (The page has no call that panics on
// purpose: the test uses what a script could send it.)
func TestPanicShowsBanner(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample)
	tb.at(sample, 0)
	tb.do(chromedp.Evaluate[chromedp.Void](`document.dispatchEvent(new Event("keydown"))`))
	tb.wait(`!document.getElementById("banner").hidden`)
	if b := tb.banner(); !strings.Contains(b, "internal error") {
		t.Errorf("banner %q", b)
	}
	tb.click("#banner-close")
	tb.key("ArrowRight")
	tb.at(sample, 1)
	if b := tb.banner(); b != "" {
		t.Errorf("banner still shows %q", b)
	}
}

// TestOffline opens the single-file page from disk.
func TestOffline(t *testing.T) {
	tb := newTab(t)
	tb.open(env.offline)
	first := env.shipped[0].Name
	tb.at(first, 0)
	tb.key("ArrowRight")
	tb.at(first, 1)
	tb.do(chromedp.Evaluate[chromedp.Void](`(p => { p.value = ` + js(sample) + `; p.dispatchEvent(new Event("change")); })(document.getElementById("picker"))`))
	tb.at(sample, 0)
	tb.key("End")
	tb.at(sample, 9)
	if b := tb.banner(); b != "" {
		t.Errorf("banner %q", b)
	}
	if csp := eval[string](tb, `document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`); !strings.Contains(csp, "script-src 'sha256-") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("offline CSP %q", csp)
	}
	tb.keepScreenshot("offline")
	tb.checkClean()
}

// TestShippedTranscripts opens every shipped transcript in the middle
// of its steps, with no banner, and keeps a screenshot of each.
func TestShippedTranscripts(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	for _, s := range env.shipped {
		tb.do(chromedp.Evaluate[chromedp.Void](`(p => { p.value = ` + js(s.Name) + `; p.dispatchEvent(new Event("change")); })(document.getElementById("picker"))`))
		tb.at(s.Name, 0)
		n := tb.state().Steps
		if n == 0 {
			t.Errorf("%s has no steps", s.Name)
			continue
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa((n+1)/2) + `)`))
		tb.at(s.Name, (n+1)/2)
		if b := tb.banner(); b != "" {
			t.Errorf("%s: banner %q", s.Name, b)
		}
		tb.keepScreenshot("shipped-" + s.Name)
	}
	tb.checkClean()
}

// TestDropFile drops a transcript on the page, as a learner drags one
// from their desktop.
func TestDropFile(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	path := filepath.Join(t.TempDir(), "dropped.http")
	if err := os.WriteFile(path, shippedNamed(t, sample), 0o644); err != nil {
		t.Fatal(err)
	}
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: []string{path}, DragOperationsMask: 1}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver} {
		if _, err := chromedp.Call(tb.ctx, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: 400, Y: 400, Data: data}); err != nil {
			t.Fatal(err)
		}
	}
	if eval[bool](tb, `document.getElementById("drop").hidden`) {
		t.Error("no drop hint while a file is dragged over the page")
	}
	tb.keepScreenshot("drag-over")
	if _, err := chromedp.Call(tb.ctx, input.DispatchDragEvent, input.DispatchDragEventParams{Type: input.DispatchDragEventTypeDrop, X: 400, Y: 400, Data: data}); err != nil {
		t.Fatal(err)
	}
	tb.at("dropped.http", 0)
	if !eval[bool](tb, `document.getElementById("drop").hidden`) {
		t.Error("the drop hint stays after the drop")
	}
	tb.checkClean()
}

// waitHash waits for the URL to name want: a step's link is written into
// it a moment after the step, once for a run of steps.
func (tb *tab) waitHash(want string) {
	tb.t.Helper()
	pred := "location.hash === " + strconv.Quote(want)
	chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](pred, chromedp.WithPollingTimeout(3*time.Second)))
	if h := eval[string](tb, `location.hash`); h != want {
		tb.t.Errorf("the URL names %q, want %q", h, want)
	}
}
