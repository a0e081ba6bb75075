//go:build js && wasm

package viewer

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// fileElements are the opener's and the export menu's controls and the
// error banner.
type fileElements struct {
	open, file, export, drop        js.Value
	exSVG, exMermaid, exHTTP, exHAR js.Value
	banner, bannerText, bannerClose js.Value
}

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

// An export is a request for an export in flight: what it writes, and
// the name of the file it downloads, without its ending.
type export struct{ kind, base string }

// exportRemote has the opener write the file it holds as kind.
func (p *page) exportRemote(kind string) {
	d := p.opener.doc
	if p.opener.w.IsUndefined() || d == nil {
		return
	}
	p.askExport(export{kind, strings.TrimSuffix(strings.TrimSuffix(d.name, ".http"), ".har")},
		&msg.Request{Op: msg.OpExport, Kind: kind})
}

// exportHAR has the opener write text, a transcript the page holds, as
// HAR, downloaded as base.har: the HAR writer is in the check module.
func (p *page) exportHAR(base, text string) error {
	if !p.canCheck() {
		return errors.New("HAR files are written by the check module, which this site was built without; a2aplay can write one")
	}
	if err := p.startOpener(); err != nil {
		return errors.New("the worker that writes HAR files could not start: " + err.Error())
	}
	p.askExport(export{"har", base}, &msg.Request{Op: msg.OpHAR, Text: text})
	return nil
}

// askExport posts an export request, r, to the opener.
func (p *page) askExport(ex export, r *msg.Request) {
	if p.opener.exports == nil {
		p.opener.exports = map[int]export{}
	}
	p.opener.lastExp--
	p.opener.exports[p.opener.lastExp] = ex
	r.ID = p.opener.lastExp
	post(p.opener.w, r, js.Undefined())
}

// exported downloads what the opener wrote.
func (p *page) exported(ex export, m any) {
	if e, ok := m.(*msg.Failure); ok {
		p.showError("Could not export " + ex.kind + ": " + e.Error)
		return
	}
	f, ok := exportFiles[ex.kind]
	t, isText := m.(*msg.Text)
	if !ok || !isText {
		return
	}
	dom.Download(ex.base+f[0], f[1], t.Text)
}

// exportFiles gives each export its file name's ending and media type.
var exportFiles = map[string][2]string{
	"svg":     {".svg", "image/svg+xml"},
	"mermaid": {".mmd", "text/plain;charset=utf-8"},
	"http":    {".http", "text/plain;charset=utf-8"},
	"har":     {".har", "application/json"},
}
