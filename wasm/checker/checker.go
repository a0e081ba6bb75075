//go:build js && wasm

package checker

import (
	"syscall/js"

	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// Run answers the worker's messages and never returns.
func Run() {
	self := js.Global()
	s := newServer(func(m any) { self.Call("postMessage", toJS(m)) })
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			s.take(args[0].Get("data"))
		}
		return nil
	})
	self.Set("onmessage", onMessage)
	go s.run()
	self.Call("postMessage", map[string]any{"ready": true})
	warmUp()
	select {}
}

// toJS makes an answer (package msg) the object the worker posts:
// {m: its bytes}, and beside them a part's drawing, {svg, more}.
func toJS(m any) js.Value {
	switch m := m.(type) {
	case *msg.Part:
		more := make([]any, len(m.More))
		for i, v := range m.More {
			more[i] = v
		}
		return js.ValueOf(map[string]any{"m": dom.Uint8Array(m.Data), "svg": m.SVG, "more": more})
	case *msg.Whole:
		return js.ValueOf(map[string]any{"m": dom.Uint8Array(msg.EncodeWhole(m))})
	}
	return js.ValueOf(map[string]any{"m": dom.Uint8Array(msg.EncodeAnswer(m))})
}
