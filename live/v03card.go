//go:build !(js && wasm) || a2a03

package live

import (
	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
)

// parseV03Card reads a 0.3 card (url, preferredTransport,
// additionalInterfaces, protocolVersion) with a2a-go's compat parser,
// whose interfaces carry the card's protocolVersion.
func parseV03Card(b []byte) (*a2a.AgentCard, error) { return a2av0.NewAgentCardParser()(b) }
