package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/internal/wasmbin"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

//go:embed index.html style.css loader.js live.css compare.css guide.css lesson-progress.js worker-start.js live-worker.js check-worker.js favicon.svg lessons-offline.css
var sources embed.FS

var page = template.Must(template.ParseFS(sources, "index.html"))

// A Transcript is one shipped transcript: its name (the file name
// without ".http", which deep links use) and its text.
type Transcript struct {
	Name string
	Text []byte
}

// Options are the inputs of [Build] and [BuildOffline].
type Options struct {
	// Transcripts are offered by the picker in this order; the first is
	// drawn into the page.
	Transcripts []Transcript
	// Viewer is the viewer module, built with GOOS=js GOARCH=wasm.
	Viewer []byte
	// WasmExec is wasm_exec.js from the Go toolchain that built Viewer.
	WasmExec []byte
	// Live is the live module, built from cmd/live with the same Go.
	// Without it the page has no Live mode: its tab says how to get one.
	Live []byte
	// Live03 is the live module that speaks A2A 0.3 beside 1.0 (build.Live03:
	// cmd/live with the tag a2a03, 3.6 MB brotli, which a2a-go's 0.3
	// package and the gRPC and protobuf it links make too large for
	// every page). The served site ships it, and the page loads it only
	// for a session that speaks 0.3; the offline page does not carry it.
	Live03 []byte
	// Check is the check module, built from cmd/check with the same
	// Go: the page loads it into a worker when it has a transcript to
	// check that the builder did not (a file the learner opened, a live
	// session). Without it those get no findings.
	Check []byte
	// Cache is a folder where compressed files are kept by content hash
	// and reused by the next build; "" compresses everything afresh.
	// Brotli 11 takes most of a minute on the live module.
	Cache string
	// BrotliQuality is the brotli level for precompressed files, 0 to 11;
	// 0 means 11, the smallest and slowest.
	BrotliQuality int

	// Lessons are carried by the offline page (BuildOffline), in order,
	// each a section of the page shown at #lesson-NAME, with an index at
	// #lessons; the served site has them as pages of their own (a2aplay
	// docs). Their HTML comes from package lesson, built with
	// Replayer "#" and an id prefix per lesson, so that their links
	// stay in the page.
	Lessons []Lesson
	// LessonsCSS is the lessons' style sheet on top of the page's: the
	// dialect's (lesson.StyleSheet) and the figures' (lesson.Info's
	// FigureCSS).
	LessonsCSS string
	// Exercises are the lessons' exercises (exercise.ToPage), which the
	// page's Live panel shows with their state as the learner plays.
	Exercises []view.Exercise
}

// A Lesson is one lesson as the offline page carries it.
type Lesson struct {
	Name    string        // the file name without .md: the section is #lesson-NAME
	Title   string        // its level-1 heading
	Summary string        // its first paragraph, for the index
	HTML    template.HTML // from package lesson, which escapes all it writes
}

// offlineLesson is a Lesson with its neighbours, for the template.
type offlineLesson struct {
	Lesson
	Prev, Next *Lesson
}

// A Report says what [Build] wrote.
type Report struct {
	Files      []string // every file written, relative to the folder
	ViewerRaw  int      // size of the viewer module
	ViewerBr   int      // its size brotli-compressed
	ViewerGzip int      // its size gzip-compressed
	LiveRaw    int      // size of the live module, 0 without one
	LiveBr     int      // its size brotli-compressed
}

// shipped is a transcript read and checked: its entry in the page's
// data block (view.Shipped) and the transcript parsed.
type shipped struct {
	view.Shipped
	t *replay.Transcript
}

// pageView is what index.html is executed with.
type pageView struct {
	Transcripts []shipped
	First       string
	Title       string
	Steps       int
	SVG         template.HTML
	Data        template.JS

	CSS, Loader, WasmExec, WASM string       // asset URLs of the served site
	Favicon                     template.URL // the icon's URL, a data: URL in the offline page

	Offline        bool
	MetaCSP        string
	InlineCSS      template.CSS
	InlineLoader   template.JS
	InlineWasmExec template.JS
	WASMBase64     template.HTML // base64 only: nothing to escape
	// The offline page's lessons' script (LessonProgressScript); empty
	// without lessons.
	InlineLessonScript template.JS

	// The offline page's lessons.
	Lessons []offlineLesson

	// Live is what the Live panel's markup says; nil when this build has
	// no Live mode.
	Live *livePanel
	// The offline page's Live: the worker's script (wasm_exec.js and
	// live-worker.js, started from a blob: URL) and the module.
	LiveWorkerText template.HTML // a script checked to hold no "</script"
	LiveBase64     template.HTML
	// The offline page's check module, the same way (check-worker.js):
	// spec findings and large files for what the learner opens.
	CheckWorkerText template.HTML
	CheckBase64     template.HTML
}

// livePanel is what the Live panel's markup in index.html names: the
// kit's sample deploy and its agents' URLs, which package agents owns.
type livePanel struct {
	Inline             bool   // the offline page: no remote agents
	Kit                string // the kit's base URLs, separated by spaces
	Build, Environment string // the deploy the deployer is asked for
}

func newLivePanel(inline bool) *livePanel {
	var kit []string
	for _, port := range []int{agents.PlannerPort, agents.ReviewerPort, agents.DeployerPort} {
		kit = append(kit, "http://localhost:"+strconv.Itoa(port))
	}
	return &livePanel{Inline: inline, Kit: strings.Join(kit, " "), Build: agents.SampleBuild, Environment: agents.SampleEnvironment}
}

func (o *Options) read() ([]shipped, error) {
	if len(o.Transcripts) == 0 {
		return nil, errors.New("no transcripts to ship")
	}
	if len(o.Viewer) == 0 || len(o.WasmExec) == 0 {
		return nil, errors.New("the viewer module and wasm_exec.js are both needed")
	}
	for _, m := range []struct {
		name string
		mod  *[]byte
	}{{"viewer", &o.Viewer}, {"live", &o.Live}, {"live03", &o.Live03}, {"check", &o.Check}} {
		if len(*m.mod) == 0 {
			continue
		}
		packed, err := PackModule(*m.mod)
		if err != nil {
			return nil, fmt.Errorf("the %s module: %w", m.name, err)
		}
		*m.mod = packed
	}
	out := make([]shipped, 0, len(o.Transcripts))
	seen := map[string]bool{}
	for _, tr := range o.Transcripts {
		if !validName(tr.Name) {
			return nil, fmt.Errorf("transcript name %q: use letters, digits, '-', '_' and '.'", tr.Name)
		}
		if seen[tr.Name] {
			return nil, fmt.Errorf("transcript %q given twice", tr.Name)
		}
		seen[tr.Name] = true
		t, err := replay.Parse(tr.Text, tr.Name+".http")
		if err != nil {
			return nil, err
		}
		title := replay.Visible(t.Title) // shown in the picker and the page's title
		if title == "" {
			title = tr.Name
		}
		steps := replay.Steps(t)
		var fs []view.Finding
		for _, f := range check.Check(t) {
			fs = append(fs, view.Finding{Step: check.StepOf(f, steps), Rule: f.Rule, Text: f.String()}) // view.FindingsAt escapes it
		}
		out = append(out, shipped{Shipped: view.Shipped{Name: tr.Name, Title: title, Text: string(tr.Text), Steps: len(steps), Findings: fs}, t: t})
	}
	return out, nil
}

// PackModule returns a Go WebAssembly module as the site ships it: its
// data segments joined across short runs of zeros (wasmbin.MergeData).
// The Go linker starts a segment after every 8 zeros, tens of thousands
// of headers that brotli cannot squeeze; joined, the viewer is about
// 54 KB smaller compressed and starts with the same memory. A module
// packed already comes back unchanged.
func PackModule(mod []byte) ([]byte, error) {
	return wasmbin.MergeData(mod, 1<<16)
}

func validName(s string) bool {
	if s == "" || s[0] == '.' || len(s) > 100 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// Build writes the site into dir, which it creates if needed. Files of
// an earlier build with other hashes are left alone.
func Build(dir string, o Options) (*Report, error) {
	ts, err := o.read()
	if err != nil {
		return nil, err
	}
	svg, css, err := firstFigure(ts[0].t)
	if err != nil {
		return nil, err
	}
	styles := pageStyles(css)
	if bytes.Contains(bytes.ToLower(styles), []byte("</style")) {
		return nil, errors.New("the style sheet contains </style")
	}
	loader, _ := sources.ReadFile("loader.js")

	files := map[string][]byte{}
	asset := func(name string, data []byte) string {
		sum := sha256.Sum256(data)
		ext := path.Ext(name)
		hashed := strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
		files[hashed] = data
		return hashed
	}
	v := pageView{
		First: ts[0].Name, Title: ts[0].Title, Steps: ts[0].Steps,
		SVG: template.HTML(svg),
		// Inline: the first paint waits for no other file. The server
		// allows it by its hash (PageCSP).
		InlineCSS: template.CSS(styles),
		Loader:    asset("loader.js", loader),
		WasmExec:  asset("wasm_exec.js", o.WasmExec),
		WASM:      asset("viewer.wasm", o.Viewer),
		Favicon:   template.URL(asset("favicon.svg", Favicon())),
	}
	data := view.PageData{Prerendered: ts[0].Name, WASM: v.WASM, WasmExec: v.WasmExec, Exercises: o.Exercises}
	var liveWASM string
	if len(o.Live) > 0 {
		worker, err := WorkerScript("live-worker.js")
		if err != nil {
			return nil, err
		}
		liveWASM = asset("live.wasm", o.Live)
		v.Live = newLivePanel(false)
		workerURL := asset("live-worker.js", worker)
		data.Live = &view.LiveData{
			Worker: workerURL + "?wasm=" + url.QueryEscape(liveWASM) + "&exec=" + url.QueryEscape(v.WasmExec),
		}
		if len(o.Live03) > 0 {
			data.Live.Worker03 = workerURL + "?wasm=" + url.QueryEscape(asset("live03.wasm", o.Live03)) + "&exec=" + url.QueryEscape(v.WasmExec)
		}
	}
	if len(o.Check) > 0 {
		worker, err := WorkerScript("check-worker.js")
		if err != nil {
			return nil, err
		}
		data.Check = asset("check-worker.js", worker) + "?wasm=" + url.QueryEscape(asset("check.wasm", o.Check)) + "&exec=" + url.QueryEscape(v.WasmExec)
	}
	for i, t := range ts {
		t.URL = "transcripts/" + t.Name + ".http"
		files[t.URL] = []byte(t.Text)
		if i > 0 {
			t.Text = "" // fetched when picked
		}
		data.Transcripts = append(data.Transcripts, t.Shipped)
	}
	v.Transcripts = ts
	if v.Data, err = jsonData(data); err != nil {
		return nil, err
	}
	var html bytes.Buffer
	if err := page.Execute(&html, v); err != nil {
		return nil, fmt.Errorf("index.html: %w", err)
	}
	files["index.html"] = html.Bytes()

	r := &Report{ViewerRaw: len(o.Viewer), LiveRaw: len(o.Live)}
	for name, b := range files {
		if err := writeFile(dir, name, b); err != nil {
			return nil, err
		}
		r.Files = append(r.Files, name)
		if !compressible(name) || len(b) < 512 {
			continue
		}
		br, err := compressCached(b, "br", o.BrotliQuality, o.Cache)
		if err != nil {
			return nil, err
		}
		gz, err := compressCached(b, "gzip", 0, o.Cache)
		if err != nil {
			return nil, err
		}
		switch name {
		case v.WASM:
			r.ViewerBr, r.ViewerGzip = len(br), len(gz)
		case liveWASM:
			r.LiveBr = len(br)
		}
		for _, c := range []struct {
			ext  string
			data []byte
		}{{".br", br}, {".gz", gz}} {
			if len(c.data) >= len(b) {
				continue
			}
			if err := writeFile(dir, name+c.ext, c.data); err != nil {
				return nil, err
			}
			r.Files = append(r.Files, name+c.ext)
		}
	}
	return r, nil
}

// BuildOffline writes the page as one HTML file that works opened from
// disk: the module (gzipped, base64), the scripts, the styles and every
// transcript are inline. A file: page gets no HTTP headers, so its
// Content-Security-Policy is a meta element that allows exactly the
// inline scripts and styles it carries, by hash, and nothing remote.
func BuildOffline(w io.Writer, o Options) error {
	ts, err := o.read()
	if err != nil {
		return err
	}
	svg, css, err := firstFigure(ts[0].t)
	if err != nil {
		return err
	}
	styles := pageStyles(css)
	var lessons []offlineLesson
	for i, l := range o.Lessons {
		if !validName(l.Name) {
			return fmt.Errorf("lesson name %q: use letters, digits, \"-\", \"_\" and \".\"", l.Name)
		}
		ol := offlineLesson{Lesson: l}
		if i > 0 {
			ol.Prev = &o.Lessons[i-1]
		}
		if i+1 < len(o.Lessons) {
			ol.Next = &o.Lessons[i+1]
		}
		lessons = append(lessons, ol)
	}
	if len(lessons) > 0 {
		extra, _ := sources.ReadFile("lessons-offline.css")
		styles = append(append(append(styles, '\n'), o.LessonsCSS...), append([]byte{'\n'}, extra...)...)
	}
	loader, _ := sources.ReadFile("loader.js")
	for _, s := range [][]byte{loader, o.WasmExec} {
		if bytes.Contains(bytes.ToLower(s), []byte("</script")) {
			return errors.New("a script to inline contains </script")
		}
	}
	if bytes.Contains(bytes.ToLower(styles), []byte("</style")) {
		return errors.New("the style sheet contains </style")
	}
	gz, err := compressCached(o.Viewer, "gzip", 0, o.Cache)
	if err != nil {
		return err
	}
	data := view.PageData{Prerendered: ts[0].Name, WASMEncoding: "gzip", Exercises: o.Exercises}
	for _, t := range ts {
		data.Transcripts = append(data.Transcripts, t.Shipped)
	}
	live, err := o.inlineWorker("live-worker.js", o.Live)
	if err != nil {
		return err
	}
	if live.module != "" {
		data.Live = &view.LiveData{Inline: true}
	}
	checker, err := o.inlineWorker("check-worker.js", o.Check)
	if err != nil {
		return err
	}
	data.CheckInline = checker.module != ""
	js, err := jsonData(data)
	if err != nil {
		return err
	}
	v := pageView{
		Transcripts: ts, First: ts[0].Name, Title: ts[0].Title, Steps: ts[0].Steps,
		SVG: template.HTML(svg), Data: js, Offline: true, Lessons: lessons,
		InlineCSS:      template.CSS(styles),
		InlineLoader:   template.JS(loader),
		InlineWasmExec: template.JS(o.WasmExec),
		WASMBase64:     template.HTML(base64.StdEncoding.EncodeToString(gz)),
		Favicon:        template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(Favicon())),
	}
	scripts := hashSrc(o.WasmExec) + " " + hashSrc(loader)
	if len(lessons) > 0 {
		ls := LessonProgressScript()
		if bytes.Contains(bytes.ToLower(ls), []byte("</script")) {
			return errors.New("the lessons' script contains </script")
		}
		v.InlineLessonScript = template.JS(ls)
		scripts += " " + hashSrc(ls)
	}
	workers := ""
	if live.module != "" {
		v.Live = newLivePanel(true)
		v.LiveWorkerText = template.HTML(live.worker)
		v.LiveBase64 = template.HTML(live.module)
	}
	if checker.module != "" {
		v.CheckWorkerText = template.HTML(checker.worker)
		v.CheckBase64 = template.HTML(checker.module)
	}
	if live.module != "" || checker.module != "" {
		// The workers start from blob: URLs the page makes of the
		// inline worker scripts; they fetch nothing.
		workers = "; worker-src blob:"
	}
	v.MetaCSP = "default-src 'none'; script-src " + scripts +
		" 'wasm-unsafe-eval'; style-src " + hashSrc(styles) +
		"; img-src data: blob:; connect-src 'none'" + workers + "; object-src 'none'; base-uri 'none'; form-action 'none'"
	return page.Execute(w, v)
}

// An inlineWorker is what the offline page carries of a module that runs
// in a Web Worker: the worker's script (wasm_exec.js, then the shim as
// WorkerScript gives it)
// and the module, gzipped, in base64. Both are empty without a module.
type inlineWorker struct {
	worker []byte
	module string
}

// inlineWorker makes the offline page's copy of module and its worker
// script shim (a file of this package).
func (o Options) inlineWorker(shim string, module []byte) (inlineWorker, error) {
	if len(module) == 0 {
		return inlineWorker{}, nil
	}
	src, err := WorkerScript(shim)
	if err != nil {
		return inlineWorker{}, err
	}
	w := inlineWorker{worker: append(append(append([]byte{}, o.WasmExec...), '\n'), src...)}
	if bytes.Contains(bytes.ToLower(w.worker), []byte("</script")) {
		return inlineWorker{}, fmt.Errorf("the script of %s to inline contains </script", shim)
	}
	z, err := compressCached(module, "gzip", 0, o.Cache)
	if err != nil {
		return inlineWorker{}, err
	}
	w.module = base64.StdEncoding.EncodeToString(z)
	return w, nil
}

// Favicon is the icon of the playground and of the lesson pages: an
// arrow there and a dashed one back.
func Favicon() []byte {
	b, _ := sources.ReadFile("favicon.svg")
	return b
}

// pageStyles is the page's style sheet: the playground's, Live's, the
// compare view's, the guide's (the first screen, the findings' marks),
// and the diagram's (css, cut out of a drawn diagram).
func pageStyles(css []byte) []byte {
	var styles []byte
	for _, name := range []string{"style.css", "live.css", "compare.css", "guide.css"} {
		b, _ := sources.ReadFile(name)
		styles = append(append(styles, b...), '\n')
	}
	return append(styles, css...)
}

// hashSrc is the CSP source that allows one inline script or style.
func hashSrc(b []byte) string {
	sum := sha256.Sum256(b)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// jsonData encodes the data block. encoding/json escapes <, > and &, so
// no transcript text can close the script element that holds it.
func jsonData(d view.PageData) (template.JS, error) {
	b, err := json.Marshal(d)
	if err != nil {
		return "", err
	}
	return template.JS(b), nil
}

func writeFile(dir, name string, b []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".css", ".js", ".wasm", ".svg", ".json", ".http", ".har", ".txt":
		return true
	}
	return false
}

// compressCached is compress, keeping its output in the folder cache
// (when not "") under the input's hash, the encoding and the quality.
func compressCached(b []byte, enc string, q int, cache string) ([]byte, error) {
	if cache == "" {
		return compress(b, enc, q)
	}
	sum := sha256.Sum256(b)
	name := filepath.Join(cache, fmt.Sprintf("%s.q%d.%s", hex.EncodeToString(sum[:16]), q, enc))
	if c, err := os.ReadFile(name); err == nil {
		return c, nil
	}
	c, err := compress(b, enc, q)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, fmt.Errorf("compression cache: %w", err)
	}
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, c, 0o644); err != nil {
		return nil, fmt.Errorf("compression cache: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return nil, fmt.Errorf("compression cache: %w", err)
	}
	return c, nil
}

// compress encodes b as "br" (at quality q, 0 for 11) or "gzip".
func compress(b []byte, enc string, q int) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case "br":
		if q <= 0 || q > brotli.BestCompression {
			q = brotli.BestCompression
		}
		w = brotli.NewWriterLevel(&buf, q)
	case "gzip":
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return nil, err
		}
		w = zw
	default:
		return nil, fmt.Errorf("unknown encoding %q", enc)
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
