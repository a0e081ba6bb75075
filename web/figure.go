package web

import (
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// firstFigure draws the transcript shown when the page opens, as the
// viewer would, and returns the diagram's style sheet apart (see
// view.PageSVG).
func firstFigure(t *replay.Transcript) (svg string, css []byte, err error) {
	s, c, err := view.PageSVG(t, replay.Steps(t))
	return s, []byte(c), err
}
