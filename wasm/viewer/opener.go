//go:build js && wasm

package viewer

import (
	"errors"
	"strconv"
	"syscall/js"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// remoteBytes is the size from which a file the learner opens is read
// by the opener, off the page's thread, rather than by the page: parsing
// a megabyte here takes a noticeable moment on a slow machine.
const remoteBytes = 1 << 20

// opener is the Web Worker, running the check module (package
// wasm/checker), that opens a large file: it parses it, works out its
// steps and checks it while the page stays free, says how far it has
// got, and keeps it. The page holds only the window of steps it draws, a
// view.Part, and asks for the next one when the learner steps out of
// it. Guarded by the page's mu.
type opener struct {
	w      js.Value // the worker; undefined until the first large file
	id     int      // the last request's id
	openID int      // the id of the open of the file shown or being opened
	partID int      // the id of the newest request for a window
	open   string   // the name of the file being opened, "" when none is
	doc    *doc     // the file the worker holds
	want   int      // the position a part was asked for; 0 when none is on its way

	// The progress shown while a file opens.
	box, text, bar, cancel js.Value

	exports map[int]export // export requests in flight, by their own ids (below 0)
	lastExp int            // the last export's id
	sys     float64        // the worker's memory, bytes, as its last part said
	warm    bool           // warmReader has run or is about to
}

// remote reports whether a file of this size is opened by the p.opener.
func (p *page) remote(size float64) bool {
	return size >= remoteBytes && p.canCheck()
}

// openRemote has the opener open file, showing its progress; a file
// still opening is cancelled first.
func (p *page) openRemote(file js.Value) {
	name := file.Get("name").String()
	size := file.Get("size").Float()
	if p.opener.open != "" {
		p.cancelOpen()
	}
	if d := p.opener.doc; d != nil {
		// The worker holds one file: the one shown keeps the window
		// drawn, but can no longer be stepped out of it.
		delete(p.docs, key(d.name, true))
		p.opener.doc = nil
	}
	p.opener.id++
	id := p.opener.id
	p.opener.openID = id
	p.opener.open = name
	p.showProgress("Opening "+name+" ("+strconv.FormatFloat(size/1e6, 'f', 1, 64)+" MB): reading the file", 0)
	// The worker reads the file itself: the page's thread never holds
	// its bytes.
	if err := p.startOpener(); err != nil {
		p.openerFailed("the worker that opens large files could not start: " + err.Error())
		return
	}
	post(p.opener.w, &msg.Request{ID: id, Op: msg.OpOpen, Name: name, Screen: int(p.screenHeight())}, file)
}

// warmOpener starts the worker when the learner is about to pick or
// drop a file: it loads and compiles its module meanwhile, so a large
// file finds it ready.
func (p *page) warmOpener() {
	if p.canCheck() {
		p.warmReader()
		if err := p.startOpener(); err != nil {
			dom.Console("warn", "the worker that opens large files could not start: "+err.Error())
		}
	}
}

// startOpener starts the worker if none runs.
func (p *page) startOpener() error {
	if !p.opener.w.IsUndefined() {
		return nil
	}
	var w js.Value
	w, err := p.startWorker(p.checkWorker(), func(err error) {
		if p.opener.w.Equal(w) {
			p.openerFailed("its module could not be read: " + err.Error())
		}
	})
	if err != nil {
		return err
	}
	p.opener.w = w
	dom.On(w, "message", func(ev js.Value) {
		p.do(func() {
			if p.opener.w.Equal(w) { // not a worker ended since
				p.fromOpener(ev.Get("data"))
			}
		})
	})
	dom.On(w, "error", func(ev js.Value) {
		p.do(func() {
			if p.opener.w.Equal(w) {
				p.openerFailed("the worker that opens large files stopped")
			}
		})
	})
	return nil
}

// fromOpener takes one of the opener's messages: answers to the open
// of the file shown (or being opened), to the newest request for a
// window of it, or to an export; answers to requests given up since are
// dropped.
func (p *page) fromOpener(v js.Value) {
	if v.Get("ready").Truthy() {
		return
	}
	if e := v.Get("error"); e.Type() == js.TypeString {
		p.openerFailed(e.String()) // the worker could not start
		return
	}
	t0 := dom.Now()
	m, err := readAnswer(v)
	if err != nil {
		p.openerFailed("the worker's answer: " + err.Error())
		return
	}
	id := answerID(m)
	if f, ok := m.(*msg.Failure); ok && id == 0 {
		p.openerFailed(f.Error) // the worker could not read a request
		return
	}
	if ex, ok := p.opener.exports[id]; ok {
		delete(p.opener.exports, id)
		p.exported(ex, m)
		return
	}
	opening := p.opener.open != ""
	switch {
	case id == p.opener.openID:
	case id == p.opener.partID && p.opener.want != 0:
	default:
		return
	}
	switch m := m.(type) {
	case *msg.Failure:
		p.openerRefused(m, opening)
	case *msg.Progress:
		if opening {
			p.showProgress("Opening "+p.opener.open+": "+m.Text(), m.Done)
		}
	case *msg.Window:
		p.gotWindow(m, v, id, t0)
	case *msg.Whole:
		p.opener.sys = float64(m.Sys)
		p.gotWhole(m.Whole)
		p.shown(id)
	case *msg.Findings:
		if d := p.opener.doc; d != nil {
			p.gotFindings(d, m)
		}
	}
}

// openerRefused shows that the opener could not do what it was asked:
// open the file (opening), or draw a window of it.
func (p *page) openerRefused(m *msg.Failure, opening bool) {
	if opening {
		p.openFailed("Could not open " + m.Error)
		return
	}
	p.opener.want = 0
	dom.RemoveClass(p.el.diagram, "busy")
	if d := p.opener.doc; d != nil {
		p.showError("Could not draw " + d.name + ": " + m.Error)
	}
}

// gotWindow takes a window of the file (answer id, read from v since
// t0) and shows it in a task of its own.
func (p *page) gotWindow(m *msg.Window, v js.Value, id int, t0 float64) {
	part, lz, err := readPart(m, v)
	if err != nil {
		p.openerFailed("the worker's answer: " + err.Error())
		return
	}
	p.opener.sys = float64(m.Sys)
	measure("a2aplay-part-read", t0, dom.Now())
	// Shown in a task of its own: the page's thread takes a breath
	// between reading the part and putting it in.
	dom.Later(func() {
		p.do(func() {
			if id != p.opener.openID && id != p.opener.partID {
				return // given up meanwhile
			}
			t1 := dom.Now()
			want := p.opener.want
			p.gotPart(part, lz)
			if id != p.opener.partID && p.opener.partID > id {
				// The open's part answers no request for a window:
				// one asked since (predict's questions) is still due.
				p.opener.want = want
			}
			measure("a2aplay-part-shown", t1, dom.Now())
			p.shown(id)
		})
	})
}

// readAnswer reads a message of the check worker (package msg). One
// without its bytes comes from a worker of an older build.
func readAnswer(v js.Value) (any, error) {
	b := dom.Bytes(v.Get("m"))
	if b == nil {
		return nil, msg.ErrVersion
	}
	return msg.Decode(b)
}

// answerID is the id of the request an answer answers.
func answerID(m any) int {
	switch m := m.(type) {
	case *msg.Failure:
		return m.ID
	case *msg.Progress:
		return m.ID
	case *msg.Window:
		return m.ID
	case *msg.Whole:
		return m.ID
	case *msg.Findings:
		return m.ID
	case *msg.Text:
		return m.ID
	}
	return -1 << 31
}

// post posts a request to w, with the file an open carries.
func post(w js.Value, r *msg.Request, file js.Value) {
	m := map[string]any{"m": dom.Uint8Array(r.Encode())}
	if !file.IsUndefined() {
		m["data"] = file
	}
	w.Call("postMessage", m)
}

// shown tells the opener, once the next frame has been painted, that
// the page has shown what it sent last in answer to request id, when
// that is the open: the opener waits for this before it works out the
// rest of the file, and leaves the processor to the page meanwhile.
func (p *page) shown(id int) {
	if id != p.opener.openID {
		return
	}
	w := p.opener.w
	say := func() { post(w, &msg.Request{ID: id, Op: msg.OpShown}, js.Undefined()) }
	if dom.Document().Get("hidden").Bool() {
		say() // a hidden page paints no frame
		return
	}
	dom.NextFrame(func() { dom.Later(say) })
}

// warmReader reads, once, when the page is idle after the learner
// reached for a file, a part made from the transcript shown as readPart
// reads the opener's, and writes a file's link. The browser compiles a
// WebAssembly function the first time it runs: done while the learner picks the
// file, that time is not spent in the task that shows its first screen.
// What goes wrong is said on the console: the page works without it;
// when it went well, a mark on the performance timeline says so.
func (p *page) warmReader() {
	if p.opener.warm {
		return
	}
	p.opener.warm = true
	dom.Idle(func() {
		p.do(func() {
			switch read, err := p.readOwn(); {
			case err != nil:
				dom.Console("warn", "warming up the file reader: "+err.Error())
			case !read:
				p.opener.warm = false // nothing to read yet: next time
			default:
				dom.Global().Get("performance").Call("mark", "a2aplay-reader-warm") // for the tests
			}
		})
	}, 500)
}

// readOwn is warmReader's work, on the transcript shown; it reports
// whether there was one (an opened file's window has no steps of its
// own to make a part of).
func (p *page) readOwn() (bool, error) {
	d := p.cur
	if d == nil || d.t == nil || len(d.steps) == 0 {
		return false, nil
	}
	head := *d.t
	head.Exchanges = nil
	part := view.Part{N: len(d.steps), First: 1, Last: len(d.steps), Start: d.steps[0].At, Transcript: &head,
		Summary: view.Summarize(d.t, d.steps), Lanes: d.lanes[:min(len(d.lanes), view.MaxLanes)], Tasks: len(d.lanes),
		Widest: 1, ShownFirst: 1, ShownLast: 1, Provisional: true}
	sent := msg.NewPart(0, &part, 0)
	v := js.ValueOf(map[string]any{"m": dom.Uint8Array(sent.Data), "svg": "", "more": []any{}})
	m, err := readAnswer(v)
	if err != nil {
		return false, err
	}
	win, ok := m.(*msg.Window)
	if !ok {
		return false, errors.New("a part reads back as another message")
	}
	if _, _, err := readPart(win, v); err != nil {
		return false, err
	}
	_ = view.Link{File: d.name, Step: 1}.Hash()
	return true, nil
}

// gotWhole takes what the opener says about the whole file once it has
// worked out all its steps, after a first window it drew from the first
// of them: the tasks' lanes and the summary.
func (p *page) gotWhole(w *view.Whole) {
	d := p.opener.doc
	if d == nil || d.part == nil {
		return
	}
	w.Apply(d.part)
	d.lanes = d.part.Lanes
	if p.cur == d {
		p.buildLane()
		p.paintLane()
		if p.nav.Cur == 0 {
			p.inspect()
		}
	}
}

// measure puts a span of time on the page's performance timeline, for
// the benchmark to read.
func measure(name string, start, end float64) {
	dom.Global().Get("performance").Call("measure", name, map[string]any{"start": start, "end": end})
}

// cancelOpen gives up the file being opened: the worker that reads it
// is ended, and the page shows what it showed before.
func (p *page) cancelOpen() {
	if p.opener.open == "" {
		return
	}
	p.opener.open = ""
	p.opener.openID = 0
	p.endOpener()
	p.hideProgress()
	p.saySource()
}

// endOpener ends the worker, and with it the file it held: a file shown
// from it stays drawn, but its other steps are gone.
func (p *page) endOpener() {
	if p.opener.w.IsUndefined() {
		return
	}
	p.opener.w.Call("terminate")
	p.opener.w = js.Undefined()
	p.opener.sys = 0
	if d := p.opener.doc; d != nil {
		delete(p.docs, key(d.name, true))
		p.opener.doc = nil
	}
	p.opener.want = 0
	dom.RemoveClass(p.el.diagram, "busy")
}

// openFailed says why a file could not be opened.
func (p *page) openFailed(msg string) {
	p.opener.open = ""
	p.hideProgress()
	p.showError(msg)
	p.saySource()
}

// openerFailed says that the worker broke, and ends it.
func (p *page) openerFailed(why string) {
	name := p.opener.open
	p.opener.open = ""
	p.endOpener()
	p.hideProgress()
	if name != "" {
		p.showError("Could not open " + name + ": " + why)
	} else {
		p.showError("The large file's steps are no longer available: " + why + ". Open it again.")
	}
	p.saySource()
}

// showProgress shows what the opener is doing and how far it has got,
// with a Cancel button.
func (p *page) showProgress(text string, done float64) {
	if p.opener.box.IsUndefined() {
		p.opener.text = dom.El("span", "opening-text")
		p.opener.bar = dom.El("progress", "")
		p.opener.bar.Set("max", 1)
		dom.SetAttr(p.opener.bar, "aria-label", "Opening the file")
		p.opener.cancel = dom.TextEl("button", "", "Cancel")
		p.opener.cancel.Set("type", "button")
		p.opener.cancel.Set("title", "Stop opening this file")
		dom.On(p.opener.cancel, "click", func(js.Value) { p.do(p.cancelOpen) })
		p.opener.box = dom.El("span", "opening", p.opener.text, p.opener.bar, p.opener.cancel)
		dom.SetAttr(p.opener.box, "role", "status")
		p.el.source.Get("parentNode").Call("insertBefore", p.opener.box, p.el.source.Get("nextSibling"))
	}
	dom.SetText(p.opener.text, text)
	p.opener.bar.Set("value", done)
	dom.SetHidden(p.opener.box, false)
	dom.SetHidden(p.el.source, true)
}

func (p *page) hideProgress() {
	if !p.opener.box.IsUndefined() {
		dom.SetHidden(p.opener.box, true)
	}
	dom.SetHidden(p.el.source, false)
}
