package test

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/internal/logbuf"
	"github.com/a2aplay/a2aplay/record"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/browser"
)

// recordNode returns the node binary for the JS SDK scripts in
// test/jssdk, or skips (fails in CI) when node or the SDK is missing.
func recordNode(t *testing.T) (node, dir string) {
	t.Helper()
	root, err := browser.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(root, "test", "jssdk")
	node, err = exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, "node_modules", "@a2a-js", "sdk", "package.json"))
	}
	if err != nil {
		if browser.InCI() {
			t.Fatalf("the JS SDK interop test must run in CI: %v (npm ci --prefix test/jssdk)", err)
		}
		t.Skipf("node or @a2a-js/sdk missing (npm ci --prefix test/jssdk): %v", err)
	}
	return node, dir
}

// TestRecordJSSDK drives the kit through the recording proxy with the
// official A2A JavaScript SDK: the SDK finds the agents from the
// rewritten cards, answers the reviewer on the same task, and approves
// the deploy at the rewritten link in the middle of its stream. The
// recording parses, names two agents at their own URLs, and draws the
// approval between the frames it separates.
func TestRecordJSSDK(t *testing.T) {
	node, dir := recordNode(t)
	reviewer, deployer, token := serveKitAt(t)
	proxy, rec, file, log := startRecorder(t, reviewer, deployer)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	root := filepath.Dir(filepath.Dir(dir))
	cmd := exec.CommandContext(ctx, node, "record-client.mjs", proxy, filepath.Join(root, "agents", "testdata", "payments-api.diff"))
	cmd.Dir = dir
	// The operator's token reaches the script as a person's would: set
	// aside from the A2A traffic, here in its environment.
	cmd.Env = append(os.Environ(), "OPERATOR_TOKEN="+token)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("record-client.mjs: %v\n%s\nproxy log:\n%s", err, out, log.String())
	}
	for _, want := range []string{`"step":"review"`, `"state":"TASK_STATE_INPUT_REQUIRED"`, `"step":"answer"`, `"artifacts":["review.json"]`, `"step":"approve"`, `"url":"` + proxy + `/deployer/approve/`, `"step":"deploy","frames":6,"state":"TASK_STATE_COMPLETED"`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the client's output lacks %s:\n%s", want, out)
		}
	}
	rec.Close()
	checkRecording(t, file, reviewer, deployer)
}

// TestRecordBrowser drives the kit through the recording proxy from a
// page in Chromium, another origin, as Live's remote mode does: the
// browser's CORS preflights pass through unrecorded, the page follows
// the rewritten cards and approve link, and the recording is what the
// JS SDK's is.
func TestRecordBrowser(t *testing.T) {
	tb := newTab(t)
	reviewer, deployer, token := serveKitAt(t)
	proxy, rec, file, _ := startRecorder(t, reviewer, deployer)
	drive(tb, serveDrivePage(t, proxy+"/code-reviewer", proxy+"/deployer", token, "JSONRPC"))
	rec.Close()
	tr := checkRecording(t, file, reviewer, deployer)
	for _, x := range tr.Exchanges {
		if x.Request.Method == http.MethodOptions {
			t.Errorf("exchange %d: a CORS preflight was recorded", x.Seq)
		}
	}
}

// startRecorder serves a Recorder for the kit's code-reviewer and
// deployer on a loopback port, writing to a file.
func startRecorder(t *testing.T, reviewer, deployer string) (proxy string, rec *record.Recorder, file string, log *logbuf.Buffer) {
	t.Helper()
	return serveRecorder(t, record.Config{Agents: []record.Agent{{Name: "code-reviewer", URL: reviewer}, {Name: "deployer", URL: deployer}}, Name: "session"})
}

// serveRecorder serves a Recorder of cfg on a loopback port, writing to
// a file named after cfg.Name.
func serveRecorder(t *testing.T, cfg record.Config) (proxy string, rec *record.Recorder, file string, log *logbuf.Buffer) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	proxy = "http://" + ln.Addr().String()
	file = filepath.Join(t.TempDir(), cfg.Name+".http")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	log = &logbuf.Buffer{}
	cfg.ProxyURL, cfg.Out, cfg.Log = proxy, f, log
	rec, err = record.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: rec}}
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { rec.Close() })
	return proxy, rec, file, log
}

// checkRecording checks the recording of a review with its answer and a
// deploy approved mid-stream: it parses, names the two agents at their
// own URLs, passes a2aplay check, and draws the approval between the
// frame that asks for it and the frames that report the deploy resumed.
func checkRecording(t *testing.T, file, reviewer, deployer string) *replay.Transcript {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(data, "session.http")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range tr.Exchanges {
		names = append(names, x.Name)
		if x.Response == nil || x.Response.Err != "" || x.Response.StatusCode != http.StatusOK {
			t.Errorf("exchange %d %s: %+v", x.Seq, x.Name, x.Response)
		}
	}
	// Each card, then the calls; the approval and the stream it resumed
	// complete in either order.
	got := strings.Join(names, " ")
	if got != "GetAgentCard SendMessage SendMessage GetAgentCard approve SendStreamingMessage" && got != "GetAgentCard SendMessage SendMessage GetAgentCard SendStreamingMessage approve" {
		t.Errorf("exchanges: %s", got)
	}
	if p := tr.Participants; len(p) != 3 || p[1].URL != reviewer || p[2].URL != deployer {
		t.Errorf("participants %+v", p)
	}
	// What a recording shows is checked like a capture, with no finding
	// about the proxy's own doing.
	for _, f := range check.Check(tr) {
		t.Errorf("a2aplay check: exchange %d: %s", f.Exchange, f)
	}
	steps := replay.Steps(tr)
	asked, approve, resumed := -1, -1, -1
	for i, s := range steps {
		switch {
		case s.Kind == replay.KindFrame && s.State == replay.StateAuthRequired && s.Reports:
			asked = i
		case s.Kind == replay.KindRequest && s.OutOfBand:
			approve = i
		case s.Kind == replay.KindFrame && asked >= 0 && resumed < 0 && s.Reports && s.State != replay.StateAuthRequired:
			resumed = i
		}
	}
	if !(asked >= 0 && asked < approve && approve < resumed) {
		t.Errorf("AUTH_REQUIRED at step %d, approve at %d, resumption at %d", asked+1, approve+1, resumed+1)
	}
	return tr
}
