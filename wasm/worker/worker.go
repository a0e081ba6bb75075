//go:build js && wasm

package worker

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/live"
	"github.com/a2aplay/a2aplay/live/panel"
)

// Run serves live sessions to the page and never returns.
func Run() {
	// The browser's offset would leak into every timestamp the agents
	// write; A2A wants UTC with "Z" (§5.6.1).
	time.Local = time.UTC

	self := js.Global()
	u8 := self.Get("Uint8Array")
	// post sends one message as a Uint8Array whose buffer it hands over.
	post := func(msg []byte) {
		defer func() {
			if v := recover(); v != nil {
				self.Get("console").Call("error", fmt.Sprintf("live worker: posting a message failed: %v", v))
			}
		}()
		a := u8.New(len(msg))
		js.CopyBytesToJS(a, msg)
		self.Call("postMessage", a, []any{a.Get("buffer")})
	}
	h := live.NewHost(live.HostConfig{Post: post})

	// handle must never block: Host.Handle reads the command and runs it
	// in a goroutine of its own.
	handle := func(data js.Value) {
		if !data.InstanceOf(u8) {
			// Not panel's bytes: a page of an older site, which posted
			// objects.
			post(panel.Encode(&panel.Failure{Error: "live worker: the page sent an object, not a command's bytes: " + panel.ErrVersion.Error()}))
			return
		}
		b := make([]byte, data.Length())
		js.CopyBytesToGo(b, data)
		h.Handle(b)
	}
	onMessage := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) > 0 {
			handle(args[0].Get("data"))
		}
		return nil
	})
	self.Set("onmessage", onMessage)

	// Commands the page sent while the module was loading.
	if q := self.Get("livePending"); q.Type() == js.TypeObject {
		for i := 0; i < q.Length(); i++ {
			handle(q.Index(i))
		}
		self.Delete("livePending")
	}
	h.Ready()
	select {}
}
