package diagram

import "github.com/a2aplay/a2aplay/replay"

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
	// Gutter is, in the compact layout, the right edge of the column of
	// step numbers at the diagram's left; 0 in the full layout.
	Gutter int `json:"gutter,omitempty"`
	// LifelineTop and LifelineBottom bound the participants' lifelines.
	LifelineTop    int `json:"lifelineTop"`
	LifelineBottom int `json:"lifelineBottom"`

	// SetSize is, in the compact layout, the transcript's number of
	// steps: each row's aria-setsize, its Index its aria-posinset, so
	// that a page which puts in only the rows near the screen (or a
	// window of the steps) still says "step 5 of 1,000" to a screen
	// reader, not "5 of the 48 in". 0 in the full layout, whose figures
	// hold every row.
	SetSize int `json:"setSize,omitempty"`

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
	// Folded columns are thin; their header shows Short, the name cut
	// to fit.
	Folded bool   `json:"folded,omitempty"`
	Short  string `json:"short,omitempty"`
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
	foldedW      = 48  // a folded column's header
)

// metrics are the measures that differ between the full layout and the
// compact one ([Options].Compact).
type metrics struct {
	margin       int // left and right of the diagram
	maxLabelW    int
	minGap       int
	headerPadX   int
	headerMinW   int
	labelPad     int
	numbersFirst bool // the step numbers at the left edge, the times after them
}

var (
	fullMetrics    = metrics{margin: margin, maxLabelW: maxLabelW, minGap: minGap, headerPadX: headerPadX, headerMinW: headerMinW, labelPad: labelPad}
	compactMetrics = metrics{margin: 8, maxLabelW: 160, minGap: 120, headerPadX: 10, headerMinW: 84, labelPad: 10, numbersFirst: true}
)

// lineEnd is where the line of a straight arrow ends: 2 px short of its
// tip, under the head.
func (a *Arrow) lineEnd() int {
	if a.X2 < a.X1 {
		return a.X2 + 2
	}
	return a.X2 - 2
}

// MarkPoint is the point a mark on row r (a spec finding's "!") is
// centred on: the middle of its arrow's line (of a self arrow, the
// line that leaves the lifeline), or, for a row with no arrow (a
// stream's close), 12 px right of its step number's pill, at the pill's
// middle. X is rounded down to a whole pixel (the layout's are never
// negative).
func (r *Row) MarkPoint() (x, y int) {
	if a := r.Arrow; a != nil {
		if a.Self {
			return a.X1 + selfW/2, r.Y
		}
		return (a.X1 + a.lineEnd()) / 2, r.Y
	}
	n := r.Number
	return n.X + n.W + 12, n.Y + n.H/2
}
