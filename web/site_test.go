package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/jsonvalue"
	"github.com/a2aplay/a2aplay/view"
)

// standIn returns a WebAssembly module that holds nothing but a custom
// section of text repeated n times: small to build, and compressible as
// a real module is.
func standIn(text string, n int) []byte {
	uleb := func(b []byte, v int) []byte {
		for {
			c := byte(v & 0x7f)
			if v >>= 7; v == 0 {
				return append(b, c)
			}
			b = append(b, c|0x80)
		}
	}
	name := "stand-in"
	payload := bytes.Repeat([]byte(text), n)
	body := append(uleb(nil, len(name)), name...)
	body = append(body, payload...)
	mod := []byte("\x00asm\x01\x00\x00\x00")
	mod = append(mod, 0) // a custom section
	mod = uleb(mod, len(body))
	return append(mod, body...)
}

func testOptions(t *testing.T) Options {
	t.Helper()
	var o Options
	for _, name := range []string{"t1-sample", "zz-markup"} {
		b, err := os.ReadFile(filepath.Join("..", "test", "testdata", name+".http"))
		if err != nil {
			t.Fatal(err)
		}
		o.Transcripts = append(o.Transcripts, Transcript{Name: name, Text: b})
	}
	o.Viewer = standIn("not really a module ", 100)
	o.WasmExec = []byte("// wasm_exec.js stand-in\nclass Go {}\n")
	o.BrotliQuality = 5
	return o
}

func TestBuild(t *testing.T) {
	dir := t.TempDir()
	r, err := Build(dir, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.ViewerBr == 0 || r.ViewerGzip == 0 || r.ViewerBr >= r.ViewerRaw {
		t.Errorf("report %+v: the viewer was not compressed", r)
	}
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)

	// The first transcript's diagram is in the page, without <style>.
	if !strings.Contains(page, `<svg xmlns="http://www.w3.org/2000/svg" class="a2s"`) || !strings.Contains(page, `data-step="9"`) {
		t.Error("index.html has no pre-rendered diagram of t1-sample")
	}
	// Its style sheet is inline, one <style> in its head, which the
	// server's policy for it allows by its hash (and nothing else).
	head, _, _ := strings.Cut(page, "<body>")
	if n := strings.Count(page, "<style"); n != 1 || strings.Count(head, "<style>") != 1 || strings.Contains(page, "rel=\"stylesheet\"") {
		t.Errorf("index.html has %d <style> elements, want its style sheet in one in its head", n)
	}
	sum := sha256.Sum256(pageStyle(t, page))
	if csp := PageCSP(nil, html); !strings.Contains(csp, "style-src 'self' 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"';") {
		t.Errorf("the page's policy does not allow its style sheet: %s", csp)
	}
	// Scripts only by URL, besides the data block.
	for _, m := range regexp.MustCompile(`<script[^>]*>`).FindAllString(page, -1) {
		if !strings.Contains(m, ` src="`) && !strings.Contains(m, `type="application/json"`) {
			t.Errorf("inline script in the served page: %s", m)
		}
	}
	// The hashed assets exist, with precompressed variants for the big ones.
	for _, pat := range []string{"loader.*.js", "wasm_exec.*.js", "viewer.*.wasm", "viewer.*.wasm.br", "viewer.*.wasm.gz", "transcripts/t1-sample.http", "transcripts/zz-markup.http"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		if len(m) != 1 {
			t.Errorf("%s: %d files", pat, len(m))
		}
		if len(m) == 1 && !hashed.MatchString(filepath.Base(strings.TrimSuffix(strings.TrimSuffix(m[0], ".br"), ".gz"))) && !strings.HasPrefix(pat, "transcripts/") {
			t.Errorf("%s is not content-hashed", m[0])
		}
	}
	// The diagram's style sheet went into the page's.
	if !bytes.Contains(pageStyle(t, page), []byte(".a2s .arrow{")) {
		t.Error("the page's style sheet lacks the diagram's rules")
	}

	// The data block parses and names what the viewer needs.
	d := dataBlock(t, page)
	if d.Prerendered != "t1-sample" || !strings.HasPrefix(d.WASM, "viewer.") || !strings.HasPrefix(d.WasmExec, "wasm_exec.") || len(d.Transcripts) != 2 {
		t.Errorf("data block %+v", d)
	}
	if d.Transcripts[0].Text == "" || d.Transcripts[1].Text != "" || d.Transcripts[1].URL != "transcripts/zz-markup.http" || d.Transcripts[0].Steps != 9 {
		t.Errorf("data block transcripts %+v", d.Transcripts)
	}
	// Markup in a title stays text in the picker.
	if strings.Contains(page, `<script>window.__pwned`) {
		t.Error("a transcript's title was written as markup")
	}
}

// pageStyle is the style sheet of the served page, inline in its head.
func pageStyle(t *testing.T, page string) []byte {
	t.Helper()
	m := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no inline style sheet")
	}
	return []byte(m[1])
}

func dataBlock(t *testing.T, page string) view.PageData {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="a2aplay-data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no data block")
	}
	var v any
	if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
		t.Fatalf("data block: %v", err)
	}
	d, err := view.ReadPageData(jsonvalue.Of(v)) // as the page reads it, parsed
	if err != nil {
		t.Fatalf("data block: %v", err)
	}
	return d
}

func TestBuildOffline(t *testing.T) {
	var b bytes.Buffer
	o := testOptions(t)
	if err := BuildOffline(&b, o); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	if csp == nil {
		t.Fatal("no meta CSP")
	}
	policy := html.UnescapeString(csp[1])
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "'self'", "http:", "https:", "*"} {
		if strings.Contains(policy, bad) {
			t.Errorf("offline CSP allows %s: %s", bad, policy)
		}
	}
	// Every inline script and style is allowed by its hash, and by
	// nothing else.
	inline := regexp.MustCompile(`(?s)<(script|style)>(.*?)</(?:script|style)>`).FindAllStringSubmatch(page, -1)
	if len(inline) != 3 {
		t.Fatalf("%d inline scripts and styles, want 3", len(inline))
	}
	for _, m := range inline {
		sum := sha256.Sum256([]byte(m[2]))
		src := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !strings.Contains(policy, src) {
			t.Errorf("the CSP does not allow the inline %s starting %.40q", m[1], m[2])
		}
	}
	// The module is inline, gzipped, and decodes to the viewer.
	mod := regexp.MustCompile(`(?s)<script type="application/octet-stream" id="a2aplay-wasm">(.*?)</script>`).FindStringSubmatch(page)
	if mod == nil {
		t.Fatal("no inline module")
	}
	gz, err := base64.StdEncoding.DecodeString(mod[1])
	if err != nil {
		t.Fatalf("inline module: %v", err)
	}
	if !bytes.HasPrefix(gz, []byte{0x1f, 0x8b}) {
		t.Error("inline module is not gzip")
	}
	d := dataBlock(t, page)
	if d.WASMEncoding != "gzip" || d.WASM != "" {
		t.Errorf("data block %+v", d)
	}
	for _, tr := range d.Transcripts {
		if tr.Text == "" || tr.URL != "" {
			t.Errorf("offline transcript %s must be inline", tr.Name)
		}
	}
	if strings.Contains(page, `src="`) && regexp.MustCompile(`<(script|link|img)[^>]* (src|href)="`).MatchString(page) {
		t.Error("the offline page loads a file")
	}
}

func TestBuildRejects(t *testing.T) {
	o := testOptions(t)
	o.Transcripts = append(o.Transcripts, Transcript{Name: "broken", Text: []byte("# a2aplay transcript 1\n### x\n")})
	if _, err := Build(t.TempDir(), o); err == nil || !strings.Contains(err.Error(), "broken.http:2:") {
		t.Errorf("a broken transcript: %v, want broken.http:2: …", err)
	}
	o = testOptions(t)
	o.Transcripts[0].Name = "../escape"
	if _, err := Build(t.TempDir(), o); err == nil {
		t.Error("a transcript named ../escape was accepted")
	}
	o = testOptions(t)
	o.Viewer = nil
	if _, err := Build(t.TempDir(), o); err == nil {
		t.Error("no viewer module was accepted")
	}
}

// TestBuildOfflineLessons: the offline page carries its lessons as
// sections, with an index at #lessons that the header links, and their
// style sheet inside the one hashed <style>.
func TestBuildOfflineLessons(t *testing.T) {
	o := testOptions(t)
	o.Lessons = []Lesson{
		{Name: "01-one", Title: "One <b>", Summary: "first", HTML: `<h1 id="l-01-one-one">One</h1>`},
		{Name: "02-two", Title: "Two", HTML: `<h1 id="l-02-two-two">Two</h1>`},
	}
	o.LessonsCSS = ".lesson-test-rule { color: red; }"
	var b bytes.Buffer
	if err := BuildOffline(&b, o); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		`<a class="btn" id="open-lessons" href="#lessons">Lessons</a>`,
		`<section class="offline-lessons" id="lessons"`,
		`<li><a href="#lesson-01-one">One &lt;b&gt;</a><p>first</p></li>`,
		`<section class="offline-lesson" id="lesson-02-two" aria-label="Two">`,
		`<h1 id="l-02-two-two">Two</h1>`,
		`← <a href="#lesson-01-one">One &lt;b&gt;</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	style := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindStringSubmatch(page)
	if style == nil || !strings.Contains(style[1], ".lesson-test-rule") || !strings.Contains(style[1], ".offline-lesson:target") {
		t.Error("the inline style sheet lacks the lessons' rules")
	}
	o.Lessons = append(o.Lessons, Lesson{Name: "../x", Title: "bad"})
	if err := BuildOffline(new(bytes.Buffer), o); err == nil {
		t.Error("a lesson name with a slash was accepted")
	}
}

// TestExercisesInDataBlock: the lessons' exercises travel in the data
// block of the served page and of the offline one, as they were, and
// markup in them stays in the JSON.
func TestExercisesInDataBlock(t *testing.T) {
	o := testOptions(t)
	o.Exercises = []view.Exercise{{ID: "answer-same-task", Title: "answer </script><script>window.__pwned=1</script>", Live: "review",
		Lesson: "01-input-required", Done: []string{"answered INPUT_REQUIRED"}, Wrong: []string{"new-task-while INPUT_REQUIRED => Task {task} <b>waits</b>"}}}
	dir := t.TempDir()
	if _, err := Build(dir, o); err != nil {
		t.Fatal(err)
	}
	served, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	var offline bytes.Buffer
	if err := BuildOffline(&offline, o); err != nil {
		t.Fatal(err)
	}
	for name, page := range map[string]string{"served": string(served), "offline": offline.String()} {
		if strings.Contains(page, "<script>window.__pwned") {
			t.Errorf("%s: an exercise's title was written as markup", name)
		}
		if d := dataBlock(t, page); !reflect.DeepEqual(d.Exercises, o.Exercises) {
			t.Errorf("%s: the data block's exercises\n%+v\nwant\n%+v", name, d.Exercises, o.Exercises)
		}
	}
}
