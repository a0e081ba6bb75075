//go:build js && wasm

package viewer

import (
	"encoding/base64"
	"errors"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/wasm/dom"
)

// A workerSource says where a module that runs in a Web Worker comes
// from: the served site names the worker's script by URL; the offline
// page, which can fetch nothing, carries the script and the module
// inline (web.BuildOffline) in two elements.
type workerSource struct {
	url            string // the worker's script, with its module's URL in its query
	script, module string // ids of the inline script and the gzipped, base64 module
	inline         bool
}

// liveWorker is where the Live mode's agents run (web/live-worker.js).
func (p *page) liveWorker() workerSource {
	return workerSource{url: p.live.cfg.Worker, inline: p.live.cfg.Inline,
		script: "a2aplay-live-worker", module: "a2aplay-live-wasm"}
}

// checkWorker is where the check module runs (web/check-worker.js):
// spec findings and files too large for the page's thread.
func (p *page) checkWorker() workerSource {
	return workerSource{url: p.data.Check, inline: p.data.CheckInline,
		script: "a2aplay-check-worker", module: "a2aplay-check-wasm"}
}

// canCheck reports whether this page has the check module.
func (p *page) canCheck() bool { return p.data.Check != "" || p.data.CheckInline }

// startWorker starts a worker from src: from its URL or, on the offline
// page, from a blob: URL of the inline script, posting it the inline
// module, {type: "module", bytes}, once the module is decompressed.
// failed is told, on the page's thread, when the module cannot be read.
func (p *page) startWorker(src workerSource, failed func(error)) (w js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the browser refused it")
			if e, ok := r.(error); ok {
				err = e
			}
		}
	}()
	g := dom.Global()
	if !src.inline {
		if src.url == "" {
			return js.Value{}, errors.New("this build has no such module")
		}
		return g.Get("Worker").New(src.url), nil
	}
	doc := dom.Document()
	script, module := doc.Call("getElementById", src.script), doc.Call("getElementById", src.module)
	if script.IsNull() || module.IsNull() {
		return js.Value{}, errors.New("the page does not carry the module")
	}
	blob := g.Get("Blob").New([]any{script.Get("textContent")}, map[string]any{"type": "text/javascript"})
	w = g.Get("Worker").New(g.Get("URL").Call("createObjectURL", blob))
	text := module.Get("textContent").String()
	dom.Go(func() {
		bytes, err := gunzip(strings.TrimSpace(text))
		if err != nil {
			p.do(func() { failed(err) })
			return
		}
		w.Call("postMessage", map[string]any{"type": "module", "bytes": bytes}, []any{bytes})
	})
	return w, nil
}

// gunzip decodes base64 text and decompresses it with the browser's
// DecompressionStream, into an ArrayBuffer. It blocks: call it from
// dom.Go.
func gunzip(b64 string) (js.Value, error) {
	gz, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return js.Value{}, err
	}
	g := dom.Global()
	if g.Get("DecompressionStream").Type() != js.TypeFunction {
		return js.Value{}, errors.New("this browser cannot decompress it (no DecompressionStream)")
	}
	u := g.Get("Uint8Array").New(len(gz))
	js.CopyBytesToJS(u, gz)
	stream := g.Get("Blob").New([]any{u}).Call("stream").Call("pipeThrough", g.Get("DecompressionStream").New("gzip"))
	return dom.Await(g.Get("Response").New(stream).Call("arrayBuffer"))
}
