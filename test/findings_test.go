package test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
)

// TestFindingsInInspector: the steps where check.Check finds a departure
// from the spec say so in the inspector, as text, on the served site and
// in the offline file opened from disk.
func TestFindingsInInspector(t *testing.T) {
	for _, page := range []struct{ name, url string }{{"served", env.url}, {"offline", env.offline}} {
		t.Run(page.name, func(t *testing.T) { findingsInInspector(t, page.url) })
	}
}

func findingsInInspector(t *testing.T, url string) {
	tb := newTab(t)
	for _, name := range []string{"12-stream-closes", "11-wrong-task"} {
		tr, err := replay.Parse(shippedNamed(t, name), name+".http")
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.Steps(tr)
		fs := check.Check(tr)
		if len(fs) == 0 {
			t.Fatalf("%s: check finds nothing to show", name)
		}
		for _, f := range fs {
			k := check.StepOf(f, steps)
			tb.open(url + "#t=" + name + "&s=" + itoa(k))
			tb.at(name, k)
			notes := tb.text("#insp-notes")
			if !strings.Contains(notes, "Spec check "+f.String()) || eval[bool](tb, `document.getElementById("insp-notes").hidden`) {
				t.Errorf("%s step %d: the inspector's notes %q lack %q", name, k, notes, f.String())
			}
			tb.keepScreenshot("finding-" + name)
		}
		// A step without findings shows none.
		tb.open(url + "#t=" + name + "&s=1")
		tb.at(name, 1)
		if strings.Contains(tb.text("#insp-notes"), "Spec check") && check.StepOf(fs[0], steps) != 1 {
			t.Errorf("%s step 1 shows a finding: %q", name, tb.text("#insp-notes"))
		}
	}
	tb.checkClean()
}

// TestFindingsOnDemand: a file the learner opens, and a live session,
// get check.Check's findings too, from the check module the page loads
// into a worker the first time it needs it.
func TestFindingsOnDemand(t *testing.T) {
	tb := newTab(t)
	text, f, k := wrongTaskFinding(t)
	tb.open(env.url)
	if n := eval[int](tb, `performance.getEntriesByType("resource").filter(e => /check/.test(e.name)).length`); n != 0 {
		t.Errorf("the page loaded the check module before it needed it (%d files)", n)
	}
	path := filepath.Join(t.TempDir(), "mine.http")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	openSeesFinding(tb, path, f, k)
	tb.keepScreenshot("finding-opened-file")

	// The same transcript as a live session's.
	tb.click("#mode-live")
	tb.wait(`document.documentElement.dataset.mode === "live"`)
	if r := eval[map[string]any](tb, `a2aplay.liveDraw(`+js(string(text))+`)`); r["error"] != nil {
		t.Fatalf("liveDraw: %v", r["error"])
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
	tb.wait(`a2aplay.state().step === ` + itoa(k) + ` && document.getElementById("insp-notes").textContent.includes(` + js("Spec check "+f.String()) + `)`)
	tb.checkClean()
}

// TestOfflineOpensFiles: the offline page, opened from disk, carries the
// check module inline: a file the learner opens gets its findings, and a
// large one opens in the module's worker, with its progress shown, as
// on the served site.
func TestOfflineOpensFiles(t *testing.T) {
	tb := newTab(t)
	text, f, k := wrongTaskFinding(t)
	dir := t.TempDir()
	small := filepath.Join(dir, "mine.http")
	if err := os.WriteFile(small, text, 0o644); err != nil {
		t.Fatal(err)
	}
	large := filepath.Join(dir, "large.http")
	if err := os.WriteFile(large, longTranscript(t, 600), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.open(env.offline)
	tb.at(env.shipped[0].Name, 0)
	openSeesFinding(tb, small, f, k)

	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{large}))
	tb.wait(`!!document.querySelector(".opening:not([hidden]) progress")`)
	tb.wait(`a2aplay.state().transcript === "large.http" && a2aplay.state().steps === 5400`)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(3001)`))
	tb.at("large.http", 3001)
	tb.wait(`document.querySelector('#diagram [aria-current="step"]')?.getAttribute("data-step") === "3001"`)
	if b := tb.banner(); b != "" {
		t.Errorf("banner %q", b)
	}
	tb.keepScreenshot("offline-large-file")
	tb.checkClean()
}

// TestOfflineFileFromCLI: the offline file as ./build.sh offline makes it
// (a2aplay site -build DIR -offline FILE, which builds the modules itself)
// carries the check module: a file opened in it gets its findings. The
// file the other tests open is put together from modules the tests built.
func TestOfflineFileFromCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the three modules")
	}
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	offline := filepath.Join(dir, "a2aplay-offline.html")
	cmd := exec.Command(agentsBinary(t), "site", "-build", filepath.Join(dir, "bin"), "-offline", offline, "-brotli", "1")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("a2aplay site -offline: %v\n%s", err, out)
	}
	tb := newTab(t)
	tb.open("file://" + filepath.ToSlash(offline))
	text, f, k := wrongTaskFinding(t)
	mine := filepath.Join(dir, "mine.http")
	if err := os.WriteFile(mine, text, 0o644); err != nil {
		t.Fatal(err)
	}
	openSeesFinding(tb, mine, f, k)
	tb.keepScreenshot("offline-cli-finding")
	tb.checkClean()
}

// wrongTaskFinding returns the shipped 11-wrong-task transcript, the
// first finding check.Check has on it, and the step it is on.
func wrongTaskFinding(t *testing.T) (text []byte, f check.Finding, step int) {
	t.Helper()
	const name = "11-wrong-task"
	text = shippedNamed(t, name)
	tr, err := replay.Parse(text, name+".http")
	if err != nil {
		t.Fatal(err)
	}
	f = check.Check(tr)[0]
	return text, f, check.StepOf(f, replay.Steps(tr))
}

// openSeesFinding opens the file path, named mine.http, through the file
// input, goes to step k and waits for the inspector to show finding f.
func openSeesFinding(tb *tab, path string, f check.Finding, k int) {
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.at("mine.http", 0)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
	tb.at("mine.http", k)
	tb.wait(`document.getElementById("insp-notes").textContent.includes(` + js("Spec check "+f.String()) + `)`)
}

// TestFindingEscaped: a finding the check worker finds in a file the
// learner opens, which quotes a bidi override (U+202E) from the
// transcript, shows the override as its escape \u202e in the
// inspector, as every other text of a transcript does, and says whom it
// blames.
func TestFindingEscaped(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "check", "testdata", "rules", "context-mismatch.http"))
	if err != nil {
		t.Fatal(err)
	}
	text = []byte(strings.Replace(string(text), `"contextId": "c9"`, `"contextId": "c`+"\u202e"+`9"`, 1))
	tr, err := replay.Parse(text, "mine.http")
	if err != nil {
		t.Fatal(err)
	}
	var f check.Finding
	for _, fd := range check.Check(tr) {
		if strings.ContainsRune(fd.Msg, '\u202e') && fd.By == check.ByAgent {
			f = fd
		}
	}
	if f.Rule == "" {
		t.Fatalf("no finding of %q quotes the override", check.Check(tr))
	}
	k := check.StepOf(f, replay.Steps(tr))
	path := filepath.Join(t.TempDir(), "mine.http")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open(env.url)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.at("mine.http", 0)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
	tb.at("mine.http", k)
	want := "Spec check " + replay.Visible(f.String())
	if !strings.Contains(want, `c\u202e9`) || !strings.Contains(want, "(agent)") {
		t.Fatalf("the finding %q does not quote the override as \\u202e, or blame the agent", want)
	}
	tb.wait(`document.getElementById("insp-notes").textContent.includes(` + js(want) + `)`)
	if notes := tb.text("#insp-notes"); strings.ContainsRune(notes, '\u202e') {
		t.Errorf("the inspector shows the override itself: %q", notes)
	}
	tb.checkClean()
}
