package test

// Live over A2A 0.3, in headless Chromium: the page loads the live03
// module (cmd/live built with the tag a2a03) when the learner picks 0.3
// for the in-page agents, or when a remote agent's card offers 0.3
// alone, and plays the same stories over 0.3's wire, drawn as they
// happen, the version shown in the panel.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/web"
)

var (
	live03Site servedSite
	live03Mod  struct {
		once sync.Once
		b    []byte
		err  error
	}
)

// live03SiteURL builds the site with both live modules once and serves
// it.
func live03SiteURL(t *testing.T) string {
	return live03Site.serve(t, "a2aplay-live03-page-", func(live, wasmExec []byte) (web.Options, error) {
		live03Mod.once.Do(func() {
			live03Mod.err = func() error {
				root, err := browser.RepoRoot()
				if err != nil {
					return err
				}
				dir, err := os.MkdirTemp("", "a2aplay-live03-")
				if err != nil {
					return err
				}
				cleanups = append(cleanups, func() { os.RemoveAll(dir) })
				b, err := build.Build(context.Background(), root, dir, build.Live03)
				if err != nil {
					return err
				}
				live03Mod.b, err = os.ReadFile(b.Path(build.Live03))
				return err
			}()
		})
		if live03Mod.err != nil {
			return web.Options{}, live03Mod.err
		}
		return web.Options{Transcripts: env.shipped, Viewer: env.viewer, WasmExec: wasmExec, Live: live, Live03: live03Mod.b, BrotliQuality: 5}, nil
	})
}

// speaks03 waits until the panel's session is open and speaks 0.3, and
// checks that the panel shows it: the status line, the version pressed,
// the mark beside the panel's title.
func (tb *tab) speaks03() {
	tb.t.Helper()
	tb.waitText(".lv-status", "Speaking A2A 0.3")
	tb.liveReady()
	if got := eval[string](tb, `document.querySelector('.lv-version button[aria-pressed="true"]').dataset.version`); got != "0.3" {
		tb.t.Errorf("the version pressed is %q, want 0.3", got)
	}
	if got := eval[string](tb, `getComputedStyle(document.querySelector("#live .lv-head h2"), "::after").content`); !strings.Contains(got, "A2A 0.3") {
		tb.t.Errorf("the panel's title is not marked 0.3: %q", got)
	}
}

// rawOfStep is the inspector's raw text at step k of the session.
//
// A step that arrives while the keys are pressed takes the page to the
// session's newest step (Live follows it), so the keys are pressed again
// until the page stays on step k.
func (tb *tab) rawOfStep(k int) string {
	tb.t.Helper()
	const on = `(s => s.transcript === "live-session" && s.step === %d)(a2aplay.state())`
	for range 5 {
		eval[bool](tb, `(document.activeElement && document.activeElement.blur(), true)`)
		tb.key("Home")
		for i := 1; i < k; i++ {
			tb.key("ArrowRight")
		}
		time.Sleep(300 * time.Millisecond)
		if eval[bool](tb, fmt.Sprintf(on, k)) {
			break
		}
	}
	tb.at("live-session", k)
	return tb.text("#insp-raw")
}

// shots keeps a screenshot at 1366x768 and at 390x844, the panel
// scrolled to its head, where it says which version the session speaks.
func (tb *tab) shots(name string) {
	tb.t.Helper()
	top := `(e => (e.scrollIntoView({block: "nearest"}), document.getElementById("live").scrollTop = 0, true))(document.querySelector("#live .lv-head"))`
	tb.do(chromedp.EmulateViewport(1366, 768))
	eval[bool](tb, top)
	tb.keepScreenshot(name)
	tb.do(chromedp.EmulateViewport(390, 844))
	eval[bool](tb, top)
	tb.keepScreenshot(name + "-narrow")
	tb.do(chromedp.EmulateViewport(1366, 768))
}

// TestLiveV03: the learner switches the in-page agents to 0.3; the page
// loads live03 and plays the review (INPUT_REQUIRED answered on the same
// task) and the deploy (AUTH_REQUIRED on an open stream, approved) over
// 0.3's wire, drawn as they happen.
func TestLiveV03(t *testing.T) {
	tb := openLivePage(t, live03SiteURL(t)+"#live=review")
	if !strings.Contains(tb.text(".lv-status"), "Speaking A2A 1.0") {
		t.Errorf("the first session does not say it speaks 1.0: %q", tb.text(".lv-status"))
	}
	tb.click(`.lv-version button[data-version="0.3"]`)
	tb.speaks03()

	step1, step2 := "#lv-card-review .lv-step:nth-of-type(1)", "#lv-card-review .lv-step:nth-of-type(2)"
	r := tb.clickMove("#lv-send-diff", step1)
	mustContain(t, "send the diff over 0.3", r, "INPUT_REQUIRED", agents.BaseBranchQuestion)
	taskID := eval[string](tb, `document.getElementById("lv-review-task").value`)
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-review-text"), "main"))
	ans := tb.clickMove("#lv-review-send", step2)
	mustContain(t, "the answer over 0.3", ans, "COMPLETED", agents.ReviewArtifact, taskID[:8])
	tb.wait(`a2aplay.liveState().steps >= 4`)
	mustContain(t, "the first request, as sent", tb.rawOfStep(1), `"method":"message/send"`, `"kind":"message"`)
	mustContain(t, "the question, as answered", tb.rawOfStep(2), `"kind":"task"`, `"state":"input-required"`)
	tb.shots("live-v03-review")

	tb.click("#lv-tab-deploy")
	first := "#lv-card-deploy .lv-step:nth-of-type(1)"
	d := tb.clickMove("#lv-deploy", first)
	mustContain(t, "deploy over 0.3", d, "AUTH_REQUIRED", "/approve/", "stream #1 open")
	ap := tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "approve", ap, "HTTP 200")
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")
	tb.waitText("#lv-card-deploy .lv-watch", "stream #1 closed")
	n := eval[int](tb, `a2aplay.liveState().steps`)
	mustContain(t, "the deploy's last frame", tb.rawOfStep(n-1), `"final":true`, `"state":"completed"`)
	tb.shots("live-v03-deploy")

	// Back to 1.0: the same module answers, the session speaks 1.0.
	tb.click(`.lv-version button[data-version="1.0"]`)
	tb.waitText(".lv-status", "Speaking A2A 1.0")
	tb.checkClean()
}

// TestLiveV03Remote: the kit served by "a2aplay agents" speaks both
// versions on one port; with 0.3 picked, Live drives its 0.3 side.
func TestLiveV03Remote(t *testing.T) {
	url := live03SiteURL(t)
	urls, log := runAgents(t)
	tb := openLivePage(t, url+"#live=review")
	tb.click(`.lv-version button[data-version="0.3"]`)
	tb.speaks03()
	tb.click("#lv-remote")
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-url"), strings.Join(urls, " ")))
	tb.click("#lv-connect")
	tb.waitText(".lv-status", "Connected")
	tb.speaks03()
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	ans := tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)")
	mustContain(t, "the remote answer over 0.3", ans, "COMPLETED", agents.ReviewArtifact)
	mustContain(t, "the first request after the three cards", tb.rawOfStep(7), `"method":"message/send"`)
	tb.click("#lv-tab-deploy")
	tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	tb.fill("#lv-op-token", operatorToken(t, log))
	tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")
	tb.keepScreenshot("live-v03-remote-kit")
	tb.checkClean()
}

// TestLiveJSSDKV03Agent: two agents on the A2A JavaScript SDK's 0.3 line
// (test/jssdk/agent-v03.mjs), whose cards offer 0.3 alone. The learner
// leaves the version at 1.0 and connects: the live module answers that
// the session needs 0.3, and the page opens it in live03. Both stories
// run to completion over JSON-RPC.
func TestLiveJSSDKV03Agent(t *testing.T) {
	site := live03SiteURL(t)
	port := jsAgentOf(t, "agent-v03.mjs", "a2a-sdk-v03", "/reviewer", "/deployer")
	origin := "http://127.0.0.1:" + port
	tb := openLivePage(t, site+"#live=try")
	dir := tb.allowDownloads()
	tb.connectRemote(origin + "/reviewer " + origin + "/deployer")
	tb.speaks03()
	mustContain(t, "remote status", tb.text(".lv-status"), "js03-reviewer", "js03-deployer")
	send, onIt := tb.tryMoves()
	r := send("js03-reviewer", "Please review my change to payments-api.")
	mustContain(t, "the review", r, "INPUT_REQUIRED", "Which base branch")
	review := tb.taskOf("js03-reviewer")
	r = onIt(review, "#lv-try-send", "main")
	mustContain(t, "the answer on the same task", r, "COMPLETED", "review.txt", review[:8])
	mustContain(t, "the agent's answer, as sent", tb.rawOfStep(6), `"kind":"task"`, `"state":"input-required"`)

	tb.click("#lv-send-stream")
	r = send("js03-deployer", "Deploy 2026.10.06-1 to staging.")
	mustContain(t, "the deploy", r, "AUTH_REQUIRED", "/deployer/approve/", "open")
	deploy := tb.taskOf("js03-deployer")
	ap := tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "the approval", ap, "HTTP 200")
	tb.wait(`[...document.querySelectorAll("#lv-try-task option")].some(o => o.value === ` + js(deploy) + ` && o.textContent.includes("COMPLETED"))`)
	n := eval[int](tb, `a2aplay.liveState().steps`)
	mustContain(t, "the deploy's last frame", tb.rawOfStep(n-1), `"final":true`, `"state":"completed"`)
	tb.shots("live-jssdk-v03")
	tb.checkClean()

	// Saved and kept, normalised, as testdata/foreign/jssdk-v03-live.http:
	// real 0.3 traffic of software nobody in a2aplay wrote, for other
	// packages' tests (go test ./test -run JSSDK -update-foreign rewrites
	// it). Each A2A exchange of it reads as 0.3.
	tb.click("#lv-save")
	text := waitFile(t, tb.ctx, filepath.Join(dir, "a2aplay-live-session.http"))
	tr, err := replay.Parse(text, "a2aplay-live-session.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	for _, x := range tr.Exchanges {
		if x.Channel != replay.ChannelOutOfBand && replay.ExchangeVersion(x) != replay.V03 {
			t.Errorf("exchange %d %s reads as %q, want 0.3", x.Seq, x.Name, replay.ExchangeVersion(x))
		}
	}
	fixture(t, text, port, "jssdk-v03-live", "two A2A 0.3 agents on the JavaScript SDK's 0.3 line, one origin, driven by Live", false)
}

// TestForeignFixtureV03 holds the kept 0.3 session to what it shows,
// without a browser: it parses, every A2A exchange reads as 0.3, and
// a2aplay check has only its notes on what 1.0 spells differently.
func TestForeignFixtureV03(t *testing.T) {
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "test", "testdata", "foreign", "jssdk-v03-live.http"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "jssdk-v03-live.http")
	if err != nil {
		t.Fatal(err)
	}
	var a2a int
	for _, x := range tr.Exchanges {
		if x.Channel == replay.ChannelOutOfBand {
			continue
		}
		a2a++
		if v := replay.ExchangeVersion(x); v != replay.V03 {
			t.Errorf("exchange %d %s reads as %q, want 0.3", x.Seq, x.Name, v)
		}
	}
	if a2a != 5 {
		t.Errorf("%d A2A exchanges, want 5 (two cards, the review and its answer, the deploy)", a2a)
	}
	notes := 0
	for _, f := range check.Check(tr) {
		if f.Severity != check.Note {
			t.Errorf("jssdk-v03-live.http:%d: %s", f.Line, f)
		}
		notes++
	}
	if notes == 0 {
		t.Error("no migration note on a 0.3 session")
	}
}
