package test

// Live's remote mode against an agent nobody in a2aplay wrote: two
// agents built on the A2A JavaScript SDK's server classes
// (test/jssdk/agent.mjs, @a2a-js/sdk 1.3.0 on express 5.1.0), served
// on one origin under /reviewer and /deployer, driven from the page's
// own controls in headless Chromium. The saved session replays, draws
// and passes "a2aplay check", and is kept, normalised, as
// testdata/foreign/jssdk-live.http: real foreign traffic for other
// packages' tests. go test ./test -run JSSDK -update-foreign rewrites it.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
)

var updateForeign = flag.Bool("update-foreign", false, "rewrite testdata/foreign/jssdk-live.http and jssdk-v03-live.http from this run")

// foreignPort is the port the fixture names for the JavaScript agents;
// the test runs them on a free port and writes this one in its place.
const foreignPort = "9999"

// jsAgent runs test/jssdk/agent.mjs on a free loopback port, with one
// agent per path, until the test ends, and returns the port. The SDK
// must be installed: npm ci --prefix test/jssdk (./build.sh test does).
func jsAgent(t *testing.T, paths ...string) string {
	t.Helper()
	return jsAgentOf(t, "agent.mjs", "@a2a-js/sdk", paths...)
}

// jsAgentOf runs script, an agent of test/jssdk on the SDK package sdk
// (as node_modules names it), as jsAgent runs agent.mjs.
func jsAgentOf(t *testing.T, script, sdk string, paths ...string) string {
	t.Helper()
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "test", "jssdk")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(sdk), "package.json")); err != nil {
		t.Fatalf("the A2A JavaScript SDK is not installed: run npm ci --prefix test/jssdk (./build.sh test does): %v", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("no node to run the JavaScript agent (./build.sh test installs it): %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	cmd := exec.Command(node, append([]string{script, port}, paths...)...)
	cmd.Dir = dir
	log := &logbuf.Buffer{}
	cmd.Stderr = log
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		if s := log.String(); s != "" && t.Failed() {
			t.Logf("the JavaScript agent's log:\n%s", s)
		}
	})
	listening := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "listening ") {
				listening <- nil
			}
		}
		listening <- errors.New("it exited")
	}()
	select {
	case err := <-listening:
		if err != nil {
			t.Fatalf("the JavaScript agent does not listen: %v\n%s", err, log.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the JavaScript agent does not listen after 30s:\n%s", log.String())
	}
	return port
}

// TestLiveJSSDKAgent: INPUT_REQUIRED asked twice and answered on the
// same task, AUTH_REQUIRED approved by the operator on the open stream,
// and SubscribeToTask on the finished deploy, which the SDK answers with
// a plain JSON error instead of a stream: -32004 in a 200 over
// JSON-RPC, a 400 google.rpc.Status over HTTP+JSON.
func TestLiveJSSDKAgent(t *testing.T) {
	site := liveSiteURL(t)
	port := jsAgent(t, "/reviewer", "/deployer")
	origin := "http://127.0.0.1:" + port
	tb := openLivePage(t, site+"#live=try")
	dir := tb.allowDownloads()
	tb.connectRemote(origin + "/reviewer " + origin + "/deployer")
	mustContain(t, "remote status", tb.text(".lv-status"), "js-reviewer", "js-deployer")
	send, onIt := tb.tryMoves()

	// The review: asked, asked again for a branch that does not exist,
	// answered on the same task.
	r := send("js-reviewer", "Please review my change to payments-api.")
	mustContain(t, "the review", r, "INPUT_REQUIRED", "Which base branch")
	review := tb.taskOf("js-reviewer")
	r = onIt(review, "#lv-try-send", "no-such-branch")
	mustContain(t, "a branch that does not exist", r, "INPUT_REQUIRED", `There is no branch "no-such-branch"`)
	r = onIt(review, "#lv-try-send", "main")
	mustContain(t, "the answer", r, "COMPLETED", "review.txt")

	// The deploy, over a stream that stays open in AUTH_REQUIRED until
	// the operator approves outside A2A.
	tb.click("#lv-send-stream")
	r = send("js-deployer", "Deploy 2026.10.06-1 to staging.")
	mustContain(t, "the deploy", r, "AUTH_REQUIRED", "/deployer/approve/", "open")
	deploy := tb.taskOf("js-deployer")
	ap := tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "the approval", ap, "HTTP 200")
	tb.wait(`[...document.querySelectorAll("#lv-try-task option")].some(o => o.value === ` + js(deploy) + ` && o.textContent.includes("COMPLETED"))`)

	// SubscribeToTask on the finished deploy: the SDK answers a JSON
	// error where a stream was asked for, and the panel shows it.
	sub := onIt(deploy, "#lv-try-sub", "")
	mustContain(t, "subscribe to the finished deploy", sub, "-32004", "UNSUPPORTED_OPERATION", "error instead of a stream", "never started")
	if strings.Contains(sub, "closed after") {
		t.Errorf("the subscription shows as an empty stream: %q", sub)
	}
	// The stage holds the drawing and, above it, its pinned participant row.
	tb.wait(`[...document.querySelectorAll("#diagram svg")].some(s => s.textContent.includes("-32004"))`)

	// The same over HTTP+JSON: GetTask, then SubscribeToTask, which the
	// SDK answers 400 with a google.rpc.Status.
	tb.click(`button[data-binding="HTTP+JSON"]`)
	mustContain(t, "GetTask over HTTP+JSON", onIt(deploy, "#lv-try-get", ""), "HTTP+JSON", "COMPLETED")
	sub = onIt(deploy, "#lv-try-sub", "")
	mustContain(t, "subscribe over HTTP+JSON", sub, "HTTP 400", "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "never started")
	tb.keepScreenshot("live-jssdk")

	tb.click("#lv-save")
	text := waitFile(t, tb.ctx, filepath.Join(dir, "a2aplay-live-session.http"))
	tr, err := replay.Parse(text, "a2aplay-live-session.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	checkJSSDKSession(t, tr, origin)

	// The saved file opens in Replay like any capture.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{filepath.Join(dir, "a2aplay-live-session.http")}))
	tb.wait(`a2aplay.state().transcript === "a2aplay-live-session.http"`)
	if st := tb.state(); st.Steps != len(replay.Steps(tr)) {
		t.Errorf("the saved session in Replay has %d steps, want %d", st.Steps, len(replay.Steps(tr)))
	}
	tb.keepScreenshot("live-jssdk-replayed")
	tb.checkClean()

	fixture(t, text, port, "jssdk-live", "two agents on the A2A JavaScript SDK, one origin, driven by Live", true)
}

// checkJSSDKSession checks what the saved session holds: each agent its
// own participant though both share an origin, every exchange drawn to
// the agent its path names, the error where a stream was asked for, a
// diagram, and no finding of a2aplay check.
func checkJSSDKSession(t *testing.T, tr *replay.Transcript, origin string) {
	t.Helper()
	var names []string
	for _, p := range tr.Participants {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "client js-reviewer js-deployer operator" {
		t.Errorf("participants %q, want the two agents apart", got)
	}
	for _, name := range []string{"js-reviewer", "js-deployer"} {
		if p := tr.Participant(name); p == nil || p.URL != origin+"/"+strings.TrimPrefix(name, "js-") {
			t.Errorf("participant %s: %+v", name, p)
		}
	}
	var approvals, plainErrors int
	for _, x := range tr.Exchanges {
		u, err := url.Parse(x.Request.URL)
		if err != nil {
			t.Fatal(err)
		}
		want := "js-" + strings.Split(strings.TrimPrefix(u.Path, "/"), "/")[0]
		if x.To != want {
			t.Errorf("exchange %d %s %s is drawn to %s, want %s", x.Seq, x.Name, x.Request.URL, x.To, want)
		}
		if x.Name == "approve" && x.Channel == replay.ChannelOutOfBand && x.From == "operator" {
			approvals++
		}
		if x.Name == "SubscribeToTask" && x.Response != nil && x.Response.Stream == nil && strings.Contains(x.Response.Body, "-32004") {
			plainErrors++
		}
	}
	if approvals != 1 || plainErrors != 1 {
		t.Errorf("%d approvals outside A2A and %d JSON errors to a subscription, want 1 and 1", approvals, plainErrors)
	}
	steps := replay.Steps(tr)
	var shown bool
	for _, s := range steps {
		if s.Error != nil && s.Error.Code == -32004 && s.Kind == replay.KindReply {
			shown = true
		}
	}
	if !shown {
		t.Errorf("no step shows the error -32004")
	}
	var svg bytes.Buffer
	if err := diagram.WriteSVG(&svg, diagram.Layout(steps, diagram.Options{})); err != nil || !strings.Contains(svg.String(), "js-deployer") {
		t.Errorf("drawing the session: %v", err)
	}

	file := filepath.Join(t.TempDir(), "jssdk-live.http")
	b, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, agentsBinary(t), "check", "-strict", file).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("a2aplay check -strict on the saved session: %v\n%s", err, out)
	}
}

// fixture normalises the saved session like a capture, with the agents'
// random port written as foreignPort, and compares it with
// testdata/foreign/NAME.http, or rewrites that with -update-foreign
// (and, with clean, check's corpus of clean files beside it).
func fixture(t *testing.T, saved []byte, port, name, title string, clean bool) {
	t.Helper()
	text := string(saved)
	for _, host := range []string{"127.0.0.1", "localhost", "[::1]"} {
		text = strings.ReplaceAll(text, host+":"+port, host+":"+foreignPort)
	}
	tr, err := replay.Parse([]byte(text), name+".http")
	if err != nil {
		t.Fatal(err)
	}
	tr.Title = title
	if err := capture.Normalize(tr, name, nil); err != nil {
		t.Fatalf("normalising the session: %v", err)
	}
	got, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(env.testdata, "foreign", name+".http")
	if *updateForeign {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		// check's corpus of clean files keeps the same session.
		if !clean {
			return
		}
		if err := os.WriteFile(filepath.Join(filepath.Dir(filepath.Dir(env.testdata)), "check", "testdata", "clean", name+".http"), got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./test -run JSSDK -update-foreign writes it)", err)
	}
	if !bytes.Equal(got, want) {
		gotPath := strings.TrimSuffix(path, ".http") + ".got.http"
		os.WriteFile(gotPath, got, 0o644)
		t.Errorf("%s is not what this run saved (written to %s: %s); go test ./test -run JSSDK -update-foreign accepts it",
			filepath.Base(path), filepath.Base(gotPath), firstDiff(want, got))
	}
}

// firstDiff names the first line where two texts differ.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: %q, now %q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines, now %d", len(al), len(bl))
}

// choose selects the option with value v of the select element sel, as
// a person picking it would: a change event follows.
func (tb *tab) choose(sel, v string) {
	tb.t.Helper()
	ok := eval[bool](tb, `(s => { if (!s || ![...s.options].some(o => o.value === `+js(v)+`)) return false;
		s.value = `+js(v)+`; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })(document.querySelector(`+js(sel)+`))`)
	if !ok {
		tb.t.Fatalf("%s has no option %q", sel, v)
	}
}

// taskOf returns the id of the first task of agent in the try tab's task
// list, waiting for it: the list follows the session's snapshot, which
// may come after the move's result.
func (tb *tab) taskOf(agent string) string {
	tb.t.Helper()
	const option = `[...document.querySelectorAll("#lv-try-task option")].find(o => o.textContent.startsWith(%s))`
	tb.wait(fmt.Sprintf("!!"+option, js(agent+" ")))
	return eval[string](tb, fmt.Sprintf("("+option+").value", js(agent+" ")))
}

// fill sets the value of the text input sel, with an input event.
func (tb *tab) fill(sel, v string) {
	tb.t.Helper()
	ok := eval[bool](tb, `(e => { if (!e) return false; e.value = `+js(v)+`; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })(document.querySelector(`+js(sel)+`))`)
	if !ok {
		tb.t.Fatalf("no %s to fill", sel)
	}
}

// TestForeignFixture holds the kept session to what the live test
// checks of a fresh one, without a browser: it parses, keeps the two
// agents apart, draws, and check finds nothing in it.
func TestForeignFixture(t *testing.T) {
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "test", "testdata", "foreign", "jssdk-live.http"))
	if err != nil {
		t.Fatal(err)
	}
	// check's corpus of clean files keeps a copy, which must not drift.
	if kept, err := os.ReadFile(filepath.Join(root, "check", "testdata", "clean", "jssdk-live.http")); err != nil || !bytes.Equal(kept, b) {
		t.Errorf("check/testdata/clean/jssdk-live.http is not test/testdata/foreign/jssdk-live.http (copy it): %v", err)
	}
	tr, err := replay.Parse(b, "jssdk-live.http")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range check.Check(tr) {
		t.Errorf("jssdk-live.http:%d: %s", f.Line, f)
	}
	lanes := map[string]int{}
	for _, s := range replay.Steps(tr) {
		lanes[s.From]++
		lanes[s.To]++
	}
	for _, p := range []string{"client", "js-reviewer", "js-deployer", "operator"} {
		if lanes[p] == 0 {
			t.Errorf("no step of %s: lanes %v", p, lanes)
		}
	}
	if len(lanes) != 4 {
		t.Errorf("lanes %v, want the four participants", lanes)
	}
}
