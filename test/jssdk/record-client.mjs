// record-client.mjs drives the a2aplay kit through "a2aplay record" with
// the official A2A JavaScript SDK's client, as any generic client would:
// it reads each agent's card from the proxy and calls the URLs the card
// lists, so every call, and the operator's approval, must go through the
// proxy to be recorded.
//
// usage: OPERATOR_TOKEN=a2aop_… node record-client.mjs PROXY_URL DIFF_FILE
// (OPERATOR_TOKEN: the kit deployer's operator token, which approves)
//
// The code-reviewer is at PROXY_URL/code-reviewer and the deployer at
// PROXY_URL/deployer. It prints one JSON line per thing it saw, and exits
// 1 with the reason when the kit does not answer as the tutorial says.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { ClientFactory } from "@a2a-js/sdk/client";
import { Role, TaskState } from "@a2a-js/sdk";

const [proxy, diffFile] = process.argv.slice(2);
if (!proxy || !diffFile) {
  console.error("usage: node record-client.mjs PROXY_URL DIFF_FILE");
  process.exit(2);
}
const diff = readFileSync(diffFile, "utf8");

const say = (what) => console.log(JSON.stringify(what));
const state = (s) => TaskState[s];
const text = (value) => ({ content: { $case: "text", value } });
const data = (value) => ({ content: { $case: "data", value } });
const message = (parts, task) => ({
  message: {
    messageId: randomUUID(),
    role: Role.ROLE_USER,
    parts,
    ...(task ? { taskId: task.id, contextId: task.contextId } : {}),
  },
});
function expect(what, got, want) {
  if (got !== want) throw new Error(`${what}: ${got}, want ${want}`);
}

const factory = new ClientFactory();
// The SDK looks for a card at the root of the URL's origin unless given
// the card's whole URL (and an empty path): the proxy serves each agent
// under its own path.
const card = (name) => factory.createFromUrl(`${proxy}/${name}/.well-known/agent-card.json`, "");

// The review: the reviewer asks for the base branch; the answer goes on
// the same task.
const reviewer = await card("code-reviewer");
const asked = await reviewer.sendMessage(message([text(diff), data({ repository: "payments-api" })]));
expect("review", state(asked.status?.state), "TASK_STATE_INPUT_REQUIRED");
say({ step: "review", task: asked.id, state: state(asked.status.state) });
const done = await reviewer.sendMessage(message([text("main")], asked));
expect("answer", state(done.status?.state), "TASK_STATE_COMPLETED");
expect("answer's task", done.id, asked.id);
say({ step: "answer", task: done.id, state: state(done.status.state), artifacts: done.artifacts.map((a) => a.name) });

// The deploy: one stream; at AUTH_REQUIRED the operator approves at the
// link the status message names, and the same stream completes.
const deployer = await card("deployer");
let frames = 0, last = "", approved = "";
for await (const ev of deployer.sendMessageStream(message([data({ build: "2026.10.06-1", environment: "staging" })]))) {
  frames++;
  const p = ev.payload;
  const st = p?.$case === "task" || p?.$case === "statusUpdate" ? p.value.status : undefined;
  if (!st) continue;
  last = state(st.state);
  if (last === "TASK_STATE_AUTH_REQUIRED" && !approved) {
    const words = st.message.parts.map((x) => (x.content?.$case === "text" ? x.content.value : "")).join(" ");
    approved = words.match(/https?:\/\/\S+/)[0];
    if (!approved.startsWith(proxy + "/")) throw new Error(`the approve link ${approved} does not lead through the proxy`);
    // The operator's token, which the kit gave its operator (here the
    // test, through OPERATOR_TOKEN), never the A2A client.
    const r = await fetch(approved, { method: "POST", headers: { Authorization: `Bearer ${process.env.OPERATOR_TOKEN ?? ""}` } });
    expect("approve", r.status, 200);
    say({ step: "approve", url: approved, status: r.status });
  }
}
expect("deploy", last, "TASK_STATE_COMPLETED");
say({ step: "deploy", frames, state: last });
