package replay

import (
	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
)

// Call says which A2A call an HTTP request is, from its method, its URL's
// path (without the query) and its body: the JSON-RPC method a JSON-RPC
// 2.0 body names ("JSON-RPC" when the method is missing or is not a
// short word), the method an HTTP+JSON route stands for (spec §11.3,
// under any prefix: an interface's path, a tenant; [binding.Match] reads
// it from the escaped path), or GetAgentCard for
// a GET of an agent card's well-known path. ok is false for any other
// request: it travels outside A2A, and the caller names it.
//
// The recorder (package capture), the HAR reader (replay/har) and the
// steps (the label of an HTTP+JSON request) all tell A2A calls apart
// with it, so that one request is the same call wherever it is read.
func Call(method, path string, body []byte) (name string, ok bool) {
	if method == "GET" && IsCardPath(path) {
		return "GetAgentCard", true
	}
	if method == "POST" {
		if m, ok := rpcMethod(body); ok {
			return m, true
		}
	}
	if r, ok := binding.Match(method, path); ok {
		return r.Op.Method, true
	}
	return "", false
}

// rpcMethod reads the method of a JSON-RPC body: ok when the body is a
// JSON object with a "jsonrpc" string, and the method "JSON-RPC" when its
// "method" is not a short word that can name an exchange. It reads as
// encoding/json's Unmarshal into a struct of those two members would:
// keys matched without regard to case, the last of a key taken, and a
// body that is not JSON, or whose "jsonrpc" is not a string, is no
// JSON-RPC call.
func rpcMethod(body []byte) (method string, ok bool) {
	if !looksLikeObject(body) {
		return "", false
	}
	r := jsonread.NewReader(string(body))
	var rpc, wrong bool
	r.Object(func(key string) {
		switch jsonread.FieldName(key, envelopeFields) {
		case "jsonrpc":
			switch {
			case r.Peek() == '"':
				r.Str()
				rpc = true
			case r.Null():
				rpc = false
			default:
				r.Skip()
				wrong = true
			}
		case "method":
			method = ""
			if r.Peek() == '"' {
				method = r.Str()
			} else {
				r.Skip()
			}
		default:
			r.Skip()
		}
	})
	if !r.End() || wrong || !rpc {
		return "", false
	}
	if callName(method) {
		return method, true
	}
	return "JSON-RPC", true
}

// envelopeFields are the members of a JSON-RPC body rpcMethod reads.
var envelopeFields = []string{"jsonrpc", "method"}

// looksLikeObject reports whether body starts, after white space, with
// "{": what is not cannot be a JSON-RPC request, and needs no decoding.
func looksLikeObject(body []byte) bool {
	for _, c := range body {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '{':
			return true
		}
		return false
	}
	return false
}

// callName reports whether s can name a call: a word of up to 64
// letters, digits, "-", "_" and ".", as a participant's name is, or a
// JSON-RPC method of A2A v0.3 ("message/send"), which names its call in
// its own version.
func callName(s string) bool {
	_, v03 := binding.V03Methods[s]
	return len(s) <= 64 && (validName(s) || v03)
}
