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
