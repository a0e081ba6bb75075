//go:build a2aplay_nov03

package replay

// The page's viewer module is built with the tag a2aplay_nov03
// (internal/build): its steps read every exchange as v1.0, as they did
// before replay read A2A v0.3, since the 2 KB brotli that reading costs
// is more than the viewer's budget has left. Every other build, the
// command line, the check and live modules, and every test, reads 0.3.

// v03Mark marks no exchange as 0.3 in this build.
func v03Mark(*Exchange) string { return "" }

// readV03 reads nothing as 0.3 in this build.
func readV03(*Step, *wire) bool { return false }

// v03Method knows no 0.3 method in this build: a 0.3 call is named
// "JSON-RPC", as before.
func v03Method(string) bool { return false }
