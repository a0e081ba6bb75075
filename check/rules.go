package check

import "slices"

// A Quote is one sentence of a normative text a rule enforces, as
// written: Markdown emphasis and link targets left out; for a proto
// declaration, its lines joined with the comments inside left out.
type Quote struct {
	// Source is where the sentence stands: "spec §3.4.3" (the A2A
	// specification v1.0.1, docs/specification.md), "a2a.proto Message"
	// (its specification/a2a.proto, which the spec's sections 4.x
	// render), or "JSON-RPC 2.0 §5".
	Source string
	Text   string
}

// A Rule is one check: what it enforces, in the words of the texts it
// comes from.
type Rule struct {
	ID      string
	Section string // the section findings cite, "3.2.2"
	// Keyword is the requirement's strength as the sentence the rule
	// cites (its first quote) states it, [KeywordOf] that sentence:
	// "MUST", "MUST NOT", "SHOULD", "REQUIRED" (a field the proto marks
	// so, which §5.7 makes a MUST), ..., or "" when the sentence states
	// none (a proto comment's lower-case "must", a list of the binding's
	// requirements, a definition).
	Keyword  string
	Severity Severity // SeverityOf(Keyword): MUST and REQUIRED a Violation, SHOULD a Warning, none a Note
	By       string   // whom the rule binds: ByClient, ByAgent, or "" for both
	Summary  string
	Quotes   []Quote
	// Derivation explains how the rule follows from its sentences when
	// no sentence states it alone.
	Derivation string
	// Deviation describes the measured departures of a2a-go v2.4.0 from
	// this rule, if any; findings that match one say so.
	Deviation string
}

const (
	mustREQUIRED   = `Fields marked with [(google.api.field_behavior) = REQUIRED] indicate that the field MUST be present and set in valid messages.`
	mustNonEmpty   = `Arrays marked as required MUST contain at least one element.`
	capabilityMUST = "When clients attempt to use operations or features that require capabilities not declared as supported in the Agent Card, the agent MUST return an appropriate error response:"
	terminalList   = "(`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`)"
)

// Rules lists every check, in the order findings of one line are sorted.
var Rules = append([]Rule{
	// The client's request.
	{ID: "a2a-version", Section: "3.6.1", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "every A2A request names its protocol version, in the A2A-Version header or as a request parameter",
		Quotes: []Quote{
			{"spec §3.6.1", "Clients MUST send the `A2A-Version` header with each request to maintain compatibility after an agent upgrades to a new version of the protocol (except for 0.3 Clients - 0.3 will be assumed for empty header)."},
			{"spec §3.6.1", "Clients MAY provide the `A2A-Version` as a request parameter instead of a header."},
		}},
	{ID: "a2a-version-format", Section: "14.2.1", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "the A2A-Version value is Major.Minor, such as 1.0",
		Quotes: []Quote{
			{"spec §14.2.1", "The value MUST be in the format `Major.Minor` (e.g., \"0.3\")."},
			{"spec §3.6", "Patch version numbers SHOULD NOT be used in requests, responses and Agent Cards, and MUST not be considered when clients and servers negotiate protocol versions."},
		}},
	{ID: "jsonrpc-request", Section: "9.3", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: `a JSON-RPC request is a JSON-RPC 2.0 object: "jsonrpc": "2.0", a string or number id, a method name, params an object`,
		Quotes: []Quote{
			{"spec §9.3", "All JSON-RPC requests MUST follow the standard JSON-RPC 2.0 format:"},
			{"JSON-RPC 2.0 §4", `jsonrpc: A String specifying the version of the JSON-RPC protocol. MUST be exactly "2.0".`},
			{"JSON-RPC 2.0 §4", "id: An identifier established by the Client that MUST contain a String, Number, or NULL value if included."},
		}},
	{ID: "method-name", Section: "9.1", Keyword: "", Severity: Note, By: ByClient,
		Summary: "JSON-RPC methods have their v1.0 names (SendMessage, CreateTaskPushNotificationConfig, ...), not the v0.3 ones (message/send, tasks/pushNotificationConfig/set)",
		Quotes: []Quote{
			{"spec §9.1", "Method Naming: PascalCase method names matching gRPC conventions (e.g., `SendMessage`, `GetTask`)"},
			{"spec §9.3", "All JSON-RPC requests MUST follow the standard JSON-RPC 2.0 format:"},
		},
		Derivation: "§9.1 lists the method naming among the binding's protocol requirements, without a keyword; §5.3 gives the v1.0 names. A name the binding does not define may be an extension's method."},
	{ID: "content-type", Section: "9.1", Keyword: "", Severity: Note,
		Summary: "JSON-RPC requests and responses are sent as application/json",
		Quotes: []Quote{
			{"spec §9.1", "Content-Type: `application/json` for requests and responses"},
		},
		Derivation: "§9.1 lists the content type among the binding's protocol requirements, without a keyword of its own, so a note."},
	{ID: "rest-content-type", Section: "11.1", Keyword: "SHOULD", Severity: Warning,
		Summary: "HTTP+JSON requests and responses are sent as application/a2a+json",
		Quotes: []Quote{
			{"spec §11.1", "Content-Type: application/a2a+json SHOULD be used for requests and responses"},
		}},
	{ID: "stream-content-type", Section: "9.4.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a stream that is not refused is answered as text/event-stream",
		Quotes: []Quote{
			{"spec §3.1.2", "The operation MUST establish a streaming connection for real-time updates."},
			{"spec §9.4.2", "Response: HTTP 200 with `Content-Type: text/event-stream`"},
			{"spec §11.7", "REST streaming uses Server-Sent Events with the `data` field containing JSON serializations of the protocol data objects:"},
		}},

	// The agent's answer.
	{ID: "jsonrpc-response", Section: "9.1", Keyword: "REQUIRED", Severity: Violation, By: ByAgent,
		Summary: `a JSON-RPC response or stream frame is a JSON-RPC 2.0 object: "jsonrpc": "2.0", the request's id, exactly one of result and error, an error with an integer code and a message`,
		Quotes: []Quote{
			{"JSON-RPC 2.0 §5", "id: This member is REQUIRED. It MUST be the same as the value of the id member in the Request Object."},
			{"JSON-RPC 2.0 §5", "Either the result member or error member MUST be included, but both members MUST NOT be included."},
			{"spec §9.1", "Protocol: JSON-RPC 2.0 over HTTP(S)"},
			{"JSON-RPC 2.0 §5.1", "code: A Number that indicates the error type that occurred. This MUST be an integer."},
		}},
	{ID: "parse-error", Section: "9.5", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "-32700 answers only a request that is not JSON; a parameter whose value is wrong is invalid params, -32602",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST validate all input parameters before processing"},
			{"spec §9.5", "-32700 JSONParseError \"Invalid JSON payload\": The server received invalid JSON"},
			{"spec §9.5", "-32602 InvalidParamsError \"Invalid parameters\": The method parameters are invalid"},
			{"spec §3.3.2", "Example error codes: HTTP `400 Bad Request`, gRPC `INVALID_ARGUMENT`, JSON-RPC `-32602 Invalid params`"},
		},
		Deviation: "a2a-go v2.4.0 answers -32700 to JSON that parses but holds a value its decoder rejects (a raw part that is not base64, a statusTimestampAfter that is no time)"},
	{ID: "error-shape", Section: "11.6", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an HTTP+JSON error is a google.rpc.Status: {\"error\": {\"code\": …, \"message\": …}}",
		Quotes: []Quote{
			{"spec §3.3.2", "All error responses in the A2A protocol, regardless of binding, MUST convey the following information:"},
			{"spec §11.6", "HTTP error responses use the google.rpc.Status JSON representation, which maps to the generic A2A error model defined in Section 3.3.2 as follows:"},
		}},
	{ID: "error-details", Section: "9.5", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "error details (JSON-RPC error.data, HTTP+JSON error.details) are an array of objects, each with an @type",
		Quotes: []Quote{
			{"spec §3.3.2", "Each object in the array MUST include a `@type` key that identifies the object's type (using ProtoJSON `Any` representation)."},
			{"spec §9.5", "Each object in the `data` array MUST include a `@type` key that identifies the object's type."},
			{"spec §11.6", "Each object in the `details` array MUST include a `@type` key that identifies the object's type."},
			{"spec §9.5", "Error Details: Mapped to `error.data` (array of objects, each containing a `@type` key, using ProtoJSON `Any` representation)"},
		}},
	{ID: "rest-error-info", Section: "11.6", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an HTTP+JSON A2A error carries a google.rpc.ErrorInfo with its reason (TASK_NOT_FOUND, ...) and the domain a2a-protocol.org",
		Quotes: []Quote{
			{"spec §11.6", "Since multiple A2A error types may map to the same HTTP status code (e.g., `TaskNotCancelableError` and `PushNotificationNotSupportedError` both map to `400 Bad Request`), implementations MUST include a `google.rpc.ErrorInfo` object in the `details` array for A2A-specific errors with:"},
			{"spec §11.6", "`reason`: The A2A error type in UPPER_SNAKE_CASE without the \"Error\" suffix (e.g., `TASK_NOT_FOUND`, `TASK_NOT_CANCELABLE`)"},
			{"spec §11.6", "`domain`: Set to `\"a2a-protocol.org\"`"},
		},
		Derivation: "A 404 answer to an operation on a task is TaskNotFoundError (§5.4), so it needs the ErrorInfo; an ErrorInfo in the a2a-protocol.org domain must name an A2A error."},
	{ID: "version-not-supported", Section: "3.6.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a request for a version the interface does not declare (its card's protocolVersion) is refused with VersionNotSupportedError",
		Quotes: []Quote{
			{"spec §3.6.2", "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`)."},
			{"spec §3.6.2", "If the version is not supported by the interface, agents MUST return a `VersionNotSupportedError`."},
			{"spec §3.6", "Patch version numbers SHOULD NOT be used in requests, responses and Agent Cards, and MUST not be considered when clients and servers negotiate protocol versions."},
		},
		Derivation: "What the interface supports is what the agent card seen earlier in the transcript declares for the interface's URL."},

	// The data model.
	{ID: "one-payload", Section: "3.2.3", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a SendMessage result holds exactly one of task and message, a stream frame exactly one of task, message, statusUpdate and artifactUpdate, with no v0.3 kind",
		Quotes: []Quote{
			{"spec §3.1.1", "The operation MUST return immediately with either task information or response message."},
			{"spec §3.1.2", "Task lifecycle stream: If the agent returns a Task, the stream MUST begin with the Task object, followed by zero or more TaskStatusUpdateEvent or TaskArtifactUpdateEvent objects."},
			{"a2a.proto StreamResponse", "The payload of the stream response. oneof payload { Task task = 1; Message message = 2; TaskStatusUpdateEvent status_update = 3; TaskArtifactUpdateEvent artifact_update = 4; }"},
			{"spec §A.2.1", "Objects now use the JSON member name itself to identify the type. The member name acts as the discriminator, and the value structure depends on the specific type:"},
			{"spec §A.2.1", "Breaking: The `kind` field is no longer part of the protocol and should not be emitted"},
			{"spec §11.7", "REST streaming uses Server-Sent Events with the `data` field containing JSON serializations of the protocol data objects:"},
		},
		Derivation: "A SendMessage result is a Task or a Message (§3.1.1), a stream's frames are a Task, a Message or its updates (§3.1.2), each of them a member of a proto oneof, which holds one member; ProtoJSON rejects an object that sets two. Over HTTP+JSON a frame is a StreamResponse (§11.7): an error there is none, since a refusal is the response's status (§11.6).",
		Deviation:  "a2a-go v2.4.0 sends an error that comes after an HTTP+JSON stream began as a frame {\"error\": google.rpc.Status}, under HTTP 200"},
	{ID: "message-fields", Section: "4.1.4", Keyword: "REQUIRED", Severity: Violation,
		Summary: "a Message has a messageId, a role and at least one part",
		Quotes: []Quote{
			{"a2a.proto Message", "string message_id = 1 [(google.api.field_behavior) = REQUIRED]; Role role = 4 [(google.api.field_behavior) = REQUIRED]; repeated Part parts = 5 [(google.api.field_behavior) = REQUIRED];"},
			{"spec §5.7", mustREQUIRED},
			{"spec §5.7", mustNonEmpty},
		}},
	{ID: "task-fields", Section: "4.1.1", Keyword: "REQUIRED", Severity: Violation, By: ByAgent,
		Summary: "a Task has an id and a status with a state (contextId is optional)",
		Quotes: []Quote{
			{"a2a.proto Task", "string id = 1 [(google.api.field_behavior) = REQUIRED]; TaskStatus status = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto TaskStatus", "TaskState state = 1 [(google.api.field_behavior) = REQUIRED];"},
			{"spec §3.4.2", "The generated `taskId` MUST be included in the `Task` object returned to the client"},
			{"spec §5.7", mustREQUIRED},
		}},
	{ID: "event-fields", Section: "4.2.1", Keyword: "REQUIRED", Severity: Violation, By: ByAgent,
		Summary: "a status update has taskId, contextId and status; an artifact update taskId, contextId and artifact",
		Quotes: []Quote{
			{"a2a.proto TaskStatusUpdateEvent", "string task_id = 1 [(google.api.field_behavior) = REQUIRED]; string context_id = 2 [(google.api.field_behavior) = REQUIRED]; TaskStatus status = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto TaskArtifactUpdateEvent", "string task_id = 1 [(google.api.field_behavior) = REQUIRED]; string context_id = 2 [(google.api.field_behavior) = REQUIRED]; Artifact artifact = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"spec §5.7", mustREQUIRED},
		}},
	{ID: "artifact-fields", Section: "4.1.7", Keyword: "REQUIRED", Severity: Violation, By: ByAgent,
		Summary: "an Artifact has an artifactId and at least one part",
		Quotes: []Quote{
			{"a2a.proto Artifact", "string artifact_id = 1 [(google.api.field_behavior) = REQUIRED]; repeated Part parts = 4 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto Artifact", "The content of the artifact. Must contain at least one part."},
			{"spec §5.7", mustREQUIRED},
			{"spec §5.7", mustNonEmpty},
		}},
	{ID: "part-shape", Section: "4.1.6", Keyword: "", Severity: Note,
		Summary: "a Part holds exactly one of text, raw, url and data, and no v0.3 kind or file member",
		Quotes: []Quote{
			{"a2a.proto Part", "oneof content { string text = 1; bytes raw = 2; string url = 3; google.protobuf.Value data = 4; }"},
			{"spec §A.2.1", "Objects now use the JSON member name itself to identify the type. The member name acts as the discriminator, and the value structure depends on the specific type:"},
		},
		Derivation: "A proto oneof holds one member, a rule no sentence states with a keyword; a v0.3 part ({\"kind\": \"text\", ...}, {\"kind\": \"file\", \"file\": ...}) is not a v1.0 Part."},
	{ID: "agent-context-id", Section: "4.1.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a message the agent sends carries a contextId",
		Quotes: []Quote{
			{"spec §3.4.1", "If an agent generates a new `contextId`, it MUST be included in the response (either Task or Message)"},
			{"a2a.proto Message", "For server messages, `context_id` must be provided, and `task_id` only if a task was created."},
		}},
	{ID: "enum-names", Section: "5.5", Keyword: "MUST", Severity: Violation,
		Summary: "enums travel as their proto names: TASK_STATE_WORKING, ROLE_USER",
		Quotes: []Quote{
			{"spec §5.5", "Enum values MUST be represented according to the ProtoJSON specification, which serializes enums as their string names as defined in the Protocol Buffer definition (typically SCREAMING_SNAKE_CASE)."},
		}},
	{ID: "timestamp-utc", Section: "5.6.1", Keyword: "MUST", Severity: Violation,
		Summary: `timestamps are ISO 8601 in UTC with "Z", no other offset`,
		Quotes: []Quote{
			{"spec §5.6.1", "When serialized to JSON (in JSON-RPC, HTTP/REST, or other JSON-based bindings), these timestamps MUST be represented as ISO 8601 formatted strings in UTC timezone."},
			{"spec §5.6.1", "Clients and servers MUST parse and generate ISO 8601 timestamps correctly"},
			{"spec §5.6.1", "Timestamps MUST NOT include timezone offsets other than 'Z' (all times are UTC)"},
		}},
	{ID: "role", Section: "4.1.5", Keyword: "", Severity: Note,
		Summary: "a client's message has ROLE_USER, an agent's status message ROLE_AGENT",
		Quotes: []Quote{
			{"a2a.proto Role ROLE_USER", "The message is from the client to the server."},
			{"a2a.proto Role ROLE_AGENT", "The message is from the server to the client."},
		},
		Derivation: "The enum defines the roles by direction; no sentence requires them, so a message sent the other way is a note."},
	{ID: "agent-card", Section: "4.4.1", Keyword: "REQUIRED", Severity: Violation, By: ByAgent,
		Summary: "an agent card has name, description, supportedInterfaces, version, capabilities, defaultInputModes, defaultOutputModes and skills; each interface a url, protocolBinding and protocolVersion; each skill an id, name, description and tags",
		Quotes: []Quote{
			{"a2a.proto AgentCard", "string name = 1 [(google.api.field_behavior) = REQUIRED]; string description = 2 [(google.api.field_behavior) = REQUIRED]; repeated AgentInterface supported_interfaces = 3 [(google.api.field_behavior) = REQUIRED]; string version = 5 [(google.api.field_behavior) = REQUIRED]; AgentCapabilities capabilities = 7 [(google.api.field_behavior) = REQUIRED]; repeated string default_input_modes = 10 [(google.api.field_behavior) = REQUIRED]; repeated string default_output_modes = 11 [(google.api.field_behavior) = REQUIRED]; repeated AgentSkill skills = 12 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto AgentInterface", "string url = 1 [(google.api.field_behavior) = REQUIRED]; string protocol_binding = 2 [(google.api.field_behavior) = REQUIRED]; string protocol_version = 4 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto AgentSkill", "string id = 1 [(google.api.field_behavior) = REQUIRED]; string name = 2 [(google.api.field_behavior) = REQUIRED]; string description = 3 [(google.api.field_behavior) = REQUIRED]; repeated string tags = 4 [(google.api.field_behavior) = REQUIRED];"},
			// The card's provider, signatures and security schemes: cardParts.
			{"a2a.proto AgentProvider", "string url = 1 [(google.api.field_behavior) = REQUIRED]; string organization = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto AgentCardSignature", "string protected = 1 [(google.api.field_behavior) = REQUIRED]; string signature = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto APIKeySecurityScheme", "string location = 2 [(google.api.field_behavior) = REQUIRED]; string name = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto HTTPAuthSecurityScheme", "string scheme = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto OAuth2SecurityScheme", "OAuthFlows flows = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto OpenIdConnectSecurityScheme", "string open_id_connect_url = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto AuthorizationCodeOAuthFlow", "string authorization_url = 1 [(google.api.field_behavior) = REQUIRED]; string token_url = 2 [(google.api.field_behavior) = REQUIRED]; map<string, string> scopes = 4 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto ClientCredentialsOAuthFlow", "string token_url = 1 [(google.api.field_behavior) = REQUIRED]; map<string, string> scopes = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto DeviceCodeOAuthFlow", "string device_authorization_url = 1 [(google.api.field_behavior) = REQUIRED]; string token_url = 2 [(google.api.field_behavior) = REQUIRED]; map<string, string> scopes = 4 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto ImplicitOAuthFlow authorization_url", "This MUST be in the form of a URL."},
			{"a2a.proto ImplicitOAuthFlow refresh_url", "This MUST be in the form of a URL."},
			{"a2a.proto PasswordOAuthFlow token_url", "This MUST be in the form of a URL."},
			{"a2a.proto PasswordOAuthFlow refresh_url", "This MUST be in the form of a URL."},
			{"spec §5.7", mustREQUIRED},
			{"spec §5.7", mustNonEmpty},
			{"spec §14.3", "The resource at this URI MUST return an AgentCard object as defined in Section 4.4.1 of the A2A specification."},
		}},

	// Operations.
	{ID: "blocking-send", Section: "3.2.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a blocking SendMessage (returnImmediately not set) returns only at a terminal or interrupted state",
		Quotes: []Quote{
			{"spec §3.2.2", "Blocking (`return_immediately: false` or unset): The operation MUST wait until the task reaches a terminal state " + terminalList + " or an interrupted state (`TASK_STATE_INPUT_REQUIRED`, `TASK_STATE_AUTH_REQUIRED`) before returning."},
			{"a2a.proto SendMessageConfiguration", "If `false` (default), the operation MUST wait until the task reaches a terminal (`COMPLETED`, `FAILED`, `CANCELED`, `REJECTED`) or interrupted (`INPUT_REQUIRED`, `AUTH_REQUIRED`) state before returning."},
		}},
	{ID: "history-length", Section: "3.2.4", Keyword: "MUST NOT", Severity: Violation, By: ByAgent,
		Summary: "a task returned to a SendMessage or GetTask that set historyLength holds at most that many history messages",
		Quotes: []Quote{
			{"a2a.proto SendMessageConfiguration", "The server MUST NOT return more messages than the provided value, but MAY apply a lower limit."},
			{"a2a.proto GetTaskRequest", "The server MUST NOT return more messages than the provided value, but MAY apply a lower limit."},
			{"spec §3.2.4", "0: No history should be returned; the `history` field SHOULD be omitted"},
		}},
	{ID: "task-not-found", Section: "3.4.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a message naming a task the agent does not have gets TaskNotFoundError, never a new task",
		Quotes: []Quote{
			{"spec §3.4.2", "Agents MUST return a `TaskNotFoundError` if the provided `taskId` does not correspond to an existing task"},
			{"spec §3.4.2", "Client-provided `taskId` values for creating new tasks is NOT supported"},
		}},
	{ID: "task-id-exists", Section: "3.4.2", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "a client's message names only a task that exists: not again one the agent answered TaskNotFoundError for, which the transcript never showed",
		Quotes: []Quote{
			{"spec §3.4.2", "When a client includes a `taskId` in a Message, it MUST reference an existing task"},
		},
		Derivation: "A taskId the agent does not know may come from an earlier session, its task purged since (§3.3.2): the first TaskNotFoundError blames no one; naming the task again after it is the client's mistake."},
	{ID: "context-match", Section: "4.1.4", Keyword: "", Severity: Note, By: ByClient,
		Summary: "a client's message that names both a taskId and a contextId gives the task's own contextId",
		Quotes: []Quote{
			{"a2a.proto Message", "For client messages, both fields are optional, with the caveat that if both are provided, they have to match (the `context_id` has to be the one that is set on the task). If only `task_id` is provided, the server will infer `context_id` from it."},
		},
		Derivation: "The proto comment says \"have to\", not MUST, so a note; it is the client's side of §3.4.3's MUST on agents (context-mismatch). A message with the taskId alone is allowed (§3.4.3)."},
	{ID: "context-mismatch", Section: "3.4.3", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent rejects a message whose contextId is not its task's",
		Quotes: []Quote{
			{"spec §3.4.3", "Agents MUST reject messages containing mismatching `contextId` and `taskId` (i.e., the provided `contextId` is different from that of the referenced Task)."},
		}},
	{ID: "message-to-terminal", Section: "3.1.1", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a message to a task in a terminal state is refused with UnsupportedOperationError (JSON-RPC -32004)",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST return appropriate errors and SHOULD provide actionable information to help clients resolve issues."},
			{"spec §3.1.1", "UnsupportedOperationError: Messages sent to Tasks that are in a terminal state " + terminalList + " cannot accept further messages."},
		},
		Derivation: "§3.1.1 names the error that is appropriate.",
		Deviation:  "a2a-go v2.4.0 refuses with -32602 invalid params (upstream a2a-go #439)"},
	{ID: "cancel-terminal", Section: "3.1.5", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "CancelTask on a completed, failed or rejected task is refused with TaskNotCancelableError (JSON-RPC -32002)",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST return appropriate errors and SHOULD provide actionable information to help clients resolve issues."},
			{"spec §3.1.5", "TaskNotCancelableError: The task is not in a cancelable state (e.g., already completed, failed, or canceled)."},
			{"spec §3.3.1", "Cancel Task operations are idempotent - multiple cancellation requests have the same effect. A duplicate cancellation request MAY return `TaskNotFoundError` if the task has already been canceled and purged."},
		},
		Derivation: "A task already canceled is rule cancel-canceled's; answered TaskNotFoundError it is also allowed (§3.3.1)."},
	{ID: "cancel-canceled", Section: "3.1.5", Keyword: "", Severity: Note, By: ByAgent,
		Summary: "CancelTask on a task already canceled is refused with TaskNotCancelableError (JSON-RPC -32002), or answered TaskNotFoundError once the task is purged",
		Quotes: []Quote{
			{"spec §3.1.5", "TaskNotCancelableError: The task is not in a cancelable state (e.g., already completed, failed, or canceled)."},
			{"spec §3.3.1", "Cancel Task operations are idempotent - multiple cancellation requests have the same effect. A duplicate cancellation request MAY return `TaskNotFoundError` if the task has already been canceled and purged."},
		},
		Derivation: "§3.1.5 names the error for a task already canceled; §3.3.1's idempotency can be read to allow answering the canceled task again, as a2a-go and @a2a-js/sdk (a2a-js #545) do. The texts pull both ways, and the sentence that names the error states no keyword: a note.",
		Deviation:  "a2a-go v2.4.0 returns the canceled task"},
	{ID: "capability-streaming", Section: "3.3.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent whose card does not declare streaming refuses SendStreamingMessage and SubscribeToTask with UnsupportedOperationError",
		Quotes: []Quote{
			{"spec §3.3.4", capabilityMUST},
			{"spec §3.3.4", "Streaming: If `AgentCard.capabilities.streaming` is `false` or not present, attempts to use `SendStreamingMessage` or `SubscribeToTask` operations MUST return UnsupportedOperationError."},
		}},
	{ID: "capability-push", Section: "3.3.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent whose card does not declare push notifications refuses the push notification config operations, and a SendMessage that gives a configuration, with PushNotificationNotSupportedError",
		Quotes: []Quote{
			{"spec §3.3.4", capabilityMUST},
			{"spec §3.3.4", "Push Notifications: If `AgentCard.capabilities.pushNotifications` is `false` or not present, operations related to push notification configuration (Create, Get, List, Delete) MUST return PushNotificationNotSupportedError."},
		},
		Derivation: "A configuration inside SendMessage's configuration is a use of the feature the first sentence names; the second names the error. UnsupportedOperationError is taken there too, since the second sentence names only the four operations."},
	{ID: "push-config-task", Section: "3.3.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "CreateTaskPushNotificationConfig for a task the agent said it does not have (and the transcript never showed since) is refused with TaskNotFoundError",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST return a not found error when a requested resource does not exist or is not accessible to the authenticated client"},
			{"spec §3.1.7", "`TaskNotFoundError`: The task ID does not exist or is not accessible."},
		},
		Derivation: "A task the transcript never showed may exist from an earlier session; only one the agent already answered TaskNotFoundError for is known not to exist."},
	{ID: "push-payload", Section: "4.3.3", Keyword: "", Severity: Note, By: ByAgent,
		Summary: "a push notification's body is a StreamResponse: exactly one of task, message, statusUpdate and artifactUpdate",
		Quotes: []Quote{
			{"spec §4.3.3", "The webhook payload is a `StreamResponse` object containing exactly one of the following:"},
			{"spec §4.3.3", "When a task update occurs, the agent sends an HTTP POST request to the configured webhook URL. The payload uses the same `StreamResponse` format as streaming operations, allowing push notifications to deliver the same event types as real-time streams."},
		},
		Derivation: "§4.3.3 states the payload without a keyword: a note. A v0.3 payload (the Task itself, with its kind) is left to the version rules."},
	{ID: "push-token", Section: "3.1.7", Keyword: "", Severity: Note, By: ByAgent,
		Summary: "a push notification carries the token its configuration gave, in A2A-Notification-Token",
		Quotes: []Quote{
			{"a2a.proto TaskPushNotificationConfig", "A token unique for this task or session."},
		},
		Derivation: "The specification names no header for the token and puts no keyword on sending it: a note. a2a-go and @a2a-js/sdk send it as A2A-Notification-Token (v0.3's SDKs as X-A2A-Notification-Token, also taken); without it the webhook cannot tell a notification from a forged one, which §13.2 asks clients to do (\"Clients MUST validate webhook authenticity\")."},

	// Streams and task states.
	{ID: "stream-start", Section: "3.1.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a stream starts with the Task, or is exactly one Message and then closes",
		Quotes: []Quote{
			{"spec §3.1.2", "The stream MUST follow one of these patterns:"},
			{"spec §3.1.2", "Message-only stream: If the agent returns a Message, the stream MUST contain exactly one `Message` object and then close immediately."},
			{"spec §3.1.2", "Task lifecycle stream: If the agent returns a Task, the stream MUST begin with the Task object, followed by zero or more TaskStatusUpdateEvent or TaskArtifactUpdateEvent objects."},
		}},
	{ID: "stream-one-task", Section: "3.1.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "the events of a task's stream are about that task",
		Quotes: []Quote{
			{"spec §3.1.2", "Task lifecycle stream: If the agent returns a Task, the stream MUST begin with the Task object, followed by zero or more TaskStatusUpdateEvent or TaskArtifactUpdateEvent objects."},
			{"spec §3.5.2", "Events MUST be broadcast to all active streams for that task"},
		},
		Derivation: "A task lifecycle stream carries the updates of the task it began with; an event of another task in it belongs to no stream the client asked for."},
	{ID: "stream-closes", Section: "3.1.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "the server closes a stream when its task reaches a terminal state, and sends nothing after it (over HTTP+JSON, but a last Task snapshot)",
		Quotes: []Quote{
			{"spec §3.1.2", "The stream MUST close when the task reaches a terminal state " + terminalList + "."},
			{"spec §3.1.6", "The stream MUST terminate when the task reaches a terminal state " + terminalList + "."},
			{"spec §11.7", "Implementations SHOULD avoid re-ordering events and MAY optionally resend a final `Task` snapshot before closing."},
		},
		Derivation: "A stream the capture ended while still open after a terminal state is a note that blames neither side: the capture may have stopped first."},
	{ID: "subscribe-snapshot", Section: "3.1.6", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "SubscribeToTask's first event is the Task as it is now",
		Quotes: []Quote{
			{"spec §3.1.6", "The operation MUST return a `Task` object as the first event in the stream, representing the current state of the task at the time of subscription."},
		}},
	{ID: "subscribe-state", Section: "3.1.6", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "SubscribeToTask serves any task not in a terminal state, and refuses a terminal one with UnsupportedOperationError",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST return appropriate errors and SHOULD provide actionable information to help clients resolve issues."},
			{"spec §3.1.6", "The operation enables real-time monitoring of task progress and can be used with any task that is not in a terminal state."},
			{"spec §3.1.6", "UnsupportedOperationError: The operation is attempted on a task that is in a terminal state " + terminalList + "."},
		},
		Derivation: "§3.1.6 says which tasks the operation serves, and the error that is appropriate for the others.",
		Deviation:  "a2a-go v2.4.0 answers -32001 task not found: no active execution, for a task in INPUT_REQUIRED as for a completed one (upstream a2a-go #438)"},
	{ID: "terminal-is-final", Section: "4.1.3", Keyword: "", Severity: Note, By: ByAgent,
		Summary: "a task that reached a terminal state never reports another state",
		Quotes: []Quote{
			{"a2a.proto TaskState TASK_STATE_COMPLETED", "Indicates that a task has finished successfully. This is a terminal state."},
			{"spec §3.1.1", "UnsupportedOperationError: Messages sent to Tasks that are in a terminal state " + terminalList + " cannot accept further messages."},
			{"spec §3.1.6", "The stream MUST terminate when the task reaches a terminal state " + terminalList + "."},
		},
		Derivation: "No sentence says a terminal state is final in so many words, so a note; it follows from a terminal task taking no message (§3.1.1), no subscription (§3.1.6) and ending every stream."},

	// AUTH_REQUIRED.
	{ID: "auth-required-message", Section: "7.6.1", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a task entering TASK_STATE_AUTH_REQUIRED carries a status message that says what authorization is needed",
		Quotes: []Quote{
			{"spec §7.6.1", "MUST include a TaskStatus message explaining the required authorization, unless the details of the authorization have been negotiated out-of-band or via an extension"},
		},
		Derivation: "The exception, an agreement out-of-band or an extension, is the agent's to show: a transcript with neither breaks the MUST."},
	{ID: "auth-required-accepts", Section: "7.6.1", Keyword: "SHOULD", Severity: Warning, By: ByAgent,
		Summary: "an agent keeps accepting messages on a task in TASK_STATE_AUTH_REQUIRED, so the client can negotiate, correct or refuse",
		Quotes: []Quote{
			{"spec §7.6.1", "Agents SHOULD support receiving messages directed to the Task while the Task remains in `TASK_STATE_AUTH_REQUIRED`. This enables clients to negotiate, correct, or reject an authorization request."},
		},
		Deviation: "a2a-go v2.4.0 refuses them as \"task execution is already in progress\" while the execution waits"},

	// Errors.
	{ID: "internal-error", Section: "3.3.2", Keyword: "", Severity: Note, By: ByAgent,
		Summary: "a message to a task whose execution is still running is not answered with an internal error (JSON-RPC -32603, HTTP 500): the agent did not fail; the specification names no error for this conflict",
		Quotes: []Quote{
			{"spec §3.3.2", "System Errors: Internal agent failures or temporary unavailability"},
			{"spec §3.3.2", "Servers MUST return appropriate errors and SHOULD provide actionable information to help clients resolve issues."},
		},
		Derivation: "§3.3.2 keeps -32603 and HTTP 500 for internal failures; a message that arrives while its task's execution still runs is the client's conflict, for which v1.0.1 names no error. A note: the right answer is not written down.",
		Deviation:  "a2a-go v2.4.0 answers -32603 (HTTP 500) \"task execution is already in progress\""},
}, slices.Concat(wireRules, roadRules, v03Rules)...) // wire.go, roads.go, v03.go

var ruleOrder = func() map[string]int {
	m := map[string]int{}
	for i, r := range Rules {
		m[r.ID] = i
	}
	return m
}()

// RuleByID returns the rule with that ID.
func RuleByID(id string) (Rule, bool) {
	i, ok := ruleOrder[id]
	if !ok {
		return Rule{}, false
	}
	return Rules[i], true
}

func ruleByID(id string) Rule {
	if i, ok := ruleOrder[id]; ok {
		return Rules[i]
	}
	panic("check: unknown rule " + id) // a programming error, never input
}
