// Package agents is the a2aplay kit: three small A2A v1.0 agents built on
// github.com/a2aproject/a2a-go/v2 that stop in the two interrupted task
// states, TASK_STATE_INPUT_REQUIRED and TASK_STATE_AUTH_REQUIRED, for real
// reasons. They run natively (a2aplay agents), inside the capture's
// in-process transport, and unchanged in the browser (GOOS=js): the
// package opens no sockets and starts no processes.
//
//	planner        :41241  client of the other two
//	code-reviewer  :41242  asks for a base branch, returns review.json
//	deployer       :41243  waits for an operator's approval, returns deploy.json
//
// # Building agents
//
// [NewCodeReviewer], [NewDeployer] and [NewPlanner] each take a [Config]
// and return an [*Agent]; [NewKit] builds the three at http://localhost:PORT
// with the planner wired to the others:
//
//	kit := agents.NewKit(agents.KitConfig{})
//	defer kit.Close()
//	http.ListenAndServe("localhost:41242", kit.Reviewer.Handler())
//
// [Kit.Handlers] maps "localhost:41242" and so on to the handlers, which is
// what an in-process transport routes by. Config.Clock sets the times the
// agents write themselves (status timestamps, approvedAt); ids are
// a2a-go's own UUIDv7s and cannot be injected. Config.HTTPClient carries
// the planner's outbound calls; give it no Timeout. Config.Logger receives
// a2a-go's log records (through a2asrv.WithLogger) and the kit's.
// [Agent.Close] ends every wait and outbound call, fails their tasks with a
// message saying the agent shut down, and returns once every execution has
// returned; the handler then answers 503.
//
// # What each agent serves
//
// Every agent's [Agent.Handler] serves, relative to its base URL:
//
//	GET  /.well-known/agent-card.json   the agent card, 1.0 and 0.3 in one
//	GET  /.well-known/agent.json        the same card (0.2 and early 0.3 clients ask here)
//	POST /                              the JSON-RPC binding, 1.0 or 0.3 by the A2A-Version header
//	     /rest/...                      the HTTP+JSON binding of 1.0: every route of
//	                                    [binding.Ops] under /rest (POST /rest/message:send,
//	                                    GET /rest/tasks/{id}, ...)
//	     /v1/...                        the HTTP+JSON binding of 0.3 (POST /v1/message:send,
//	                                    GET /v1/tasks/{id}, ...)
//
// The card is a2a-go's compat card (a2acompat/a2av0): the union of the
// 1.0 and the 0.3 formats. Its supportedInterfaces list JSONRPC at BASE/
// and HTTP+JSON at BASE/rest in version 1.0, then JSONRPC at BASE/ and
// HTTP+JSON at BASE (to which 0.3 clients add /v1) in version 0.3; its
// 0.3 members (url BASE/, preferredTransport JSONRPC,
// additionalInterfaces, protocolVersion 0.3) say the same to a 0.3
// client. Streaming true. Malformed JSON-RPC gets a2a-go's
// JSON-RPC errors (-32700 parse error, -32600 invalid request, -32601
// unknown method, -32602 invalid params). Errors the kit writes itself are
// JSON: {"error":"..."}.
//
// # Push notifications
//
// The code-reviewer and the deployer declare pushNotifications on their
// cards and serve the four push config operations
// (CreateTaskPushNotificationConfig, GetTaskPushNotificationConfig,
// ListTaskPushNotificationConfigs, DeleteTaskPushNotificationConfig) and
// a config given inside SendMessage's configuration, in both bindings,
// with a2a-go's config store and HTTP sender (a2asrv/push). Each event of
// a task with a config is POSTed to its URL as a StreamResponse, with the
// config's token in A2A-Notification-Token. The planner has no such
// capability and answers PushNotificationNotSupported.
//
// A webhook URL is checked when it is given (§13.2): http or https; no
// private, link-local or unspecified address; a loopback one only when
// the agent itself is on loopback, where its clients live; other hosts
// named in [Config].PushAllow (`a2aplay agents -push-allow HOST`). A
// refused URL is an InvalidParams error that names the rule. A webhook
// that fails, hangs or is slow costs the task nothing: notifications
// wait in a queue per config, the failure is logged with the config's
// id, and [Agent.Close] ends what is in flight (push.go).
//
// # What the agents refuse, and their limits
//
//   - Versions (§3.6). The kit speaks 1.0 and 0.3, chosen per request
//     (v03.go). A call naming 1.0 in the A2A-Version header or query
//     parameter (a patch number, 1.0.1, is ignored) is served by the 1.0
//     handlers; a call without the header, or with an empty one, asks, as
//     §3.6.2 says agents MUST read it, for version 0.3, and is served by
//     a2a-go's 0.3 handlers (message/send, message/stream,
//     tasks/resubscribe, "kind", lower-case states, "final"), as is one
//     naming 0.3. Both share one task store and executor: the same
//     stories, interrupted states included, in either version. Any other
//     version gets VersionNotSupportedError in the binding's shape
//     (JSON-RPC -32009; HTTP+JSON 400 with reason VERSION_NOT_SUPPORTED)
//     naming the two the kit speaks; so does a version sent to the other
//     version's HTTP+JSON paths (1.0 under /v1, 0.3 under /rest). The
//     1.x SDKs (a2a-go, @a2a-js/sdk 1.3) send A2A-Version: 1.0 on every
//     call; a2a-go's 0.3 client sends A2A-Version: 0.3.
//     In the browser's live module (js/wasm) the kit serves 1.0 only, and
//     its card is the 1.0 card: a2a-go's a2acompat/a2av0 links gRPC and
//     protobuf, which took the module from 15.1 MB to 29.5 MB (gzip -9:
//     3.8 to 6.3 MB), past its 2.5 MB brotli budget (v03_wasm.go). The
//     page's second live module, live03 (built with the tag a2a03),
//     serves both, as the kit does natively (v03_compat.go).
//   - JSON only. A request body must be application/json (or
//     application/a2a+json): anything else gets 415, so no web page can
//     reach the bindings with a CORS "simple request" (form data,
//     text/plain), only after a preflight. A POST without a body (a2a-go
//     posts cancel and subscribe so) is taken from a client that says no
//     Origin, or carries the A2A-Version header; a page's bare POST gets
//     415.
//   - CORS. The card and the bindings answer any origin
//     (Access-Control-Allow-Origin: *, never credentials); OPTIONS
//     preflights get 204 allowing GET and POST with the A2A-Version,
//     A2A-Extensions, Authorization, Content-Type and Accept headers.
//   - The operator's endpoints (the deployer's approve and refuse, a
//     channel outside A2A) answer a web page only from the origins the
//     operator allows (Config.OperatorOrigins, "a2aplay agents
//     -operator-origin"; by default [DefaultOperatorOrigins], the
//     playground on localhost, 127.0.0.1 or [::1] at any port, so Live's
//     remote mode can approve), and only a preflighted request: the POST
//     must be Content-Type application/json. Another origin gets 403, its
//     preflight too, and a bare POST from an allowed page 415. A request
//     without an Origin header (curl, the capture, the playground's own
//     worker) is no page's and decides as before. Either way the
//     decision needs the operator's token (see the deployer).
//   - Bodies. A request body over [MaxBodyBytes] (1 MiB), declared or
//     chunked, gets 413 before a2a-go reads it; one that has not arrived
//     within [BodyTimeout] (10s) gets 408 and its connection is closed.
//     "a2aplay agents" also gives headers 10s and closes idle
//     connections after two minutes.
//   - Tasks kept. Each agent keeps at most Config.MaxTasks tasks
//     ([DefaultMaxTasks], 1,000). A new task past the limit evicts the task
//     that finished (reached a terminal state) longest ago: GetTask on it
//     then answers task not found, and the deployer forgets it (its
//     approve URL answers 404). Tasks that have not finished are never
//     evicted; if all of them are unfinished, a new task is refused with
//     [ErrTooManyTasks] (JSON-RPC -32603) until one ends.
//   - ListTasks (§3.1.4). The kit authenticates nobody, so every caller
//     lists every task the agent keeps: most recently updated first,
//     [DefaultListPageSize] (50) a page or pageSize (1 to
//     [MaxListPageSize], 100), filtered by contextId, status and
//     statusTimestampAfter, with historyLength and includeArtifacts
//     (artifacts left out by default). A bad parameter gets
//     InvalidParamsError naming it (JSON-RPC -32602, HTTP+JSON 400);
//     a2a-go itself answers a value it cannot decode (HTTP+JSON 400
//     "invalid request"; JSON-RPC -32602 for a wrong JSON type, -32700
//     for a time that does not parse, a known deviation).
//   - Waits. A task waiting for its client's answer (INPUT_REQUIRED) or an
//     operator (AUTH_REQUIRED) waits Config.WaitTimeout
//     ([DefaultWaitTimeout], 30 minutes; "a2aplay agents -wait"). Then the
//     agent ends it in TASK_STATE_REJECTED, the state the spec gives an
//     agent that "has determined it can't or won't proceed" (TaskState in
//     a2a.proto): nothing was performed, and no answer can reach a task
//     in a terminal state. (CANCELED is left to a client's CancelTask;
//     FAILED would say the work went wrong.) The message says so: "No
//     answer came within 30 minutes, so I closed this task. Send a new
//     request to start again." or "No operator decided within 30
//     minutes; nothing was deployed. …". An open stream carries that
//     frame and closes; a later approval gets 409. A task stopped in
//     INPUT_REQUIRED holds no goroutine, only a timer, and the expiry goes
//     through a2a-go's own cancelation (CancelTask inside the agent), so
//     store and subscribers see one end. A deploy waiting for approval
//     holds its execution's goroutines until the decision, a
//     cancelation, the expiry or Close, and none after.
//
// TestLoadMemory reports the figures: 10,000 flows stay within the limit
// of tasks, and the test process (clients included) within 64 MB of RSS.
//
// # code-reviewer
//
// It needs three things: a repository, a unified diff, and the base branch
// the diff is against. It takes them from wherever a client puts them:
//
//   - the diff: a text part, alone or after a request sentence in the same
//     part (from its first "diff --git" line, or "--- " line followed by a
//     "+++ " line; a Markdown code fence around it is dropped); a text or
//     raw part with a diff mediaType (text/x-diff, text/x-patch, …) or a
//     .diff or .patch filename; a raw part of any text/* type; a url part
//     holding a data: URL; or the "diff" field of a data part. URLs of
//     other schemes are not fetched: an agent that fetched what any
//     message names would reach, for anyone, whatever its host can reach.
//   - the repository and the base: the "repository" and "base" fields of a
//     data part, else of the message metadata, else the request's words:
//     "review this diff of payments-api against main", "repo acme/billing,
//     base branch release-7", "the payments-api repository, compared to
//     develop", "… onto the release/2026.10 branch". A repository the
//     reviewer knows (see [SampleBranches]: payments-api) is found wherever
//     it is named.
//
// [NewReviewMessage] builds the shape the captures send: the diff as a text
// part and a data part {"repository":"payments-api"}.
//
// What the request does not give, the reviewer asks for, in this order,
// each time with TASK_STATE_INPUT_REQUIRED on the same task:
// [RepositoryQuestion], [DiffQuestion], then [BaseBranchQuestion] ("Which
// base branch should I compare this diff against?"). The answer is a new
// message with the task's taskId and contextId (§3.4.3). It is read like a
// request (it may carry several things at once: "acme/ledger, against
// main") and, besides, a bare answer ("main", "`develop`", "use the develop
// branch, please") answers the question asked. A question asked again says
// why first and asks last, so a status message always ends with the
// question: the answer named no branch or two ("main or develop?"), the
// text is no branch name ("main..dev"), the diff does not parse (the
// parser's line and complaint), the message holds two diffs, a part is an
// image or an http URL, or the branch is not one of the repository's:
// "There is no branch "no-such-branch" in payments-api; its branches are
// main, develop and release/2026.10." For a repository it does not know,
// any branch name is taken. One task can ask any number of times.
//
// TASK_STATE_REJECTED is kept for what no answer can fix: a data part or
// metadata field of the wrong type ({"repository":7}). With everything
// known: TASK_STATE_WORKING, the artifact, TASK_STATE_COMPLETED with a
// one-line summary.
//
// CancelTask on a task waiting for its answer ends it in
// TASK_STATE_CANCELED. Sent within moments of the blocking SendMessage
// that returned INPUT_REQUIRED, it may instead get a2a-go's "task cannot
// be canceled" (or, rarer, an internal error "queue is closed"): v2.4.0
// answers the blocking call before it unregisters the execution, and
// sends the cancelation to the ending execution (a TODO in its
// internal/taskexec/local_manager.go). Retrying succeeds.
//
// The artifact is named [ReviewArtifact], "review.json": one data part
// (mediaType application/json) holding a [Review]:
//
//	{"repository":"payments-api","base":"main",
//	 "files":[{"path":"internal/refunds/limits.go","change":"added","added":23,"removed":0}, …],
//	 "totals":{"files":3,"added":41,"removed":1,"findings":2},
//	 "findings":[{"rule":"debug-print","severity":"warning","path":"internal/refunds/limits.go",
//	              "line":18,"message":"debug print left in non-test code: …"}, …]}
//
// [ReviewDiff] computes it with github.com/bluekeyes/go-gitdiff. The rules
// look at added lines (line numbers in the new file) unless said otherwise:
// todo (TODO, FIXME, XXX, HACK), debug-print (fmt.Print*, println,
// console.log, pdb, debugger, System.out; not in test files), secret
// (private keys, AWS, Stripe, GitHub and Slack tokens, quoted credentials
// assigned to password/secret/api_key/token names; the match is
// redacted), conflict-marker, ignored-error (Go: a call's result assigned
// to _), long-line (over [MaxLineLength] characters), trailing-whitespace,
// no-newline-at-eof (a "\ No newline at end of file" marker on an added
// line), removed-test (a deleted test file, or a removed Go test
// function: line in the old file) and binary-file. [SampleDiff] is the
// payments-api change the captures and the playground send; it has two
// findings.
//
// # deployer
//
// Input: a build and an environment, from a data part
// {"build":"2026.10.06-1","environment":"staging"} ([NewDeployMessage]),
// else the message metadata, else a sentence in any usual phrasing:
// "deploy 2026.10.06-1 to staging", "Please ship build 2026.10.06-1 to the
// staging environment.", "Can you roll out 2026.10.06-1 on staging?",
// "release 2026.10.06-1 into staging", "build: 2026.10.06-1, environment:
// staging", "deploy build=2026.10.06-1 env=staging".
//
// A deploy is dangerous, so the deployer asks rather than guesses: it
// asks an operator to approve only a build and an environment that are
// clear. The environment must be one it knows ([Environments]:
// development, test, qa, staging, production; dev, stage and prod stand
// for three of them, and case does not matter), wherever it is named. A
// build in words must be called one ("build 42", "version 3") or look
// like one: a version with its parts (2026.10.06-1, 1.4.0-rc1), v and a
// number (v2), or a commit hash; a bare number is not a build. A build
// in a data part or the metadata is taken as sent. So "Task 1 for
// pagination", which a generic client sent, is no deploy of build 1 to
// "pagination": the deployer says why and asks.
//
// What it cannot find it asks for with INPUT_REQUIRED on the same task:
// [DeployQuestion] when it has neither ("Which build should I deploy, and
// to which environment (for example, 2026.10.06-1 to staging)?"), else
// "Which build should I deploy to staging?" or "Which environment should
// I deploy 2026.10.06-1 to?", each after the reason ("I know no
// environment “pagination”; I deploy to development, test, qa, staging
// and production."). The answer comes on the same task and is read like
// a request; besides, a bare word answers the question asked (a word
// with a digit is then a build: "42"). It asks at most
// [MaxDeployQuestions] (3) times on one task: when the answer to the
// third question still leaves the deploy unclear, the task ends in
// TASK_STATE_REJECTED ("I asked 3 times and still cannot tell …;
// nothing was deployed."), for an answer that keeps missing is better
// met by a new request than by a fourth question. A field of the wrong
// type is REJECTED at once. Streamed with SendStreamingMessage, a
// request that says both carries six frames on one stream:
//
//	1 task          TASK_STATE_SUBMITTED
//	2 statusUpdate  TASK_STATE_WORKING        "Preparing to deploy 2026.10.06-1 to staging."
//	3 statusUpdate  TASK_STATE_AUTH_REQUIRED  "An operator must approve this deploy at http://localhost:41243/approve/<taskId>"
//	                                          metadata {"operatorAuthentication": "POST the approve URL with the
//	                                          operator's token, … as Authorization: Bearer; …"}
//	  (the stream stays open; the operator POSTs the URL, outside A2A)
//	4 statusUpdate  TASK_STATE_WORKING        "Approved by an operator; deploying 2026.10.06-1 to staging."
//	5 artifactUpdate deploy.json              {"taskId","build","environment","status":"deployed","approvedAt","deployedAt"}
//	6 statusUpdate  TASK_STATE_COMPLETED      "Deployed 2026.10.06-1 to staging."
//
// A blocking SendMessage returns the task at frame 3 while the execution
// goes on waiting (a2a-go does this). The approve URL is built from the
// deployer's Config.BaseURL ([ApproveURL]). Out of band, on the deployer's
// handler, each with the header Authorization: Bearer <operator token>:
//
//	POST /approve/{taskId}   200 {"taskId","decision":"approved","build","environment"}
//	POST /refuse/{taskId}    200 {"taskId","decision":"refused","build","environment"}
//	                         401 no operator token, or a wrong one (WWW-Authenticate:
//	                             Bearer realm="a2aplay operator"); nothing changes
//	                         404 no such deploy task
//	                         409 the task is not waiting: not yet, approved or
//	                             refused already, or ended without a decision
//	                         405 any other method
//
// Knowing a task id is not an approval: the id is in every message of the
// task, and the client who reads them is not the operator. The operator's
// token is made at random when the deployer is built ([NewOperatorToken],
// "a2aop_" and 32 hex digits) and given to the operator alone:
// [Agent.OperatorToken], printed by "a2aplay agents", held by the
// playground's operator panel for its in-page kit. It appears in no A2A
// message, card or artifact; the AUTH_REQUIRED message says how to
// authenticate, not with what, in its metadata ([OperatorAuthKey]): its
// text stays the one sentence the tutorial quotes. The planner, passing
// the request up, says it in its text. It is compared in constant time and
// checked before anything else, so a caller without it cannot even tell
// a waiting task from an unknown one. Why a bearer header: see
// [OperatorTokenPrefix].
//
// The endpoint decides, writes and flushes its whole reply, and only then
// releases the waiting execution, so a capture always shows the reply
// before frame 4. A refusal ends the task in TASK_STATE_REJECTED (the
// deploy was never performed) on the same stream. An approval authorises
// that task's deploy once and nothing else (spec §7.6.4): a second POST
// gets 409, other tasks keep waiting, and each execution of a deploy
// request needs its own approval. A message sent to a task while it waits
// gets a2a-go's own answer, "task execution is already in progress", and
// approves nothing. CancelTask on a waiting task ends the wait: the task
// is TASK_STATE_CANCELED and a later approval gets 409.
//
// # planner
//
// Input: a data part {"repository":"payments-api","diff":"<unified
// diff>","build":"2026.10.06-1","environment":"staging"} and optionally
// "base" ([NewPlanMessage]); each may also come as the other agents read
// them (metadata, words, the diff as a text part). Missing fields:
// REJECTED, with no outbound call. Questions of the code-reviewer other
// than the base branch go up to the planner's client verbatim, as the
// base branch question does when the request names no base.
// The planner's calls, in order, for a request without a base:
//
//	GET  code-reviewer /.well-known/agent-card.json
//	POST code-reviewer SendMessage (diff, no base)          -> INPUT_REQUIRED
//	     planner's task: INPUT_REQUIRED, the reviewer's question, verbatim
//	     (its client answers on the planner's task)
//	POST code-reviewer SendMessage (the client's answer, on the reviewer's task) -> COMPLETED
//	GET  deployer /.well-known/agent-card.json
//	POST deployer SendMessage (blocking)                    -> AUTH_REQUIRED
//	POST deployer SubscribeToTask                           (first frame: the task)
//	     planner's task: AUTH_REQUIRED, "The deployer needs an operator's approval
//	     to deploy 2026.10.06-1 to staging: approve it at http://localhost:41243/approve/<id>
//	     with a POST that sends the operator's token, …"
//	     (§7.6.2: passing the request upstream)
//	     ... reads the subscription to its end ...
//	planner's task: artifacts review.json and deploy.json (copies of the
//	other agents'), then COMPLETED "Reviewed payments-api and deployed
//	2026.10.06-1 to staging."
//
// With a base in the request the planner answers the reviewer's question
// itself, once, on the reviewer's task, and its client is never asked; the
// calls are the same. The planner yields only the submitted task,
// INPUT_REQUIRED, AUTH_REQUIRED and its final state, so that no status
// update of its own races with its next outbound call. A refused deploy
// ends the planner's task REJECTED (with review.json attached); any other
// failure downstream ends it FAILED with the reason. CancelTask on the
// planner cancels the reviewer's or deployer's task it waits on. If the
// subscription ends before the deploy does, the planner asks GetTask.
//
// # Reading what the agents send
//
// [MessageText] is a message's text: its text parts, joined by newlines,
// as the kit reads status messages and answers. [MergeArtifact] keeps a
// task's artifacts up to date from the artifact updates of a stream, as
// the planner does with the deployer's.
//
// # A walkthrough with curl
//
// Start the kit with "a2aplay agents", then, from the repository root:
//
//	# 1. Read a card.
//	curl -s http://localhost:41242/.well-known/agent-card.json
//
//	# 2. Send the diff, without a base branch: the task stops in
//	#    TASK_STATE_INPUT_REQUIRED and asks which base branch to use.
//	DIFF=$(base64 < agents/testdata/payments-api.diff | tr -d '\n')
//	curl -s http://localhost:41242/ -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' \
//	  -d '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1",
//	       "role":"ROLE_USER","parts":[{"raw":"'"$DIFF"'","mediaType":"text/x-diff"},
//	       {"data":{"repository":"payments-api"}}]}}}'
//
//	# 3. Answer on the same task: copy result.task.id and result.task.contextId.
//	curl -s http://localhost:41242/ -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' \
//	  -d '{"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{"message":{"messageId":"m2",
//	       "role":"ROLE_USER","taskId":"TASK_ID","contextId":"CONTEXT_ID","parts":[{"text":"main"}]}}}'
//	#    The task is TASK_STATE_COMPLETED with the review.json artifact.
//
//	# 4. Open a deploy stream; it stops at frame 3 and stays open.
//	curl -sN http://localhost:41243/ -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' \
//	  -d '{"jsonrpc":"2.0","id":3,"method":"SendStreamingMessage","params":{"message":{
//	       "messageId":"m3","role":"ROLE_USER","parts":[{"text":"deploy 2026.10.06-1 to staging"}]}}}'
//
//	# 5. In another terminal, approve with the URL from frame 3 and the
//	#    operator token "a2aplay agents" printed when it started; frames 4
//	#    to 6 arrive on the open stream, which then ends.
//	curl -s -X POST http://localhost:41243/approve/TASK_ID -H 'Authorization: Bearer OPERATOR_TOKEN'
//
// The same over HTTP+JSON: POST the "params" object of step 2 to
// http://localhost:41242/rest/message:send, and of step 4 to
// http://localhost:41243/rest/message:stream.
package agents
