//go:build js && wasm && !a2a03

package agents

import (
	"encoding/json"
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// servesV03 says whether this build serves A2A v0.3. The browser's live
// module, where the kit runs in a Web Worker, serves 1.0 only, as the kit
// did before it spoke 0.3 (the live03 module, built with the tag a2a03,
// serves both: v03_compat.go): a2a-go's a2acompat/a2av0 links gRPC and
// protobuf, which take the module from 15.1 MB to 29.5 MB (gzip -9: 3.8
// to 6.3 MB), past its budget of 2.5 MB brotli. A request
// for 0.3 gets VersionNotSupported naming 1.0.
const servesV03 = false

// v03Handlers are none in this build.
func v03Handlers(a2asrv.RequestHandler, ...a2asrv.TransportOption) (jsonrpc, rest http.Handler) {
	return nil, nil
}

// cardJSON is the 1.0 card.
func cardJSON(card *a2a.AgentCard) ([]byte, error) { return json.Marshal(card) }
