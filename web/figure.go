package web

import (
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/viewer"
)

// firstFigure draws the transcript shown when the page opens, as the
// viewer would, and returns the diagram's style sheet apart (see
// viewer.PageSVG).
func firstFigure(t *replay.Transcript) (svg string, css []byte, err error) {
	s, c, err := viewer.PageSVG(t, replay.Steps(t))
	return s, []byte(c), err
}
