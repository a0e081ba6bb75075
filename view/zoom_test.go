package view

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestZoomSteps(t *testing.T) {
	for _, tt := range []struct {
		s, in, out float64
	}{
		{1, 1.25, 0.8},
		{0.9, 1, 0.72},
		{1.1, 1.375, 1},
		{MaxZoom, MaxZoom, MaxZoom / 1.25},
		{MinZoom, MinZoom * 1.25, MinZoom},
	} {
		if got := ZoomIn(tt.s); math.Abs(got-tt.in) > 1e-9 {
			t.Errorf("ZoomIn(%v) = %v, want %v", tt.s, got, tt.in)
		}
		if got := ZoomOut(tt.s); math.Abs(got-tt.out) > 1e-9 {
			t.Errorf("ZoomOut(%v) = %v, want %v", tt.s, got, tt.out)
		}
	}
	for _, s := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := ClampZoom(s); got != 1 {
			t.Errorf("ClampZoom(%v) = %v, want 1", s, got)
		}
	}
}

func TestScaleFor(t *testing.T) {
	for _, tt := range []struct {
		name         string
		z            Zoom
		width, avail float64
		want         float64
	}{
		{"fits", Zoom{}, 700, 900, 1},
		{"wide stage, wide diagram: own size, scrolls", Zoom{}, 1754, 880, 1},
		{"phone: own size, the layout folds what does not fit", Zoom{}, 1754, 357, 1},
		{"fit width, no smaller than readable", Zoom{Mode: ZoomFit}, 1754, 877, ReadableZoom},
		{"fit width, a little smaller", Zoom{Mode: ZoomFit}, 1000, 900, 0.9},
		{"fit width grows a small one", Zoom{Mode: ZoomFit}, 500, 1000, 2},
		{"set", Zoom{Mode: ZoomSet, Scale: 1.5}, 1754, 357, 1.5},
		{"set, clamped", Zoom{Mode: ZoomSet, Scale: 40}, 1754, 357, MaxZoom},
		{"set below readable: the learner's choice", Zoom{Mode: ZoomSet, Scale: 0.5}, 1754, 357, 0.5},
		{"no stage yet", Zoom{}, 1754, 0, 1},
	} {
		if got := tt.z.ScaleFor(tt.width, tt.avail); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: ScaleFor = %v, want %v", tt.name, got, tt.want)
		}
	}
	// Fit never draws a label (13 px) under 11 CSS px.
	if s := (Zoom{Mode: ZoomFit}).ScaleFor(5000, 300); 13*s < 11 {
		t.Errorf("Fit scales a label to %.1f px", 13*s)
	}
}

func TestWindow(t *testing.T) {
	for _, tt := range []struct{ n, at, first, last int }{
		{10, 5, 1, 10},
		{BigTranscript, 700, 1, BigTranscript},
		{100000, 0, 1, WindowSteps},
		{100000, 1000, 1000 - WindowSteps/3, 1000 - WindowSteps/3 + WindowSteps - 1},
		{100000, 100000, 100000 - WindowSteps + 1, 100000},
	} {
		f, l := Window(tt.n, tt.at)
		if f != tt.first || l != tt.last {
			t.Errorf("Window(%d, %d) = %d, %d, want %d, %d", tt.n, tt.at, f, l, tt.first, tt.last)
		}
		if tt.at > 0 && (tt.at < f || tt.at > l) {
			t.Errorf("Window(%d, %d) leaves the position out", tt.n, tt.at)
		}
	}
}

func TestWindowOn(t *testing.T) {
	for _, tt := range []struct {
		n, at       int
		avail       float64
		first, last int
	}{
		{1000, 500, 1000, 1, 1000},
		{1000, 500, 0, 1, 1000},
		{2 * NarrowWindowSteps, 5, 360, 1, 2 * NarrowWindowSteps},
		{1000, 500, 360, 500 - NarrowWindowSteps/3, 500 - NarrowWindowSteps/3 + NarrowWindowSteps - 1},
		{1000, 1000, 360, 1000 - NarrowWindowSteps + 1, 1000},
		{100000, 1, 360, 1, NarrowWindowSteps},
	} {
		f, l := WindowOn(tt.n, tt.at, tt.avail)
		if f != tt.first || l != tt.last {
			t.Errorf("WindowOn(%d, %d, %v) = %d, %d, want %d, %d", tt.n, tt.at, tt.avail, f, l, tt.first, tt.last)
		}
	}
}

func TestAppendPageFigureWidest(t *testing.T) {
	tr, steps := sample(t)
	b, widest, err := AppendPageFigure(nil, tr, steps, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	// The widest arrow in the SVG, read back from its lines.
	want := 0
	for _, m := range regexp.MustCompile(`<line class="arrow" x1="(\d+)" y1="\d+" x2="(\d+)"`).FindAllStringSubmatch(svg, -1) {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		want = max(want, a-b, b-a)
	}
	// The layout's span runs head to tail; the line stops short of the
	// head by a pixel or two.
	if want == 0 || widest < want || widest > want+4 {
		t.Errorf("AppendPageFigure's widest arrow = %d, the SVG's line is %d", widest, want)
	}
	if strings.Contains(svg, "<style>") {
		t.Error("the page's SVG carries a <style>")
	}
}

// TestLiveWindowOn: a Live session is drawn whole up to WindowSteps
// steps, then a window at a time that, at the session's last step (where
// the learner follows it), ends there; a narrow stage's window is as
// WindowOn's.
func TestLiveWindowOn(t *testing.T) {
	for _, tt := range []struct {
		n, at       int
		avail       float64
		first, last int
	}{
		{WindowSteps, WindowSteps, 1366, 1, WindowSteps},
		{WindowSteps + 1, WindowSteps + 1, 1366, 2, WindowSteps + 1},
		{1420, 1420, 1366, 1420 - WindowSteps + 1, 1420},
		{1420, 1420, 0, 1420 - WindowSteps + 1, 1420},
		{1420, 100, 1366, 100 - WindowSteps/3, 100 - WindowSteps/3 + WindowSteps - 1},
		{1420, 1420, 360, 1420 - NarrowWindowSteps + 1, 1420},
		{2 * NarrowWindowSteps, 5, 360, 1, 2 * NarrowWindowSteps},
	} {
		f, l := LiveWindowOn(tt.n, tt.at, tt.avail)
		if f != tt.first || l != tt.last {
			t.Errorf("LiveWindowOn(%d, %d, %v) = %d, %d, want %d, %d", tt.n, tt.at, tt.avail, f, l, tt.first, tt.last)
		}
		if wf, wl := WindowOn(tt.n, tt.at, tt.avail); tt.n <= WindowSteps && (wf != f || wl != l) {
			t.Errorf("LiveWindowOn(%d, ...) = %d, %d; WindowOn gives %d, %d for a session this short", tt.n, f, l, wf, wl)
		}
	}
}
