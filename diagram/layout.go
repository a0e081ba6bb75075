package diagram

import (
	"slices"
	"strconv"
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
}

// A Geometry is the layout of a sequence diagram: where every box, line
// and text goes, in whole pixels, with the origin at the top left. It
// holds no styling; WriteSVG adds that.
type Geometry struct {
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	Title    string `json:"title"`
	Desc     string `json:"desc"` // a summary in words, for the SVG's <desc>
	IDPrefix string `json:"idPrefix,omitempty"`
	NoStyle  bool   `json:"noStyle,omitempty"` // WriteSVG leaves out the <style>

	Participants []Participant `json:"participants"`
	// LifelineTop and LifelineBottom bound the participants' lifelines.
	LifelineTop    int `json:"lifelineTop"`
	LifelineBottom int `json:"lifelineBottom"`

	Rows     []Row     `json:"rows"`               // one per drawn step, top to bottom
	Streams  []Stream  `json:"streams,omitempty"`  // the brackets around streams
	Channels []Channel `json:"channels,omitempty"` // the bands of calls outside A2A
	Lanes    []Lane    `json:"lanes,omitempty"`    // one task-state lane per task
}

// A Rect is a box.
type Rect struct {
	X int `json:"x"`
	Y int `json:"y"`
	W int `json:"w"`
	H int `json:"h"`
}

// A Line is one line of text; Y is its baseline. Anchor is "start",
// "middle" or "end", as SVG's text-anchor.
type Line struct {
	X      int    `json:"x"`
	Y      int    `json:"y"`
	Anchor string `json:"anchor"`
	Text   string `json:"text"`
}

// A Participant is one column: a header box on top (and at the bottom of
// long diagrams) and a lifeline at X.
type Participant struct {
	Name      string `json:"name"`
	X         int    `json:"x"`
	Top       Rect   `json:"top"`
	Bottom    *Rect  `json:"bottom,omitempty"`
	OutOfBand bool   `json:"outOfBand,omitempty"` // takes part only outside A2A
}

// A Row is one step.
type Row struct {
	Step      string          `json:"step"` // the step's ID
	Index     int             `json:"index"`
	Kind      replay.StepKind `json:"kind"`
	State     string          `json:"state,omitempty"`
	Changed   bool            `json:"changed,omitempty"`
	OutOfBand bool            `json:"outOfBand,omitempty"`
	Error     bool            `json:"error,omitempty"`
	TaskID    string          `json:"taskId,omitempty"`
	Exchange  int             `json:"exchange"`
	Frame     int             `json:"frame,omitempty"`
	Group     string          `json:"group,omitempty"`
	Aria      string          `json:"aria"` // the step in words

	Top    int `json:"top"`    // the row spans Top to Bottom
	Bottom int `json:"bottom"` //
	Y      int `json:"y"`      // the arrow's height

	Number Rect `json:"number"` // the step-number pill in the left gutter
	Time   Line `json:"time"`   // seconds since the first step

	// Arrow is nil on a close row.
	Arrow  *Arrow `json:"arrow,omitempty"`
	Label  []Line `json:"label"`            // the head: method, event, HTTP
	Detail []Line `json:"detail,omitempty"` // the words the step carries
	Badge  *Badge `json:"badge,omitempty"`  // the state the step reports
	Tag    *Line  `json:"tag,omitempty"`    // "frame 3", under the arrow's tail

	// Close is, on a close row, the stream's closing edge.
	Close *Close `json:"close,omitempty"`
	// Mark is the lane segment this step starts, when it changes a
	// task's state.
	Mark *Segment `json:"mark,omitempty"`
}

// An Arrow goes from X1 to X2 at the row's Y. Dashed arrows are replies
// and frames. A self arrow loops out to the right of X1 and back.
type Arrow struct {
	X1     int  `json:"x1"`
	X2     int  `json:"x2"`
	Dashed bool `json:"dashed,omitempty"`
	Self   bool `json:"self,omitempty"`
}

// A Badge is a pill that names a state; Paused badges (the interrupted
// states) carry a pause sign.
type Badge struct {
	Rect
	State  string `json:"state"`
	Text   Line   `json:"text"`
	Paused bool   `json:"paused,omitempty"`
}

// A Close is the end of a stream: a heavy edge across the stream's
// bracket with a label above it.
type Close struct {
	X1   int  `json:"x1"`
	X2   int  `json:"x2"`
	Y    int  `json:"y"`
	Text Line `json:"text"`
}

// A Stream is the bracket around the steps of one streamed call: from the
// request that opened it to the close.
type Stream struct {
	Group string `json:"group"` // the request step's id
	Rect
	Tab Line `json:"tab"` // the label in its top-left corner
	// OpenTop is set when the request is not drawn (a step range);
	// OpenEnd when the close is not drawn: out of range, or the stream
	// was still open when the capture ended (then Note says so).
	OpenTop bool  `json:"openTop,omitempty"`
	OpenEnd bool  `json:"openEnd,omitempty"`
	Note    *Line `json:"note,omitempty"`
}

// A Channel is a band behind consecutive steps that travel outside A2A.
type Channel struct {
	Rect
	Tab   Line     `json:"tab"`
	Steps []string `json:"steps"`
}

// A Lane is one task's state over time, drawn right of the participants.
type Lane struct {
	// TaskID is the first task drawn in the lane, named in its header.
	// A lane is reused by a later task once its task is no longer
	// mentioned, so that the lanes are as many as the tasks alive at
	// one time, not as many as all tasks.
	TaskID   string    `json:"taskId"`
	X        int       `json:"x"` // the bar's left edge
	Header   []Line    `json:"header"`
	Footer   []Line    `json:"footer,omitempty"`
	Segments []Segment `json:"segments"` // also in the Mark of the row that starts them
}

// A Segment is a stretch of a lane in one state.
type Segment struct {
	Lane     int    `json:"lane"`
	TaskID   string `json:"taskId"`
	Step     string `json:"step,omitempty"` // the step that started it; empty for a state carried into a step range
	State    string `json:"state"`
	Bar      Rect   `json:"bar"`
	Text     Line   `json:"text"`
	Paused   bool   `json:"paused,omitempty"`
	Terminal bool   `json:"terminal,omitempty"`
	// ID names the task above the first segment of a task that is not
	// the one in the lane's header.
	ID *Line `json:"id,omitempty"`
}

// Geometry, in pixels.
const (
	margin       = 24
	headerH      = 46
	headerPadX   = 18
	headerMinW   = 112
	nameSize     = 14
	labelSize    = 13
	detailSize   = 12
	smallSize    = 11
	labelLead    = 18
	detailLead   = 16
	labelPad     = 16 // between a label and a lifeline
	minGap       = 180
	maxLabelW    = 300
	maxHeadLines = 2
	maxDetail    = 3
	rowPadTop    = 12
	arrowGap     = 9
	rowPadBottom = 17
	tabH         = 24 // room for a stream's or channel's tab
	bandPad      = 22 // a band reaches this far beyond its lifelines
	nestInset    = 6
	maxNest      = 3 // brackets nest at most this deep
	hugGap       = 4 // an edge pulled in to a lifeline stays this far from it
	closeH       = 40
	openNoteH    = 30
	selfW        = 36 // how far a self arrow loops out
	badgeH       = 18
	badgePadX    = 7
	pauseW       = 9 // room for the pause sign in a badge
	laneGap      = 40
	laneBarW     = 10
	lanePausedW  = 14
	laneTextGap  = 8
	longDiagram  = 640 // rows taller than this get participant footers
)

// Layout computes the geometry of the diagram of steps. It never fails;
// a step with an unknown participant gets a column of its own. Its cost
// grows linearly with the number of steps.
func Layout(steps []replay.Step, opts Options) *Geometry {
	steps, opts = shown(steps), shownOptions(opts)
	l := &Geometry{Title: opts.Title, IDPrefix: opts.IDPrefix, NoStyle: opts.NoStyle}
	if l.Title == "" {
		l.Title = defaultTitle
	}
	maxW := opts.MaxLabelWidth
	if maxW <= 0 {
		maxW = maxLabelW
	}
	var t0 time.Time
	if len(steps) > 0 {
		t0 = steps[0].At
	}
	drawn := drawnSteps(steps, opts)
	names, oobOnly := columns(steps, drawn, opts.Participants)
	col := make(map[string]int, len(names))
	for i, n := range names {
		col[n] = i
	}
	l.Participants = make([]Participant, len(names))
	headW := make([]int, len(names))
	for i, n := range names {
		p := &l.Participants[i]
		p.Name = displayName(n)
		p.OutOfBand = oobOnly[n]
		w := sansBold.width(p.Name, nameSize) + 2*headerPadX
		if p.OutOfBand {
			w = max(w, sans.width(outsideA2A, smallSize)+2*headerPadX)
		}
		headW[i] = max(w, headerMinW)
	}

	// Measure every drawn label on one line, to space the columns.
	rows := make([]Row, len(drawn))
	heads := make([]string, len(drawn))
	gap := make([]int, max(len(names)-1, 0))
	for i := range gap {
		gap[i] = max(minGap, (headW[i]+headW[i+1])/2+24)
	}
	selfNeed := make([]int, len(names))
	type span struct{ a, b, need int }
	var spans []span
	for k, i := range drawn {
		s := &steps[i]
		r := &rows[k]
		r.Step, r.Index, r.Kind = s.ID, s.Index, s.Kind
		r.State, r.Changed, r.OutOfBand = s.State, s.Changed, s.OutOfBand
		r.Error = s.Error != nil
		r.TaskID, r.Exchange, r.Frame, r.Group = s.TaskID, s.Exchange, s.Frame, s.Group
		r.Aria = aria(s)
		heads[k] = headText(s)
		if s.Kind == replay.KindClose {
			continue
		}
		need := min(lineWidth(s, heads[k]), maxW)
		if dw := sans.width(s.Detail, detailSize); dw > need {
			need = min(dw, maxW)
		}
		need += 2 * labelPad
		a, b := col[s.From], col[s.To]
		if a > b {
			a, b = b, a
		}
		switch {
		case a == b:
			selfNeed[a] = max(selfNeed[a], selfW+10+need)
		case b == a+1:
			gap[a] = max(gap[a], need)
		default:
			spans = append(spans, span{a, b, need})
		}
	}
	for i := range gap {
		gap[i] = max(gap[i], selfNeed[i])
	}
	for _, sp := range spans {
		have := 0
		for i := sp.a; i < sp.b; i++ {
			have += gap[i]
		}
		if have < sp.need {
			d := sp.need - have
			n := sp.b - sp.a
			for i := sp.a; i < sp.b; i++ {
				gap[i] += d / n
			}
			gap[sp.b-1] += d % n
		}
	}

	// The left gutter holds the time and the step number.
	// The times are cut from one string, to allocate once.
	timeW, numW := 0, 0
	var tb []byte
	ends := make([]int, len(drawn))
	for k, i := range drawn {
		tb = appendElapsed(tb, steps[i].At.Sub(t0))
		ends[k] = len(tb)
	}
	joined, times := string(tb), make([]string, len(drawn))
	for k, i := range drawn {
		if k > 0 {
			times[k] = joined[ends[k-1]:ends[k]]
		} else {
			times[k] = joined[:ends[k]]
		}
		timeW = max(timeW, mono.width(times[k], smallSize))
		numW = max(numW, digits(steps[i].Index)*sansBold.advance('0')*smallSize/1000+1+12)
	}
	numW = max(numW, 24)
	timeRight := margin + timeW
	numX := timeRight + 8
	x := numX + numW + 16
	if len(names) > 0 {
		x += max(headW[0]/2, bandPad+2*nestInset)
	}
	for i := range l.Participants {
		p := &l.Participants[i]
		if i > 0 {
			x += gap[i-1]
		}
		p.X = x
		p.Top = Rect{X: x - headW[i]/2, Y: margin, W: headW[i], H: headerH}
	}
	right := x
	if n := len(names); n > 0 {
		right = x + max(headW[n-1]/2, bandPad+2*nestInset, selfNeed[n-1])
	}

	// Rows, top to bottom.
	closes := map[string]bool{} // groups whose close is among all steps
	requests := map[string]int{}
	for i := range steps {
		switch {
		case steps[i].Kind == replay.KindClose && steps[i].Group != "":
			closes[steps[i].Group] = true
		case steps[i].Kind == replay.KindRequest && steps[i].Group == steps[i].ID:
			requests[steps[i].ID] = i
		}
	}
	type groupAcc struct {
		first, last int // row positions
		a, b        int // columns
		closed      bool
		depth       int
		// hugA and hugB pull an edge in to its lifeline, where a
		// bracket open at the same time meets this one at that column.
		hugA, hugB bool
	}
	groups := map[string]*groupAcc{}
	var order []string // groups in order of first row
	var active []string
	y := margin + headerH + 20
	l.LifelineTop = margin + headerH
	var chans []Channel
	chanPair := [2]int{-1, -1}
	ar := newArena(len(drawn))
	lastOOB := -2
	for k, i := range drawn {
		s := &steps[i]
		r := &rows[k]
		r.Top = y
		pad := rowPadTop
		var g *groupAcc
		if s.Group != "" {
			g = groups[s.Group]
			if g == nil {
				a, b := col[s.From], col[s.To]
				if ri, ok := requests[s.Group]; ok {
					a, b = col[steps[ri].From], col[steps[ri].To]
				}
				if a > b {
					a, b = b, a
				}
				// Nest inside the streams still open across these columns.
				// Only the last few matter: the depth is capped anyway,
				// and the cost stays linear.
				kept := active[:0]
				g = &groupAcc{first: k, last: k, a: a, b: b}
				for _, id := range active {
					o := groups[id]
					if o.closed {
						continue
					}
					kept = append(kept, id)
					switch {
					case o.b == a && o.a < a:
						o.hugB, g.hugA = true, true
					case o.a == b && b < o.b:
						o.hugA, g.hugB = true, true
					case o.a <= b && a <= o.b:
						g.depth = min(max(g.depth, o.depth+1), maxNest)
					}
				}
				active = kept
				if len(active) > 2*maxNest {
					active = append(active[:0], active[len(active)-2*maxNest:]...)
				}
				groups[s.Group] = g
				order = append(order, s.Group)
				active = append(active, s.Group)
				pad += tabH
			}
			g.last = k
		}
		oobStart := false
		if s.OutOfBand && s.Kind != replay.KindClose {
			a, b := col[s.From], col[s.To]
			if a > b {
				a, b = b, a
			}
			if lastOOB != k-1 || chanPair != [2]int{a, b} {
				oobStart = true
				chanPair = [2]int{a, b}
				// Meet an open stream's bracket at a shared lifeline
				// rather than overlap it.
				xa, xb := l.Participants[a].X-bandPad, l.Participants[b].X+bandPad
				for _, id := range active {
					o := groups[id]
					switch {
					case o.closed:
					case o.b == a && o.a < a:
						o.hugB, xa = true, l.Participants[a].X+hugGap
					case o.a == b && b < o.b:
						o.hugA, xb = true, l.Participants[b].X-hugGap
					}
				}
				chans = append(chans, Channel{Rect: Rect{X: xa, W: xb - xa}})
				if g == nil || g.first != k {
					pad += tabH
				}
			}
			lastOOB = k
			c := &chans[len(chans)-1]
			c.Steps = append(c.Steps, s.ID)
			if oobStart {
				c.Y = y + 4
			}
			c.H = 0 // set below, once the row's bottom is known
		}

		if s.Kind == replay.KindClose {
			if g != nil {
				g.closed = true
			}
			r.Bottom = y + pad + closeH - rowPadTop
			r.Y = r.Bottom - 14
			if g != nil {
				// The heavy edge spans the bracket; set once the bracket is.
				r.Close = &Close{Y: r.Y, Text: Line{Y: r.Y - 8, Anchor: "middle", Text: heads[k]}}
			} else {
				a, b := l.Participants[col[s.From]].X, l.Participants[col[s.To]].X
				if a > b {
					a, b = b, a
				}
				r.Close = &Close{X1: a, X2: b, Y: r.Y, Text: Line{X: (a + b) / 2, Y: r.Y - 8, Anchor: "middle", Text: heads[k]}}
			}
		} else {
			layoutArrowRow(r, s, heads[k], l, col, maxW, y+pad, ar)
		}
		r.Number = Rect{X: numX, Y: r.Y - 10, W: numW, H: 20}
		r.Time = Line{X: timeRight, Y: r.Y + 4, Anchor: "end", Text: times[k]}
		if s.OutOfBand && s.Kind != replay.KindClose {
			c := &chans[len(chans)-1]
			c.H = r.Bottom - 4 - c.Y
		}
		y = r.Bottom
	}

	// Streams: brackets from their first row to their last.
	openEnd := false
	for _, id := range order {
		g := groups[id]
		first, last := &rows[g.first], &rows[g.last]
		in := g.depth * nestInset
		xa, xb := l.Participants[g.a].X-bandPad+in, l.Participants[g.b].X+bandPad-in
		if g.hugA {
			xa = l.Participants[g.a].X + hugGap
		}
		if g.hugB {
			xb = l.Participants[g.b].X - hugGap
		}
		st := Stream{Group: id, Rect: Rect{X: xa, Y: first.Top + 4 + in, W: xb - xa}}
		_, reqOK := requests[id]
		st.OpenTop = !reqOK || rows[g.first].Step != id
		st.Tab = Line{X: xa + 8, Y: st.Y + 16, Anchor: "start", Text: "stream"}
		if reqOK {
			st.Tab.Text = "stream of step " + strconv.Itoa(steps[requests[id]].Index)
		}
		if last.Kind == replay.KindClose && last.Group == id {
			st.H = last.Bottom - 4 - st.Y
			last.Close.X1, last.Close.X2 = xa, xb
			last.Close.Text.X = (xa + xb) / 2
		} else {
			st.OpenEnd = true
			st.H = last.Bottom - st.Y
			if reqOK && !closes[id] {
				st.H = y + openNoteH - st.Y
				st.Note = &Line{X: (xa + xb) / 2, Y: y + openNoteH - 10, Anchor: "middle", Text: "still open when the capture ended"}
				openEnd = true
			}
		}
		l.Streams = append(l.Streams, st)
	}
	if openEnd {
		y += openNoteH
	}
	for i := range chans {
		c := &chans[i]
		c.Tab = Line{X: c.X + 8, Y: c.Y + 16, Anchor: "start", Text: outsideA2A}
	}
	l.Channels = chans

	// Task-state lanes, right of the participants.
	layoutLanes(l, steps, drawn, rows, right+laneGap)
	if n := len(l.Lanes); n > 0 {
		right = l.Lanes[n-1].X + laneWidth(&l.Lanes[n-1])
	}

	bottom := y + 20
	l.LifelineBottom = bottom
	if bottom-l.LifelineTop > longDiagram && len(rows) > 0 {
		for i := range l.Participants {
			p := &l.Participants[i]
			b := p.Top
			b.Y = bottom
			p.Bottom = &b
		}
		for i := range l.Lanes {
			ln := &l.Lanes[i]
			for _, h := range ln.Header {
				h.Y += bottom - margin
				ln.Footer = append(ln.Footer, h)
			}
		}
		bottom += headerH
	}
	l.Rows = rows
	l.Width = max(right+margin, 200)
	l.Height = bottom + margin
	l.Desc = describe(steps, drawn, names)
	return l
}

// drawnSteps returns the positions in steps of the steps to draw: those
// whose Index lies between opts.First and opts.Last.
func drawnSteps(steps []replay.Step, opts Options) []int {
	drawn := make([]int, 0, len(steps))
	for i := range steps {
		s := &steps[i]
		if (opts.First > 0 && s.Index < opts.First) || (opts.Last > 0 && s.Index > opts.Last) {
			continue
		}
		drawn = append(drawn, i)
	}
	return drawn
}

// columns returns the participants' columns, left to right, and which of
// them take part only outside A2A: the order of the whole diagram
// ([participantOrder] of every step), less the parties no drawn step
// involves, so that a step range keeps the columns' order.
func columns(steps []replay.Step, drawn []int, first []string) ([]string, map[string]bool) {
	all := make([]*replay.Step, len(steps))
	for i := range steps {
		all[i] = &steps[i]
	}
	used := map[string]bool{}
	for _, i := range drawn {
		used[steps[i].From], used[steps[i].To] = true, true
	}
	names, oobOnly := participantOrder(all, first)
	names = slices.DeleteFunc(names, func(n string) bool { return !used[n] })
	return names, oobOnly
}

const defaultTitle = "A2A sequence diagram"

// outsideA2A labels everything that travels outside the protocol.
const outsideA2A = "outside A2A"

// layoutArrowRow places the texts and arrow of a request, reply or frame
// whose text starts at top.
func layoutArrowRow(r *Row, s *replay.Step, head string, l *Geometry, col map[string]int, maxW, top int, ar *arena) {
	x1, x2 := l.Participants[col[s.From]].X, l.Participants[col[s.To]].X
	self := x1 == x2
	avail := abs(x2-x1) - 2*labelPad
	cx := (x1 + x2) / 2
	anchor := "middle"
	if self {
		avail = maxW
		cx = x1 + selfW + 10
		anchor = "start"
	}
	avail = max(avail, 60)
	var badge *Badge
	bw := 0
	if s.Reports && s.State != "" {
		ar.badges = append(ar.badges, Badge{State: s.State, Paused: replay.Interrupted(s.State)})
		badge = &ar.badges[len(ar.badges)-1]
		bw = sansBold.width(stateText(s.State), smallSize) + 2*badgePadX
		if badge.Paused {
			bw += pauseW
		}
	}
	f := sans
	if s.Kind == replay.KindRequest {
		f = sansBold
	}
	y := top
	// The head, then the badge on its last line when it fits.
	lines := wrap(head, f, labelSize, avail, maxHeadLines)
	if head == "" {
		lines = nil
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
	for _, t := range wrap(s.Detail, sans, detailSize, avail, maxDetail) {
		y += detailLead
		ar.lines = append(ar.lines, Line{X: cx, Y: y - 4, Anchor: anchor, Text: t})
	}
	if len(ar.lines) > start {
		r.Detail = ar.lines[start:len(ar.lines):len(ar.lines)]
	}
	r.Y = y + arrowGap
	ar.arrows = append(ar.arrows, Arrow{X1: x1, X2: x2, Dashed: s.Kind != replay.KindRequest, Self: self})
	r.Arrow = &ar.arrows[len(ar.arrows)-1]
	r.Bottom = r.Y + rowPadBottom
	if self {
		r.Bottom += 14
	}
	if s.Kind == replay.KindFrame && s.Frame > 0 {
		tag := frameTag(s.Frame)
		tx := x1 + 8
		a := "start"
		if x2 < x1 {
			tx, a = x1-8, "end"
		}
		if self {
			tx, a = x1+8, "start"
		}
		ar.tags = append(ar.tags, Line{X: tx, Y: r.Y + 14, Anchor: a, Text: tag})
		r.Tag = &ar.tags[len(ar.tags)-1]
		if self {
			r.Tag.Y += 14
		}
	}
}

// An arena holds the parts of all rows in a few large slices, so that a
// row costs few allocations. Its slices are made with room for every row
// and never grow, so pointers into them stay put.
type arena struct {
	lines  []Line
	arrows []Arrow
	badges []Badge
	tags   []Line
}

func newArena(rows int) *arena {
	return &arena{
		lines:  make([]Line, 0, rows*(maxHeadLines+maxDetail)),
		arrows: make([]Arrow, 0, rows),
		badges: make([]Badge, 0, rows),
		tags:   make([]Line, 0, rows),
	}
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

// layoutLanes draws the task-state lanes. Each task whose state the
// drawn steps know takes the leftmost lane free at its first row; a lane
// is free again one row after the last row that mentions its task.
func layoutLanes(l *Geometry, steps []replay.Step, drawn []int, rows []Row, x int) {
	lastRow := map[string]int{}
	for k, i := range drawn {
		if s := &steps[i]; s.TaskID != "" && s.State != "" {
			lastRow[s.TaskID] = k
		}
	}
	type task struct {
		lane     int
		open     int // index of the open segment in the lane, or -1
		lastY    int
		terminal bool
	}
	tasks := map[string]*task{}
	type mark struct{ lane, seg, row int }
	var marks []mark
	var busyUntil []int // per lane, the last row of its current task
	closeSeg := func(t *task, y int) {
		if t.open < 0 {
			return
		}
		sg := &l.Lanes[t.lane].Segments[t.open]
		if t.terminal {
			y = sg.Bar.Y + 16
		}
		sg.Bar.H = max(y-sg.Bar.Y, 16)
		t.open = -1
	}
	for k, i := range drawn {
		s := &steps[i]
		if s.TaskID == "" || s.State == "" {
			continue
		}
		t := tasks[s.TaskID]
		if t == nil {
			t = &task{lane: -1, open: -1}
			for li, until := range busyUntil {
				if until < k-1 {
					t.lane = li
					break
				}
			}
			if t.lane < 0 {
				t.lane = len(l.Lanes)
				l.Lanes = append(l.Lanes, Lane{TaskID: s.TaskID})
				busyUntil = append(busyUntil, 0)
			}
			busyUntil[t.lane] = lastRow[s.TaskID]
			tasks[s.TaskID] = t
		}
		r := &rows[k]
		if t.open >= 0 && !s.Changed {
			t.lastY = r.Y
			continue
		}
		closeSeg(t, r.Y-10)
		t.lastY = r.Y
		sg := Segment{Lane: t.lane, TaskID: s.TaskID, State: s.State,
			Paused: replay.Interrupted(s.State), Terminal: replay.Terminal(s.State)}
		if s.Changed {
			sg.Step = s.ID
		}
		sg.Bar = Rect{Y: r.Y - 8}
		ln := &l.Lanes[t.lane]
		if len(ln.Segments) > 0 && ln.Segments[len(ln.Segments)-1].TaskID != s.TaskID {
			sg.ID = &Line{Y: sg.Bar.Y - 6, Anchor: "start", Text: replay.ShortID(s.TaskID)}
		}
		t.open = len(ln.Segments)
		t.terminal = sg.Terminal
		ln.Segments = append(ln.Segments, sg)
		if s.Changed {
			marks = append(marks, mark{t.lane, t.open, k})
		}
	}
	for _, t := range tasks {
		closeSeg(t, t.lastY+12)
	}
	// Horizontal placement, now that the lanes are known.
	for li := range l.Lanes {
		ln := &l.Lanes[li]
		ln.X = x
		ln.Header = []Line{
			{X: x, Y: margin + 18, Anchor: "start", Text: "task"},
			{X: x, Y: margin + 36, Anchor: "start", Text: replay.ShortID(ln.TaskID)},
		}
		for j := range ln.Segments {
			sg := &ln.Segments[j]
			w := laneBarW
			if sg.Paused {
				w = lanePausedW
			}
			sg.Bar.X, sg.Bar.W = x+(lanePausedW-w)/2, w
			tx := x + lanePausedW + laneTextGap
			if sg.Paused {
				tx += pauseW + 2
			}
			sg.Text = Line{X: tx, Y: sg.Bar.Y + 12, Anchor: "start", Text: stateText(sg.State)}
			if sg.ID != nil {
				sg.ID.X = x
			}
		}
		x += laneWidth(ln) + laneGap/2
	}
	// Every segment a step starts is drawn with that step.
	copies := make([]Segment, len(marks))
	for i, m := range marks {
		copies[i] = l.Lanes[m.lane].Segments[m.seg]
		rows[m.row].Mark = &copies[i]
	}
}

// laneWidth is the width a lane needs: its bar and its widest label.
func laneWidth(ln *Lane) int {
	w := max(sans.width("task", smallSize), mono.width(replay.ShortID(ln.TaskID), smallSize+1))
	for _, sg := range ln.Segments {
		tw := lanePausedW + laneTextGap + sansBold.width(sg.Text.Text, smallSize)
		if sg.Paused {
			tw += pauseW + 2
		}
		w = max(w, tw)
	}
	return w
}

// stateText is how a badge or a lane names a state: without its
// TASK_STATE_ prefix, and cut short when it is not one A2A defines.
func stateText(state string) string {
	t := replay.ShortState(state)
	if n := 20; len(t) > n {
		if cut := []rune(t); len(cut) > n {
			t = string(cut[:n]) + "…"
		}
	}
	return t
}

// headText is what a step's head line says: its Label without the state
// the badge shows.
func headText(s *replay.Step) string {
	h := s.Label
	if s.Reports && s.State != "" {
		h = strings.TrimSuffix(h, " "+replay.ShortState(s.State))
	}
	return h
}

// lineWidth is the width of a step's head and badge on one line.
func lineWidth(s *replay.Step, head string) int {
	f := sans
	if s.Kind == replay.KindRequest {
		f = sansBold
	}
	w := f.width(head, labelSize)
	if s.Reports && s.State != "" {
		w += 8 + sansBold.width(stateText(s.State), smallSize) + 2*badgePadX
		if replay.Interrupted(s.State) {
			w += pauseW
		}
	}
	return w
}

// wrap breaks text into lines no wider than width px, at spaces where it
// can and inside words wider than a line, and keeps at most n lines; when
// text is left over, the last line ends in "…".
func wrap(text string, f font, size, width, n int) []string {
	if n > 0 && text != "" && f.units(text)*size <= width*1000 && plain(text) {
		return []string{text} // the common case: one line as it is
	}
	words := strings.Fields(text)
	if len(words) == 0 || n <= 0 {
		return nil
	}
	limit := width * 1000 // widths below are in units × size
	space := f.units(" ") * size
	var lines []string
	cur, curU := "", 0
	i := 0
	for i < len(words) && len(lines) < n {
		w := words[i]
		wu := f.units(w) * size
		switch {
		case cur == "" && wu <= limit:
			cur, curU = w, wu
			i++
		case cur == "":
			head, rest := cutToWidth(w, f, size, limit)
			lines = append(lines, head)
			words[i] = rest
		case curU+space+wu <= limit:
			cur += " " + w
			curU += space + wu
			i++
		default:
			lines = append(lines, cur)
			cur, curU = "", 0
		}
	}
	if cur != "" && len(lines) < n {
		lines = append(lines, cur)
		cur = ""
	}
	if i < len(words) || cur != "" {
		lines[len(lines)-1] = ellipsize(lines[len(lines)-1], f, size, limit)
	}
	return lines
}

// plain reports whether s has single spaces between words and no other
// white space, so that it is its own wrapped line.
func plain(s string) bool {
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && s[i+1] == ' ', c == '\t', c == '\n', c == '\r', c == '\v', c == '\f':
			return false
		case c >= 0x80:
			return false // leave other spaces to strings.Fields
		}
	}
	return true
}

// cutToWidth splits a word after as many runes as fit in limit (at
// least one).
func cutToWidth(w string, f font, size, limit int) (string, string) {
	u := 0
	for i, r := range w {
		u += f.advance(r) * size
		if u > limit && i > 0 {
			return w[:i], w[i:]
		}
	}
	return w, ""
}

// ellipsize ends a line in "…" within limit: after its last whole word
// when that keeps a third of the line, or else inside a word.
func ellipsize(line string, f font, size, limit int) string {
	room := limit - f.units("…")*size
	if f.units(line)*size <= room {
		return line + "…"
	}
	for j := strings.LastIndexByte(line, ' '); j > 0; j = strings.LastIndexByte(line[:j], ' ') {
		if u := f.units(line[:j]) * size; u <= room {
			if 3*u >= limit {
				return line[:j] + "…"
			}
			break
		}
	}
	head, _ := cutToWidth(line, f, size, room)
	if f.units(head)*size > room {
		head = ""
	}
	return strings.TrimRight(head, " ") + "…"
}

// appendElapsed appends a duration as seconds with milliseconds:
// "+1.250s".
func appendElapsed(b []byte, d time.Duration) []byte {
	ms := d.Milliseconds()
	if ms < 0 {
		b, ms = append(b, '-'), -ms
	} else {
		b = append(b, '+')
	}
	b = strconv.AppendInt(b, ms/1000, 10)
	b = append(b, '.', byte('0'+ms%1000/100), byte('0'+ms%100/10), byte('0'+ms%10), 's')
	return b
}

// digits counts the decimal digits of n ≥ 0.
func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

func displayName(n string) string {
	if n == "" {
		return "(unknown)"
	}
	return n
}

// aria says a step in words, for assistive technology.
func aria(s *replay.Step) string {
	var b strings.Builder
	b.Grow(48 + len(s.From) + len(s.To) + len(s.Label) + len(s.Detail))
	b.WriteString("Step ")
	b.WriteString(strconv.Itoa(s.Index))
	if s.Kind == replay.KindFrame && s.Frame > 0 {
		b.WriteString(", frame ")
		b.WriteString(strconv.Itoa(s.Frame))
	}
	b.WriteString(": ")
	if s.Kind == replay.KindClose {
		b.WriteString(s.Label)
	} else {
		b.WriteString(displayName(s.From))
		b.WriteString(" to ")
		b.WriteString(displayName(s.To))
		b.WriteString(", ")
		b.WriteString(s.Label)
	}
	if s.OutOfBand {
		b.WriteString(", " + outsideA2A)
	}
	if s.Changed && replay.Interrupted(s.State) {
		b.WriteString(", the task waits")
	}
	if s.Detail != "" {
		b.WriteString(". ")
		b.WriteString(s.Detail)
	}
	return b.String()
}

// describe summarises the drawn steps in words: who takes part, what
// each task goes through, which steps are frames and which travel
// outside A2A.
func describe(steps []replay.Step, drawn []int, names []string) string {
	if len(drawn) == 0 {
		return "No steps."
	}
	var b strings.Builder
	first, last := steps[drawn[0]].Index, steps[drawn[len(drawn)-1]].Index
	b.WriteString("Sequence diagram of ")
	if first == last {
		b.WriteString("step " + strconv.Itoa(first))
	} else if len(drawn) == len(steps) {
		b.WriteString(strconv.Itoa(len(drawn)) + " steps")
	} else {
		b.WriteString("steps " + strconv.Itoa(first) + " to " + strconv.Itoa(last))
	}
	b.WriteString(" between ")
	disp := make([]string, len(names))
	for i, n := range names {
		disp[i] = displayName(n)
	}
	b.WriteString(joinWords(disp))
	b.WriteString(".")
	// States per task.
	// A task that is already in a state when the range starts "is" in
	// it; one seen from its first report "goes" through its states.
	var tasks []string
	states := map[string][]string{}
	carried := map[string]bool{}
	for _, i := range drawn {
		s := &steps[i]
		if s.TaskID == "" || s.State == "" {
			continue
		}
		if _, ok := states[s.TaskID]; !ok {
			tasks = append(tasks, s.TaskID)
			carried[s.TaskID] = !s.Changed
			states[s.TaskID] = []string{replay.ShortState(s.State)}
			continue
		}
		if s.Changed {
			states[s.TaskID] = append(states[s.TaskID], replay.ShortState(s.State))
		}
	}
	for _, t := range tasks {
		verb := " goes "
		if carried[t] {
			verb = " is "
		}
		b.WriteString(" Task " + replay.ShortID(t) + verb + strings.Join(states[t], ", then ") + ".")
	}
	// Frames per stream, and steps outside A2A.
	var groups []string
	frames := map[string][]int{}
	var oob []int
	for _, i := range drawn {
		s := &steps[i]
		if s.Kind == replay.KindFrame && s.Group != "" {
			if _, ok := frames[s.Group]; !ok {
				groups = append(groups, s.Group)
			}
			frames[s.Group] = append(frames[s.Group], s.Index)
		}
		if s.OutOfBand {
			oob = append(oob, s.Index)
		}
	}
	for _, g := range groups {
		f := frames[g]
		word := "frames"
		if len(f) == 1 {
			word = "a frame"
		}
		b.WriteString(" " + ranges(f, "Step", "Steps") + " " + isAre(f) + " " + word + " of one stream.")
	}
	if len(oob) > 0 {
		b.WriteString(" " + ranges(oob, "Step", "Steps") + " " + isAre(oob) + " plain HTTP outside A2A.")
	}
	return b.String()
}

func isAre(n []int) string {
	if len(n) == 1 {
		return "is"
	}
	return "are"
}

// ranges writes sorted step numbers as "Steps 2 to 4 and 7 to 9".
func ranges(n []int, one, many string) string {
	var parts []string
	for i := 0; i < len(n); {
		j := i
		for j+1 < len(n) && n[j+1] == n[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(n[i]))
		case j == i+1:
			parts = append(parts, strconv.Itoa(n[i]), strconv.Itoa(n[j]))
		default:
			parts = append(parts, strconv.Itoa(n[i])+" to "+strconv.Itoa(n[j]))
		}
		i = j + 1
	}
	if len(n) == 1 {
		return one + " " + parts[0]
	}
	return many + " " + joinWords(parts)
}

// joinWords joins "a", "b" and "c" as "a, b and c".
func joinWords(w []string) string {
	switch len(w) {
	case 0:
		return ""
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
