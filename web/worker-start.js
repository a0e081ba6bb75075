// worker-start.js is the start the live and the check workers share
// (live-worker.js, check-worker.js): the site builder puts it before
// each worker's own script (web.WorkerScript), served and inline alike,
// so that a worker is one script and one request.
//
// startGoWorker(name, wasm, keep, started) loads wasm_exec.js when it is
// not there yet (the URL's ?exec=), then the module (?wasm=, else
// wasm): fetched and compiled as it arrives, or, in the offline page's
// worker (started from a blob: URL, where nothing can be fetched), from
// the bytes the page posts first, {type: "module", bytes: ArrayBuffer}.
// Until the module runs, every other message goes to keep(e); once
// go.run has returned (the module has set its own self.onmessage),
// started() is called. A failure is posted as {type: "error", error:
// "NAME worker: …"}, the one message that is not the module's.
"use strict";

function startGoWorker(name, wasm, keep, started) {
	const params = new URLSearchParams(self.location.search);
	const wasmURL = params.get("wasm") || wasm;
	const execURL = params.get("exec") || "wasm_exec.js";
	const inline = self.location.protocol === "blob:";
	let gotModule;
	const posted = new Promise((resolve) => { gotModule = resolve; });
	self.onmessage = (e) => {
		if (inline && e.data && e.data.type === "module") {
			gotModule(e.data.bytes);
			return;
		}
		keep(e);
	};
	const fail = (what, err) => {
		self.postMessage({ type: "error", error: `${name} worker: ${what}: ${err && err.message ? err.message : err}` });
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
		if (!resp.ok) {
			throw new Error(`${wasmURL}: HTTP ${resp.status}`);
		}
		// Compiled as it arrives, and the compiled code is cached with
		// the response: a second worker starts without compiling again.
		if (WebAssembly.instantiateStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
			return WebAssembly.instantiateStreaming(resp, go.importObject);
		}
		return WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
	})().then((result) => {
		go.run(result.instance); // sets self.onmessage before it returns to us
		started();
	}, (err) => fail(`loading ${wasmURL}`, err));
}
