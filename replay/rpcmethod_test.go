package replay

import (
	"encoding/json"
	"testing"
)

// rpcMethodJSON is rpcMethod as encoding/json reads it: the reference
// rpcMethod is held to.
func rpcMethodJSON(body []byte) (string, bool) {
	if !looksLikeObject(body) {
		return "", false
	}
	var env struct {
		JSONRPC *string         `json:"jsonrpc"`
		Method  json.RawMessage `json:"method"`
	}
	if json.Unmarshal(body, &env) != nil || env.JSONRPC == nil {
		return "", false
	}
	var m string
	if json.Unmarshal(env.Method, &m) == nil && callName(m) {
		return m, true
	}
	return "JSON-RPC", true
}

var rpcMethodCases = []string{
	`{"jsonrpc":"2.0","method":"SendMessage","params":{}}`,
	`{"JSONRPC":"2.0","Method":"GetTask"}`,
	`{"jsonrpc":"2.0","method":"SendMessage","method":"GetTask"}`,
	`{"jsonrpc":"2.0","method":7}`,
	`{"jsonrpc":"2.0","method":null}`,
	`{"jsonrpc":"2.0","method":"a b"}`,
	`{"jsonrpc":null,"method":"GetTask"}`,
	`{"jsonrpc":"2.0","jsonrpc":null,"method":"GetTask"}`,
	`{"jsonrpc":2,"method":"GetTask"}`,
	`{"method":"GetTask"}`,
	`{"jsonrpc":"2.0","method":"GetTask"} x`,
	`{"jsonrpc":"2.0","method":"GetTask",}`,
	`{"jsonrpc":"2.0","method":"Get\u0054ask"}`,
	`[]`, ``, `{`,
}

// TestRPCMethod: rpcMethod reads every body of the transcripts, and the
// bodies that show how encoding/json reads, as encoding/json would.
func TestRPCMethod(t *testing.T) {
	for _, s := range append(bodies(t), rpcMethodCases...) {
		m, ok := rpcMethod([]byte(s))
		wm, wok := rpcMethodJSON([]byte(s))
		if m != wm || ok != wok {
			t.Errorf("rpcMethod(%.80q) = %q, %v; encoding/json reads %q, %v", s, m, ok, wm, wok)
		}
	}
}

func FuzzRPCMethod(f *testing.F) {
	for _, s := range rpcMethodCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := rpcMethod([]byte(s))
		wm, wok := rpcMethodJSON([]byte(s))
		if m != wm || ok != wok {
			t.Errorf("rpcMethod(%q) = %q, %v; encoding/json reads %q, %v", s, m, ok, wm, wok)
		}
	})
}
