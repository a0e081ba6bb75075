// loader.js starts the replay viewer. The page already shows a diagram
// rendered when the site was built; this compiles the viewer's
// WebAssembly, runs it, and the viewer takes the page over.
//
// The served site fetches the module named in the page's data block. The
// offline page carries it inline, gzipped and base64-encoded, because a
// page opened from disk may not fetch.
(function () {
	"use strict";

	function fail(msg) {
		var banner = document.getElementById("banner");
		var text = document.getElementById("banner-text");
		if (banner && text) {
			text.textContent = msg;
			banner.hidden = false;
		}
		if (window.console) console.error(msg);
	}

	var data;
	try {
		data = JSON.parse(document.getElementById("a2aplay-data").textContent);
	} catch (e) {
		fail("The page is damaged: its data block does not parse.");
		return;
	}
	if (typeof WebAssembly !== "object" || typeof Go !== "function" && !data.wasmExec) {
		fail("This browser cannot run WebAssembly, so the diagram stays as it is: stepping needs it.");
		return;
	}

	async function inlineModule(el) {
		var bin = atob(el.textContent.trim());
		var bytes = new Uint8Array(bin.length);
		for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
		if (data.wasmEncoding !== "gzip") return bytes;
		if (typeof DecompressionStream !== "function") {
			throw new Error("this browser cannot decompress the inline module (no DecompressionStream)");
		}
		var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
		return new Uint8Array(await new Response(stream).arrayBuffer());
	}

	// Go's glue, wasm_exec.js: the offline page carries it; the served
	// page names it in its data block, and it is loaded with the module,
	// after the first paint, so that evaluating it does not delay that.
	function glue() {
		if (typeof Go === "function") return Promise.resolve();
		return new Promise(function (resolve, reject) {
			var s = document.createElement("script");
			s.src = data.wasmExec;
			s.onload = resolve;
			s.onerror = function () { reject(new Error(data.wasmExec + " could not be loaded")); };
			document.head.appendChild(s);
		});
	}

	async function instantiate() {
		var go;
		var inline = document.getElementById("a2aplay-wasm");
		if (inline) {
			go = new Go();
			return {go: go, result: await WebAssembly.instantiate(await inlineModule(inline), go.importObject)};
		}
		var module = fetch(data.wasm); // on its way while the glue loads
		module.catch(function () {}); // a failure is instantiateStreaming's to report
		await glue();
		go = new Go();
		if (WebAssembly.instantiateStreaming) {
			try {
				return {go: go, result: await WebAssembly.instantiateStreaming(module, go.importObject)};
			} catch (e) {
				// A server that sends the wrong MIME type: compile from bytes.
			}
		}
		var resp = await fetch(data.wasm);
		if (!resp.ok) throw new Error(data.wasm + ": " + resp.status + " " + resp.statusText);
		return {go: go, result: await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)};
	}

	async function start() {
		performance.mark("a2aplay-wasm-fetch");
		var started = await instantiate();
		var go = started.go, result = started.result;
		performance.mark("a2aplay-wasm-compiled");
		go.run(result.instance).then(function () {
			fail("The viewer stopped. Reload the page to start it again.");
		});
	}

	// Let the browser paint the pre-rendered diagram first, and put it on
	// screen: fetching and compiling the module compete with its paint,
	// raster and display for the processor. The first contentful paint's
	// entry comes once the frame is displayed; a browser without paint
	// timing starts after its first frame's paint (a task queued from an
	// animation frame's callback runs after that paint). A hidden tab
	// paints nothing, so it starts at once, or as soon as it is hidden.
	// (Only a long timer as well: a short one races the first paint on a
	// busy machine and can start compiling before it.)
	var started = false;
	function go() {
		if (started) return;
		started = true;
		document.removeEventListener("visibilitychange", onHidden);
		start().catch(function (e) {
			fail("The viewer could not start: " + (e && e.message ? e.message : e));
		});
	}
	function onHidden() {
		if (document.hidden) go();
	}
	function painted() {
		var types = typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes;
		if (!types || types.indexOf("paint") < 0) return false;
		var obs = new PerformanceObserver(function (list) {
			if (list.getEntriesByName("first-contentful-paint").length) {
				obs.disconnect();
				setTimeout(go, 0);
			}
		});
		obs.observe({type: "paint", buffered: true});
		setTimeout(go, 5000);
		return true;
	}
	if (document.hidden) {
		go();
	} else {
		document.addEventListener("visibilitychange", onHidden);
		if (!painted()) requestAnimationFrame(function () { setTimeout(go, 0); });
	}
})();
