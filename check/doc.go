// Package check tells where a transcript departs from the A2A v1.0
// specification: a blocking SendMessage that returns while the task still
// works, a message whose contextId contradicts its task's, a stream that
// goes on after its task finished, a timestamp with an offset.
//
//	findings := check.Check(t) // t from replay.Parse, or har.Read
//	for _, f := range findings {
//		fmt.Printf("%s:%d: %s\n", name, f.Line, f) // file:12: §3.2.2: ...
//	}
//
// [Run] does the same with a context, so a caller can stop it, and a
// bound on the findings kept per rule ([Options]); its cost grows
// linearly with the exchanges, frames and findings.
//
// # A growing transcript
//
// A live session's transcript grows an exchange at a time, and its open
// streams gain frames. A [Session] checks it as it grows: each
// [Session.Update] names the exchanges new or changed since the one
// before and returns the [Report] Run gives for the whole transcript
// then, at a cost that grows with what changed (and the calls not yet
// settled), not with the session: 0.17 ms at the 10th exchange of a
// Live session and 0.21 ms at the 1,000th (medians of three runs), with
// the exercises judged and the answers written (wasm/checker's
// BenchmarkLiveCheck, native).
//
// It keeps the checker of the settled calls: every call before the
// first whose exchange may still change (replay.Exchange.Settled). An
// Update decodes only the exchanges named, merges the task states and
// cards they show into the kept checker, checks the calls that settle,
// and then checks the unsettled calls and runs the final passes on a
// fork of it, which it drops: the fork copies what a check changes in
// place (a few maps of records per task, stream, card and client, the
// findings so far) and shares what only decoding adds (task states,
// cards) and the slices a check only appends to. The final passes walk
// records kept as calls come (the states a task reported after a
// terminal one, the streams of a task, the notifications and webhook
// configurations), not the calls, but for two passes of the push roads
// over the calls when the transcript gives a webhook a configuration;
// poll-backoff follows each client's GetTask loops as calls come in
// time order (roads.go's polling), and sorts them all only when calls
// came out of it. So what still grows with the session is small and
// rare: a task polled a thousand times after it finished has its
// thousand states walked at each Update.
//
// Run checks a call once every state of its batch of 2,048 exchanges is
// known; a Session checks a settled call once every state known then
// is. They agree unless a state or card that comes later bears on a
// settled call: one reported before its request, a card fetched before
// it, a state of a task it judged purged. A live session's clock only
// goes forward, so that does not happen there; when it does (a file's
// exchanges out of time order) the Update checks the whole transcript
// afresh, and so does one that changes a settled exchange but for its
// notes. A test holds a Session's reports to Run's at every prefix of
// every transcript of the corpus and through a growth that keeps
// streams open while later exchanges come (check/session_test.go), and
// wasm/checker's TestLiveIsWhole through a live session's Deltas.
//
// # Rules
//
// Each [Finding] names its rule, one of [Rules]. A [Rule] carries the
// sentences it enforces, quoted ([Quote]) from the specification v1.0.1
// (a2aproject/A2A, docs/specification.md) or its specification/a2a.proto,
// which the specification's sections 4.x render; the section a finding
// cites is where those sentences stand. The first quote is the sentence
// the rule cites, and its keyword ([KeywordOf]) is the rule's Keyword and
// sets its [Severity] ([SeverityOf]): a MUST, MUST NOT, SHALL or REQUIRED
// (a field the proto marks REQUIRED, which §5.7 makes a MUST) broken is a
// [Violation]; a SHOULD, SHOULD NOT or RECOMMENDED a [Warning]; a MAY, or
// a sentence without a keyword (a proto comment's lower-case "must", a
// binding's list of requirements), a [Note], and the rule's Derivation
// says how it follows. A test holds every rule to its sentence. A
// finding has its rule's severity, or is a note where the transcript
// cannot show the rule broken: a stream the capture ended while it was
// still open after a terminal state, a request id that is null (which
// JSON-RPC 2.0 discourages without a keyword).
//
// [SpecTable] lists every sentence of the specification v1.0.1 and its
// proto that says MUST, MUST NOT, REQUIRED, SHALL or SHALL NOT (a proto
// field marked REQUIRED is one row), each with the rules that check it
// or the reason no transcript can show it (the agent's storage, its
// authorization model, gRPC, transport security, ...); [Coverage]
// counts them, and a test holds the rules' quotes, the table and the
// README's coverage line to each other.
//
// [Finding.By] blames the side that broke the rule: the client, whose
// request departs from it, the agent, whose answer or frame does, or
// neither when the transcript cannot tell ([ByUnknown]); some rules bind
// one side only. [Finding.String] says whom: "§3.4.3 (agent): ...". The
// client's side of a contradiction between taskId and contextId is the
// Message proto's rule (§4.1.4), a note, since the proto says "have to"
// and not MUST; the agent's duty to reject it is §3.4.3's. A message
// with the taskId alone, or the contextId alone, is allowed (§3.4.3).
// [StepOf] finds the step of replay.Steps a finding belongs to, for a
// page that shows findings on the diagram.
//
// # What is checked, and what is not
//
// Per exchange, for the JSON-RPC binding (§9) and the HTTP+JSON binding
// (§11): the JSON-RPC envelope and method names, content types, the
// A2A-Version (§3.6.1, §14.2.1), error shapes (§9.5, §11.6), which error
// an answer is (-32700 only for a body that is not JSON, §9.5; the HTTP
// status §5.4 of v1.0.1 gives each A2A error, noting v1.0.0's where an
// agent follows it; no internal error for a message to a busy task,
// §3.3.2), and the data model: Task, Message, Part, Artifact and event
// members, enum names and UTC timestamps. The walk knows the schema: it
// judges a Task, a Message or a Part only where the protocol puts one,
// and never looks inside a data part, metadata or error details, which
// carry application data.
//
// Across exchanges, from the task states replies and frames report in
// time order: a blocking SendMessage returns at a terminal or interrupted
// state; a message names a task that exists and is not finished; a stream
// starts with its Task and closes at the terminal state; SubscribeToTask
// starts with the Task and serves any task not terminal; CancelTask of a
// finished task is refused; AUTH_REQUIRED explains itself and the agent
// keeps listening (§7.6.1). The agent answers in the context the client
// gave, or the task's when it gave the taskId alone (§3.4.1, §3.4.3), and
// a message without a taskId gets a task with a new id (§3.4.2); a push
// notification configuration deleted is gone, one created and not
// deleted is listed (§3.1.8-10); streams of one task open at once
// receive the same events in the same order (§3.5.2).
//
// Push notifications, where the transcript recorded the webhook (the
// agent's POSTs on the channel "push", replay/doc.go): each is a
// StreamResponse with exactly one payload (push-payload, §4.3.3, a note:
// the text has no keyword; v0.3's bare Task is left to the version
// rules), and carries the token its webhook's configuration gave, in
// A2A-Notification-Token (push-token, a note: the specification names no
// header). A configuration is the latest one for the notification's URL
// and task, given inside SendMessage's configuration or by
// CreateTaskPushNotificationConfig. A SendMessage that gives a
// configuration to an agent whose card does not declare push
// notifications is refused (capability-push), and a configuration for a
// task the agent answered TaskNotFoundError for is refused too
// (push-config-task).
//
// The roads a client takes while a task waits (§3.5.1, §7.6.2; roads.go):
// where the transcript recorded the webhook's side (a push exchange, or
// the participant [replay.WebhookParticipant]), each state the
// transcript shows a task reach after a configuration was given, and
// then goes on past, reached the webhook in a notification
// (push-on-change, a note: the sentences that say when one is due have
// no keyword; the finding says when the agent looks like an SDK that
// notifies only after its first answer, or only while the client
// streams); a notification for a configuration with authentication
// carries it as Authorization: SCHEME CREDENTIALS, the scheme
// case-insensitive (push-authentication, §4.3.3's MUST; a scheme other
// than Bearer and Basic left out is a2a-go v2.4.0's deviation); and a
// client that asks GetTask for one unfinished task four times or more in
// a row at intervals that never grow beyond the first it polled that
// task at (so a loop another of its calls interrupted keeps the backing
// off it did before) gets advice to back off or take
// another road (poll-backoff, a note: the specification names polling's
// cost without a keyword). A transcript that gives a webhook a
// configuration and recorded nothing of the webhook's side (a browser's
// HAR never can: the agent POSTs to the webhook's server) gets one note
// that says so (push-unrecorded), so the page and a2aplay check both
// explain the missing notifications.
//
// What the specification allows is not flagged: a finished task answered
// TaskNotFoundError, since an agent may purge it (§3.3.2), unless the
// transcript shows the task again; a taskId the agent does not know,
// since the client may keep it from an earlier session (only naming it
// again after the agent said so is the client's mistake); members the
// protocol does not define, which receivers ignore (§5.7); a JSON-RPC
// error.data of any kind; a refusal of 401, 403 or 407 whose body is not
// JSON, which comes from an HTTP layer in front of the agent. An agent card fetched earlier in the
// transcript is checked for its required fields and held against later
// calls to its interfaces: streaming, push notifications and the
// extended card it does not declare are refused (§3.3.4), so is a request
// without an extension it marks required, and a version it does not
// declare (§3.6.2, by Major.Minor: a patch is not negotiated); an agent
// serves a binding only where a card declares it (§8.3.1). A request
// without A2A-Version is 0.3's, and an agent that serves it as 1.0 breaks
// §3.6.2.
//
// # A2A v0.3
//
// Each exchange is judged as the version it speaks
// (replay.ExchangeVersion: its A2A-Version, its method names, its card;
// v03.go). A 0.3 exchange is read as 0.3: "kind" says what a result or
// frame is and its lower-case states are the v1.0 states they name, so
// the rules on tasks, the interrupted states, the same-task answer and
// streams judge it as they judge 1.0 (a blocking message/send returns at
// input-required, a stream stays open through auth-required). v1.0's
// spellings are not asked of it: each kind of 0.3 spelling (method
// names, the missing A2A-Version, "kind" for the oneof, part shapes,
// state names, role names, "final" on a stream's last frame, a card of
// 0.3's shape, which is asked for its url in place of
// supportedInterfaces) gets one note per file, v03-migration, with the
// section of the v1.0 rule and its v1.0 form, in place of a finding per
// frame. A 1.0 exchange that
// carries 0.3 leftovers (a kind, a lower-case state) gets the findings
// it always did. What 0.3 itself requires of a 0.3 answer is checked by
// the §3.6.2 duty to serve a request with its version's semantics, with
// 0.3's own text quoted (v0.3.0's specification and types.ts): its
// states are 0.3's nine (v03-state); a stream's status-updates carry
// final, a terminal one says true, and nothing follows a final one
// (v03-stream-final). 0.3's tasks/resubscribe resumes with what comes
// next: unlike 1.0's SubscribeToTask it owes no Task first. 0.3's
// HTTP+JSON binding (its routes under /v1) is the JSON of 0.3's proto:
// its payloads are wrapped and its enums TASK_STATE_ names there too, so
// only JSON-RPC answers are held to 0.3's kind and lower-case states;
// its messages' parts are "content" and its bodies application/json,
// a migration note each. An agent that answers a request in the other version
// than the one it asked for breaks §3.6.2 (version-answer; a request
// without A2A-Version answered as 1.0 is version-empty's).
//
// What a transcript cannot show is not guessed: a stream's end is what
// the capture recorded (@end), never inferred from a task state; a task
// the transcript never showed has no known state; without a card, no
// capability is assumed either way.
//
// # a2a-go
//
// The kit's agents run on a2a-go v2.4.0, which departs from the
// specification in a few measured places: SubscribeToTask on a task that
// waits in INPUT_REQUIRED or has completed answers -32001 task not
// found; a message to a terminal task answers -32602 instead of -32004;
// a message to a task in AUTH_REQUIRED is refused as "already in
// progress", an internal error (-32603, HTTP 500) for a busy task; JSON
// that parses but holds a value its decoder rejects gets -32700; a
// second CancelTask of a canceled task returns the task; over HTTP+JSON,
// an error that comes after a stream began is a frame {"error": …} under
// HTTP 200; its push sender sends Authorization only for the Bearer and
// Basic schemes. Check reports these like any other departure, sets
// [Finding.Deviation] and says in the message that it is a known a2a-go
// deviation, so the lessons can show them honestly.
//
// Check is pure Go without I/O and runs in the browser too.
package check
