package check

import "strings"

// The spec table: every sentence of the A2A specification v1.0.1
// (a2aproject/A2A, docs/specification.md at the tag v1.0.1) and of its
// specification/a2a.proto that states a requirement with MUST, MUST NOT,
// REQUIRED, SHALL or SHALL NOT, each with the rules that check it or the
// reason a transcript cannot show it; and the other sentences the rules
// cite (a SHOULD, a bullet without a keyword), so that every citation
// is in one place. TestSpecTable holds the rules and the table to each
// other, and counts the coverage the README states.

// A Requirement is one sentence of the specification or its proto.
type Requirement struct {
	// Source is where the sentence stands, as a rule's [Quote] names it:
	// "spec §3.4.3", or "a2a.proto Message" for the proto (its comments,
	// and each field it marks [(google.api.field_behavior) = REQUIRED],
	// one row per field, which §5.7 makes a MUST).
	Source string
	// Keyword is the sentence's strongest requirement word, as written:
	// "MUST", "MUST NOT", "REQUIRED", "SHALL", "SHALL NOT" for the
	// sentences the coverage counts; "SHOULD", "MAY", "must" or "" for
	// the other sentences a rule cites.
	Keyword string
	// Text is the sentence verbatim, without Markdown emphasis, link
	// targets or list markers; a proto field is its declaration.
	Text string
	// Rules are the IDs of the rules that check the sentence; each of
	// them quotes it.
	Rules []string
	// Partly says what of the sentence its rules leave unchecked, when
	// they check only a part a transcript shows.
	Partly string
	// Unseen says why no transcript can show the sentence kept or broken.
	// A sentence with neither Rules nor Unseen can be seen on the wire and
	// no rule checks it yet.
	Unseen string
}

// Counted says whether the coverage counts the requirement: a MUST,
// MUST NOT, REQUIRED, SHALL or SHALL NOT.
func (r Requirement) Counted() bool {
	switch r.Keyword {
	case "MUST", "MUST NOT", "REQUIRED", "SHALL", "SHALL NOT":
		return true
	}
	return false
}

// Section is the specification's section the sentence stands in: the
// spec's own, or the one that renders the proto message.
func (r Requirement) Section() string {
	if s, ok := strings.CutPrefix(r.Source, "spec §"); ok {
		return s
	}
	if s, ok := strings.CutPrefix(r.Source, "a2a.proto "); ok {
		name, _, _ := strings.Cut(s, " ")
		return protoSections[name]
	}
	return ""
}

// Coverage counts the table's MUST-class sentences: those a rule checks
// (partly of them only in part), those a transcript can show (checked or
// not), and all of them.
func Coverage() (checked, partly, visible, total int) {
	for _, r := range SpecTable {
		if !r.Counted() {
			continue
		}
		total++
		if r.Unseen == "" {
			visible++
		}
		if len(r.Rules) > 0 {
			checked++
		}
		if r.Partly != "" {
			partly++
		}
	}
	return checked, partly, visible, total
}

// protoSections are the sections of the specification that render the
// proto's messages (its proto_to_table lines); the deprecated OAuth flows
// it does not render stand under OAuthFlows, which holds them.
var protoSections = map[string]string{
	"GetTaskRequest":                          "3.1.3",
	"ListTasksRequest":                        "3.1.4",
	"ListTasksResponse":                       "3.1.4",
	"CancelTaskRequest":                       "3.1.5",
	"SubscribeToTaskRequest":                  "3.1.6",
	"TaskPushNotificationConfig":              "3.1.7",
	"GetTaskPushNotificationConfigRequest":    "3.1.8",
	"ListTaskPushNotificationConfigsRequest":  "3.1.9",
	"ListTaskPushNotificationConfigsResponse": "3.1.9",
	"DeleteTaskPushNotificationConfigRequest": "3.1.10",
	"GetExtendedAgentCardRequest":             "3.1.11",
	"SendMessageRequest":                      "3.2.1",
	"SendMessageConfiguration":                "3.2.2",
	"StreamResponse":                          "3.2.3",
	"Task":                                    "4.1.1",
	"TaskStatus":                              "4.1.2",
	"TaskState":                               "4.1.3",
	"Message":                                 "4.1.4",
	"Role":                                    "4.1.5",
	"Part":                                    "4.1.6",
	"Artifact":                                "4.1.7",
	"TaskStatusUpdateEvent":                   "4.2.1",
	"TaskArtifactUpdateEvent":                 "4.2.2",
	"PushNotificationConfig":                  "4.3.1",
	"AuthenticationInfo":                      "4.3.2",
	"AgentCard":                               "4.4.1",
	"AgentProvider":                           "4.4.2",
	"AgentCapabilities":                       "4.4.3",
	"AgentExtension":                          "4.4.4",
	"AgentSkill":                              "4.4.5",
	"AgentInterface":                          "4.4.6",
	"AgentCardSignature":                      "4.4.7",
	"SecurityScheme":                          "4.5.1",
	"APIKeySecurityScheme":                    "4.5.2",
	"HTTPAuthSecurityScheme":                  "4.5.3",
	"OAuth2SecurityScheme":                    "4.5.4",
	"OpenIdConnectSecurityScheme":             "4.5.5",
	"MutualTlsSecurityScheme":                 "4.5.6",
	"OAuthFlows":                              "4.5.7",
	"AuthorizationCodeOAuthFlow":              "4.5.8",
	"ClientCredentialsOAuthFlow":              "4.5.9",
	"DeviceCodeOAuthFlow":                     "4.5.10",
	"ImplicitOAuthFlow":                       "4.5.7",
	"PasswordOAuthFlow":                       "4.5.7",
}

// Why a sentence cannot be seen in a transcript.
const (
	unseenProcess = "about how the specification, its SDKs and its documents are written and maintained, not about traffic"
	unseenNotReq  = "defines the keywords or describes the annotations; it requires nothing of its own"
	unseenExample = "a remark in §8.4.1's signing example, not a requirement"
	unseenTiming  = "about how soon the agent answers or reports progress, which a transcript's timestamps cannot judge without knowing the agent's work"
	unseenAuthz   = "about the agent's authorization model: whom a task or a configuration belongs to is not in a transcript"
	unseenAuthn   = "about authentication: whether credentials are valid is decided by the agent and its identity provider, not shown in a transcript"
	unseenWebhook = "about push notification deliveries to the client's webhook, a connection of its own: a transcript holds them only where its recording saw the webhook (exchanges on the push channel), and no rule judges this sentence on them yet"
	unseenStorage = "about the agent's storage and what it keeps, which a transcript cannot see"
	unseenCustom  = "about custom bindings and the documents that define them, which transcripts don't carry"
	unseenInside  = "about what an implementation does inside (validating, sanitising, logging, keeping secrets, obeying the law), not what it sends"
	unseenClient  = "about how a client chooses and treats what it receives, which a transcript cannot show"
	unseenTLS     = "transport security, not in a transcript"
	unseenWhyAuth = "which operations need authorization is the agent's to know; a transcript shows only the tasks that asked for it"
	unseenSigning = "about how an agent card is canonicalized, signed and verified, inside the signer and the verifier"
	unseenGRPC    = "gRPC binding, which transcripts don't carry"
	unseenCreds   = "a transcript without credentials proves nothing: captures and browsers' sanitized HAR exports leave out Authorization headers and cookies, and mutual TLS never shows"
	unseenDelete  = "the effect of a deletion is on the agent's storage, and the sentence leaves open what a second deletion answers (success or not found); that a deleted configuration is gone, push-config-state checks"
	unseenText    = "a transcript holds text: replay.Parse refuses a file that is not UTF-8 and the HAR import leaves out a body that is not, so no transcript shows one"
)

// SpecTable is the table, in the order the sentences stand in the
// specification, then in the proto.
var SpecTable = []Requirement{
	{Source: "spec §1.4", Keyword: "MUST", Text: "SDK language bindings, schemas, and any other derived forms MUST be regenerated from the proto (directly or via code generation) rather than edited manually.", Unseen: unseenProcess},
	{Source: "spec §1.4", Keyword: "MUST", Text: "Documentation: Migration guidance MUST be provided via an ancillary document when introducing major breaking changes.", Unseen: unseenProcess},
	{Source: "spec §1.4", Keyword: "MUST", Text: "Anchors: Legacy documentation anchors MUST be preserved (as hidden HTML anchors) to avoid breaking inbound links.", Unseen: unseenProcess},
	{Source: "spec §2.1", Keyword: "MUST", Text: "The keywords \"MUST\", \"MUST NOT\", \"REQUIRED\", \"SHALL\", \"SHALL NOT\", \"SHOULD\", \"SHOULD NOT\", \"RECOMMENDED\", \"MAY\", and \"OPTIONAL\" in this document are to be interpreted as described in RFC 2119.", Unseen: unseenNotReq},
	{Source: "spec §3.1.1", Keyword: "MUST", Text: "The operation MUST return immediately with either task information or response message.", Unseen: unseenTiming},
	{Source: "spec §3.1.2", Keyword: "MUST", Text: "The operation MUST establish a streaming connection for real-time updates.", Rules: []string{"stream-content-type"}, Partly: "only the answer's content type"},
	{Source: "spec §3.1.2", Keyword: "MUST", Text: "The stream MUST follow one of these patterns:", Rules: []string{"stream-start"}},
	{Source: "spec §3.1.2", Keyword: "MUST", Text: "Message-only stream: If the agent returns a `Message`, the stream MUST contain exactly one `Message` object and then close immediately.", Rules: []string{"stream-start"}},
	{Source: "spec §3.1.2", Keyword: "MUST", Text: "Task lifecycle stream: If the agent returns a `Task`, the stream MUST begin with the Task object, followed by zero or more `TaskStatusUpdateEvent` or `TaskArtifactUpdateEvent` objects.", Rules: []string{"stream-start"}},
	{Source: "spec §3.1.2", Keyword: "MUST", Text: "The stream MUST close when the task reaches a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`).", Rules: []string{"stream-closes"}},
	{Source: "spec §3.1.2", Keyword: "MUST", Text: "The implementation MUST provide immediate feedback on progress and intermediate results.", Unseen: unseenTiming},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "When `includeArtifacts` is false (the default), the artifacts field MUST be omitted entirely from each Task object in the response.", Rules: []string{"list-tasks-artifacts"}},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "Note on `nextPageToken`: The `nextPageToken` field MUST always be present in the response.", Rules: []string{"list-tasks-fields"}},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "When there are no more results to retrieve (i.e., this is the final page), the field MUST be set to an empty string (\"\").", Rules: []string{"list-tasks-fields"}},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "The operation MUST return only tasks visible to the authenticated client and MUST use cursor-based pagination for performance and consistency.", Rules: []string{"list-tasks-fields"}, Partly: "only the cursor (nextPageToken); which tasks the client may see is the agent's authorization model"},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "Tasks MUST be sorted by last update time in descending order.", Rules: []string{"list-tasks-order"}},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "Implementations MUST implement appropriate authorization scoping to ensure clients can only access authorized tasks.", Unseen: unseenAuthz},
	{Source: "spec §3.1.4", Keyword: "MUST", Text: "Implementations MUST return tasks sorted by their status timestamp time in descending order (most recently updated tasks first).", Rules: []string{"list-tasks-order"}},
	{Source: "spec §3.1.6", Keyword: "MUST", Text: "The stream MUST terminate when the task reaches a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`).", Rules: []string{"stream-closes"}},
	{Source: "spec §3.1.6", Keyword: "MUST", Text: "The operation MUST return a `Task` object as the first event in the stream, representing the current state of the task at the time of subscription.", Rules: []string{"subscribe-snapshot"}},
	{Source: "spec §3.1.7", Keyword: "MUST", Text: "The operation MUST establish a webhook endpoint for task update notifications.", Unseen: unseenWebhook},
	{Source: "spec §3.1.7", Keyword: "MUST", Text: "The configuration MUST persist until task completion or explicit deletion.", Unseen: unseenStorage},
	{Source: "spec §3.1.8", Keyword: "MUST", Text: "The operation MUST return configuration details including webhook URL and notification settings.", Rules: []string{"push-config-fields"}},
	{Source: "spec §3.1.8", Keyword: "MUST", Text: "The operation MUST fail if the configuration does not exist or the client lacks access.", Rules: []string{"push-config-state"}},
	{Source: "spec §3.1.9", Keyword: "MUST", Text: "The operation MUST return all active push notification configurations for the specified task and MAY support pagination for tasks with many configurations.", Rules: []string{"push-config-state"}, Partly: "only the configurations the transcript created"},
	{Source: "spec §3.1.10", Keyword: "MUST", Text: "The operation MUST permanently remove the specified push notification configuration.", Rules: []string{"push-config-state"}},
	{Source: "spec §3.1.10", Keyword: "MUST", Text: "This operation MUST be idempotent - multiple deletions of the same config have the same effect.", Unseen: unseenDelete},
	{Source: "spec §3.1.11", Keyword: "MUST", Text: "Authentication: The client MUST authenticate the request using one of the schemes declared in the public `AgentCard.securitySchemes` and `AgentCard.security` fields.", Unseen: unseenAuthn},
	{Source: "spec §3.2.2", Keyword: "MUST", Text: "Blocking (`return_immediately: false` or unset): The operation MUST wait until the task reaches a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`) or an interrupted state (`TASK_STATE_INPUT_REQUIRED`, `TASK_STATE_AUTH_REQUIRED`) before returning.", Rules: []string{"blocking-send"}},
	{Source: "spec §3.2.2", Keyword: "MUST", Text: "The response MUST include the latest task state with all artifacts and status information.", Rules: []string{"blocking-artifacts"}, Partly: "only the artifacts other exchanges of the transcript showed before the reply"},
	{Source: "spec §3.2.2", Keyword: "MUST", Text: "Non-Blocking (`return_immediately: true`): The operation MUST return immediately after creating the task, even if processing is still in progress.", Unseen: unseenTiming},
	{Source: "spec §3.2.6", Keyword: "MUST", Text: "Custom protocol bindings MUST specify how service parameters are transmitted in their binding specification.", Unseen: unseenCustom},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Servers MUST return appropriate errors and SHOULD provide actionable information to help clients resolve issues.", Rules: []string{"message-to-terminal", "cancel-terminal", "subscribe-state"}, Partly: "only where the transcript tells the one right error: a message, a subscription or a cancel of a finished task"},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Servers MUST reject requests with invalid or missing authentication credentials", Unseen: unseenAuthn},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Servers MUST return an authorization error when the authenticated client lacks required permissions", Unseen: unseenAuthz},
	{Source: "spec §3.3.2", Keyword: "MUST NOT", Text: "Servers MUST NOT reveal the existence of resources the client is not authorized to access", Unseen: unseenAuthz},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Servers MUST validate all input parameters before processing", Rules: []string{"input-validated"}, Partly: "only requests without their REQUIRED fields; what else an agent validates does not show"},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Servers MUST return a not found error when a requested resource does not exist or is not accessible to the authenticated client", Rules: []string{"resource-match", "push-config-task"}, Partly: "only answers about another task or configuration than the one asked for, and configurations created for a task the agent said it does not have; whether a resource exists only the agent knows"},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "All error responses in the A2A protocol, regardless of binding, MUST convey the following information:", Rules: []string{"error-shape"}, Partly: "only the code and message of the error object"},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Each object in the array MUST include a `@type` key that identifies the object's type (using ProtoJSON `Any` representation).", Rules: []string{"error-details"}},
	{Source: "spec §3.3.2", Keyword: "MUST", Text: "Protocol bindings MUST map these elements to their native error representations while preserving semantic meaning.", Unseen: unseenProcess},
	{Source: "spec §3.3.4", Keyword: "MUST", Text: "When clients attempt to use operations or features that require capabilities not declared as supported in the Agent Card, the agent MUST return an appropriate error response:", Rules: []string{"capability-streaming", "capability-push", "capability-extended-card"}, Partly: "only streaming, push notifications and the extended card"},
	{Source: "spec §3.3.4", Keyword: "MUST", Text: "Push Notifications: If `AgentCard.capabilities.pushNotifications` is `false` or not present, operations related to push notification configuration (Create, Get, List, Delete) MUST return `PushNotificationNotSupportedError`.", Rules: []string{"capability-push"}},
	{Source: "spec §3.3.4", Keyword: "MUST", Text: "Streaming: If `AgentCard.capabilities.streaming` is `false` or not present, attempts to use `SendStreamingMessage` or `SubscribeToTask` operations MUST return `UnsupportedOperationError`.", Rules: []string{"capability-streaming"}},
	{Source: "spec §3.3.4", Keyword: "MUST", Text: "Extended Agent Card: If `AgentCard.capabilities.extendedAgentCard` is `false` or not present, attempts to call the Get Extended Agent Card operation MUST return `UnsupportedOperationError`.", Rules: []string{"capability-extended-card"}},
	{Source: "spec §3.3.4", Keyword: "MUST", Text: "If the agent declares support but has not configured an extended card, it MUST return `ExtendedAgentCardNotConfiguredError`.", Rules: []string{"extended-card-configured"}},
	{Source: "spec §3.3.4", Keyword: "MUST", Text: "Extensions: When a server requests use of an extension marked as `required: true` in the Agent Card but the client does not declare support for it, the agent MUST return `ExtensionSupportRequiredError`.", Rules: []string{"extension-required"}},
	{Source: "spec §3.4.1", Keyword: "MUST", Text: "If an agent generates a new `contextId`, it MUST be included in the response (either `Task` or `Message`)", Rules: []string{"agent-context-id"}},
	{Source: "spec §3.4.1", Keyword: "MUST", Text: "If an agent cannot accept a client-provided `contextId`, it MUST reject the request with an error and MUST NOT generate a new `contextId` for the response", Rules: []string{"context-kept"}, Partly: "only the answer in another context; why an agent refuses a message does not show"},
	{Source: "spec §3.4.2", Keyword: "MUST", Text: "Agents MUST generate a unique `taskId` for each new task they create", Rules: []string{"task-id-unique"}, Partly: "only against the task ids the transcript showed before"},
	{Source: "spec §3.4.2", Keyword: "MUST", Text: "The generated `taskId` MUST be included in the `Task` object returned to the client", Rules: []string{"task-fields"}},
	{Source: "spec §3.4.2", Keyword: "MUST", Text: "When a client includes a `taskId` in a `Message`, it MUST reference an existing task", Rules: []string{"task-id-exists"}},
	{Source: "spec §3.4.2", Keyword: "MUST", Text: "Agents MUST return a `TaskNotFoundError` if the provided `taskId` does not correspond to an existing task", Rules: []string{"task-not-found"}},
	{Source: "spec §3.4.3", Keyword: "MUST", Text: "Agents MUST infer `contextId` from the task if only `taskId` is provided", Rules: []string{"context-inferred"}},
	{Source: "spec §3.4.3", Keyword: "MUST", Text: "Agents MUST reject messages containing mismatching `contextId` and `taskId` (i.e., the provided `contextId` is different from that of the referenced `Task`).", Rules: []string{"context-mismatch"}},
	{Source: "spec §3.5.2", Keyword: "MUST", Text: "All implementations MUST deliver events in the order they were generated.", Rules: []string{"event-order"}, Partly: "only statuses, by the time each records"},
	{Source: "spec §3.5.2", Keyword: "MUST NOT", Text: "Events MUST NOT be reordered during transmission, regardless of protocol binding.", Rules: []string{"event-order"}, Partly: "only statuses, by the time each records"},
	{Source: "spec §3.5.2", Keyword: "MUST", Text: "Events MUST be broadcast to all active streams for that task", Rules: []string{"stream-broadcast"}, Partly: "only status and artifact updates, a quarter of a second inside each stream's ends"},
	{Source: "spec §3.5.2", Keyword: "MUST", Text: "Each stream MUST receive the same events in the same order", Rules: []string{"stream-broadcast"}, Partly: "only status and artifact updates both streams received"},
	{Source: "spec §3.5.2", Keyword: "MUST NOT", Text: "Closing one stream MUST NOT affect other active streams for the same task", Rules: []string{"stream-broadcast"}, Partly: "only a server close within half a second of the client's close of another stream"},
	{Source: "spec §3.6", Keyword: "MUST", Text: "Patch version numbers SHOULD NOT be used in requests, responses and Agent Cards, and MUST not be considered when clients and servers negotiate protocol versions.", Rules: []string{"a2a-version-format", "version-not-supported"}},
	{Source: "spec §3.6.1", Keyword: "MUST", Text: "Clients MUST send the `A2A-Version` header with each request to maintain compatibility after an agent upgrades to a new version of the protocol (except for 0.3 Clients - 0.3 will be assumed for empty header).", Rules: []string{"a2a-version"}},
	{Source: "spec §3.6.2", Keyword: "MUST", Text: "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`).", Rules: []string{"version-not-supported", "version-answer", "v03-state", "v03-stream-final"}, Partly: "only whether a version the card does not declare is refused, whether an answer has the other version's shapes, and 0.3's state names and final flag"},
	{Source: "spec §3.6.2", Keyword: "MUST", Text: "If the version is not supported by the interface, agents MUST return a `VersionNotSupportedError`.", Rules: []string{"version-not-supported"}},
	{Source: "spec §3.6.2", Keyword: "MUST", Text: "Agents MUST interpret empty value as 0.3 version.", Rules: []string{"version-empty", "v03-migration"}, Partly: "only answers that show v1.0 (its method names, enum names or wrapped payloads)"},
	{Source: "spec §3.6.3", Keyword: "MUST", Text: "Tooling libraries and SDKs that implement the A2A protocol MUST provide mechanisms to help clients manage protocol versioning, such as negotiation of the transport and protocol version used.", Unseen: unseenProcess},
	{Source: "spec §3.7", Keyword: "MUST NOT", Text: "Messages MUST NOT be considered a reliable delivery mechanism for critical information.", Unseen: unseenClient},
	{Source: "spec §3.7", Keyword: "MUST NOT", Text: "However, clients MUST NOT rely on this behavior unless negotiated out-of-band.", Unseen: unseenClient},
	{Source: "spec §4", Keyword: "MUST", Text: "All protocol bindings MUST provide functionally equivalent representations of these data structures.", Unseen: unseenProcess},
	{Source: "spec §4.3.3", Keyword: "MUST", Text: "The agent MUST include authentication credentials in the request headers as specified in the `PushNotificationConfig.authentication` field.", Rules: []string{"push-authentication"}},
	{Source: "spec §4.3.3", Keyword: "MUST", Text: "Clients MUST respond with HTTP 2xx status codes to acknowledge successful receipt", Unseen: unseenWebhook},
	{Source: "spec §4.3.3", Keyword: "MUST", Text: "Clients MUST validate the task ID matches an expected task", Unseen: unseenWebhook},
	{Source: "spec §4.3.3", Keyword: "MUST", Text: "Agents MUST attempt delivery at least once for each configured webhook", Rules: []string{"push-on-change"}, Partly: "only the states a transcript shows the task reach after the configuration, where it recorded the webhook's side; retries after a failed delivery are the agent's"},
	{Source: "spec §4.6.3", Keyword: "MUST", Text: "A new URI MUST be created for breaking changes to an extension.", Unseen: unseenProcess},
	{Source: "spec §4.6.3", Keyword: "MUST", Text: "If a client requests a versions of an extension that the agent does not support, the agent SHOULD ignore the extension for that interaction and proceed without it, unless the extension is marked as `required` in the AgentCard, in which case the agent MUST return an error indicating unsupported extension.", Rules: []string{"extension-required"}},
	{Source: "spec §4.6.3", Keyword: "MUST NOT", Text: "It MUST NOT fall back to a previous version of the extension automatically.", Unseen: unseenInside},
	{Source: "spec §5.1", Keyword: "MUST", Text: "When an agent supports multiple protocols, all supported protocols MUST:", Rules: []string{"binding-equivalence"}, Partly: "only the same set of operations; the same behavior, errors and authentication would need one request sent over both bindings"},
	{Source: "spec §5.2", Keyword: "MUST", Text: "Agent Declaration: Agents MUST declare all supported protocols in their AgentCard", Rules: []string{"interface-declared"}, Partly: "only against the cards the transcript fetched before the call"},
	{Source: "spec §5.4", Keyword: "MUST", Text: "All A2A-specific errors defined in Section 3.3.2 MUST be mapped to binding-specific error representations.", Rules: []string{"rest-error-status"}},
	{Source: "spec §5.4", Keyword: "MUST", Text: "Custom protocol bindings MUST define equivalent error code mappings that preserve the semantic meaning of each A2A error type.", Unseen: unseenCustom},
	{Source: "spec §5.5", Keyword: "MUST", Text: "All JSON serializations of the A2A protocol data model MUST use camelCase naming for field names, not the snake_case convention used in Protocol Buffer definitions.", Rules: []string{"json-names"}, Partly: "only the proto's own snake_case names, where the checker walks A2A objects"},
	{Source: "spec §5.5", Keyword: "MUST", Text: "Enum values MUST be represented according to the ProtoJSON specification, which serializes enums as their string names as defined in the Protocol Buffer definition (typically SCREAMING_SNAKE_CASE).", Rules: []string{"enum-names"}},
	{Source: "spec §5.6.1", Keyword: "MUST", Text: "When serialized to JSON (in JSON-RPC, HTTP/REST, or other JSON-based bindings), these timestamps MUST be represented as ISO 8601 formatted strings in UTC timezone.", Rules: []string{"timestamp-utc"}},
	{Source: "spec §5.6.1", Keyword: "MUST", Text: "Clients and servers MUST parse and generate ISO 8601 timestamps correctly", Rules: []string{"timestamp-utc"}, Partly: "only what they generate; how they parse does not show"},
	{Source: "spec §5.6.1", Keyword: "MUST NOT", Text: "Timestamps MUST NOT include timezone offsets other than 'Z' (all times are UTC)", Rules: []string{"timestamp-utc"}},
	{Source: "spec §5.7", Keyword: "REQUIRED", Text: "The Protocol Buffer definition in `specification/a2a.proto` uses `google.api.field_behavior` annotations to indicate whether fields are `REQUIRED`.", Unseen: unseenNotReq},
	{Source: "spec §5.7", Keyword: "MUST", Text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages.", Rules: []string{"message-fields", "task-fields", "event-fields", "artifact-fields", "agent-card", "request-fields", "list-tasks-fields"}},
	{Source: "spec §5.7", Keyword: "MUST", Text: "Arrays marked as required MUST contain at least one element.", Rules: []string{"message-fields", "artifact-fields", "agent-card"}},
	{Source: "spec §5.8", Keyword: "MUST", Text: "When a breaking change is introduced to a binding, a new URI MUST be used", Unseen: unseenProcess},
	{Source: "spec §7.1", Keyword: "MUST", Text: "Production deployments MUST use encrypted communication (HTTPS for HTTP-based bindings, TLS for gRPC).", Unseen: unseenTLS},
	{Source: "spec §7.4", Keyword: "MUST", Text: "MUST authenticate every incoming request based on the provided credentials and its declared authentication requirements.", Unseen: unseenAuthn},
	{Source: "spec §7.6.1", Keyword: "MUST", Text: "MUST use a Task to track the operation it is performing", Unseen: unseenWhyAuth},
	{Source: "spec §7.6.1", Keyword: "MUST", Text: "MUST transition the TaskState to `TASK_STATE_AUTH_REQUIRED`", Unseen: unseenWhyAuth},
	{Source: "spec §7.6.1", Keyword: "MUST", Text: "MUST include a TaskStatus message explaining the required authorization, unless the details of the authorization have been negotiated out-of-band or via an extension", Rules: []string{"auth-required-message"}},
	{Source: "spec §7.6.1", Keyword: "MUST", Text: "Agents MUST arrange to receive credentials via an out-of-band means, unless an in-band mechanism has been negotiated out-of-band or via an extension.", Unseen: unseenInside},
	{Source: "spec §8.1", Keyword: "MUST", Text: "A2A Servers MUST make an Agent Card available.", Rules: []string{"agent-card-available"}},
	{Source: "spec §8.3", Keyword: "MUST", Text: "The AgentCard MUST properly declare supported protocols:", Rules: []string{"interface-declared"}, Partly: "only against the cards the transcript fetched before the call"},
	{Source: "spec §8.3.1", Keyword: "MUST", Text: "Each interface MUST accurately declare its transport protocol and URL", Rules: []string{"interface-declared"}, Partly: "only against the cards the transcript fetched before the call"},
	{Source: "spec §8.3.2", Keyword: "MUST", Text: "Clients MUST follow these rules:", Unseen: unseenClient},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Before signing, the Agent Card content MUST be canonicalized using the JSON Canonicalization Scheme (JCS) as defined in RFC 8785.", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Field Presence and Default Value Handling: Before canonicalization, the JSON representation MUST respect Protocol Buffer field presence semantics as defined in Section 5.7.", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Optional fields not explicitly set: Fields marked with the `optional` keyword that were not explicitly set MUST be omitted from the JSON object", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Optional fields explicitly set to defaults: Fields marked with `optional` that were explicitly set to a value (even if that value matches a default) MUST be included in the JSON object", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Required fields: Fields marked with `REQUIRED` MUST always be present, even if the field value matches the default.", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Default values: Fields with default values MUST be omitted unless the field is marked as `REQUIRED` or has the `optional` keyword.", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "RFC 8785 Compliance: The Agent Card JSON MUST be canonicalized according to RFC 8785, which specifies:", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "MUST", Text: "Signature Field Exclusion: The `signatures` field itself MUST be excluded from the content being signed to avoid circular dependencies.", Unseen: unseenSigning},
	{Source: "spec §8.4.1", Keyword: "REQUIRED", Text: "`name`: \"Example Agent\" - REQUIRED field → include", Unseen: unseenExample},
	{Source: "spec §8.4.1", Keyword: "REQUIRED", Text: "`description`: \"\" - REQUIRED field → include", Unseen: unseenExample},
	{Source: "spec §8.4.1", Keyword: "REQUIRED", Text: "`capabilities`: object - REQUIRED field → include (after processing children)", Unseen: unseenExample},
	{Source: "spec §8.4.1", Keyword: "REQUIRED", Text: "`extensions`: [] - repeated field (not REQUIRED) with empty array → omit", Unseen: unseenExample},
	{Source: "spec §8.4.1", Keyword: "REQUIRED", Text: "`skills`: [] - REQUIRED field → include", Unseen: unseenExample},
	{Source: "spec §8.4.2", Keyword: "MUST", Text: "The protected header MUST include:", Unseen: unseenSigning},
	{Source: "spec §8.4.3", Keyword: "MUST", Text: "Clients verifying Agent Card signatures MUST:", Unseen: unseenSigning},
	{Source: "spec §8.4.3", Keyword: "MUST NOT", Text: "Expired or revoked keys MUST NOT be used for verification", Unseen: unseenSigning},
	{Source: "spec §9.2", Keyword: "MUST", Text: "A2A service parameters defined in Section 3.2.6 MUST be transmitted using standard HTTP request headers, as JSON-RPC 2.0 operates over HTTP(S)."},
	{Source: "spec §9.2", Keyword: "MUST", Text: "Service parameter names MUST be transmitted as HTTP header fields"},
	{Source: "spec §9.3", Keyword: "MUST", Text: "All JSON-RPC requests MUST follow the standard JSON-RPC 2.0 format:", Rules: []string{"jsonrpc-request", "method-name"}},
	{Source: "spec §9.5", Keyword: "MUST", Text: "Each object in the `data` array MUST include a `@type` key that identifies the object's type.", Rules: []string{"error-details"}},
	{Source: "spec §10.2", Keyword: "MUST", Text: "A2A service parameters defined in Section 3.2.6 MUST be transmitted using gRPC metadata (headers).", Unseen: unseenGRPC},
	{Source: "spec §10.2", Keyword: "MUST", Text: "Service parameter names MUST be transmitted as gRPC metadata keys", Unseen: unseenGRPC},
	{Source: "spec §10.2", Keyword: "MUST", Text: "Implementations MUST extract A2A service parameters from gRPC metadata for processing", Unseen: unseenGRPC},
	{Source: "spec §10.6", Keyword: "MUST", Text: "For A2A-specific errors, implementations MUST include a `google.rpc.ErrorInfo` message in the `status.details` array with:", Unseen: unseenGRPC},
	{Source: "spec §11.2", Keyword: "MUST", Text: "A2A service parameters defined in Section 3.2.6 MUST be transmitted using standard HTTP request headers.", Rules: []string{"service-params"}, Partly: "only A2A-Extensions (A2A-Version may be a request parameter, §3.6.1)"},
	{Source: "spec §11.2", Keyword: "MUST", Text: "Service parameter names MUST be transmitted as HTTP header fields", Rules: []string{"service-params"}},
	{Source: "spec §11.5", Keyword: "MUST", Text: "HTTP methods that do not support request bodies (GET, DELETE) MUST transmit operation request parameters as path parameters or query parameters.", Rules: []string{"rest-no-body"}},
	{Source: "spec §11.5", Keyword: "MUST", Text: "Query parameter names MUST use `camelCase` to match the JSON serialization of Protocol Buffer field names.", Rules: []string{"query-names"}},
	{Source: "spec §11.5", Keyword: "MUST", Text: "Nested Objects: Not supported in query parameters; operations requiring nested objects MUST use POST with a request body", Rules: []string{"query-names"}},
	{Source: "spec §11.5", Keyword: "MUST", Text: "All query parameter values MUST be properly URL-encoded per RFC 3986.", Rules: []string{"query-encoding"}},
	{Source: "spec §11.6", Keyword: "MUST", Text: "Each object in the `details` array MUST include a `@type` key that identifies the object's type.", Rules: []string{"error-details"}},
	{Source: "spec §11.6", Keyword: "MUST", Text: "Since multiple A2A error types may map to the same HTTP status code (e.g., `TaskNotCancelableError` and `PushNotificationNotSupportedError` both map to `400 Bad Request`), implementations MUST include a `google.rpc.ErrorInfo` object in the `details` array for A2A-specific errors with:", Rules: []string{"rest-error-info"}},
	{Source: "spec §12", Keyword: "MUST", Text: "Custom bindings MUST comply with all requirements defined in Section 5 (Protocol Binding Requirements and Interoperability).", Unseen: unseenCustom},
	{Source: "spec §12.1", Keyword: "MUST", Text: "Custom protocol bindings MUST:", Unseen: unseenCustom},
	{Source: "spec §12.2", Keyword: "MUST", Text: "Custom bindings MUST provide clear mappings for:", Unseen: unseenCustom},
	{Source: "spec §12.3", Keyword: "MUST", Text: "As specified in Section 3.2.6 (Service Parameters), custom protocol bindings MUST document how service parameters are transmitted.", Unseen: unseenCustom},
	{Source: "spec §12.3", Keyword: "MUST", Text: "The binding specification MUST address:", Unseen: unseenCustom},
	{Source: "spec §12.4", Keyword: "MUST", Text: "Custom bindings MUST:", Unseen: unseenCustom},
	{Source: "spec §12.5", Keyword: "MUST", Text: "If streaming is not supported, the binding MUST clearly document this limitation in the Agent Card.", Unseen: unseenCustom},
	{Source: "spec §12.6", Keyword: "MUST", Text: "Custom bindings MUST:", Unseen: unseenCustom},
	{Source: "spec §12.7", Keyword: "MUST", Text: "Custom bindings MUST be declared in the Agent Card:", Unseen: unseenCustom},
	{Source: "spec §13.1", Keyword: "MUST", Text: "Implementations MUST ensure appropriate scope limitation based on the authenticated caller's authorization boundaries.", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "Servers MUST implement authorization checks on every A2A Protocol Operations request", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "Implementations MUST scope results to the caller's authorized access boundaries as defined by the agent's authorization model", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "Even when `contextId` or other filter parameters are not specified in requests, implementations MUST scope results to the caller's authorized access boundaries", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "`List Tasks`: MUST only return tasks visible to the authenticated client according to the agent's authorization model", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "`Get Task`: MUST verify the authenticated client has access to the requested task according to the agent's authorization model", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "Task-related operations (Cancel, Subscribe, Push Notification Config): MUST verify the client has appropriate access rights according to the agent's authorization model", Unseen: unseenAuthz},
	{Source: "spec §13.1", Keyword: "MUST", Text: "Authorization checks MUST occur before any database queries or operations that could leak information about the existence of resources outside the caller's authorization scope", Unseen: unseenAuthz},
	{Source: "spec §13.2", Keyword: "MUST", Text: "Agents MUST include authentication credentials in webhook requests as specified in `PushNotificationConfig.authentication`", Rules: []string{"push-authentication"}},
	{Source: "spec §13.2", Keyword: "MUST", Text: "Clients MUST validate webhook authenticity using the provided authentication credentials", Unseen: unseenWebhook},
	{Source: "spec §13.2", Keyword: "MUST", Text: "Clients MUST respond with HTTP 2xx status codes to acknowledge successful receipt", Unseen: unseenWebhook},
	{Source: "spec §13.3", Keyword: "MUST", Text: "The `Get Extended Agent Card` operation MUST require authentication", Unseen: unseenCreds},
	{Source: "spec §13.3", Keyword: "MUST", Text: "Agents MUST authenticate requests using one of the schemes declared in the public `AgentCard.securitySchemes` and `AgentCard.security` fields", Unseen: unseenAuthn},
	{Source: "spec §13.3", Keyword: "MUST", Text: "Agents MUST validate that clients have appropriate permissions before returning privileged information in extended cards", Unseen: unseenAuthz},
	{Source: "spec §13.3", Keyword: "MUST", Text: "When `capabilities.extendedAgentCard` is `false` or not present, the operation MUST return `UnsupportedOperationError`", Rules: []string{"capability-extended-card"}},
	{Source: "spec §13.3", Keyword: "MUST", Text: "When support is declared but no extended card is configured, the operation MUST return `ExtendedAgentCardNotConfiguredError`", Rules: []string{"extended-card-configured"}},
	{Source: "spec §13.4", Keyword: "MUST", Text: "Production deployments MUST use encrypted communication (HTTPS for HTTP-based bindings, TLS for gRPC)", Unseen: unseenTLS},
	{Source: "spec §13.4", Keyword: "MUST", Text: "Agents MUST validate all input parameters before processing", Rules: []string{"input-validated"}, Partly: "only requests without their REQUIRED fields; what else an agent validates does not show"},
	{Source: "spec §13.4", Keyword: "MUST", Text: "API keys, tokens, and other credentials MUST be treated as secrets", Unseen: unseenInside},
	{Source: "spec §13.4", Keyword: "MUST NOT", Text: "Logs MUST NOT include sensitive information (credentials, personal data) unless required and properly protected", Unseen: unseenInside},
	{Source: "spec §13.4", Keyword: "MUST", Text: "Agents MUST comply with applicable data protection regulations", Unseen: unseenInside},
	{Source: "spec §13.4", Keyword: "MUST", Text: "Custom protocol bindings MUST address security considerations in their specification", Unseen: unseenCustom},
	{Source: "spec §13.4", Keyword: "MUST", Text: "Custom bindings MUST document authentication integration and credential transmission", Unseen: unseenCustom},
	{Source: "spec §14.1.1", Keyword: "MUST", Text: "Encoding considerations: Binary (UTF-8 encoding MUST be used for JSON text)", Unseen: unseenText},
	{Source: "spec §14.1.1", Keyword: "MUST", Text: "Content MUST be validated against the A2A protocol schema before processing", Rules: []string{"input-validated"}, Partly: "only requests without their REQUIRED fields"},
	{Source: "spec §14.1.1", Keyword: "MUST", Text: "Implementations MUST sanitize user-provided content to prevent injection attacks", Unseen: unseenInside},
	{Source: "spec §14.1.1", Keyword: "MUST", Text: "File references within A2A messages MUST be validated to prevent server-side request forgery (SSRF)", Unseen: unseenInside},
	{Source: "spec §14.1.1", Keyword: "MUST", Text: "Authentication and authorization MUST be enforced as specified in Section 7 of the A2A specification", Unseen: unseenAuthn},
	{Source: "spec §14.1.1", Keyword: "MUST", Text: "Sensitive information in task history and artifacts MUST be protected according to applicable data protection regulations", Unseen: unseenInside},
	{Source: "spec §14.2.1", Keyword: "MUST", Text: "The value MUST be in the format `Major.Minor` (e.g., \"0.3\").", Rules: []string{"a2a-version-format"}},
	{Source: "spec §14.3", Keyword: "MUST", Text: "The resource at this URI MUST return an AgentCard object as defined in Section 4.4.1 of the A2A specification.", Rules: []string{"agent-card", "agent-card-available"}},
	{Source: "spec §14.3", Keyword: "MUST", Text: "Extended Agent Cards retrieved via authenticated endpoints (Section 3.1.11) MAY contain additional information and MUST enforce appropriate access controls", Unseen: unseenAuthz},
	{Source: "spec §A", Keyword: "MUST", Text: "All legacy names and anchors MUST remain resolvable until the stated earliest removal version.", Unseen: unseenProcess},
	{Source: "spec §A.3", Keyword: "MUST", Text: "Until then, edits MUST be manual and reviewed in PRs affecting `a2a.proto`.", Unseen: unseenProcess},
	{Source: "a2a.proto SendMessageConfiguration", Keyword: "MUST NOT", Text: "The server MUST NOT return more messages than the provided value, but MAY apply a lower limit.", Rules: []string{"history-length"}},
	{Source: "a2a.proto SendMessageConfiguration", Keyword: "MUST", Text: "If `false` (default), the operation MUST wait until the task reaches a terminal (`COMPLETED`, `FAILED`, `CANCELED`, `REJECTED`) or interrupted (`INPUT_REQUIRED`, `AUTH_REQUIRED`) state before returning.", Rules: []string{"blocking-send"}},
	{Source: "a2a.proto Task", Keyword: "REQUIRED", Text: "string id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"task-fields"}},
	{Source: "a2a.proto Task", Keyword: "REQUIRED", Text: "TaskStatus status = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"task-fields"}},
	{Source: "a2a.proto TaskStatus", Keyword: "REQUIRED", Text: "TaskState state = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"task-fields"}},
	{Source: "a2a.proto Message", Keyword: "REQUIRED", Text: "string message_id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"message-fields"}},
	{Source: "a2a.proto Message", Keyword: "REQUIRED", Text: "Role role = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"message-fields"}},
	{Source: "a2a.proto Message", Keyword: "REQUIRED", Text: "repeated Part parts = 5 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"message-fields"}},
	{Source: "a2a.proto Artifact", Keyword: "REQUIRED", Text: "string artifact_id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"artifact-fields"}},
	{Source: "a2a.proto Artifact", Keyword: "REQUIRED", Text: "repeated Part parts = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"artifact-fields"}},
	{Source: "a2a.proto TaskStatusUpdateEvent", Keyword: "REQUIRED", Text: "string task_id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"event-fields"}},
	{Source: "a2a.proto TaskStatusUpdateEvent", Keyword: "REQUIRED", Text: "string context_id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"event-fields"}},
	{Source: "a2a.proto TaskStatusUpdateEvent", Keyword: "REQUIRED", Text: "TaskStatus status = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"event-fields"}},
	{Source: "a2a.proto TaskArtifactUpdateEvent", Keyword: "REQUIRED", Text: "string task_id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"event-fields"}},
	{Source: "a2a.proto TaskArtifactUpdateEvent", Keyword: "REQUIRED", Text: "string context_id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"event-fields"}},
	{Source: "a2a.proto TaskArtifactUpdateEvent", Keyword: "REQUIRED", Text: "Artifact artifact = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"event-fields"}},
	{Source: "a2a.proto AuthenticationInfo", Keyword: "REQUIRED", Text: "string scheme = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"push-config-fields"}},
	{Source: "a2a.proto AgentInterface", Keyword: "REQUIRED", Text: "string url = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentInterface", Keyword: "REQUIRED", Text: "string protocol_binding = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentInterface", Keyword: "MUST", Text: "When set, clients MUST include this value in the `tenant` field of all request messages sent to this interface.", Rules: []string{"tenant"}},
	{Source: "a2a.proto AgentInterface", Keyword: "REQUIRED", Text: "string protocol_version = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "string name = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "string description = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "repeated AgentInterface supported_interfaces = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "string version = 5 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "AgentCapabilities capabilities = 7 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "repeated string default_input_modes = 10 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "repeated string default_output_modes = 11 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCard", Keyword: "REQUIRED", Text: "repeated AgentSkill skills = 12 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentProvider", Keyword: "REQUIRED", Text: "string url = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentProvider", Keyword: "REQUIRED", Text: "string organization = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentSkill", Keyword: "REQUIRED", Text: "string id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentSkill", Keyword: "REQUIRED", Text: "string name = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentSkill", Keyword: "REQUIRED", Text: "string description = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentSkill", Keyword: "REQUIRED", Text: "repeated string tags = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCardSignature", Keyword: "REQUIRED", Text: "string protected = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AgentCardSignature", Keyword: "REQUIRED", Text: "string signature = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto TaskPushNotificationConfig", Keyword: "REQUIRED", Text: "string url = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"push-config-fields"}},
	{Source: "a2a.proto APIKeySecurityScheme", Keyword: "REQUIRED", Text: "string location = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto APIKeySecurityScheme", Keyword: "REQUIRED", Text: "string name = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto HTTPAuthSecurityScheme", Keyword: "REQUIRED", Text: "string scheme = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto OAuth2SecurityScheme", Keyword: "REQUIRED", Text: "OAuthFlows flows = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto OpenIdConnectSecurityScheme", Keyword: "REQUIRED", Text: "string open_id_connect_url = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AuthorizationCodeOAuthFlow", Keyword: "REQUIRED", Text: "string authorization_url = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AuthorizationCodeOAuthFlow", Keyword: "REQUIRED", Text: "string token_url = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto AuthorizationCodeOAuthFlow", Keyword: "REQUIRED", Text: "map<string, string> scopes = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto ClientCredentialsOAuthFlow", Keyword: "REQUIRED", Text: "string token_url = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto ClientCredentialsOAuthFlow", Keyword: "REQUIRED", Text: "map<string, string> scopes = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto ImplicitOAuthFlow authorization_url", Keyword: "MUST", Text: "This MUST be in the form of a URL.", Rules: []string{"agent-card"}},
	{Source: "a2a.proto ImplicitOAuthFlow refresh_url", Keyword: "MUST", Text: "This MUST be in the form of a URL.", Rules: []string{"agent-card"}},
	{Source: "a2a.proto PasswordOAuthFlow token_url", Keyword: "MUST", Text: "This MUST be in the form of a URL.", Rules: []string{"agent-card"}},
	{Source: "a2a.proto PasswordOAuthFlow refresh_url", Keyword: "MUST", Text: "This MUST be in the form of a URL.", Rules: []string{"agent-card"}},
	{Source: "a2a.proto DeviceCodeOAuthFlow", Keyword: "REQUIRED", Text: "string device_authorization_url = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto DeviceCodeOAuthFlow", Keyword: "REQUIRED", Text: "string token_url = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto DeviceCodeOAuthFlow", Keyword: "REQUIRED", Text: "map<string, string> scopes = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"agent-card"}},
	{Source: "a2a.proto SendMessageRequest", Keyword: "REQUIRED", Text: "Message message = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto GetTaskRequest", Keyword: "REQUIRED", Text: "string id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto GetTaskRequest", Keyword: "MUST NOT", Text: "The server MUST NOT return more messages than the provided value, but MAY apply a lower limit.", Rules: []string{"history-length"}},
	{Source: "a2a.proto ListTasksResponse", Keyword: "REQUIRED", Text: "repeated Task tasks = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"list-tasks-fields"}},
	{Source: "a2a.proto ListTasksResponse", Keyword: "REQUIRED", Text: "string next_page_token = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"list-tasks-fields"}},
	{Source: "a2a.proto ListTasksResponse", Keyword: "REQUIRED", Text: "int32 page_size = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"list-tasks-fields"}},
	{Source: "a2a.proto ListTasksResponse", Keyword: "REQUIRED", Text: "int32 total_size = 4 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"list-tasks-fields"}},
	{Source: "a2a.proto CancelTaskRequest", Keyword: "REQUIRED", Text: "string id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto GetTaskPushNotificationConfigRequest", Keyword: "REQUIRED", Text: "string task_id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto GetTaskPushNotificationConfigRequest", Keyword: "REQUIRED", Text: "string id = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto DeleteTaskPushNotificationConfigRequest", Keyword: "REQUIRED", Text: "string task_id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto DeleteTaskPushNotificationConfigRequest", Keyword: "REQUIRED", Text: "string id = 3 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto SubscribeToTaskRequest", Keyword: "REQUIRED", Text: "string id = 2 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},
	{Source: "a2a.proto ListTaskPushNotificationConfigsRequest", Keyword: "REQUIRED", Text: "string task_id = 1 [(google.api.field_behavior) = REQUIRED];", Rules: []string{"request-fields"}},

	// Sentences the rules cite that state no MUST-class requirement of
	// their own: a SHOULD, a MAY, a lower-case "must" of a proto comment,
	// a binding's list of its requirements, an error's description.
	{Source: "spec §3.1.1", Keyword: "", Text: "`UnsupportedOperationError`: Messages sent to Tasks that are in a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`) cannot accept further messages.", Rules: []string{"message-to-terminal"}},
	{Source: "spec §3.1.5", Keyword: "", Text: "`TaskNotCancelableError`: The task is not in a cancelable state (e.g., already completed, failed, or canceled).", Rules: []string{"cancel-terminal", "cancel-canceled"}},
	{Source: "spec §9.5", Keyword: "", Text: "-32700 JSONParseError \"Invalid JSON payload\": The server received invalid JSON", Rules: []string{"parse-error"}},
	{Source: "spec §9.5", Keyword: "", Text: "-32602 InvalidParamsError \"Invalid parameters\": The method parameters are invalid", Rules: []string{"parse-error"}},
	{Source: "spec §3.3.2", Keyword: "", Text: "Example error codes: HTTP `400 Bad Request`, gRPC `INVALID_ARGUMENT`, JSON-RPC `-32602 Invalid params`", Rules: []string{"parse-error"}},
	{Source: "spec §3.3.2", Keyword: "", Text: "System Errors: Internal agent failures or temporary unavailability", Rules: []string{"internal-error"}},
	{Source: "spec §3.1.6", Keyword: "", Text: "The operation enables real-time monitoring of task progress and can be used with any task that is not in a terminal state.", Rules: []string{"subscribe-state"}},
	{Source: "spec §3.1.6", Keyword: "", Text: "`UnsupportedOperationError`: The operation is attempted on a task that is in a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`).", Rules: []string{"subscribe-state"}},
	{Source: "spec §3.2.4", Keyword: "SHOULD", Text: "0: No history should be returned; the `history` field SHOULD be omitted", Rules: []string{"history-length"}},
	{Source: "spec §3.3.1", Keyword: "MAY", Text: "Cancel Task operations are idempotent - multiple cancellation requests have the same effect. A duplicate cancellation request MAY return `TaskNotFoundError` if the task has already been canceled and purged.", Rules: []string{"cancel-terminal"}},
	{Source: "spec §3.4.2", Keyword: "", Text: "Client-provided `taskId` values for creating new tasks is NOT supported", Rules: []string{"task-not-found"}},
	{Source: "spec §3.6.1", Keyword: "MAY", Text: "Clients MAY provide the `A2A-Version` as a request parameter instead of a header.", Rules: []string{"a2a-version"}},
	{Source: "spec §7.6.1", Keyword: "SHOULD", Text: "Agents SHOULD support receiving messages directed to the Task while the Task remains in `TASK_STATE_AUTH_REQUIRED`. This enables clients to negotiate, correct, or reject an authorization request.", Rules: []string{"auth-required-accepts"}},
	{Source: "spec §5.1", Keyword: "", Text: "Identical Functionality: Provide the same set of operations and capabilities", Rules: []string{"binding-equivalence"}},
	{Source: "spec §9.1", Keyword: "", Text: "Protocol: JSON-RPC 2.0 over HTTP(S)", Rules: []string{"jsonrpc-response"}},
	{Source: "spec §9.1", Keyword: "", Text: "Content-Type: `application/json` for requests and responses", Rules: []string{"content-type"}},
	{Source: "spec §A.2.1", Keyword: "", Text: "Version 1.0 introduces a breaking change in how polymorphic objects are represented in the protocol.", Rules: []string{"v03-migration"}},
	{Source: "spec §9.1", Keyword: "", Text: "Method Naming: PascalCase method names matching gRPC conventions (e.g., `SendMessage`, `GetTask`)", Rules: []string{"method-name"}},
	{Source: "spec §9.4.2", Keyword: "", Text: "Response: HTTP 200 with `Content-Type: text/event-stream`", Rules: []string{"stream-content-type"}},
	{Source: "spec §9.5", Keyword: "", Text: "Error Details: Mapped to `error.data` (array of objects, each containing a `@type` key, using ProtoJSON `Any` representation)", Rules: []string{"error-details"}},
	{Source: "spec §11.1", Keyword: "SHOULD", Text: "Content-Type: application/a2a+json SHOULD be used for requests and responses", Rules: []string{"rest-content-type"}},
	{Source: "spec §11.6", Keyword: "", Text: "HTTP error responses use the google.rpc.Status JSON representation, which maps to the generic A2A error model defined in Section 3.3.2 as follows:", Rules: []string{"error-shape"}},
	{Source: "spec §11.6", Keyword: "", Text: "`reason`: The A2A error type in UPPER_SNAKE_CASE without the \"Error\" suffix (e.g., `TASK_NOT_FOUND`, `TASK_NOT_CANCELABLE`)", Rules: []string{"rest-error-info"}},
	{Source: "spec §11.6", Keyword: "", Text: "`domain`: Set to `\"a2a-protocol.org\"`", Rules: []string{"rest-error-info"}},
	{Source: "spec §11.6", Keyword: "", Text: "Error Code: Mapped to the HTTP status code and the `error.code` field", Rules: []string{"rest-error-status"}},
	{Source: "spec §11.7", Keyword: "", Text: "REST streaming uses Server-Sent Events with the `data` field containing JSON serializations of the protocol data objects:", Rules: []string{"stream-content-type"}},
	{Source: "spec §11.7", Keyword: "SHOULD", Text: "Implementations SHOULD avoid re-ordering events and MAY optionally resend a final `Task` snapshot before closing.", Rules: []string{"stream-closes"}},
	{Source: "spec §A.2.1", Keyword: "", Text: "Objects now use the JSON member name itself to identify the type. The member name acts as the discriminator, and the value structure depends on the specific type:", Rules: []string{"one-payload", "part-shape"}},
	{Source: "spec §A.2.1", Keyword: "", Text: "Breaking: The `kind` field is no longer part of the protocol and should not be emitted", Rules: []string{"one-payload"}},
	{Source: "a2a.proto TaskState TASK_STATE_COMPLETED", Keyword: "", Text: "Indicates that a task has finished successfully. This is a terminal state.", Rules: []string{"terminal-is-final"}},
	{Source: "a2a.proto Message", Keyword: "must", Text: "For server messages, `context_id` must be provided, and `task_id` only if a task was created.", Rules: []string{"agent-context-id"}},
	{Source: "a2a.proto Message", Keyword: "", Text: "For client messages, both fields are optional, with the caveat that if both are provided, they have to match (the `context_id` has to be the one that is set on the task). If only `task_id` is provided, the server will infer `context_id` from it.", Rules: []string{"context-match"}},
	{Source: "a2a.proto Role ROLE_USER", Keyword: "", Text: "The message is from the client to the server.", Rules: []string{"role"}},
	{Source: "a2a.proto Role ROLE_AGENT", Keyword: "", Text: "The message is from the server to the client.", Rules: []string{"role"}},
	{Source: "a2a.proto Part", Keyword: "", Text: "oneof content { string text = 1; bytes raw = 2; string url = 3; google.protobuf.Value data = 4; }", Rules: []string{"part-shape"}},
	{Source: "a2a.proto Artifact", Keyword: "must", Text: "The content of the artifact. Must contain at least one part.", Rules: []string{"artifact-fields"}},
	{Source: "spec §3.1.7", Keyword: "", Text: "`TaskNotFoundError`: The task ID does not exist or is not accessible.", Rules: []string{"push-config-task"}},
	{Source: "spec §4.3.3", Keyword: "", Text: "When a task update occurs, the agent sends an HTTP POST request to the configured webhook URL. The payload uses the same `StreamResponse` format as streaming operations, allowing push notifications to deliver the same event types as real-time streams.", Rules: []string{"push-payload", "push-on-change"}},
	{Source: "spec §4.3.3", Keyword: "", Text: "The webhook payload is a `StreamResponse` object containing exactly one of the following:", Rules: []string{"push-payload"}},
	{Source: "a2a.proto TaskPushNotificationConfig", Keyword: "", Text: "A token unique for this task or session.", Rules: []string{"push-token"}},
	{Source: "spec §3.5.1", Keyword: "", Text: "Agent sends HTTP POST requests to client-registered endpoints when task state changes", Rules: []string{"push-on-change", "push-unrecorded"}},
	{Source: "spec §3.5.1", Keyword: "", Text: "Higher latency, potential for unnecessary requests", Rules: []string{"poll-backoff"}},
	{Source: "spec §3.5.1", Keyword: "", Text: "Client periodically calls Get Task (Section 3.1.3) to check task status", Rules: []string{"poll-backoff"}},
	{Source: "spec §7.6.2", Keyword: "", Text: "Begin polling the Task using the Get Task operation", Rules: []string{"poll-backoff"}},
	{Source: "a2a.proto StreamResponse", Keyword: "", Text: "The payload of the stream response. oneof payload { Task task = 1; Message message = 2; TaskStatusUpdateEvent status_update = 3; TaskArtifactUpdateEvent artifact_update = 4; }", Rules: []string{"one-payload"}},
}
