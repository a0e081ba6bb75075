//go:build js && wasm && !a2a03

package live

import (
	"encoding/json"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

// parseV03Card: this build (the browser's live module) has no 0.3 card
// parser. A card with a 0.3 card's url is ErrNeedsV03, which sends the
// page to the live03 module; any other is read as a2a-go reads it, and
// has no interface to talk to.
func parseV03Card(b []byte) (*a2a.AgentCard, error) {
	var c struct {
		URL             string `json:"url"`
		ProtocolVersion string `json:"protocolVersion"`
	}
	if json.Unmarshal(b, &c) == nil && c.URL != "" {
		return nil, ErrNeedsV03
	}
	return agentcard.DefaultCardParser(b)
}
