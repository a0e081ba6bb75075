// An A2A v0.3 agent written with the official JavaScript SDK's 0.3 line
// (@a2a-js/sdk 0.3.14, installed as the npm alias a2a-sdk-v03, on
// express 5.1.0), for a2aplay's interop tests: 0.3 traffic from software
// nobody in a2aplay wrote, as most agents running today still speak.
//
//	node test/jssdk/agent-v03.mjs [-host HOST] PORT [PATH ...]
//
// It does what agent.mjs does, in 0.3's words: a review that stops in
// input-required until it is answered on the same task, and a deploy
// whose stream stays open in auth-required until an operator POSTs
// PATH/approve/{taskId} (or refuse/), outside A2A. Each PATH serves an
// agent named "js03-" and the path's last segment ("js03-agent" at the
// root), with:
//
//	GET  PATH/.well-known/agent-card.json   its card, 0.3's shape: url, preferredTransport,
//	                                        additionalInterfaces, protocolVersion "0.3.0"
//	POST PATH                               the JSON-RPC binding (message/send, message/stream, ...)
//	     PATH/rest/v1/...                   the HTTP+JSON binding (its card's URL is PATH/rest)
//	POST PATH/approve/{taskId}, refuse/     the operator, outside A2A
//
// The command line, CORS, the listening line, the questions and the
// operator's endpoints are common.mjs's, shared with agent.mjs.

import { randomUUID } from "node:crypto";
import { DefaultRequestHandler, InMemoryTaskStore } from "a2a-sdk-v03/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler, restHandler } from "a2a-sdk-v03/server/express";
import { Operator, branchIn, moment, noBranch, question, serveAgents } from "./common.mjs";

const text = (s) => ({ kind: "text", text: s });
const data = (v) => ({ kind: "data", data: v });

function textOf(message) {
	return (message?.parts || []).filter((p) => p.kind === "text").map((p) => p.text).join("\n");
}

class Desk {
	constructor(base, path) {
		this.base = base;
		this.path = path;
		this.name = "js03-" + (path ? path.split("/").pop() : "agent");
		this.operator = new Operator(base);
	}

	card() {
		return {
			name: this.name,
			description: "An A2A 0.3 agent built on the A2A JavaScript SDK 0.3: it asks for a base branch before a review (input-required) and waits for an operator's approval before a deploy (auth-required).",
			url: this.base,
			preferredTransport: "JSONRPC",
			additionalInterfaces: [{ url: this.base, transport: "JSONRPC" }, { url: this.base + "/rest", transport: "HTTP+JSON" }],
			protocolVersion: "0.3.0",
			version: "1.0.0",
			capabilities: { streaming: true, pushNotifications: false },
			defaultInputModes: ["text/plain"],
			defaultOutputModes: ["text/plain", "application/json"],
			skills: [
				{ id: "review", name: "Review a change", description: "Send what to review as text; the agent asks which base branch to compare against, and you answer on the same task.", tags: ["review"], examples: ["Please review my change to payments-api."] },
				{ id: "deploy", name: "Deploy a build", description: "Send a sentence with the word deploy; the task waits in auth-required until an operator POSTs to the approve URL its status message names.", tags: ["deploy"], examples: ["Deploy 2026.10.06-1 to staging."] },
			],
		};
	}

	status(taskId, contextId, state, say, final) {
		const message = say ? { kind: "message", messageId: randomUUID(), role: "agent", parts: [text(say)], taskId, contextId } : undefined;
		return { kind: "status-update", taskId, contextId, status: { state, message, timestamp: new Date().toISOString() }, final };
	}

	artifact(ctx, name, parts) {
		return { kind: "artifact-update", taskId: ctx.taskId, contextId: ctx.contextId, artifact: { artifactId: randomUUID(), name, parts }, lastChunk: true };
	}

	executor() {
		return {
			execute: async (ctx, bus) => {
				this.operator.seen.add(ctx.taskId);
				if (ctx.task) await this.resume(ctx, bus);
				else await this.start(ctx, bus);
				bus.finished();
			},
			cancelTask: async (taskId, bus) => {
				if (this.operator.cancel(taskId)) return;
				bus.publish(this.status(taskId, "", "canceled", "Canceled by the client.", true));
				bus.finished();
			},
		};
	}

	async start(ctx, bus) {
		const said = textOf(ctx.userMessage);
		bus.publish({ kind: "task", id: ctx.taskId, contextId: ctx.contextId, status: { state: "submitted", timestamp: new Date().toISOString() }, history: [ctx.userMessage], artifacts: [] });
		await moment();
		if (/\bdeploy/i.test(said)) {
			await this.deploy(ctx, bus, said);
			return;
		}
		bus.publish(this.status(ctx.taskId, ctx.contextId, "input-required", question(), true));
	}

	async resume(ctx, bus) {
		if (ctx.task.status?.state !== "input-required") {
			bus.publish(this.status(ctx.taskId, ctx.contextId, "rejected", "This task does not wait for an answer.", true));
			return;
		}
		const answer = textOf(ctx.userMessage).trim();
		const branch = branchIn(answer);
		if (!branch) {
			bus.publish(this.status(ctx.taskId, ctx.contextId, "input-required", noBranch(answer), true));
			return;
		}
		bus.publish(this.status(ctx.taskId, ctx.contextId, "working", `Comparing against ${branch}.`, false));
		await moment();
		bus.publish(this.artifact(ctx, "review.txt", [text(`Reviewed against ${branch}: no findings.`)]));
		bus.publish(this.status(ctx.taskId, ctx.contextId, "completed", "Review done.", true));
	}

	async deploy(ctx, bus, said) {
		const id = ctx.taskId;
		bus.publish(this.status(id, ctx.contextId, "working", "Checking the build.", false));
		await moment();
		const verdict = this.operator.wait(id);
		bus.publish(this.status(id, ctx.contextId, "auth-required", `An operator must approve this deploy: POST ${this.operator.approveURL(id)}`, false));
		switch (await verdict) {
		case "approved":
			bus.publish(this.status(id, ctx.contextId, "working", "Approved by an operator; deploying.", false));
			await moment();
			bus.publish(this.artifact(ctx, "deploy.json", [data({ request: said, deployed: true })]));
			bus.publish(this.status(id, ctx.contextId, "completed", "Deployed.", true));
			break;
		case "refused":
			bus.publish(this.status(id, ctx.contextId, "rejected", "The operator refused this deploy.", true));
			break;
		default:
			bus.publish(this.status(id, ctx.contextId, "canceled", "Canceled by the client.", true));
		}
	}

	mount(app) {
		const card = this.card();
		const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), this.executor());
		const at = (p) => (this.path + p) || "/";
		app.use(at("/.well-known/agent-card.json"), agentCardHandler({ agentCardProvider: async () => card }));
		this.operator.mount(app, at);
		app.use(at("/rest"), restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
		app.use(at(""), jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
	}
}

serveAgents("agent-v03.mjs", (app, base, path) => new Desk(base, path).mount(app)).catch((e) => {
	console.error("agent-v03.mjs: " + (e && e.message ? e.message : e));
	process.exit(1);
});
