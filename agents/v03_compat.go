//go:build !(js && wasm) || a2a03

package agents

import (
	"context"
	"fmt"
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// servesV03 says whether this build serves A2A v0.3: natively, yes, with
// a2a-go's a2acompat/a2av0, and in the browser's live03 module (the tag
// a2a03). The browser's live module (v03_wasm.go) does not: the package
// links gRPC and protobuf, which double the module.
const servesV03 = true

// v03Handlers are a2a-go's 0.3 handlers over the agent's request
// handler: JSON-RPC, and HTTP+JSON with its /v1 paths.
func v03Handlers(h a2asrv.RequestHandler, opts ...a2asrv.TransportOption) (jsonrpc, rest http.Handler) {
	return a2av0.NewJSONRPCHandler(h, opts...), a2av0.NewRESTHandler(h, opts...)
}

// cardJSON is the card as the kit serves it: a2a-go's compat producer
// writes the union of the 1.0 and the 0.3 formats (1.0's
// supportedInterfaces beside 0.3's url, preferredTransport,
// additionalInterfaces and protocolVersion), which clients of either
// version read.
func cardJSON(card *a2a.AgentCard) ([]byte, error) {
	p, ok := a2av0.NewStaticAgentCardProducer(card).(interface {
		CardJSON(context.Context) ([]byte, error)
	})
	if !ok {
		return nil, fmt.Errorf("a2a-go's compat card producer writes no JSON")
	}
	return p.CardJSON(context.Background())
}
