//go:build js && wasm

package viewer

import (
	"syscall/js"
)

// fileElements are the opener's and the export menu's controls and the
// error banner.
type fileElements struct {
	open, file, export, drop        js.Value
	exSVG, exMermaid, exHTTP, exHAR js.Value
	banner, bannerText, bannerClose js.Value
}
