// check-worker.js runs the check module (check.wasm, built from
// cmd/check) in a Web Worker: the spec's checks on a file the
// learner opened or a live session, off the page's thread and out of the
// viewer's module. It starts with worker-start.js (startGoWorker), which
// the site builder puts before it.
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
"use strict";

(() => {
	const pending = [];
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
	startGoWorker("check", "check.wasm", (e) => {
		startReading(e);
		pending.push(e);
	}, () => {
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
	});
})();
