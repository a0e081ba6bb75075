//go:build js && wasm

package checker

import (
	"context"
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

// answer checks one transcript and posts its findings, or an error.
func answer(name, text js.Value, post func(map[string]any)) {
	if name.Type() != js.TypeString || text.Type() != js.TypeString {
		post(map[string]any{"error": "a check takes {id, name, text}"})
		return
	}
	t, err := replay.ParseString(text.String(), name.String())
	if err != nil {
		post(map[string]any{"error": err.Error()})
		return
	}
	fs, err := findings(t, replay.Steps(t), nil)
	if err != nil {
		post(map[string]any{"error": err.Error()})
		return
	}
	postFindings(fs, post)
}

// findingsPerMessage bounds the findings one message carries: the page
// takes in each message in a task of its own, and the 55,556 findings
// of a file of 100,000 exchanges in one took it well over 100 ms.
var findingsPerMessage = 4000

// findings returns what check.Check finds in t, on their steps, as the
// page reads them: Uint8Arrays (view.AppendFindings) of at most
// findingsPerMessage findings each; there is always one. The check
// calls yield, when set, as it goes (check.Options.Yield), and stops
// with its error.
func findings(t *replay.Transcript, steps []replay.Step, yield func() error) ([]js.Value, error) {
	r, err := check.Run(context.Background(), t, check.Options{Yield: yield})
	if err != nil {
		return nil, err
	}
	found := r.Findings
	fs := make([]view.Finding, len(found))
	for i, step := range check.StepsOf(found, steps) {
		fs[i] = view.Finding{Step: step, Text: found[i].String()}
	}
	var out []js.Value
	var b []byte
	for start := 0; start == 0 || start < len(fs); start += findingsPerMessage {
		b = view.AppendFindings(b[:0], fs[start:min(start+findingsPerMessage, len(fs))])
		a := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(a, b)
		out = append(out, a)
	}
	return out, nil
}

// postFindings posts the findings, a message each, all but the last
// with more: true.
func postFindings(fs []js.Value, post func(map[string]any)) {
	for i, a := range fs {
		m := map[string]any{"findings": a}
		if i < len(fs)-1 {
			m["more"] = true
		}
		post(m)
	}
}
