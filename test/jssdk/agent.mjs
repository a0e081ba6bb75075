// An A2A v1.0 agent written with the official JavaScript SDK's server
// classes (@a2a-js/sdk 1.3.0 on express 5.1.0), for a2aplay's interop
// tests: traffic from software nobody in a2aplay wrote.
//
//	node test/jssdk/agent.mjs [-host HOST] [-push] PORT [PATH ...]
//
// Without a PATH it serves one agent, "js-agent", at the origin's root;
// each PATH ("/reviewer", "/deployer") serves an agent of its own, named
// "js-" and the path's last segment, so several agents share one origin
// and differ only by path. Each agent serves:
//
//	GET  PATH/.well-known/agent-card.json   its card (v1.0: supportedInterfaces)
//	POST PATH                               the JSON-RPC binding
//	     PATH/rest/...                      the HTTP+JSON binding
//	POST PATH/approve/{taskId}              the operator's approval, outside A2A
//	POST PATH/refuse/{taskId}               the operator's refusal, outside A2A
//
// with CORS on every route, so a page on another origin can drive it.
// The card names the agent's URLs with HOST (default "localhost"); the
// server listens on 127.0.0.1 and, when the machine has it, on ::1, so
// the card's URLs and the loopback addresses all reach it.
//
// Every agent does two things, told apart by the message's text:
//
//   - A message that mentions "deploy" starts a deploy: the task goes
//     SUBMITTED, WORKING, then AUTH_REQUIRED with a status message naming
//     the approve URL. The execution waits, the stream stays open, until
//     an operator POSTs to the approve URL (WORKING, a deploy.json
//     artifact, COMPLETED) or the refuse URL (REJECTED), or the task is
//     canceled (CANCELED). Approving a task that does not wait answers
//     409, an unknown task 404.
//   - Anything else is a review request: the task stops in
//     INPUT_REQUIRED asking for the base branch; the answer, a new
//     message on the same task, completes it with a review.txt artifact.
//     An answer that names no known branch is asked again.
//
// With -push the cards declare push notifications, and the SDK's own
// push store and sender (DefaultPushNotificationSender) POST each event
// of a task with a configuration to its webhook: the token in
// X-A2A-Notification-Token, or the authentication as Authorization.
//
// When it listens it prints one line, "listening http://HOST:PORT", to
// stdout. It stops on SIGINT or SIGTERM.

import { randomUUID } from "node:crypto";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler, restHandler } from "@a2a-js/sdk/server/express";
import { Operator, branchIn, moment, noBranch, question, serveAgents } from "./common.mjs";

const text = (s) => ({ content: { $case: "text", value: s }, metadata: undefined, filename: "", mediaType: "text/plain" });
const data = (v) => ({ content: { $case: "data", value: v }, metadata: undefined, filename: "", mediaType: "application/json" });

function agentMessage(taskId, contextId, s) {
	return {
		messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT,
		parts: [text(s)], metadata: undefined, extensions: [], referenceTaskIds: [],
	};
}

function textOf(message) {
	return (message?.parts || [])
		.map((p) => (p.content?.$case === "text" ? p.content.value : ""))
		.filter(Boolean)
		.join("\n");
}

// A Desk is one agent: its card, its executor and the deploys that wait
// for an operator.
class Desk {
	constructor(base, path, push) {
		this.push = push; // the card declares push notifications
		this.base = base; // "http://localhost:8080/reviewer"
		this.path = path; // "/reviewer" or ""
		this.name = "js-" + (path ? path.split("/").pop() : "agent");
		this.operator = new Operator(base);
	}

	card() {
		const iface = (url, binding) => ({ url, protocolBinding: binding, tenant: "", protocolVersion: "1.0" });
		return {
			name: this.name,
			description: "An agent built on the A2A JavaScript SDK: it asks for a base branch before a review (INPUT_REQUIRED) and waits for an operator's approval before a deploy (AUTH_REQUIRED).",
			supportedInterfaces: [iface(this.base, "JSONRPC"), iface(this.base + "/rest", "HTTP+JSON")],
			version: "1.0.0",
			capabilities: { streaming: true, pushNotifications: this.push, extensions: [] },
			securitySchemes: {},
			securityRequirements: [],
			defaultInputModes: ["text/plain"],
			defaultOutputModes: ["text/plain", "application/json"],
			skills: [
				{
					id: "review", name: "Review a change",
					description: "Send what to review as text; the agent asks which base branch to compare against, and you answer on the same task.",
					tags: ["review"], examples: ["Please review my change to payments-api."],
					inputModes: ["text/plain"], outputModes: ["text/plain"], securityRequirements: [],
				},
				{
					id: "deploy", name: "Deploy a build",
					description: "Send a sentence with the word deploy; the task waits in AUTH_REQUIRED until an operator POSTs to the approve URL its status message names.",
					tags: ["deploy"], examples: ["Deploy 2026.10.06-1 to staging."],
					inputModes: ["text/plain"], outputModes: ["application/json"], securityRequirements: [],
				},
			],
			signatures: [],
		};
	}

	executor() {
		return {
			execute: (ctx, bus) => {
				this.operator.seen.add(ctx.taskId);
				return ctx.task ? this.resume(ctx, bus) : this.start(ctx, bus);
			},
			cancelTask: async (taskId, bus) => {
				if (this.operator.cancel(taskId)) return;
				bus.publish(AgentEvent.statusUpdate(this.status(taskId, "", TaskState.TASK_STATE_CANCELED, "Canceled by the client.")));
				bus.finished();
			},
		};
	}

	status(taskId, contextId, state, say) {
		return {
			taskId, contextId,
			status: { state, message: say ? agentMessage(taskId, contextId, say) : undefined, timestamp: new Date().toISOString() },
			metadata: undefined,
		};
	}

	task(ctx, state) {
		return {
			id: ctx.taskId, contextId: ctx.contextId,
			status: { state, message: undefined, timestamp: new Date().toISOString() },
			artifacts: [], history: [ctx.userMessage], metadata: undefined,
		};
	}

	artifact(ctx, name, parts) {
		return {
			taskId: ctx.taskId, contextId: ctx.contextId,
			artifact: { artifactId: randomUUID(), name, description: "", parts, metadata: undefined, extensions: [] },
			append: false, lastChunk: true, metadata: undefined,
		};
	}

	async start(ctx, bus) {
		const said = textOf(ctx.userMessage);
		bus.publish(AgentEvent.task(this.task(ctx, TaskState.TASK_STATE_SUBMITTED)));
		await moment();
		if (/\bdeploy/i.test(said)) {
			await this.deploy(ctx, bus, said);
			return;
		}
		bus.publish(AgentEvent.statusUpdate(this.status(ctx.taskId, ctx.contextId, TaskState.TASK_STATE_INPUT_REQUIRED, question())));
	}

	// resume handles a message on a task the agent already runs: the
	// answer to its question.
	async resume(ctx, bus) {
		const t = ctx.task;
		bus.publish(AgentEvent.task(t));
		if (t.status?.state !== TaskState.TASK_STATE_INPUT_REQUIRED) {
			bus.publish(AgentEvent.statusUpdate(this.status(ctx.taskId, ctx.contextId, TaskState.TASK_STATE_REJECTED,
				"This task does not wait for an answer.")));
			return;
		}
		const answer = textOf(ctx.userMessage).trim();
		const branch = branchIn(answer);
		if (!branch) {
			bus.publish(AgentEvent.statusUpdate(this.status(ctx.taskId, ctx.contextId, TaskState.TASK_STATE_INPUT_REQUIRED, noBranch(answer))));
			return;
		}
		bus.publish(AgentEvent.statusUpdate(this.status(ctx.taskId, ctx.contextId, TaskState.TASK_STATE_WORKING, `Comparing against ${branch}.`)));
		await moment();
		bus.publish(AgentEvent.artifactUpdate(this.artifact(ctx, "review.txt", [text(`Reviewed against ${branch}: no findings.`)])));
		bus.publish(AgentEvent.statusUpdate(this.status(ctx.taskId, ctx.contextId, TaskState.TASK_STATE_COMPLETED, "Review done.")));
	}

	async deploy(ctx, bus, said) {
		const id = ctx.taskId;
		bus.publish(AgentEvent.statusUpdate(this.status(id, ctx.contextId, TaskState.TASK_STATE_WORKING, "Checking the build.")));
		await moment();
		const verdict = this.operator.wait(id);
		bus.publish(AgentEvent.statusUpdate(this.status(id, ctx.contextId, TaskState.TASK_STATE_AUTH_REQUIRED,
			`An operator must approve this deploy: POST ${this.operator.approveURL(id)}`)));
		const v = await verdict;
		switch (v) {
		case "approved":
			bus.publish(AgentEvent.statusUpdate(this.status(id, ctx.contextId, TaskState.TASK_STATE_WORKING, "Approved by an operator; deploying.")));
			await moment();
			bus.publish(AgentEvent.artifactUpdate(this.artifact(ctx, "deploy.json", [data({ request: said, deployed: true })])));
			bus.publish(AgentEvent.statusUpdate(this.status(id, ctx.contextId, TaskState.TASK_STATE_COMPLETED, "Deployed.")));
			break;
		case "refused":
			bus.publish(AgentEvent.statusUpdate(this.status(id, ctx.contextId, TaskState.TASK_STATE_REJECTED, "The operator refused this deploy.")));
			break;
		default:
			bus.publish(AgentEvent.statusUpdate(this.status(id, ctx.contextId, TaskState.TASK_STATE_CANCELED, "Canceled by the client.")));
		}
		bus.finished();
	}

	mount(app) {
		const card = this.card();
		const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), this.executor());
		const at = (p) => (this.path + p) || "/";
		app.use(at("/.well-known/agent-card.json"), agentCardHandler({ agentCardProvider: async () => card, cache: { maxAge: 0 } }));
		this.operator.mount(app, at);
		app.use(at("/rest"), restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
		app.use(at(""), jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
	}
}

serveAgents("agent.mjs", (app, base, path, opts) => new Desk(base, path, opts.push).mount(app), ["push"]).catch((e) => {
	console.error("agent.mjs: " + (e && e.message ? e.message : e));
	process.exit(1);
});
