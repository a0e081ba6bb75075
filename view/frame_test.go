package view

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// TestPartFrame: the frame a part drawn for a screen carries says what
// its SVG draws, as the page read it from the SVG before: the SVG's
// width and height, the first lifeline's ends, the first row's hit box's
// left edge and width, and for every step the window draws, in its
// screen's SVG or in a piece of More, the y and height of the first
// child of its group.
func TestPartFrame(t *testing.T) {
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	lanes := Lanes(steps)
	size := regexp.MustCompile(`^<svg [^>]* width="(\d+)" height="(\d+)"`)
	life := regexp.MustCompile(`<line class="life[^"]*" x1="\d+" y1="(\d+)" x2="\d+" y2="(\d+)"`)
	row := regexp.MustCompile(`<g [^>]*data-step="(\d+)"[^>]*><rect class="hit" x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"`)
	for _, c := range []struct{ cut, at, height int }{{0, 0, 600}, {777, 777, 400}, {len(steps), len(steps), 800}, {777, 777, 0}} {
		name := fmt.Sprintf("window at %d, screen of %d px at %d", c.cut, c.height, c.at)
		p := Cut(long, steps, lanes, c.cut)
		if err := p.DrawScreen(c.at, c.height); err != nil {
			t.Fatal(err)
		}
		f := p.Frame
		if err := f.Check(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		m := size.FindStringSubmatch(p.SVG)
		l := life.FindStringSubmatch(p.SVG)
		if m == nil || l == nil {
			t.Fatalf("%s: no size or no lifeline in the SVG", name)
		}
		if got, want := fmt.Sprint(f.Width, f.Height, f.LifelineTop, f.LifelineBottom), strings.Join([]string{m[1], m[2], l[1], l[2]}, " "); got != want {
			t.Errorf("%s: frame's size and lifelines %s, the SVG's %s", name, got, want)
		}
		all := p.SVG
		for _, r := range p.More {
			all += r.SVG
		}
		drawn := row.FindAllStringSubmatch(all, -1)
		if len(drawn) != len(f.Rows) || len(f.Rows) != p.Last-p.First+1 {
			t.Fatalf("%s: the frame has %d rows, the SVG %d, the window %d steps", name, len(f.Rows), len(drawn), p.Last-p.First+1)
		}
		for i, d := range drawn {
			k, _ := strconv.Atoi(d[1])
			r, ok := f.Row(k)
			got := fmt.Sprint(f.RowX, r.Top, f.RowW, r.Bottom-r.Top)
			if want := strings.Join(d[2:], " "); !ok || got != want {
				t.Errorf("%s: step %d's row (%d of the SVG): frame's x y w h %s (found %v), the SVG's %s", name, k, i, got, ok, want)
			}
		}
	}
}

// TestFrameCheck: a frame out of order or upside down is an error that
// says so; the frames drawn are not.
func TestFrameCheck(t *testing.T) {
	good := Frame{Width: 100, Height: 200, LifelineTop: 10, LifelineBottom: 190, RowX: 5, RowW: 90,
		Rows: []FrameRow{{3, 10, 50, 40, 30}, {4, 50, 90, 60, 70}}}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	if err := (&Frame{}).Check(); err != nil {
		t.Errorf("the zero frame: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(*Frame)
		want string
	}{
		{"negative width", func(f *Frame) { f.Width = -1 }, "a frame -1x200"},
		{"lifelines upside down", func(f *Frame) { f.LifelineTop = 195 }, "from 195 to 190"},
		{"lifelines past the foot", func(f *Frame) { f.LifelineBottom = 201 }, "from 10 to 201"},
		{"a row upside down", func(f *Frame) { f.Rows[1].Bottom = 40 }, "row 1 (step 4, from 50 to 40)"},
		{"rows out of order", func(f *Frame) { f.Rows[1].Index = 3 }, "row 1 (step 3"},
		{"a mark right of it", func(f *Frame) { f.Rows[0].MarkX = 101 }, "row 0 (step 3) has its mark at 101,30, outside 100x200"},
		{"a mark above it", func(f *Frame) { f.Rows[1].MarkY = -1 }, "row 1 (step 4) has its mark at 60,-1"},
	} {
		f := good
		f.Rows = append([]FrameRow(nil), good.Rows...)
		c.edit(&f)
		if err := f.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, ok := good.Row(5); ok {
		t.Error("step 5 has a row in a frame of steps 3 and 4")
	}
	if r, ok := good.Row(4); !ok || r.Top != 50 {
		t.Errorf("step 4's row: %v %v", r, ok)
	}
}

// Where the page put a finding's mark when it read it back from the SVG:
// the middle of a step group's line.arrow, at its y1, or, without one,
// 12 px right of its rect.num, at its middle.
var (
	markGroup = regexp.MustCompile(`<g [^>]*data-step="(\d+)"`)
	markArrow = regexp.MustCompile(`<line class="arrow" x1="(-?\d+)" y1="(-?\d+)" x2="(-?\d+)"`)
	markNum   = regexp.MustCompile(`<rect class="num" x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)"`)
)

// svgMarks is, for every step group of svg, the point the page put a
// finding's mark at when it read it back from the SVG.
func svgMarks(t *testing.T, svg string) map[int][2]float64 {
	t.Helper()
	at := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	marks := map[int][2]float64{}
	groups := markGroup.FindAllStringSubmatchIndex(svg, -1)
	for i, g := range groups {
		end := len(svg)
		if i+1 < len(groups) {
			end = groups[i+1][0]
		}
		k, _ := strconv.Atoi(svg[g[2]:g[3]])
		in := svg[g[1]:end]
		if a := markArrow.FindStringSubmatch(in); a != nil {
			marks[k] = [2]float64{(at(a[1]) + at(a[3])) / 2, at(a[2])}
		} else if n := markNum.FindStringSubmatch(in); n != nil {
			marks[k] = [2]float64{at(n[1]) + at(n[3]) + 12, at(n[2]) + at(n[4])/2}
		} else {
			t.Fatalf("step %d's group has neither an arrow nor a number", k)
		}
	}
	return marks
}

// checkMarks says where a frame's marks are not where the page put them
// when it read them back from the SVG (to within the half pixel the
// frame's whole pixels round down), or a row one has and not the other.
func checkMarks(t *testing.T, name string, f Frame, svg string) {
	t.Helper()
	marks := svgMarks(t, svg)
	if len(marks) != len(f.Rows) || len(marks) == 0 {
		t.Errorf("%s: %d marks in the SVG, %d rows in the frame", name, len(marks), len(f.Rows))
	}
	for _, r := range f.Rows {
		m, ok := marks[r.Index]
		if dx := m[0] - float64(r.MarkX); !ok || dx < 0 || dx > 0.5 || m[1] != float64(r.MarkY) {
			t.Errorf("%s: step %d's mark at %d,%d; the SVG's at %v (found %v)", name, r.Index, r.MarkX, r.MarkY, m, ok)
		}
	}
}

// TestFrameMarks: the frame of every shipped transcript's diagram, as
// the page lays it out (compact, and folded), as the site's figures lay
// it out (full) and of a step range, puts each step's mark where the
// page put it when it read it back from the SVG drawn; and so does a
// window of a long file drawn for a screen, with its pieces.
func TestFrameMarks(t *testing.T) {
	files, err := filepath.Glob("../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	var self, closes int
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := replay.Parse(b, filepath.Base(file))
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.Steps(tr)
		for _, c := range []struct {
			name string
			g    *diagram.Geometry
		}{
			{"page", PageLayout(tr, steps, 0, 0, nil)},
			{"full", diagram.Layout(steps, diagram.Options{Title: tr.Title})},
			{"steps 2 to 5", diagram.Layout(steps, diagram.Options{Title: tr.Title, First: 2, Last: 5, Compact: true})},
		} {
			for _, r := range c.g.Rows {
				if r.Arrow == nil {
					closes++
				} else if r.Arrow.Self {
					self++
				}
			}
			checkMarks(t, filepath.Base(file)+", "+c.name, FrameOf(c.g), string(diagram.AppendSVG(nil, c.g)))
		}
	}
	if closes == 0 {
		t.Error("no shipped transcript draws a stream's close: the mark beside a number is not tested")
	}
	t.Logf("%d rows with no arrow, %d with a self arrow", closes, self)
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	p := Cut(long, steps, Lanes(steps), 777)
	if err := p.DrawScreen(777, 600); err != nil {
		t.Fatal(err)
	}
	all := p.SVG
	for _, r := range p.More {
		all += r.SVG
	}
	checkMarks(t, "a long file's window", p.Frame, all)
}
