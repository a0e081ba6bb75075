//go:build !(js && wasm) || a2a03

package capture

import (
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
)

// HasV03Client says whether this build has a2a-go's 0.3 client
// (a2acompat/a2av0): natively, and in the browser's live03 module
// (built with the tag a2a03). It also decides whether the build
// captures the 0.3 scenarios.
const HasV03Client = true

const captures03 = HasV03Client

// V03Transport is a2a-go's 0.3 client transport of a binding (JSON-RPC,
// or HTTP+JSON with rest), over hc. Given alone to a2aclient.NewFromCard,
// it picks the card's 0.3 interface of that binding.
func V03Transport(hc *http.Client, rest bool) (a2aclient.FactoryOption, error) {
	if rest {
		return a2av0.WithRESTTransport(a2av0.RESTTransportConfig{Client: hc}), nil
	}
	return a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{Client: hc}), nil
}
