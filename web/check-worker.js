// check-worker.js runs the check module (check.wasm, built from
// cmd/check) in a Web Worker: the spec's checks on a file the
// learner opened or a live session, off the page's thread and out of the
// viewer's module.
//
//   const w = new Worker("check-worker.js?wasm=…&exec=…");
//   w.postMessage({m: Uint8Array});  // a request, package view/msg's encoding
//   w.onmessage = (e) => { … e.data is {m: Uint8Array} (an answer) | {ready} | {type: "error", error} };
//
// The messages are Go types (package view/msg), encoded by the page and
// the module; this script reads none of them. An open carries the file
// beside its bytes, {m, data: File}.
//
// Checks posted before the module has started are kept and run once it
// has.
//
// The offline page, opened from disk, can fetch nothing: it starts this
// worker from a blob: URL whose script is wasm_exec.js followed by this
// file, and posts the module's bytes as the first message,
// {type: "module", bytes: ArrayBuffer}.
"use strict";

(() => {
	const params = new URLSearchParams(self.location.search);
	const wasmURL = params.get("wasm") || "check.wasm";
	const execURL = params.get("exec") || "wasm_exec.js";
	const inline = self.location.protocol === "blob:";
	const pending = [];
	let gotModule;
	const posted = new Promise((resolve) => { gotModule = resolve; });
	// A file to open comes as the File the learner picked: it is read
	// here, off the page's thread, as soon as it comes (while the module
	// may still be starting), into the ArrayBuffer the module takes.
	const reading = new WeakMap(); // message event -> Promise of {buf} or {err}
	const startReading = (e) => {
		const m = e.data;
		if (m && m.data instanceof Blob && !reading.has(e)) {
			reading.set(e, m.data.arrayBuffer().then((buf) => ({ buf }), (err) => ({ err })));
		}
	};
	self.onmessage = (e) => {
		if (inline && e.data && e.data.type === "module") {
			gotModule(e.data.bytes);
			return;
		}
		startReading(e);
		pending.push(e);
	};
	const fail = (what, err) => {
		self.postMessage({ type: "error", error: `check worker: ${what}: ${err && err.message ? err.message : err}` });
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
	(async () => {
		if (inline) {
			return WebAssembly.instantiate(await posted, go.importObject);
		}
		const resp = await fetch(wasmURL);
		if (!resp.ok) throw new Error(`${wasmURL}: HTTP ${resp.status}`);
		// Compiled as it arrives, and the compiled code is cached with
		// the response: a second worker starts without compiling again.
		if (WebAssembly.instantiateStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
			return WebAssembly.instantiateStreaming(resp, go.importObject);
		}
		const bytes = await resp.arrayBuffer();
		return WebAssembly.instantiate(bytes, go.importObject);
	})().then((result) => {
		go.run(result.instance); // sets self.onmessage before it returns to us
		// Messages are handed over in the order they came, a file once
		// it is read.
		const toGo = self.onmessage;
		const take = async (e) => {
			const m = e.data;
			if (reading.has(e)) {
				const { buf, err } = await reading.get(e);
				reading.delete(e);
				if (err) {
					toGo({ data: { ...m, data: null, readError: `${err && err.message ? err.message : err}` } });
					return;
				}
				toGo({ data: { ...m, data: buf } });
				return;
			}
			toGo(e);
		};
		let queue = Promise.resolve();
		self.onmessage = (e) => {
			startReading(e);
			queue = queue.then(() => take(e));
		};
		for (const e of pending.splice(0)) self.onmessage(e);
	}, (err) => fail(`loading ${wasmURL}`, err));
})();
