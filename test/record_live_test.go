package test

// Live's remote mode through "a2aplay record": the recording proxy fronts
// the kit's reviewer and deployer and the two JavaScript SDK agents of
// test/jssdk/agent.mjs (served under paths of one origin), and the page
// connects to the proxy's URLs only. Four agents then share ONE origin,
// the proxy's, under /NAME/: both the proxy's recording and Live's saved
// session must still draw each agent as itself, name the approvals
// "approve", and draw each approval between the frame that asked for it
// and the frames that report the deploy resumed.

import (
	"bytes"
	"context"
	"flag"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/record"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
)

var updateClean = flag.Bool("update-clean", false, "rewrite check/testdata/clean/record-live.http from this run")

// The ports the kept recording names in place of this run's random ones.
const (
	cleanPagePort     = "8080"
	cleanProxyPort    = "8999"
	cleanJSPort       = "9999"
	cleanReviewerPort = "9002"
	cleanDeployerPort = "9003"
)

func TestLiveThroughRecord(t *testing.T) {
	site := liveSiteURL(t)
	recordNode(t)
	reviewer, deployer, token := serveKitAt(t)
	jsPort := jsAgent(t, "/reviewer", "/deployer")
	jsURL := "http://127.0.0.1:" + jsPort

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	proxy := "http://" + ln.Addr().String()
	file := filepath.Join(t.TempDir(), "proxy.http")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	log := &logbuf.Buffer{}
	rec, err := record.New(record.Config{
		Agents: []record.Agent{
			{Name: "code-reviewer", URL: reviewer}, {Name: "deployer", URL: deployer},
			{Name: "js-reviewer", URL: jsURL + "/reviewer"}, {Name: "js-deployer", URL: jsURL + "/deployer"},
		},
		ProxyURL: proxy, Out: f, Log: log, Name: "record-live", Title: "Live's remote mode through a2aplay record",
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: rec}}
	srv.Start()
	defer srv.Close()
	defer func() {
		if t.Failed() {
			t.Logf("the proxy's log:\n%s", log.String())
		}
	}()

	tb := openLivePage(t, site+"#live=review")
	dir := tb.allowDownloads()
	tb.click("#lv-remote")
	names := []string{"code-reviewer", "deployer", "js-reviewer", "js-deployer"}
	var urls []string
	for _, n := range names {
		urls = append(urls, proxy+"/"+n)
	}
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-url"), strings.Join(urls, " ")))
	tb.click("#lv-connect")
	tb.waitText(".lv-status", "Connected")
	mustContain(t, "remote status", tb.text(".lv-status"), names...)

	// The kit, over JSON-RPC, from the scenario tabs: the review answered
	// on the same task, the deploy approved in the operator panel through
	// the approve link the proxy rewrote.
	tb.clickMove("#lv-send-diff", "#lv-card-review .lv-step:nth-of-type(1)")
	ans := tb.clickMove("#lv-review-send", "#lv-card-review .lv-step:nth-of-type(2)")
	mustContain(t, "the kit's review answered", ans, "COMPLETED", agents.ReviewArtifact)
	tb.click("#lv-tab-deploy")
	dp := tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	mustContain(t, "the kit's deploy", dp, "AUTH_REQUIRED")
	// The operator pastes the kit's token into the panel; it passes
	// through the proxy with the approval.
	tb.fill("#lv-op-token", token)
	ap := tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "the kit's approval", ap, "HTTP 200", proxy+"/deployer/approve/")
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")

	// The JavaScript agents, over HTTP+JSON, from the try tab.
	tb.click("#lv-tab-try")
	tb.click(`button[data-binding="HTTP+JSON"]`)
	const onTask, own = "#lv-card-try .lv-step:nth-of-type(1)", "#lv-card-try .lv-step:nth-of-type(2)"
	send := func(agent, text string) string {
		tb.choose("#lv-send-agent", agent)
		tb.fill("#lv-send-text", text)
		return tb.clickMove("#lv-send", own)
	}
	r := send("js-reviewer", "Please review my change to payments-api.")
	mustContain(t, "the JS review", r, "HTTP+JSON", "INPUT_REQUIRED", "Which base branch")
	review := tb.taskOf("js-reviewer")
	tb.choose("#lv-try-task", review)
	tb.fill("#lv-try-text", "main")
	mustContain(t, "the JS review answered", tb.clickMove("#lv-try-send", onTask), "COMPLETED", "review.txt")

	tb.click("#lv-send-stream")
	r = send("js-deployer", "Deploy 2026.10.06-1 to staging.")
	mustContain(t, "the JS deploy", r, "AUTH_REQUIRED", proxy+"/js-deployer/approve/", "open")
	deploy := tb.taskOf("js-deployer")
	ap = tb.clickMove("#lv-operator button[data-decide=approve]", "#lv-operator")
	mustContain(t, "the JS approval", ap, "HTTP 200", proxy+"/js-deployer/approve/")
	tb.wait(`[...document.querySelectorAll("#lv-try-task option")].some(o => o.value === ` + js(deploy) + ` && o.textContent.includes("COMPLETED"))`)
	tb.keepScreenshot("live-through-record")

	tb.click("#lv-save")
	saved := waitFile(t, tb.ctx, filepath.Join(dir, "a2aplay-live-session.http"))
	tb.checkClean()
	rec.Close()
	recorded, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}

	// Live saw the proxy: every agent at the proxy's origin, under its path.
	live, err := replay.Parse(saved, "a2aplay-live-session.http")
	if err != nil {
		t.Fatalf("Live's saved session does not parse: %v", err)
	}
	checkThroughProxy(t, "Live's session", live, func(n string) string { return proxy + "/" + n })
	// The proxy saw the agents: each at its own URL.
	at := map[string]string{"code-reviewer": reviewer, "deployer": deployer, "js-reviewer": jsURL + "/reviewer", "js-deployer": jsURL + "/deployer"}
	tr, err := replay.Parse(recorded, "proxy.http")
	if err != nil {
		t.Fatalf("the proxy's recording does not parse: %v\n%s", err, recorded)
	}
	checkThroughProxy(t, "the proxy's recording", tr, func(n string) string { return at[n] })

	page, err := url.Parse(site)
	if err != nil {
		t.Fatal(err)
	}
	cleanFixture(t, recorded, map[string]string{
		page.Host: cleanPagePort, ln.Addr().(*net.TCPAddr).String(): cleanProxyPort, "127.0.0.1:" + jsPort: cleanJSPort,
		strings.TrimPrefix(reviewer, "http://"): cleanReviewerPort, strings.TrimPrefix(deployer, "http://"): cleanDeployerPort,
	})
}

// checkThroughProxy checks a session of the four agents: one participant
// per agent at the URL base gives, every exchange drawn to the agent its
// URL is under, the two approvals named "approve" and drawn between the
// frame that asked and the frames that report the resumption, a
// diagram, and no finding of a2aplay check -strict.
func checkThroughProxy(t *testing.T, what string, tr *replay.Transcript, base func(name string) string) {
	t.Helper()
	agentNames := []string{"code-reviewer", "deployer", "js-reviewer", "js-deployer"}
	for _, n := range agentNames {
		if p := tr.Participant(n); p == nil || strings.TrimRight(p.URL, "/") != base(n) {
			t.Errorf("%s: participant %s is %+v, want it at %s", what, n, p, base(n))
		}
	}
	for _, p := range tr.Participants {
		switch p.Name {
		case "client", "operator", "code-reviewer", "deployer", "js-reviewer", "js-deployer":
		default:
			t.Errorf("%s: participant %+v is none of the client, the operator and the four agents", what, p)
		}
	}
	approvals := map[string]int{}
	for _, x := range tr.Exchanges {
		var want string
		for _, n := range agentNames {
			if b := base(n); x.Request.URL == b || strings.HasPrefix(x.Request.URL, b+"/") {
				want = n
			}
		}
		if x.To != want {
			t.Errorf("%s: exchange %d %s %s is drawn to %q, want %q", what, x.Seq, x.Name, x.Request.URL, x.To, want)
		}
		if x.Channel == replay.ChannelOutOfBand {
			if x.Name != "approve" {
				t.Errorf("%s: exchange %d %s outside A2A is named %q, want approve", what, x.Seq, x.Request.URL, x.Name)
			}
			approvals[x.To]++
		}
	}
	if approvals["deployer"] != 1 || approvals["js-deployer"] != 1 || len(approvals) != 2 {
		t.Errorf("%s: approvals %v, want one to each deployer", what, approvals)
	}

	steps := replay.Steps(tr)
	for _, agent := range []string{"deployer", "js-deployer"} {
		asked, approve, resumed := -1, -1, -1
		var task string
		for i, s := range steps {
			switch {
			case s.Kind == replay.KindFrame && s.From == agent && s.State == replay.StateAuthRequired && s.Reports:
				asked, task = i, s.TaskID
			case s.Kind == replay.KindRequest && s.OutOfBand && s.To == agent:
				approve = i
			case s.Kind == replay.KindFrame && s.From == agent && asked >= 0 && resumed < 0 && s.TaskID == task && s.Reports && s.State != replay.StateAuthRequired:
				resumed = i
			}
		}
		if !(asked >= 0 && asked < approve && approve < resumed) {
			t.Errorf("%s: %s's AUTH_REQUIRED frame at step %d, approve at %d, resumption at %d: want them in this order", what, agent, asked+1, approve+1, resumed+1)
		}
	}

	var svg bytes.Buffer
	if err := diagram.WriteSVG(&svg, diagram.Layout(steps, diagram.Options{})); err != nil {
		t.Errorf("%s: drawing: %v", what, err)
	}
	for _, n := range agentNames {
		if !strings.Contains(svg.String(), ">"+n+"<") {
			t.Errorf("%s: the diagram has no lane %s", what, n)
		}
	}

	file := filepath.Join(t.TempDir(), "session.http")
	b, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, agentsBinary(t), "check", "-strict", file).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("%s: a2aplay check -strict: %v\n%s", what, err, out)
	}
}

// cleanFixture normalises the proxy's recording as a capture, each
// random host:port written with the fixed port ports gives, and compares
// it as check/testdata/clean/record-live.http (check's corpus of files
// with no finding) with -update-clean.
func cleanFixture(t *testing.T, recorded []byte, ports map[string]string) {
	t.Helper()
	text := string(recorded)
	for hostPort, fixed := range ports {
		port := hostPort[strings.LastIndex(hostPort, ":")+1:]
		for _, host := range []string{"127.0.0.1", "localhost", "[::1]"} {
			text = strings.ReplaceAll(text, host+":"+port, host+":"+fixed)
		}
	}
	tr, err := replay.Parse([]byte(text), "record-live.http")
	if err != nil {
		t.Fatal(err)
	}
	if err := capture.Normalize(tr, "record-live", nil); err != nil {
		t.Fatalf("normalising the recording: %v", err)
	}
	got, err := replay.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "check", "testdata", "clean", "record-live.http")
	if *updateClean {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	// Without -update-clean the fresh recording is held to what the kept
	// one must be (checkThroughProxy), not compared byte for byte: the
	// proxy appends exchanges as they complete, and an approval and the
	// stream it resumes complete in either order.
	if _, err := os.Stat(path); err != nil {
		t.Errorf("%v (go test ./test -run LiveThroughRecord -update-clean writes it)", err)
	}
}
