//go:build !a2aplay_nov03

package replay

import "github.com/a2aplay/a2aplay/binding"

// v03Mark is what [Step].Version says of an exchange's steps: "0.3" or
// "".
func v03Mark(x *Exchange) string {
	if ExchangeVersion(x) == V03 {
		return V03
	}
	return ""
}

// readV03 reads a 0.3 reply or frame (readV03Payload).
func readV03(s *Step, p *wire) bool { return readV03Payload(s, p) }

// v03Method reports whether s is a JSON-RPC method of A2A v0.3.
func v03Method(s string) bool {
	_, ok := binding.V03Methods[s]
	return ok
}
