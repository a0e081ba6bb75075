//go:build js && wasm

package viewer

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// laneState is the task-state lane under the diagram: its segments and
// its cursor.
type laneState struct {
	segs       []laneSeg // the lane's segments
	laneCursor js.Value  // the lane's cursor, undefined when there is no lane
	cursorAt   string    // the cursor's place, as last written: its --at
	cursorOff  bool      // the cursor is hidden (at the overview)
	cursorCSS  js.Value  // its style declaration
}

// laneSeg is one segment of the task-state lane.
type laneSeg struct {
	el    js.Value
	from  int  // the step it starts at
	later bool // dimmed: it starts after the current step
}

// buildLane draws the task-state lane of the current transcript: one row
// per task, one coloured segment per state, and one cursor across the
// rows. Moving the position moves the cursor and dims the segments that
// start later (paintLane); it touches only the segments that change.
func (p *page) buildLane() {
	lane := p.el.lane
	dom.Clear(lane)
	p.segs = p.segs[:0]
	p.laneCursor = js.Undefined()
	n := p.cur.count()
	if n == 0 || len(p.cur.lanes) == 0 {
		return
	}
	pct := func(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) + "%" }
	inner := dom.El("div", "lane-inner")
	for i, l := range p.cur.lanes {
		if i == view.MaxLanes {
			break
		}
		name := dom.El("span", "lane-name")
		dom.Append(name, dom.Text("task "), dom.TextEl("b", "", replay.ShortID(l.TaskID)))
		name.Set("title", l.TaskID)
		track := dom.El("div", "lane-track")
		segs := l.Summary(n, laneBuckets)
		if len(segs) < len(l.Segments) {
			name.Set("title", l.TaskID+": "+strconv.Itoa(len(l.Segments))+" states, too many to draw each; each stretch of the lane shows the state the task held longest in it")
			dom.AddClass(track, "summary")
		}
		for _, s := range segs {
			seg := dom.TextEl("span", "seg st-"+cssState(s.State), strings.ToLower(strings.ReplaceAll(replay.ShortState(s.State), "_", " ")))
			seg.Set("title", replay.ShortState(s.State)+", steps "+strconv.Itoa(s.From)+"–"+strconv.Itoa(s.To))
			st := seg.Get("style")
			st.Set("left", pct(float64(s.From-1)/float64(n)*100))
			st.Set("width", pct(float64(s.To-s.From+1)/float64(n)*100))
			dom.Append(track, seg)
			p.segs = append(p.segs, laneSeg{el: seg, from: s.From})
		}
		dom.Append(inner, dom.El("div", "lane-row", name, track))
	}
	if more := p.cur.tasks() - min(len(p.cur.lanes), view.MaxLanes); more > 0 {
		dom.Append(inner, dom.TextEl("div", "lane-more", "and "+strconv.Itoa(more)+" more tasks: the diagram draws a lane for each"))
	}
	p.laneCursor = dom.El("span", "lane-cursor")
	p.cursorCSS, p.cursorAt, p.cursorOff = p.laneCursor.Get("style"), "", false
	dom.Append(inner, p.laneCursor)
	dom.Append(lane, inner)
}

// paintLane moves the lane's cursor to the current position and dims
// the segments that start after it.
func (p *page) paintLane() {
	if p.laneCursor.IsUndefined() {
		return
	}
	cur, n := p.nav.Cur, p.nav.N
	if off := cur == 0; off != p.cursorOff {
		p.cursorOff = off
		dom.SetHidden(p.laneCursor, off)
	}
	if cur > 0 {
		at := strconv.FormatFloat((float64(cur)-0.5)/float64(n), 'f', 4, 64)
		// On the cursor itself: set on the lane, the property would be
		// inherited by every row and restyle them all. At 10,000 steps
		// and more, a step may leave it where it was.
		if at != p.cursorAt {
			p.cursorAt = at
			p.cursorCSS.Call("setProperty", "--at", at)
		}
	}
	for i := range p.segs {
		s := &p.segs[i]
		later := cur > 0 && s.from > cur
		if later != s.later {
			s.later = later
			dom.SetClass(s.el, "later", later)
		}
	}
}
