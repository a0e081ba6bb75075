package check

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// The rules in this file check sentences of the spec table
// (spectable.go) the first rules left unchecked: the version an empty
// A2A-Version stands for, JSON names, ListTasks' answer, the contextId an
// agent answers with, the uniqueness of task ids, the HTTP status of an
// HTTP+JSON error, a request's REQUIRED fields, the extended card's
// capability, query parameter names and the agent card's availability.

var wireRules = []Rule{
	{ID: "version-empty", Section: "3.6.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a request without an A2A-Version is read as version 0.3: an agent does not serve it as 1.0",
		Quotes: []Quote{
			{"spec §3.6.2", "Agents MUST interpret empty value as 0.3 version."},
			{"spec §3.6.2", "If the version is not supported by the interface, agents MUST return a `VersionNotSupportedError`."},
		},
		Derivation: "A request served with v1.0's method names or enum names (TASK_STATE_WORKING) or its wrapped payloads was served as 1.0."},
	{ID: "json-names", Section: "5.5", Keyword: "MUST", Severity: Violation,
		Summary: "the members of A2A objects have their camelCase JSON names (contextId), not the proto's snake_case (context_id)",
		Quotes: []Quote{
			{"spec §5.5", "All JSON serializations of the A2A protocol data model MUST use camelCase naming for field names, not the snake_case convention used in Protocol Buffer definitions."},
		}},
	{ID: "list-tasks-fields", Section: "3.1.4", Keyword: "REQUIRED", Severity: Violation, By: ByAgent,
		Summary: "a ListTasks answer has tasks, nextPageToken, pageSize and totalSize; nextPageToken is \"\" on the last page",
		Quotes: []Quote{
			{"a2a.proto ListTasksResponse", "repeated Task tasks = 1 [(google.api.field_behavior) = REQUIRED]; string next_page_token = 2 [(google.api.field_behavior) = REQUIRED]; int32 page_size = 3 [(google.api.field_behavior) = REQUIRED]; int32 total_size = 4 [(google.api.field_behavior) = REQUIRED];"},
			{"spec §3.1.4", "Note on `nextPageToken`: The `nextPageToken` field MUST always be present in the response."},
			{"spec §3.1.4", "The operation MUST return only tasks visible to the authenticated client and MUST use cursor-based pagination for performance and consistency."},
			{"spec §3.1.4", "When there are no more results to retrieve (i.e., this is the final page), the field MUST be set to an empty string (\"\")."},
			{"spec §5.7", mustREQUIRED},
		},
		Derivation: "A page is the last when it holds every task totalSize counts and the request asked for the first page."},
	{ID: "list-tasks-artifacts", Section: "3.1.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "ListTasks leaves out the tasks' artifacts unless includeArtifacts is true",
		Quotes: []Quote{
			{"spec §3.1.4", "When `includeArtifacts` is false (the default), the artifacts field MUST be omitted entirely from each Task object in the response."},
		}},
	{ID: "list-tasks-order", Section: "3.1.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "ListTasks returns the tasks most recently updated first, by their status timestamp",
		Quotes: []Quote{
			{"spec §3.1.4", "Tasks MUST be sorted by last update time in descending order."},
			{"spec §3.1.4", "Implementations MUST return tasks sorted by their status timestamp time in descending order (most recently updated tasks first)."},
		}},
	{ID: "context-kept", Section: "3.4.1", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent answers a message that gives a contextId in that context, or refuses it; it never answers with another contextId",
		Quotes: []Quote{
			{"spec §3.4.1", "If an agent cannot accept a client-provided `contextId`, it MUST reject the request with an error and MUST NOT generate a new `contextId` for the response"},
		}},
	{ID: "context-inferred", Section: "3.4.3", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a message that gives the taskId alone is answered in the task's context",
		Quotes: []Quote{
			{"spec §3.4.3", "Agents MUST infer `contextId` from the task if only `taskId` is provided"},
		}},
	{ID: "task-id-unique", Section: "3.4.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a message without a taskId starts a new task, with an id no task had before",
		Quotes: []Quote{
			{"spec §3.4.2", "Agents MUST generate a unique `taskId` for each new task they create"},
		},
		Derivation: "A message without a taskId starts a new task (§3.4.3: a contextId alone starts a new task in that context), so a reply that names a task the transcript showed before reused its id."},
	{ID: "rest-error-status", Section: "5.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an HTTP+JSON A2A error has the HTTP status §5.4 maps its type to (TASK_NOT_FOUND: 404, most others: 400), and error.code is that status",
		Quotes: []Quote{
			{"spec §5.4", "All A2A-specific errors defined in Section 3.3.2 MUST be mapped to binding-specific error representations."},
			{"spec §11.6", "Error Code: Mapped to the HTTP status code and the `error.code` field"},
		},
		Derivation: "§5.4's table gives each A2A error type its HTTP status; §11.6 maps the error's code to the HTTP status and to error.code. The statuses are v1.0.1's; v1.0.0's table mapped TaskNotCancelableError to 409, ContentTypeNotSupportedError to 415 and InvalidAgentResponseError to 502, and a finding says so when an agent follows it. a2a-go v2.4.0 follows v1.0.1."},
	{ID: "request-fields", Section: "3.2.1", Keyword: "REQUIRED", Severity: Violation, By: ByClient,
		Summary: "a request has the fields its proto marks REQUIRED: SendMessage a message; GetTask, CancelTask and SubscribeToTask an id; the push notification config requests a taskId (and an id)",
		Quotes: []Quote{
			{"a2a.proto SendMessageRequest", "Message message = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto GetTaskRequest", "string id = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto CancelTaskRequest", "string id = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto SubscribeToTaskRequest", "string id = 2 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto GetTaskPushNotificationConfigRequest", "string task_id = 2 [(google.api.field_behavior) = REQUIRED]; string id = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto DeleteTaskPushNotificationConfigRequest", "string task_id = 2 [(google.api.field_behavior) = REQUIRED]; string id = 3 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto ListTaskPushNotificationConfigsRequest", "string task_id = 1 [(google.api.field_behavior) = REQUIRED];"},
			{"spec §5.7", mustREQUIRED},
		}},
	{ID: "input-validated", Section: "3.3.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent does not serve a request that lacks a REQUIRED field: it validates its input first",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST validate all input parameters before processing"},
			{"spec §13.4", "Agents MUST validate all input parameters before processing"},
			{"spec §14.1.1", "Content MUST be validated against the A2A protocol schema before processing"},
		},
		Derivation: "A request request-fields finds without a REQUIRED field, which the agent served instead of refusing."},
	{ID: "capability-extended-card", Section: "3.3.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent whose card does not declare extendedAgentCard refuses GetExtendedAgentCard with UnsupportedOperationError",
		Quotes: []Quote{
			{"spec §3.3.4", capabilityMUST},
			{"spec §3.3.4", "Extended Agent Card: If `AgentCard.capabilities.extendedAgentCard` is `false` or not present, attempts to call the Get Extended Agent Card operation MUST return `UnsupportedOperationError`."},
			{"spec §13.3", "When `capabilities.extendedAgentCard` is `false` or not present, the operation MUST return `UnsupportedOperationError`"},
		}},
	{ID: "extended-card-configured", Section: "3.3.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent whose card declares extendedAgentCard serves GetExtendedAgentCard or answers ExtendedAgentCardNotConfiguredError, never UnsupportedOperationError",
		Quotes: []Quote{
			{"spec §3.3.4", "If the agent declares support but has not configured an extended card, it MUST return `ExtendedAgentCardNotConfiguredError`."},
			{"spec §13.3", "When support is declared but no extended card is configured, the operation MUST return `ExtendedAgentCardNotConfiguredError`"},
		},
		Derivation: "UnsupportedOperationError is the answer of an agent that does not declare the capability (§3.3.4); one that declares it and has no card answers ExtendedAgentCardNotConfiguredError."},
	{ID: "extension-required", Section: "3.3.4", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a request that does not declare (A2A-Extensions) an extension the card marks required is refused with ExtensionSupportRequiredError",
		Quotes: []Quote{
			{"spec §3.3.4", capabilityMUST},
			{"spec §4.6.3", "If a client requests a versions of an extension that the agent does not support, the agent SHOULD ignore the extension for that interaction and proceed without it, unless the extension is marked as `required` in the AgentCard, in which case the agent MUST return an error indicating unsupported extension."},
			{"spec §3.3.4", "Extensions: When a server requests use of an extension marked as `required: true` in the Agent Card but the client does not declare support for it, the agent MUST return `ExtensionSupportRequiredError`."},
		}},
	{ID: "interface-declared", Section: "8.3.1", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "an agent serves a binding only at a URL its card declares for that binding",
		Quotes: []Quote{
			{"spec §5.2", "Agent Declaration: Agents MUST declare all supported protocols in their AgentCard"},
			{"spec §8.3", "The AgentCard MUST properly declare supported protocols:"},
			{"spec §8.3.1", "Each interface MUST accurately declare its transport protocol and URL"},
		},
		Derivation: "Judged against the latest card fetched before the call that declares an interface on the call's host."},
	{ID: "resource-match", Section: "3.3.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "GetTask and CancelTask answer with the task asked for (GetTaskPushNotificationConfig with the configuration), or with a not found error",
		Quotes: []Quote{
			{"spec §3.3.2", "Servers MUST return a not found error when a requested resource does not exist or is not accessible to the authenticated client"},
		},
		Derivation: "An answer about another resource than the one asked for is not the not found error a missing one gets."},
	{ID: "push-config-fields", Section: "3.1.7", Keyword: "REQUIRED", Severity: Violation,
		Summary: "a push notification configuration has a url, and its authentication a scheme",
		Quotes: []Quote{
			{"a2a.proto TaskPushNotificationConfig", "string url = 4 [(google.api.field_behavior) = REQUIRED];"},
			{"a2a.proto AuthenticationInfo", "string scheme = 1 [(google.api.field_behavior) = REQUIRED];"},
			{"spec §3.1.8", "The operation MUST return configuration details including webhook URL and notification settings."},
			{"spec §5.7", mustREQUIRED},
		}},
	{ID: "push-config-state", Section: "3.1.8", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a deleted push notification configuration is gone: Get fails, List leaves it out; List holds every configuration created and not deleted",
		Quotes: []Quote{
			{"spec §3.1.8", "The operation MUST fail if the configuration does not exist or the client lacks access."},
			{"spec §3.1.9", "The operation MUST return all active push notification configurations for the specified task and MAY support pagination for tasks with many configurations."},
			{"spec §3.1.10", "The operation MUST permanently remove the specified push notification configuration."},
		},
		Derivation: "A page with a nextPageToken may leave configurations to the next; a task in a terminal state may have dropped its configurations (§3.1.7)."},
	{ID: "rest-no-body", Section: "11.5", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "an HTTP+JSON GET or DELETE sends its parameters in the path and the query, not a body",
		Quotes: []Quote{
			{"spec §11.5", "HTTP methods that do not support request bodies (GET, DELETE) MUST transmit operation request parameters as path parameters or query parameters."},
		}},
	{ID: "query-encoding", Section: "11.5", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "HTTP+JSON query values are URL-encoded as RFC 3986 asks",
		Quotes: []Quote{
			{"spec §11.5", "All query parameter values MUST be properly URL-encoded per RFC 3986."},
		}},
	{ID: "stream-broadcast", Section: "3.5.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "the streams of one task open at the same time each receive its events, in the same order, and closing one leaves the others open",
		Quotes: []Quote{
			{"spec §3.5.2", "Events MUST be broadcast to all active streams for that task"},
			{"spec §3.5.2", "Each stream MUST receive the same events in the same order"},
			{"spec §3.5.2", "Closing one stream MUST NOT affect other active streams for the same task"},
		},
		Derivation: "Judged on the status and artifact updates a stream received while the other was open, a quarter of a second inside each end; a server close counts as caused by the client's close of another stream when it follows within half a second, with the task neither finished nor interrupted."},
	{ID: "event-order", Section: "3.5.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a stream delivers a task's statuses in the order they were recorded: their timestamps never go back",
		Quotes: []Quote{
			{"spec §3.5.2", "All implementations MUST deliver events in the order they were generated."},
			{"spec §3.5.2", "Events MUST NOT be reordered during transmission, regardless of protocol binding."},
		},
		Derivation: "A TaskStatus carries the time it was recorded; a status older than one the stream delivered before it was delivered out of order."},
	{ID: "binding-equivalence", Section: "5.1", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "the interfaces one agent card declares offer the same operations: one does not refuse as unknown what another serves",
		Quotes: []Quote{
			{"spec §5.1", "When an agent supports multiple protocols, all supported protocols MUST:"},
			{"spec §5.1", "Identical Functionality: Provide the same set of operations and capabilities"},
		},
		Derivation: "An operation refused as one the interface does not have (JSON-RPC -32601 method not found; HTTP 405, 501, or 404 on a route that names no task and with no A2A ErrorInfo) on one interface of a card, and served on another of the same card. The other three equivalences (behavior, errors, authentication) need the same request sent twice, which a transcript rarely holds."},
	{ID: "query-names", Section: "11.5", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "HTTP+JSON query parameters have camelCase names (historyLength), not snake_case",
		Quotes: []Quote{
			{"spec §11.5", "Query parameter names MUST use `camelCase` to match the JSON serialization of Protocol Buffer field names."},
			{"spec §11.5", "Nested Objects: Not supported in query parameters; operations requiring nested objects MUST use POST with a request body"},
		}},
	{ID: "service-params", Section: "11.2", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "HTTP+JSON service parameters (A2A-Extensions) travel as HTTP headers, not in the query",
		Quotes: []Quote{
			{"spec §11.2", "A2A service parameters defined in Section 3.2.6 MUST be transmitted using standard HTTP request headers."},
			{"spec §11.2", "Service parameter names MUST be transmitted as HTTP header fields"},
			{"spec §3.6.1", "Clients MAY provide the `A2A-Version` as a request parameter instead of a header."},
		},
		Derivation: "A2A-Version is left out: §3.6.1 lets a client send it as a request parameter. JSON-RPC's params are left out too: §9.2 wants headers, but §4.6.1 names JSON-RPC request parameters among the ways to opt into an extension."},
	{ID: "tenant", Section: "4.4.6", Keyword: "MUST", Severity: Violation, By: ByClient,
		Summary: "a request to an interface that declares a tenant carries that tenant: the tenant field over JSON-RPC, the path's /{tenant} over HTTP+JSON",
		Quotes: []Quote{
			{"a2a.proto AgentInterface", "When set, clients MUST include this value in the `tenant` field of all request messages sent to this interface."},
		}},
	{ID: "blocking-artifacts", Section: "3.2.2", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "a blocking SendMessage's task holds every artifact the task produced before the reply",
		Quotes: []Quote{
			{"spec §3.2.2", "The response MUST include the latest task state with all artifacts and status information."},
		},
		Derivation: "The artifacts are those other exchanges of the transcript (a stream, a GetTask) showed for the task before the reply; a newer state than the reply's is terminal-is-final's to report."},
	{ID: "agent-card-available", Section: "8.1", Keyword: "MUST", Severity: Violation, By: ByAgent,
		Summary: "the agent card's well-known URL serves the card, not 404",
		Quotes: []Quote{
			{"spec §8.1", "A2A Servers MUST make an Agent Card available."},
			{"spec §14.3", "The resource at this URI MUST return an AgentCard object as defined in Section 4.4.1 of the A2A specification."},
		}},
}

// declares says whether an interface's declared versions hold v, by
// Major.Minor: a patch is not negotiated (§3.6).
func declares(declared []string, v string) bool {
	for _, d := range declared {
		if majorMinor(d) == v {
			return true
		}
	}
	return false
}

// majorMinor is a version's Major.Minor: "1.0" of "1.0.0" (§3.6).
func majorMinor(v string) string {
	parts := strings.SplitN(strings.TrimSpace(v), ".", 3)
	if len(parts) < 2 {
		return strings.TrimSpace(v)
	}
	return parts[0] + "." + parts[1]
}

// fromHTTPLayer says whether the response comes from the HTTP layer in
// front of the agent, not from the agent: an authentication refusal
// whose body is not JSON (a proxy's or a gateway's "Unauthorized").
func (cl *call) fromHTTPLayer() bool {
	r := cl.ex.Response
	if r == nil || r.Stream != nil || cl.resp != nil {
		return false
	}
	switch r.StatusCode {
	case 401, 403, 407:
		return true
	}
	return false
}

// purged says whether a finished task answered TaskNotFoundError may
// have been purged (§3.3.2 lets an agent drop completed tasks): unless
// the transcript shows the task again after the call.
func (c *checker) purged(task string, cl *call) bool {
	at := cl.ex.Request.At
	if cl.ex.Response != nil {
		at = cl.ex.Response.At
	}
	if tl := c.tasks[task]; tl != nil && len(tl.obs) > 0 && tl.obs[len(tl.obs)-1].at.After(at) {
		return false
	}
	if c.purgedAt != nil { // a Session's: a state of task after at would change the answer
		if was, ok := c.purgedAt[task]; !ok || at.Before(was) {
			c.purgedAt[task] = at
		}
	}
	return true
}

// checkWire runs this file's rules on a call.
func (c *checker) checkWire(cl *call) {
	if cl.card {
		c.noteCardProbe(cl)
		return
	}
	if cl.binding == notA2A {
		return
	}
	if cl.accepted() {
		c.served[cl.base] = true
	}
	c.checkVersionEmpty(cl)
	c.checkRequestFields(cl)
	c.checkQueryNames(cl)
	c.checkErrorStatus(cl)
	c.checkExtendedCard(cl)
	c.checkExtensions(cl)
	c.checkInterface(cl)
	c.checkResource(cl)
	c.checkPush(cl)
	c.checkServiceParams(cl)
	c.checkTenant(cl)
	c.noteArtifacts(cl)
	c.noteStream(cl)
	c.checkEventOrder(cl)
	c.checkEquivalence(cl)
	switch cl.method {
	case "ListTasks":
		c.checkListTasks(cl)
	case "SendMessage", "SendStreamingMessage":
		c.checkReplyContext(cl)
		c.checkBlockingArtifacts(cl)
	}
}

// checkVersionEmpty: a request without a version is 0.3's (§3.6.2).
func (c *checker) checkVersionEmpty(cl *call) {
	if v, _ := requestVersion(cl); v != "" || !cl.accepted() {
		return
	}
	var how string
	switch {
	case cl.binding == jsonRPC && binding.Known(cl.rawName):
		how = "its v1.0 method " + cl.rawName + " was served"
	case cl.version == replay.V03:
		// Its states and kinds were read as 0.3's: ask the bodies.
		if how = v10Answer(cl); how == "" {
			return
		}
	case len(cl.obs) > 0 && strings.HasPrefix(cl.obs[0].state, "TASK_STATE_"):
		how = "the answer reports the task state " + cl.obs[0].state + ", v1.0's name"
	case cl.resultEv != nil:
		how = "the answer wraps its " + cl.resultEv.kind + " as v1.0 does"
	case len(cl.frames) > 0 && cl.frames[0].ev != nil:
		how = "the stream wraps its " + cl.frames[0].ev.kind + " as v1.0 does"
	default:
		return
	}
	c.report("version-empty", c.at(cl, 0, cl.responseLine(), ByAgent),
		"the request names no A2A-Version, which an agent reads as 0.3, yet it was served as 1.0 (%s); serve it as 0.3 or refuse it with VersionNotSupportedError", how)
}

// protoSnake are the proto's field names with an underscore, each of
// which JSON spells in camelCase (context_id: contextId). A snake_case
// member outside the list is no field of the protocol: an extension's,
// which §5.7 has receivers ignore.
var protoSnake = map[string]bool{
	"accepted_output_modes":           true,
	"api_key_security_scheme":         true,
	"artifact_id":                     true,
	"artifact_update":                 true,
	"authorization_code":              true,
	"authorization_url":               true,
	"bearer_format":                   true,
	"client_credentials":              true,
	"context_id":                      true,
	"default_input_modes":             true,
	"default_output_modes":            true,
	"device_authorization_url":        true,
	"device_code":                     true,
	"documentation_url":               true,
	"extended_agent_card":             true,
	"history_length":                  true,
	"http_auth_security_scheme":       true,
	"icon_url":                        true,
	"include_artifacts":               true,
	"input_modes":                     true,
	"last_chunk":                      true,
	"media_type":                      true,
	"message_id":                      true,
	"mtls_security_scheme":            true,
	"next_page_token":                 true,
	"oauth2_metadata_url":             true,
	"oauth2_security_scheme":          true,
	"open_id_connect_security_scheme": true,
	"open_id_connect_url":             true,
	"output_modes":                    true,
	"page_size":                       true,
	"page_token":                      true,
	"pkce_required":                   true,
	"protocol_binding":                true,
	"protocol_version":                true,
	"push_notifications":              true,
	"reference_task_ids":              true,
	"refresh_url":                     true,
	"return_immediately":              true,
	"security_requirements":           true,
	"security_schemes":                true,
	"status_timestamp_after":          true,
	"status_update":                   true,
	"supported_interfaces":            true,
	"task_id":                         true,
	"task_push_notification_config":   true,
	"token_url":                       true,
	"total_size":                      true,
}

// camel is a snake_case name in camelCase: context_id, contextId.
func camel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// names checks the member names of one A2A object (§5.5); it does not
// look into the members' values.
func (w *walk) names(obj *jsonread.Value) {
	if !is(obj, jsonread.Object) {
		return
	}
	for _, f := range obj.Fields {
		if protoSnake[f.Key] {
			w.c.report("json-names", w.place(f.Value), "member %q has the proto's snake_case name; its JSON name is %s", f.Key, camel(f.Key))
		}
	}
}

// requiredParams are the REQUIRED fields of the JSON-RPC requests, by
// method (their HTTP+JSON routes carry the ids in the path).
var requiredParams = map[string][]string{
	"SendMessage": {"message"}, "SendStreamingMessage": {"message"},
	"GetTask": {"id"}, "CancelTask": {"id"}, "SubscribeToTask": {"id"},
	"GetTaskPushNotificationConfig":    {"taskId", "id"},
	"DeleteTaskPushNotificationConfig": {"taskId", "id"},
	"ListTaskPushNotificationConfigs":  {"taskId"},
}

// checkRequestFields: a request's REQUIRED fields.
func (c *checker) checkRequestFields(cl *call) {
	need := requiredParams[cl.method]
	if cl.binding == restAPI {
		if cl.method != "SendMessage" && cl.method != "SendStreamingMessage" {
			return
		}
		need = []string{"message"}
	}
	if len(need) == 0 || (cl.params != nil && cl.params.Kind != jsonread.Object) {
		return // params that are not an object: jsonrpc-request says so
	}
	if cl.binding == restAPI && cl.req == nil {
		return // no JSON body: content-type and the HTTP status say more
	}
	var missing []string
	for _, f := range need {
		v := cl.params.Get(f)
		if v == nil || v.Kind == jsonread.Null || (v.Kind == jsonread.String && v.Str == "") {
			missing = append(missing, f)
		}
	}
	if len(missing) == 0 {
		return
	}
	line := cl.ex.Request.Line
	if cl.params != nil {
		line = cl.req.lineOf(cl.params)
	}
	c.report("request-fields", c.at(cl, 0, line, ByClient), "the %s request has no %s", cl.method, missingList(missing))
	if cl.accepted() {
		c.report("input-validated", c.at(cl, 0, cl.responseLine(), ByAgent), "the agent served a %s request without its REQUIRED %s; it validates its input and refuses such a request", cl.method, missingList(missing))
	}
}

// checkQueryNames: HTTP+JSON query parameters are camelCase (§11.5).
func (c *checker) checkQueryNames(cl *call) {
	if cl.binding != restAPI {
		return
	}
	req := &cl.ex.Request
	if (req.Method == "GET" || req.Method == "DELETE") && strings.TrimSpace(req.Body) != "" {
		c.report("rest-no-body", c.at(cl, 0, req.Line, ByClient), "the %s request of %s has a body; a GET or DELETE sends its parameters in the path and the query", req.Method, cl.method)
	}
	if bad := badQuery(cl.rawQuery); bad != "" {
		c.report("query-encoding", c.at(cl, 0, req.Line, ByClient), "the query %s; query values are URL-encoded (RFC 3986)", bad)
	}
	for _, k := range sortedKeys(cl.query()) {
		if strings.ContainsAny(k, ".[") {
			c.report("query-names", c.at(cl, 0, cl.ex.Request.Line, ByClient), "query parameter %q names a member of a nested object; an operation with nested objects is a POST with a body", k)
		}
		if protoSnake[k] {
			c.report("query-names", c.at(cl, 0, cl.ex.Request.Line, ByClient), "query parameter %q is snake_case; its name is %s", k, camel(k))
		}
	}
}

// httpStatus is the HTTP status §5.4 of v1.0.1 maps each A2A error to,
// and the one v1.0.0's table gave where it differed.
var httpStatus = map[string]struct{ status, v100 int }{
	"TASK_NOT_FOUND":                     {404, 0},
	"TASK_NOT_CANCELABLE":                {400, 409},
	"PUSH_NOTIFICATION_NOT_SUPPORTED":    {400, 0},
	"UNSUPPORTED_OPERATION":              {400, 0},
	"CONTENT_TYPE_NOT_SUPPORTED":         {400, 415},
	"INVALID_AGENT_RESPONSE":             {500, 502},
	"EXTENDED_AGENT_CARD_NOT_CONFIGURED": {400, 0},
	"EXTENSION_SUPPORT_REQUIRED":         {400, 0},
	"VERSION_NOT_SUPPORTED":              {400, 0},
}

// checkErrorStatus: an HTTP+JSON error's status is its type's (§5.4,
// §11.6), and an error only an A2A error type answers carries its
// ErrorInfo (§11.6).
func (c *checker) checkErrorStatus(cl *call) {
	e := cl.err
	r := cl.ex.Response
	if cl.binding != restAPI || e == nil || e.v == nil || e.at == nil || r == nil || r.Stream != nil || e.at.v.Get("error") == nil {
		return // not a google.rpc.Status: error-shape says so
	}
	agent := c.at(cl, 0, errLine(cl, e), ByAgent)
	info := errorInfo(e.v.Get("details"))
	reason := info.Get("reason").Text()
	if want, ok := httpStatus[reason]; ok && info.Get("domain").Text() == "a2a-protocol.org" && want.status != r.StatusCode {
		msg := fmt.Sprintf("the error %s is answered with HTTP status %d; §5.4 maps it to %d", reason, r.StatusCode, want.status)
		if r.StatusCode == want.v100 {
			msg += fmt.Sprintf(" (v1.0.0's table said %d; v1.0.1 changed it)", r.StatusCode)
		}
		c.report("rest-error-status", agent, "%s", msg)
	}
	if code := e.v.Get("code"); is(code, jsonread.Number) && code.Raw != fmt.Sprint(r.StatusCode) {
		c.report("rest-error-status", agent, "error.code is %s, but the HTTP status is %d; the error's code is its HTTP status", code.Raw, r.StatusCode)
	}
	if info != nil {
		return
	}
	if want := c.expectedError(cl); want != "" && r.StatusCode != 404 {
		c.report("rest-error-info", agent, "the %d error has no google.rpc.ErrorInfo in its details; the only right answer here is %s, an A2A error, which names its reason (%s) in one, with the domain a2a-protocol.org",
			r.StatusCode, reasonName(want), want)
	}
}

// expectedError is the A2A error the transcript shows a call can only be
// refused with, or "": a message, a subscription or a cancel of a
// finished task, an operation the agent card does not declare.
func (c *checker) expectedError(cl *call) string {
	task := cl.taskID
	if m := cl.message(); is(m, jsonread.Object) && (cl.method == "SendMessage" || cl.method == "SendStreamingMessage") {
		task = m.Get("taskId").Text()
	}
	if task != "" {
		if prev, ok := c.stateBefore(task, cl.ex.Request.At, cl.ex.Request.Line); ok && replay.Terminal(prev.state) {
			switch cl.method {
			case "CancelTask":
				if prev.state != replay.StateCanceled {
					return "TASK_NOT_CANCELABLE"
				}
			case "SubscribeToTask", "SendMessage", "SendStreamingMessage":
				return "UNSUPPORTED_OPERATION"
			}
		}
	}
	cd := c.cardFor(cl)
	if v, _ := requestVersion(cl); cd != nil && majorMinorRE.MatchString(v) && !declares(cd.interfaces[cl.base], v) {
		return "VERSION_NOT_SUPPORTED"
	}
	switch {
	case cd == nil:
	case (cl.method == "SendStreamingMessage" || cl.method == "SubscribeToTask") && !cd.streaming:
		return "UNSUPPORTED_OPERATION"
	case binding.Push(cl.method) && !cd.push:
		return "PUSH_NOTIFICATION_NOT_SUPPORTED"
	case cl.method == "GetExtendedAgentCard" && !cd.extended:
		return "UNSUPPORTED_OPERATION"
	}
	return ""
}

// checkExtendedCard: GetExtendedAgentCard needs the capability (§3.3.4).
func (c *checker) checkExtendedCard(cl *call) {
	if cl.method != "GetExtendedAgentCard" {
		return
	}
	cd := c.cardFor(cl)
	if cd == nil {
		return
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	if cd.extended {
		if e := cl.refusal(); e != nil && e.reason == "UNSUPPORTED_OPERATION" {
			agent.line = errLine(cl, e)
			c.report("extended-card-configured", agent, "the agent card of exchange %d declares capabilities.extendedAgentCard, yet GetExtendedAgentCard was refused with %s; an agent that declares it serves the card, or answers ExtendedAgentCardNotConfiguredError (-32007) when it has none",
				cd.cl.ex.Seq, e)
		}
		return
	}
	switch e := cl.refusal(); {
	case cl.accepted():
		c.report("capability-extended-card", agent, "the agent card of exchange %d does not declare capabilities.extendedAgentCard, yet GetExtendedAgentCard was served; it must be refused with UnsupportedOperationError (-32004)", cd.cl.ex.Seq)
	case e != nil && e.reason != "UNSUPPORTED_OPERATION" && !cl.fromHTTPLayer() && !e.untyped(cl):
		agent.line = errLine(cl, e)
		c.report("capability-extended-card", agent, "the agent card of exchange %d does not declare capabilities.extendedAgentCard; GetExtendedAgentCard was refused with %s, and the specification's error is UnsupportedOperationError (-32004)", cd.cl.ex.Seq, e)
	}
}

// checkListTasks: ListTasks' answer (§3.1.4).
func (c *checker) checkListTasks(cl *call) {
	res := cl.result
	if !is(res, jsonread.Object) {
		return
	}
	agent := func(v *jsonread.Value) place { return c.at(cl, 0, cl.resp.lineOf(v), ByAgent) }
	var missing []string
	for _, f := range []string{"tasks", "nextPageToken", "pageSize", "totalSize"} {
		if !res.Has(f) {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		c.report("list-tasks-fields", agent(res), "the ListTasks answer has no %s", missingList(missing))
	}
	tasks := items(res.Get("tasks"))
	pageToken := cl.params.Get("pageToken").Text()
	if cl.binding == restAPI {
		pageToken = cl.query().Get("pageToken")
	}
	if total := res.Get("totalSize"); is(total, jsonread.Number) && pageToken == "" && fmt.Sprint(len(tasks)) == total.Raw {
		if next := res.Get("nextPageToken"); next.Text() != "" {
			c.report("list-tasks-fields", agent(next), "the answer holds all %s tasks, so it is the last page, yet its nextPageToken is %s; the last page's is \"\"", total.Raw, text(cl.resp, next))
		}
	}
	include := cl.params.Get("includeArtifacts").IsTrue()
	if cl.binding == restAPI {
		include = cl.query().Get("includeArtifacts") == "true"
	}
	var prev time.Time
	for i, t := range tasks {
		if a := t.Get("artifacts"); a != nil && !include {
			c.report("list-tasks-artifacts", agent(a), "task %d of the answer has an artifacts member, though the request did not set includeArtifacts", i+1)
		}
		ts, err := time.Parse(time.RFC3339Nano, t.Get("status").Get("timestamp").Text())
		if err != nil {
			prev = time.Time{}
			continue
		}
		if !prev.IsZero() && ts.After(prev) {
			c.report("list-tasks-order", agent(t), "task %d of the answer was updated at %s, after task %d (%s); tasks come most recently updated first",
				i+1, ts.UTC().Format(time.RFC3339Nano), i, prev.UTC().Format(time.RFC3339Nano))
		}
		prev = ts
	}
}

// checkReplyContext: the context and the task a SendMessage is answered
// with (§3.4.1, §3.4.2, §3.4.3).
func (c *checker) checkReplyContext(cl *call) {
	m := cl.message()
	if !is(m, jsonread.Object) || !cl.accepted() {
		return
	}
	reply, j := cl.replyTask()
	if reply == nil {
		if ev := cl.resultEv; ev != nil && ev.kind == "message" {
			reply, j = ev.v, ev.at
		} else if len(cl.frames) > 0 && cl.frames[0].ev != nil && cl.frames[0].ev.kind == "message" {
			reply, j = cl.frames[0].ev.v, cl.frames[0].body
		}
	}
	if reply == nil {
		return
	}
	got := reply.Get("contextId")
	agent := c.at(cl, 0, j.lineOf(got), ByAgent)
	taskID, ctxID := m.Get("taskId").Text(), m.Get("contextId").Text()
	req := &cl.ex.Request
	var known string
	if taskID != "" {
		if prev, ok := c.stateBefore(taskID, req.At, req.Line); ok {
			known = prev.context
		}
	}
	switch {
	case got.Text() == "":
	case ctxID != "" && got.Text() != ctxID && (known == "" || known == ctxID):
		c.report("context-kept", agent, "the message gives contextId %s and the answer is in context %s; an agent that cannot take a client's contextId refuses the message, it does not answer in a new context",
			replay.ShortID(ctxID), replay.ShortID(got.Text()))
	case ctxID == "" && known != "" && got.Text() != known:
		c.report("context-inferred", agent, "the message gives task %s alone, whose context is %s, and the answer is in context %s; the agent infers the context from the task",
			replay.ShortID(taskID), replay.ShortID(known), replay.ShortID(got.Text()))
	}
	if taskID != "" {
		return
	}
	t, tj := cl.replyTask()
	if t == nil {
		return
	}
	id := t.Get("id").Text()
	if prev, ok := c.stateBefore(id, req.At, req.Line); ok && id != "" {
		c.report("task-id-unique", c.at(cl, 0, tj.lineOf(t.Get("id")), ByAgent),
			"the message names no task, so it starts a new one, but the answer is task %s, which exchange %d showed already (in %s); a new task has an id of its own",
			replay.ShortID(id), prev.ex, prev.state)
	}
}

// cardParts lists what an agent card's provider, signatures and security
// schemes lack of their REQUIRED fields (§4.4.2, §4.4.7, §4.5), and the
// URLs of the deprecated OAuth flows that are not URLs.
func cardParts(v *jsonread.Value) []string {
	var missing []string
	need := func(obj *jsonread.Value, prefix string, fields ...string) {
		for _, f := range fields {
			x := obj.Get(f)
			if x == nil || x.Kind == jsonread.Null || (x.Kind == jsonread.String && x.Str == "") {
				missing = append(missing, prefix+f)
			}
		}
	}
	if p := v.Get("provider"); is(p, jsonread.Object) {
		need(p, "provider.", "url", "organization")
	}
	for i, s := range items(v.Get("signatures")) {
		need(s, fmt.Sprintf("signatures[%d].", i), "protected", "signature")
	}
	schemes := v.Get("securitySchemes")
	if !is(schemes, jsonread.Object) {
		return missing
	}
	for _, f := range schemes.Fields {
		prefix := "securitySchemes." + f.Key + "."
		s := f.Value
		if x := s.Get("apiKeySecurityScheme"); is(x, jsonread.Object) {
			need(x, prefix+"apiKeySecurityScheme.", "location", "name")
		}
		if x := s.Get("httpAuthSecurityScheme"); is(x, jsonread.Object) {
			need(x, prefix+"httpAuthSecurityScheme.", "scheme")
		}
		if x := s.Get("openIdConnectSecurityScheme"); is(x, jsonread.Object) {
			need(x, prefix+"openIdConnectSecurityScheme.", "openIdConnectUrl")
		}
		x := s.Get("oauth2SecurityScheme")
		if !is(x, jsonread.Object) {
			continue
		}
		flows := x.Get("flows")
		if !is(flows, jsonread.Object) {
			missing = append(missing, prefix+"oauth2SecurityScheme.flows")
			continue
		}
		p := prefix + "oauth2SecurityScheme.flows."
		if fl := flows.Get("authorizationCode"); is(fl, jsonread.Object) {
			need(fl, p+"authorizationCode.", "authorizationUrl", "tokenUrl", "scopes")
		}
		if fl := flows.Get("clientCredentials"); is(fl, jsonread.Object) {
			need(fl, p+"clientCredentials.", "tokenUrl", "scopes")
		}
		if fl := flows.Get("deviceCode"); is(fl, jsonread.Object) {
			need(fl, p+"deviceCode.", "deviceAuthorizationUrl", "tokenUrl", "scopes")
		}
		for flow, fields := range map[string][]string{"implicit": {"authorizationUrl", "refreshUrl"}, "password": {"tokenUrl", "refreshUrl"}} {
			fl := flows.Get(flow)
			for _, k := range fields {
				if u := fl.Get(k); is(u, jsonread.String) && u.Str != "" && !isURL(u.Str) {
					missing = append(missing, fmt.Sprintf("%s%s.%s as a URL (it is %q)", p, flow, k, u.Str))
				}
			}
		}
	}
	sort.Strings(missing)
	return missing
}

// isURL says whether s is an absolute URL with a host.
func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && u.Host != ""
}

// untyped says whether an HTTP+JSON refusal has the HTTP status of the
// error expected but no ErrorInfo to tell which error it is: the rules
// on the error expected leave it to rest-error-info, which asks for the
// ErrorInfo.
func (e *a2aError) untyped(cl *call) bool {
	return cl.binding == restAPI && e.reason == "" && e.code == 400
}

// badQuery says what in a raw query is not URL-encoded, or "".
func badQuery(q string) string {
	for i := 0; i < len(q); i++ {
		b := q[i]
		switch {
		case b == '%':
			if i+2 >= len(q) || !isHexDigit(q[i+1]) || !isHexDigit(q[i+2]) {
				return fmt.Sprintf("has %q, a %% not followed by two hex digits", q[i:min(i+3, len(q))])
			}
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9', strings.IndexByte("-._~!$&'()*+,;=:@/?", b) >= 0:
		default:
			return fmt.Sprintf("has %q unencoded", string(rune(b)))
		}
	}
	return ""
}

func isHexDigit(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}

// checkExtensions: an extension the card marks required, which the
// request does not declare, is refused with ExtensionSupportRequiredError
// (§3.3.4, §4.6.3).
func (c *checker) checkExtensions(cl *call) {
	cd := c.cardFor(cl)
	if cd == nil || len(cd.required) == 0 {
		return
	}
	declared := map[string]bool{}
	add := func(list string) {
		for _, u := range strings.Split(list, ",") {
			declared[strings.TrimSpace(u)] = true
		}
	}
	for _, h := range cl.ex.Request.Header {
		if strings.EqualFold(h.Name, "A2A-Extensions") {
			add(h.Value)
		}
	}
	// §4.6.1 lets a JSON-RPC client opt in with a request parameter.
	if is(cl.params, jsonread.Object) {
		for _, f := range cl.params.Fields {
			if strings.EqualFold(f.Key, "A2A-Extensions") {
				add(f.Value.Text())
				for _, u := range items(f.Value) {
					add(u.Text())
				}
			}
		}
	}
	var lacking []string
	for _, u := range cd.required {
		if !declared[u] {
			lacking = append(lacking, u)
		}
	}
	if len(lacking) == 0 {
		return
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	switch e := cl.refusal(); {
	case cl.accepted():
		c.report("extension-required", agent, "the agent card of exchange %d marks the extension %s required, the request does not declare it (A2A-Extensions), and %s was served; it must be refused with ExtensionSupportRequiredError (-32008)",
			cd.cl.ex.Seq, strings.Join(lacking, ", "), cl.method)
	case e != nil && e.reason != "EXTENSION_SUPPORT_REQUIRED" && !e.untyped(cl) && !cl.fromHTTPLayer():
		agent.line = errLine(cl, e)
		c.report("extension-required", agent, "the request does not declare the extension %s, which the agent card of exchange %d marks required; it was refused with %s, and the specification's error is ExtensionSupportRequiredError (-32008)",
			strings.Join(lacking, ", "), cd.cl.ex.Seq, e)
	}
}

// bindingNames are the protocolBinding values of the bindings a
// transcript carries.
var bindingNames = map[bindingKind]string{jsonRPC: "JSONRPC", restAPI: "HTTP+JSON"}

// checkInterface: an agent serves a binding at a URL its card declares
// for it (§5.2, §8.3.1).
func (c *checker) checkInterface(cl *call) {
	if !cl.accepted() || cl.base == "" {
		return
	}
	host := cl.base
	if i := strings.Index(host, "://"); i >= 0 {
		if j := strings.IndexByte(host[i+3:], '/'); j >= 0 {
			host = host[:i+3+j]
		}
	}
	// The cards fetched before the call that declare an interface on the
	// same host: several agents may share one.
	name := bindingNames[cl.binding]
	var cd *card
	var declared []string
	for key, list := range c.cards {
		if key != host && !strings.HasPrefix(key, host+"/") {
			continue
		}
		for _, x := range list {
			if !x.at.Before(cl.ex.Request.At) {
				continue
			}
			if key == cl.base {
				for _, b := range x.bindings[key] {
					if strings.EqualFold(strings.TrimSpace(b), name) {
						return
					}
					declared = append(declared, b)
				}
			}
			if cd == nil || x.at.After(cd.at) {
				cd = x
			}
		}
	}
	if cd == nil {
		return
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	if len(declared) == 0 {
		c.report("interface-declared", agent, "%s was served over %s at %s, an interface no agent card fetched before declares (the latest on that host is exchange %d's); a card declares every interface its agent serves",
			cl.method, name, cl.base, cd.cl.ex.Seq)
		return
	}
	c.report("interface-declared", agent, "%s was served over %s at %s, which the agent cards fetched before declare as %s; an interface declares its transport accurately",
		cl.method, name, cl.base, strings.Join(declared, ", "))
}

// checkResource: GetTask and CancelTask answer with the task asked for,
// or a not found error (§3.3.2); so does GetTaskPushNotificationConfig
// with the configuration.
func (c *checker) checkResource(cl *call) {
	var want, got string
	var v *jsonread.Value
	switch cl.method {
	case "GetTask", "CancelTask":
		if cl.resultTsk == nil {
			return
		}
		want, v = cl.taskID, cl.resultTsk.Get("id")
	case "GetTaskPushNotificationConfig":
		want, v = pushConfigID(cl), cl.result.Get("id")
	default:
		return
	}
	if got = v.Text(); want == "" || got == "" || got == want {
		return
	}
	c.report("resource-match", c.at(cl, 0, cl.resp.lineOf(v), ByAgent), "%s asked for %s and was answered with %s; a resource that does not exist is answered with a not found error",
		cl.method, replay.ShortID(want), replay.ShortID(got))
}

// checkServiceParams: HTTP+JSON service parameters travel as headers
// (§11.2). A2A-Version may be a request parameter too (§3.6.1). The
// JSON-RPC params are left alone: §9.2 wants headers there too, but
// §4.6.1 names "JSON-RPC request parameters" among the ways a client opts
// into an extension, and a finding the specification contradicts would
// teach a rule it does not settle.
func (c *checker) checkServiceParams(cl *call) {
	if cl.binding != restAPI {
		return
	}
	client := c.at(cl, 0, cl.ex.Request.Line, ByClient)
	for k := range cl.query() {
		if strings.EqualFold(k, "A2A-Extensions") {
			c.report("service-params", client, "the query carries the service parameter %q; service parameters travel as HTTP headers", k)
		}
	}
}

// checkTenant: a request to an interface that declares a tenant carries
// it (a2a.proto AgentInterface).
func (c *checker) checkTenant(cl *call) {
	name := bindingNames[cl.binding]
	at := cl.ex.Request.At
	for key, list := range c.cards {
		rest, ok := strings.CutPrefix(cl.base, key)
		if !ok || (rest != "" && (cl.binding != restAPI || !strings.HasPrefix(rest, "/") || strings.Count(rest, "/") != 1)) {
			continue
		}
		var tenant string
		for _, x := range list {
			if x.at.Before(at) {
				tenant = x.tenants[key+"|"+name]
			}
		}
		if tenant == "" {
			continue
		}
		client := c.at(cl, 0, cl.ex.Request.Line, ByClient)
		switch {
		case cl.binding == jsonRPC && cl.params.Get("tenant").Text() != tenant:
			got := "the request has no tenant field"
			if v := cl.params.Get("tenant"); v != nil {
				client.line = cl.req.lineOf(v)
				got = "the request's tenant field is " + text(cl.req, v)
			}
			c.report("tenant", client, "the interface %s declares the tenant %q, and %s", key, tenant, got)
		case cl.binding == restAPI && rest != "/"+url.PathEscape(tenant) && rest != "/"+tenant:
			c.report("tenant", client, "the interface %s declares the tenant %q, and the request's path does not carry it (%s/%s/...)", key, tenant, key, tenant)
		}
		return
	}
}

// A sighting is an artifact an exchange showed of a task.
type sighting struct {
	id string
	at time.Time
	ex int
}

// noteArtifacts keeps the artifacts a call's reply and frames show, for
// blocking-artifacts.
func (c *checker) noteArtifacts(cl *call) {
	add := func(task string, a *jsonread.Value, at time.Time) {
		if id := a.Get("artifactId").Text(); task != "" && id != "" {
			c.artifacts[task] = append(c.artifacts[task], sighting{id: id, at: at, ex: cl.ex.Seq})
		}
	}
	if t := cl.resultTsk; t != nil && cl.ex.Response != nil {
		for _, a := range items(t.Get("artifacts")) {
			add(t.Get("id").Text(), a, cl.ex.Response.At)
		}
	}
	for _, f := range cl.frames {
		if f.ev == nil {
			continue
		}
		switch f.ev.kind {
		case "task":
			for _, a := range items(f.ev.v.Get("artifacts")) {
				add(f.ev.v.Get("id").Text(), a, f.fr.At)
			}
		case "artifactUpdate":
			add(f.ev.v.Get("taskId").Text(), f.ev.v.Get("artifact"), f.fr.At)
		}
	}
}

// checkBlockingArtifacts: a blocking SendMessage's task holds the
// artifacts other exchanges showed of it before the reply (§3.2.2).
func (c *checker) checkBlockingArtifacts(cl *call) {
	if cl.method != "SendMessage" || !cl.blocking() || cl.resultTsk == nil || cl.ex.Response == nil {
		return
	}
	t := cl.resultTsk
	has := map[string]bool{}
	for _, a := range items(t.Get("artifacts")) {
		has[a.Get("artifactId").Text()] = true
	}
	var lacking []string
	for _, s := range c.artifacts[t.Get("id").Text()] {
		if s.ex != cl.ex.Seq && s.at.Before(cl.ex.Response.At) && !has[s.id] {
			has[s.id] = true
			lacking = append(lacking, fmt.Sprintf("%s (exchange %d)", s.id, s.ex))
		}
	}
	if len(lacking) > 0 {
		c.report("blocking-artifacts", c.at(cl, 0, cl.resp.lineOf(t), ByAgent), "the blocking SendMessage's task %s lacks the artifacts %s, which it produced before the reply; the reply holds all of them",
			replay.ShortID(t.Get("id").Text()), strings.Join(lacking, ", "))
	}
}

// An opSeen is where an agent's interface served or refused an
// operation as one it does not have.
type opSeen struct {
	ex   int
	base string
}

// checkEquivalence: the bindings of one agent offer the same operations
// (§5.1): an operation one interface of a card serves, another of the
// same card does not refuse as unknown (JSON-RPC -32601; HTTP 405, 501,
// or 404 on a route that names no task).
func (c *checker) checkEquivalence(cl *call) {
	cd := c.cardFor(cl)
	r := cl.ex.Response
	if cd == nil || r == nil || cl.method == "" {
		return
	}
	unknown := false
	switch {
	case cl.binding == jsonRPC && cl.err != nil:
		unknown = cl.err.code == -32601
	case cl.binding == restAPI && !cl.streamed:
		unknown = r.StatusCode == 405 || r.StatusCode == 501 || (r.StatusCode == 404 && cl.taskID == "" && cl.err != nil && errorInfo(cl.err.v.Get("details")) == nil)
	}
	if !unknown && !cl.accepted() {
		return
	}
	ops := c.equiv[cd]
	if ops == nil {
		ops = map[string][2]*opSeen{}
		c.equiv[cd] = ops
	}
	seen := ops[cl.method+"|"+cl.base]
	here := &opSeen{ex: cl.ex.Seq, base: cl.base}
	if unknown {
		seen[1] = here
	} else {
		seen[0] = here
	}
	ops[cl.method+"|"+cl.base] = seen
	// The other interfaces of the card, in a fixed order.
	for _, key := range sortedKeys(ops) {
		other := ops[key]
		if m, base, _ := strings.Cut(key, "|"); m != cl.method || base == cl.base {
			continue
		}
		switch {
		case unknown && other[0] != nil:
			c.report("binding-equivalence", c.at(cl, 0, cl.responseLine(), ByAgent), "%s was refused at %s as an operation the interface does not have, though the same agent card's interface %s served it in exchange %d; an agent's bindings offer the same operations",
				cl.method, cl.base, other[0].base, other[0].ex)
			return
		case !unknown && other[1] != nil:
			c.report("binding-equivalence", c.at(cl, 0, cl.responseLine(), ByAgent), "%s was served at %s, though the same agent card's interface %s refused it in exchange %d as an operation it does not have; an agent's bindings offer the same operations",
				cl.method, cl.base, other[1].base, other[1].ex)
			return
		}
	}
}

// A cardProbe is a GET of the well-known card URL answered 404, with
// the interface key of the URL it stands under.
type cardProbe struct {
	key string
	at  place
}

// noteCardProbe keeps a 404 at the well-known card URL of A2A v1.0
// (v0.3's agent.json may well be gone), for checkWireFinal.
func (c *checker) noteCardProbe(cl *call) {
	r := cl.ex.Response
	if r == nil || r.Err != "" || r.StatusCode != 404 {
		return
	}
	u, err := url.Parse(cl.ex.Request.URL)
	if err != nil {
		return
	}
	prefix, ok := strings.CutSuffix(u.Path, "/.well-known/agent-card.json")
	if !ok {
		return
	}
	c.cardProbes = append(c.cardProbes, cardProbe{key: interfaceKey(u, prefix), at: c.at(cl, 0, r.Line, ByAgent)})
}

// checkWireFinal runs the checks that need the whole transcript: the
// streams of a task against each other, and the card URLs answered 404
// where an A2A server served calls (§8.1): a 404 where no agent lives is
// no A2A server's.
func (c *checker) checkWireFinal() {
	c.checkBroadcast()
	for _, p := range c.cardProbes {
		if c.served[p.key] {
			c.report("agent-card-available", p.at, "the agent card's well-known URL answered 404, though the A2A server under it served calls; an A2A server makes its card available there")
		}
	}
}
