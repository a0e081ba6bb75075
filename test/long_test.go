package test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/replay"
)

// longTranscript repeats the sample's exchanges copies times, later each
// time, as one transcript.
func longTranscript(t *testing.T, copies int) []byte {
	t.Helper()
	one, err := replay.Parse(shippedNamed(t, sample), sample+".http")
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := replay.Write(&text, one); err != nil {
		t.Fatal(err)
	}
	long := *one
	long.Exchanges = nil
	for c := range copies {
		again, err := replay.Parse(text.Bytes(), sample+".http")
		if err != nil {
			t.Fatal(err)
		}
		shift := time.Duration(c) * time.Minute
		for _, ex := range again.Exchanges {
			ex.Seq = len(long.Exchanges) + 1
			ex.Request.At = ex.Request.At.Add(shift)
			if r := ex.Response; r != nil {
				r.At = r.At.Add(shift)
				if s := r.Stream; s != nil {
					for i := range s.Frames {
						s.Frames[i].At = s.Frames[i].At.Add(shift)
					}
					if s.End != nil {
						s.End.At = s.End.At.Add(shift)
					}
				}
			}
			long.Exchanges = append(long.Exchanges, ex)
		}
	}
	var b bytes.Buffer
	if err := replay.Write(&b, &long); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestLongTranscript: of a transcript of thousands of steps the page
// draws the steps around the current one, draws the next ones as the
// learner steps there, summarises the task lane, and still exports the
// whole diagram.
func TestLongTranscript(t *testing.T) {
	tb := newTab(t)
	text := longTranscript(t, 600) // 5,400 steps
	tb.reducedMotion()
	tb.open(env.url)
	type loaded struct {
		Steps int    `json:"steps"`
		Error string `json:"error"`
	}
	r := eval[loaded](tb, `a2aplay.load("long.http", `+js(string(text))+`)`)
	if r.Error != "" || r.Steps != 5400 {
		t.Fatalf("load: %+v", r)
	}
	drawn := func() int {
		return eval[int](tb, `document.querySelectorAll("#diagram .fig > svg:last-child [data-step]").length`)
	}
	if n := drawn(); n == 0 || n > 600 {
		t.Errorf("%d steps drawn of 5,400, want at most 600", n)
	}
	for _, k := range []int{1, 3000, 3001, 5400} {
		tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
		tb.at("long.http", k)
		tb.waitQuiet(`(f => f.found && f.inView)(`+focusBox+`)`, func() string { return "step " + itoa(k) })
		if cur := eval[string](tb, `document.querySelector('#diagram [aria-current="step"]').getAttribute("data-step")`); cur != itoa(k) {
			t.Errorf("at step %d the current step drawn is %s", k, cur)
		}
		if n := drawn(); n > 600 {
			t.Errorf("at step %d, %d steps drawn", k, n)
		}
	}
	if src := eval[string](tb, `document.getElementById("source").textContent`); !strings.Contains(src, "of 5400 drawn") {
		t.Errorf("the source line does not say what is drawn: %q", src)
	}
	segs := eval[[]int](tb, `[...document.querySelectorAll("#lane .lane-track")].map(t => t.children.length)`)
	for i, n := range segs {
		if n > 160 {
			t.Errorf("lane %d draws %d segments, want a summary of at most 160", i, n)
		}
	}
	tb.keepScreenshot("long-transcript")

	// Export writes every step.
	dir := tb.allowDownloads()
	tb.click("#export summary")
	tb.click("#export-svg")
	svg := waitFile(t, tb.ctx, filepath.Join(dir, "long.svg"))
	if n := len(regexp.MustCompile(`<g class="step[^"]*" id="s\d+" data-step="`).FindAll(svg, -1)); n != 5400 {
		t.Errorf("the exported SVG has %d steps, want 5,400", n)
	}
	tb.checkClean()
}

// largeFile opens the playground in a new tab that asks for reduced
// motion, and writes a file of 5,400 steps (longTranscript), large.http,
// large enough to be opened off the page's thread: it returns the tab
// and the file's path.
func largeFile(t *testing.T) (*tab, string) {
	tb := newTab(t)
	text := longTranscript(t, 600) // 5,400 steps
	if len(text) < 1<<20 {
		t.Fatalf("the file is %d bytes: too small to be opened off the page's thread", len(text))
	}
	path := filepath.Join(t.TempDir(), "large.http")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	tb.reducedMotion()
	tb.open(env.url)
	return tb, path
}

// watchOpener notes what the page and the worker that opens large files
// say to each other, in window.__opener: the worker sends parts (and
// wholes), the page asks for them and says when it has shown each
// ("part 3", "shown 3"); and in window.__parts, the rows each part comes
// with, drawn and in pieces.
func watchOpener(tb *tab) {
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		window.__opener = [];
		window.__parts = [];
		const W = window.Worker;
		// A message's kind, its request's id and a request's op, from
		// the start of its bytes (package view/msg): the version, the
		// kind, the id (a zigzag varint), then a request's op.
		const read = (b) => {
			if (!(b instanceof Uint8Array)) return {};
			let i = 1, v = 0, shift = 0, c;
			const kind = String.fromCharCode(b[i++]);
			do { c = b[i++]; v += (c & 0x7f) * 2 ** shift; shift += 7; } while (c & 0x80);
			const id = v % 2 ? -(v + 1) / 2 : v / 2;
			const op = kind === "R" ? {o: "open", s: "shown", p: "part", e: "export", h: "har"}[String.fromCharCode(b[i])] : "";
			return {kind, id, op};
		};
		window.Worker = class extends W {
			constructor(...args) {
				super(...args);
				this.addEventListener("message", (e) => {
					const d = e.data || {};
					const {kind, id} = read(d.m);
					if (kind === "P" || kind === "W") window.__opener.push((kind === "P" ? "part " : "whole ") + id);
					if (kind === "P") window.__parts.push({rows: (d.svg.match(/ data-step="/g) || []).length, pieces: d.more.length});
				});
			}
			postMessage(m, ...rest) {
				const {op, id} = read(m && m.m);
				if (op) window.__opener.push(op + " " + id);
				return super.postMessage(m, ...rest);
			}
		};
	})()`))
}

// TestOpenLargeFile: a large file is opened off the page's thread: the
// page shows how far the opening has got, keeps answering while it
// does, then steps through the file's windows as the worker sends them,
// and exports it whole.
func TestOpenLargeFile(t *testing.T) {
	tb, path := largeFile(t)
	// What the page shows while the file opens, and whether a timer
	// runs meanwhile; a key pressed during the opening still steps the
	// transcript shown.
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		window.__seen = new Set();
		window.__ticks = 0;
		window.__ticker = setInterval(() => {
			window.__ticks++;
			const o = document.querySelector(".opening:not([hidden])");
			if (o) window.__seen.add(o.textContent);
		}, 5);
	})()`))
	watchOpener(tb)
	before := tb.state()
	// A learner clicks Open file… first: while they pick the file, the
	// page reads a part of its own as it will read the opener's.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("open").click()`))
	tb.wait(`performance.getEntriesByName("a2aplay-reader-warm").length === 1`)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.wait(`!!document.querySelector(".opening:not([hidden]) progress")`)
	ticks := eval[int](tb, `window.__ticks`)
	tb.key("ArrowRight")
	if st := tb.state(); st.Transcript == "large.http" {
		t.Fatal("the file opened before the test could look at its opening; make it larger")
	} else if st.Step != before.Step+1 {
		t.Errorf("a key pressed while the file opens: step %d, want %d", st.Step, before.Step+1)
	}
	tb.wait(`a2aplay.state().transcript === "large.http" && a2aplay.state().steps === 5400`)
	// The first screen shows first; the window then widens to its 240
	// steps when the page is idle. A step the learner goes to meanwhile
	// is drawn current, and the steps after it dimmed as they come in.
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(200)`))
	tb.wait(`document.querySelector('#diagram [aria-current="step"]')?.getAttribute("data-step") === "200"`)
	tb.wait(`document.querySelectorAll("#diagram .fig > svg:last-child .steps > [data-step]").length === 240`)
	var later []string
	for k := 201; k <= 240; k++ {
		later = append(later, itoa(k))
	}
	if m := tb.marks(); strings.Join(m.Current, ",") != "200" || strings.Join(m.Later, ",") != strings.Join(later, ",") || m.All != 240 {
		t.Errorf("the window widened to 240 steps is marked %+v at step 200, want 200 current and 201 to 240 under the veil", m)
	}
	// The window's rows say their places among the file's 5,400 steps.
	if bad := eval[[]string](tb, `[...document.querySelectorAll("#diagram .fig > svg:last-child .steps > [data-step]")].filter(g => g.getAttribute("aria-posinset") !== g.dataset.step || g.getAttribute("aria-setsize") !== "5400").map(g => g.dataset.step)`); len(bad) > 0 {
		t.Errorf("rows %v of the window do not say their place among the file's 5400 steps", bad)
	}
	if src := eval[string](tb, `document.getElementById("source").textContent`); !strings.Contains(src, "steps 1–240 of 5400 drawn") {
		t.Errorf("the source line does not say the window is drawn: %q", src)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(0)`))
	seen := eval[[]string](tb, `clearInterval(window.__ticker), [...window.__seen]`)
	if len(seen) == 0 || !strings.Contains(strings.Join(seen, "\n"), "Opening large.http") {
		t.Errorf("no progress shown while the file opened: %q", seen)
	}
	if n := eval[int](tb, `window.__ticks`); n <= ticks+2 {
		t.Errorf("a timer ran %d times while the file opened: the page's thread was held", n-ticks)
	}
	if eval[bool](tb, `!!document.querySelector(".opening:not([hidden])")`) {
		t.Error("the progress still shows after the file opened")
	}
	// The first window may come before the worker has every step: the
	// tasks are counted, and the lane drawn, when it has.
	tb.wait(`/5400 steps in 1800 exchanges, \d+ tasks?\./.test(document.getElementById("insp-label").textContent)`)
	tb.wait(`document.querySelectorAll("#lane .lane-track .seg").length > 0`)
	// The worker sent the file's first screen, its first window and the
	// rest; the page said when it had shown each (the worker waits for
	// that before it goes on, as the tests of wasm/checker check).
	tb.wait(`window.__opener.filter(e => e.startsWith("shown ")).length >= 3`)
	talk := eval[string](tb, `(l => {
		const id = l.find(e => e.startsWith("open ")).split(" ")[1];
		return l.filter(e => e.split(" ")[1] === id && !e.startsWith("open ")).map(e => e.split(" ")[0]).join(" ");
	})(window.__opener)`)
	sent, shown, early := 0, 0, false
	for _, w := range strings.Fields(talk) {
		if w == "shown" {
			shown++
		} else {
			sent++
		}
		early = early || shown > sent
	}
	if sent != 3 || shown != 3 || early {
		t.Errorf("of the open, the worker and the page said %q: want three parts (or wholes), each said shown after it came", talk)
	}
	drawn := func() int {
		return eval[int](tb, `document.querySelectorAll("#diagram .fig > svg:last-child [data-step]").length`)
	}
	if n := drawn(); n == 0 || n > 600 {
		t.Errorf("%d steps drawn of 5,400, want at most 600", n)
	}
	for _, k := range []int{1, 3000, 3001, 5400, 2} {
		tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
		tb.at("large.http", k)
		// A step out of the window drawn is drawn when the worker has
		// sent the window around it.
		tb.wait(`document.querySelector('#diagram [aria-current="step"]')?.getAttribute("data-step") === "` + itoa(k) + `"`)
		tb.waitQuiet(`(f => f.found && f.inView)(`+focusBox+`)`, func() string { return "step " + itoa(k) })
		if h := eval[string](tb, `document.getElementById("insp-heading").textContent`); !strings.HasPrefix(h, "Step "+itoa(k)+" of 5400") {
			t.Errorf("at step %d the inspector says %q", k, h)
		}
	}
	if src := eval[string](tb, `document.getElementById("source").textContent`); !strings.Contains(src, "of 5400 drawn") {
		t.Errorf("the source line does not say what is drawn: %q", src)
	}

	// Export writes every step, from the worker that holds them.
	dir := tb.allowDownloads()
	tb.click("#export summary")
	tb.click("#export-svg")
	svg := waitFile(t, tb.ctx, filepath.Join(dir, "large.svg"))
	if n := len(regexp.MustCompile(`<g class="step[^"]*" id="s\d+" data-step="`).FindAll(svg, -1)); n != 5400 {
		t.Errorf("the exported SVG has %d steps, want 5,400", n)
	}
	tb.checkClean()
}

// TestLargeFileEnd: End on a large file the worker holds brings the
// window around its last step, drawn first as the rows of a screen
// around it, with the last step in view; stepping back from there onto
// rows not yet put in shows them at once, current and in view, and the
// window's rows, once all in, are each there once, in the order of
// their steps.
func TestLargeFileEnd(t *testing.T) {
	tb, path := largeFile(t)
	watchOpener(tb)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.wait(`/5400 steps in 1800 exchanges, \d+ tasks?\./.test(document.getElementById("insp-label").textContent)`)
	// The page puts a window's pieces in when it is idle: held here, so
	// that the steps below are taken before they are in.
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__idle = [], window.__ric = requestIdleCallback, window.requestIdleCallback = f => window.__idle.push(f)`))
	parts := eval[int](tb, `window.__parts.length`)
	wholes := eval[int](tb, `performance.getEntriesByName("a2aplay-window-whole").length`)
	type drawn struct {
		Steps []int `json:"steps"` // the steps whose rows are in, in the group's order
		Part  struct {
			Rows   int `json:"rows"`
			Pieces int `json:"pieces"`
		} `json:"part"` // the last window the worker sent
	}
	rows := func() drawn {
		return eval[drawn](tb, `({steps: [...document.querySelectorAll("#diagram .fig > svg:last-child .steps > [data-step]")].map(e => +e.dataset.step),
			part: window.__parts[window.__parts.length - 1]})`)
	}
	current := func(k int) {
		t.Helper()
		tb.at("large.http", k)
		tb.wait(`document.querySelector('#diagram [aria-current="step"]')?.getAttribute("data-step") === "` + itoa(k) + `"`)
		tb.waitQuiet(`(f => f.found && f.inView)(`+focusBox+`)`, func() string { return "step " + itoa(k) })
		if h := eval[string](tb, `document.getElementById("insp-heading").textContent`); !strings.HasPrefix(h, "Step "+itoa(k)+" of 5400") {
			t.Errorf("at step %d the inspector says %q", k, h)
		}
		if n := eval[int](tb, `document.querySelectorAll('#diagram [aria-current]').length`); n != 1 {
			t.Errorf("at step %d, %d steps are marked current", k, n)
		}
	}

	tb.key("End")
	tb.wait(`window.__parts.length > ` + itoa(parts))
	current(5400)
	d := rows()
	if d.Part.Rows == 0 || d.Part.Rows > 40 || d.Part.Pieces == 0 || len(d.Steps) != d.Part.Rows || d.Steps[len(d.Steps)-1] != 5400 {
		t.Fatalf("End: the window came with %d rows drawn and %d pieces, and the diagram holds steps %v; want the rows of a screen around step 5400", d.Part.Rows, d.Part.Pieces, d.Steps)
	}
	if src := eval[string](tb, `document.getElementById("source").textContent`); !strings.Contains(src, "steps 5161–5400 of 5400 drawn") {
		t.Errorf("the source line does not say the last window is drawn: %q", src)
	}
	// Back, one step at a time, past the screen's rows into a piece not
	// put in; then further back in the window, across pieces.
	top := d.Steps[0]
	for k := 5399; k >= top-3; k-- {
		tb.key("ArrowLeft")
		current(k)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(5200)`))
	current(5200)
	if m := tb.marks(); strings.Join(m.Current, ",") != "5200" {
		t.Errorf("at step 5200 the band covers steps %v", m.Current)
	}
	// The rest comes in when the page is idle.
	tb.do(chromedp.Evaluate[chromedp.Void](`window.requestIdleCallback = window.__ric, window.__idle.forEach(f => f())`))
	tb.wait(`performance.getEntriesByName("a2aplay-window-whole").length > ` + itoa(wholes))
	d = rows()
	want := make([]int, 0, 240)
	for k := 5161; k <= 5400; k++ {
		want = append(want, k)
	}
	if !slices.Equal(d.Steps, want) {
		t.Errorf("the window made whole holds steps %v, want 5161 to 5400, each once in order", d.Steps)
	}
	var later []string
	for k := 5201; k <= 5400; k++ {
		later = append(later, itoa(k))
	}
	if m := tb.marks(); strings.Join(m.Current, ",") != "5200" || strings.Join(m.Later, ",") != strings.Join(later, ",") || m.All != 240 {
		t.Errorf("the window made whole is marked %+v at step 5200, want 5200 current and 5201 to 5400 under the veil", m)
	}
	tb.key("ArrowLeft")
	current(5199)
	tb.checkClean()
}

// TestCancelOpen: a large file that is opening can be cancelled, and
// another file opened meanwhile replaces it.
func TestCancelOpen(t *testing.T) {
	tb := newTab(t)
	text := longTranscript(t, 600)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.http"), filepath.Join(dir, "b.http")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tb.open(env.url)
	before := tb.state()
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{a}))
	tb.wait(`!!document.querySelector(".opening:not([hidden]) button")`)
	tb.click(".opening button")
	if eval[bool](tb, `!!document.querySelector(".opening:not([hidden])")`) {
		t.Error("the progress still shows after Cancel")
	}
	// Long enough for the cancelled file to have opened.
	eval[bool](tb, `new Promise(r => setTimeout(() => r(true), 3000))`)
	if st := tb.state(); st.Transcript != before.Transcript {
		t.Errorf("after Cancel the page shows %q, want %q as before", st.Transcript, before.Transcript)
	}
	if b := tb.banner(); b != "" {
		t.Errorf("after Cancel the banner says %q", b)
	}

	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{a}))
	tb.wait(`!!document.querySelector(".opening:not([hidden])")`)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{b}))
	tb.wait(`a2aplay.state().transcript === "b.http"`)
	eval[bool](tb, `new Promise(r => setTimeout(() => r(true), 1000))`)
	if st := tb.state(); st.Transcript != "b.http" || st.Steps != 5400 {
		t.Errorf("the second file opened shows as %+v", st)
	}
	tb.checkClean()
}
