package binding

import "strings"

// The media types the bindings name: the JSON-RPC binding's bodies
// (spec §9.1), the HTTP+JSON binding's (§11.1), and event streams, both
// bindings' streaming answers (§9.4.2, §11.7).
const (
	JSONRPCMediaType  = "application/json"
	HTTPJSONMediaType = "application/a2a+json"
	EventStream       = "text/event-stream"
)

// MediaType returns the media type of a Content-Type header value: what
// comes before any parameter, trimmed and in lower case; "" for an
// empty or missing header.
func MediaType(contentType string) string {
	mt, _, _ := strings.Cut(contentType, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

// IsEventStream reports whether a Content-Type names text/event-stream,
// whatever its parameters and case.
func IsEventStream(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	return strings.EqualFold(strings.TrimSpace(mt), EventStream)
}

// IsJSON reports whether a Content-Type names JSON: application/json,
// or a type with the "+json" suffix (RFC 6839) such as
// application/a2a+json, whatever its parameters and case.
func IsJSON(contentType string) bool {
	mt := MediaType(contentType)
	_, sub, _ := strings.Cut(mt, "/")
	return mt == JSONRPCMediaType || len(sub) > len("+json") && strings.HasSuffix(sub, "+json")
}
