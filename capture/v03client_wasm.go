//go:build js && wasm && !a2a03

package capture

import (
	"errors"
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2aclient"
)

// HasV03Client: the browser's live module, which links capture for its
// recorder, leaves out a2a-go's 0.3 package (it links gRPC and protobuf,
// past the module's budget; see the agents package). The live03 module,
// built with the tag a2a03, has it (v03client.go). The 0.3 scenarios are
// captured natively, by "a2aplay capture".
const HasV03Client = false

const captures03 = HasV03Client

// V03Transport fails in this build: it has no 0.3 client.
func V03Transport(*http.Client, bool) (a2aclient.FactoryOption, error) {
	return nil, errors.New("this build has no A2A 0.3 client (a2a-go's a2acompat/a2av0): the 0.3 scenarios are captured natively, by a2aplay capture, and the browser's live03 module has one")
}
