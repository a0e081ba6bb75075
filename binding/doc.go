// Package binding is the one table of A2A v1.0's operations and the one
// place that says what a body is.
//
// # Operations
//
// [Ops] lists every operation of A2A v1.0 (spec §5.3) with its JSON-RPC
// method name (§9), its HTTP+JSON route (§11.3: an HTTP method and a
// root-relative path pattern such as "/tasks/{id}:cancel"), whether it
// answers with an event stream, and the a2a.proto messages of its
// request and result. [ByMethod] finds an operation by its JSON-RPC name
// ([Known], [Streaming] and [Push] say what it is) and [V03Methods] maps A2A v0.3's names and the v1.0 drafts' onto them.
//
// [Match] reads an HTTP+JSON request: the operation its method and path
// stand for, the task and config ids in the path, and the prefix before
// the route (an interface's path such as "/rest", a tenant, or v0.3's
// "/v1"). Its rules:
//
//   - path is the path as it travels, still escaped (a URL's
//     EscapedPath), without the query; ids come back unescaped, so a
//     task id may hold an escaped "/" or ":".
//   - The route is matched at the end of the path, segment by segment;
//     whatever comes before it is the prefix. When two routes match
//     ("/tasks/tasks" is GetTask of task "tasks", or ListTasks under the
//     prefix "/tasks"), the pattern of more segments wins: the route that
//     leaves the shorter prefix.
//   - The verb of the last segment is what follows its last ":"
//     (google.api.http's rule): "/tasks/a:cancel" is CancelTask of "a";
//     "/tasks/a:other" is no route. a2a-go v2.4.0 serves GET
//     "/tasks/a:other" as GetTask of task "a:other"; the table follows
//     the spec, and TestKitServesTheTable records the difference.
//   - The HTTP method must be the route's: "GET /tasks/a:cancel" is no
//     route. SubscribeToTask takes POST (§11.3's text) and GET (the
//     a2a.proto binding); a2a-go serves both.
//   - A trailing slash is not part of any route: "/tasks/a/" is no route
//     (a2a-go's mux answers 404 to it).
//
// # Bodies
//
// [MediaType] reads a Content-Type header: the type and subtype before
// any parameter, trimmed and in lower case ("" for a missing or empty
// header). [IsEventStream] says whether it is text/event-stream and
// [IsJSON] whether it is JSON: application/json or any type with the
// "+json" structured syntax suffix (RFC 6839), so application/a2a+json,
// which §11.1 names for HTTP+JSON, is JSON. Parameters (charset) never
// change the answer; a missing header is neither. The package imports
// nothing beyond strings and net/url, so the viewer's WebAssembly can
// carry it.
package binding
