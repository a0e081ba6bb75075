//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/dom"
	"github.com/a2aplay/a2aplay/wasm/viewer"
)

// inspect fills the inspector for the current position. All of it is
// text: nothing a transcript says becomes markup.
func (p *page) inspect() {
	e := &p.el
	d := p.cur
	dom.Clear(e.facts)
	dom.Clear(e.notes)
	if p.nav.Cur == 0 {
		s := viewer.Summarize(d.t, d.steps)
		title := s.Title
		if title == "" {
			title = d.name
		}
		dom.SetText(e.heading, title)
		dom.SetText(e.label, count(s.Steps, "step")+" in "+count(s.Exchanges, "exchange")+", "+
			count(s.Tasks, "task")+". Press → or Play to step through, or click a step.")
		fact(e.facts, "Transcript", d.name, "")
		for _, pt := range s.Participants {
			fact(e.facts, "Participant", pt, "")
		}
		for i, l := range d.lanes {
			if i == maxLanes {
				fact(e.facts, "…", strconv.Itoa(len(d.lanes)-i)+" more tasks", "")
				break
			}
			st := l.StateAt(0)
			fact(e.facts, "Task "+replay.ShortID(l.TaskID), replay.ShortState(st), st)
		}
		for _, n := range s.Notes {
			dom.Append(e.notes, dom.TextEl("li", "", n))
		}
		dom.SetHidden(e.notes, len(s.Notes) == 0)
		dom.SetHidden(e.tabs, true)
		dom.SetHidden(e.raw, true)
		dom.SetHidden(e.json, true)
		return
	}
	det := viewer.Inspect(d.t, d.steps, p.nav.Cur-1)
	dom.SetText(e.heading, det.Heading)
	dom.SetText(e.label, det.Label)
	for _, r := range det.Rows {
		fact(e.facts, r.Name, r.Value, r.State)
	}
	for _, n := range det.Notes {
		dom.Append(e.notes, dom.TextEl("li", "", n))
	}
	fs := findingsAt(d, p.nav.Cur) // findings.go: what check.Check finds here
	for _, f := range fs {
		dom.Append(e.notes, dom.El("li", "finding", dom.TextEl("b", "", "Spec check "), dom.Text(f)))
	}
	dom.SetHidden(e.notes, len(det.Notes)+len(fs) == 0)
	dom.SetText(e.raw, det.Raw)
	dom.SetText(e.json, det.JSON)
	dom.SetHidden(e.tabs, false)
	e.tabJSON.Set("disabled", det.JSON == "")
	p.showTab()
}

// fact appends one name/value pair; a state gets its colour.
func fact(dl js.Value, name, value, state string) {
	dd := dom.El("dd", "")
	switch {
	case state != "":
		dom.Append(dd, dom.TextEl("span", "state st-"+cssState(state), value))
	case name == "Task" || name == "Context":
		dd.Set("className", "id")
		dom.SetText(dd, value)
	default:
		dom.SetText(dd, value)
	}
	dom.Append(dl, dom.TextEl("dt", "", name), dd)
}

// cssState keeps a state usable in a class name: A2A states are
// upper-case words and "_"; anything else from a transcript becomes
// "other".
func cssState(s string) string {
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r == '_') {
			return "other"
		}
	}
	return s
}

func (p *page) showTab() {
	e := &p.el
	tab := p.tab
	if e.tabJSON.Get("disabled").Bool() {
		tab = "raw"
	}
	e.tabRaw.Call("setAttribute", "aria-selected", strconv.FormatBool(tab == "raw"))
	e.tabJSON.Call("setAttribute", "aria-selected", strconv.FormatBool(tab == "json"))
	dom.SetHidden(e.raw, tab != "raw")
	dom.SetHidden(e.json, tab != "json")
}

// maxLanes is the most tasks the lane and the overview list; the
// diagram draws them all.
const maxLanes = 12

// buildLane draws the task-state lane of the current transcript: one row
// per task, one coloured segment per state, and one cursor across the
// rows. Moving the position moves the cursor and dims the segments that
// start later (paintLane); it touches only the segments that change.
func (p *page) buildLane() {
	lane := p.el.lane
	dom.Clear(lane)
	p.segs = p.segs[:0]
	p.laneCursor = js.Undefined()
	n := len(p.cur.steps)
	if n == 0 || len(p.cur.lanes) == 0 {
		return
	}
	pct := func(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) + "%" }
	inner := dom.El("div", "lane-inner")
	for i, l := range p.cur.lanes {
		if i == maxLanes {
			more := dom.TextEl("div", "lane-more", "and "+strconv.Itoa(len(p.cur.lanes)-i)+" more tasks: the diagram draws a lane for each")
			dom.Append(inner, more)
			break
		}
		name := dom.El("span", "lane-name")
		dom.Append(name, dom.Text("task "), dom.TextEl("b", "", replay.ShortID(l.TaskID)))
		name.Set("title", l.TaskID)
		track := dom.El("div", "lane-track")
		for _, s := range l.Segments {
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
	p.laneCursor = dom.El("span", "lane-cursor")
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
	dom.SetHidden(p.laneCursor, cur == 0)
	if cur > 0 {
		at := (float64(cur) - 0.5) / float64(n)
		// On the cursor itself: set on the lane, the property would be
		// inherited by every row and restyle them all.
		p.laneCursor.Get("style").Call("setProperty", "--at", strconv.FormatFloat(at, 'f', 4, 64))
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

// count writes "1 step", "2 steps".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
