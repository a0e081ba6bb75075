// A client built on @a2a-js/sdk that takes the webhook road: it sends a
// deploy, holds no stream, and learns of the deploy's resumption and
// completion from push notifications its own small HTTP receiver gets.
// Run by test/jssdk_test.go (against the kit) and test/record_test.go
// (against test/jssdk/agent.mjs through a2aplay record -webhooks):
//
//   OPERATOR_TOKEN=a2aop_… node webhook-client.mjs DEPLOYER_URL BINDING HOW
//
// HOW is "inline": the webhook goes in SendMessage's configuration, with
// a token; or "create": after SendMessage returns at AUTH_REQUIRED, the
// client registers it with CreateTaskPushNotificationConfig, with Bearer
// authentication. The receiver listens on 127.0.0.1 and answers 401 to a
// notification that lacks the token or the credentials the configuration
// gave (the client validates, §13.2), 204 otherwise. Then the operator
// approves outside A2A (common.mjs), the receiver waits for the
// notifications of WORKING and COMPLETED, and the client reads the
// result with one GetTask. It prints one JSON line per step and exits
// non-zero, saying what went wrong, at the first surprise.
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import * as sdk from "@a2a-js/sdk/client";
import { Role, TaskState } from "@a2a-js/sdk";
import { approveFrom, clientFor } from "./common.mjs";

const [deployerURL, binding, how] = process.argv.slice(2);
if (!how || !["inline", "create"].includes(how)) {
  console.error("usage: node webhook-client.mjs DEPLOYER_URL JSONRPC|HTTP+JSON inline|create");
  process.exit(2);
}

function fail(msg) {
  console.error(`FAIL (${binding} ${how}): ${msg}`);
  process.exit(1);
}

const log = (o) => console.log(JSON.stringify(o));
const state = (s) => TaskState[s] ?? String(s);
const token = "js-webhook-token-" + randomUUID();
const credentials = "js-webhook-secret-" + randomUUID();

// The receiver: each notification's payload kind and state, in order;
// waiters are woken when one arrives.
const got = [];
let wake = () => {};
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const tok = req.headers["a2a-notification-token"] ?? req.headers["x-a2a-notification-token"];
    const auth = req.headers["authorization"];
    const valid = how === "inline" ? tok === token : /^bearer$/i.test((auth ?? "").split(" ")[0]) && (auth ?? "").split(" ").slice(1).join(" ") === credentials;
    if (!valid) {
      log({ step: "notification refused", token: tok ?? null, authorization: auth ? "(other)" : null });
      res.writeHead(401).end();
      return;
    }
    let p;
    try {
      p = JSON.parse(body);
    } catch {
      fail(`a notification that is not JSON: ${body.slice(0, 200)}`);
    }
    const kind = ["task", "message", "statusUpdate", "artifactUpdate"].filter((k) => k in p);
    if (kind.length !== 1) fail(`a notification with ${kind.length} payloads: ${body.slice(0, 200)}`);
    const v = p[kind[0]];
    const st = v.status?.state ?? null;
    got.push({ kind: kind[0], state: st, task: v.id ?? v.taskId });
    log({ step: "notification", kind: kind[0], state: st });
    res.writeHead(204).end();
    wake();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hook = `http://127.0.0.1:${receiver.address().port}/hook`;

// until waits for a notification that satisfies ok, at most 20 s.
function until(ok, what) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => fail(`no notification of ${what} within 20 s; got ${JSON.stringify(got)}`), 20000);
    const check = () => {
      if (got.some(ok)) {
        clearTimeout(timer);
        resolve();
      }
    };
    wake = check;
    check();
  });
}

try {
  const client = await clientFor(sdk, deployerURL, binding);
  const config = { tenant: "", id: "", taskId: "", url: hook, token: "", authentication: undefined };
  if (how === "inline") config.token = token;
  const message = {
    messageId: randomUUID(),
    role: Role.ROLE_USER,
    parts: [{ content: { $case: "text", value: "please deploy build 2026.10.06-1 to the staging environment" } }],
  };
  const task = await client.sendMessage({
    message,
    configuration: { acceptedOutputModes: [], returnImmediately: false, taskPushNotificationConfig: how === "inline" ? config : undefined },
  });
  if (!task || !("status" in task) || task.status.state !== TaskState.TASK_STATE_AUTH_REQUIRED) {
    fail(`SendMessage returned ${JSON.stringify(task)}, want a task in AUTH_REQUIRED`);
  }
  log({ step: "send", state: state(task.status.state) });
  if (how === "create") {
    const created = await client.createTaskPushNotificationConfig({
      ...config, taskId: task.id, authentication: { scheme: "Bearer", credentials },
    });
    if (created.taskId !== task.id || !created.id) fail(`CreateTaskPushNotificationConfig returned ${JSON.stringify(created)}`);
    // Behind a2aplay record -webhooks the answer names the recorder's
    // receiver, the url the agent was given, in place of ours.
    log({ step: "create", id: created.id, url: created.url === hook ? "ours" : created.url });
  }
  const before = got.length;
  const text = (task.status.message?.parts ?? []).filter((p) => p.content?.$case === "text").map((p) => p.content.value).join("\n");
  await approveFrom(text, fail);
  // The resumption is a WORKING that follows the AUTH_REQUIRED the
  // webhook was told of (inline; a notification may come after the
  // approval was sent), or any after the approval (create).
  const waited = () => Math.max(before, got.findLastIndex((n) => n.state === "TASK_STATE_AUTH_REQUIRED") + 1);
  const after = (pred) => (n, i) => i >= waited() && n.task === task.id && pred(n);
  if (how === "inline") await until((n) => n.state === "TASK_STATE_AUTH_REQUIRED", "the wait (AUTH_REQUIRED)");
  await until(after((n) => n.state === "TASK_STATE_WORKING"), "the resumption (WORKING)");
  await until(after((n) => n.state === "TASK_STATE_COMPLETED"), "the completion (COMPLETED)");
  const done = await client.getTask({ tenant: "", id: task.id, historyLength: 0 });
  if (done.status.state !== TaskState.TASK_STATE_COMPLETED || !(done.artifacts ?? []).some((a) => a.name === "deploy.json")) {
    fail(`GetTask after the completion: ${state(done.status.state)}, artifacts ${JSON.stringify((done.artifacts ?? []).map((a) => a.name))}`);
  }
  log({ step: "get", state: state(done.status.state), notifications: got.length, afterWait: got.length - waited() });
  receiver.close();
  console.log(`ok (${binding} ${how})`);
} catch (err) {
  fail(err?.stack ?? String(err));
}
