package diagram

import (
	"strconv"

	"github.com/a2aplay/a2aplay/replay"
)

// rows places each step's row, top to bottom: a close's edge, or a
// request's, reply's or frame's texts and arrow, with the step's number
// and time in the gutter. On the way it opens the stream brackets and
// the bands outside A2A that the rows fall into, which make room for
// their tabs above the row that opens them.
func (l *layouter) rows() {
	l.findBrackets()
	l.y = margin + headerH + 20
	l.g.LifelineTop = margin + headerH
	l.ar = newArena(len(l.drawn), l.counts)
	for k, s := range l.drawn {
		r := &l.drawnRows[k]
		r.Top = l.y
		pad := rowPadTop
		g := l.openBracket(k, s, &pad)
		l.band(k, s, g, &pad)
		if s.Kind == replay.KindClose {
			l.closeRow(r, s, l.heads[k], g, pad)
		} else {
			l.arrowRow(r, s, l.heads[k], l.y+pad)
		}
		r.Number = Rect{X: l.numX, Y: r.Y - 10, W: l.numW, H: 20}
		r.Time = Line{X: l.timeRight, Y: r.Y + 4, Anchor: "end", Text: l.times[k]}
		if s.OutOfBand && s.Kind != replay.KindClose {
			c := &l.chans[len(l.chans)-1]
			c.H = r.Bottom - 4 - c.Y
		}
		l.y = r.Bottom
	}
}

// closeRow places the end of a stream: a heavy edge, which spans the
// stream's bracket once that is placed, with its label above.
func (l *layouter) closeRow(r *Row, s *replay.Step, head string, g *bracket, pad int) {
	r.Bottom = l.y + pad + closeH - rowPadTop
	r.Y = r.Bottom - 14
	c := l.ar.close()
	if g != nil {
		g.closed = true
		*c = Close{Y: r.Y, Text: Line{Y: r.Y - 8, Anchor: "middle", Text: head}}
	} else {
		ps := l.g.Participants
		a, b := ps[l.col[s.From]].X, ps[l.col[s.To]].X
		if a > b {
			a, b = b, a
		}
		*c = Close{X1: a, X2: b, Y: r.Y, Text: Line{X: (a + b) / 2, Y: r.Y - 8, Anchor: "middle", Text: head}}
	}
	r.Close = c
}

// arrowRow places the texts and arrow of a request, reply or frame
// whose text starts at top: the head (wrapped), the state's badge on its
// last line when it fits and under it when not, the words the step
// carries, the arrow under them, and a frame's tag under the arrow's
// tail.
func (l *layouter) arrowRow(r *Row, s *replay.Step, head string, top int) {
	ar := l.ar
	ps := l.g.Participants
	x1, x2 := ps[l.col[s.From]].X, ps[l.col[s.To]].X
	self := x1 == x2
	avail := abs(x2-x1) - 2*l.m.labelPad
	cx := (x1 + x2) / 2
	anchor := "middle"
	if self {
		avail = l.maxW
		cx = x1 + selfW + 10
		anchor = "start"
	}
	avail = max(avail, 60)
	var badge *Badge
	bw := 0
	if s.Reports && s.State != "" {
		badge = ar.badge(Badge{State: s.State, Paused: replay.Interrupted(s.State)})
		bw = sansBold.width(stateText(s.State), smallSize) + 2*badgePadX
		if badge.Paused {
			bw += pauseW
		}
	}
	f := labelFont(s.Kind)
	y := top
	// The head, then the badge on its last line when it fits.
	ar.room(maxHeadLines + maxDetail)
	var lines []string
	if head != "" {
		lines = ar.wrap(head, f, labelSize, avail, maxHeadLines)
	}
	start := len(ar.lines)
	for i, t := range lines {
		y += labelLead
		ln := Line{X: cx, Y: y - 5, Anchor: anchor, Text: t}
		if i == len(lines)-1 && badge != nil {
			tw := f.width(t, labelSize)
			if tw+8+bw <= avail {
				start := cx - (tw+8+bw)/2
				if self {
					start = cx
				}
				ln.X, ln.Anchor = start+tw/2, "middle"
				badge.Rect = Rect{X: start + tw + 8, Y: y - 5 - 13, W: bw, H: badgeH}
			}
		}
		ar.lines = append(ar.lines, ln)
	}
	r.Label = ar.lines[start:len(ar.lines):len(ar.lines)]
	if badge != nil && badge.W == 0 {
		y += labelLead + 2
		bx := cx - bw/2
		if self {
			bx = cx
		}
		badge.Rect = Rect{X: bx, Y: y - 5 - 13, W: bw, H: badgeH}
	}
	if badge != nil {
		tx := badge.X + badgePadX
		if badge.Paused {
			tx += pauseW
		}
		badge.Text = Line{X: tx, Y: badge.Y + 13, Anchor: "start", Text: stateText(s.State)}
		r.Badge = badge
	}
	start = len(ar.lines)
	for _, t := range ar.wrap(s.Detail, sans, detailSize, avail, maxDetail) {
		y += detailLead
		ar.lines = append(ar.lines, Line{X: cx, Y: y - 4, Anchor: anchor, Text: t})
	}
	if len(ar.lines) > start {
		r.Detail = ar.lines[start:len(ar.lines):len(ar.lines)]
	}
	r.Y = y + arrowGap
	r.Arrow = ar.arrow(Arrow{X1: x1, X2: x2, Dashed: s.Kind != replay.KindRequest && s.Kind != replay.KindPush, Self: self})
	r.Bottom = r.Y + rowPadBottom
	if self {
		r.Bottom += 14
	}
	// A frame's tag says its number; every arrow of a 0.3 exchange says
	// so too, so that no figure, or part of one, passes for v1.0's.
	tag := ""
	if s.Kind == replay.KindFrame && s.Frame > 0 {
		tag = frameTag(s.Frame)
	}
	if s.Version == replay.V03 && s.Kind != replay.KindClose {
		if tag != "" {
			tag += " · "
		}
		tag += v03Tag
	}
	if tag != "" {
		tx, a := x1+8, "start"
		if x2 < x1 {
			tx, a = x1-8, "end"
		}
		if self {
			tx, a = x1+8, "start"
		}
		r.Tag = ar.tag(Line{X: tx, Y: r.Y + 14, Anchor: a, Text: tag})
		if self {
			r.Tag.Y += 14
		}
	}
}

// v03Tag marks the rows of an exchange that speaks A2A v0.3.
const v03Tag = "A2A v0.3"

// An arena holds the parts of all rows in a few large slices, so that a
// row costs few allocations. A slice is never grown in place: when one
// is full, the next parts go into a new one, so pointers and slices
// into the old one stay put.
type arena struct {
	lines  []Line
	arrows []Arrow
	badges []Badge
	tags   []Line
	closes []Close
	words  []string // the lines of the label being wrapped
}

// newArena makes room for rows rows with the parts counted.
func newArena(rows int, n partCounts) *arena {
	return &arena{
		// Most rows have a line of head and one or two of words.
		lines:  make([]Line, 0, rows*2+maxHeadLines+maxDetail),
		arrows: make([]Arrow, 0, rows),
		badges: make([]Badge, 0, n.badges),
		tags:   make([]Line, 0, n.tags),
		closes: make([]Close, 0, n.closes),
	}
}

// room makes sure n more lines fit in the current slice of lines.
func (a *arena) room(n int) {
	if cap(a.lines)-len(a.lines) < n {
		a.lines = make([]Line, 0, max(n, 1024))
	}
}

// wrap is [wrap] into a slice the arena reuses: the lines are good
// until the next call.
func (a *arena) wrap(text string, f font, size, width, n int) []string {
	a.words = appendWrapped(a.words[:0], text, f, size, width, n)
	return a.words
}

func (a *arena) arrow(v Arrow) *Arrow {
	a.arrows = grown(a.arrows)
	a.arrows = append(a.arrows, v)
	return &a.arrows[len(a.arrows)-1]
}

func (a *arena) badge(v Badge) *Badge {
	a.badges = grown(a.badges)
	a.badges = append(a.badges, v)
	return &a.badges[len(a.badges)-1]
}

func (a *arena) tag(v Line) *Line {
	a.tags = grown(a.tags)
	a.tags = append(a.tags, v)
	return &a.tags[len(a.tags)-1]
}

func (a *arena) close() *Close {
	a.closes = grown(a.closes)
	a.closes = append(a.closes, Close{})
	return &a.closes[len(a.closes)-1]
}

// grown returns s, or a new empty slice when s is full: appending to it
// then leaves the parts already handed out where they are.
func grown[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	return make([]T, 0, max(16, cap(s)))
}

var frameTags [32]string

func init() {
	for i := range frameTags {
		frameTags[i] = "frame " + strconv.Itoa(i)
	}
}

// frameTag is "frame n".
func frameTag(n int) string {
	if n >= 0 && n < len(frameTags) {
		return frameTags[n]
	}
	return "frame " + strconv.Itoa(n)
}
