// What the clients of both SDK lines (client.mjs on @a2a-js/sdk 1.x,
// client-v03.mjs on 0.3.x) share: a client of an agent that prefers one
// binding, and the operator's side of the deploy, which approves outside
// A2A with a plain POST that carries the operator's token
// (OPERATOR_TOKEN), which no A2A message holds.

// clientFor makes a client of the agent at url with an SDK line's
// ClientFactory and ClientFactoryOptions (their API is the same in both
// lines), preferring binding (JSONRPC or HTTP+JSON).
export async function clientFor(sdk, url, binding) {
  const factory = new sdk.ClientFactory(
    sdk.ClientFactoryOptions.createFrom(sdk.ClientFactoryOptions.default, { preferredTransports: [binding] }),
  );
  return factory.createFromUrl(url);
}

// approveFrom finds the approve URL in the text of an AUTH_REQUIRED
// status message and POSTs the approval; fail is called with what went
// wrong.
export async function approveFrom(statusText, fail) {
  const url = statusText.match(/https?:\/\/\S+/)?.[0];
  if (!url) fail(`AUTH_REQUIRED names no approve URL: ${JSON.stringify(statusText)}`);
  const resp = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${process.env.OPERATOR_TOKEN ?? ""}` } });
  const body = await resp.text();
  console.log(`operator POST ${url}: ${resp.status} ${body.trim()}`);
  if (resp.status !== 200) fail(`the approval answered ${resp.status}`);
}

// What the agents of both SDK lines (agent.mjs on @a2a-js/sdk 1.x,
// agent-v03.mjs on 0.3.x) share: the command line, the server (express,
// CORS, loopback on IPv4 and IPv6, the "listening" line), the review's
// questions and the operator's side of the deploy, outside A2A. Each
// agent file keeps what its SDK line spells differently: the card, the
// parts, the states and the events.

// The branches a review may be compared against.
export const branches = ["main", "release/2026.10"];

// The reviewer's question, and what it says to an answer that names no
// branch it knows.
export const question = () => `Which base branch should I compare against? (${branches.join(" or ")})`;
export const noBranch = (answer) => `There is no branch ${JSON.stringify(answer)}. ${question()}`;

// branchIn finds a known branch in an answer, or returns undefined.
export const branchIn = (answer) => branches.find((b) => answer === b || answer.split(/\s+/).includes(b));

// A step of work takes a moment, so no two status timestamps of a task
// fall in one millisecond: a2aplay's normalisation gives equal times
// one instant, and the tests' fixture must come out the same each run.
export const moment = () => new Promise((resolve) => setTimeout(resolve, 5));

// An Operator is an agent's side of the deploy's approval: the deploys
// that wait, and the endpoints that decide them.
export class Operator {
  constructor(base) {
    this.base = base;
    this.waiting = new Map(); // taskId -> {decide(verdict)}
    this.seen = new Set(); // every task id the agent ran
  }

  approveURL(taskId) {
    return `${this.base}/approve/${taskId}`;
  }

  // wait registers a deploy that waits, before it says AUTH_REQUIRED (so
  // an approval that comes at once finds it), and resolves with the
  // verdict: "approved", "refused" or "canceled".
  wait(taskId) {
    return new Promise((resolve) => this.waiting.set(taskId, { decide: resolve })).finally(() => this.waiting.delete(taskId));
  }

  // cancel ends a wait as canceled; false when the task does not wait.
  cancel(taskId) {
    const w = this.waiting.get(taskId);
    if (w) w.decide("canceled");
    return !!w;
  }

  // endpoint answers the operator's POST (approve or refuse): 409 for a
  // task that does not wait, 404 for an unknown one. It answers first and
  // resumes the task a moment later: the reply precedes the frames it
  // causes, even for a client that reads them on another connection.
  endpoint(verdict) {
    return (req, res) => {
      const w = this.waiting.get(req.params.taskId);
      if (!w) {
        const known = this.seen.has(req.params.taskId);
        res.status(known ? 409 : 404).json({ error: known ? "this task does not wait for an operator" : "no such task" });
        return;
      }
      this.waiting.delete(req.params.taskId);
      res.json({ taskId: req.params.taskId, decision: verdict });
      setTimeout(() => w.decide(verdict), 50);
    };
  }

  mount(app, at) {
    app.post(at("/approve/:taskId"), this.endpoint("approved"));
    app.post(at("/refuse/:taskId"), this.endpoint("refused"));
  }
}

function parseAgentArgs(script, argv, flags) {
  const usage = (msg) => {
    if (msg) console.error(`${script}: ${msg}`);
    console.error(`usage: node ${script} [-host HOST] ${flags.map((f) => `[-${f}] `).join("")}PORT [PATH ...]`);
    process.exit(2);
  };
  let host = "localhost";
  const opts = Object.fromEntries(flags.map((f) => [f, false]));
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i].replace(/^--?/, "");
    if (argv[i] === "-host" || argv[i] === "--host") {
      if (i + 1 >= argv.length) usage("-host needs a value");
      host = argv[++i];
    } else if (argv[i].startsWith("-") && flags.includes(flag)) {
      opts[flag] = true;
    } else {
      rest.push(argv[i]);
    }
  }
  if (rest.length === 0) usage("no port");
  const port = Number(rest[0]);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) usage(`port ${JSON.stringify(rest[0])} is not a number from 1 to 65535`);
  const paths = rest.slice(1).map((p) => {
    if (!/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(p)) usage(`path ${JSON.stringify(p)} must look like /name or /a/b`);
    return p;
  });
  if (new Set(paths).size !== paths.length) usage("a path is given twice");
  return { host, port, opts, paths: paths.length ? paths : [""] };
}

function cors(req, res, next) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type, A2A-Version, A2A-Extensions, Authorization");
  res.setHeader("Access-Control-Expose-Headers", "A2A-Extensions");
  res.setHeader("Access-Control-Max-Age", "600");
  if (req.method === "OPTIONS") {
    res.status(204).end();
    return;
  }
  next();
}

function listen(app, port, address) {
  return new Promise((resolve, reject) => {
    const srv = app.listen(port, address);
    srv.once("listening", () => resolve(srv));
    srv.once("error", reject);
  });
}

// serveAgents reads the command line of script ([-host HOST], a -NAME
// for each of the boolean flags script takes, PORT [PATH ...]) and
// serves one agent per path, each mounted by mount(app, base, path,
// opts), where base is its URL ("http://HOST:PORT/PATH"), path "" or
// "/name" and opts maps each flag to whether it was given; it prints
// "listening ..." once it listens and stops on SIGINT or SIGTERM.
export async function serveAgents(script, mount, flags = []) {
  const { default: express } = await import("express");
  const { host, port, opts, paths } = parseAgentArgs(script, process.argv.slice(2), flags);
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const app = express();
  app.disable("x-powered-by");
  app.use(cors);
  for (const p of paths) mount(app, origin + p, p, opts);
  app.use((req, res) => res.status(404).json({ error: `nothing at ${req.method} ${req.path}` }));

  const servers = [await listen(app, port, "127.0.0.1")];
  try {
    servers.push(await listen(app, port, "::1"));
  } catch (e) {
    if (e.code !== "EADDRNOTAVAIL" && e.code !== "EAFNOSUPPORT") throw e;
  }
  const stop = () => {
    for (const s of servers) {
      s.close();
      s.closeAllConnections();
    }
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  console.log(`listening ${origin} ${paths.map((p) => p || "/").join(" ")}`);
}
