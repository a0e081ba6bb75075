package test

import (
	"encoding/json"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/agents"
	a2abinding "github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/internal/kittest"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/a2aplay/a2aplay/test/browser"
)

var updateHAR = flag.Bool("update-har", false, "rewrite the HAR fixtures in test/testdata/har/ from this run's Chromium (then run go test ./replay -update)")

// drivePage is a page that drives the kit with fetch, as a web client
// would: the review with its answer, then a streamed deploy that it
// approves in the middle of the stream. It reads the agents' cards from
// 127.0.0.1 and calls the URLs the cards list, which name localhost.
const drivePage = `<!doctype html>
<meta charset="utf-8">
<title>a2aplay HAR driver</title>
<link rel="stylesheet" href="/style.css">
<p id="out">running</p>
<script src="/drive.js"></script>
`

const driveCSS = `p { font: 14px system-ui; }`

// driveJS drives the kit; PARAMS is replaced by a JSON object with the
// cards' URLs, the operator's token, the binding, the diff and the
// repository.
const driveJS = `"use strict";
const P = PARAMS;
const headers = {"Content-Type": "application/json", "A2A-Version": "1.0"};
let rpcID = 0;

async function endpoint(base) {
  const card = await (await fetch(base + "/.well-known/agent-card.json")).json();
  const iface = card.supportedInterfaces.find(i => i.protocolBinding === P.binding);
  return iface.url.replace(/\/$/, "");
}

async function call(url, method, params) {
  if (P.binding === "JSONRPC") {
    return fetch(url + "/", {method: "POST", headers, body: JSON.stringify({jsonrpc: "2.0", id: ++rpcID, method, params})});
  }
  return fetch(url + P.routes[method], {method: "POST", headers, body: JSON.stringify(params)});
}

function payload(v) { return P.binding === "JSONRPC" ? v.result : v; }

async function review() {
  const url = await endpoint(P.reviewer);
  const first = payload(await (await call(url, "SendMessage", {message: {messageId: "web-1", role: "ROLE_USER",
    parts: [{text: P.diff}, {data: {repository: P.repository}}]}})).json());
  const task = first.task;
  if (task.status.state !== "TASK_STATE_INPUT_REQUIRED") throw new Error("review: " + task.status.state);
  const second = payload(await (await call(url, "SendMessage", {message: {messageId: "web-2", role: "ROLE_USER",
    taskId: task.id, contextId: task.contextId, parts: [{text: "main"}]}})).json());
  if (second.task.status.state !== "TASK_STATE_COMPLETED") throw new Error("answer: " + second.task.status.state);
}

async function deploy() {
  const url = await endpoint(P.deployer);
  const resp = await call(url, "SendStreamingMessage", {message: {messageId: "web-3", role: "ROLE_USER",
    parts: [{data: {build: P.build, environment: P.environment}}]}});
  const reader = resp.body.getReader();
  const dec = new TextDecoder();
  let buf = "", last = "", approved = false;
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buf += dec.decode(value, {stream: true});
    let cut;
    while ((cut = buf.indexOf("\n\n")) >= 0) {
      const frame = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const data = frame.split("\n").filter(l => l.startsWith("data:")).map(l => l.slice(5).trim()).join("\n");
      if (!data) continue;
      const ev = payload(JSON.parse(data));
      const st = (ev.task || ev.statusUpdate || {}).status;
      if (!st) continue;
      last = st.state;
      if (last === "TASK_STATE_AUTH_REQUIRED" && !approved) {
        approved = true;
        const text = st.message.parts.map(p => p.text || "").join(" ");
        const link = text.match(/https?:\/\/\S+/)[0];
        // The kit takes a page's approval only as JSON, after a
        // preflight, and only with the operator's token.
        const r = await fetch(link, {method: "POST", headers: {"Content-Type": "application/json", "Authorization": "Bearer " + P.token}, body: "{}"});
        if (!r.ok) throw new Error("approve: " + r.status);
      }
    }
  }
  if (last !== "TASK_STATE_COMPLETED") throw new Error("deploy ended in " + last);
}

(async () => {
  try {
    await review();
    await deploy();
    window.driveDone = "ok";
  } catch (e) {
    window.driveDone = "error: " + e.message;
  }
  document.getElementById("out").textContent = window.driveDone;
})();
`

// serveKitAt serves the kit on 127.0.0.1 ports with cards that name
// localhost, and returns its card URLs on 127.0.0.1 and the deployer's
// operator token.
func serveKitAt(t *testing.T) (reviewer, deployer, token string) {
	t.Helper()
	kit := kittest.Serve(t, "localhost")
	return strings.Replace(kit.Reviewer.BaseURL(), "localhost", "127.0.0.1", 1), strings.Replace(kit.Deployer.BaseURL(), "localhost", "127.0.0.1", 1), kit.Deployer.OperatorToken()
}

// TestHARFromChromium records, in Chromium, a page that drives the kit,
// writes the network log as DevTools would, and imports it: two agents
// (not one lane per host name), the page's own traffic left out and
// counted, and every approval drawn after the frame that asks for it
// and before the frames that report the deploy resumed. With
// -update-har the logs become the fixtures test/testdata/har/*.har,
// which go test ./replay checks without a browser.
func TestHARFromChromium(t *testing.T) {
	for _, binding := range []string{"JSONRPC", "HTTP+JSON"} {
		t.Run(binding, func(t *testing.T) {
			tb := newTab(t)
			reviewer, deployer, token := serveKitAt(t)
			page := serveDrivePage(t, reviewer, deployer, token, binding)
			rec, err := browser.RecordHAR(tb.ctx)
			if err != nil {
				t.Fatal(err)
			}
			drive(tb, page)
			if err := rec.Wait(10 * time.Second); err != nil {
				t.Fatal(err)
			}
			data, err := rec.HAR(page + "/")
			if err != nil {
				t.Fatal(err)
			}
			name := map[string]string{"JSONRPC": "chromium-jsonrpc.har", "HTTP+JSON": "chromium-rest.har"}[binding]
			checkChromiumHAR(t, data, name)
			if *updateHAR {
				if err := os.WriteFile(filepath.Join(env.testdata, "har", name), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// serveDrivePage serves the drive page for agents whose cards are at
// the given base URLs, and returns its URL.
func serveDrivePage(t *testing.T, reviewer, deployer, token, binding string) string {
	t.Helper()
	routes := map[string]string{} // the HTTP+JSON route of each JSON-RPC method
	for _, op := range a2abinding.Ops() {
		routes[op.Method] = op.Path
	}
	params, _ := json.Marshal(map[string]any{
		"reviewer": reviewer, "deployer": deployer, "token": token, "binding": binding, "routes": routes,
		"diff": agents.SampleDiff, "repository": agents.SampleRepository,
		"build": agents.SampleBuild, "environment": agents.SampleEnvironment,
	})
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(drivePage))
		case "/style.css":
			w.Header().Set("Content-Type", "text/css")
			w.Write([]byte(driveCSS))
		case "/drive.js":
			w.Header().Set("Content-Type", "text/javascript")
			w.Write([]byte(strings.Replace(driveJS, "PARAMS", string(params), 1)))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(page.Close)
	return page.URL
}

// drive opens the drive page and waits until it has played both flows.
func drive(tb *tab, page string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(page + "/"))
	tb.wait(`window.driveDone !== undefined`)
	if got := eval[string](tb, `window.driveDone`); got != "ok" {
		tb.t.Fatalf("the page: %s", got)
	}
}

// TestHARFixtures checks the HAR fixtures as they are checked in.
func TestHARFixtures(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "har", "*.har"))
	if len(files) < 2 {
		t.Fatalf("HAR fixtures: %v; record them with go test ./test -run HARFromChromium -update-har", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkChromiumHAR(t, data, filepath.Base(f))
	}
}

// checkChromiumHAR imports a HAR of the drive page and checks what the
// page did is what the transcript shows.
func checkChromiumHAR(t *testing.T, data []byte, name string) {
	t.Helper()
	tr, err := har.Read(data, name)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, p := range tr.Participants {
		parts = append(parts, p.Name)
	}
	if strings.Join(parts, " ") != "client code-reviewer deployer" {
		t.Errorf("%s: participants %v, want the client and two agents", name, parts)
	}
	if len(tr.Notes) != 1 || !strings.Contains(tr.Notes[0], "not A2A are left out") || !strings.Contains(tr.Notes[0], "1 document") || !strings.Contains(tr.Notes[0], "1 script") {
		t.Errorf("%s: notes %q do not count the page's own traffic", name, tr.Notes)
	}
	var names []string
	for _, x := range tr.Exchanges {
		names = append(names, x.Name)
	}
	want := "GetAgentCard SendMessage SendMessage GetAgentCard SendStreamingMessage approve"
	if strings.Join(names, " ") != want {
		t.Errorf("%s: exchanges %v, want %s", name, names, want)
	}
	for _, f := range check.Check(tr) {
		// a2a-go's client and server send HTTP+JSON bodies as
		// application/json where §11.1 recommends application/a2a+json:
		// a true warning, the one finding the HTTP+JSON drive shows.
		if f.Rule == "rest-content-type" && f.Severity == check.Warning {
			continue
		}
		t.Errorf("%s: a2aplay check: exchange %d: %s", name, f.Exchange, f)
	}
	steps := replay.Steps(tr)
	asked, approve, resumed := -1, -1, -1
	for i, s := range steps {
		switch {
		case s.Kind == replay.KindFrame && s.State == replay.StateAuthRequired && s.Reports:
			asked = i
		case s.Kind == replay.KindRequest && s.OutOfBand && approve < 0:
			approve = i
		case s.Kind == replay.KindFrame && asked >= 0 && resumed < 0 && s.Reports && s.State != replay.StateAuthRequired:
			resumed = i
		}
	}
	if asked < 0 || approve < 0 || resumed < 0 || !(asked < approve && approve < resumed) {
		t.Errorf("%s: AUTH_REQUIRED frame at step %d, approve at step %d, resumption at step %d: an effect before its cause", name, asked+1, approve+1, resumed+1)
	}
}

// TestHAROpenInPage opens a Chromium fixture in the page: the overview
// counts, as text, what the import left out, and draws two agents.
func TestHAROpenInPage(t *testing.T) {
	tb := newTab(t)
	tb.open(env.url)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{filepath.Join(env.testdata, "har", "chromium-jsonrpc.har")}))
	tb.at("chromium-jsonrpc.har", 0)
	notes := eval[string](tb, `document.getElementById("insp-notes").hidden ? "" : document.getElementById("insp-notes").textContent`)
	if !strings.Contains(notes, "7 requests that are not A2A are left out: 3 CORS preflights, 1 document, 1 favicon, 1 script, 1 stylesheet.") {
		t.Errorf("overview notes %q", notes)
	}
	if n := eval[int](tb, `document.querySelectorAll("#insp-facts dt").length ? [...document.querySelectorAll("#insp-facts dt")].filter(e => e.textContent === "Participant").length : -1`); n != 3 {
		t.Errorf("%d participants in the overview, want 3", n)
	}
	tb.checkClean()
}
