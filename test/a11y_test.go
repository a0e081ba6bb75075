package test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focused returns the id of the focused element.
func (tb *tab) focused() string {
	tb.t.Helper()
	return eval[string](tb, `document.activeElement ? document.activeElement.id : ""`)
}

// press sends a key to the focused element.
func (tb *tab) press(k string) {
	tb.t.Helper()
	tb.do(chromedp.KeyEvent(k))
}

// TestTabsKeys: the inspector's tabs move with the arrows, Home and End
// (roving focus), and those keys do not step the diagram.
func TestTabsKeys(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=4")
	tb.at(sample, 4)
	tb.do(chromedp.Focus(chromedp.CSS("#tab-raw")))
	type tabs struct {
		Selected string `json:"selected"`
		Tabbable string `json:"tabbable"`
		Panel    string `json:"panel"`
	}
	read := func() tabs {
		return eval[tabs](tb, `({selected: document.querySelector('#insp-tabs [aria-selected="true"]').id,
			tabbable: [...document.querySelectorAll("#insp-tabs [role=tab]")].filter(b => b.tabIndex === 0).map(b => b.id).join(","),
			panel: [...document.querySelectorAll("#inspector [role=tabpanel]")].filter(p => !p.hidden).map(p => p.id).join(",")})`)
	}
	for _, mv := range []struct {
		key, want, panel string
	}{
		{kb.ArrowRight, "tab-json", "insp-json"},
		{kb.ArrowLeft, "tab-raw", "insp-raw"},
		{kb.End, "tab-json", "insp-json"},
		{kb.Home, "tab-raw", "insp-raw"},
	} {
		tb.press(mv.key)
		if got := read(); got.Selected != mv.want || got.Tabbable != mv.want || got.Panel != mv.panel {
			t.Errorf("after %q: %+v, want %s selected and alone tabbable, %s shown", mv.key, got, mv.want, mv.panel)
		}
		if f := tb.focused(); f != mv.want {
			t.Errorf("after %q: focus on %q, want %s", mv.key, f, mv.want)
		}
	}
	if s := tb.state(); s.Step != 4 {
		t.Errorf("the tabs' keys stepped the diagram to %d", s.Step)
	}
	tb.checkClean()
}

// TestExportMenuKeys: the Export menu opens with the arrow keys, moves
// with them, and Escape closes it, focus back on its button.
func TestExportMenuKeys(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=2")
	tb.at(sample, 2)
	tb.do(chromedp.Focus(chromedp.CSS("#export summary")))
	open := func() bool { return eval[bool](tb, `document.getElementById("export").open`) }
	tb.press(kb.ArrowDown)
	tb.wait(`document.activeElement.id === "export-svg"`)
	if !open() || eval[string](tb, `document.querySelector("#export summary").getAttribute("aria-expanded")`) != "true" {
		t.Errorf("ArrowDown on Export did not open it: open %v, aria-expanded %q", open(), eval[string](tb, `document.querySelector("#export summary").getAttribute("aria-expanded")`))
	}
	for _, mv := range []struct{ key, want string }{
		{kb.ArrowDown, "export-mermaid"},
		{kb.ArrowDown, "export-http"},
		{kb.ArrowDown, "export-har"},
		{kb.ArrowDown, "export-svg"},
		{kb.ArrowUp, "export-har"},
		{kb.Home, "export-svg"},
		{kb.End, "export-har"},
	} {
		tb.press(mv.key)
		if f := tb.focused(); f != mv.want {
			t.Errorf("after %q: focus on %q, want %s", mv.key, f, mv.want)
		}
	}
	tb.press(kb.Escape)
	if open() {
		t.Error("Escape did not close the menu")
	}
	if f := eval[string](tb, `document.activeElement.tagName`); f != "SUMMARY" {
		t.Errorf("after Escape focus is on %s, want the menu's button", f)
	}
	if s := tb.state(); s.Step != 2 {
		t.Errorf("the menu's keys stepped the diagram to %d", s.Step)
	}
	tb.checkClean()
}

// TestStepAnnounced: the current step carries aria-current="step", and a
// polite live region says the inspector's heading and nothing else; the
// inspector itself is not read out on every step.
func TestStepAnnounced(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=3")
	tb.at(sample, 3)
	for _, k := range []int{3, 4} {
		if k == 4 {
			tb.key("ArrowRight")
			tb.at(sample, 4)
		}
		cur := eval[[]string](tb, `[...document.querySelectorAll('#diagram [aria-current]')].map(e => e.getAttribute("data-step") + "=" + e.getAttribute("aria-current"))`)
		if strings.Join(cur, " ") != itoa(k)+"=step" {
			t.Errorf("at step %d: aria-current on %q", k, cur)
		}
		live := eval[[]string](tb, `[...document.querySelectorAll("[aria-live]")].filter(e => e.getAttribute("aria-live") !== "off").map(e => e.id + ":" + e.getAttribute("aria-live") + ":" + e.textContent)`)
		want := "announce:polite:" + eval[string](tb, `document.getElementById("insp-heading").textContent`)
		if len(live) != 1 || live[0] != want {
			t.Errorf("at step %d: live regions %q, want only %q", k, live, want)
		}
	}
	tb.checkClean()
}

// contrastJS measures the contrast ratio of the page's key texts against
// the background they are drawn on, by WCAG 2's formula.
const contrastJS = `(() => {
	const rgba = s => { const m = s.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
	const over = (fg, bg) => [0, 1, 2].map(i => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat(1);
	const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
	const background = el => {
		const layers = [];
		for (let e = el; e; e = e.parentElement) {
			const c = rgba(getComputedStyle(e).backgroundColor);
			if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
		}
		let bg = [255, 255, 255, 1];
		for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
		return bg;
	};
	const out = [];
	for (const sel of ["#insp-heading", ".insp-label", ".facts dt", ".facts dd", ".foot span", ".foot kbd", "#position", ".lane-name", ".lane-name b",
		".seg:not(.later)", ".facts .state", '.tabs [aria-selected="false"]', '.mode[aria-pressed="false"]', "#zoom-reset", ".speed", ".picker select", ".tagline",
		".pr-prompt", ".pr-score", ".pr-choices button", ".pr-n", ".pr-verdict", ".pr-verdict b",
		"#cmp-title", "#cmp-pos", ".cmp-side figcaption", ".cmp-diff b", ".cmp-diff code", ".cmp-v", ".cmp-sec", ".cmp-none", ".cmp-goto"]) {
		for (const el of document.querySelectorAll(sel)) {
			if (!el.offsetParent || !el.textContent.trim()) continue;
			const bg = background(el), fg = over(rgba(getComputedStyle(el).color), bg);
			const a = lum(fg), b = lum(bg);
			out.push({sel: sel, text: el.textContent.trim().slice(0, 30), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)});
		}
	}
	return out;
})()`

// contrastOf checks, light and dark, the texts contrastJS measures
// whose selector contains part ("" for all): each reads at 4.5:1 or better, and each
// selector of must is among them. It leaves the page light.
func (tb *tab) contrastOf(part string, must ...string) {
	tb.t.Helper()
	for _, dark := range []bool{false, true} {
		tb.dark(dark)
		type measure struct {
			Sel   string  `json:"sel"`
			Text  string  `json:"text"`
			Ratio float64 `json:"ratio"`
		}
		seen := map[string]bool{}
		for _, m := range eval[[]measure](tb, contrastJS) {
			if !strings.Contains(m.Sel, part) {
				continue
			}
			seen[m.Sel] = true
			if m.Ratio < 4.5 {
				tb.t.Errorf("dark %v: %s %q has contrast %.2f:1, want 4.5:1", dark, m.Sel, m.Text, m.Ratio)
			}
		}
		for _, sel := range must {
			if !seen[sel] {
				tb.t.Errorf("dark %v: no %s measured", dark, sel)
			}
		}
	}
	tb.dark(false)
}

// TestContrast: every key text of the page reads at 4.5:1 or better,
// light and dark.
func TestContrast(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=5")
	tb.at(sample, 5)
	tb.contrastOf("", ".foot kbd", ".facts dt", ".lane-name", "#position", ".seg:not(.later)")
	tb.checkClean()
}

// TestLiveTabsKeys: Live's scenario tabs move with the arrows, Home and
// End, open their card, and leave the diagram where it is.
func TestLiveTabsKeys(t *testing.T) {
	tb := newTab(t)
	tb.open(liveSiteURL(t) + "#live=review")
	tb.wait(`!!document.getElementById("lv-tab-review")`)
	tb.do(chromedp.Focus(chromedp.CSS("#lv-tab-review")))
	before := tb.state()
	for _, mv := range []struct{ key, want string }{
		{kb.ArrowRight, "deploy"},
		{kb.ArrowRight, "planner"},
		{kb.ArrowLeft, "deploy"},
		{kb.End, "try"},
		{kb.ArrowRight, "review"},
		{kb.Home, "review"},
	} {
		tb.press(mv.key)
		got := eval[[]string](tb, `[document.activeElement.id,
			document.querySelector('.lv-tabs [aria-selected="true"]').id,
			[...document.querySelectorAll(".lv-tabs [role=tab]")].filter(b => b.tabIndex === 0).map(b => b.id).join(","),
			[...document.querySelectorAll(".lv-card")].filter(c => !c.hidden).map(c => c.id).join(","),
			location.hash]`)
		want := []string{"lv-tab-" + mv.want, "lv-tab-" + mv.want, "lv-tab-" + mv.want, "lv-card-" + mv.want, "#live=" + mv.want}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("after %q: focus, selected, tabbable, card, link = %q, want %q", mv.key, got, want)
		}
	}
	if s := tb.state(); s != before {
		t.Errorf("the tabs' keys moved the diagram: %+v, was %+v", s, before)
	}
	tb.checkClean()
}

// TestKeysAfterClicks: the keys step the diagram wherever a click left
// the focus. The transcript picker (a select) does not keep ← and → to
// itself, and Space after a click on a button plays or pauses rather
// than pressing that button again.
func TestKeysAfterClicks(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url + "#t=" + sample + "&s=2")
	tb.at(sample, 2)

	tb.click("#next")
	tb.at(sample, 3)
	tb.key(" ")
	tb.wait(`a2aplay.state().playing`)
	tb.key(" ")
	tb.wait(`!a2aplay.state().playing`)
	at := tb.state().Step

	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("picker").focus()`))
	picked := eval[string](tb, `document.getElementById("picker").value`)
	tb.key("ArrowRight")
	tb.at(sample, at+1)
	tb.key("ArrowLeft")
	tb.at(sample, at)
	if v := eval[string](tb, `document.getElementById("picker").value`); v != picked {
		t.Errorf("the arrows changed the picker from %q to %q", picked, v)
	}
	tb.keepScreenshot("keys-after-clicks")
	tb.checkClean()
}
