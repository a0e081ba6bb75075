package diagram

import (
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// Options changes what Layout draws.
type Options struct {
	// Title names the diagram for assistive technology (the SVG's
	// <title>). The default is "A2A sequence diagram".
	Title string
	// First and Last draw only the steps whose Index lies between them,
	// inclusive; 0 leaves that end open. Steps keep their numbers.
	First, Last int
	// Participants puts these participants first, left to right. The
	// others follow in order of first appearance; parties that only take
	// part outside A2A (an operator) come last.
	Participants []string
	// MaxLabelWidth is the width, in pixels, past which a label wraps
	// when its arrow is not wider. The default is 300.
	MaxLabelWidth int
	// IDPrefix is put before every id in the SVG ("s7" becomes
	// "fig1-s7"), so that several diagrams can share one page.
	IDPrefix string
	// NoStyle leaves the <style> element out of the SVG, for a page
	// whose Content-Security-Policy forbids inline styles; the page's
	// own style sheet then carries [StyleSheet].
	NoStyle bool
	// Compact is the page's layout, made to show any one step whole on
	// a phone's screen: labels wrap at 160 px (MaxLabelWidth still
	// wins when set), columns stand no further apart than their labels
	// and headers need, and the left gutter holds the step numbers
	// first, at the diagram's left edge, where the page keeps a copy of
	// them in view while the diagram scrolls sideways ([Geometry].Gutter
	// is their column), and the times after them.
	Compact bool
	// Fold names participants drawn folded: a thin column whose header
	// shows the name cut short (the whole name in its title), with
	// room only for the arrows that cross it. A label on an arrow that
	// ends at a folded column wraps into what room there is. The page
	// folds the columns a step's arrow crosses when the step would not
	// fit its screen otherwise (view.FoldsFor).
	Fold []string
}

const defaultTitle = "A2A sequence diagram"

// outsideA2A labels everything that travels outside the protocol.
const outsideA2A = "outside A2A"

// Layout computes the geometry of the diagram of steps. It never fails;
// a step with an unknown participant gets a column of its own. Its cost
// grows linearly with the number of steps drawn; of a step range
// (opts.First, opts.Last) it adds one light pass over the other steps,
// to know the participants' order and where the range's streams begin
// and end; [Prepare] makes that pass once for many windows.
//
// Layout runs in phases, each a method of one layouter, in this order:
// columns, spacing, gutter, rows (with the streams' brackets and the
// bands outside A2A opened on the way), streams, bands, lanes and
// footers.
func Layout(steps []replay.Step, opts Options) *Geometry {
	opts = shownOptions(opts)
	return newLayouter(selectSteps(steps, opts), opts).layout()
}

// layout runs the phases.
func (l *layouter) layout() *Geometry {
	l.columns()
	l.spacing()
	l.gutter()
	l.rows()
	l.streams()
	l.bands()
	l.lanes()
	l.footers()
	l.g.Rows = l.drawnRows
	l.g.Width = max(l.right+l.m.margin, 200)
	l.g.Desc = describe(l.drawn, len(l.all), l.names)
	return l.g
}

// A layouter holds one layout while its phases run. Each phase reads
// what the ones before it left and adds its own part.
type layouter struct {
	g    *Geometry
	maxW int // where labels wrap
	m    metrics
	fold map[string]bool // the participants drawn folded
	t0   time.Time
	selection
	prepared *Prepared // when set, what it knows of all the steps is not learnt again

	// columns
	col   map[string]int // column of each drawn participant
	headW []int          // width of each column's header
	// spacing
	gap       []int    // between column i and i+1
	selfNeed  []int    // room right of column i for self arrows
	drawnRows []Row    // one per drawn step
	heads     []string // what each row's head line says ([headText])
	counts    partCounts
	// gutter
	times     []string // each row's time since the first step
	timeRight int      // the right edge of the times
	numX      int      // the left edge of the step numbers
	numW      int      // their width
	right     int      // the right edge of the participants' area
	// rows
	y         int // the bottom of the rows laid out so far
	ar        *arena
	brackets  []bracket      // the streams the drawn steps belong to, by first row
	active    []int          // brackets that may still be open, the last few
	chans     []Channel      // bands outside A2A
	chanPair  [2]int         // the columns of the last band
	lastOOB   int            // the row of the last step outside A2A
	bracketOf map[string]int // index in brackets of each stream's group id
}

// newLayouter starts the layout of sel; opts has been through
// [shownOptions].
func newLayouter(sel selection, opts Options) *layouter {
	l := &layouter{
		g:         &Geometry{Title: opts.Title, IDPrefix: opts.IDPrefix, NoStyle: opts.NoStyle},
		maxW:      opts.MaxLabelWidth,
		selection: sel,
		lastOOB:   -2,
		chanPair:  [2]int{-1, -1},
	}
	if l.g.Title == "" {
		l.g.Title = defaultTitle
	}
	l.m = fullMetrics
	if opts.Compact {
		l.m = compactMetrics
		if n := len(sel.all); n > 0 {
			// The last step's number: a long transcript's window
			// (view.Part) holds its last step for this.
			l.g.SetSize = sel.all[n-1].Index
		}
	}
	if l.maxW <= 0 {
		l.maxW = l.m.maxLabelW
	}
	for _, n := range opts.Fold {
		if l.fold == nil {
			l.fold = map[string]bool{}
		}
		l.fold[replay.Visible(n)] = true
	}
	if len(sel.all) > 0 {
		l.t0 = sel.all[0].At
	}
	return l
}

// columns places nothing yet: it names the participants' columns, left
// to right, and measures their headers.
func (l *layouter) columns() {
	names := l.names
	l.col = make(map[string]int, len(names))
	for i, n := range names {
		l.col[n] = i
	}
	l.g.Participants = make([]Participant, len(names))
	l.headW = make([]int, len(names))
	for i, n := range names {
		p := &l.g.Participants[i]
		p.Name = displayName(n)
		p.OutOfBand = l.oobOnly[n]
		if l.fold[n] {
			p.Folded = true
			p.Short = ellipsize(p.Name, sansBold, smallSize, (foldedW-6)*1000)
			if p.Short == p.Name+"…" {
				p.Short = p.Name
			}
			l.headW[i] = foldedW
			continue
		}
		w := sansBold.width(p.Name, nameSize) + 2*l.m.headerPadX
		if p.OutOfBand {
			w = max(w, sans.width(outsideA2A, smallSize)+2*l.m.headerPadX)
		}
		l.headW[i] = max(w, l.m.headerMinW)
	}
}

// partCounts counts the parts of all rows, to make room for them at once.
type partCounts struct{ badges, tags, closes int }

// spacing names each row's step and measures its label on one line,
// and widens the gaps between columns until every label fits between
// the lifelines its arrow joins.
func (l *layouter) spacing() {
	n := len(l.names)
	l.drawnRows = make([]Row, len(l.drawn))
	l.heads = make([]string, len(l.drawn))
	l.gap = make([]int, max(n-1, 0))
	folded := func(c int) bool { return l.g.Participants[c].Folded }
	for i := range l.gap {
		l.gap[i] = max(l.m.minGap, (l.headW[i]+l.headW[i+1])/2+24)
		if folded(i) || folded(i+1) {
			l.gap[i] = (l.headW[i]+l.headW[i+1])/2 + 16
		}
	}
	l.selfNeed = make([]int, n)
	type span struct{ a, b, need int }
	var spans []span
	arias := arias(l.drawn)
	for k, s := range l.drawn {
		r := &l.drawnRows[k]
		r.Step, r.Index, r.Kind = s.ID, s.Index, s.Kind
		r.State, r.Changed, r.OutOfBand = s.State, s.Changed, s.OutOfBand
		r.Error = s.Error != nil
		r.TaskID, r.Exchange, r.Frame, r.Group = s.TaskID, s.Exchange, s.Frame, s.Group
		r.Aria = arias[k]
		l.heads[k] = headText(s)
		if s.Kind == replay.KindClose {
			l.counts.closes++
			continue
		}
		if s.Reports && s.State != "" {
			l.counts.badges++
		}
		if s.Kind == replay.KindFrame && s.Frame > 0 {
			l.counts.tags++
		}
		need := min(lineWidth(s, l.heads[k]), l.maxW)
		if dw := sans.width(s.Detail, detailSize); dw > need {
			need = min(dw, l.maxW)
		}
		need += 2 * l.m.labelPad
		a, b := l.col[s.From], l.col[s.To]
		if a > b {
			a, b = b, a
		}
		if folded(a) || folded(b) {
			continue // its label wraps into the room there is
		}
		switch {
		case a == b:
			l.selfNeed[a] = max(l.selfNeed[a], selfW+10+need)
		case b == a+1:
			l.gap[a] = max(l.gap[a], need)
		default:
			spans = append(spans, span{a, b, need})
		}
	}
	for i := range l.gap {
		l.gap[i] = max(l.gap[i], l.selfNeed[i])
	}
	// A label that spans several gaps widens them evenly.
	for _, sp := range spans {
		have := 0
		for i := sp.a; i < sp.b; i++ {
			have += l.gap[i]
		}
		if have < sp.need {
			d := sp.need - have
			n := sp.b - sp.a
			for i := sp.a; i < sp.b; i++ {
				l.gap[i] += d / n
			}
			l.gap[sp.b-1] += d % n
		}
	}
}

// gutter measures the left gutter, which holds each step's time and
// number, and then places the columns right of it. The full layout
// puts the times first and the numbers next to the lifelines; the
// compact one puts the numbers at the left edge, where the page pins
// them, and the times after them.
func (l *layouter) gutter() {
	timeW, numW := 0, 0
	l.times = elapsedTimes(l.drawn, l.t0)
	for k, s := range l.drawn {
		timeW = max(timeW, mono.width(l.times[k], smallSize))
		numW = max(numW, digits(s.Index)*sansBold.advance('0')*smallSize/1000+1+12)
	}
	l.numW = max(numW, 24)
	var x int
	if l.m.numbersFirst {
		l.numX = l.m.margin
		l.g.Gutter = l.numX + l.numW + 4
		l.timeRight = l.g.Gutter + 4 + timeW
		x = l.timeRight + 10
	} else {
		l.timeRight = margin + timeW
		l.numX = l.timeRight + 8
		x = l.numX + l.numW + 16
	}
	if len(l.names) > 0 {
		x += max(l.headW[0]/2, bandPad+2*nestInset)
	}
	for i := range l.g.Participants {
		p := &l.g.Participants[i]
		if i > 0 {
			x += l.gap[i-1]
		}
		p.X = x
		p.Top = Rect{X: x - l.headW[i]/2, Y: margin, W: l.headW[i], H: headerH}
	}
	l.right = x
	if n := len(l.names); n > 0 {
		l.right = x + max(l.headW[n-1]/2, bandPad+2*nestInset, l.selfNeed[n-1])
	}
}

// elapsedTimes says each step's time since t0 ("+1.250s"). The times are
// cut from one string, to allocate once.
func elapsedTimes(drawn []*replay.Step, t0 time.Time) []string {
	var b strings.Builder
	b.Grow(len(drawn) * len("+12.345s"))
	ends := make([]int, len(drawn))
	var tmp [32]byte
	for k, s := range drawn {
		b.Write(appendElapsed(tmp[:0], s.At.Sub(t0)))
		ends[k] = b.Len()
	}
	return cut(b.String(), ends)
}

// cut splits s at ends: part k is s[ends[k-1]:ends[k]].
func cut(s string, ends []int) []string {
	out := make([]string, len(ends))
	from := 0
	for k, e := range ends {
		out[k] = s[from:e]
		from = e
	}
	return out
}

// footers closes the diagram: the lifelines end below the last row, and
// a long diagram repeats the participants' headers and the lanes'
// headers at the bottom.
func (l *layouter) footers() {
	g := l.g
	bottom := l.y + 20
	g.LifelineBottom = bottom
	if bottom-g.LifelineTop > longDiagram && len(l.drawnRows) > 0 {
		for i := range g.Participants {
			p := &g.Participants[i]
			b := p.Top
			b.Y = bottom
			p.Bottom = &b
		}
		for i := range g.Lanes {
			ln := &g.Lanes[i]
			for _, h := range ln.Header {
				h.Y += bottom - margin
				ln.Footer = append(ln.Footer, h)
			}
		}
		bottom += headerH
	}
	g.Height = bottom + margin
}
