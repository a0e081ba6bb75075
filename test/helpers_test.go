package test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/a2aplay/a2aplay/view"
)

// A tab is one browser tab of a test, with the dialogs and console
// messages it saw.
type tab struct {
	t      *testing.T
	ctx    context.Context
	cancel context.CancelFunc // closes the tab

	mu       sync.Mutex
	dialogs  []string
	problems []string // uncaught exceptions and CSP reports
}

// newTab opens a tab; it closes when the test ends. Any JavaScript
// dialog is recorded and dismissed, so a test can assert that none came.
// Its pages hold the first screen as seen (view.WelcomeKey), as a
// returning learner's do: only the test of the first screen opens a tab
// of a first visit (firstVisitTab).
func newTab(t *testing.T) *tab {
	t.Helper()
	tb := firstVisitTab(t)
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `try { localStorage.setItem(` + js(view.WelcomeKey) + `, ` + js(view.WelcomeSeen) + `) } catch (e) {}`,
	}); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return tb
}

// storedTab opens a tab as newTab does whose pages start with value
// under key in localStorage ("" for nothing there), put there by a
// script that runs before the page's own. The tests of a file: page
// give it its storage so: in headless Chromium a file: page's
// localStorage is not reliably the one another renderer process wrote
// (under load, 2 runs in 8, a second tab saw a key written after the
// page's but not the page's; a reload lost it too), which real browsers
// keep. What the page wrote is asserted in the document that wrote it.
func storedTab(t *testing.T, key, value string) *tab {
	t.Helper()
	tb := newTab(t)
	set := `localStorage.removeItem(` + js(key) + `)`
	if value != "" {
		set = `localStorage.setItem(` + js(key) + `, ` + js(value) + `)`
	}
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `if (location.protocol !== "about:") try { ` + set + ` } catch (e) {}`,
	}); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return tb
}

// firstVisitTab opens a tab as newTab does, whose pages see a first
// visit: nothing in localStorage says the first screen was seen.
func firstVisitTab(t *testing.T) *tab {
	t.Helper()
	if env.skip != "" {
		t.Skip(env.skip)
	}
	ctx, cancel := chromedp.NewContext(env.browser)
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, cancel: cancel}
	if err := tb.guard("opening a tab", func() error { return chromedp.Do(ctx) }); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			tb.mu.Lock()
			tb.dialogs = append(tb.dialogs, ev.Message)
			tb.mu.Unlock()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			text := m.String()
			if m.IsException() || strings.Contains(text, "Content Security Policy") {
				tb.mu.Lock()
				tb.problems = append(tb.problems, text)
				tb.mu.Unlock()
			}
		}
	}()
	tctx, tcancel := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(tcancel)
	tb.ctx = tctx
	return tb
}

// stuckAfter is how long one call into the browser may take before the
// test gives up on the tab. chromedp honours its context while it waits
// for an answer, but not always while a renderer is unresponsive; a
// loaded machine then hangs a test until the package's -timeout.
const stuckAfter = 100 * time.Second

// guard runs f, one call into the browser, and returns its error, or an
// error saying what it was doing if the browser does not answer in time:
// then the tab is closed and the call left to end on its own.
func (tb *tab) guard(what string, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(stuckAfter):
		tb.cancel()
		return fmt.Errorf("the browser did not answer for %v while %s", stuckAfter, what)
	}
}

func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := tb.guard("running page actions", func() error { return chromedp.Do(tb.ctx, actions...) }); err != nil {
		tb.t.Fatal(err)
	}
}

// eval runs a JavaScript expression and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	var v T
	err := tb.guard("evaluating "+expr, func() (err error) {
		v, err = chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
		return err
	})
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript predicate until it holds.
func (tb *tab) wait(pred string) {
	tb.t.Helper()
	err := tb.guard("waiting for "+pred, func() error {
		_, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](pred, chromedp.WithPollingTimeout(20*time.Second)))
		return err
	})
	if err != nil {
		tb.t.Fatalf("waiting for %s: %v (state %+v, banner %q)", pred, err, tb.stateOrZero(), tb.banner())
	}
}

// open navigates and waits until the viewer has taken the page over.
func (tb *tab) open(url string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(url))
	tb.wait(`document.documentElement.dataset.viewer === "ready"`)
}

type viewerState struct {
	Transcript string `json:"transcript"`
	Step       int    `json:"step"`
	Steps      int    `json:"steps"`
	Playing    bool   `json:"playing"`
}

func (tb *tab) state() viewerState {
	tb.t.Helper()
	return eval[viewerState](tb, `a2aplay.state()`)
}

func (tb *tab) stateOrZero() viewerState {
	var v viewerState
	tb.guard("reading the state", func() (err error) {
		v, err = chromedp.Run(tb.ctx, chromedp.Evaluate[viewerState](`window.a2aplay ? a2aplay.state() : {}`))
		return err
	})
	return v
}

// banner returns the error banner's text, or "" when it is hidden.
func (tb *tab) banner() string {
	var v string
	tb.guard("reading the banner", func() (err error) {
		v, err = chromedp.Run(tb.ctx, chromedp.Evaluate[string](`document.getElementById("banner").hidden ? "" : document.getElementById("banner-text").textContent`))
		return err
	})
	return v
}

// at waits until the viewer shows transcript name at step k.
func (tb *tab) at(name string, k int) {
	tb.t.Helper()
	tb.wait(`(s => s.transcript === ` + js(name) + ` && s.step === ` + itoa(k) + `)(a2aplay.state())`)
}

func (tb *tab) click(sel string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(sel)))
}

// key presses a key: "ArrowRight", "ArrowLeft", "Home", "End" or " ".
func (tb *tab) key(k string) {
	tb.t.Helper()
	keys := map[string]string{"ArrowRight": kb.ArrowRight, "ArrowLeft": kb.ArrowLeft, "Home": kb.Home, "End": kb.End, " ": " "}
	c, ok := keys[k]
	if !ok {
		tb.t.Fatalf("no key %q", k)
	}
	tb.do(chromedp.KeyEvent(c))
}

// marks says which steps of the diagram the page marks, as a learner
// sees them: the current step is the one whose row the band (.now)
// covers, and the later steps are those whose rows lie under the part
// of the veil (.veil) its box (.marks) lets show; the marks must show
// and let the pointer through to the steps. All counts the steps drawn.
type marks struct {
	Current []string `json:"current"`
	Later   []string `json:"later"`
	All     int      `json:"all"`
}

const marksJS = `(() => {
	const m = document.querySelector("#diagram .marks");
	const on = m && !m.hidden && getComputedStyle(m).display !== "none" && getComputedStyle(m).pointerEvents === "none";
	const box = m ? m.getBoundingClientRect() : null;
	const now = on ? m.querySelector(".now").getBoundingClientRect() : null;
	const veil = on ? m.querySelector(".veil").getBoundingClientRect() : null;
	const near = (a, b) => Math.abs(a - b) < 1;
	const rows = [...document.querySelectorAll("#diagram .fig > svg .steps > [data-step]")].map(g => {
		const r = g.querySelector(":scope > .hit").getBoundingClientRect();
		return {step: g.getAttribute("data-step"), top: r.top, bottom: r.bottom};
	});
	const top = veil && Math.max(veil.top, box.top), bottom = veil && Math.min(veil.bottom, box.bottom);
	return {
		current: rows.filter(r => now && now.height > 0 && near(r.top, now.top) && near(r.bottom, now.bottom)).map(r => r.step),
		later: rows.filter(r => veil && bottom > top && r.top > top - 1 && r.bottom < bottom + 1).map(r => r.step),
		all: new Set([...document.querySelectorAll("#diagram [data-step]")].map(e => e.getAttribute("data-step"))).size,
	};
})()`

func (tb *tab) marks() marks {
	tb.t.Helper()
	return eval[marks](tb, marksJS)
}

// keepScreenshot writes a screenshot of the viewport to
// test/artifacts/screenshots/NAME.png, for a person to look at after a
// run. It is an artifact, not a check: no test compares it, and a
// screenshot that cannot be taken or written is logged, never failed.
// What a test means to hold, it asserts before it keeps a screenshot.
func (tb *tab) keepScreenshot(name string) {
	tb.t.Helper()
	var buf []byte
	err := tb.guard("taking a screenshot", func() (err error) {
		buf, err = chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		return err
	})
	if err == nil {
		err = os.WriteFile(filepath.Join(env.artifacts, "screenshots", name+".png"), buf, 0o644)
	}
	if err != nil {
		tb.t.Logf("screenshot %s not kept: %v", name, err)
	}
}

// dark switches the tab's prefers-color-scheme, and fails the test
// unless the page follows it: its background dark in the dark scheme
// (relative luminance under 0.05), light in the light one (over 0.8).
func (tb *tab) dark(on bool) {
	tb.t.Helper()
	v := "light"
	if on {
		v = "dark"
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}},
	}); err != nil {
		tb.t.Fatal(err)
	}
	tb.wait(`matchMedia("(prefers-color-scheme: dark)").matches === ` + strconv.FormatBool(on))
	lum := eval[float64](tb, `(() => {
		const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g).map(Number)
			.map(c => c / 255).map(c => c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	})()`)
	if on && lum >= 0.05 || !on && lum <= 0.8 {
		tb.t.Errorf("prefers-color-scheme %s: the page's background has relative luminance %.3f", v, lum)
	}
}

// checkClean fails the test if the page raised a dialog, threw, or
// reported a Content-Security-Policy violation.
func (tb *tab) checkClean() {
	tb.t.Helper()
	time.Sleep(100 * time.Millisecond) // let late events arrive
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if len(tb.dialogs) > 0 {
		tb.t.Errorf("the page opened dialogs: %q", tb.dialogs)
	}
	if len(tb.problems) > 0 {
		tb.t.Errorf("the page reported problems:\n%s", strings.Join(tb.problems, "\n"))
	}
}

func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// shippedNamed returns a shipped transcript by name.
func shippedNamed(t *testing.T, name string) []byte {
	t.Helper()
	for _, s := range env.shipped {
		if s.Name == name {
			return s.Text
		}
	}
	t.Fatalf("no shipped transcript %s", name)
	return nil
}

// allowDownloads lets the tab save downloads, into a fresh folder that
// it returns (removed when the test ends).
func (tb *tab) allowDownloads() string {
	tb.t.Helper()
	dir := tb.t.TempDir()
	if _, err := chromedp.Call(tb.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: new(true),
	}); err != nil {
		tb.t.Fatal(err)
	}
	return dir
}
