// Package record records the traffic of any A2A agent, in any language,
// into an a2aplay transcript: a [Recorder] is a reverse proxy that clients
// call instead of the agent.
//
//	client -> Recorder (proxy) -> agent
//	              |
//	              v
//	      replay.Appender -> session.http, one exchange at a time
//
// "a2aplay record" serves one:
//
//	a2aplay record -agent http://localhost:9999 -agent deployer=http://localhost:41243 -out session.http
//
// # Where the agents are
//
// Each [Agent] has a participant name and a base URL. The agent named in
// [Config.Root] is served at the proxy's root, so a client uses the
// proxy's URL exactly as it used the agent's; every other agent is served
// under /NAME/. A request to /NAME/rest/message:send goes to the agent's
// base URL followed by /rest/message:send, with the query kept.
//
// In what the agents send back, every URL under one of their base URLs
// is rewritten to lead through the proxy: the supportedInterfaces of an
// agent card, a Location header, and any URL in a JSON body or a stream
// frame, such as the approve link a deployer names in an AUTH_REQUIRED
// status message. So the client's follow-up calls, and an operator's
// approval, are recorded too. A URL is under a base when the scheme,
// host and port match, localhost, 127.0.0.1 and [::1] counting as one
// host, and its path starts with the base's path at a segment boundary;
// JSON's escaped slashes ("http:\/\/") are understood. Requests are
// passed on as they are.
//
// # What is recorded
//
// The transcript's participants are "client", for whoever calls the
// proxy, and the agents, at their own URLs; its notes say where each
// agent was served. Every exchange is recorded as the agent saw it: the
// request at the agent's URL, and the response before any rewriting, so
// the approve link in a recorded status message is the URL of the
// recorded approval. Nothing is translated: an exchange in A2A v0.3
// (message/send, "kind", lower-case states, "final") is recorded as it
// travelled, and reads as 0.3 (replay.ExchangeVersion). CORS preflights
// are passed on and not recorded. An
// exchange is named as capture names it ([capture.Classify]): the
// JSON-RPC method, the HTTP+JSON route's method, GetAgentCard, or plain
// HTTP outside A2A named by what it does: an operator's decision by its
// verb wherever the agent sits (PATH/approve/{taskId} is "approve").
//
// Times are the proxy's wall clock, in UTC, to the millisecond: a
// request when the proxy sends it on, a response when its head arrives,
// a frame when the empty line that ends it arrives. They are strictly
// increasing in the order the proxy saw them: one in the same
// millisecond as the one before is written 1 ms after it, so an
// approval sent right after the frame that asked for it stays after it. Stream bodies pass
// through at once: the proxy flushes to the client as soon as a line is
// whole, so a client sees each frame when the proxy does. A response that
// is not a stream is read whole (up to [MaxBody]) before it is passed on.
//
// With [Config.Normalize], ids and times are written as capture writes
// them ([capture.Normalizer]): deterministic UUIDs named after
// Config.Name, the kit's operator tokens made up the same way (an
// operator's approval passes through with its Authorization header, and
// without Normalize the file keeps the token as sent: it is good only
// while that run of the kit lasts, but share such a file with care),
// JSON-RPC and SSE ids counted from 1, and the synthetic
// clock of [capture.Tick], one tick per observation in the order the
// proxy saw them. Traffic over a network interleaves as it will, so two
// recordings of the same session may still differ where two connections
// raced.
//
// # Push notifications
//
// An agent's push notifications go to the client's webhook, not through
// the proxy. With [Config.Webhooks] ("a2aplay record -webhooks") the
// Recorder receives them: where a client gives a push notification
// configuration (inside SendMessage's configuration, or
// CreateTaskPushNotificationConfig, in either binding), the agent is
// sent the proxy's receiver, PROXY/_a2aplay/webhook/N, as the url, in
// place of the client's webhook; the rest of the request is passed on as
// it is. The rewrite is the one change the proxy makes to what a client
// sends, so it is noted on the exchange and in the transcript's header,
// and the exchange is recorded as the agent saw it, with the receiver's
// URL. Each notification the agent posts to the receiver is recorded as
// an exchange on the channel "push" from the agent to the participant
// "client-webhook", at the client's webhook URL, with a note naming the
// receiver; it is passed on unchanged (body and headers, the
// A2A-Notification-Token and Authorization included) to the client's
// webhook, and the webhook's answer, recorded too, goes back to the
// agent. The agent must be allowed to post to the proxy's address: the
// kit's agents on loopback post to loopback, others may need the proxy
// named (the kit's -push-allow).
//
// # Writing as it goes
//
// The header is written when the Recorder is made; each exchange is
// appended with one Write when it completes ([replay.Appender]), so the
// file parses at every moment and lists exchanges in the order they
// completed (a deploy stream after the approval that resumed it; steps
// are ordered by time all the same). A crash loses only the exchanges in
// flight. [Recorder.Close], which "a2aplay record" calls on Ctrl-C,
// writes those as they stand, a stream without its end and a request
// without its response, each with a note.
//
// # When things go wrong
//
// Each case gives one line on [Config.Log] and a clean exchange:
//
//   - an agent that does not answer (down, refusing, resetting, or
//     sending something that is not HTTP): the client gets 502 and the
//     exchange an error ("# @error connection refused");
//   - a client that goes away mid-stream: the agent's request is
//     cancelled and the stream ends "by the client";
//   - a stream or body that breaks off: what arrived is kept, with a note;
//   - bodies a transcript cannot hold (binary data, a line that starts
//     with "#"): left out with a note; frame text that is not UTF-8 gets
//     U+FFFD; an agent card that is not JSON is passed on as it is, with
//     a note;
//   - a path that leads to no agent: 404, not recorded.
//
// The proxy never panics on what a client or an agent sends, and what
// they send is recorded as text, never interpreted.
package record
