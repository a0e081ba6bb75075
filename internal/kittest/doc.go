// Package kittest serves the kit's agents on free loopback ports for
// tests that need them over real connections (a browser, node, a proxy,
// a raw client), and reads their answers the way an outside client
// would: Do sends one HTTP request with A2A-Version: 1.0, RPC one
// JSON-RPC call; Reply.RESTError reads an HTTP+JSON error
// (google.rpc.Status with its ErrorInfo reason).
package kittest
