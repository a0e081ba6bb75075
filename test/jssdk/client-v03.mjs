// A client built on @a2a-js/sdk 0.3 (installed as the npm alias
// a2a-sdk-v03) drives the a2aplay kit over A2A v0.3, as the many clients
// still on 0.3 do: text parts only, 0.3's wire (message/send,
// message/stream, "kind", lower-case states, no A2A-Version header). Run
// by test/jssdk_test.go:
//
//   OPERATOR_TOKEN=a2aop_… node client-v03.mjs REVIEWER_URL DEPLOYER_URL BINDING DIFF_FILE
//
// BINDING is JSONRPC or HTTP+JSON. It prints one line per step and exits
// non-zero, saying what went wrong, at the first surprise.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import * as sdk from "a2a-sdk-v03/client";
import { approveFrom, clientFor } from "./common.mjs";

const [reviewerURL, deployerURL, binding, diffFile] = process.argv.slice(2);
if (!diffFile) {
  console.error("usage: node client-v03.mjs REVIEWER_URL DEPLOYER_URL JSONRPC|HTTP+JSON DIFF_FILE");
  process.exit(2);
}
const diff = readFileSync(diffFile, "utf8");

function fail(msg) {
  console.error(`FAIL (0.3 ${binding}): ${msg}`);
  process.exit(1);
}

function text(msg) {
  return (msg?.parts ?? [])
    .filter((p) => p.kind === "text")
    .map((p) => p.text)
    .join("\n");
}

// A user message of text parts, on a task when one is given.
function userText(texts, task) {
  return {
    kind: "message",
    messageId: randomUUID(),
    role: "user",
    parts: texts.map((t) => ({ kind: "text", text: t })),
    ...(task ? { taskId: task.id, contextId: task.contextId } : {}),
  };
}

async function send(client, message) {
  const res = await client.sendMessage({ message });
  if (res?.kind !== "task") fail(`message/send returned ${JSON.stringify(res)}, not a task`);
  console.log(`review ${res.id.slice(0, 8)}: ${res.status.state} ${JSON.stringify(text(res.status.message))}`);
  return res;
}

// The review: a request sentence and the diff, then answers on the same task.
async function review() {
  const client = await clientFor(sdk, reviewerURL, binding);
  let task = await send(client, userText([`Please review this diff of payments-api:\n${diff}`]));
  if (task.status.state !== "input-required" || !text(task.status.message).endsWith("Which base branch should I compare this diff against?")) {
    fail(`the request: ${task.status.state}, want input-required asking for the base branch`);
  }
  const first = task.id;
  task = await send(client, userText(["no-such-branch"], task));
  if (task.id !== first || task.status.state !== "input-required" || !text(task.status.message).includes("main, develop and release/2026.10")) {
    fail(`an unknown branch: ${task.status.state}, want input-required on the same task naming the branches`);
  }
  task = await send(client, userText(["main"], task));
  if (task.id !== first || task.status.state !== "completed") {
    fail(`the answer: ${task.status.state}, want completed on the same task`);
  }
  const part = task.artifacts?.find((a) => a.name === "review.json")?.parts?.[0];
  // a2a-go's 0.3 handlers send a data part whose Go value is not a map
  // (the kit's review.json is a struct) as {"value": …}, with the
  // metadata data_part_compat: true.
  const data = part?.data?.value ?? part?.data;
  if (part?.kind !== "data" || data?.totals?.files !== 3 || data?.base !== "main") {
    fail(`the review.json artifact: ${JSON.stringify(part)}`);
  }
  console.log(`review ${first.slice(0, 8)}: review.json, ${data.totals.files} files, ${data.totals.findings} findings`);
}

// The deploy: one stream, stopped at auth-required until the operator
// approves outside A2A, then carried on to completed, its last frame
// marked final, and closed.
async function deploy() {
  const client = await clientFor(sdk, deployerURL, binding);
  const seen = [];
  let approved = false;
  let final = 0;
  for await (const ev of client.sendMessageStream({ message: userText(["please ship build 2026.10.06-1 to the staging environment"]) })) {
    let line;
    switch (ev?.kind) {
      case "task":
        line = `task ${ev.status.state}`;
        break;
      case "status-update":
        line = `status-update ${ev.status.state}`;
        if (ev.final) final = seen.length + 1;
        break;
      case "artifact-update":
        line = `artifact-update ${ev.artifact?.name}`;
        break;
      default:
        fail(`an unexpected frame: ${JSON.stringify(ev)}`);
    }
    seen.push(line);
    console.log(`deploy frame ${seen.length}: ${line}${ev.final ? " (final)" : ""}`);
    if (ev.kind === "status-update" && ev.status.state === "auth-required") {
      await approveFrom(text(ev.status.message), fail);
      approved = true;
    }
  }
  const want = [
    "task submitted",
    "status-update working",
    "status-update auth-required",
    "status-update working",
    "artifact-update deploy.json",
    "status-update completed",
  ];
  if (!approved || JSON.stringify(seen) !== JSON.stringify(want)) {
    fail(`the deploy stream carried ${JSON.stringify(seen)}, want ${JSON.stringify(want)}`);
  }
  if (final !== want.length) fail(`frame ${final} was marked final, want frame ${want.length}`);
  console.log("deploy: the stream closed after its final frame, completed");
}

try {
  await review();
  await deploy();
  console.log(`ok (0.3 ${binding})`);
} catch (err) {
  fail(err?.stack ?? String(err));
}
