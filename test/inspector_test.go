package test

import (
	"fmt"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// clipboard lets the tab use the clipboard and returns a function that
// reads it.
func (tb *tab) clipboard() func() string {
	tb.t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.Call(tb.ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted,
		}); err != nil {
			tb.t.Fatal(err)
		}
	}
	return func() string {
		tb.t.Helper()
		return eval[string](tb, `navigator.clipboard.readText()`)
	}
}

// TestInspector: the JSON tab is a tree that folds, the copy buttons
// copy, every request copies as curl (the approval's POST too), a
// frame's data lines stay whole, and what a step says keeps its ids, so
// its link is the one the operator used.
func TestInspector(t *testing.T) {
	tb := newTab(t)
	const name = "07-auth-required"
	const approve = "http://localhost:41243/approve/ecf2dcb6-79c8-48f8-8868-24a0541781f4"
	read := tb.clipboard()
	tb.open(env.url + "#t=" + name + "&s=4")
	tb.at(name, 4)

	// What it says, whole, its address a link.
	says := eval[[]string](tb, `[...document.querySelectorAll("#insp-facts dd.says a")].map(a => a.href)`)
	if len(says) != 1 || says[0] != approve {
		t.Errorf("the links in what step 4 says: %q, want %s", says, approve)
	}

	// The frame's raw text: the data line unbroken.
	broken := eval[int](tb, `(() => {
		const pre = document.getElementById("insp-raw"), text = pre.firstChild, i = text.data.indexOf("ecf2dcb6-79c8-48f8-8868-24a0541781f4");
		const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 36);
		return r.getClientRects().length;
	})()`)
	if broken != 1 {
		t.Errorf("a task id in the frame's raw text lies on %d lines", broken)
	}

	// The JSON tab: a tree, folded by a click on its summary.
	tb.click("#tab-json")
	n := eval[int](tb, `document.querySelectorAll("#insp-json details.j-fold[open]").length`)
	if n < 3 {
		t.Fatalf("the JSON tab has %d open folds", n)
	}
	tb.click("#insp-json details.j-fold > summary")
	if got := eval[string](tb, `(d => d.open + " " + getComputedStyle(d.querySelector(".j-count")).display + " " + d.querySelector("summary").textContent)(document.querySelector("#insp-json details.j-fold"))`); !strings.HasPrefix(got, "false inline {") || !strings.Contains(got, "keys }") {
		t.Errorf("the folded root: %q", got)
	}
	tb.keepScreenshot("inspector-json-folded")
	tb.click("#copy")
	if got := read(); !strings.HasPrefix(got, "{\n  \"jsonrpc\": \"2.0\"") || !strings.Contains(got, approve) {
		t.Errorf("Copy on the JSON tab copied %.200q", got)
	}
	tb.click("#tab-raw")
	tb.click("#copy")
	if got := read(); !strings.HasPrefix(got, "id: ") && !strings.HasPrefix(got, "data: ") {
		t.Errorf("Copy on the raw tab copied %.200q", got)
	}

	// Every step can copy its exchange's request as curl; the approval is
	// a plain POST.
	steps := tb.state().Steps
	for k := 1; k <= steps; k++ {
		tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
		tb.at(name, k)
		if eval[bool](tb, `document.getElementById("copy-curl").disabled`) {
			t.Errorf("step %d: no curl", k)
		}
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(5)`))
	tb.at(name, 5)
	tb.click("#copy-curl")
	if got := read(); !strings.HasPrefix(got, "curl -s -X 'POST' '"+approve+"'") {
		t.Errorf("the approval as curl: %q", got)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(1)`))
	tb.at(name, 1)
	tb.click("#copy-curl")
	if got := read(); !strings.HasPrefix(got, "curl -sN -X 'POST' 'http://localhost:41243/'") || !strings.Contains(got, "--data-raw '{") {
		t.Errorf("the stream's request as curl: %q", got)
	}
	tb.keepScreenshot("inspector-curl")
	tb.dark(true)
	tb.click("#tab-json")
	tb.keepScreenshot("inspector-json-dark")
	tb.checkClean()
}

// TestInspectorFollowsSteps: a step change rewrites only the inspector's
// facts that differ from the step before; stepping forwards through
// every step, back to the overview and on again, each step shows the
// facts, heading and label that view.Inspect gives it, as a fresh
// inspector would.
func TestInspectorFollowsSteps(t *testing.T) {
	for _, name := range []string{"07-auth-required", "19-planner"} {
		t.Run(name, func(t *testing.T) {
			tr, err := replay.Parse(shippedNamed(t, name), name+".http")
			if err != nil {
				t.Fatal(err)
			}
			steps := replay.Steps(tr)
			tb := newTab(t)
			tb.open(env.url + "#t=" + name)
			tb.at(name, 0)
			check := func(k int) {
				t.Helper()
				det := view.Inspect(tr, steps, k-1)
				var want []string
				for _, r := range det.Rows {
					kind := ""
					switch {
					case r.State != "":
						kind = "state st-" + r.State
					case r.Name == "Task" || r.Name == "Context":
						kind = "id"
					case r.Name == "Says":
						kind = "says"
					}
					want = append(want, r.Name+" | "+r.Value+" | "+kind)
				}
				got := eval[[]string](tb, `[...document.querySelectorAll("#insp-facts dd")].map(dd => {
					const span = dd.querySelector("span.state");
					return dd.previousElementSibling.textContent + " | " + dd.textContent + " | " + (span ? span.className : dd.className);
				})`)
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("step %d's facts:\n%s\nwant:\n%s", k, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				head := eval[[]string](tb, `[document.getElementById("insp-heading").textContent, document.getElementById("insp-label").textContent, document.getElementById("announce").textContent]`)
				if head[0] != det.Heading || head[1] != det.Label || head[2] != det.Heading {
					t.Errorf("step %d: heading, label, announcement %q, want %q, %q, the heading", k, head, det.Heading, det.Label)
				}
			}
			for k := 1; k <= len(steps); k++ {
				tb.key("ArrowRight")
				tb.at(name, k)
				check(k)
			}
			for _, k := range []int{len(steps) - 1, 3, 0, 2, 1} {
				tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`a2aplay.go(%d)`, k)))
				tb.at(name, k)
				if k > 0 {
					check(k)
				}
			}
		})
	}
}
