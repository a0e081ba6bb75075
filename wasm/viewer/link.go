//go:build js && wasm

package viewer

import (
	"time"
)

// linkState is the link of a step the URL does not name yet (record).
type linkState struct {
	linkDue   string    // the link to write
	linkAt    time.Time // when to write it
	linkTimer bool      // a write of it is on its way
}
