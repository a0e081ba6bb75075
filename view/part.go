package view

import (
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// A Part is what the page holds of a long transcript that a Web Worker
// parsed and keeps whole: the steps of one window, First to Last, and
// the exchanges they come from, with what the page shows of the whole
// (its size, its summary, its first lanes). The page draws and inspects
// a Part as it does a transcript it holds whole; stepping out of the
// window asks the worker for the next Part. It travels as a msg.Part
// (package view/msg).
type Part struct {
	N           int       // steps in the whole transcript
	First, Last int       // the window: steps First to Last (1-based, inclusive)
	Start       time.Time // when the whole transcript's first step happened

	// Transcript has the whole one's title, notes and participants, and
	// only the exchanges Steps come from, with their own numbers.
	Transcript *replay.Transcript
	// Steps are every step of those exchanges, in order: those from
	// First to Last, the others of a stream the window cuts, and the
	// exchanges of the whole transcript's first and last steps.
	Steps []replay.Step

	Summary Summary
	Lanes   []Lane // the first MaxLanes tasks' lanes
	Tasks   int    // lanes in all

	// SVG is the window drawn for the page ([AppendPageFigure]), and Widest
	// its widest arrow, when the part comes drawn: the worker draws it,
	// so that the page's thread only puts it in. Drawn for a screen
	// ([Part.DrawScreen]), SVG holds only the rows of steps ShownFirst
	// to ShownLast, those of the screen the page shows first, and More
	// the others, a few steps at a time in the order of their steps
	// (those before ShownFirst, then those after ShownLast), which the
	// page adds to the steps group when it has time.
	SVG                   string `json:",omitempty"`
	Widest                int    `json:",omitempty"`
	ShownFirst, ShownLast int    `json:",omitempty"`
	More                  []Rows `json:",omitempty"`
	// Frame is the drawn window's geometry the page frames it and marks
	// its steps by, every row of it, whether in SVG or in More.
	Frame Frame

	// Provisional is set on the first part of a long transcript cut
	// before all its steps were worked out ([CutFirst]): it has no lanes,
	// and its summary counts no tasks, until a [Whole] comes.
	Provisional bool `json:",omitempty"`

	// Questions are predict mode's questions ([Questions] of the whole
	// transcript) about the window's steps, and the first about a step
	// after it ([QuestionsIn]), when the worker sends them: the page
	// gathers those of every window it was sent into its quiz.
	Questions []Question `json:",omitempty"`
}

// A Whole is what a worker says of a whole transcript once it has
// worked out all its steps, after a provisional first Part: its summary
// and its lanes.
type Whole struct {
	Summary Summary
	Lanes   []Lane // the first MaxLanes tasks' lanes
	Tasks   int    // lanes in all
}

// WholeOf describes transcript t, with its steps and lanes, for a
// provisional Part of it.
func WholeOf(t *replay.Transcript, steps []replay.Step, lanes []Lane) *Whole {
	return &Whole{Summary: Summarize(t, steps), Lanes: lanes[:min(len(lanes), MaxLanes)], Tasks: len(lanes)}
}

// Apply completes a provisional Part with w.
func (w *Whole) Apply(p *Part) {
	p.Summary, p.Lanes, p.Tasks, p.Provisional = w.Summary, w.Lanes, w.Tasks, false
}

// Rows are the rows of a few steps of a drawn window, up to step Last,
// for the page to add to the diagram's steps group ([diagram.WriteRows]).
// A Part's More holds them in the order of their steps: each starts
// after the previous one's Last, at the window's first step, or after
// the Part's ShownLast.
type Rows struct {
	Last int
	SVG  string
}

// PieceSteps is how many steps' rows each Rows of a Part drawn for a
// screen holds: few enough that the page puts them in, styles, lays
// out and paints them in well under 100 ms on a slow machine.
const PieceSteps = 12

// Draw draws the part's window into SVG and Widest, whole.
func (p *Part) Draw() error {
	return p.DrawScreen(0, 0)
}

// DrawScreen draws the part's window as [Part.Draw] does, but puts into
// SVG only the rows of the screen around step at's row, height pixels
// high (at the diagram's own size): those within a screen above it and
// below it, wherever the page scrolls to show it. When the window does
// not hold step at, SVG holds the window's first screen. The rows
// before and after go into More, PieceSteps steps each. The page so
// puts in and lays out one screen or two before it paints; it adds the
// rest when idle. A height of 0 draws the whole window into SVG.
func (p *Part) DrawScreen(at, height int) error {
	first, last := p.First, p.Last
	if first <= 1 && last >= p.N {
		first, last = 0, 0 // the whole transcript, drawn as the page draws one
	}
	g, widest, err := pageLayout(p.Transcript, p.Steps, first, last)
	if err != nil {
		return err
	}
	// The rows' places are among the whole transcript's steps, which a
	// provisional part's do not reach yet.
	g.SetSize = p.N
	p.Widest, p.Frame = widest, FrameOf(g)
	rows := g.Rows
	i, j := 0, len(rows)
	if height > 0 {
		i, j = screenRows(rows, at, height)
	}
	head := *g
	head.Rows = rows[i:j]
	var b strings.Builder
	if err := diagram.WriteSVG(&b, &head); err != nil {
		return err
	}
	p.SVG, p.ShownFirst, p.ShownLast, p.More = b.String(), p.First, p.Last, nil
	if i < j && j-i < len(rows) {
		p.ShownFirst, p.ShownLast = rows[i].Index, rows[j-1].Index
	}
	for _, rest := range [][]diagram.Row{rows[:i], rows[j:]} {
		for len(rest) > 0 {
			piece := rest[:min(PieceSteps, len(rest))]
			rest = rest[len(piece):]
			var b strings.Builder
			if err := diagram.WriteRows(&b, g, piece); err != nil {
				return err
			}
			p.More = append(p.More, Rows{Last: piece[len(piece)-1].Index, SVG: b.String()})
		}
	}
	return nil
}

// screenRows returns the rows i to j (exclusive) that a page shows on a
// screen height pixels high around step at's row, whether it shows that
// row at the screen's top, its foot or between: those that reach within
// height pixels of it. When no row draws step at, they are the rows of
// one screen from the top. There is at least one.
func screenRows(rows []diagram.Row, at, height int) (i, j int) {
	if len(rows) == 0 {
		return 0, 0
	}
	top, bottom := 0, height // the band of the diagram the rows reach into
	for _, r := range rows {
		if r.Index == at {
			top, bottom = r.Top-height, r.Bottom+height
			break
		}
	}
	for i < len(rows)-1 && rows[i].Bottom <= top {
		i++
	}
	j = i + 1
	for j < len(rows) && rows[j].Top < bottom {
		j++
	}
	return i, j
}

// MaxLanes is the most tasks the page lists in the overview and draws
// in the task-state lane; the diagram draws a lane for each.
const MaxLanes = 12

// Cut makes the Part of transcript t (with its steps and lanes) that
// the page draws when the current position is at: the window [Window]
// gives.
func Cut(t *replay.Transcript, steps []replay.Step, lanes []Lane, at int) *Part {
	w := WholeOf(t, steps, lanes)
	p := &Part{N: len(steps), Summary: w.Summary, Lanes: w.Lanes, Tasks: w.Tasks}
	p.First, p.Last = Window(len(steps), min(max(at, 0), len(steps)))
	cut(p, t, steps)
	return p
}

// CutFirst makes the first Part of a long transcript t of n steps from
// first, the steps of its first exchanges only, so that the page can
// show it while the worker works out the others: the window at the
// overview, provisional. The worker checks it against the Part [Cut]
// makes from all the steps, and sends the page that one if it differs.
func CutFirst(t *replay.Transcript, first []replay.Step, n int) *Part {
	_, last := Window(n, 0)
	return cutFirst(t, first, n, last)
}

// CutScreen makes a first Part of a long transcript t as [CutFirst]
// does, but of the steps a screen height pixels high shows
// ([ScreenSteps]) rather than a whole window: the least the page can
// show while the worker cuts the first window and works out the others.
func CutScreen(t *replay.Transcript, first []replay.Step, n, height int) *Part {
	_, last := Window(n, 0)
	return cutFirst(t, first, n, min(last, ScreenSteps(height)))
}

func cutFirst(t *replay.Transcript, first []replay.Step, n, last int) *Part {
	p := &Part{N: n, Provisional: true, Summary: Summarize(t, nil)}
	p.Summary.Steps = n
	p.First, p.Last = 1, min(last, len(first))
	cut(p, t, first)
	return p
}

// rowHeight is about the least height of a step's row in the diagram.
const rowHeight = 40

// ScreenSteps is how many steps a screen height pixels high shows at
// most, at the diagram's own size, from the top of a diagram.
func ScreenSteps(height int) int {
	return min(max(height/rowHeight+2, 8), WindowSteps)
}

// cut fills in p's start, transcript and steps from steps, the steps of
// t, for p's window.
func cut(p *Part, t *replay.Transcript, steps []replay.Step) {
	if len(steps) > 0 {
		p.Start = steps[0].At
	}
	sub := &replay.Transcript{Title: t.Title, Notes: t.Notes, Participants: t.Participants}
	p.Transcript = sub
	if len(steps) == 0 {
		return
	}
	// The exchanges of the window's steps, in the transcript's order.
	// The first step and the last go too: the diagram draws times from
	// the first, and numbers as wide as the last's.
	seqs := []int{steps[0].Exchange, steps[len(steps)-1].Exchange}
	for _, s := range steps[p.First-1 : p.Last] {
		seqs = append(seqs, s.Exchange)
	}
	slices.Sort(seqs)
	seqs = slices.Compact(seqs)
	for _, ex := range t.Exchanges {
		if ex != nil {
			if _, ok := slices.BinarySearch(seqs, ex.Seq); ok {
				sub.Exchanges = append(sub.Exchanges, ex)
			}
		}
	}
	// Their steps: a stream's frames can lie far from its request.
	for _, s := range steps {
		if _, ok := slices.BinarySearch(seqs, s.Exchange); ok {
			p.Steps = append(p.Steps, s)
		}
	}
}

// Same reports whether parts p and q show their window alike: the same
// steps drawn the same way.
func (p *Part) Same(q *Part) bool {
	if p.First != q.First || p.Last != q.Last || p.SVG != q.SVG || p.ShownFirst != q.ShownFirst || p.ShownLast != q.ShownLast || !slices.Equal(p.More, q.More) {
		return false
	}
	for k := p.First; k <= p.Last; k++ {
		a, b := p.Step(k), q.Step(k)
		if a == nil || b == nil || !reflect.DeepEqual(*a, *b) {
			return false
		}
	}
	return true
}

// Step returns step k (1-based, in the whole transcript) when the part
// holds it, or nil.
func (p *Part) Step(k int) *replay.Step {
	i, ok := slices.BinarySearchFunc(p.Steps, k, func(s replay.Step, k int) int { return s.Index - k })
	if !ok {
		return nil
	}
	return &p.Steps[i]
}
