//go:build js && wasm

package worker

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/live"
)

// Run serves live sessions to the page and never returns.
func Run() {
	// The browser's offset would leak into every timestamp the agents
	// write; A2A wants UTC with "Z" (§5.6.1).
	time.Local = time.UTC

	self := js.Global()
	jsonObj := self.Get("JSON")
	post := func(msg []byte) {
		defer func() {
			if v := recover(); v != nil {
				self.Get("console").Call("error", fmt.Sprintf("live worker: posting a message failed: %v", v))
			}
		}()
		self.Call("postMessage", jsonObj.Call("parse", string(msg)))
	}
	h := live.NewHost(live.HostConfig{Post: post})

	// handle must never block: Host.Handle parses the command and runs it
	// in a goroutine of its own.
	handle := func(data js.Value) {
		defer func() {
			if v := recover(); v != nil {
				post([]byte(fmt.Sprintf(`{"type":"error","error":%q}`, fmt.Sprint("live worker: a message could not be read: ", v))))
			}
		}()
		var text string
		if data.Type() == js.TypeString {
			text = data.String()
		} else {
			text = jsonObj.Call("stringify", data).String()
		}
		h.Handle([]byte(text))
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
	post([]byte(fmt.Sprintf(`{"type":"ready","goroutines":%d}`, live.Goroutines())))
	select {}
}
