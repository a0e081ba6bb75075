//go:build js && wasm

package capture

import (
	"errors"
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2aclient"
)

// v03Transport: the browser's live module, which links capture for its
// recorder, leaves out a2a-go's 0.3 package (it links gRPC and protobuf,
// past the module's budget; see the agents package), so the 0.3
// scenarios are captured natively only, by "a2aplay capture".
// captures03 says whether this build captures the 0.3 scenarios.
const captures03 = false

func v03Transport(*http.Client, bool) (a2aclient.FactoryOption, error) {
	return nil, errors.New("the 0.3 scenarios are captured by a2aplay capture, natively: this build has no 0.3 client")
}
