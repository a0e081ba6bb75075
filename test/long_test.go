package test

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
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
		if cur := eval[string](tb, `document.querySelector("#diagram .step.current").getAttribute("data-step")`); cur != itoa(k) {
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
	dir := t.TempDir()
	if _, err := chromedp.Call(tb.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: new(true),
	}); err != nil {
		t.Fatal(err)
	}
	tb.click("#export summary")
	tb.click("#export-svg")
	svg := waitFile(t, tb.ctx, filepath.Join(dir, "long.svg"))
	if n := len(regexp.MustCompile(`<g class="step[^"]*" id="s\d+" data-step="`).FindAll(svg, -1)); n != 5400 {
		t.Errorf("the exported SVG has %d steps, want 5,400", n)
	}
	tb.checkClean()
}
