// live-worker.js runs the live module (live.wasm, built from cmd/live)
// in a Web Worker, so the agents' work never blocks the page. It starts
// with worker-start.js (startGoWorker), which the site builder puts
// before it.
//
//   const w = new Worker("live-worker.js");          // or "live-worker.js?wasm=…&exec=…"
//   w.postMessage(bytes);                             // a command: package live/panel's Request, encoded
//   w.onmessage = (e) => { … e.data is a Uint8Array: a panel.Reply, Delta, State, Ready or Failure };
//
// The messages are Go types of package live/panel, written and read by
// Go on both sides (panel.Encode, panel.Decode), versioned: this script
// only carries them. Its own failures to load the module are the one
// exception, posted as objects, {type: "error", error: "…"}. Commands
// posted before the module has started are kept, in self.livePending,
// where the module reads them once it runs; it posts panel.Ready when
// it listens.
"use strict";

self.livePending = [];
startGoWorker("live", "live.wasm", (e) => self.livePending.push(e.data), () => {});
