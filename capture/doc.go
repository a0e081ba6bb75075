// Package capture records real A2A traffic between the kit's agents into
// reproducible transcripts.
//
//	scenario script -> a2aclient -> Recorder -> Transport -> agents
//	                                   |
//	                                   v
//	          Transcript -> Normalize -> replay.Write -> transcripts/NN-name.http
//
// The same three pieces run the live playground in the browser: nothing
// here opens a socket, so it builds and runs under GOOS=js GOARCH=wasm.
// One scenario is the exception, natively only: 13-push-webhook's
// webhook listens on loopback (below, "Push notifications").
//
// # Transport
//
// [NewTransport] returns an [http.RoundTripper] that serves each request
// by calling an [http.Handler] in the same process, chosen by the URL's
// host ("localhost:41243"). A request to any other host fails with
// [ErrConnRefused], as a dial to a closed port would.
//
// The handler runs in its own goroutine with a ResponseWriter that
// implements [http.Flusher]. RoundTrip returns as soon as the handler has
// committed its status and header (WriteHeader, its first Write or Flush,
// or its return), and the body then streams as the handler writes it:
// an SSE stream is read frame by frame while the handler is still
// running. A handler may run up to 1 MiB ahead of its reader before its
// Write blocks. Closing the response body, or ending the request's
// context, cancels the handler's request context; the handler's context
// carries no values of the client's. [Transport.Wait] waits for every
// handler to return and [Transport.Close] cancels them first.
//
//	tr := capture.NewTransport(kit.Handlers())
//	hc := &http.Client{Transport: tr}
//
// # Recorder
//
// A [Recorder] records every exchange its clients make. [Recorder.Client]
// returns an [http.Client] whose requests are attributed to one
// participant ("client", "operator", "planner"); the target participant
// is the one whose URL has the request's host.
//
// Time in a recording is a logical clock, not the wall clock: one
// counter, behind one mutex, and tick k is written as
// 2026-10-06T09:00:00.000Z + k×250 ms ([Tick]).
//
// A capture keeps the tutorial's clock, which ticks once per event: the
// agents' clock is the recorder's ([Recorder.EventClock]), so each time
// an agent stamps a task event (a new task, a status change, the
// deployer's decision and deployment) it takes the next tick, and so
// does each request a client sends. Nothing else ticks; every other
// observation takes the time of the latest event it shows:
//
//   - a response, a frame or a stream's end is at the time of the
//     previous observation of its exchange (its request first), or
//     later when its content carries a later event's time. A frame is
//     thus at the time of the event it carries, whenever the handler
//     gets to write it;
//   - a blocking reply is at the time of the state it returns.
//
// So 06-input-required's request is at .000, the task's SUBMITTED at
// .250 (unseen, inside the blocking call) and the question, with the
// reply that carries it, at .500; 07-auth-required's first three frames
// are at .250, .500 and .750. A reply that shows no new event, like the
// operator's approval, takes the time of its request.
//
// Each tick is taken before anyone can see what it stamps. A scenario
// acts only after it has observed what it waits for, and the deployer
// stamps and writes its whole reply to an approval before it releases
// the waiting deploy, so every pair of ticks is causally ordered and
// the times are the same on every run. That is why the operator's
// approval falls between frames 3 and 4 of the deploy stream in
// 07-auth-required. One wait is not on the record: a2a-go closes a
// stream at INPUT_REQUIRED a moment before it forgets the task's
// execution, so before 12-stream-closes subscribes to that task it
// asks, with a client the recorder does not see, until a2a-go says no
// execution is active. Exchanges are numbered in the order their
// requests were stamped.
//
// A Recorder whose agents keep another clock (the live playground's)
// ticks once per observation instead: request sent, response head,
// SSE frame (when the handler has written the empty line that ends it;
// comment-only blocks such as keep-alives are not frames), stream end
// ("server" when the handler returns, "client" when the client closes
// the body first), transport error. The live playground also sets
// [Recorder.WallClock]: each observation is then written at the time it
// happened (to the millisecond, strictly increasing), not at its tick,
// and [Normalize] puts a saved session back on the synthetic clock
// ([NormalizeWaits] with the waits its polling client declared, which
// the measured times would blur).
//
// An exchange is named after what it is ([Classify]): the JSON-RPC method
// of a JSON-RPC call, the method an HTTP+JSON route stands for,
// GetAgentCard for an agent card. Anything else is plain HTTP outside
// A2A (channel out-of-band), named by what it does, not by where its
// agent sits: an operator's decision by its verb ([replay.OperatorVerb]),
// so POST /approve/{taskId} and POST /deployer/approve/{taskId} are both
// "approve"; any other call by the last segment of its path that is not
// an identifier; a path of identifiers only by its method.
//
// # Push notifications
//
// In 13-push-webhook the agent calls the client: the deployer POSTs each
// event of the task to the client's webhook with a2a-go's HTTP sender
// (agents/push.go), as it does outside a capture. That sender makes its
// own http.Client and takes no transport, so the POST cannot go through
// the in-process [Transport]. Two ways were open: an agents.Config hook
// that posts through a transport the capture gives, which would need a
// sender of the kit's own beside a2a-go's and capture a path the kit
// never takes when it serves; or a real webhook. The capture takes the
// second: the client's webhook is an HTTP server on a loopback port the
// system picks (127.0.0.1:0), where the kit's webhook rules allow an
// agent on loopback to post, and [Recorder.Webhook] records each
// notification on the webhook's side, as an exchange on the channel
// "push" from the deployer to the participant "client-webhook". So the
// capture shows what a2a-go sends, byte for byte, to a real socket.
//
// It stays the same on every run because:
//
//   - the port changes from run to run, and the capture writes the
//     listener's address as [WebhookURL] (http://localhost:41250)
//     everywhere it appears: in the push config the client sends and in
//     the notifications' URLs;
//   - a notification takes no tick: like a frame, it is at the time of
//     the task event it carries (its status's timestamp), or of the
//     request before it when it carries none (an artifact update);
//     its reply, the webhook's 204, takes the same time;
//   - the kit sends a task's notifications to one webhook in order, one
//     at a time, and the script waits for the webhook to have answered
//     the AUTH_REQUIRED notification before the operator approves, and
//     the COMPLETED one before the client's GetTask, so the exchanges
//     are numbered the same on every run;
//   - the client's token is a constant of the scenario, and the webhook
//     answers 401 to a notification without it and 400 to one that is
//     not a StreamResponse, so a change in what a2a-go sends shows in
//     the capture.
//
// Before the transcript is taken the webhook is shut down, once its
// handlers have returned, as the in-process handlers are waited for.
//
// # Normalisation
//
// [Recorder.Transcript] returns what was seen, raw; a reader that
// follows a recording as it goes (a live session's page) asks
// [Recorder.Versions] what changed and [Recorder.TranscriptOf] for
// those exchanges alone. [Normalize] makes it
// reproducible; it is a separate step so that each rule can be tested on
// its own:
//
//   - every UUID anywhere becomes a deterministic UUID, by scenario and
//     order of first appearance ([Normalize]), unless the scenario
//     pinned it to an id the tutorial shows;
//   - the operator's token (random each run, like the ids; the
//     operator's approvals carry it as Authorization: Bearer) becomes a
//     deterministic one by scenario and order of first appearance;
//   - JSON-RPC ids and SSE ids that are not UUIDs become 1, 2, 3, …;
//   - an RFC 3339 time in a JSON string that is on the synthetic clock
//     (an agent's stamp) keeps its value; any other becomes the time of
//     the observation where that value first appears (a value without
//     fractional seconds, such as a2a-go's error timestamps, takes the
//     time of each observation it appears in); all are written in UTC
//     with three fractional digits;
//   - JSON bodies are indented with two spaces, keys kept in order;
//     frame data stays on one line;
//   - headers that vary or belong to the connection (Date,
//     Content-Length, User-Agent, Accept-Encoding, Connection, CORS)
//     are dropped; the rest come in a fixed order.
//
// # Scenarios
//
// [Scenarios] lists the scripted sessions; each runs against a fresh kit
// under a 10 s deadline and fails naming what it waited for:
//
//	06-input-required  the code-reviewer asks for the base branch; the
//	                   client answers on the same task and context
//	07-auth-required   a deploy stream waits in AUTH_REQUIRED; the operator
//	                   approves outside A2A; the same stream completes
//	08-auth-refused    the operator refuses; a late approval gets 409
//	09-cancel          the client cancels a deploy that waits for approval
//	10-rest-binding    07 over the HTTP+JSON binding, then GetTask
//	11-wrong-task      answers on an unknown task, in another context,
//	                   without the context, and on a completed task
//	12-stream-closes   a review stream closes at INPUT_REQUIRED; the
//	                   client reads the task, fails to subscribe to it
//	                   (a2a-go's -32001) and answers on a new stream
//	13-push-webhook    a blocking deploy with a webhook config returns at
//	                   AUTH_REQUIRED; the client holds no stream; the
//	                   deployer POSTs each state change to the client's
//	                   webhook; after the operator's approval the
//	                   COMPLETED notification comes, and the client reads
//	                   the result with GetTask
//	14-poll            a blocking deploy returns at AUTH_REQUIRED; the
//	                   client holds no stream and polls GetTask after
//	                   1, 2, 4 and 8 s ([Recorder.Wait] shows the waits);
//	                   the operator approves after the third ask, and
//	                   the fourth finds the deploy done
//	19-planner         the planner passes the question and the approval
//	                   request up; exchanges 7 and 8 are its blocking
//	                   SendMessage to the deployer and SubscribeToTask
//	06-input-required.v0.3, 07-auth-required.v0.3
//	                   06 and 07 with a2a-go's 0.3 client (a2acompat/a2av0),
//	                   which the kit answers in 0.3: the same script, clock
//	                   and ids as their 1.0 twins (the ids are made of the
//	                   twin's name), over 0.3's wire; the browser's
//	                   build (js/wasm) has no 0.3 client and captures
//	                   neither
//
// [Files] runs them and returns the files "a2aplay capture" writes. A test
// fails when transcripts/ is not what capture produces now; another runs
// every scenario twice and compares the bytes.
package capture
