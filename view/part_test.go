package view

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// longTranscript repeats the deploy capture (a stream that waits for an
// approval, the approval outside A2A) copies times, each copy a minute
// later and with ids of its own.
func longTranscript(t testing.TB, copies int) *replay.Transcript {
	t.Helper()
	b, err := os.ReadFile("../transcripts/07-auth-required.http")
	if err != nil {
		t.Fatal(err)
	}
	one, err := replay.Parse(b, "07.http")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range replay.Steps(one) {
		if s.TaskID != "" {
			ids = append(ids, s.TaskID, s.ContextID)
		}
	}
	long := &replay.Transcript{Title: one.Title, Participants: one.Participants}
	for i := range copies {
		text := string(b)
		for _, id := range ids {
			text = strings.ReplaceAll(text, id, id[:len(id)-4]+fmt.Sprintf("%04x", i))
		}
		c, err := replay.Parse([]byte(text), "07.http")
		if err != nil {
			t.Fatal(err)
		}
		shift := time.Duration(i) * time.Minute
		for _, ex := range c.Exchanges {
			ex.Seq = len(long.Exchanges) + 1
			ex.Request.At = ex.Request.At.Add(shift)
			if r := ex.Response; r != nil {
				r.At = r.At.Add(shift)
				if st := r.Stream; st != nil {
					for j := range st.Frames {
						st.Frames[j].At = st.Frames[j].At.Add(shift)
					}
					if st.End != nil {
						st.End.At = st.End.At.Add(shift)
					}
				}
			}
			long.Exchanges = append(long.Exchanges, ex)
		}
	}
	return long
}

// TestCutFirst: the first Part cut from a long transcript's first
// exchanges shows its window as the Part cut from all its steps does.
func TestCutFirst(t *testing.T) {
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	whole := Cut(long, steps, Lanes(steps), 0)
	prefix := *long
	prefix.Exchanges = long.Exchanges[:60] // 540 steps
	first := CutFirst(long, replay.Steps(&prefix), len(steps))
	for _, p := range []*Part{whole, first} {
		if err := p.Draw(); err != nil {
			t.Fatal(err)
		}
	}
	if !first.Provisional || first.N != len(steps) || first.Summary.Exchanges != len(long.Exchanges) {
		t.Errorf("first part: provisional %v, %d steps, %d exchanges; want true, %d, %d", first.Provisional, first.N, first.Summary.Exchanges, len(steps), len(long.Exchanges))
	}
	if !first.Same(whole) {
		t.Error("the first part shows its window otherwise than the part cut from every step")
	}
	for _, p := range []*Part{whole, first} {
		if err := p.DrawScreen(0, 600); err != nil {
			t.Fatal(err)
		}
	}
	if !first.Same(whole) || len(first.More) == 0 {
		t.Errorf("drawn for a screen, the first part shows its window otherwise than the part cut from every step (%d pieces)", len(first.More))
	}
	WholeOf(long, steps, Lanes(steps)).Apply(first)
	if first.Provisional || !reflect.DeepEqual(first.Summary, whole.Summary) || !reflect.DeepEqual(first.Lanes, whole.Lanes) || first.Tasks != whole.Tasks {
		t.Error("the first part, completed, differs from the whole's")
	}
	// A part from fewer steps than its window is not the same.
	prefix.Exchanges = long.Exchanges[:10]
	short := CutFirst(long, replay.Steps(&prefix), len(steps))
	if err := short.Draw(); err != nil {
		t.Fatal(err)
	}
	if short.Same(whole) {
		t.Error("a part of 90 steps is the same as one of 240")
	}
}

// TestDrawScreen: a part drawn for a screen is the whole window drawn,
// cut into the rows of the screen around the step asked for and pieces
// of the others, and it travels so: put together as the page puts them,
// the pieces before the screen's rows and those after, in the order of
// their steps, draw every row of the window once, as drawn whole.
func TestDrawScreen(t *testing.T) {
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	lanes := Lanes(steps)
	const open, end = `<g class="steps" role="list">` + "\n", "</g>\n</svg>\n"
	for _, c := range []struct{ cut, at, height int }{
		{0, 0, 600}, {777, 777, 600}, {777, 700, 600}, {777, 1000, 600}, {777, 600, 200},
		{len(steps) - 5, len(steps) - 5, 600}, {len(steps), len(steps), 600}, {len(steps), len(steps), 400},
		{len(steps), len(steps) - 1, 800}, {777, 777, 1 << 20},
	} {
		name := fmt.Sprintf("window at %d, screen of %d px at %d", c.cut, c.height, c.at)
		p := Cut(long, steps, lanes, c.cut)
		if err := p.Draw(); err != nil {
			t.Fatal(err)
		}
		whole := p.SVG
		if p.ShownFirst != p.First || p.ShownLast != p.Last || p.More != nil {
			t.Fatalf("%s: drawn whole, shown %d-%d with %d pieces; want %d-%d and none", name, p.ShownFirst, p.ShownLast, len(p.More), p.First, p.Last)
		}
		if err := p.DrawScreen(c.at, c.height); err != nil {
			t.Fatal(err)
		}

		// The screen's rows: those that reach within a screen of step
		// at's row, or the first screen's when the window does not hold
		// it; and no others.
		g, _, err := pageLayout(p.Transcript, p.Steps, p.First, p.Last)
		if err != nil {
			t.Fatal(err)
		}
		top, bottom := 0, c.height
		if c.at >= p.First && c.at <= p.Last {
			r := g.Rows[c.at-p.First]
			top, bottom = r.Top-c.height, r.Bottom+c.height
		}
		var want []int
		for _, r := range g.Rows {
			if r.Bottom > top && r.Top < bottom || r.Index == p.First && c.at < p.First {
				want = append(want, r.Index)
			}
		}
		if p.ShownFirst != want[0] || p.ShownLast != want[len(want)-1] {
			t.Errorf("%s: steps %d-%d drawn first, want %d-%d", name, p.ShownFirst, p.ShownLast, want[0], want[len(want)-1])
		}
		head, ok := strings.CutSuffix(p.SVG, end)
		if !ok || strings.Count(head, open) != 1 {
			t.Fatalf("%s: the first screen's SVG does not end with its steps group", name)
		}
		if s := drawnSteps(head); !slices.Equal(s, want) {
			t.Errorf("%s: the first screen draws steps %v, want %v", name, s, want)
		}
		if len(want) == len(g.Rows) {
			if p.More != nil || p.SVG != whole {
				t.Errorf("%s: the whole window is on the screen, and comes with %d pieces", name, len(p.More))
			}
			continue
		}

		// The pieces, in the order of their steps, and put together.
		before, after := "", ""
		next := p.First
		for _, r := range p.More {
			if next == p.ShownFirst {
				next = p.ShownLast + 1
			}
			s := drawnSteps(r.SVG)
			if len(s) == 0 || len(s) > PieceSteps || s[0] != next || s[len(s)-1] != r.Last || r.Last-next+1 != len(s) {
				t.Errorf("%s: a piece of steps %v ends at %d; want at most %d steps from %d", name, s, r.Last, PieceSteps, next)
			}
			next = r.Last + 1
			if r.Last < p.ShownFirst {
				before += r.SVG
			} else {
				after += r.SVG
			}
		}
		if next != p.Last+1 && !(next == p.ShownFirst && p.ShownLast == p.Last) {
			t.Errorf("%s: the pieces end before step %d, the window at %d", name, next, p.Last)
		}
		together := strings.Replace(head, open, open+before, 1) + after + end
		if together != whole {
			t.Errorf("%s: the first screen and the pieces put together draw otherwise than the window drawn whole", name)
		}
		if s := drawnSteps(together); len(s) != p.Last-p.First+1 || s[0] != p.First || s[len(s)-1] != p.Last {
			t.Errorf("%s: put together, steps %d-%d drawn, %d rows; want each of %d-%d once", name, s[0], s[len(s)-1], len(s), p.First, p.Last)
		}
	}
}

// drawnSteps lists the steps whose rows svg draws, in its order.
func drawnSteps(svg string) []int {
	var out []int
	for _, m := range regexp.MustCompile(` data-step="(\d+)"`).FindAllStringSubmatch(svg, -1) {
		k, _ := strconv.Atoi(m[1])
		out = append(out, k)
	}
	return out
}
