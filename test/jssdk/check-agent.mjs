// A small A2A v1.0 agent on the official JavaScript SDK's server classes
// (@a2a-js/sdk 1.3.0, express 5.1.0). a2aplay's check package records
// a2a-go's client talking to it, so that its clean corpus holds traffic
// from an agent nobody in a2aplay wrote:
//
//	node test/jssdk/check-agent.mjs PORT
//
// It serves, on 127.0.0.1:PORT and with URLs naming localhost:PORT,
//
//	GET  /.well-known/agent-card.json   the card
//	POST /                              JSON-RPC
//	     /rest/...                      HTTP+JSON
//	POST /approve/{taskId}              an operator's approval, outside A2A
//
// A message that mentions "deploy" waits in TASK_STATE_AUTH_REQUIRED for
// the approval; any other asks for a base branch (INPUT_REQUIRED) and
// completes when a message on the same task answers it. It prints
// "listening" once it listens and stops on SIGTERM.

import { randomUUID } from "node:crypto";
import express from "express";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler, restHandler } from "@a2a-js/sdk/server/express";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
	console.error("usage: node check-agent.mjs PORT");
	process.exit(2);
}
const base = `http://localhost:${port}`;

const textPart = (s) => ({ content: { $case: "text", value: s }, metadata: undefined, filename: "", mediaType: "text/plain" });

const say = (taskId, contextId, s) => ({
	messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT,
	parts: [textPart(s)], metadata: undefined, extensions: [], referenceTaskIds: [],
});

const update = (taskId, contextId, state, s) => ({
	taskId, contextId, metadata: undefined,
	status: { state, message: s ? say(taskId, contextId, s) : undefined, timestamp: new Date().toISOString() },
});

const words = (m) => (m?.parts || []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join(" ");

const card = {
	name: "check-agent",
	description: "Asks for a base branch before a review, and for an operator's approval before a deploy.",
	supportedInterfaces: [
		{ url: base, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" },
		{ url: base + "/rest", protocolBinding: "HTTP+JSON", tenant: "", protocolVersion: "1.0" },
	],
	version: "1.0.0",
	capabilities: { streaming: true, pushNotifications: false, extensions: [] },
	securitySchemes: {},
	securityRequirements: [],
	defaultInputModes: ["text/plain"],
	defaultOutputModes: ["text/plain"],
	skills: [{
		id: "review-or-deploy", name: "Review or deploy",
		description: "Ask for a review (the agent asks for the base branch) or a deploy (an operator approves it).",
		tags: ["review", "deploy"], examples: ["Review my change.", "Deploy 2026.10.06-1."],
		inputModes: ["text/plain"], outputModes: ["text/plain"], securityRequirements: [],
	}],
	signatures: [],
};

const approvals = new Map(); // taskId -> resolve

const executor = {
	async execute(ctx, bus) {
		const { taskId, contextId } = ctx;
		if (ctx.task) {
			bus.publish(AgentEvent.task(ctx.task));
			bus.publish(AgentEvent.artifactUpdate({
				taskId, contextId, append: false, lastChunk: true, metadata: undefined,
				artifact: { artifactId: randomUUID(), name: "review.txt", description: "", parts: [textPart(`Compared against ${words(ctx.userMessage).trim()}: nothing to say.`)], metadata: undefined, extensions: [] },
			}));
			bus.publish(AgentEvent.statusUpdate(update(taskId, contextId, TaskState.TASK_STATE_COMPLETED, "Reviewed.")));
			bus.finished();
			return;
		}
		bus.publish(AgentEvent.task({
			id: taskId, contextId, artifacts: [], history: [ctx.userMessage], metadata: undefined,
			status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
		}));
		if (!/deploy/i.test(words(ctx.userMessage))) {
			bus.publish(AgentEvent.statusUpdate(update(taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, "Which base branch should I compare against?")));
			bus.finished();
			return;
		}
		const approved = new Promise((resolve) => approvals.set(taskId, resolve));
		bus.publish(AgentEvent.statusUpdate(update(taskId, contextId, TaskState.TASK_STATE_AUTH_REQUIRED, `An operator must approve this deploy at ${base}/approve/${taskId}`)));
		await approved;
		bus.publish(AgentEvent.statusUpdate(update(taskId, contextId, TaskState.TASK_STATE_COMPLETED, "Approved and deployed.")));
		bus.finished();
	},
	async cancelTask(taskId, bus) {
		bus.publish(AgentEvent.statusUpdate(update(taskId, "", TaskState.TASK_STATE_CANCELED, "Canceled.")));
		bus.finished();
	},
};

const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
const app = express();
app.disable("x-powered-by");
app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: async () => card }));
app.post("/approve/:taskId", (req, res) => {
	const resolve = approvals.get(req.params.taskId);
	if (!resolve) {
		res.status(404).json({ error: "no deploy waits for this task" });
		return;
	}
	approvals.delete(req.params.taskId);
	res.json({ taskId: req.params.taskId, decision: "approved" });
	setTimeout(resolve, 20); // the reply goes out before the frames it causes
});
app.use("/rest", restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
app.use("/", jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));

const server = app.listen(port, "127.0.0.1", () => console.log("listening"));
process.once("SIGTERM", () => {
	server.close();
	server.closeAllConnections();
});
