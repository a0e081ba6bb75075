package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"html"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
)

func liveOptions(t *testing.T) Options {
	t.Helper()
	o := testOptions(t)
	o.Live = standIn("the live module stand-in ", 200)
	return o
}

func TestBuildLive(t *testing.T) {
	dir := t.TempDir()
	r, err := Build(dir, liveOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.LiveRaw == 0 || r.LiveBr == 0 || r.LiveBr >= r.LiveRaw {
		t.Errorf("report %+v: the live module was not compressed", r)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	d := dataBlock(t, string(page))
	if d.Live == nil || d.Live.Inline {
		t.Fatalf("data block live %+v", d.Live)
	}
	// The page names the files; none of them loads with the page.
	worker, query, _ := strings.Cut(d.Live.Worker, "?")
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	if !hashed.MatchString(worker) {
		t.Errorf("live worker %q", worker)
	}
	for _, f := range []string{worker, q.Get("wasm"), q.Get("wasm") + ".br", q.Get("wasm") + ".gz", q.Get("exec")} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil || f == "" {
			t.Errorf("the page names %q, which the site lacks", f)
		}
	}
	for _, f := range []string{worker, q.Get("wasm")} {
		if strings.Contains(string(page), `src="`+f) || strings.Contains(string(page), `href="`+f) {
			t.Errorf("the page loads %s at once", f)
		}
	}
	// The worker runs the Go glue the viewer does: one toolchain.
	if d := dataBlock(t, string(page)); d.WasmExec != q.Get("exec") {
		t.Errorf("the worker's wasm_exec.js %q is not the page's", q.Get("exec"))
	}
	if !strings.Contains(string(page), `id="mode-live"`) || !strings.Contains(string(page), `href="lessons/index.html"`) {
		t.Error("the page has no Live tab or no link to the lessons")
	}
	// The panel's markup is the page's, with what package agents says
	// of the kit: its agents' URLs and the deploy it is asked for.
	for _, want := range []string{`id="lv-operator"`, `id="lv-send-diff"`, `value="http://localhost:41241 http://localhost:41242 http://localhost:41243"`, ">Deploy 2026.10.06-1 to staging<"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks the Live panel's %s", want)
		}
	}
	if !bytes.Contains(pageStyle(t, string(page)), []byte(".lv-operator")) {
		t.Error("the page's style sheet lacks Live's rules")
	}

	// Without a module the page has no Live data: the tab says so.
	dir = t.TempDir()
	if _, err := Build(dir, testOptions(t)); err != nil {
		t.Fatal(err)
	}
	page, _ = os.ReadFile(filepath.Join(dir, "index.html"))
	if d := dataBlock(t, string(page)); d.Live != nil {
		t.Errorf("a build without the module names Live's files: %+v", d.Live)
	}
	if !strings.Contains(string(page), "Live is not in this build") || strings.Contains(string(page), `id="lv-send-diff"`) {
		t.Error("a build without the module offers Live's controls")
	}
}

func TestBuildOfflineLive(t *testing.T) {
	o := liveOptions(t)
	var b bytes.Buffer
	if err := BuildOffline(&b, o); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	csp := html.UnescapeString(regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)[1])
	for _, want := range []string{"worker-src blob:", "connect-src 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("offline CSP lacks %s: %s", want, csp)
		}
	}
	// The panel is the page's markup; the remote mode says why it is off.
	if !strings.Contains(page, `id="lv-remote" aria-pressed="false" disabled`) {
		t.Error("the offline page offers remote agents it cannot reach")
	}
	// The worker's script: wasm_exec.js, then worker-start.js and
	// live-worker.js, as text.
	w := regexp.MustCompile(`(?s)<script type="text/plain" id="a2aplay-live-worker">(.*?)</script>`).FindStringSubmatch(page)
	shim, err := WorkerScript("live-worker.js")
	if err != nil {
		t.Fatal(err)
	}
	if w == nil || w[1] != string(o.WasmExec)+"\n"+string(shim) || !strings.Contains(w[1], "function startGoWorker(") {
		t.Error("the inline worker script is not wasm_exec.js followed by worker-start.js and live-worker.js")
	}
	// The module: gzip, base64, the bytes given.
	m := regexp.MustCompile(`(?s)<script type="application/octet-stream" id="a2aplay-live-wasm">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no inline live module")
	}
	gz, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(mod, o.Live) {
		t.Errorf("the inline module is not the live module (%v)", err)
	}
	if d := dataBlock(t, page); d.Live == nil || !d.Live.Inline || d.Live.Worker != "" {
		t.Errorf("data block live %+v", d.Live)
	}
	if strings.Contains(page, `id="lessons"`) {
		t.Error("the offline page links lessons it does not carry")
	}
}

// TestCompressionCache: a second build takes compressed files from the
// cache, and a cached file is what compress writes.
func TestCompressionCache(t *testing.T) {
	cache := t.TempDir()
	o := liveOptions(t)
	o.Cache = cache
	if _, err := Build(t.TempDir(), o); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) == 0 {
		t.Fatal("nothing cached")
	}
	br, err := compress(o.Live, "br", o.BrotliQuality)
	if err != nil {
		t.Fatal(err)
	}
	got, err := compressCached(o.Live, "br", o.BrotliQuality, cache)
	if err != nil || !bytes.Equal(got, br) {
		t.Errorf("the cached brotli of the live module differs from compress's (%v)", err)
	}
	// A cached file is used as it is: mark one and see it come back.
	sum := sha256.Sum256(o.Live)
	name := filepath.Join(cache, hex.EncodeToString(sum[:16])+".q5.br")
	if err := os.WriteFile(name, []byte("marked"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := compressCached(o.Live, "br", 5, cache); string(got) != "marked" {
		t.Errorf("the cache was not read: %.20q", got)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temporary file stayed: %s", e.Name())
		}
	}
}

func TestDefaultConnectSrc(t *testing.T) {
	csp := CSP(DefaultConnectSrc)
	if !strings.Contains(csp, "connect-src 'self' http://localhost:* http://127.0.0.1:*;") {
		t.Errorf("CSP with the default connect-src: %s", csp)
	}
}

// TestBuildFindings: the data block carries check.Check's findings on
// their steps, for the inspector.
func TestBuildFindings(t *testing.T) {
	o := testOptions(t)
	b, err := os.ReadFile(filepath.Join("..", "transcripts", "12-stream-closes.http"))
	if err != nil {
		t.Fatal(err)
	}
	o.Transcripts = append(o.Transcripts, Transcript{Name: "12-stream-closes", Text: b})
	dir := t.TempDir()
	if _, err := Build(dir, o); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	d := dataBlock(t, string(page))
	fs := d.Transcripts[2].Findings
	if len(fs) != 1 || fs[0].Step < 1 || fs[0].Step > d.Transcripts[2].Steps || !strings.HasPrefix(fs[0].Text, "§3.1.6 (agent): ") {
		t.Errorf("findings of 12-stream-closes: %+v", fs)
	}
	for i, tr := range o.Transcripts {
		parsed, err := replay.Parse(tr.Text, tr.Name+".http")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(d.Transcripts[i].Findings), len(check.Check(parsed)); got != want {
			t.Errorf("%s: %d findings in the data block, check finds %d", tr.Name, got, want)
		}
	}
}
