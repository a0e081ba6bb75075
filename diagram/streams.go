package diagram

import (
	"strconv"

	"github.com/a2aplay/a2aplay/replay"
)

// A bracket is one stream while the layout runs: the rows it spans and
// the columns it covers. Its Stream is made from it once every row is
// placed.
type bracket struct {
	id          string // the group: the id of the request that opened the stream
	first, last int    // its first and last drawn rows
	a, b        int    // the columns it spans, a ≤ b
	request     int    // the request's position among all steps, or -1
	ends        bool   // the stream's close is among all steps, drawn or not
	open        bool   // the layout has reached its first row
	closed      bool   // the layout has passed its close
	depth       int    // how many brackets it nests inside, at most maxNest
	// hugA and hugB pull an edge in to its lifeline, where a bracket
	// open at the same time meets this one at that column.
	hugA, hugB bool
}

// findBrackets makes a bracket for every stream a drawn step belongs
// to, in order of its first row, and finds among all the steps the
// request that opened each and whether it closed: of a step range, they
// may lie outside it.
func (l *layouter) findBrackets() {
	for k, s := range l.drawn {
		if s.Group == "" {
			continue
		}
		if l.bracketOf == nil {
			l.bracketOf = map[string]int{}
		}
		if _, ok := l.bracketOf[s.Group]; !ok {
			l.bracketOf[s.Group] = len(l.brackets)
			l.brackets = append(l.brackets, bracket{id: s.Group, first: k, last: k, request: -1})
		}
	}
	if len(l.brackets) == 0 {
		return
	}
	if p := l.prepared; p != nil {
		for i := range l.brackets {
			g := &l.brackets[i]
			g.ends = p.ends[g.id]
			if ri, ok := p.requests[g.id]; ok {
				g.request = ri
			}
		}
		return
	}
	for i := range l.all {
		s := &l.all[i]
		if s.Group == "" {
			continue
		}
		switch {
		case s.Kind == replay.KindClose:
			if j, ok := l.bracketOf[s.Group]; ok {
				l.brackets[j].ends = true
			}
		case s.Kind == replay.KindRequest && s.Group == s.ID:
			if j, ok := l.bracketOf[s.Group]; ok {
				l.brackets[j].request = i
			}
		}
	}
}

// openBracket returns the bracket of row k's stream, or nil. At the
// stream's first row it decides how the bracket nests among those still
// open and makes room for its tab.
func (l *layouter) openBracket(k int, s *replay.Step, pad *int) *bracket {
	if s.Group == "" {
		return nil
	}
	bi := l.bracketOf[s.Group]
	g := &l.brackets[bi]
	g.last = k
	if g.open {
		return g
	}
	g.open = true
	a, b := l.col[s.From], l.col[s.To]
	if g.request >= 0 {
		rq := &l.all[g.request]
		a, b = l.col[replay.Visible(rq.From)], l.col[replay.Visible(rq.To)]
	}
	if a > b {
		a, b = b, a
	}
	g.a, g.b = a, b
	// Nest inside the streams still open across these columns. Only the
	// last few matter: the depth is capped anyway, and the cost stays
	// linear.
	kept := l.active[:0]
	for _, oi := range l.active {
		o := &l.brackets[oi]
		if o.closed {
			continue
		}
		kept = append(kept, oi)
		switch {
		case o.b == a && o.a < a:
			o.hugB, g.hugA = true, true
		case o.a == b && b < o.b:
			o.hugA, g.hugB = true, true
		case o.a <= b && a <= o.b:
			g.depth = min(max(g.depth, o.depth+1), maxNest)
		}
	}
	l.active = kept
	if len(l.active) > 2*maxNest {
		l.active = append(l.active[:0], l.active[len(l.active)-2*maxNest:]...)
	}
	l.active = append(l.active, bi)
	*pad += tabH
	return g
}

// band puts row k, when it travels outside A2A, into a band: the band
// of the row before when that one is outside A2A between the same
// columns, or else a new one, which makes room for its tab unless the
// row already made room for a stream's. g is the row's bracket, or nil.
func (l *layouter) band(k int, s *replay.Step, g *bracket, pad *int) {
	if !s.OutOfBand || s.Kind == replay.KindClose {
		return
	}
	a, b := l.col[s.From], l.col[s.To]
	if a > b {
		a, b = b, a
	}
	start := l.lastOOB != k-1 || l.chanPair != [2]int{a, b}
	if start {
		l.chanPair = [2]int{a, b}
		// Meet an open stream's bracket at a shared lifeline rather
		// than overlap it.
		ps := l.g.Participants
		xa, xb := ps[a].X-bandPad, ps[b].X+bandPad
		for _, oi := range l.active {
			o := &l.brackets[oi]
			switch {
			case o.closed:
			case o.b == a && o.a < a:
				o.hugB, xa = true, ps[a].X+hugGap
			case o.a == b && b < o.b:
				o.hugA, xb = true, ps[b].X-hugGap
			}
		}
		l.chans = append(l.chans, Channel{Rect: Rect{X: xa, W: xb - xa}})
		if g == nil || g.first != k {
			*pad += tabH
		}
	}
	l.lastOOB = k
	c := &l.chans[len(l.chans)-1]
	c.Steps = append(c.Steps, s.ID)
	if start {
		c.Y = l.y + 4
	}
	c.H = 0 // set once the row's bottom is known
}

// streams draws each stream's bracket from its first row to its last,
// joins each drawn close to its bracket, and makes room below the rows
// for the note of a stream still open when the capture ended.
func (l *layouter) streams() {
	openEnd := false
	ps := l.g.Participants
	if len(l.brackets) > 0 {
		l.g.Streams = make([]Stream, 0, len(l.brackets))
	}
	for i := range l.brackets {
		g := &l.brackets[i]
		first, last := &l.drawnRows[g.first], &l.drawnRows[g.last]
		in := g.depth * nestInset
		xa, xb := ps[g.a].X-bandPad+in, ps[g.b].X+bandPad-in
		if g.hugA {
			xa = ps[g.a].X + hugGap
		}
		if g.hugB {
			xb = ps[g.b].X - hugGap
		}
		st := Stream{Group: g.id, Rect: Rect{X: xa, Y: first.Top + 4 + in, W: xb - xa}}
		reqOK := g.request >= 0
		st.OpenTop = !reqOK || first.Step != g.id
		st.Tab = Line{X: xa + 8, Y: st.Y + 16, Anchor: "start", Text: "stream"}
		if reqOK {
			st.Tab.Text = "stream of step " + strconv.Itoa(l.all[g.request].Index)
		}
		if last.Kind == replay.KindClose && last.Group == g.id {
			st.H = last.Bottom - 4 - st.Y
			last.Close.X1, last.Close.X2 = xa, xb
			last.Close.Text.X = (xa + xb) / 2
		} else {
			st.OpenEnd = true
			st.H = last.Bottom - st.Y
			if reqOK && !g.ends {
				st.H = l.y + openNoteH - st.Y
				st.Note = &Line{X: (xa + xb) / 2, Y: l.y + openNoteH - 10, Anchor: "middle", Text: "still open when the capture ended"}
				openEnd = true
			}
		}
		l.g.Streams = append(l.g.Streams, st)
	}
	if openEnd {
		l.y += openNoteH
	}
}

// bands labels each band outside A2A.
func (l *layouter) bands() {
	for i := range l.chans {
		c := &l.chans[i]
		c.Tab = Line{X: c.X + 8, Y: c.Y + 16, Anchor: "start", Text: outsideA2A}
	}
	l.g.Channels = l.chans
}
