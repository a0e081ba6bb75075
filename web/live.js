// live.js is the Live panel of the playground: the learner plays the
// client (and, in a panel drawn apart, the operator) against real A2A
// agents. The viewer (wasm/viewer/live.go) loads this file when Live
// first opens and calls
//
//   a2aplayLive.start(panel, {worker, inline, scenario})
//   a2aplayLive.visible(on, scenario)
//
// The agents run in a Web Worker (live-worker.js, live.wasm): the page
// never waits for them. The worker speaks the protocol documented in the
// Go package live: commands {id, op, args}, replies {id, result|error},
// updates {type: "transcript"|"state"|"ready"|"error"}. Each transcript
// goes to the viewer (a2aplay.liveDraw), which draws it like a replay.
//
// Everything an agent or a transcript says is set as text, never markup.
"use strict";

(() => {
	const viewer = () => window.a2aplay || {};

	// h builds an element: h("p", {class: "x"}, "text", child, ...). Strings
	// become text nodes; attributes are set one by one, never as markup.
	const h = (tag, attrs, ...kids) => {
		const e = document.createElement(tag);
		for (const [k, v] of Object.entries(attrs || {})) {
			if (v === false || v === null || v === undefined) continue;
			if (k === "class") e.className = v;
			else if (k === "text") e.textContent = v;
			else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
			else if (k === "value") e.value = v;
			else e.setAttribute(k, v === true ? "" : String(v));
		}
		add(e, kids);
		return e;
	};
	const add = (e, kids) => {
		for (const k of kids.flat()) {
			if (k === null || k === undefined || k === false) continue;
			e.append(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
		}
		return e;
	};
	// short writes an id as the diagram does (replay.ShortID): its first 8
	// characters, or the last 8 of a version 7 UUID, whose first ones are
	// the time and so alike for every task of a session.
	const uuid7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
	const short = (id) => (!id ? "" : uuid7.test(id) ? id.slice(-8) : id.length > 8 ? id.slice(0, 8) : id);
	const shortState = (s) => (s || "").replace(/^TASK_STATE_/, "");
	const cssState = (s) => (/^[A-Z_]+$/.test(s || "") ? s : "other");
	const chip = (state) => h("span", {class: "state st-" + cssState(state), title: state}, shortState(state) || "?");
	const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;
	// says quotes what an agent said, edged in the colour of the state it
	// said it in.
	const says = (text, state) => h("blockquote", {class: "lv-says " + ({TASK_STATE_INPUT_REQUIRED: "input", TASK_STATE_AUTH_REQUIRED: "auth"}[state] || "")}, text);

	const SAMPLE_BUILD = "2026.10.06-1";
	const SAMPLE_ENV = "staging";
	const KIT = ["http://localhost:41241", "http://localhost:41242", "http://localhost:41243"];
	const SCENARIOS = [
		["review", "Answer", "1. The code-reviewer asks a question: INPUT_REQUIRED"],
		["deploy", "Approve", "2. The deployer waits for an operator: AUTH_REQUIRED"],
		["planner", "Planner", "3. The planner passes both states up to you"],
		["try", "Try more", "4. Moves off the happy path, and what the wire really says"],
	];

	// The worker and its replies.
	const W = {
		w: null, next: 0, pending: new Map(), ready: false,
		call(op, args) {
			return new Promise((resolve, reject) => {
				if (!this.w) {
					reject(new Error("the live worker is not running"));
					return;
				}
				const id = ++this.next;
				this.pending.set(id, {resolve, reject});
				this.w.postMessage({id, op, args: args || {}});
			});
		},
	};

	// S is the panel's state.
	const S = {
		el: {}, cfg: null, scenario: "review", visible: false,
		mode: "offline", binding: "JSONRPC",
		snap: null, open: false, closed: false, opening: false,
		before: null, after: null, exchanges: 0, transcript: "",
		review: null, plan: null, deploys: [], decided: new Map(),
	};

	// start builds the panel into el and starts the worker.
	function start(el, cfg) {
		S.cfg = cfg || {};
		S.scenario = S.cfg.scenario || "review";
		build(el);
		try {
			W.w = makeWorker(S.cfg);
		} catch (e) {
			status(`The agents' worker could not start: ${e.message || e}`, "error");
			return;
		}
		W.w.onmessage = (e) => receive(e.data);
		W.w.onerror = (e) => status(`The agents' worker failed: ${e.message || "an error without a message"}. Reload the page to try again.`, "error");
		status("Loading the agents (a second WebAssembly module, about 2 MB)…", "busy");
		// Counted before any session, to compare with after "End session".
		W.call("stats").then((r) => { S.before = r.goroutines; paintFoot(); }, () => {});
		openSession({mode: "offline"});
	}

	// makeWorker starts the worker from its URL, or on the offline page
	// from a blob: URL, posting it the inline module.
	function makeWorker(cfg) {
		if (!cfg.inline) return new Worker(cfg.worker);
		const src = document.getElementById("a2aplay-live-worker");
		const mod = document.getElementById("a2aplay-live-wasm");
		if (!src || !mod) throw new Error("the page carries no live module");
		const url = URL.createObjectURL(new Blob([src.textContent], {type: "text/javascript"}));
		const w = new Worker(url);
		(async () => {
			const bin = atob(mod.textContent.trim());
			const gz = new Uint8Array(bin.length);
			for (let i = 0; i < bin.length; i++) gz[i] = bin.charCodeAt(i);
			const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
			const bytes = await new Response(stream).arrayBuffer();
			w.postMessage({type: "module", bytes}, [bytes]);
		})().catch((e) => status(`The inline live module could not be read: ${e.message || e}`, "error"));
		return w;
	}

	function receive(m) {
		if (m && m.id !== undefined && W.pending.has(m.id)) {
			const p = W.pending.get(m.id);
			W.pending.delete(m.id);
			if (m.error !== undefined) p.reject(new Error(m.error));
			else p.resolve(m.result);
			return;
		}
		switch (m && m.type) {
		case "ready":
			W.ready = true;
			break;
		case "transcript":
			if (typeof m.text === "string") {
				if (m.text === S.transcript) break; // nothing new to draw
				S.transcript = m.text;
				S.exchanges = m.exchanges || 0;
				const r = viewer().liveDraw ? viewer().liveDraw(m.text) : null;
				if (r && r.error) status(`The session's transcript does not parse: ${r.error}`, "error");
			} else if (m.error) {
				status(`The session could not be recorded: ${m.error}`, "error");
			}
			break;
		case "state":
			S.snap = m.state;
			paint();
			break;
		default:
			status(`The agents' worker says: ${(m && m.error) || JSON.stringify(m)}` +
				(W.ready ? "" : ". Reload the page to try again; if it goes on, rebuild the site (./build.sh serve)."), "error");
		}
	}

	// openSession opens an offline or a remote session; the worker closes
	// the one before.
	async function openSession(args) {
		S.mode = args.mode;
		S.opening = true;
		S.review = S.plan = null;
		S.deploys = [];
		S.decided.clear();
		S.after = null;
		clearLogs();
		paint();
		try {
			if (S.open || S.closed) {
				const st = await W.call("stats");
				S.before = st.goroutines;
			}
			if (viewer().liveReset) viewer().liveReset();
			const snap = await W.call("open", args);
			S.snap = snap;
			S.open = true;
			S.closed = false;
			S.mode = snap.mode;
			const names = (snap.agents || []).map((a) => a.name).join(", ");
			if (snap.mode === "remote") {
				status(`Connected: ${names}. Requests go from this page to the agents through the browser's fetch.`, "ok");
			} else {
				status(`Ready: ${names} run in a Web Worker of this page. Nothing leaves your browser.`, "ok");
			}
		} catch (e) {
			S.open = false;
			status(args.mode === "remote" ? remoteHelp(e.message) : `The session could not open: ${e.message}`, "error");
		}
		S.opening = false;
		paint();
	}

	function remoteHelp(msg) {
		return `Could not read the agents' cards: ${msg}. ` +
			"Is the agent running, and does it allow CORS? The kit does: run a2aplay agents. " +
			"The served page may only fetch the origins its Content-Security-Policy names (a2aplay serve -connect-src).";
	}

	// The panel.

	function build(root) {
		root.replaceChildren();
		const e = S.el;
		e.root = root;

		e.status = h("p", {class: "lv-status busy", role: "status", "aria-live": "polite"});
		const where = h("div", {class: "lv-seg", role: "group", "aria-label": "Where the agents run"},
			e.offline = h("button", {type: "button", id: "lv-offline", "aria-pressed": "true", onclick: () => { if (S.mode !== "offline" || !S.open) openSession({mode: "offline"}); }}, "In this page"),
			// The offline page's policy allows no connection: it says so
			// instead of offering a form whose every fetch must fail.
			e.remote = h("button", {type: "button", id: "lv-remote", "aria-pressed": "false",
				disabled: !!S.cfg.inline, title: S.cfg.inline ? "The offline page reaches no network (its policy allows no connection): serve the playground to drive remote agents" : null,
				onclick: () => { e.remoteForm.hidden = false; e.url.focus(); paint(); }}, "Remote agent"));
		e.url = h("input", {type: "text", id: "lv-url", spellcheck: "false", autocomplete: "off", value: KIT.join(" "), "aria-label": "Agent base URLs, separated by spaces"});
		e.remoteForm = h("form", {class: "lv-remote", hidden: true, onsubmit: (ev) => {
			ev.preventDefault();
			const urls = e.url.value.split(/[\s,]+/).filter(Boolean);
			if (urls.length === 0) {
				status("Give the base URL of an A2A v1.0 agent, like http://localhost:41242.", "error");
				return;
			}
			S.mode = "remote";
			openSession({mode: "remote", urls});
		}},
		h("label", {for: "lv-url"}, "Agent URLs (any A2A v1.0 agent that allows CORS; the kit: ", h("code", {}, "a2aplay agents"), ")"),
		h("div", {class: "lv-row"}, e.url, h("button", {type: "submit", class: "btn", id: "lv-connect"}, "Connect")));

		const binding = h("div", {class: "lv-seg lv-binding", role: "group", "aria-label": "Protocol binding"},
			h("span", {class: "lv-seg-label"}, "Binding"),
			...["JSONRPC", "HTTP+JSON"].map((b) => h("button", {type: "button", "data-binding": b, "aria-pressed": String(b === S.binding), onclick: () => { S.binding = b; paint(); }}, b === "JSONRPC" ? "JSON-RPC" : b)));
		e.bindingButtons = binding.querySelectorAll("button");

		const tabs = h("div", {class: "lv-tabs", role: "tablist", "aria-label": "Scenarios"},
			SCENARIOS.map(([id, label, title]) => h("button", {type: "button", role: "tab", id: "lv-tab-" + id, "data-scenario": id, "aria-controls": "lv-card-" + id, title, onclick: () => scenario(id, true)}, label)));
		e.tabs = tabs.querySelectorAll("button");
		// The tabs' own keys (WAI-ARIA tabs): the arrows, Home and End move
		// to a tab and open its card; they do not step the diagram.
		tabs.addEventListener("keydown", (ev) => {
			const list = [...e.tabs], i = list.indexOf(document.activeElement);
			if (i < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
			const to = {ArrowRight: (i + 1) % list.length, ArrowLeft: (i + list.length - 1) % list.length, Home: 0, End: list.length - 1}[ev.key];
			if (to === undefined) return;
			ev.preventDefault();
			ev.stopPropagation();
			list[to].focus();
			scenario(list[to].dataset.scenario, true);
		});

		e.cards = {review: reviewCard(), deploy: deployCard(), planner: plannerCard(), try: tryCard()};
		e.operator = operatorPanel();
		e.tasks = h("div", {class: "lv-tasklist"});
		e.foot = footer();

		add(root, [
			h("div", {class: "lv-head"},
				h("h2", {}, "Live: you are the client"),
				h("p", {class: "lv-lede"}, "Each button sends a real A2A request to real agents. The diagram draws the session as it happens; step through it and read every request in the inspector."),
				h("div", {class: "lv-row lv-where"}, where, binding),
				e.remoteForm,
				e.status),
			tabs,
			Object.values(e.cards),
			e.operator,
			h("details", {class: "lv-box lv-state", open: true}, h("summary", {}, "Tasks and streams"), e.tasks),
			e.foot,
		]);
		scenario(S.scenario, false);
		paint();
	}

	// A step of a card: a heading, a text, controls, and the log its
	// results go to.
	function step(n, title, text, ...controls) {
		const log = h("div", {class: "lv-log", "aria-live": "polite"});
		const el = h("div", {class: "lv-step"},
			h("h4", {}, h("span", {class: "lv-n"}, n), title),
			text ? h("p", {class: "lv-text"}, text) : null,
			controls.length ? h("div", {class: "lv-controls"}, controls) : null,
			log);
		el.log = log;
		return el;
	}

	function card(id, title, lede, ...steps) {
		return h("section", {class: "lv-card", id: "lv-card-" + id, "data-scenario": id, role: "tabpanel", "aria-labelledby": "lv-tab-" + id, hidden: true},
			h("h3", {}, title), h("p", {class: "lv-lede"}, lede), steps);
	}

	function reviewCard() {
		const e = S.el;
		e.sendDiff = h("button", {type: "button", class: "btn primary", id: "lv-send-diff", onclick: () => sendDiff()}, "Send the diff");
		e.rvTask = h("input", {type: "text", id: "lv-review-task", class: "mono", spellcheck: "false", autocomplete: "off"});
		e.rvCtx = h("input", {type: "text", id: "lv-review-ctx", class: "mono", spellcheck: "false", autocomplete: "off"});
		e.rvText = h("input", {type: "text", id: "lv-review-text", value: "main", spellcheck: "false", autocomplete: "off"});
		e.rvSend = h("button", {type: "submit", class: "btn primary", id: "lv-review-send"}, "Send the answer");
		e.rvStep1 = step(1, "Ask for a review",
			"A blocking SendMessage to the code-reviewer with a diff of payments-api, and no base branch. The reviewer cannot review without one: it asks, and the task waits in INPUT_REQUIRED.",
			e.sendDiff);
		const form = h("form", {class: "lv-form", onsubmit: (ev) => { ev.preventDefault(); answerReview(""); }},
			field("taskId", e.rvTask, "the task that asked"),
			field("contextId", e.rvCtx, "clear it to send none"),
			field("Answer", e.rvText, "the base branch"),
			h("div", {class: "lv-controls"}, e.rvSend));
		e.rvStep2 = step(2, "Answer on the same task",
			"Your answer is a new message. It carries the task's taskId and contextId, so the agent resumes that task instead of starting another (§3.4.3). Edit the ids to see what the agent says.",
			form,
			h("div", {class: "lv-try"}, h("span", {class: "lv-try-label"}, "Or answer the wrong way:"),
				h("button", {type: "button", class: "btn small", id: "lv-variant-wrong-task", onclick: () => answerReview("wrong-task")}, "a taskId it never issued"),
				h("button", {type: "button", class: "btn small", id: "lv-variant-no-context", onclick: () => answerReview("no-context")}, "no contextId"),
				h("button", {type: "button", class: "btn small", id: "lv-variant-other-context", onclick: () => answerReview("other-context")}, "another contextId")));
		e.rvStep3 = step(3, "After the end",
			"The task is COMPLETED, a terminal state: nothing may change it now. Try what a client might still do.",
			h("button", {type: "button", class: "btn", id: "lv-review-again", onclick: () => onTask(e.rvStep3, "answer", S.review, {text: "main"})}, "Answer again"),
			h("button", {type: "button", class: "btn", id: "lv-review-get", onclick: () => onTask(e.rvStep3, "getTask", S.review)}, "GetTask"),
			h("button", {type: "button", class: "btn", id: "lv-review-sub", onclick: () => onTask(e.rvStep3, "subscribe", S.review)}, "SubscribeToTask"));
		e.rvNext = next("deploy", "Next: a task that waits for an operator →");
		return card("review", "INPUT_REQUIRED: the agent asks you",
			"The task stops and waits for its client. You answer; the same task goes on.",
			e.rvStep1, e.rvStep2, e.rvStep3, e.rvNext);
	}

	// toOperator brings the operator panel into view.
	function toOperator() {
		return h("button", {type: "button", class: "lv-link lv-to-op", onclick: () => S.el.operator.scrollIntoView({block: "nearest"})}, "to the operator panel ↓");
	}

	// next leads to the following scenario once a card is done.
	function next(id, label) {
		return h("button", {type: "button", class: "btn lv-next", id: "lv-next-" + id, hidden: true, onclick: () => {
			scenario(id, true);
			S.el.root.scrollTop = 0;
		}}, label);
	}

	function field(label, input, hint) {
		const id = input.id;
		return h("div", {class: "lv-field"}, h("label", {for: id}, label), input, hint ? h("span", {class: "lv-hint"}, hint) : null);
	}

	function deployCard() {
		const e = S.el;
		e.deploy = h("button", {type: "button", class: "btn primary", id: "lv-deploy", onclick: () => deploy()}, `Deploy ${SAMPLE_BUILD} to ${SAMPLE_ENV}`);
		e.dpStep1 = step(1, "Ask for a deploy, over a stream",
			"A SendStreamingMessage to the deployer. It will not deploy without an operator's approval: the task stops in AUTH_REQUIRED with an approve link, and the stream stays open.",
			e.deploy);
		e.dpWatch = h("div", {class: "lv-watch", "aria-live": "polite"});
		e.dpStep2 = step(2, "Switch hats: you are the operator now",
			"The client cannot approve over A2A. Approve or refuse in the operator panel below, drawn apart: it is plain HTTP outside A2A. Then watch the same stream resume to its end.",
			toOperator(), e.dpWatch);
		e.dpStep3 = step(3, "Moves while it waits",
			"The task is not ended; only its execution waits. See how the agent treats a client meanwhile.",
			h("button", {type: "button", class: "btn", id: "lv-deploy-msg", onclick: () => onTask(e.dpStep3, "sendWhileWaiting", waitingDeploy())}, "Send a message on it"),
			h("button", {type: "button", class: "btn", id: "lv-deploy-get", onclick: () => onTask(e.dpStep3, "getTask", lastDeploy())}, "GetTask"),
			h("button", {type: "button", class: "btn", id: "lv-deploy-cancel", onclick: () => onTask(e.dpStep3, "cancel", lastDeploy())}, "Cancel it"));
		e.dpStep4 = step(4, "After the stream closed",
			"The stream ended with the task. Ask again, the other ways a client can.",
			h("button", {type: "button", class: "btn", id: "lv-deploy-get2", onclick: () => onTask(e.dpStep4, "getTask", lastDeploy())}, "GetTask"),
			h("button", {type: "button", class: "btn", id: "lv-deploy-sub", onclick: () => onTask(e.dpStep4, "subscribe", lastDeploy())}, "SubscribeToTask"),
			h("button", {type: "button", class: "btn", id: "lv-deploy-again", onclick: () => deploy()}, "Deploy again"));
		e.dpNext = next("planner", "Next: both states through a planner →");
		return card("deploy", "AUTH_REQUIRED: someone must approve",
			"The agent waits for an authorization that does not come from its client.",
			e.dpStep1, e.dpStep2, e.dpStep3, e.dpStep4, e.dpNext);
	}

	function plannerCard() {
		const e = S.el;
		e.plan = h("button", {type: "button", class: "btn primary", id: "lv-plan", onclick: () => runPlanner()}, "Run the planner");
		e.plIDs = h("dl", {class: "lv-ids"});
		e.plText = h("input", {type: "text", id: "lv-plan-text", value: "main", spellcheck: "false", autocomplete: "off"});
		e.plStep1 = step(1, "Give the planner the whole job",
			"A blocking SendMessage: review the payments-api diff, then deploy the build to staging. The planner is itself a client of the code-reviewer and the deployer.",
			e.plan);
		e.plStep2 = step(2, "Answer the question it passes up",
			"The code-reviewer asked the planner for a base branch; the planner cannot know, so its own task waits in INPUT_REQUIRED with the same question. Answer on the planner's task.",
			e.plIDs,
			h("form", {class: "lv-form", onsubmit: (ev) => { ev.preventDefault(); answerPlanner(); }},
				field("Answer", e.plText, "the base branch"),
				h("div", {class: "lv-controls"}, h("button", {type: "submit", class: "btn primary", id: "lv-plan-answer"}, "Answer the planner"))));
		e.plWatch = h("div", {class: "lv-watch", "aria-live": "polite"});
		e.plStep3 = step(3, "Watch, then approve",
			"Now the deployer waits for an operator, and the planner passes that up too (AUTH_REQUIRED). Subscribe to the planner's task to watch it, then approve in the operator panel.",
			h("button", {type: "button", class: "btn primary", id: "lv-plan-sub", onclick: () => onTask(e.plStep3, "subscribe", S.plan)}, "SubscribeToTask"),
			h("button", {type: "button", class: "btn", id: "lv-plan-get", onclick: () => onTask(e.plStep3, "getTask", S.plan)}, "GetTask"),
			toOperator(), e.plWatch);
		e.plNext = next("try", "Next: moves off the happy path →");
		return card("planner", "The chain: a planner between you and the agents",
			"Interrupted states travel up a chain of agents to the person who can resolve them.",
			e.plStep1, e.plStep2, e.plStep3, e.plNext);
	}

	function tryCard() {
		const e = S.el;
		e.tryTask = h("select", {id: "lv-try-task", "aria-label": "Task"});
		e.tryText = h("input", {type: "text", id: "lv-try-text", value: "Can this wait until tomorrow?", spellcheck: "false"});
		e.tryStep = step("", "On a task of this session", "Pick a task; each move shows the real wire answer. Where the kit's library, a2a-go, differs from the specification, a marked note says so beside the answer.",
			h("div", {class: "lv-field"}, h("label", {for: "lv-try-task"}, "Task"), e.tryTask),
			h("div", {class: "lv-field"}, h("label", {for: "lv-try-text"}, "Message"), e.tryText),
			h("div", {class: "lv-controls"},
				h("button", {type: "button", class: "btn", id: "lv-try-send", onclick: () => tryMove("answer")}, "SendMessage on it"),
				h("button", {type: "button", class: "btn", id: "lv-try-sub", onclick: () => tryMove("subscribe")}, "SubscribeToTask"),
				h("button", {type: "button", class: "btn", id: "lv-try-get", onclick: () => tryMove("getTask")}, "GetTask"),
				h("button", {type: "button", class: "btn", id: "lv-try-cancel", onclick: () => tryMove("cancel")}, "CancelTask")),
			h("ul", {class: "lv-ideas"},
				h("li", {}, "A message on a task waiting in AUTH_REQUIRED: the spec keeps accepting messages there (§7.6.1)."),
				h("li", {}, "A message on an ended task: UnsupportedOperationError, the spec says (§3.1.1)."),
				h("li", {}, "SubscribeToTask on an ended task, after its stream closed (§3.1.6), or on one waiting for input."),
				h("li", {}, "GetTask after a stream closed: the task as it ended."),
				h("li", {}, "Switch the binding above and compare JSON-RPC with HTTP+JSON.")));
		e.sendAgent = h("select", {id: "lv-send-agent", "aria-label": "Agent"});
		e.sendText = h("input", {type: "text", id: "lv-send-text", value: "Hello! What can you do?", spellcheck: "false"});
		e.sendStream = h("input", {type: "checkbox", id: "lv-send-stream"});
		e.sendStep = step("", "A message of your own, to any agent", "For an agent that is not the kit's, or a new task.",
			h("div", {class: "lv-field"}, h("label", {for: "lv-send-agent"}, "Agent"), e.sendAgent),
			h("div", {class: "lv-field"}, h("label", {for: "lv-send-text"}, "Text"), e.sendText),
			h("div", {class: "lv-controls"},
				h("label", {class: "lv-check"}, e.sendStream, " over a stream"),
				h("button", {type: "button", class: "btn", id: "lv-send", onclick: () => sendOwn()}, "Send")));
		return card("try", "Moves to try", "Off the happy path: what do the agents answer?", e.tryStep, e.sendStep);
	}

	function operatorPanel() {
		const e = S.el;
		e.opList = h("ul", {class: "lv-op-list"});
		e.opEmpty = h("p", {class: "lv-quiet"}, "Nothing waits for an operator. A task in AUTH_REQUIRED with an approve link shows here.");
		e.opLog = h("div", {class: "lv-log", "aria-live": "polite"});
		return h("section", {class: "lv-operator", id: "lv-operator", "aria-label": "Outside A2A: the operator"},
			h("div", {class: "lv-op-head"},
				h("span", {class: "lv-badge"}, "outside A2A"),
				h("h3", {}, "The operator")),
			h("p", {class: "lv-text"}, "Someone the deployer trusts decides here with a plain HTTP POST to the approve link. It is not an A2A message, and the client could not send it."),
			e.opEmpty, e.opList, e.opLog);
	}

	function footer() {
		const e = S.el;
		e.gor = h("p", {class: "lv-gor", id: "lv-goroutines"});
		return h("div", {class: "lv-foot"},
			h("div", {class: "lv-controls"},
				e.save = h("button", {type: "button", class: "btn", id: "lv-save", onclick: save, title: "Download the session as a .http transcript"}, "Save .http"),
				h("label", {class: "lv-check", title: "Save it as a capture is written: the tutorial's clock from 2026-10-06T09:00:00.000Z and made-up ids, so two sessions compare line by line"},
					e.normalize = h("input", {type: "checkbox", id: "lv-save-normalize"}), " normalised"),
				e.replay = h("button", {type: "button", class: "btn", id: "lv-replay", onclick: replayIt, title: "Open the session in Replay"}, "Replay it"),
				e.end = h("button", {type: "button", class: "btn danger", id: "lv-end", onclick: endSession, title: "Cancel the session's tasks and stop its agents"}, "End session")),
			e.gor);
	}

	function status(text, kind) {
		const s = S.el.status;
		if (!s) return;
		s.textContent = text;
		s.className = "lv-status " + (kind || "");
	}

	function scenario(id, fromClick) {
		if (!S.el.cards || !S.el.cards[id]) id = "review";
		S.scenario = id;
		for (const [k, c] of Object.entries(S.el.cards)) c.hidden = k !== id;
		for (const t of S.el.tabs) {
			t.setAttribute("aria-selected", String(t.dataset.scenario === id));
			t.tabIndex = t.dataset.scenario === id ? 0 : -1; // roving focus: Tab reaches the open one
		}
		if (fromClick && viewer().liveScenario) viewer().liveScenario(id);
	}

	// Moves.

	// run posts a move, shows it pending in log, then its result.
	async function run(log, label, op, args, after) {
		// A move that may end a task shows its artifacts open; a look at
		// a task (GetTask, a subscription) keeps them folded.
		const artifacts = ["sendDiff", "answer", "runPlanner", "send"].includes(op);
		const entry = h("div", {class: "lv-result pending"}, h("div", {class: "lv-r-head"}, h("b", {}, label), " · ", "waiting for the answer…"));
		log.append(entry);
		entry.scrollIntoView({block: "nearest"});
		let r;
		try {
			r = await W.call(op, args);
		} catch (e) {
			entry.replaceWith(h("div", {class: "lv-result failed"}, h("div", {class: "lv-r-head"}, h("b", {}, label)), h("p", {class: "lv-error"}, e.message)));
			paint();
			return null;
		}
		const view = result(label, r, {artifacts});
		entry.replaceWith(view);
		view.scrollIntoView({block: "nearest"});
		if (after) after(r);
		paint();
		return r;
	}

	function withBinding(args) { return Object.assign({binding: S.binding}, args || {}); }

	function sendDiff() {
		run(S.el.rvStep1.log, "SendMessage · the diff", "sendDiff", withBinding(), (r) => {
			if (r.task) {
				S.review = r.task;
				S.el.rvTask.value = r.task.id;
				S.el.rvCtx.value = r.task.contextId;
			}
		});
	}

	function answerReview(variant) {
		const e = S.el;
		const taskId = e.rvTask.value.trim();
		const ctx = e.rvCtx.value.trim();
		const args = withBinding({taskId, text: e.rvText.value});
		let label = "SendMessage · the answer";
		if (variant) {
			args.variant = variant;
			label = {"wrong-task": "SendMessage · a taskId it never issued", "no-context": "SendMessage · no contextId", "other-context": "SendMessage · another contextId"}[variant];
		} else if (ctx === "") {
			args.variant = "no-context";
			label = "SendMessage · no contextId";
		} else {
			args.contextId = ctx;
			if (S.review && (taskId !== S.review.id || ctx !== S.review.contextId)) label = "SendMessage · your edited ids";
		}
		if (!taskId) {
			e.rvStep2.log.append(h("p", {class: "lv-error"}, "Give a taskId: the task that asked is the one to answer."));
			return;
		}
		if (!S.review || taskId !== S.review.id) args.agent = agentFor("code-reviewer");
		run(e.rvStep2.log, label, "answer", args, (r) => {
			if (r.task && S.review && r.task.id === S.review.id) S.review = r.task;
		});
	}

	function deploy() {
		const log = lastDeploy() && terminal(lastDeploy().state) ? S.el.dpStep4.log : S.el.dpStep1.log;
		run(log, `SendStreamingMessage · deploy ${SAMPLE_BUILD}`, "deploy", withBinding(), (r) => {
			if (r.task) S.deploys.push(r.task.id);
		});
	}

	function runPlanner() {
		run(S.el.plStep1.log, "SendMessage · to the planner", "runPlanner", withBinding(), (r) => {
			if (r.task) S.plan = r.task;
		});
	}

	function answerPlanner() {
		if (!S.plan) return;
		run(S.el.plStep2.log, "SendMessage · the answer, to the planner", "answer", withBinding({taskId: S.plan.id, text: S.el.plText.value}), (r) => {
			if (r.task && r.task.id === S.plan.id) S.plan = r.task;
		});
	}

	function onTask(stepEl, op, task, extra) {
		const log = stepEl.log;
		if (!task) {
			log.append(h("p", {class: "lv-error"}, "No task yet: start with the first step."));
			return;
		}
		const id = typeof task === "string" ? task : task.id;
		const labels = {answer: "SendMessage", sendWhileWaiting: "SendMessage while it waits", getTask: "GetTask", subscribe: "SubscribeToTask", cancel: "CancelTask"};
		run(log, `${labels[op]} · task ${short(id)}`, op, withBinding(Object.assign({taskId: id}, extra || {})));
	}

	function tryMove(op) {
		const id = S.el.tryTask.value;
		if (!id) {
			S.el.tryStep.log.append(h("p", {class: "lv-error"}, "No task yet: run a scenario first, or send a message of your own."));
			return;
		}
		const extra = op === "answer" ? {text: S.el.tryText.value || "Hello"} : {};
		onTask(S.el.tryStep, op, id, extra);
	}

	function sendOwn() {
		const e = S.el;
		const agent = e.sendAgent.value;
		run(e.sendStep.log, `${e.sendStream.checked ? "SendStreamingMessage" : "SendMessage"} · to ${agent || "the agent"}`, "send",
			withBinding({agent, text: e.sendText.value, stream: e.sendStream.checked}));
	}

	// decide posts the link of an operator item (paintOperator): the
	// approve link, or the refuse link beside it, of the task it names.
	function decide(item, approve) {
		const who = item.agent ? `the ${item.agent}'s task` : "task";
		run(S.el.opLog, `${approve ? "Approve" : "Refuse"} · POST ${approve ? "approve" : "refuse"} link of ${who} ${short(item.task)}`, approve ? "approve" : "refuse", {url: item.url}, (r) => {
			if (r.http && r.http.status === 200) S.decided.set(item.url, approve ? "approved" : "refused");
		});
	}

	// agentFor names a kit agent, or in a remote session the one agent
	// when there is only one.
	function agentFor(name) {
		const as = (S.snap && S.snap.agents) || [];
		if (as.some((a) => a.name === name) || as.length !== 1) return name;
		return as[0].name;
	}

	function hasAgent(name) {
		const as = (S.snap && S.snap.agents) || [];
		return as.some((a) => a.name === name);
	}

	const terminal = (s) => ["TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_REJECTED"].includes(s);

	function taskNow(id) {
		return id && S.snap ? (S.snap.tasks || []).find((t) => t.id === id) : null;
	}
	function lastDeploy() { return taskNow(S.deploys[S.deploys.length - 1]); }
	function waitingDeploy() {
		for (let i = S.deploys.length - 1; i >= 0; i--) {
			const t = taskNow(S.deploys[i]);
			if (t && t.state === "TASK_STATE_AUTH_REQUIRED") return t;
		}
		return lastDeploy();
	}
	function streamOf(taskId) {
		const ss = ((S.snap && S.snap.streams) || []).filter((s) => s.taskId === taskId);
		return ss[ss.length - 1];
	}

	// result draws a move's result: the task as the answer left it, the
	// wire error, the deviation from the spec, the note.
	function result(label, r, opts) {
		const o = opts || {};
		const box = h("div", {class: "lv-result"});
		const head = h("div", {class: "lv-r-head"}, h("b", {}, label),
			r.binding ? h("span", {class: "lv-tag"}, r.binding === "JSONRPC" ? "JSON-RPC" : r.binding) : null,
			r.agent ? h("span", {class: "lv-muted"}, "→ " + r.agent) : null);
		if (r.exchanges && r.exchanges.length) {
			const seq = r.exchanges[0];
			head.append(h("button", {type: "button", class: "lv-link", title: "Select this move's first step in the diagram", onclick: () => viewer().liveShow && viewer().liveShow(seq)}, `step in diagram ↗`));
		}
		box.append(head);
		if (r.sent && (r.sent.taskId || r.sent.contextId)) {
			box.append(h("dl", {class: "lv-ids small"},
				h("dt", {}, "sent taskId"), h("dd", {class: "mono"}, r.sent.taskId || "(none)"),
				h("dt", {}, "sent contextId"), h("dd", {class: "mono"}, r.sent.contextId || "(none)")));
		}
		if (r.task && !r.http) {
			const t = r.task;
			box.append(h("div", {class: "lv-task"}, "task ", h("code", {title: t.id}, short(t.id)), " ", chip(t.state)));
			if (t.text) box.append(says(t.text, t.state));
			if (t.approveUrl && t.state === "TASK_STATE_AUTH_REQUIRED" && !(t.text || "").includes(t.approveUrl)) {
				box.append(h("p", {class: "lv-muted small"}, "approve link: ", h("code", {class: "lv-url"}, t.approveUrl)));
			}
			for (const a of t.artifacts || []) {
				box.append(h("details", {class: "lv-artifact", open: !!o.artifacts}, h("summary", {}, "artifact ", h("code", {}, a.name || "(unnamed)")), h("pre", {class: "code"}, pretty(a.text))));
			}
		}
		if (r.message) box.append(says(r.message, ""));
		if (r.stream) {
			box.append(h("p", {class: "lv-muted small"}, r.error && r.error.noStream ?
				`stream #${r.stream.id} never started: the agent answered with a JSON error instead of an event stream` :
				r.stream.open ?
					`stream #${r.stream.id} open · ${plural(r.stream.events, "event")} so far` :
					`stream #${r.stream.id} closed after ${plural(r.stream.events, "event")}`));
		}
		if (r.http) {
			box.append(h("p", {class: "lv-http"}, h("b", {}, `HTTP ${r.http.status}`), h("span", {class: "lv-muted"}, " to POST "), h("code", {class: "lv-url"}, r.http.url)));
			if (r.http.body) box.append(h("pre", {class: "code lv-body"}, pretty(r.http.body)));
		}
		if (r.error) box.append(wireError(r.error));
		else if (r.failure) box.append(h("p", {class: "lv-error"}, r.failure));
		if (r.deviation) box.append(deviation(r.deviation));
		if (r.note) box.append(h("p", {class: "lv-note"}, r.note));
		return box;
	}

	function wireError(e) {
		const parts = [];
		if (e.transport) parts.push("no response: " + e.transport);
		else {
			if (e.code) parts.push(String(e.code));
			if (e.status) parts.push(e.status);
			if (e.reason) parts.push(e.reason);
		}
		return h("div", {class: "lv-wire-error"},
			h("span", {class: "lv-err-label"}, e.inStream ? "error frame" : e.noStream ? `error instead of a stream · HTTP ${e.httpStatus}` : (e.httpStatus ? `error · HTTP ${e.httpStatus}` : "error")),
			h("code", {}, parts.join(" · ")),
			e.message ? h("p", {}, e.message) : null);
	}

	function deviation(d) {
		return h("aside", {class: "lv-dev", role: "note"},
			h("div", {class: "lv-dev-head"}, h("span", {class: "lv-dev-mark"}, "≠ spec"), `a2a-go deviates from the specification, ${d.spec}`),
			d.text ? h("p", {}, d.text) : null,
			h("dl", {},
				h("dt", {}, "the spec asks"), h("dd", {}, d.expected),
				h("dt", {}, "the agent answered"), h("dd", {}, d.got),
				d.known ? [h("dt", {}, "known issue"), h("dd", {}, d.known)] : null));
	}

	function pretty(text) {
		try {
			return JSON.stringify(JSON.parse(text), null, 2);
		} catch (e) {
			return text;
		}
	}

	// paint brings the panel up to the session's state.
	function paint() {
		const e = S.el;
		if (!e.root) return;
		const snap = S.snap || {tasks: [], streams: [], agents: []};
		const live = S.open && !snap.closed && !S.opening;
		e.offline.setAttribute("aria-pressed", String(S.mode === "offline" && !!S.open));
		e.remote.setAttribute("aria-pressed", String(S.mode === "remote" || !e.remoteForm.hidden));
		for (const b of e.bindingButtons) b.setAttribute("aria-pressed", String(b.dataset.binding === S.binding));

		const review = taskNow(S.review && S.review.id) || S.review;
		e.sendDiff.disabled = !live || !hasAgent("code-reviewer");
		e.rvStep2.hidden = !review;
		for (const b of e.rvStep2.querySelectorAll("button")) b.disabled = !live;
		e.rvStep3.hidden = !(review && terminal(review.state));
		for (const b of e.rvStep3.querySelectorAll("button")) b.disabled = !live;
		e.sendDiff.textContent = review ? "Send the diff again (a new task)" : "Send the diff";
		e.sendDiff.classList.toggle("primary", !review);
		e.rvNext.hidden = !(review && terminal(review.state));

		const dep = lastDeploy();
		const waiting = waitingDeploy();
		e.deploy.disabled = !live || !hasAgent("deployer");
		e.dpStep2.hidden = !dep;
		e.dpStep3.hidden = !(waiting && waiting.state === "TASK_STATE_AUTH_REQUIRED");
		e.dpStep4.hidden = !(dep && terminal(dep.state));
		for (const s of [e.dpStep3, e.dpStep4]) for (const b of s.querySelectorAll("button")) b.disabled = !live;
		watch(e.dpWatch, dep);
		e.deploy.classList.toggle("primary", !dep);
		e.dpNext.hidden = !(dep && terminal(dep.state));

		const plan = taskNow(S.plan && S.plan.id) || S.plan;
		e.plan.disabled = !live || !hasAgent("planner");
		e.plStep2.hidden = !plan;
		e.plStep3.hidden = !(plan && (plan.state === "TASK_STATE_AUTH_REQUIRED" || S.el.plStep3.log.childElementCount > 0 || terminal(plan.state)));
		for (const b of [...e.plStep2.querySelectorAll("button"), ...e.plStep3.querySelectorAll("button")]) b.disabled = !live;
		e.plIDs.replaceChildren();
		if (plan) {
			add(e.plIDs, [h("dt", {}, "taskId"), h("dd", {class: "mono"}, plan.id), h("dt", {}, "contextId"), h("dd", {class: "mono"}, plan.contextId), h("dt", {}, "state"), h("dd", {}, chip(plan.state))]);
		}
		watch(e.plWatch, plan);
		e.plan.classList.toggle("primary", !plan);
		e.plNext.hidden = !(plan && terminal(plan.state));
		e.plStep3.querySelector("#lv-plan-sub").classList.toggle("primary", !(streamOf(plan && plan.id) || {}).id);

		// Moves to try: the task list and the agents.
		// Options are rebuilt only when they change: a select rebuilt under
		// the learner's pointer would close.
		const taskKey = (snap.tasks || []).map((t) => t.id + t.state).join(",");
		if (e.tryTask.dataset.key !== taskKey) {
			e.tryTask.dataset.key = taskKey;
			const keep = e.tryTask.value;
			e.tryTask.replaceChildren(...(snap.tasks || []).map((t) => h("option", {value: t.id}, `${t.agent} · ${short(t.id)} · ${shortState(t.state)}`)));
			if (keep && [...e.tryTask.options].some((o) => o.value === keep)) e.tryTask.value = keep;
			else if (e.tryTask.options.length) e.tryTask.value = e.tryTask.options[e.tryTask.options.length - 1].value;
		}
		for (const b of e.tryStep.querySelectorAll("button")) b.disabled = !live || !e.tryTask.value;
		const agentKey = (snap.agents || []).map((a) => a.name + a.url).join(",");
		if (e.sendAgent.dataset.key !== agentKey) {
			e.sendAgent.dataset.key = agentKey;
			const keep = e.sendAgent.value;
			e.sendAgent.replaceChildren(...(snap.agents || []).map((a) => h("option", {value: a.name}, `${a.name} · ${a.url}`)));
			if (keep && [...e.sendAgent.options].some((o) => o.value === keep)) e.sendAgent.value = keep;
		}
		e.sendStep.querySelector("#lv-send").disabled = !live || !e.sendAgent.value;

		paintOperator(snap, live);
		paintTasks(snap);
		paintFoot();
	}

	// watch shows a task's state now and the stream that carries it.
	function watch(el, task) {
		el.replaceChildren();
		if (!task) return;
		const t = taskNow(task.id) || task;
		const s = streamOf(t.id);
		add(el, [h("span", {class: "lv-muted"}, "now: "), "task ", h("code", {title: t.id}, short(t.id)), " ", chip(t.state)]);
		if (s) {
			el.append(h("span", {class: "lv-stream " + (s.open ? "open" : "closed")},
				`stream #${s.id} ${s.open ? "open" : "closed"} · ${plural(s.events, "event")}`));
		}
		if (t.approveUrl && S.decided.has(t.approveUrl)) el.append(h("span", {class: "lv-muted"}, ` · the operator ${S.decided.get(t.approveUrl)}`));
	}

	// paintOperator lists what waits for an operator: one item per
	// approve link, named after the task and agent the link decides. A
	// planner passes its deployer's request up (§7.6.2): the link is the
	// deployer's, for the deployer's task, so the item names that task
	// and says which of the session's tasks passed it up.
	function paintOperator(snap, live) {
		const e = S.el;
		const links = new Map();
		for (const t of snap.tasks || []) {
			if (t.state !== "TASK_STATE_AUTH_REQUIRED" || !t.approveUrl) continue;
			if (!links.has(t.approveUrl)) links.set(t.approveUrl, []);
			links.get(t.approveUrl).push(t);
		}
		const waiting = [...links.entries()].map(([url, ts]) => {
			const own = ts.find((t) => t.id === t.approveTask);
			return {url, task: ts[0].approveTask || (own || ts[0]).id, agent: ts[0].approveAgent || (own || ts[0]).agent,
				own, passedUp: ts.filter((t) => t !== own), says: (own || ts[0]).text, state: (own || ts[0]).state};
		});
		e.opEmpty.hidden = waiting.length > 0;
		e.operator.classList.toggle("waiting", waiting.length > 0);
		const key = waiting.map((w) => w.url + (S.decided.get(w.url) || "") + w.passedUp.map((t) => t.id).join("+")).join(",") + live;
		if (e.opList.dataset.key === key) return;
		e.opList.dataset.key = key;
		e.opList.replaceChildren(...waiting.map((w) => h("li", {class: "lv-op-item", "data-task": w.task, "data-url": w.url},
			h("div", {}, h("b", {}, w.agent || "an agent"), " · task ", h("code", {title: w.task}, short(w.task)), " ", chip(w.state)),
			w.passedUp.length ? h("p", {class: "lv-muted small lv-passed-up"}, "passed up by ",
				...w.passedUp.flatMap((t, i) => [i ? ", " : "", `the ${t.agent}'s task `, h("code", {title: t.id}, short(t.id))]),
				w.own ? null : ` (§7.6.2): you decide the ${w.agent || "agent"}'s task, and the ${w.passedUp[0].agent}'s resumes with it`) : null,
			w.says ? says(w.says, w.state) : null,
			(w.says || "").includes(w.url) ? null : h("p", {class: "lv-muted small"}, "approve link: ", h("code", {class: "lv-url"}, w.url)),
			h("div", {class: "lv-controls"},
				h("button", {type: "button", class: "btn approve", "data-decide": "approve", disabled: !live || S.decided.has(w.url), onclick: () => decide(w, true)}, "Approve"),
				h("button", {type: "button", class: "btn refuse", "data-decide": "refuse", disabled: !live || S.decided.has(w.url), onclick: () => decide(w, false)}, "Refuse")))));
	}

	function paintTasks(snap) {
		const e = S.el;
		const rows = [];
		for (const t of snap.tasks || []) {
			rows.push(h("li", {}, h("span", {class: "lv-muted"}, t.agent), " ", h("code", {title: t.id}, short(t.id)), " ", chip(t.state)));
		}
		for (const s of snap.streams || []) {
			rows.push(h("li", {}, h("span", {class: "lv-stream " + (s.open ? "open" : "closed")}, `stream #${s.id}`), ` ${s.move} → ${s.agent} · ${s.open ? "open" : "closed"} · ${plural(s.events, "event")}`,
				s.state ? [" · ", chip(s.state)] : null, s.error ? h("span", {class: "lv-muted"}, ` · ${s.error}`) : null));
		}
		if (rows.length === 0) rows.push(h("li", {class: "lv-quiet"}, "No task yet."));
		e.tasks.replaceChildren(h("ul", {}, rows));
	}

	function paintFoot() {
		const e = S.el;
		if (!e.gor) return;
		const snap = S.snap;
		const live = S.open && snap && !snap.closed;
		e.end.disabled = !live;
		e.save.disabled = !S.transcript;
		e.replay.disabled = !S.transcript || S.exchanges === 0;
		const parts = [];
		if (S.before !== null) parts.push(`${S.before} before the session`);
		if (live && snap) parts.push(`${snap.goroutines} now`);
		if (S.after !== null) parts.push(`${S.after} after it ended`);
		e.gor.replaceChildren(h("span", {class: "lv-muted"}, "Goroutines in the worker: "), parts.join(" · ") || "…");
		if (S.after !== null && S.before !== null) {
			e.gor.append(h("span", {class: S.after <= S.before ? "lv-ok" : "lv-error"},
				S.after <= S.before ? " · none left behind" : ` · ${S.after - S.before} still running`));
		}
	}

	function clearLogs() {
		for (const l of S.el.root ? S.el.root.querySelectorAll(".lv-log") : []) l.replaceChildren();
	}

	// Session controls.

	// save downloads the session's transcript: as recorded, the one the
	// worker last posted (at most 50 ms old), at once; normalised (on
	// the synthetic clock, with deterministic ids), as the worker writes
	// it on request.
	async function save() {
		if (!S.transcript) return;
		let text = S.transcript, name = "a2aplay-live-session.http";
		if (S.el.normalize.checked) {
			try {
				text = (await W.call("save", {normalize: true})).text;
				name = "a2aplay-live-session-normalised.http";
			} catch (e) {
				status(`Could not save the session normalised: ${e.message}`, "error");
				return;
			}
		}
		const blob = new Blob([text], {type: "text/plain;charset=utf-8"});
		const a = h("a", {href: URL.createObjectURL(blob), download: name});
		document.body.append(a);
		a.click();
		a.remove();
		setTimeout(() => URL.revokeObjectURL(a.href), 10000);
	}

	// replayIt opens the session in Replay, like a file the learner opened.
	function replayIt() {
		const v = viewer();
		if (!S.transcript || !v.load) return;
		const got = v.load("a2aplay-live-session.http", S.transcript);
		if (got && got.error) status(`The session does not replay: ${got.error}`, "error");
	}

	async function endSession() {
		S.el.end.disabled = true;
		status("Ending the session: canceling its tasks, stopping its agents…", "busy");
		try {
			await W.call("close");
			// A goroutine may still be on its way out: count until it is.
			let n = 0;
			for (let i = 0; i < 40; i++) {
				n = (await W.call("stats")).goroutines;
				if (S.before === null || n <= S.before) break;
				await new Promise((r) => setTimeout(r, 50));
			}
			S.after = n;
			S.closed = true;
			S.open = false;
			status("Session ended: its tasks are canceled and its agents stopped. Save it or replay it; or start a new one.", "ok");
		} catch (e) {
			status(`Could not end the session: ${e.message}`, "error");
		}
		paint();
		S.el.offline.setAttribute("aria-pressed", "false");
	}

	// The viewer calls these holding its lock: they do their work in a
	// task of their own, so that calling back into the viewer cannot
	// deadlock it.
	window.a2aplayLive = {
		start(el, cfg) { setTimeout(() => start(el, cfg), 0); },
		visible(on, sc) {
			setTimeout(() => {
				S.visible = on;
				if (sc && S.el.cards && sc !== S.scenario) scenario(sc, false);
			}, 0);
		},
	};
})();
