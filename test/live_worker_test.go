package test

// The live module in a real browser: the worker built from cmd/live,
// loaded by web/live-worker.js (web.WorkerScript) into a Web Worker of a bare page served
// with the site's Content-Security-Policy, driven through its message
// protocol (package live). Offline it runs the kit in the worker;
// remote it drives the kit on loopback ports through the browser's
// fetch, across origins (CORS). The page's own Live UI is tested by the
// playground's tests.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/web"
)

// livePage is the bare page that drives the worker: window.live.call(op,
// args) posts a command and resolves with its result; updates land in
// window.live.
const livePage = `<!doctype html>
<meta charset="utf-8">
<title>live worker</title>
<script src="wasm_exec.js"></script>
<script src="live-test.js"></script>
`

const liveScript = `"use strict";
(async () => {
	const live = window.live = {ready: false, exchanges: 0, steps: 0, updates: 0, state: null, errors: [], maxGap: 0};
	// The driver (wasm/livedriver) speaks package panel's messages.
	const go = new Go();
	const driver = await WebAssembly.instantiateStreaming(fetch("livedriver.wasm"), go.importObject);
	go.run(driver.instance);
	const w = new Worker("live-worker.js");
	const pending = new Map();
	let next = 0;
	w.onmessage = (e) => {
		if (!(e.data instanceof Uint8Array)) {
			live.errors.push("the worker posted an object: " + JSON.stringify(e.data));
			return;
		}
		const m = JSON.parse(liveWire.decode(e.data));
		if (m.id !== undefined && pending.has(m.id)) {
			const p = pending.get(m.id);
			pending.delete(m.id);
			if (m.error !== undefined) p.reject(new Error(m.error)); else p.resolve(m.result);
			return;
		}
		switch (m.type) {
		case "ready": live.ready = true; break;
		case "delta": live.exchanges = m.exchanges; live.steps = m.steps; live.updates++; break;
		case "state": live.state = m.state; break;
		default: live.errors.push(m.error || JSON.stringify(m));
		}
	};
	w.onerror = (e) => live.errors.push("worker error: " + e.message);
	live.call = (op, args) => new Promise((resolve, reject) => {
		const id = ++next;
		const b = liveWire.request(id, op, JSON.stringify(args || {}));
		if (typeof b === "string") {
			reject(new Error(b));
			return;
		}
		pending.set(id, {resolve, reject});
		w.postMessage(b, [b.buffer]);
	});
	// Posts raw bytes, as a page of another version would.
	live.post = (bytes) => w.postMessage(new Uint8Array(bytes));
	// The longest the page's main thread went without a frame.
	let last = performance.now();
	const tick = (now) => { live.maxGap = Math.max(live.maxGap, now - last); last = now; requestAnimationFrame(tick); };
	requestAnimationFrame(tick);
	// Sent before the module has loaded: the worker keeps it.
	live.early = live.call("stats");
})();
`

var liveSite struct {
	once sync.Once
	dir  string
	err  error
}

// buildLiveSite builds the live module once and puts it in a folder
// with wasm_exec.js, web/live-worker.js and the test page.
func buildLiveSite(t *testing.T) string {
	t.Helper()
	liveSite.once.Do(func() {
		liveSite.err = func() error {
			root, err := browser.RepoRoot()
			if err != nil {
				return err
			}
			dir, err := os.MkdirTemp("", "a2aplay-live-")
			if err != nil {
				return err
			}
			cleanups = append(cleanups, func() { os.RemoveAll(dir) })
			// live.wasm and wasm_exec.js, as the site is built.
			if _, err := build.Build(context.Background(), root, dir, build.Live); err != nil {
				return err
			}
			worker, err := web.WorkerScript("live-worker.js")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "live-worker.js"), worker, 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(livePage), 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "live-test.js"), []byte(liveScript), 0o644); err != nil {
				return err
			}
			// The test's driver, beside the worker.
			cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "livedriver.wasm"), "./wasm/livedriver")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("building the test's driver: %v\n%s", err, out)
			}
			liveSite.dir = dir
			return nil
		}()
	})
	if liveSite.err != nil {
		t.Fatal(liveSite.err)
	}
	return liveSite.dir
}

// openLive serves the live test page, with connect-src opened to the
// given origins, and waits until the worker listens.
func openLive(t *testing.T, connect ...string) *tab {
	t.Helper()
	tb := newTab(t)
	dir := buildLiveSite(t)
	srv := httptest.NewServer(web.Handler(os.DirFS(dir), web.ServeOptions{ConnectSrc: connect}))
	t.Cleanup(srv.Close)
	tb.do(chromedp.Navigate(srv.URL + "/"))
	tb.wait(`window.live && live.ready`)
	if got := eval[map[string]any](tb, `live.early`); got["goroutines"] == nil {
		t.Errorf("the command sent before the module loaded: %v", got)
	}
	return tb
}

// call runs one command in the worker and returns its result.
func call[T any](tb *tab, op string, args any) T {
	tb.t.Helper()
	a, err := json.Marshal(args)
	if err != nil {
		tb.t.Fatal(err)
	}
	return eval[T](tb, fmt.Sprintf(`live.call(%s, %s)`, js(op), a))
}

// callErr runs a command that must fail and returns its error.
func callErr(tb *tab, op string, args any) string {
	tb.t.Helper()
	a, _ := json.Marshal(args)
	return eval[string](tb, fmt.Sprintf(`live.call(%s, %s).then(() => "", e => e.message)`, js(op), a))
}

// A liveResult is what the tests read of a move's result.
type liveResult struct {
	Task *struct {
		ID         string `json:"id"`
		ContextID  string `json:"contextId"`
		State      string `json:"state"`
		Text       string `json:"text"`
		ApproveURL string `json:"approveUrl"`
		Artifacts  []struct {
			Name string `json:"name"`
		} `json:"artifacts"`
	} `json:"task"`
	Stream *struct {
		ID     int  `json:"id"`
		Open   bool `json:"open"`
		Events int  `json:"events"`
	} `json:"stream"`
	HTTP *struct {
		Status int `json:"status"`
	} `json:"http"`
	Error *struct {
		Code   int    `json:"code"`
		Reason string `json:"reason"`
	} `json:"error"`
	Deviation *struct {
		Spec  string `json:"spec"`
		Known string `json:"known"`
	} `json:"deviation"`
}

func (r liveResult) state() string {
	if r.Task == nil {
		return ""
	}
	return r.Task.State
}

// streamEnds waits until the worker's state shows stream id closed in
// the given task state.
func streamEnds(tb *tab, id int, state string) {
	tb.t.Helper()
	tb.wait(fmt.Sprintf(`live.state && live.state.streams.some(s => s.id === %d && !s.open && s.state === %s)`, id, js(state)))
}

// playKit plays the kit's three flows through the worker: the answer,
// an approved and a refused deploy, and the planner chain. token is the
// remote deployer's operator token; "" offline, where the worker's
// session holds the in-page kit's.
func playKit(t *testing.T, tb *tab, binding, token string) {
	t.Helper()
	decide := func(taskID string) map[string]any {
		args := map[string]any{"taskId": taskID}
		if token != "" {
			args["token"] = token
		}
		return args
	}
	diff := call[liveResult](tb, "sendDiff", map[string]any{"binding": binding})
	if diff.state() != "TASK_STATE_INPUT_REQUIRED" || diff.Task.Text != agents.BaseBranchQuestion {
		t.Fatalf("sendDiff: %+v", diff.Task)
	}
	ans := call[liveResult](tb, "answer", map[string]any{"taskId": diff.Task.ID, "text": "main", "binding": binding})
	if ans.state() != "TASK_STATE_COMPLETED" || ans.Task.ID != diff.Task.ID || len(ans.Task.Artifacts) != 1 || ans.Task.Artifacts[0].Name != agents.ReviewArtifact {
		t.Fatalf("answer: %+v", ans.Task)
	}

	dep := call[liveResult](tb, "deploy", map[string]any{"binding": binding})
	if dep.state() != "TASK_STATE_AUTH_REQUIRED" || dep.Stream == nil || !dep.Stream.Open || dep.Task.ApproveURL == "" {
		t.Fatalf("deploy: %+v %+v", dep.Task, dep.Stream)
	}
	wait := call[liveResult](tb, "sendWhileWaiting", map[string]any{"taskId": dep.Task.ID, "binding": binding})
	if wait.Deviation == nil || wait.Deviation.Spec != "§7.6.1" {
		t.Errorf("a message while waiting: %+v %+v", wait.Error, wait.Deviation)
	}
	ap := call[liveResult](tb, "approve", decide(dep.Task.ID))
	if ap.HTTP == nil || ap.HTTP.Status != http.StatusOK {
		t.Fatalf("approve: %+v", ap.HTTP)
	}
	streamEnds(tb, dep.Stream.ID, "TASK_STATE_COMPLETED")

	ref := call[liveResult](tb, "deploy", map[string]any{"binding": binding})
	call[liveResult](tb, "refuse", decide(ref.Task.ID))
	streamEnds(tb, ref.Stream.ID, "TASK_STATE_REJECTED")

	plan := call[liveResult](tb, "runPlanner", map[string]any{"binding": binding})
	if plan.state() != "TASK_STATE_INPUT_REQUIRED" {
		t.Fatalf("runPlanner: %+v", plan.Task)
	}
	pa := call[liveResult](tb, "answer", map[string]any{"taskId": plan.Task.ID, "text": "main", "binding": binding})
	if pa.state() != "TASK_STATE_AUTH_REQUIRED" || pa.Task.ApproveURL == "" {
		t.Fatalf("answering the planner: %+v", pa.Task)
	}
	sub := call[liveResult](tb, "subscribe", map[string]any{"taskId": plan.Task.ID, "binding": binding})
	if sub.Stream == nil {
		t.Fatalf("subscribe: %+v", sub.Error)
	}
	call[liveResult](tb, "approve", decide(plan.Task.ID))
	streamEnds(tb, sub.Stream.ID, "TASK_STATE_COMPLETED")
}

// saved checks that the session saves as a transcript that parses.
func saved(t *testing.T, tb *tab) *replay.Transcript {
	t.Helper()
	s := call[map[string]any](tb, "save", nil)
	text, _ := s["text"].(string)
	tr, err := replay.Parse([]byte(text), "live.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	tb.wait(fmt.Sprintf(`live.exchanges === %d && live.steps === %d`, len(tr.Exchanges), len(replay.Steps(tr))))
	return tr
}

// goroutines returns how many goroutines the worker runs, counting the
// one that answers.
func goroutines(tb *tab) int {
	tb.t.Helper()
	return int(call[map[string]any](tb, "stats", nil)["goroutines"].(float64))
}

// closes closes the session and waits until the worker runs no more
// goroutines than it did before the session (before, from goroutines).
// It leaves a deploy waiting for approval on an open stream and the
// planner waiting for an answer, for Close to cancel.
func closes(t *testing.T, tb *tab, before int) {
	t.Helper()
	dep := call[liveResult](tb, "deploy", nil)
	plan := call[liveResult](tb, "runPlanner", nil)
	if dep.state() != "TASK_STATE_AUTH_REQUIRED" || plan.state() != "TASK_STATE_INPUT_REQUIRED" {
		t.Fatalf("deploy %+v, planner %+v", dep.Task, plan.Task)
	}
	during := goroutines(tb)
	if during <= before {
		t.Errorf("%d goroutines with a stream open, %d before: the count shows nothing", during, before)
	}
	call[map[string]any](tb, "close", nil)
	tb.wait(fmt.Sprintf(`live.call("stats").then(s => s.goroutines <= %d)`, before))
	for _, id := range []string{dep.Task.ID, plan.Task.ID} {
		tb.wait(fmt.Sprintf(`live.state.closed && live.state.tasks.some(t => t.id === %s && t.state === "TASK_STATE_CANCELED")`, js(id)))
	}
	t.Logf("goroutines in the worker: %d before the session, %d during, at most %d after close", before, during, before)
	if e := callErr(tb, "sendDiff", nil); !strings.Contains(e, "closed") {
		t.Errorf("a move after close: %q", e)
	}
}

func TestLiveWorkerOffline(t *testing.T) {
	tb := openLive(t)
	before := goroutines(tb)
	open := call[map[string]any](tb, "open", map[string]any{"mode": "offline"})
	if open["mode"] != "offline" || len(open["agents"].([]any)) != 3 {
		t.Fatalf("open: %v", open)
	}
	playKit(t, tb, "JSONRPC", "")
	tr := saved(t, tb)
	if tr.Participant(agents.PlannerName) == nil || tr.Participant("operator") == nil {
		t.Errorf("participants %+v", tr.Participants)
	}
	// A command of another version of the site: the worker says so.
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`live.post([%d, 67, 2])`, panel.Version+1)))
	tb.wait(`live.errors.some(e => e.includes("different versions of the site"))`)
	tb.do(chromedp.Evaluate[chromedp.Void](`live.errors = []`))
	closes(t, tb, before)
	t.Logf("longest main-thread frame gap while the agents worked: %.0f ms", eval[float64](tb, `live.maxGap`))
	if errs := eval[[]string](tb, `live.errors`); len(errs) > 0 {
		t.Errorf("the worker reported errors: %q", errs)
	}
	tb.checkClean()
}

// TestLiveWorkerRemote drives the kit on loopback ports, other origins
// than the page's, through the browser's fetch: cards, both bindings,
// streams that stay open until the operator approves.
func TestLiveWorkerRemote(t *testing.T) {
	kit, urls := serveKit(t)
	defer kit.Close()
	tb := openLive(t, urls...)
	before := goroutines(tb)
	open := call[map[string]any](tb, "open", map[string]any{"mode": "remote", "urls": urls})
	if open["mode"] != "remote" || len(open["agents"].([]any)) != 3 {
		t.Fatalf("open: %v", open)
	}
	playKit(t, tb, "HTTP+JSON", kit.Deployer.OperatorToken())
	tr := saved(t, tb)
	if p := tr.Participant(agents.DeployerName); p == nil || p.URL != kit.Deployer.BaseURL() {
		t.Errorf("the deployer participant: %+v", p)
	}
	closes(t, tb, before)
	tb.checkClean()
}

// serveKit serves the kit on loopback ports, as `a2aplay agents` does,
// and returns it with the agents' base URLs.
func serveKit(t *testing.T) (*agents.Kit, []string) {
	t.Helper()
	kit := kittest.Serve(t, "127.0.0.1")
	var urls []string
	for _, a := range kit.Agents() {
		urls = append(urls, a.BaseURL())
	}
	return kit, urls
}
