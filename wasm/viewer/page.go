//go:build js && wasm

package viewer

import (
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// A doc is a transcript the page holds, parsed and stepped, with the
// diagram's elements for each step once it is drawn.
type doc struct {
	name  string // shipped name, or the file name of an opened file
	local bool   // opened by the learner, not shipped
	t     *replay.Transcript
	steps []replay.Step
	lanes []view.Lane

	parseMs  float64 // time parse and steps took in the page
	svgMs    float64 // time Layout and WriteSVG took in the page
	renderMs float64 // that and putting the SVG into the page

	first, last int // the steps drawn: all, or a window of a long one (draw.go)
	// The layouts of the steps drawn, as view.PageLayout gives them:
	// base with nothing folded, geom as drawn, with folds folded; open
	// names what the learner unfolded by a click. nil for the
	// pre-rendered diagram until first needed, and for a large file's
	// window, which the opener draws.
	base, geom  *diagram.Geometry
	folds, open []string

	findings []view.Finding // check.Check's: the data block's, or the check worker's for a local one
	checked  bool           // its answer came, or none will

	// part is, for a large file the opener holds (opener.go), the window
	// of it the page has: t is then the part's (without its exchanges),
	// lanes its first ones, and the steps and exchanges are in lazy.
	part *view.Part
	lazy *lazy

	quiz      *view.Quiz // predict mode's questions and picks, once it was on here (predict.go)
	quizAsked bool       // a large file's: the opener was asked for its window's questions
}

// count returns how many steps d has in all.
func (d *doc) count() int {
	if d.part != nil {
		return d.part.N
	}
	return len(d.steps)
}

// step returns step k (1-based) of d, or nil when the page does not hold
// it.
func (d *doc) step(k int) *replay.Step {
	if d.lazy != nil {
		return d.lazy.stepAt(k)
	}
	if k < 1 || k > len(d.steps) {
		return nil
	}
	return &d.steps[k-1]
}

// stepID returns the id of step k (1-based) of d, or "" when the page
// does not hold it. Of a part it reads no step: replay.Steps names step
// k "sk".
func (d *doc) stepID(k int) string {
	if d.lazy != nil {
		if d.lazy.has(k) {
			return "s" + strconv.Itoa(k)
		}
		return ""
	}
	if s := d.step(k); s != nil {
		return s.ID
	}
	return ""
}

// tasks returns how many tasks d has in all.
func (d *doc) tasks() int {
	if d.part != nil {
		return d.part.Tasks
	}
	return len(d.lanes)
}

// page is the replay page. Callbacks run one at a time on the browser's
// event loop; mu guards the state against the playback goroutine and
// the goroutines that finish fetches and file reads. Take it with do.
type page struct {
	mu   sync.Mutex
	held bool // mu is held by the code running now (see do)

	focusByPointer bool // the pointer moved the focus last, not Tab (events.go)

	checker checker     // the check worker (findings.go)
	opener  opener      // the worker that opens large files (opener.go)
	live    liveMode    // the Live mode (live.go)
	predict predictMode // predict mode (predict.go)
	cmp     compareMode // the compare view (compare.go)

	data  view.PageData   // the data block, read once
	ex    exercises       // the Live panel's (exercises.go)
	docs  map[string]*doc // loaded transcripts by link key
	cur   *doc
	nav   view.Nav
	marks []js.Value // marks[k]: step k's group in the diagram, once looked up (see mark)

	figure figure    // the diagram as framed in the stage (zoom.go)
	zoom   view.Zoom // how the learner sizes diagrams; kept from one to the next
	svgBuf []byte    // the last diagram drawn's SVG, its bytes reused by the next (see view.AppendPageFigure)

	warmState      // the warm-up (warm.go)
	laneState      // the task-state lane under the diagram (lane.go)
	player         // playback (stepper.go)
	linkState      // the link the URL is to name (link.go)
	inspector      // what the inspector shows (inspector.go)
	loading   bool // a transcript is being fetched

	// The texts a step change rewrites (text.go).
	text struct{ heading, label, raw, position, announce textBox }

	el pageElements
}

// pageElements are the page's elements outside the Live panel, found
// once by id (newPage), grouped by the part of the page that owns them.
type pageElements struct {
	stepperElements   // stepper.go
	fileElements      // files.go
	inspectorElements // inspector.go
	zoomElements      // zoom.go
}

func newPage() (*page, error) {
	p := &page{docs: map[string]*doc{}, player: player{speed: 1}, inspector: inspector{tab: "raw"}}
	p.figure = figure{fig: js.Undefined(), svg: js.Undefined(), pin: js.Undefined()}
	var err error
	if p.data, err = readPageData(dom.ByID("a2aplay-data").Get("textContent").String()); err != nil {
		return nil, err
	}
	e := &p.el
	// Looked up from a list: a map literal of pointers, or a call each,
	// costs the module far more bytes than a string and a pointer.
	for _, f := range [...]struct {
		id string
		v  *js.Value
	}{
		{"picker", &e.picker},
		{"source", &e.source},
		{"diagram", &e.diagram},
		{"scrub", &e.scrub},
		{"position", &e.position},
		{"speed", &e.speed},
		{"lane", &e.lane},
		{"first", &e.first},
		{"prev", &e.prev},
		{"play", &e.play},
		{"next", &e.next},
		{"last", &e.last},
		{"open", &e.open},
		{"file", &e.file},
		{"export", &e.export},
		{"drop", &e.drop},
		{"export-svg", &e.exSVG},
		{"export-mermaid", &e.exMermaid},
		{"export-http", &e.exHTTP},
		{"export-har", &e.exHAR},
		{"banner", &e.banner},
		{"banner-text", &e.bannerText},
		{"banner-close", &e.bannerClose},
		{"insp-heading", &e.heading},
		{"insp-label", &e.label},
		{"insp-facts", &e.facts},
		{"insp-notes", &e.notes},
		{"insp-tabs", &e.tabs},
		{"tab-raw", &e.tabRaw},
		{"tab-json", &e.tabJSON},
		{"insp-raw", &e.raw},
		{"insp-json", &e.json},
		{"zoom-in", &e.zoomIn},
		{"zoom-out", &e.zoomOut},
		{"zoom-reset", &e.zoomReset},
		{"zoom-fit", &e.zoomFit},
		{"announce", &e.announce},
		{"insp-tools", &e.tools},
		{"copy", &e.copy},
		{"copy-curl", &e.copyCurl},
	} {
		*f.v = dom.ByID(f.id)
	}
	p.text.heading, p.text.label = newTextBox(e.heading), newTextBox(e.label)
	p.text.raw, p.text.position = newTextBox(e.raw), newTextBox(e.position)
	p.text.announce = newTextBox(e.announce)
	return p, nil
}

// do runs fn holding p.mu. A call from Go into JavaScript can dispatch
// an event at once (a.click() does), which calls back into Go while mu
// is held: such a nested callback runs fn directly instead of waiting
// for itself. Nothing else can be running then: Go in the browser runs
// one goroutine at a time and switches only where one blocks, and no
// code blocks while it holds mu.
func (p *page) do(fn func()) {
	if p.held {
		fn()
		return
	}
	p.mu.Lock()
	p.held = true
	defer func() {
		p.held = false
		p.mu.Unlock()
	}()
	fn()
}

// start wires the events, shows what the URL names, and enables the
// controls.
func (p *page) start() {
	p.wire()
	p.do(p.takeOver)
}

// takeOver shows what the URL names and enables the controls.
func (p *page) takeOver() {
	p.exposeAPI()
	p.openLink(view.ParseLink(linkText()))
	for _, b := range []js.Value{p.el.picker, p.el.speed, p.el.scrub, p.el.open, p.el.exSVG, p.el.exMermaid, p.el.exHTTP, p.el.exHAR} {
		b.Set("disabled", false)
	}
	p.startLive()   // live.go: the Live tab, and a #live link
	p.wireWelcome() // welcome.go: the first screen, on a first visit
	if !p.loading {
		p.ready()
	}
}

// ready tells the page, and tests and benchmarks watching it, that the
// viewer has taken over and shows what the URL names: the html element
// gets data-viewer="ready" and the performance timeline a mark.
func (p *page) ready() {
	ds := dom.Document().Get("documentElement").Get("dataset")
	if ds.Get("viewer").Type() == js.TypeString {
		return
	}
	ds.Set("viewer", "ready")
	dom.Global().Get("performance").Call("mark", "a2aplay-ready")
}

// linkText is the part of the URL that holds a deep link: the fragment,
// or else the query.
func linkText() string {
	loc := dom.Global().Get("location")
	if h := loc.Get("hash").String(); len(h) > 1 {
		return h
	}
	return loc.Get("search").String()
}

// showError puts msg in the banner. The page keeps working.
func (p *page) showError(msg string) {
	dom.SetText(p.el.bannerText, msg)
	dom.SetHidden(p.el.banner, false)
}

func (p *page) clearError() { dom.SetHidden(p.el.banner, true) }

func key(name string, local bool) string {
	if local {
		return "f:" + name
	}
	return "t:" + name
}

// openLink shows what a link names, loading it first if needed. When
// the link names nothing the page has or can fetch, it shows the
// pre-rendered transcript instead and says why in the banner.
// Call with p.mu held.
func (p *page) openLink(l view.Link) {
	if l.Compare != "" {
		p.openCompare(l.Compare, l.Step, noHistory) // compare.go
		return
	}
	p.closeCompare()
	problem := ""
	switch {
	case l.File != "":
		if d := p.docs[key(l.File, true)]; d != nil {
			p.show(d, l.Step, noHistory)
			return
		}
		problem = "The link names the file " + l.File + ", which this page does not hold (it was opened in an earlier visit): open it again to replay it."
	case l.Transcript != "":
		if d := p.docs[key(l.Transcript, false)]; d != nil {
			p.show(d, l.Step, noHistory)
			return
		}
		if s := p.data.Shipped(l.Transcript); s != nil {
			p.load(s, l.Step, noHistory)
			return
		}
		problem = "There is no transcript named " + l.Transcript + "; showing " + p.data.Prerendered + "."
	}
	first := p.data.Shipped(p.data.Prerendered)
	if first == nil {
		p.showError("The page's data names no transcript to show.")
		return
	}
	if d := p.docs[key(first.Name, false)]; d != nil {
		p.show(d, l.Step, noHistory)
	} else {
		p.load(first, l.Step, noHistory)
	}
	if problem != "" {
		p.showError(problem)
	}
}

// load shows a shipped transcript at a position: from the data block if
// it carries the text, else fetched. Call with p.mu held.
func (p *page) load(s *view.Shipped, step int, h history) {
	if s.Text != "" {
		d, err := p.parseShipped(s.Name, s.Text)
		if err != nil {
			p.showError(err.Error())
			return
		}
		p.docs[key(s.Name, false)] = d
		p.show(d, step, h)
		return
	}
	name, url := s.Name, s.URL
	dom.AddClass(p.el.diagram, "busy")
	p.loading = true
	dom.Go(func() {
		text, err := dom.Fetch(url)
		p.do(func() { p.loaded(name, text, err, step, h) })
	})
}

// loaded shows a fetched transcript, or why it could not be.
func (p *page) loaded(name, text string, err error, step int, h history) {
	defer p.ready() // the first load, whatever came of it
	p.loading = false
	dom.RemoveClass(p.el.diagram, "busy")
	if err != nil {
		p.showError("Could not load " + name + ": " + err.Error())
		p.syncPicker()
		return
	}
	d, err := p.parseShipped(name, text)
	if err != nil {
		p.showError(err.Error())
		p.syncPicker()
		return
	}
	p.docs[key(name, false)] = d
	p.show(d, step, h)
}

// parseShipped reads a shipped transcript, with the findings the data
// block carries for it.
func (p *page) parseShipped(name, text string) (*doc, error) {
	t, err := replay.ParseString(text, name+".http")
	if err != nil {
		return nil, err
	}
	d := newDoc(name, false, t)
	if s := p.data.Shipped(name); s != nil {
		d.findings, d.checked = view.SortFindings(s.Findings, len(d.steps)), true
	}
	return d, nil
}

func newDoc(name string, local bool, t *replay.Transcript) *doc {
	steps := replay.Steps(t)
	return &doc{name: name, local: local, t: t, steps: steps, lanes: view.Lanes(steps)}
}

// history says how a move shows in the browser's history. Back undoes
// a change of transcript or mode; steps within a transcript rewrite the
// entry, so that Back leaves a transcript however far the learner
// stepped through it, and a shared link names the step shown.
type history int

const (
	noHistory history = iota // restoring a link: the URL already says it
	push                     // another transcript or mode: a new entry
	step                     // the learner's step: rewrites the entry, stops playback
	replace                  // playback: rewrites the entry
)

func (p *page) link() view.Link {
	l := view.Link{Step: p.nav.Cur}
	if p.cur != nil {
		if p.cur.local {
			l.File = p.cur.name
		} else {
			l.Transcript = p.cur.name
		}
	}
	return l
}

// record writes the current link into the URL. A new entry is pushed
// at once. A step rewrites the entry once the learner pauses for
// linkDelay, once for a run of steps: rewriting the URL costs the
// browser more than the rest of a step change (a call to the browser's
// own process, many milliseconds on a busy machine), and Chromium
// ignores a page's history calls past a few hundred in ten seconds,
// which holding an arrow key down would reach.
func (p *page) record(h history) {
	if h == noHistory || p.inLive() { // Live's URL names its scenario
		return
	}
	if h == push {
		p.flushLink() // the entry left names the step it was left at
		writeLink("pushState", p.link().Hash())
		return
	}
	p.linkDue = p.link().Hash()
	p.linkAt = time.Now().Add(linkDelay)
	if p.linkTimer {
		return
	}
	p.linkTimer = true
	dom.Go(func() {
		for wait := linkDelay; wait > 0; {
			time.Sleep(wait)
			p.do(func() {
				if wait = time.Until(p.linkAt); wait <= 0 {
					p.linkTimer = false
					p.flushLink()
				}
			})
		}
	})
}

// linkDelay is how long the learner pauses before the step shown is
// written into the URL.
const linkDelay = 150 * time.Millisecond

// flushLink writes the link of a step still waiting into the URL now.
func (p *page) flushLink() {
	if hash := p.linkDue; hash != "" {
		p.linkDue = ""
		writeLink("replaceState", hash)
	}
}

// dropLink forgets a step's link still waiting: the history moved to
// another entry, which it must not rewrite.
func (p *page) dropLink() { p.linkDue = "" }

// writeLink puts a link into the URL with method, "pushState" or
// "replaceState", unless the URL says it already.
func writeLink(method, hash string) {
	if dom.Global().Get("location").Get("hash").String() == hash {
		return
	}
	dom.Global().Get("history").Call(method, js.Null(), "", hash)
}

// show makes d the current transcript, drawn, at position step.
func (p *page) show(d *doc, step int, h history) {
	p.liveSees(d) // another transcript leaves Live
	if p.cur == d {
		p.goTo(step, h)
		return
	}
	p.stop()
	p.clearError() // a message about the transcript shown before
	if err := p.draw(d, step); err != nil {
		p.showError("Could not draw " + d.name + ": " + err.Error())
		p.syncPicker()
		return
	}
	p.cur = d
	p.nav = view.Nav{N: d.count()}
	p.nav.Go(step)
	if p.refold(d, p.nav.Cur) { // the pre-rendered diagram, at a step too wide for the stage
		if err := p.draw(d, p.nav.Cur); err != nil {
			p.showError("Could not draw " + d.name + ": " + err.Error())
		}
	}
	p.buildLane()
	p.el.scrub.Set("max", d.count())
	p.syncPicker()
	p.saySource()
	dom.Document().Set("title", d.name+" · a2aplay")
	p.paint(-1)
	p.record(h)
	p.check(d) // findings.go: the spec's checks, for a file or a live session
}

// saySource says beside the picker where the transcript shown comes
// from, and which steps of a long one are drawn.
func (p *page) saySource() {
	d := p.cur
	if d == nil {
		return
	}
	if p.live.on && d == p.live.doc {
		p.liveSource()
		return
	}
	src := ""
	if d.local {
		src = "from your file " + d.name
	}
	dom.SetText(p.el.source, src)
	p.sayWindow()
}

// sayWindow says, beside the picker, which steps of a long transcript
// are drawn.
func (p *page) sayWindow() {
	d := p.cur
	if d == nil || d.first <= 1 && d.last >= d.count() {
		return
	}
	src := "steps " + strconv.Itoa(d.first) + "–" + strconv.Itoa(d.last) + " of " + strconv.Itoa(d.count()) + " drawn"
	if d.local {
		src = d.name + " · " + src
	}
	dom.SetText(p.el.source, src)
}

// syncPicker makes the picker show the current transcript; an opened
// file gets its own option.
func (p *page) syncPicker() {
	if p.cur == nil {
		return
	}
	p.syncCompareLink() // compare.go
	sel := p.el.picker
	for _, o := range dom.All(sel, "option[data-local]") {
		o.Call("remove")
	}
	if p.cur.local {
		o := dom.TextEl("option", "", p.cur.name+" · your file")
		o.Set("value", "")
		dom.SetAttr(o, "data-local", "")
		sel.Call("append", o)
		sel.Set("value", "")
		return
	}
	sel.Set("value", p.cur.name)
}

// goTo moves to position i of the current transcript.
func (p *page) goTo(i int, h history) {
	if p.cur == nil {
		return
	}
	i = p.predictStop(i) // predict.go: a question on the way stops the move
	old := p.nav.Cur
	if !p.nav.Go(i) {
		p.paintPosition() // the scrubber, dragged past a question
		p.paintPredict()
		return
	}
	if d := p.cur; p.nav.Cur > 0 && (p.nav.Cur < d.first || p.nav.Cur > d.last) {
		// Past the drawn window of a long transcript: draw the next,
		// once the opener sends it for a file it holds.
		if d.part != nil {
			p.askPart(d, p.nav.Cur)
			p.paintPosition()
			p.record(h)
			return
		}
		if err := p.draw(d, p.nav.Cur); err != nil {
			p.showError("Could not draw " + d.name + ": " + err.Error())
		}
		p.sayWindow()
		old = -1
	} else if p.refold(d, p.nav.Cur) { // draw.go: a step too wide for the stage folds the columns it crosses
		if err := p.draw(d, p.nav.Cur); err != nil {
			p.showError("Could not draw " + d.name + ": " + err.Error())
		}
		old = -1
	}
	p.paint(old)
	p.record(h)
	if p.playing && h == step {
		p.stop()
	}
}

// paint brings the page from position old to the current one: the
// current step's marks, the scrubber, the lane, the inspector. old is -1
// for a diagram just drawn.
func (p *page) paint(old int) {
	cur := p.nav.Cur
	p.paintPosition()
	if o := p.mark(old); old != cur && !o.IsUndefined() {
		o.Call("removeAttribute", "aria-current")
	}
	el := p.mark(cur)
	if !el.IsUndefined() {
		dom.SetAttr(el, "aria-current", "step")
	}
	p.paintMarks(el)
	if old < 0 {
		p.markFindings() // findmarks.go: on a diagram just drawn
	}
	p.paintLane()
	p.inspect()
	// Only the heading is read out: the inspector is for reading.
	p.text.announce.set(p.heading)
	p.paintPredict() // the question before the next step, or the verdict on this one
	if !el.IsUndefined() {
		p.reveal(el)
	}
}

// paintPosition shows the position on the scrubber, in words and on
// the step buttons.
func (p *page) paintPosition() {
	cur, n := p.nav.Cur, p.nav.N
	p.el.scrub.Set("value", cur)
	if cur == 0 {
		p.text.position.set("overview · " + count(n, "step"))
	} else {
		p.text.position.set("step " + strconv.Itoa(cur) + " / " + strconv.Itoa(n))
	}
	p.el.first.Set("disabled", n == 0 || cur == 1)
	p.el.prev.Set("disabled", cur == 0)
	p.el.next.Set("disabled", cur >= n)
	p.el.last.Set("disabled", cur >= n)
	p.el.play.Set("disabled", n == 0)
}

// Playback.

func (p *page) togglePlay() {
	if p.playing {
		p.stop()
		return
	}
	if p.cur == nil || p.nav.N == 0 {
		return
	}
	if p.nav.AtEnd() || p.nav.Cur == 0 {
		p.goTo(1, replace)
	}
	p.playing = true
	p.gen++
	gen := p.gen
	dom.AddClass(p.el.play, "playing")
	p.el.play.Call("setAttribute", "aria-label", "Pause")
	dom.Go(func() {
		for playing := true; playing; {
			var wait time.Duration
			p.do(func() { wait = view.Interval(p.speed) })
			time.Sleep(wait)
			p.do(func() {
				if p.gen != gen || !p.playing {
					playing = false
					return
				}
				p.goTo(p.nav.Cur+1, replace)
				if p.nav.AtEnd() {
					p.stop()
				}
			})
		}
	})
}

func (p *page) stop() {
	if !p.playing {
		return
	}
	p.playing = false
	p.gen++
	dom.RemoveClass(p.el.play, "playing")
	p.el.play.Call("setAttribute", "aria-label", "Play")
}

func (p *page) setSpeed(v string) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 {
		return
	}
	p.speed = f
}

// stepOf returns the position of the step an element of the diagram
// belongs to, or 0.
func (p *page) stepOf(target js.Value) int {
	if target.IsUndefined() || target.IsNull() || target.Get("closest").IsUndefined() {
		return 0
	}
	el := target.Call("closest", "["+stepAttr+"]")
	if el.IsNull() {
		return 0
	}
	return p.indexOfMark(dom.Attr(el, stepAttr))
}

// local files

// openFile reads a File the learner picked or dropped and shows it.
func (p *page) openFile(file js.Value) {
	name := file.Get("name").String()
	size := file.Get("size").Float()
	if p.remote(size) {
		p.do(func() { p.openRemote(file) })
		return
	}
	p.do(func() {
		p.cancelOpen() // a large file still opening
		dom.AddClass(p.el.diagram, "busy")
		dom.SetText(p.el.source, "Opening "+name+" ("+strconv.FormatFloat(size/1e6, 'f', 1, 64)+" MB)…")
	})
	dom.Go(func() {
		data, err := dom.ReadFileBytes(file)
		// Let the browser paint the message before the parse holds the
		// thread.
		time.Sleep(20 * time.Millisecond)
		p.do(func() {
			dom.RemoveClass(p.el.diagram, "busy")
			p.fileRead(file, name, data, err)
		})
	})
}

// fileRead shows a file the learner opened, or why it cannot be. A
// HAR file goes to the opener (the check module), whatever its size:
// the page's module has no HAR reader.
func (p *page) fileRead(file js.Value, name string, data []byte, err error) {
	if err != nil {
		p.showError("Could not read " + name + ": " + err.Error())
		p.saySource()
		return
	}
	var t *replay.Transcript
	switch replay.Sniff(data, name) {
	case replay.HARFile:
		if !p.canCheck() {
			p.showError("Could not open " + name + ": it is a HAR file, and HAR files are read by the check module, which this site was built without. Open it on a site built with the check module, or read it with a2aplay figures or a2aplay check.")
			p.saySource()
			return
		}
		p.openRemote(file)
		return
	case replay.TranscriptFile:
		t, err = replay.Parse(data, name)
	default:
		err = replay.NotTranscript(data, name)
	}
	if err != nil {
		p.showError("Could not open " + err.Error())
		p.saySource()
		return
	}
	p.clearError()
	d := newDoc(name, true, t)
	p.docs[key(name, true)] = d
	p.cur = nil // redraw even when the same name was open
	p.show(d, 0, push)
}

// exports

func (p *page) export(kind string) {
	d := p.cur
	if d == nil {
		return
	}
	if d.part != nil {
		p.exportRemote(kind) // the opener holds the whole file
		return
	}
	base := strings.TrimSuffix(strings.TrimSuffix(d.name, ".http"), ".har")
	var b strings.Builder
	var err error
	switch kind {
	case "svg":
		var svg []byte
		svg, err = view.SVG(d.t, d.steps)
		if err == nil {
			dom.Download(base+".svg", "image/svg+xml", string(svg))
		}
	case "mermaid":
		err = writeMermaid(&b, d)
		if err == nil {
			dom.Download(base+".mmd", "text/plain;charset=utf-8", b.String())
		}
	case "http":
		err = replay.Write(&b, d.t)
		if err == nil {
			dom.Download(base+".http", "text/plain;charset=utf-8", b.String())
		}
	case "har":
		// The check module writes HAR: the page's has no HAR writer.
		if err = replay.Write(&b, d.t); err == nil {
			err = p.exportHAR(base, b.String())
		}
	}
	if err != nil {
		p.showError("Could not export " + kind + ": " + err.Error())
	}
}

// focusParts are the parts of a step that say what it is: its arrow
// and head, its label and the state it reports. A closed stream has no
// arrow: its end mark and words stand in. The step's box also spans the
// gutter and its state bar, which need not show.
const focusParts = ".arrow, .head, .label, .badge, .closed, .end-edge"

// reveal scrolls the diagram, on both axes, so that step el's arrow and
// label show, smoothly unless the learner asks for reduced motion. Only
// the diagram scrolls, never the page, so the controls and the task
// lane above it stay where they are.
func (p *page) reveal(el js.Value) {
	f := &p.figure
	var target view.Box
	if d := p.cur; d != nil && d.geom != nil && !f.svg.IsUndefined() {
		// From the layout the page drew: the step's marks, the headers
		// of both its participants and its number (view.StepBox).
		if b, ok := view.StepBox(d.geom, p.nav.Cur); ok {
			sr, s := box(f.svg.Call("getBoundingClientRect")), f.scale
			target = view.Box{Left: sr.Left + b.Left*s, Top: sr.Top + b.Top*s, Right: sr.Left + b.Right*s, Bottom: sr.Top + b.Bottom*s}
		}
	}
	if target == (view.Box{}) {
		for _, part := range dom.All(el, focusParts) {
			target = target.Union(box(part.Call("getBoundingClientRect")))
		}
	}
	if target == (view.Box{}) {
		target = box(el.Call("getBoundingClientRect"))
	}
	c := p.el.diagram
	r := box(c.Call("getBoundingClientRect"))
	// The scrollport: inside the borders, without the scroll bars, under
	// the pinned participant row.
	port := view.Box{
		Left: r.Left + c.Get("clientLeft").Float(),
		Top:  r.Top + c.Get("clientTop").Float(),
	}
	port.Right = port.Left + c.Get("clientWidth").Float()
	port.Bottom = port.Top + c.Get("clientHeight").Float()
	port.Top += p.pinnedHeight(r.Top)
	port.Left += f.gutW * f.scale // the pinned step numbers
	dx, dy := view.Reveal(port, target, revealMargin)
	if dx == 0 && dy == 0 {
		return
	}
	behavior := "smooth"
	if reducedMotion() {
		behavior = "instant"
	}
	c.Call("scrollTo", map[string]any{
		"left":     c.Get("scrollLeft").Float() + dx,
		"top":      c.Get("scrollTop").Float() + dy,
		"behavior": behavior,
	})
}

// revealMargin is the room, in CSS pixels, kept around a revealed step.
const revealMargin = 12

func box(r js.Value) view.Box {
	return view.Box{Left: r.Get("left").Float(), Top: r.Get("top").Float(), Right: r.Get("right").Float(), Bottom: r.Get("bottom").Float()}
}

// reducedMotion reports whether the learner asks for less motion. The
// query's list is made once; it follows the setting as it changes.
func reducedMotion() bool {
	if motionQuery.IsUndefined() {
		motionQuery = dom.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)")
	}
	return motionQuery.Get("matches").Bool()
}

var motionQuery = js.Undefined()
