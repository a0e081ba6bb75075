//go:build js && wasm

package viewer

import (
	"strconv"
	"sync"
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

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

// showError puts msg in the banner. The page keeps working.
func (p *page) showError(msg string) {
	dom.SetText(p.el.bannerText, msg)
	dom.SetHidden(p.el.banner, false)
}

func (p *page) clearError() { dom.SetHidden(p.el.banner, true) }

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
	// After the frame that paints it: writing a 1,000-step transcript
	// out for the check worker took 15 ms of its 100 ms load call warm,
	// 86 ms cold (bench -profile).
	p.afterPaint(func() { p.check(d) }) // findings.go: the spec's checks, for a file or a live session
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
	if d == nil {
		return
	}
	src := d.windowSays()
	if src == "" {
		return
	}
	if d.local {
		src = d.name + " · " + src
	}
	dom.SetText(p.el.source, src)
}

// windowSays names the steps of d drawn, when they are not all.
func (d *doc) windowSays() string {
	if d.first <= 1 && d.last >= d.count() {
		return ""
	}
	return "steps " + strconv.Itoa(d.first) + "–" + strconv.Itoa(d.last) + " of " + strconv.Itoa(d.count()) + " drawn"
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
