//go:build js && wasm

package checker

import (
	"fmt"
	"syscall/js"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// Run answers the worker's messages and never returns.
func Run() {
	self := js.Global()
	s := newServer(func(m map[string]any) { self.Call("postMessage", m) })
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

// answer checks one transcript.
func answer(name, text js.Value) (out map[string]any) {
	out = map[string]any{}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]any{"error": fmt.Sprint("internal error in the check: ", r)}
		}
	}()
	if name.Type() != js.TypeString || text.Type() != js.TypeString {
		return map[string]any{"error": "a check takes {id, name, text}"}
	}
	t, err := replay.ParseString(text.String(), name.String())
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	out["findings"] = findings(t, replay.Steps(t))
	return out
}

// findings returns what check.Check finds in t, on their steps, as the
// page reads them: one Uint8Array (view.AppendFindings).
func findings(t *replay.Transcript, steps []replay.Step) js.Value {
	found := check.Check(t)
	fs := make([]view.Finding, len(found))
	for i, step := range check.StepsOf(found, steps) {
		fs[i] = view.Finding{Step: step, Text: found[i].String()}
	}
	b := view.AppendFindings(nil, fs)
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}
