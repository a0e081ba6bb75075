package view

import "math"

// Zoom limits: below MinZoom a diagram's text is a texture, above
// MaxZoom a step no longer fits a screen.
const (
	MinZoom = 0.25
	MaxZoom = 3.0
)

// ReadableZoom is the least scale that Fit and the default take: below
// it a label (13 px in the diagram) would be drawn under 11 CSS px.
const ReadableZoom = 0.85

// zoomStep is the factor one press of zoom in or out applies.
const zoomStep = 1.25

// ClampZoom keeps a scale within MinZoom and MaxZoom; NaN and infinities
// read as 1.
func ClampZoom(s float64) float64 {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return 1
	}
	return max(MinZoom, min(MaxZoom, s))
}

// ZoomIn is the next scale up from s. Scales land on 100 % on the way:
// from 0.9 one press gives 1, not 1.125, so the diagram's own size is
// always one press away.
func ZoomIn(s float64) float64 {
	n := s * zoomStep
	if s < 1 && n > 1 {
		n = 1
	}
	return ClampZoom(n)
}

// ZoomOut is the next scale down from s, landing on 100 % likewise.
func ZoomOut(s float64) float64 {
	n := s / zoomStep
	if s > 1 && n < 1 {
		n = 1
	}
	return ClampZoom(n)
}

// A Zoom is how the page sizes its diagram: at a scale the learner set,
// to the stage's width, or by default (Auto).
type Zoom struct {
	Mode  ZoomMode
	Scale float64 // the learner's scale, for ZoomSet
}

// ZoomMode says where a diagram's scale comes from.
type ZoomMode uint8

const (
	// ZoomAuto shows a diagram at its own size, where its text is
	// readable and a wide one scrolls: the page's layout, which folds
	// the columns a wide step crosses ([FoldsFor]), makes any one step
	// show whole on a phone without shrinking.
	ZoomAuto ZoomMode = iota
	// ZoomFit makes a diagram as wide as the stage, but never smaller
	// than ReadableZoom: a wider one still scrolls.
	ZoomFit
	ZoomSet // the learner's scale
)

// ScaleFor returns the scale for a diagram width pixels wide on a stage
// avail pixels wide.
func (z Zoom) ScaleFor(width, avail float64) float64 {
	if width <= 0 || avail <= 0 {
		return 1
	}
	switch z.Mode {
	case ZoomSet:
		return ClampZoom(z.Scale)
	case ZoomFit:
		return ClampZoom(max(ReadableZoom, avail/width))
	}
	return 1
}
