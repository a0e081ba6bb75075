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
// # Versions
//
// A session's client speaks A2A 1.0 or 0.3 ([Config].Version, "open"'s
// "version"). Offline, the zero value is 1.0, and "0.3" has the kit
// serve a2a-go's 0.3 handlers beside 1.0 (as it does natively) and the
// session's client be a2a-go's 0.3 client. Remote, each agent's card
// decides: 1.0 when it offers a 1.0 interface, else 0.3 (a card in
// 0.3's shape, with url, preferredTransport and protocolVersion and no
// supportedInterfaces, is read by a2a-go's 0.3 card parser); "0.3"
// asks for a card's 0.3 interfaces, "1.0" for its 1.0 ones.
// [Snapshot].Version and each AgentInfo's Version say what the session
// speaks. a2a-go's 0.3 package (a2acompat/a2av0) links gRPC and
// protobuf: the browser's live module leaves it out and answers a
// session that needs 0.3 with [ErrNeedsV03], whose text holds
// panel.NeedsV03; the page then opens the session in the live03 module
// (the same code built with the tag a2a03, [SpeaksV03] true). The moves,
// the recording and the snapshot are the same in both versions; the
// transcript holds 0.3's wire as sent, which package replay reads.
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
//	           on panel.PollWait's schedule until the task ends: the interval
//	           the learner chose, then twice as long each ask, at most
//	           backoff.Factor times it, package backoff's schedule, on which
//	           capture 14-poll's client backs off too
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
// Each Poll says the wait the page made before it ([PollArgs].Every),
// after the answer to the task's send or its last poll. A normalised
// save keeps those waits on the synthetic clock
// ([capture.NormalizeWaits]), as a save with real times shows them, so
// a2aplay check judges the page's polling as it was: on the schedule,
// its poll-backoff note has nothing to say (TestRoadsCheckClean).
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
// is written as a capture is ([capture.NormalizeWaits]): the synthetic clock
// of the tutorial (2026-10-06T09:00:00.000Z plus 250 ms per
// observation, and the polling client's waits, see Roads) and
// deterministic ids. A body the format cannot hold (a line starting with "#", a
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
// to a Web Worker; web/live-worker.js loads it). The messages are Go
// types of package live/panel, which the page imports too, written in
// one versioned binary encoding (panel.Encode, panel.Decode; see that
// package for how a command is added). The page posts a panel.Request:
// a command, each its own type, with an id. Each command runs in its
// own goroutine, so replies may come in any order; the worker never
// blocks. The worker posts:
//
//	panel.Reply        the id and op of the command, and its result or error
//	panel.Delta        what the session recorded since the Delta before: the new and
//	                   changed exchanges, each at its position, and the steps from the
//	                   first that changed on (a replay.Stepper's)
//	panel.State        the session's Snapshot
//	panel.Ready        the module listens, with its goroutine count (posted once)
//	panel.Failure      a message it could not read: one of another version of
//	                   the site (a page and a worker of different builds), named so
//
// After changes, at most every 50 ms, the worker posts a Delta and the
// state. A Delta costs the same at the tenth exchange and the
// thousandth: the page puts its exchanges and steps in place and reads
// no transcript text (BenchmarkLiveEvent, in the README's table); the
// worker rebuilds from the recorder only the exchanges that changed
// ([Session.Changes]) and steps only them (replay.Stepper). What still
// passes over the whole session for each event is small: the
// exchanges' version numbers and the page's lanes (a pass over the
// steps). The page forwards each Delta, as the worker wrote it, to the
// check worker, which keeps the session too and checks and judges only
// what changed (view/msg's OpLive). A stream that stays open while other
// exchanges come and go brings the steps since its first into each
// Delta that adds to it. [Deltas] gives a session's Deltas as a Host
// posts them, to a caller that stands in for the page.
// The commands and what they answer:
//
//	OpenArgs       "open"    {Mode, URL, URLs, Title, Version}; Version "1.0" or "0.3" (none: offline
//	                         1.0, remote the cards decide); closes the open session first: a Snapshot
//	CloseArgs      "close"   a Closed {Closed, Goroutines}; the closed session can still be saved
//	SaveOptions    "save"    {Normalize}: a Saved {Text, Exchanges}, as recorded (real times
//	                         and ids) or, with Normalize, normalised
//	StateArgs      "state"   a Snapshot
//	StatsArgs      "stats"   a Stats {Goroutines}, counting the goroutine that answers:
//	                         compare a count taken before "open" with one after "close"
//	DiffArgs       "sendDiff", AnswerArgs "answer", MessageArgs "sendWhileWaiting",
//	DeployArgs     "deploy", ApproveArgs "approve", RefuseArgs "refuse" (DecideArgs),
//	SubscribeArgs  "subscribe", GetTaskArgs "getTask", CancelArgs "cancel" (TaskArgs),
//	PlanArgs       "runPlanner", SendArgs "send": the moves above; each answers a Result
//	PollArgs       "poll"    {TaskID, HistoryLength, Number, Every, Agent, Binding}: one GetTask
//	                         of the page's polling client (roads.go); a Result
//
// DiffArgs and DeployArgs also carry a Road: "stream", "subscribe",
// "webhook" or "poll" (see Roads).
//
// The types of these messages (Snapshot, Result, the Args types and
// what they hold) are declared in package live/panel; this package
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
//     later, and the page polls from the chosen interval, backing off. With a remote
//     agent the webhook road is off, and the panel says why.
//   - The state: tasks and their states, streams open or closed, and
//     the A2A version the session speaks ([Snapshot].Version), with a
//     switch between 1.0 and 0.3 for the in-page agents.
//   - Save (the transcript as a .http file, as recorded or, when the
//     learner asks, normalised), Close, and the goroutine count before
//     and after closing.
//
// Everything an agent says is text: set it as text, never as markup.
package live
