// Package live lets a learner play the A2A interrupted states against
// real agents and records what happens as a transcript while it happens.
//
//	learner's move -> a2aclient -> capture.Recorder -> capture.Transport -> agents (offline)
//	                                                                    -> proxy -> RoundTripper -> agent URL (remote)
//	recorded events -> Session.Transcript -> replay.Write / replay.Steps -> diagram
//
// Live play is capture with a person in place of the script: the same
// in-process transport, the same recorder, the same transcript format.
// The package is pure Go (no syscall/js): it runs natively in tests and,
// unchanged, in a Web Worker of the playground (cmd/live).
//
// # Sessions
//
// [Open] starts a [Session] in one of two modes.
//
// Offline (the zero [Config]) builds the kit — planner, code-reviewer,
// deployer — in process, behind a [capture.Transport], at their usual
// base URLs (http://localhost:41241 to 41243). Nothing leaves the
// process, so it works from static files with no server.
//
// Remote ([Config].Remote lists base URLs) reads each agent's card,
// recorded as GetAgentCard exchanges, and drives the agents over
// [Config].Transport: in a browser, Go's net/http is the page's fetch,
// so the agents must allow CORS (the kit's do). Requests still pass
// through a capture.Transport, whose handler for each host is a proxy
// that sends them on and streams the replies back, so a remote exchange
// is recorded exactly like an in-process one. A participant is named
// after its card's name ("code-reviewer"), made a single word.
//
// A remote agent is its card, not its origin: its name and every URL
// the card lists, with the base URL it was opened at. Agents served on
// one origin under different paths (http://host:8080/reviewer,
// http://host:8080/deployer) are two participants, and localhost,
// 127.0.0.1 and [::1] on one port are one host, so an agent opened as
// http://127.0.0.1:41242 whose card names http://localhost:41242 is one
// participant, and an agent named twice is one agent. Each exchange is
// drawn to the agent whose card covers its URL ([replay.Agents]); a
// call outside A2A is named from the path below the agent's base URL
// ("approve").
//
// # Moves
//
// Each move is a method that blocks until it has the answer and returns
// a [Result]; a page runs each in its own goroutine. Every move takes a
// [Binding] (JSON-RPC, the default, or HTTP+JSON) and, where a kit agent
// is meant, an optional agent name.
//
//	SendDiff          blocking SendMessage of the payments-api diff to the code-reviewer;
//	                  without Base it stops in INPUT_REQUIRED with the reviewer's question
//	Answer            a new message on the task (taskId and contextId), blocking;
//	                  Variant tries WrongTask, NoContext or OtherContext instead
//	Deploy            SendStreamingMessage to the deployer (Blocking: SendMessage);
//	                  returns at AUTH_REQUIRED with Task.ApproveURL, the stream is read on
//	Approve, Refuse   the operator's plain POST /approve/{taskId} or /refuse/{taskId},
//	                  outside A2A, by task id (the deployer's or the planner's) or URL,
//	                  with the operator's token as Authorization: Bearer (offline, the
//	                  session holds the in-page kit's; remote, DecideArgs.Token, the one
//	                  "a2aplay agents" printed); the reply comes before the frames it
//	                  causes, which the open stream records
//	SendWhileWaiting  a message on a task waiting in AUTH_REQUIRED
//	Subscribe         SubscribeToTask; returns at the first event, the stream is read on
//	GetTask, Cancel   GetTask and CancelTask
//	Poll              a polling client's GetTask with historyLength (see Roads)
//	RunPlanner        blocking SendMessage to the planner: the learner is its client and
//	                  the operator; it passes INPUT_REQUIRED, then AUTH_REQUIRED, up
//	Send              a text message to any agent, blocking or streaming, new task or not
//
// A move that cannot start (no such task or agent, a bad argument, the
// session closed) returns an error and sends nothing. Anything the agent
// answers, errors included, is a Result: Task (as the answer left it),
// Message, Stream, HTTP (out-of-band replies), Error (a [WireError],
// read from the recorded wire: JSON-RPC code, google.rpc.Status,
// ErrorInfo reason, or a transport failure; also when a streaming call
// is answered with a plain JSON error, HTTP 200, as SDKs do when the
// call fails before its stream starts, which a2a-go's client takes for
// an empty stream), Failure (what the client
// library said), Sent (the ids a message carried), Note, and Exchanges
// (the numbers of the transcript exchanges the move made, for the page
// to highlight).
//
// # Roads
//
// How the learner's client waits on a task it started (spec §7.6.2) is a
// road, given with SendDiff or Deploy ([DiffArgs].Road, [DeployArgs].Road;
// roads.go):
//
//	stream     SendStreamingMessage, read to its end
//	subscribe  no stream; the learner calls Subscribe when it wants to hear the task again
//	webhook    a push notification config in SendMessage's configuration, for
//	           the client's webhook; no stream
//	poll       no stream; the page calls Poll (GetTask with historyLength, default 1)
//	           at the interval the learner chose, until the task ends
//
// Without a stream the deploy's send is blocking and returns at
// AUTH_REQUIRED: the road is how the client learns of the resumption.
// The review's send returns at once (returnImmediately): the road is
// how it learns of the question. No road is each move's own way.
//
// The webhook is the client's, in the session: served by the session's
// transport at http://localhost:41250/notify/{agent} (the next port
// when another session in the process holds it), recorded on its side
// as push exchanges from the agent to the participant "client-webhook"
// (as in capture 13-push-webhook), and read into the task table as each
// notification arrives. It answers 204, or 401 to a POST without the
// token the client put in its config, or 400 to a body that is not a
// StreamResponse. The kit posts with a2a-go's own HTTP sender, whose
// http.Client has no transport of ours: a request to a loopback
// webhook goes through http.DefaultTransport, so the package replaces
// http.DefaultTransport, when the program starts, with a router that
// serves the hosts sessions' webhooks hold and passes every other
// request, unchanged, to the transport it replaced (in a browser,
// fetch). Only offline sessions have a webhook: a remote agent cannot
// POST into a browser, which accepts no incoming request, so the
// webhook road of a remote session is [ErrWebhookRemote]; polling and
// subscribing work with any agent.
//
// # Deviations
//
// Where the answer differs from the A2A specification v1.0.1, the
// Result carries a [Deviation] (section, what the spec asks, what came
// back, the known a2a-go issue when the answer matches it), and the
// exchange gets a note with it, so a saved session keeps it. The
// session judges the real answer against what it had seen of the task
// before the move; it assumes nothing. With the kit on a2a-go v2.4.0:
//
//	message to a terminal task         -32602 invalid params, spec §3.1.1 wants -32004 (a2a-go #438)
//	SubscribeToTask on a terminal task -32001 task not found, §3.1.6 wants -32004 (#438)
//	SubscribeToTask on INPUT_REQUIRED  -32001 "no active execution", §3.1.6 wants a stream
//	                                   starting with the Task (#439); over HTTP+JSON the
//	                                   error is the only frame of a 200 event stream
//	message to an AUTH_REQUIRED task   "task execution is already in progress", §7.6.1 wants
//	                                   the agent to keep accepting messages
//
// Right after a task stops for input, a2a-go may still hold its
// execution for a moment; a SubscribeToTask then gets a proper stream
// and no deviation is reported, because none happened.
//
// # Streams
//
// A streaming move reads its stream in a goroutine of its own until the
// stream ends or the session closes, never pausing: a2a-go's queues hold
// 32 events, and an agent whose reader stalls blocks. The move returns
// early (at the first interrupted or terminal state, or a
// subscription's first event); the frames that follow, such as those an
// approval causes, keep arriving, each recorded and each firing
// [Config].OnChange. [Session.Snapshot] shows every stream (open or
// not, events read, last state) and every task seen (state, status
// text, approve and refuse URLs, artifacts).
//
// # Recording
//
// [Session.Transcript] returns the session as a [replay.Transcript]:
// the real ids and bodies the agents produced, and @at times from the
// wall clock (each observation when it happened, to the millisecond and
// strictly increasing, so steps order as they happened even across
// connections); the agents stamp their status timestamps with the wall
// clock too. Participants are those that took part, client first,
// operator last. [Session.Save] writes it with [replay.Write]; it
// parses back and steps like a capture. With [SaveOptions].Normalize it
// is written as a capture is ([capture.Normalize]): the synthetic clock
// of the tutorial (2026-10-06T09:00:00.000Z plus 250 ms per
// observation) and deterministic ids. A body the format cannot hold (a line starting with "#", a
// carriage return, invalid UTF-8), which only a remote agent could
// send, is left out with a note saying so. A response body the client
// library closes unread (a2a-go's HTTP+JSON client reads an error only
// when it is application/json) is read to its end, up to 1 MiB, so the
// transcript holds what the agent sent. Request bodies over HTTP+JSON
// go as application/a2a+json, as spec §11.1 asks (a2a-go's client would
// label them application/json), so a saved session passes a2aplay check.
//
// # Closing
//
// [Session.Close] cancels every task the session saw that has not ended
// (recorded CancelTask calls), ends the streams and moves in flight,
// closes the agents and the transport, and returns when they all have:
// no goroutine is left. [Goroutines] reports the count for the page to
// show before and after.
//
// # The worker protocol
//
// A [Host] runs one session at a time for a page (wasm/worker wires it
// to a Web Worker; web/live-worker.js loads it). Messages are JSON
// objects. The page posts commands:
//
//	{"id": 7, "op": "answer", "args": {"taskId": "…", "text": "main"}}
//
// id is any JSON value, echoed in the reply. Each command runs in its
// own goroutine, so replies may come in any order; the worker never
// blocks. The worker posts:
//
//	{"id": 7, "result": {…}}                   the command's result
//	{"id": 7, "error": "live: …"}              it could not run (or panicked)
//	{"type": "transcript", "text": "# a2aplay transcript 1…", "exchanges": 4}
//	{"type": "state", "state": {…Snapshot…}}
//	{"type": "ready", "goroutines": 5}         the module listens (posted once)
//	{"type": "error", "error": "…"}            the module failed to load or read a message
//
// After changes, at most every 50 ms, the worker posts the whole
// transcript (replay.Write output, for replay.Parse, Steps and the
// diagram) and the state. Ops and their args (JSON names of the Args
// types; unknown fields are an error):
//
//	open              {"mode": "offline"} or {"mode": "remote", "url": "http://…", "urls": […], "title": "…"}
//	                  closes the open session first; result: Snapshot
//	close             result: {"closed": true, "goroutines": N}; the closed session can still be saved
//	save              SaveOptions {"normalize"}; result: {"text": "<transcript>", "exchanges": N},
//	                  as recorded (real times and ids) or, with normalize, normalised
//	state             result: Snapshot
//	stats             result: {"goroutines": N}, counting the goroutine that answers: compare a
//	                  count taken before "open" with one after "close"
//	sendDiff          DiffArgs          {"base", "repository", "diff", "agent", "binding"}
//	answer            AnswerArgs        {"taskId", "contextId", "text", "variant", "agent", "binding"}
//	sendWhileWaiting  MessageArgs       {"taskId", "text", "agent", "binding"}
//	deploy            DeployArgs        {"build", "environment", "blocking", "agent", "binding"}
//	approve, refuse   DecideArgs        {"taskId"} or {"url"}, and "token" for a remote kit
//	subscribe, getTask, cancel  TaskArgs {"taskId", "agent", "binding"}
//	runPlanner        PlanArgs          {"base", "build", "environment", "agent", "binding"}
//	send              SendArgs          {"agent", "text", "taskId", "contextId", "stream", "binding"}
//	poll              PollArgs          {"taskId", "historyLength", "number", "every", "agent", "binding"}
//
// sendDiff and deploy also take "road": "stream", "subscribe",
// "webhook" or "poll" (see Roads).
//
// binding is "JSONRPC" or "HTTP+JSON"; variant is "wrong-task",
// "no-context" or "other-context". Move results are [Result] objects.
//
// The types of these messages (Snapshot, Result, the Args types and
// what they hold) are declared in package live/panel, which has no
// dependency beyond the standard library: the page's viewer decodes
// and encodes the same types, so a field is named once. This package
// names them by alias.
//
// # What the page draws
//
//   - The diagram, redrawn from each transcript update (the viewer's own
//     renderer), steppable once the session is over or at any time; a
//     move's Exchanges can be highlighted.
//   - The learner's client controls: send the diff; the question with
//     the task's taskId and contextId shown, an answer box and the
//     variants; deploy; subscribe, GetTask, cancel; the planner; the
//     binding for each move.
//   - An operator panel, drawn apart as the channel outside A2A (like
//     the out-of-band lane of the diagram): one item per approve URL
//     that a task in TASK_STATE_AUTH_REQUIRED names, under the task and
//     agent the URL decides ([Task].ApproveTask, ApproveAgent); the
//     snapshot lists them ([Snapshot].Waiting). When the
//     planner passes its deployer's request up (§7.6.2), that is the
//     deployer's task, "passed up by" the planner's; Approve and Refuse
//     post that URL ({"url": …}), and the HTTP reply shows beside them.
//     The operator's token: offline, the session holds the in-page
//     kit's and the panel says so; remote, the panel asks for the one
//     "a2aplay agents" printed and sends it with each decision
//     ({"token": …}). A transcript shows the header a decision sent; a
//     normalised save shows the token normalised, as a capture does.
//   - Each result beside its move: state, status text, the wire error
//     (code, reason, message) and, when set, the deviation with its
//     section and known issue, plainly marked.
//   - The road chooser ("Wait by"): how the client waits on a review or
//     a deploy (see Roads); a watch beside the first step says what the
//     road has brought (notifications, asks), offers SubscribeToTask
//     later, and the page polls at the chosen interval. With a remote
//     agent the webhook road is off, and the panel says why.
//   - The state: tasks and their states, streams open or closed.
//   - Save (the transcript as a .http file, as recorded or, when the
//     learner asks, normalised), Close, and the goroutine count before
//     and after closing.
//
// Everything an agent says is text: set it as text, never as markup.
package live
