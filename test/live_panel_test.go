package test

// The Live mode of the page, end to end: the site built with the live
// module, served like "a2aplay serve" serves it (or opened from disk as
// the offline file), driven through the page's own buttons the way a
// learner would: the worker is never called directly. Remote, the page
// drives the kit run by "a2aplay agents" in a process of its own.

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/web"
)

// A servedSite is a site built once, with the live module, served as
// a2aplay serve serves it (its default connect-src: any port of
// localhost) and written as the offline page too.
type servedSite struct {
	once    sync.Once
	url     string // the served site, "/" at the end
	offline string // file: URL of the offline page with Live inline
	report  *web.Report
	err     error
}

// serve builds the site once, from the options opts makes of the live
// module and Go's wasm_exec.js (buildLiveSite builds them), and returns
// its URL; prefix names its temporary folder.
func (s *servedSite) serve(t *testing.T, prefix string, opts func(live, wasmExec []byte) (web.Options, error)) string {
	t.Helper()
	if env.skip != "" {
		t.Skip(env.skip)
	}
	dir := buildLiveSite(t)
	s.once.Do(func() {
		s.err = func() error {
			mod, err := os.ReadFile(filepath.Join(dir, "live.wasm"))
			if err != nil {
				return err
			}
			wasmExec, err := os.ReadFile(filepath.Join(dir, "wasm_exec.js"))
			if err != nil {
				return err
			}
			o, err := opts(mod, wasmExec)
			if err != nil {
				return err
			}
			tmp, err := os.MkdirTemp("", prefix)
			if err != nil {
				return err
			}
			cleanups = append(cleanups, func() { os.RemoveAll(tmp) })
			site := filepath.Join(tmp, "site")
			if s.report, err = web.Build(site, o); err != nil {
				return err
			}
			srv := httptest.NewServer(web.Handler(os.DirFS(site), web.ServeOptions{ConnectSrc: web.DefaultConnectSrc}))
			cleanups = append(cleanups, srv.Close)
			s.url = srv.URL + "/"
			off := filepath.Join(tmp, "a2aplay-offline.html")
			if err := web.WriteOffline(off, o); err != nil {
				return err
			}
			s.offline = "file://" + filepath.ToSlash(off)
			return nil
		}()
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.url
}

var livePageSite servedSite

// liveSiteURL builds the site with the live module once and serves it.
func liveSiteURL(t *testing.T) string {
	return livePageSite.serve(t, "a2aplay-live-page-", func(live, wasmExec []byte) (web.Options, error) {
		return web.Options{Transcripts: env.shipped, Viewer: env.viewer, WasmExec: wasmExec, Live: live, BrotliQuality: 5}, nil
	})
}

// openLivePage opens url (a link into Live) and waits until the panel's
// session is ready: its first button is enabled.
func openLivePage(t *testing.T, url string) *tab {
	t.Helper()
	tb := newTab(t)
	tb.open(url)
	tb.liveReady()
	tb.watchFrames()
	return tb
}

func (tb *tab) liveReady() {
	tb.t.Helper()
	tb.wait(`document.querySelector("#lv-status, .lv-status") && document.querySelector(".lv-status").classList.contains("ok")`)
}

// watchFrames records the longest the page's main thread went without a
// frame, in window.__gap.
func (tb *tab) watchFrames() {
	eval[bool](tb, `(() => { window.__gap = 0; let last = performance.now();
		const tick = (now) => { window.__gap = Math.max(window.__gap, now - last); last = now; requestAnimationFrame(tick); };
		requestAnimationFrame(tick); return true; })()`)
}

// text returns the text of the first element matching sel, "" if none.
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return eval[string](tb, `(e => e ? e.textContent : "")(document.querySelector(`+js(sel)+`))`)
}

// operatorShot keeps a screenshot of the operator panel at 1366x768.
func (tb *tab) operatorShot(name string) {
	tb.t.Helper()
	tb.do(chromedp.EmulateViewport(1366, 768))
	eval[bool](tb, `(document.querySelector("#lv-operator").scrollIntoView({block: "center"}), true)`)
	tb.keepScreenshot(name)
}

// hidden reports whether the element matching sel is hidden, or inside
// a hidden one; it fails the test when there is none.
func (tb *tab) hidden(sel string) bool {
	tb.t.Helper()
	state := eval[string](tb, `(e => !e ? "none" : e.closest("[hidden]") ? "hidden" : "shown")(document.querySelector(`+js(sel)+`))`)
	if state == "none" {
		tb.t.Fatalf("no %s", sel)
	}
	return state == "hidden"
}

// waitText waits until the element matching sel contains want.
func (tb *tab) waitText(sel, want string) {
	tb.t.Helper()
	tb.wait(`(e => !!e && e.textContent.includes(` + js(want) + `))(document.querySelector(` + js(sel) + `))`)
}

// lastResult is the text of the last finished result in a step's log.
func (tb *tab) lastResult(step string) string {
	tb.t.Helper()
	sel := step + " .lv-log > .lv-result:not(.pending):last-child"
	tb.wait(`!!document.querySelector(` + js(sel) + `)`)
	return tb.text(sel)
}

// results counts the finished results in a step's log.
func (tb *tab) results(step string) int {
	return eval[int](tb, `document.querySelectorAll(`+js(step+" .lv-log > .lv-result:not(.pending)")+`).length`)
}

// clickMove clicks a move's button and returns the result it adds to the
// log of step.
func (tb *tab) clickMove(button, step string) string {
	tb.t.Helper()
	n := tb.results(step)
	tb.click(button)
	tb.wait(fmt.Sprintf(`document.querySelectorAll(%s).length > %d`, js(step+" .lv-log > .lv-result:not(.pending)"), n))
	return tb.lastResult(step)
}

func mustContain(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: %q lacks %q", what, got, w)
		}
	}
}

// TestLiveLoadsLazily: the replay page fetches nothing of Live; the tab
// loads the panel, the worker and the module, with a loading state.
func TestLiveLoadsLazily(t *testing.T) {
	url := liveSiteURL(t)
	tb := newTab(t)
	tb.open(url)
	loaded := func() []string {
		return eval[[]string](tb, `performance.getEntriesByType("resource").map(e => e.name).filter(n => /live/.test(n))`)
	}
	if got := loaded(); len(got) != 0 {
		t.Errorf("the replay page loaded Live's files: %q", got)
	}
	if h := eval[string](tb, `document.getElementById("lessons").getAttribute("href")`); h != "lessons/index.html" {
		t.Errorf("the lessons link: %q", h)
	}
	tb.click("#mode-live")
	tb.wait(`!!document.querySelector(".lv-status")`)
	tb.keepScreenshot("live-loading")
	tb.liveReady()
	if !strings.HasSuffix(eval[string](tb, `location.hash`), "#live=review") {
		t.Errorf("the Live tab's link: %q", eval[string](tb, `location.hash`))
	}
	got := strings.Join(loaded(), " ")
	mustContain(t, "files fetched once Live opened", got, "live.", "live-worker.", ".wasm")
	mustContain(t, "status", tb.text(".lv-status"), "planner", "code-reviewer", "deployer")
	tb.keepScreenshot("live-ready")

	// Back to Replay: the transcript shown before, its link.
	// Its history entry is written once the transcript is painted and
	// the page is idle (wasm/viewer/link.go): Back pressed before that
	// leaves for the entry before Live's, as TestHistory has it.
	tb.click("#mode-replay")
	tb.wait(`!document.documentElement.dataset.mode && document.getElementById("live").hidden && !location.hash.startsWith("#live")`)
	if st := tb.state(); st.Transcript != env.shipped[0].Name {
		t.Errorf("back in Replay: %+v", st)
	}
	// The browser's back and forward move between the modes.
	tb.do(chromedp.NavigateBack())
	tb.wait(`document.documentElement.dataset.mode === "live" && !document.getElementById("live").hidden && location.hash === "#live=review"`)
	tb.do(chromedp.NavigateForward())
	tb.wait(`!document.documentElement.dataset.mode && a2aplay.state().transcript === ` + js(env.shipped[0].Name))
	tb.checkClean()
}

// TestLiveReview: the diff, the question, the wrong ways to answer, the
// answer on the same task, review.json, and a message to the ended task.
func TestLiveReview(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=review")
	r := tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	mustContain(t, "send the diff", r, "INPUT_REQUIRED", agents.BaseBranchQuestion)
	taskID := eval[string](tb, `document.getElementById("lv-review-task").value`)
	ctxID := eval[string](tb, `document.getElementById("lv-review-ctx").value`)
	if len(taskID) < 8 || len(ctxID) < 8 {
		t.Fatalf("the answer form's ids: %q %q", taskID, ctxID)
	}
	// The request and the reply, drawn as the worker posts them.
	tb.wait(`a2aplay.liveState().steps >= 2`)
	if st := tb.state(); st.Transcript != "live-session" || st.Step != st.Steps {
		t.Errorf("the viewer follows the session: %+v", st)
	}
	tb.keepScreenshot("live-review-question")

	answers := "#lv-card-review .lv-step:nth-of-type(2)"
	wrong := tb.clickMove("#lv-variant-wrong-task", answers)
	mustContain(t, "a wrong taskId", wrong, "error", "never issued")
	other := tb.clickMove("#lv-variant-other-context", answers)
	mustContain(t, "another contextId", other, "INVALID_PARAMS", "never issued")

	// An edited id goes as typed.
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-review-text"), "main"))
	ans := tb.clickMove("#lv-review-send", answers)
	mustContain(t, "the answer", ans, "COMPLETED", agents.ReviewArtifact, taskID[:8])
	review := eval[string](tb, `document.querySelector(`+js(answers+" .lv-result:last-child .lv-artifact pre")+`).textContent`)
	if !strings.HasPrefix(review, "{\n  ") {
		t.Errorf("review.json is not shown as pretty JSON: %.80q", review)
	}
	if n := eval[int](tb, `document.querySelectorAll("#live .lv-result script, #live .lv-result img").length`); n != 0 {
		t.Errorf("%d elements made of what agents said", n)
	}
	tb.keepScreenshot("live-review-answered")

	after := "#lv-card-review .lv-step:nth-of-type(3)"
	again := tb.clickMove("#lv-review-again", after)
	mustContain(t, "a message to the ended task", again, "§3.1.1", "a2a-go deviates", "-32602")
	sub := tb.clickMove("#lv-review-sub", after)
	mustContain(t, "SubscribeToTask after the end", sub, "§3.1.6", "-32001")
	get := tb.clickMove("#lv-review-get", after)
	mustContain(t, "GetTask after the end", get, "COMPLETED")
	tb.keepScreenshot("live-review-deviations")

	// Without the contextId, on a new task: the agent takes the taskId
	// alone. The answer is markup, which the reviewer repeats: it stays
	// text.
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	const markup = `<img src=x onerror=alert(1)>`
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-review-text"), markup))
	odd := tb.clickMove("#lv-review-send", answers)
	mustContain(t, "markup as a branch", odd, "INPUT_REQUIRED", markup)
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-review-text"), "main"))
	noCtx := tb.clickMove("#lv-variant-no-context", answers)
	mustContain(t, "no contextId", noCtx, "sent contextId(none)", "COMPLETED")
	if n := eval[int](tb, `document.querySelectorAll("#live img, #insp-facts img, #diagram img").length`); n != 0 {
		t.Errorf("%d img elements: an agent's text became markup", n)
	}

	// "step in diagram" selects the move's first step.
	tb.click(after + " .lv-result:last-child .lv-link")
	tb.wait(`(s => s.step > 0 && s.step < s.steps)(a2aplay.state())`)
	if !strings.Contains(tb.text("#insp-heading"), "Step") || !strings.Contains(tb.text("#insp-raw"), "GetTask") {
		t.Errorf("the inspector shows %q: %.120q", tb.text("#insp-heading"), tb.text("#insp-raw"))
	}
	t.Logf("longest frame gap while the agents worked: %.0f ms", eval[float64](tb, `window.__gap`))
	tb.checkClean()
}

// TestLiveDeploy: a deploy over a stream, a message while it waits, the
// operator's approval and refusal through the operator panel's buttons,
// the stream resuming, both bindings, and moves after the stream closed.
func TestLiveDeploy(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=deploy")
	first := "#lv-card-deploy .lv-step:nth-of-type(1)"
	r := tb.clickMove("#lv-deploy", first)
	mustContain(t, "deploy", r, "AUTH_REQUIRED", "/approve/", "stream #1 open")
	tb.wait(`!!document.querySelector("#lv-operator .lv-op-item button[data-decide=approve]")`)
	mustContain(t, "the operator panel", tb.text("#lv-operator"), "outside A2A", "The operator", "/approve/", "AUTH_REQUIRED", "Authorization: Bearer")
	// The in-page kit's operator token is the page's: it asks for none.
	if !tb.hidden("#lv-op-token-ask") || tb.hidden("#lv-op-token-held") {
		t.Error("the in-page session's operator panel asks for a token it holds")
	}
	tb.operatorShot("live-operator-panel")
	tb.keepScreenshot("live-deploy-waiting")
	tb.click("#lv-card-deploy .lv-to-op")
	tb.wait(`(r => r.top >= 0 && r.bottom <= innerHeight)(document.querySelector("#lv-operator .lv-op-item").getBoundingClientRect())`)
	tb.keepScreenshot("live-deploy-operator")

	waiting := "#lv-card-deploy .lv-step:nth-of-type(3)"
	msg := tb.clickMove("#lv-deploy-msg", waiting)
	mustContain(t, "a message while it waits", msg, "§7.6.1", "a2a-go deviates", "already in progress")

	op := "#lv-operator"
	ap := tb.clickMove(op+" button[data-decide=approve]", op)
	mustContain(t, "approve", ap, "HTTP 200")
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")
	tb.waitText("#lv-card-deploy .lv-watch", "stream #1 closed")
	tb.keepScreenshot("live-deploy-approved")

	closed := "#lv-card-deploy .lv-step:nth-of-type(4)"
	get := tb.clickMove("#lv-deploy-get2", closed)
	mustContain(t, "GetTask after the stream closed", get, "COMPLETED")
	sub := tb.clickMove("#lv-deploy-sub", closed)
	mustContain(t, "SubscribeToTask after the stream closed", sub, "§3.1.6")

	// HTTP+JSON, refused.
	tb.click(`.lv-binding button[data-binding="HTTP+JSON"]`)
	again := tb.clickMove("#lv-deploy-again", closed)
	mustContain(t, "deploy over HTTP+JSON", again, "HTTP+JSON", "AUTH_REQUIRED", "stream #3 open")
	tb.wait(`!!document.querySelector("#lv-operator .lv-op-item button[data-decide=refuse]:not(:disabled)")`)
	ref := tb.clickMove(op+" button[data-decide=refuse]", op)
	mustContain(t, "refuse", ref, "HTTP 200")
	tb.waitText("#lv-card-deploy .lv-watch", "REJECTED")
	tb.waitText("#lv-card-deploy .lv-watch", "stream #3 closed")
	tb.wait(`!document.querySelector("#lv-operator .lv-op-item")`)
	tb.keepScreenshot("live-deploy-refused")
	tb.dark(true)
	tb.clickMove("#lv-deploy-again", closed)
	tb.wait(`!!document.querySelector("#lv-operator .lv-op-item")`)
	tb.keepScreenshot("live-deploy-dark")
	tb.checkClean()
}

// TestLivePlanner: the planner passes the question, then the approval,
// up to the learner, who answers, subscribes and approves.
func TestLivePlanner(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=planner")
	r := tb.clickMove("#lv-plan", "#lv-card-planner .lv-step:nth-of-type(1)")
	mustContain(t, "run the planner", r, "planner", "INPUT_REQUIRED", agents.BaseBranchQuestion)
	ans := tb.clickMove("#lv-plan-answer", "#lv-card-planner .lv-step:nth-of-type(2)")
	mustContain(t, "answer the planner", ans, "AUTH_REQUIRED", "/approve/")
	watch := "#lv-card-planner .lv-step:nth-of-type(3)"
	sub := tb.clickMove("#lv-plan-sub", watch)
	mustContain(t, "subscribe to the planner", sub, "stream #1 open")
	tb.wait(`!!document.querySelector("#lv-operator .lv-op-item")`)
	// The link the planner passed up is the deployer's, for the
	// deployer's task: the panel names that task, says the planner's
	// passed it up, and posts that link.
	item := eval[map[string]string](tb, `(li => ({head: li.firstChild.textContent, named: li.firstChild.querySelector("code").title,
		task: li.dataset.task, url: li.dataset.url, passed: (li.querySelector(".lv-passed-up") || {}).textContent || ""}))(document.querySelector("#lv-operator .lv-op-item"))`)
	planTask := eval[string](tb, `[...document.querySelectorAll("#lv-operator .lv-passed-up code")].map(c => c.title).join(" ")`)
	if !strings.HasPrefix(item["head"], agents.DeployerName+" · task ") || item["task"] == "" || !strings.HasSuffix(item["head"], "AUTH_REQUIRED") ||
		item["named"] != item["task"] || !strings.HasSuffix(item["url"], "/approve/"+item["task"]) {
		t.Errorf("the operator item names %q (task %q) for the link %s; want the deployer's task that the link decides", item["head"], item["task"], item["url"])
	}
	if planTask == "" || planTask == item["task"] || !strings.HasPrefix(item["passed"], "passed up by the planner's task ") {
		t.Errorf("the operator item says %q (planner's task %q); want it passed up by the planner's task", item["passed"], planTask)
	}
	tb.keepScreenshot("live-planner-waiting")
	ap := tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "approve the deployer's task", ap, "HTTP 200", "link of the deployer's task ", item["url"])
	tb.waitText("#lv-card-planner .lv-watch", "COMPLETED")
	tb.waitText("#lv-card-planner .lv-watch", "closed")
	// The planner's client, its two agents, and the operator.
	tb.wait(`a2aplay.liveState().steps > 20`)
	for _, p := range []string{agents.PlannerName, agents.ReviewerName, agents.DeployerName, "operator"} {
		if !strings.Contains(eval[string](tb, `document.querySelector("#diagram svg").textContent`), p) {
			t.Errorf("the diagram has no %s", p)
		}
	}
	tb.keepScreenshot("live-planner-done")
	tb.checkClean()
}

// TestLiveEndSaveReplay: save the session as a .http file that opens in
// Replay like a capture; end it with tasks waiting and see no goroutine
// left.
func TestLiveEndSaveReplay(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=deploy")
	dir := tb.allowDownloads()
	tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	tb.click("#lv-tab-review")
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	during := tb.text("#lv-goroutines")
	tb.wait(`a2aplay.liveState().steps >= 6`) // the deploy's 4 steps, the diff's 2

	tb.click("#lv-save")
	text := waitFile(t, tb.ctx, filepath.Join(dir, "a2aplay-live-session.http"))
	tr, err := replay.Parse(text, "a2aplay-live-session.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	// As recorded, on the wall clock: the session happened in this test.
	for _, st := range replay.Steps(tr) {
		if since := time.Since(st.At); since < 0 || since > 10*time.Minute {
			t.Errorf("step %d of the saved session at %s, not during this test", st.Index, st.At.Format(time.RFC3339Nano))
		}
	}
	// Normalised, on the synthetic clock with deterministic ids.
	tb.click("#lv-save-normalize")
	tb.click("#lv-save")
	norm, err := replay.Parse(waitFile(t, tb.ctx, filepath.Join(dir, "a2aplay-live-session-normalised.http")), "normalised.http")
	if err != nil {
		t.Fatalf("the normalised session does not parse: %v", err)
	}
	if steps := replay.Steps(norm); len(steps) < 6 || !steps[0].At.Equal(capture.Epoch) || len(steps) != len(replay.Steps(tr)) {
		t.Errorf("the normalised session: %d steps (%d as recorded), the first at %v; want it at %v", len(steps), len(replay.Steps(tr)), steps[0].At, capture.Epoch)
	}
	if err := capture.Normalize(tr, "live-page", nil); err != nil {
		t.Errorf("the saved session does not normalise like a capture: %v", err)
	}
	if len(replay.Steps(tr)) < 6 {
		t.Errorf("the saved session has %d steps", len(replay.Steps(tr)))
	}

	tb.click("#lv-end")
	tb.waitText("#lv-goroutines", "after it ended")
	gor := tb.text("#lv-goroutines")
	mustContain(t, "goroutines", gor, "before the session", "none left behind")
	t.Logf("during: %s; after: %s", during, gor)
	// Both tasks canceled, the stream closed.
	tb.wait(`(ls => ls.length === 3 && ls.every(l => l.textContent.includes("CANCELED")) && ls[2].textContent.includes("closed"))([...document.querySelectorAll(".lv-tasklist li")])`)
	tb.keepScreenshot("live-ended")

	// The saved file opens in Replay like any capture.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{filepath.Join(dir, "a2aplay-live-session.http")}))
	tb.wait(`a2aplay.state().transcript === "a2aplay-live-session.http"`)
	if st := tb.state(); st.Steps != len(replay.Steps(tr)) || eval[string](tb, `document.documentElement.dataset.mode || ""`) != "" {
		t.Errorf("the saved session in Replay: %+v, want %d steps, Replay shown", st, len(replay.Steps(tr)))
	}
	tb.keepScreenshot("live-saved-replayed")
	tb.checkClean()
}

// TestLiveRemote drives the kit under "a2aplay agents", another process
// on loopback ports, from the served page through the browser's fetch:
// the CSP's default connect-src lets it.
func TestLiveRemote(t *testing.T) {
	url := liveSiteURL(t)
	urls, log := runAgents(t)
	tb := openLivePage(t, url+"#live=review")
	tb.click("#lv-remote")
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-url"), strings.Join(urls, " ")))
	tb.click("#lv-connect")
	tb.waitText(".lv-status", "Connected")
	mustContain(t, "remote status", tb.text(".lv-status"), "code-reviewer", "deployer", "planner")

	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	ans := tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)")
	mustContain(t, "the remote answer", ans, "COMPLETED", agents.ReviewArtifact)

	tb.click("#lv-tab-deploy")
	tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	// A remote kit's operator token is the learner's to give: the panel
	// asks for it, and an approval without it is refused and decides
	// nothing.
	if tb.hidden("#lv-op-token-ask") || !tb.hidden("#lv-op-token-held") {
		t.Error("a remote session's operator panel does not ask for the operator token")
	}
	no := tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "an approval without the token", no, "HTTP 401", "no credential", "a2aplay agents")
	tb.operatorShot("live-operator-panel-remote-401")
	mustContain(t, "the deploy after it", tb.text("#lv-card-deploy .lv-watch"), "AUTH_REQUIRED")
	tb.fill("#lv-op-token", operatorToken(t, log))
	tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")
	tb.keepScreenshot("live-remote")
	if st := tb.state(); !strings.Contains(eval[string](tb, `document.querySelector("#diagram svg").textContent`), "127.0.0.1") && st.Steps == 0 {
		t.Errorf("the diagram: %+v", st)
	}
	if got := log.String(); !strings.Contains(got, "/approve/") {
		t.Errorf("the agents' log shows no approval:\n%s", got)
	}
	// A message of the learner's own, to any agent of the session.
	tb.click("#lv-tab-try")
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-send-agent"), agents.ReviewerName))
	own := tb.clickMove("#lv-send", "#lv-card-try .lv-step:nth-of-type(2)")
	mustContain(t, "a message of one's own", own, "SendMessage", agents.ReviewerName)
	t.Logf("the code-reviewer, sent plain text: %s", own)
	tb.keepScreenshot("live-remote-try")

	tb.click("#lv-end")
	tb.waitText("#lv-goroutines", "none left behind")
	tb.checkClean()
}

// TestLiveModuleMissing: a site whose live module cannot be fetched says
// so in the panel; the replay page goes on working.
func TestLiveModuleMissing(t *testing.T) {
	url := liveSiteURL(t)
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(path.Base(r.URL.Path), "live.") && strings.HasSuffix(r.URL.Path, ".wasm") {
			http.NotFound(w, r)
			return
		}
		resp, err := http.Get(url + strings.TrimPrefix(r.URL.RequestURI(), "/"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	}))
	defer broken.Close()
	tb := newTab(t)
	tb.open(broken.URL + "/#live=review")
	tb.wait(`(s => !!s && s.classList.contains("error"))(document.querySelector(".lv-status"))`)
	mustContain(t, "status", tb.text(".lv-status"), "live worker", "404")
	if eval[bool](tb, `document.getElementById("lv-send-diff").disabled`) != true {
		t.Error("the first move is enabled without agents")
	}
	tb.keepScreenshot("live-module-missing")
	tb.click("#mode-replay")
	tb.key("ArrowRight")
	tb.at(env.shipped[0].Name, 1)
}

// TestLiveOffline: the offline file, opened from disk, runs the kit in a
// worker started from a blob: URL, under its own strict CSP.
func TestLiveOffline(t *testing.T) {
	liveSiteURL(t)
	tb := newTab(t)
	tb.open(livePageSite.offline + "#live=review")
	tb.liveReady()
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	ans := tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)")
	mustContain(t, "the offline answer", ans, "COMPLETED", agents.ReviewArtifact)
	tb.click("#lv-tab-deploy")
	tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")
	if eval[bool](tb, `!document.getElementById("lessons")`) != true {
		t.Error("the offline page links lessons it does not have")
	}
	if eval[bool](tb, `document.getElementById("lv-remote").disabled`) != true {
		t.Error("the offline page offers remote agents, which its policy does not let it reach")
	}
	// It does not carry the live03 module: 0.3 needs the served page.
	if eval[bool](tb, `document.querySelector('.lv-version button[data-version="0.3"]').disabled`) != true {
		t.Error("the offline page offers A2A 0.3, whose module it does not carry")
	}
	tb.keepScreenshot("live-offline")
	tb.checkClean()
}

// TestLiveSize reports the live module as the site ships it.
func TestLiveSize(t *testing.T) {
	liveSiteURL(t)
	r := livePageSite.report
	t.Logf("live.wasm: %d bytes, %d brotli at the tests' quality 5 (the site ships quality 11; see BenchmarkModuleSize in cmd/live)", r.LiveRaw, r.LiveBr)
	if r.LiveRaw == 0 || r.LiveBr == 0 {
		t.Errorf("the site has no compressed live module: %+v", r)
	}
}

// operatorToken reads the operator token "a2aplay agents" printed, as
// its operator would.
func operatorToken(t *testing.T, log *logbuf.Buffer) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		for _, line := range strings.Split(log.String(), "\n") {
			if strings.Contains(line, "Authorization: Bearer ") {
				if tok := agents.OperatorTokenPattern.FindString(line); tok != "" {
					return tok
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("a2aplay agents printed no operator token:\n%s", log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// runAgents runs "a2aplay agents" on free loopback ports until the test
// ends and returns the agents' base URLs and the log it writes.
func runAgents(t *testing.T) ([]string, *logbuf.Buffer) {
	t.Helper()
	bin := agentsBinary(t)
	ports := make([]int, 3)
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ports[i] = l.Addr().(*net.TCPAddr).Port
		l.Close()
	}
	cmd := exec.Command(bin, "agents", "-host", "127.0.0.1",
		"-planner", strconv.Itoa(ports[0]), "-reviewer", strconv.Itoa(ports[1]), "-deployer", strconv.Itoa(ports[2]))
	log := &logbuf.Buffer{}
	out, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	go io.Copy(log, bufio.NewReader(out))
	var urls []string
	for _, p := range ports {
		urls = append(urls, "http://127.0.0.1:"+strconv.Itoa(p))
	}
	// Wait until every agent listens.
	deadline := time.Now().Add(30 * time.Second)
	for _, p := range ports {
		for {
			c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(p))
			if err == nil {
				c.Close()
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("a2aplay agents does not listen on %d:\n%s", p, log.String())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return urls, log
}

var agentsBin struct {
	once sync.Once
	path string
	err  error
}

// agentsBinary builds cmd/a2aplay once.
func agentsBinary(t *testing.T) string {
	t.Helper()
	agentsBin.once.Do(func() {
		root, err := browser.RepoRoot()
		if err != nil {
			agentsBin.err = err
			return
		}
		dir, err := os.MkdirTemp("", "a2aplay-bin-")
		if err != nil {
			agentsBin.err = err
			return
		}
		cleanups = append(cleanups, func() { os.RemoveAll(dir) })
		agentsBin.path = filepath.Join(dir, "a2aplay")
		cmd := exec.Command("go", "build", "-o", agentsBin.path, "./cmd/a2aplay")
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			agentsBin.err = fmt.Errorf("building a2aplay: %w\n%s", err, b)
		}
	})
	if agentsBin.err != nil {
		t.Fatal(agentsBin.err)
	}
	return agentsBin.path
}

// connectRemote opens a Live session of the remote agents at urls
// (separated by spaces) and waits for it to connect.
func (tb *tab) connectRemote(urls string) {
	tb.t.Helper()
	tb.click("#lv-remote")
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-url"), urls))
	tb.click("#lv-connect")
	tb.waitText(".lv-status", "Connected")
}

// tryMoves are the Try more card's two moves: send a new message to an
// agent (its own task), and send a message or press button on task id.
// Each returns the move's result as the panel shows it.
func (tb *tab) tryMoves() (send func(agent, text string) string, onIt func(id, button, text string) string) {
	const onTask, own = "#lv-card-try .lv-step:nth-of-type(1)", "#lv-card-try .lv-step:nth-of-type(2)"
	tb.click("#lv-tab-try")
	send = func(agent, text string) string {
		tb.choose("#lv-send-agent", agent)
		tb.fill("#lv-send-text", text)
		return tb.clickMove("#lv-send", own)
	}
	onIt = func(id, button, text string) string {
		tb.choose("#lv-try-task", id)
		tb.fill("#lv-try-text", text)
		return tb.clickMove(button, onTask)
	}
	return send, onIt
}
