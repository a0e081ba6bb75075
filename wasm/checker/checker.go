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
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		msg := args[0].Get("data")
		id := msg.Get("id")
		post := func(m map[string]any) {
			m["id"] = id
			self.Call("postMessage", m)
		}
		switch op := msg.Get("op"); {
		case op.Type() != js.TypeString:
			self.Call("postMessage", answer(id, msg.Get("name"), msg.Get("text")))
		default:
			serve(op.String(), msg, post)
		}
		return nil
	})
	self.Set("onmessage", onMessage)
	self.Call("postMessage", map[string]any{"ready": true})
	warmUp()
	select {}
}

// answer checks one transcript.
func answer(id, name, text js.Value) (out map[string]any) {
	out = map[string]any{"id": id}
	defer func() {
		if r := recover(); r != nil {
			out["error"] = fmt.Sprint("internal error in the check: ", r)
		}
	}()
	if name.Type() != js.TypeString || text.Type() != js.TypeString {
		out["error"] = "a check takes {id, name, text}"
		return out
	}
	t, err := replay.ParseString(text.String(), name.String())
	if err != nil {
		out["error"] = err.Error()
		return out
	}
	steps := replay.Steps(t)
	fs := []any{}
	for _, f := range check.Check(t) {
		fs = append(fs, map[string]any{"step": check.StepOf(f, steps), "text": f.String()})
	}
	out["findings"] = fs
	return out
}
