//go:build js && wasm

// Command livedriver lets the live worker's browser test
// (test/live_worker_test.go) speak package panel's messages from
// JavaScript: it turns a command named by its op, with its arguments as
// JSON (named by the types' json tags), into the bytes the page would
// post, and a message of the worker into JSON. It is built only by that
// test, never shipped.
//
//	liveWire.request(id, op, argsJSON) -> Uint8Array, or a string saying what is wrong
//	liveWire.decode(Uint8Array)        -> JSON: {id, op, result} | {id, op, error} | {type, …}
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
)

func request(id int, op, args string) ([]byte, error) {
	c := panel.CommandOf(op)
	if c == nil {
		return nil, fmt.Errorf("no command %q", op)
	}
	p := reflect.New(reflect.TypeOf(c))
	d := json.NewDecoder(bytes.NewReader([]byte(args)))
	d.DisallowUnknownFields()
	if err := d.Decode(p.Interface()); err != nil {
		return nil, fmt.Errorf("%s: bad args: %w", op, err)
	}
	return panel.Encode(&panel.Request{ID: id, Command: p.Elem().Interface().(panel.Command)}), nil
}

func decode(b []byte) (any, error) {
	m, err := panel.Decode(b)
	if err != nil {
		return nil, err
	}
	switch m := m.(type) {
	case *panel.Reply:
		if m.Error != "" {
			return map[string]any{"id": m.ID, "op": m.Op, "error": m.Error}, nil
		}
		return map[string]any{"id": m.ID, "op": m.Op, "result": m.Result}, nil
	case *panel.Delta:
		return map[string]any{"type": "delta", "exchanges": m.Exchanges, "steps": m.From + len(m.Steps), "changed": len(m.Changed)}, nil
	case *panel.State:
		return map[string]any{"type": "state", "state": m.Snapshot}, nil
	case *panel.Ready:
		return map[string]any{"type": "ready", "goroutines": m.Goroutines}, nil
	case *panel.Failure:
		return map[string]any{"type": "error", "error": m.Error}, nil
	}
	return nil, fmt.Errorf("the worker sent a %T", m)
}

func main() {
	u8 := js.Global().Get("Uint8Array")
	js.Global().Set("liveWire", map[string]any{
		"request": js.FuncOf(func(_ js.Value, a []js.Value) any {
			b, err := request(a[0].Int(), a[1].String(), a[2].String())
			if err != nil {
				return err.Error() // a string, where the bytes were expected
			}
			out := u8.New(len(b))
			js.CopyBytesToJS(out, b)
			return out
		}),
		"decode": js.FuncOf(func(_ js.Value, a []js.Value) any {
			b := make([]byte, a[0].Length())
			js.CopyBytesToGo(b, a[0])
			v, err := decode(b)
			if err != nil {
				v = map[string]any{"type": "error", "error": "the test's driver cannot read the worker's message: " + err.Error()}
			}
			j, err := json.Marshal(v)
			if err != nil {
				j, _ = json.Marshal(map[string]any{"type": "error", "error": err.Error()})
			}
			return string(j)
		}),
	})
	select {}
}
