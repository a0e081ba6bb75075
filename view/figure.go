package view

import (
	"bytes"
	"errors"
	"unsafe"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// IDPrefix goes before every id of a diagram drawn into the page, so
// that its ids ("fig-s7") cannot meet the page's own.
const IDPrefix = "fig-"

// SVG draws a transcript's steps as a standalone SVG file, its style
// sheet inside: what "Export SVG" downloads and "a2aplay figures" writes.
func SVG(t *replay.Transcript, steps []replay.Step) ([]byte, error) {
	if t == nil {
		return nil, errors.New("no transcript")
	}
	var b bytes.Buffer
	if err := diagram.WriteSVG(&b, diagram.Layout(steps, diagram.Options{Title: t.Title})); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// PageSVG draws a transcript's steps for the page. A strict
// Content-Security-Policy forbids a <style> element inside the page, so
// the diagram's style sheet is cut out and returned apart: the site
// builder puts it into the page's style sheet. It is the same for every
// diagram. The site builder (natively) and the viewer (in the browser)
// both call PageSVG, so the pre-rendered diagram is the one the viewer
// would draw.
func PageSVG(t *replay.Transcript, steps []replay.Step) (svg, css string, err error) {
	return PageSVGRange(t, steps, 0, 0)
}

// PageSVGRange is [PageSVG] drawing only steps first to last (1-based,
// inclusive; 0 leaves an end open): the page draws a long transcript a
// window at a time.
//
// The SVG is drawn without its <style>, which the page may not hold; the
// style sheet, the same for every diagram, comes apart.
func PageSVGRange(t *replay.Transcript, steps []replay.Step, first, last int) (svg, css string, err error) {
	g, _, err := pageLayout(t, steps, first, last)
	if err != nil {
		return "", "", err
	}
	b := diagram.AppendSVG(nil, g)
	// b goes nowhere else and is never written again, so the string may
	// share its bytes, as strings.Builder's String does: a large diagram
	// is not copied once more.
	return unsafe.String(unsafe.SliceData(b), len(b)), diagram.StyleSheet(), nil
}

// AppendPageFigure is [PageSVGRange] for the page's own use: it appends
// the SVG without its style sheet to b, and returns the width of its
// widest arrow (which a window drawn for the page carries, [Part]),
// from the layout rather than from the page. The page draws into one buffer it keeps
// from draw to draw: a thousand steps are a megabyte and a half of SVG,
// and allocating that afresh each time costs more than writing it, the
// memory cleared and, in a browser, its pages faulted in again
// (BenchmarkPageFigure compares the two).
func AppendPageFigure(b []byte, t *replay.Transcript, steps []replay.Step, first, last int) (svg []byte, widest int, err error) {
	g, widest, err := pageLayout(t, steps, first, last)
	if err != nil {
		return b, 0, err
	}
	return diagram.AppendSVG(b, g), widest, nil
}

// PageLayout is the layout of steps first to last as the page draws
// them: the compact layout ([diagram.Options].Compact), with the
// participants fold folded.
func PageLayout(t *replay.Transcript, steps []replay.Step, first, last int, fold []string) *diagram.Geometry {
	return diagram.Layout(steps, diagram.Options{Title: t.Title, IDPrefix: IDPrefix, NoStyle: true, First: first, Last: last, Compact: true, Fold: fold})
}

// Widest is the width of g's widest arrow.
func Widest(g *diagram.Geometry) int {
	widest := 0
	for i := range g.Rows {
		if a := g.Rows[i].Arrow; a != nil && !a.Self {
			widest = max(widest, a.X2-a.X1, a.X1-a.X2)
		}
	}
	return widest
}

// pageLayout lays steps first to last out as the page draws them, and
// finds the width of the widest arrow.
func pageLayout(t *replay.Transcript, steps []replay.Step, first, last int) (g *diagram.Geometry, widest int, err error) {
	if t == nil {
		return nil, 0, errors.New("no transcript")
	}
	g = PageLayout(t, steps, first, last, nil)
	return g, Widest(g), nil
}

// WindowSteps is how many steps the page draws of a transcript longer
// than BigTranscript: the steps around the current one. Stepping past
// the window draws the next.
const (
	WindowSteps   = 240
	BigTranscript = 1500
)

// Window returns the steps to draw, first to last (1-based, inclusive),
// of a transcript of n steps when the current position is at: all of a
// short one, else WindowSteps steps with at a third of the way in, so
// that the steps ahead show and stepping on stays in the window longer.
func Window(n, at int) (first, last int) {
	return windowOn(n, at, 0, BigTranscript)
}

// NarrowStage is the stage width, in CSS pixels, under which a step may
// be too wide to show whole unless the columns it crosses fold, which
// draws the diagram again ([FoldsFor]).
const NarrowStage = 640

// NarrowWindowSteps is how many steps the page draws at a time of a
// transcript longer than twice that on a narrow stage: folding a column
// draws the window again, and a window of this size draws in a few
// milliseconds where a thousand steps take a tenth of a second.
const NarrowWindowSteps = 120

// WindowOn is [Window] for a stage avail CSS pixels wide: on a narrow
// one a transcript longer than twice NarrowWindowSteps is drawn that
// many steps at a time.
func WindowOn(n, at int, avail float64) (first, last int) {
	return windowOn(n, at, avail, BigTranscript)
}

// LiveWindowOn is [WindowOn] for a Live session, which grows while the
// learner watches: past WindowSteps steps, not BigTranscript, it is
// drawn a window at a time, so that what an event costs the page stops
// growing with the session there. Drawn whole, the page's CPU per event
// was 38, 53, 92 and 31 ms at 11, 101, 701 and 1,001 exchanges (40 to
// 2,020 steps; the last already windowed): `./build.sh bench -live-only
// -live-events 10,100,700,1000`.
func LiveWindowOn(n, at int, avail float64) (first, last int) {
	return windowOn(n, at, avail, WindowSteps)
}

// windowOn draws a transcript of more than big steps WindowSteps steps
// at a time, and on a narrow stage one longer than twice
// NarrowWindowSteps that many at a time.
func windowOn(n, at int, avail float64, big int) (first, last int) {
	switch {
	case avail > 0 && avail < NarrowStage && n > 2*NarrowWindowSteps:
		return window(n, at, NarrowWindowSteps)
	case n <= big:
		return 1, n
	}
	return window(n, at, WindowSteps)
}

// window is size steps of n with at a third of the way in.
func window(n, at, size int) (first, last int) {
	first = max(1, at-size/3)
	last = min(n, first+size-1)
	first = max(1, last-size+1)
	return first, last
}
