// live-worker.js runs the live module (live.wasm, built from cmd/live)
// in a Web Worker, so the agents' work never blocks the page.
//
//   const w = new Worker("live-worker.js");          // or "live-worker.js?wasm=…&exec=…"
//   w.postMessage(bytes);                             // a command: package live/panel's Request, encoded
//   w.onmessage = (e) => { … e.data is a Uint8Array: a panel.Reply, Delta, State, Ready or Failure };
//
// The messages are Go types of package live/panel, written and read by
// Go on both sides (panel.Encode, panel.Decode), versioned: this script
// only carries them. Its own failures to load the module are the one
// exception, posted as objects, {type: "error", error: "…"}. Commands
// posted before the module has started are kept and run once it has;
// the module posts panel.Ready when it listens.
//
// The offline page, opened from disk, can fetch nothing: it starts this
// worker from a blob: URL whose script is wasm_exec.js followed by this
// file, and posts the module's bytes as the first message,
// {type: "module", bytes: ArrayBuffer}.
"use strict";

(() => {
	const params = new URLSearchParams(self.location.search);
	const wasmURL = params.get("wasm") || "live.wasm";
	const execURL = params.get("exec") || "wasm_exec.js";
	const inline = self.location.protocol === "blob:";

	// Until Go installs its own handler, keep what arrives.
	let gotModule;
	const posted = new Promise((resolve) => { gotModule = resolve; });
	self.livePending = [];
	self.onmessage = (e) => {
		if (inline && e.data && e.data.type === "module") {
			gotModule(e.data.bytes);
			return;
		}
		self.livePending.push(e.data);
	};

	const fail = (what, err) => {
		self.postMessage({ type: "error", error: `live worker: ${what}: ${err && err.message ? err.message : err}` });
	};

	if (typeof Go !== "function") {
		try {
			importScripts(execURL);
		} catch (err) {
			fail(`loading ${execURL}`, err);
			return;
		}
	}
	const go = new Go();
	go.exit = (code) => fail("the Go program exited", `code ${code}`);

	const start = (result) => go.run(result.instance);
	const instantiate = async () => {
		if (inline) {
			return WebAssembly.instantiate(await posted, go.importObject);
		}
		const resp = await fetch(wasmURL);
		if (!resp.ok) {
			throw new Error(`${wasmURL}: HTTP ${resp.status}`);
		}
		if (WebAssembly.instantiateStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
			return WebAssembly.instantiateStreaming(resp, go.importObject);
		}
		return WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
	};
	instantiate().then(start, (err) => fail(`loading ${wasmURL}`, err));
})();
