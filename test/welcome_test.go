package test

// The first screen: a first visit without a link opens a modal dialog
// that says what the page is and offers three ways in; one key or click
// dismisses it, localStorage remembers it, "Start here" brings it back,
// and any link skips it. Served and in the offline file.

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/a2aplay/a2aplay/view"
)

// firstVisit opens url in a new tab as a first visit, and waits for
// the first screen to open, as a modal dialog: the page's origin may
// have been visited by other tests, so what it keeps of the first
// screen is removed and the page loaded again.
func firstVisit(t *testing.T, url string) *tab {
	t.Helper()
	tb := firstVisitTab(t)
	tb.open(url)
	eval[bool](tb, `(localStorage.removeItem(`+js(view.WelcomeKey)+`), true)`)
	tb.do(chromedp.Reload())
	tb.wait(`document.documentElement.dataset.viewer === "ready"`)
	tb.wait(`document.getElementById("welcome").open`)
	if !tb.welcomeOpen() {
		t.Fatal("the first screen is not a modal dialog")
	}
	return tb
}

// welcomeOpen reports whether the first screen shows, as a modal dialog.
func (tb *tab) welcomeOpen() bool {
	tb.t.Helper()
	return eval[bool](tb, `(d => d.open && d.matches(":modal"))(document.getElementById("welcome"))`)
}

// welcomeInView fails the test unless the whole first screen, its three
// ways in and its close button, is in the window without scrolling.
func (tb *tab) welcomeInView(where string) {
	tb.t.Helper()
	got := eval[string](tb, `(() => {
		const d = document.getElementById("welcome");
		if (d.scrollHeight > d.clientHeight + 1) return "the dialog scrolls: " + d.scrollHeight + " > " + d.clientHeight;
		for (const e of [d, ...d.querySelectorAll(".welcome-ways a, #welcome-close, h2")]) {
			const r = e.getBoundingClientRect();
			if (r.height < 8 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
				return (e.id || e.textContent.slice(0, 30)) + " at " + JSON.stringify(r) + " in " + innerWidth + "x" + innerHeight;
		}
		return "";
	})()`)
	if got != "" {
		tb.t.Errorf("%s: the first screen is not in one screen: %s", where, got)
	}
}

func TestWelcome(t *testing.T) {
	tb := firstVisit(t, env.url)
	// What a screen reader is told: a dialog, named by its heading,
	// described by what the page is; the focus is in it.
	type named struct {
		Tag, Name, Description, Focus string
		Ways                          []string
	}
	got := eval[named](tb, `(d => ({
		Tag: d.tagName,
		Name: document.getElementById(d.getAttribute("aria-labelledby")).textContent,
		Description: document.getElementById(d.getAttribute("aria-describedby")).textContent,
		Focus: d.contains(document.activeElement) ? document.activeElement.textContent : "outside: " + document.activeElement.tagName,
		Ways: [...d.querySelectorAll(".welcome-ways a")].map(a => a.getAttribute("href")),
	}))(document.getElementById("welcome"))`)
	if got.Tag != "DIALOG" || got.Name != "Where to start" || len(got.Description) < 80 {
		t.Errorf("the first screen as told: %+v", got)
	}
	mustContain(t, "what the page is", got.Description, "INPUT_REQUIRED", "AUTH_REQUIRED", "replays")
	if want := []string{"#t=06-input-required&s=1", "#t=07-auth-required&s=1"}; fmt.Sprint(got.Ways) != fmt.Sprint(want) {
		t.Errorf("the ways in of a site without Live: %q, want %q", got.Ways, want)
	}
	if len(got.Focus) < 10 || got.Focus[:8] == "outside:" {
		t.Errorf("the focus on a first screen: %q", got.Focus)
	}
	for _, size := range []struct {
		w, h int64
		name string
	}{{1366, 768, "welcome-1366"}, {390, 844, "welcome-390"}} {
		tb.do(chromedp.EmulateViewport(size.w, size.h))
		tb.wait(fmt.Sprintf("innerWidth === %d", size.w))
		tb.welcomeInView(size.name)
		tb.keepScreenshot(size.name)
	}
	tb.do(chromedp.EmulateViewport(1366, 768))
	tb.wait("innerWidth === 1366")

	// The arrows are the dialog's while it is open: the diagram stays.
	before := tb.state()
	tb.press(kb.ArrowRight)
	if s := tb.state(); s != before {
		t.Errorf("→ in the first screen moved the replay: %+v, was %+v", s, before)
	}
	// One key closes it, for good; the keys are the diagram's again.
	tb.press(kb.Escape)
	tb.wait(`!document.getElementById("welcome").open`)
	// The dialog's close event comes a task after it closed.
	tb.wait(`localStorage.getItem(` + js(view.WelcomeKey) + `) === ` + js(view.WelcomeSeen))
	tb.press(kb.ArrowRight)
	tb.wait(`a2aplay.state().step === ` + itoa(before.Step+1))
	tb.do(chromedp.Reload())
	tb.wait(`document.documentElement.dataset.viewer === "ready"`)
	if tb.welcomeOpen() {
		t.Error("the first screen opened again after it was dismissed")
	}

	// Start here brings it back; Escape gives the focus back to it.
	tb.do(chromedp.Focus(chromedp.CSS("#welcome-open")))
	tb.press(kb.Enter)
	tb.wait(`document.getElementById("welcome").open`)
	if !eval[bool](tb, `document.getElementById("welcome").contains(document.activeElement)`) {
		t.Error("Start here: the focus did not move into the first screen")
	}
	tb.press(kb.Escape)
	tb.wait(`!document.getElementById("welcome").open`)
	if f := tb.focused(); f != "welcome-open" {
		t.Errorf("after Escape the focus is on %q, want back on welcome-open", f)
	}
	// A way in: a click goes there and closes the screen.
	tb.click("#welcome-open")
	tb.wait(`document.getElementById("welcome").open`)
	tb.click(`#welcome a[href^="#t=07"]`)
	tb.at("07-auth-required", 1)
	if tb.welcomeOpen() {
		t.Error("the first screen stayed open after a way in was clicked")
	}
	// A click beside the box closes it too.
	tb.click("#welcome-open")
	tb.wait(`document.getElementById("welcome").open`)
	tb.do(chromedp.MouseClickXY(5, 5))
	tb.wait(`!document.getElementById("welcome").open`)
	tb.checkClean()
}

// TestWelcomeSkippedByLinks: a deep link, a Live link or a lesson's link
// shows what it names, with no first screen in the way, and does not
// count as having seen it.
func TestWelcomeSkippedByLinks(t *testing.T) {
	tb := firstVisit(t, env.url)
	for _, c := range []struct {
		link, transcript string
		step             int
	}{{"#t=06-input-required&s=2", "06-input-required", 2}, {"?t=07-auth-required&s=3", "07-auth-required", 3}, {"#live=review", "", 0}} {
		tb.do(chromedp.Navigate("about:blank"))
		tb.open(env.url + c.link)
		if c.transcript != "" {
			tb.at(c.transcript, c.step)
		}
		if tb.welcomeOpen() {
			t.Errorf("%s: the first screen opened over a link", c.link)
		}
	}
	if v := eval[string](tb, `String(localStorage.getItem(`+js(view.WelcomeKey)+`))`); v != "null" {
		t.Errorf("links alone stored %q", v)
	}
	tb.checkClean()
}

// TestWelcomeOffline: the offline file opens on the first screen, and
// its way into the question replays 06 from step 1.
func TestWelcomeOffline(t *testing.T) {
	tb := firstVisit(t, env.offline)
	tb.welcomeInView("offline")
	tb.click(`#welcome a[href^="#t=06"]`)
	tb.at("06-input-required", 1)
	tb.checkClean()
}

// TestWelcomeTryLive: on a site with Live, the third way in opens the
// Live panel on the review.
func TestWelcomeTryLive(t *testing.T) {
	url := exerciseSiteURL(t)
	tb := firstVisit(t, url)
	if n := eval[int](tb, `document.querySelectorAll("#welcome .welcome-ways a").length`); n != 3 {
		t.Errorf("a site with Live offers %d ways in, want 3", n)
	}
	tb.keepScreenshot("welcome-live-1366")
	tb.click(`#welcome a[href="#live=review"]`)
	tb.liveReady()
	tb.wait(`!document.getElementById("live").hidden && location.hash === "#live=review"`)
	if tb.welcomeOpen() {
		t.Error("the first screen stayed open over Live")
	}
	tb.checkClean()
}
