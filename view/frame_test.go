package view

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

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
		Rows: []FrameRow{{3, 10, 50}, {4, 50, 90}}}
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
