// A client built on @a2a-js/sdk drives the a2aplay kit the way a chat
// client does: text parts only. Run by test/jssdk_test.go:
//
//   OPERATOR_TOKEN=a2aop_… node client.mjs REVIEWER_URL DEPLOYER_URL BINDING DIFF_FILE
//
// OPERATOR_TOKEN is the deployer's operator token, which approves the
// deploy (a2aplay agents prints it).
// BINDING is JSONRPC or HTTP+JSON. It prints one line per step and exits
// non-zero, saying what went wrong, at the first surprise.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import * as sdk from "@a2a-js/sdk/client";
import { Role, TaskState } from "@a2a-js/sdk";
import { approveFrom, clientFor } from "./common.mjs";

const [reviewerURL, deployerURL, binding, diffFile] = process.argv.slice(2);
if (!diffFile) {
  console.error("usage: node client.mjs REVIEWER_URL DEPLOYER_URL JSONRPC|HTTP+JSON DIFF_FILE");
  process.exit(2);
}
const diff = readFileSync(diffFile, "utf8");

function fail(msg) {
  console.error(`FAIL (${binding}): ${msg}`);
  process.exit(1);
}

function state(s) {
  return TaskState[s] ?? String(s);
}

function text(msg) {
  return (msg?.parts ?? [])
    .filter((p) => p.content?.$case === "text")
    .map((p) => p.content.value)
    .join("\n");
}

// A user message of text parts, on a task when one is given.
function userText(texts, task) {
  return {
    messageId: randomUUID(),
    role: Role.ROLE_USER,
    parts: texts.map((t) => ({ content: { $case: "text", value: t } })),
    ...(task ? { taskId: task.id, contextId: task.contextId } : {}),
  };
}

async function send(client, message) {
  const res = await client.sendMessage({ message });
  if (!res || !("status" in res)) fail(`sendMessage returned ${JSON.stringify(res)}, not a task`);
  console.log(`review ${res.id.slice(0, 8)}: ${state(res.status.state)} ${JSON.stringify(text(res.status.message))}`);
  return res;
}

// The review: a request sentence and the diff, then answers on the same task.
async function review() {
  const client = await clientFor(sdk, reviewerURL, binding);
  let task = await send(client, userText([`Please review this diff of payments-api:\n${diff}`]));
  if (task.status.state !== TaskState.TASK_STATE_INPUT_REQUIRED || !text(task.status.message).endsWith("Which base branch should I compare this diff against?")) {
    fail(`the request: ${state(task.status.state)}, want INPUT_REQUIRED asking for the base branch`);
  }
  const first = task.id;
  task = await send(client, userText(["no-such-branch"], task));
  if (task.id !== first || task.status.state !== TaskState.TASK_STATE_INPUT_REQUIRED || !text(task.status.message).includes("main, develop and release/2026.10")) {
    fail(`an unknown branch: ${state(task.status.state)}, want INPUT_REQUIRED on the same task naming the branches`);
  }
  task = await send(client, userText(["main"], task));
  if (task.id !== first || task.status.state !== TaskState.TASK_STATE_COMPLETED) {
    fail(`the answer: ${state(task.status.state)}, want COMPLETED on the same task`);
  }
  const art = task.artifacts.find((a) => a.name === "review.json");
  const data = art?.parts?.[0]?.content;
  if (data?.$case !== "data" || data.value?.totals?.files !== 3 || data.value?.base !== "main") {
    fail(`the review.json artifact: ${JSON.stringify(art)}`);
  }
  console.log(`review ${first.slice(0, 8)}: review.json, ${data.value.totals.files} files, ${data.value.totals.findings} findings`);
}

// The deploy: one stream, stopped at AUTH_REQUIRED until the operator
// approves outside A2A, then carried on to COMPLETED and closed.
async function deploy() {
  const client = await clientFor(sdk, deployerURL, binding);
  const seen = [];
  let approved = false;
  for await (const ev of client.sendMessageStream({ message: userText(["please ship build 2026.10.06-1 to the staging environment"]) })) {
    const p = ev.payload;
    let line;
    switch (p?.$case) {
      case "task":
        line = `task ${state(p.value.status.state)}`;
        break;
      case "statusUpdate":
        line = `statusUpdate ${state(p.value.status.state)}`;
        break;
      case "artifactUpdate":
        line = `artifactUpdate ${p.value.artifact?.name}`;
        break;
      default:
        fail(`an unexpected frame: ${JSON.stringify(ev)}`);
    }
    seen.push(line);
    console.log(`deploy frame ${seen.length}: ${line}`);
    if (p.$case === "statusUpdate" && p.value.status.state === TaskState.TASK_STATE_AUTH_REQUIRED) {
      // Outside A2A: the operator approves (common.mjs).
      await approveFrom(text(p.value.status.message), fail);
      approved = true;
    }
  }
  const want = [
    "task TASK_STATE_SUBMITTED",
    "statusUpdate TASK_STATE_WORKING",
    "statusUpdate TASK_STATE_AUTH_REQUIRED",
    "statusUpdate TASK_STATE_WORKING",
    "artifactUpdate deploy.json",
    "statusUpdate TASK_STATE_COMPLETED",
  ];
  if (!approved || JSON.stringify(seen) !== JSON.stringify(want)) {
    fail(`the deploy stream carried ${JSON.stringify(seen)}, want ${JSON.stringify(want)}`);
  }
  console.log("deploy: the stream closed after COMPLETED");
}

try {
  await review();
  await deploy();
  console.log(`ok (${binding})`);
} catch (err) {
  fail(err?.stack ?? String(err));
}
