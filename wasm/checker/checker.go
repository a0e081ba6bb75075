//go:build js && wasm

package checker

import (
	"fmt"
	"syscall/js"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
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
	steps := replay.Steps(t)
	fs := []any{}
	for _, f := range check.Check(t) {
		fs = append(fs, map[string]any{"step": check.StepOf(f, steps), "text": f.String()})
	}
	out["findings"] = fs
	return out
}
