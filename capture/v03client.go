//go:build !(js && wasm)

package capture

import (
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
)

// v03Transport is a2a-go's 0.3 client transport of a binding (JSON-RPC,
// or HTTP+JSON with rest), over hc.
// captures03 says whether this build captures the 0.3 scenarios.
const captures03 = true

func v03Transport(hc *http.Client, rest bool) (a2aclient.FactoryOption, error) {
	if rest {
		return a2av0.WithRESTTransport(a2av0.RESTTransportConfig{Client: hc}), nil
	}
	return a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{Client: hc}), nil
}
