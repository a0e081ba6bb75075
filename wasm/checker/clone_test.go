//go:build js && wasm

package checker

import (
	"syscall/js"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// BenchmarkStepsAcross sends the steps of a window of view.WindowSteps
// steps from the worker's Go to the page's, as both sides do it, the
// two ways issue 26 weighed: view/msg's bytes (NewPart, one Uint8Array,
// ReadPart and every step read), and the browser's structured clone of
// JavaScript objects written and read a field at a time. Both cross
// structuredClone, as postMessage does. Run it under Node:
//
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./wasm/checker -run '^$' -bench StepsAcross
func BenchmarkStepsAcross(b *testing.B) {
	t, err := replay.Parse(longText(b), "long.http")
	if err != nil {
		b.Fatal(err)
	}
	steps := replay.Steps(t)
	p := view.Cut(t, steps, view.Lanes(steps), len(steps)/2)
	head := *p.Transcript
	head.Exchanges = nil // the steps alone, both ways
	p.Transcript = &head
	b.Logf("%d steps (window %d-%d)", len(p.Steps), p.First, p.Last)
	clone := js.Global().Get("structuredClone")
	b.Run("binary", func(b *testing.B) {
		for b.Loop() {
			sent := msg.NewPart(1, p, 0)
			w, err := msg.ReadPart(dom.Bytes(clone.Invoke(dom.Uint8Array(sent.Data))))
			if err != nil {
				b.Fatal(err)
			}
			got, err := w.Steps()
			if err != nil || len(got) != len(p.Steps) {
				b.Fatal(len(got), err)
			}
		}
	})
	b.Run("clone", func(b *testing.B) {
		for b.Loop() {
			a := js.Global().Get("Array").New()
			for i := range p.Steps {
				a.Call("push", stepObject(&p.Steps[i]))
			}
			c := clone.Invoke(a)
			got := make([]replay.Step, c.Length())
			for i := range got {
				readStepObject(c.Index(i), &got[i])
			}
			if len(got) != len(p.Steps) || got[3].ID != p.Steps[3].ID {
				b.Fatal("the steps did not come across")
			}
		}
	})
}

// stepObject writes a step as a JavaScript object, a field at a time.
func stepObject(s *replay.Step) js.Value {
	o := js.Global().Get("Object").New()
	for k, v := range map[string]any{
		"id": s.ID, "index": s.Index, "kind": string(s.Kind), "from": s.From, "to": s.To, "label": s.Label,
		"detail": s.Detail, "at": s.At.Format(time.RFC3339Nano), "exchange": s.Exchange, "frame": s.Frame,
		"method": s.Method, "event": s.Event, "taskId": s.TaskID, "contextId": s.ContextID, "state": s.State,
		"reports": s.Reports, "changed": s.Changed, "status": s.Status, "outOfBand": s.OutOfBand,
		"pair": s.Pair, "group": s.Group, "closed": s.Closed,
	} {
		o.Set(k, v)
	}
	if e := s.Error; e != nil {
		o.Set("error", map[string]any{"kind": e.Kind, "code": e.Code, "message": e.Message})
	}
	notes := make([]any, len(s.Notes))
	for i, n := range s.Notes {
		notes[i] = n
	}
	o.Set("notes", notes)
	return o
}

// readStepObject reads what stepObject wrote, a field at a time.
func readStepObject(o js.Value, s *replay.Step) {
	s.ID, s.Index, s.Kind = o.Get("id").String(), o.Get("index").Int(), replay.StepKind(o.Get("kind").String())
	s.From, s.To, s.Label, s.Detail = o.Get("from").String(), o.Get("to").String(), o.Get("label").String(), o.Get("detail").String()
	s.At, _ = time.Parse(time.RFC3339Nano, o.Get("at").String())
	s.Exchange, s.Frame = o.Get("exchange").Int(), o.Get("frame").Int()
	s.Method, s.Event, s.TaskID, s.ContextID = o.Get("method").String(), o.Get("event").String(), o.Get("taskId").String(), o.Get("contextId").String()
	s.State, s.Reports, s.Changed, s.Status = o.Get("state").String(), o.Get("reports").Bool(), o.Get("changed").Bool(), o.Get("status").Int()
	s.OutOfBand, s.Pair, s.Group, s.Closed = o.Get("outOfBand").Bool(), o.Get("pair").String(), o.Get("group").String(), o.Get("closed").String()
	if e := o.Get("error"); e.Type() == js.TypeObject {
		s.Error = &replay.StepError{Kind: e.Get("kind").String(), Code: e.Get("code").Int(), Message: e.Get("message").String()}
	}
	if n := o.Get("notes"); n.Length() > 0 {
		s.Notes = make([]string, n.Length())
		for i := range s.Notes {
			s.Notes[i] = n.Index(i).String()
		}
	}
}
