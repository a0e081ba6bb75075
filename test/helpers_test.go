package test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A tab is one browser tab of a test, with the dialogs and console
// messages it saw.
type tab struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	dialogs  []string
	problems []string // uncaught exceptions and CSP reports
}

// newTab opens a tab; it closes when the test ends. Any JavaScript
// dialog is recorded and dismissed, so a test can assert that none came.
func newTab(t *testing.T) *tab {
	t.Helper()
	if env.skip != "" {
		t.Skip(env.skip)
	}
	ctx, cancel := chromedp.NewContext(env.browser)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	tb := &tab{t: t}
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

func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval runs a JavaScript expression and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript predicate until it holds.
func (tb *tab) wait(pred string) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](pred, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
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
	v, _ := chromedp.Run(tb.ctx, chromedp.Evaluate[viewerState](`window.a2aplay ? a2aplay.state() : {}`))
	return v
}

// banner returns the error banner's text, or "" when it is hidden.
func (tb *tab) banner() string {
	v, _ := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`document.getElementById("banner").hidden ? "" : document.getElementById("banner-text").textContent`))
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

// marks says which steps of the diagram carry the replay classes.
type marks struct {
	Current []string `json:"current"`
	Later   []string `json:"later"`
	All     int      `json:"all"`
}

func (tb *tab) marks() marks {
	tb.t.Helper()
	return eval[marks](tb, `(() => {
		const ids = sel => [...new Set([...document.querySelectorAll("#diagram " + sel)].map(e => e.closest("[data-step]").getAttribute("data-step")))];
		return {current: ids(".current"), later: ids(".future"), all: new Set([...document.querySelectorAll("#diagram [data-step]")].map(e => e.getAttribute("data-step"))).size};
	})()`)
}

// shot saves a screenshot of the viewport to test/artifacts/NAME.png.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(env.artifacts, name+".png"), buf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// dark switches the tab's prefers-color-scheme.
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
