package viewer

import (
	"bytes"
	"errors"
	"strings"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// IDPrefix goes before every id of a diagram drawn into the page, so
// that its ids ("fig-s7") cannot meet the page's own.
const IDPrefix = "fig-"

// Classes the page toggles on a step's group; the diagram's style sheet
// draws them (the current step highlighted, later steps dimmed).
const (
	ClassCurrent = "current"
	ClassLater   = "future"
)

// SVG draws a transcript's steps as a standalone SVG file, its style
// sheet inside: what "Export SVG" downloads and "a2aplay figures" writes.
func SVG(t *replay.Transcript, steps []replay.Step) ([]byte, error) {
	return draw(t, steps, "")
}

// PageSVG draws a transcript's steps for the page. A strict
// Content-Security-Policy forbids a <style> element inside the page, so
// the diagram's style sheet is cut out and returned apart: the site
// builder puts it into the page's style sheet. It is the same for every
// diagram. The site builder (natively) and the viewer (in the browser)
// both call PageSVG, so the pre-rendered diagram is the one the viewer
// would draw.
func PageSVG(t *replay.Transcript, steps []replay.Step) (svg, css string, err error) {
	b, err := draw(t, steps, IDPrefix)
	if err != nil {
		return "", "", err
	}
	s := string(b)
	i := strings.Index(s, "<style>")
	j := strings.Index(s, "</style>")
	if i < 0 || j < i {
		return s, "", nil
	}
	css = s[i+len("<style>") : j]
	rest := s[j+len("</style>"):]
	rest = strings.TrimPrefix(rest, "\n")
	return s[:i] + rest, css, nil
}

func draw(t *replay.Transcript, steps []replay.Step, prefix string) ([]byte, error) {
	if t == nil {
		return nil, errors.New("no transcript")
	}
	g := diagram.Layout(steps, diagram.Options{Title: t.Title, IDPrefix: prefix})
	var b bytes.Buffer
	if err := diagram.WriteSVG(&b, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
