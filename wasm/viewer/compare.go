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

// The compare view: a story's v1.0 transcript on the left, its v0.3 twin
// on the right, one stepper for both, and the differences of the step
// (view.Compare) above them. A #compare=STORY link opens it; any other
// link, or its Back link, closes it. What it shows is decided by package
// view; this file only puts it on the page.

type compareMode struct {
	on    bool
	story string
	c     view.Comparison
	docs  [2]*doc
	k     int           // the position shown, 0..len(c.Rows)
	cur   [2]int        // the step each side highlights
	steps [2][]js.Value // each side's step groups, 1-based (steps[i][0] unused)
	wired bool

	el struct {
		section, title, pos, diffs, link js.Value
		first, prev, next, last          js.Value
		heads, figs                      [2]js.Value
	}
}

// The ids of each side's diagram start with these, apart from the main
// diagram's (view.IDPrefix).
var comparePrefix = [2]string{"cmpa-", "cmpb-"}

// openCompare shows story's two transcripts at position k, loading them
// first if needed. Call with p.mu held.
func (p *page) openCompare(story string, k int, h history) {
	m := &p.cmp
	p.wireCompare()
	names := [2]string{story, story + view.V03Suffix}
	var missing []*view.Shipped
	for _, n := range names {
		s := p.data.Shipped(n)
		if s == nil {
			p.openLink(view.Link{}) // closes the compare view
			p.showError("There is no story " + story + " in both versions to compare; the stories are " + strings.Join(p.data.Stories(), ", ") + ".")
			return
		}
		if p.docs[key(n, false)] == nil {
			missing = append(missing, s)
		}
	}
	if len(missing) == 0 {
		p.showCompare(story, k, h)
		return
	}
	m.story = story
	dom.Go(func() {
		texts := make([]string, len(missing))
		errs := make([]error, len(missing))
		for i, s := range missing {
			texts[i], errs[i] = s.Text, nil
			if s.Text == "" {
				texts[i], errs[i] = dom.Fetch(s.URL)
			}
		}
		p.do(func() {
			defer p.ready()
			for i, s := range missing {
				if errs[i] != nil {
					p.showError("Could not load " + s.Name + ": " + errs[i].Error())
					return
				}
				d, err := p.parseShipped(s.Name, texts[i])
				if err != nil {
					p.showError(err.Error())
					return
				}
				p.docs[key(s.Name, false)] = d
			}
			if m.story == story { // no other link since
				p.showCompare(story, k, h)
			}
		})
	})
	p.loading = true
}

// showCompare draws the two sides of a loaded story and goes to k.
func (p *page) showCompare(story string, k int, h history) {
	m := &p.cmp
	p.loading = false
	if !m.on || m.story != story || m.docs[0] == nil {
		m.story = story
		m.docs = [2]*doc{p.docs[key(story, false)], p.docs[key(story+view.V03Suffix, false)]}
		a, b := m.docs[0], m.docs[1]
		m.c = view.Compare(a.t, a.steps, b.t, b.steps)
		for i, d := range m.docs {
			svg, err := view.CompareSVG(d.t, d.steps, comparePrefix[i])
			if err != nil {
				p.showError("Could not draw " + d.name + ": " + err.Error())
				return
			}
			dom.SetOwnMarkup(m.el.figs[i], svg) // drawn by package diagram, which escapes every text
			m.steps[i] = make([]js.Value, len(d.steps)+1)
			for j := 1; j <= len(d.steps); j++ {
				m.steps[i][j] = dom.ByID(comparePrefix[i] + d.stepID(j))
			}
			version := "A2A v1.0"
			if hasVersion(d.steps, replay.V03) {
				version = "A2A v0.3"
			}
			dom.SetText(m.el.heads[i], version+" · "+d.name)
		}
		dom.SetText(m.el.title, "The same story in 0.3 and 1.0: "+a.t.Title)
		dom.SetAttr(dom.ByID("cmp-back"), "href", view.Link{Transcript: story}.Hash())
		m.cur = [2]int{}
		m.k = -1
	}
	if !m.on {
		m.on = true
		p.stop()
		dom.SetClass(dom.Document().Get("body"), "comparing", true)
		dom.SetHidden(m.el.section, false)
	}
	dom.Document().Set("title", "compare "+story+" · a2aplay")
	p.compareTo(k, h)
	p.ready()
}

// hasVersion reports whether a step of steps speaks version v.
func hasVersion(steps []replay.Step, v string) bool {
	for i := range steps {
		if steps[i].Version == v {
			return true
		}
	}
	return false
}

// closeCompare leaves the compare view for the replayer.
func (p *page) closeCompare() {
	m := &p.cmp
	if !m.on {
		return
	}
	m.on = false
	m.story = ""
	dom.SetHidden(m.el.section, true)
	dom.SetClass(dom.Document().Get("body"), "comparing", false)
}

// compareTo moves both sides to position k and names its differences.
func (p *page) compareTo(k int, h history) {
	m := &p.cmp
	n := len(m.c.Rows)
	k = max(0, min(k, n))
	if k == m.k {
		return
	}
	m.k = k
	a, b := m.c.At(k)
	for i, at := range [2]int{a, b} {
		p.markCompareSide(i, at)
	}
	pos := "overview · " + count(n, "step")
	if k > 0 {
		pos = "step " + strconv.Itoa(k) + " / " + strconv.Itoa(n)
	}
	m.el.pos.Set("textContent", pos)
	// The page's one live region reads out the step and what differs.
	say := pos
	if k > 0 {
		for i, d := range m.c.Rows[k-1].Diffs {
			sep := ", "
			if i == 0 {
				sep = ": "
			}
			say += sep + d.Name()
		}
	}
	p.text.announce.set(say)
	m.el.first.Set("disabled", n == 0 || k == 1)
	m.el.prev.Set("disabled", k == 0)
	m.el.next.Set("disabled", k >= n)
	m.el.last.Set("disabled", k >= n)
	p.paintDiffs()
	link := view.Link{Compare: m.story, Step: k}.Hash()
	switch h {
	case push:
		p.flushLink() // the replay's entry left, and its step
		writeLink("pushState", link)
	case step, replace:
		writeLink("replaceState", link)
	}
}

// markCompareSide highlights step at of side i, dims the steps after it
// and shows it.
func (p *page) markCompareSide(i, at int) {
	m := &p.cmp
	groups := m.steps[i]
	m.cur[i] = at
	for j := 1; j < len(groups); j++ {
		if g := groups[j]; !g.IsNull() {
			dom.SetClass(g, "cmp-cur", j == at)
			dom.SetClass(g, "cmp-later", at > 0 && j > at)
		}
	}
	if at > 0 && at < len(groups) && !groups[at].IsNull() {
		groups[at].Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
	}
}

// paintDiffs lists the differences at the current position: the row's,
// or at the overview each kind the story shows with a button to the
// first step that shows it.
func (p *page) paintDiffs() {
	m := &p.cmp
	dom.Clear(m.el.diffs)
	if m.k == 0 {
		kinds := m.c.Kinds()
		if len(kinds) == 0 {
			m.el.diffs.Call("append", dom.TextEl("li", "cmp-none", "The two transcripts write this story the same way."))
		}
		for _, kd := range kinds {
			b := dom.TextEl("button", "cmp-goto", kd.Name+" · first at step "+strconv.Itoa(kd.Pos))
			b.Set("type", "button")
			dom.SetAttr(b, "data-pos", strconv.Itoa(kd.Pos))
			dom.SetAttr(b, "data-what", kd.What)
			m.el.diffs.Call("append", dom.El("li", "", b))
		}
		return
	}
	r := m.c.Rows[m.k-1]
	if r.A == 0 || r.B == 0 {
		side := "0.3"
		if r.A == 0 {
			side = "1.0"
		}
		m.el.diffs.Call("append", dom.TextEl("li", "cmp-none", "Only the "+side+" transcript has this step."))
		return
	}
	if len(r.Diffs) == 0 {
		m.el.diffs.Call("append", dom.TextEl("li", "cmp-none", "Both versions write this step the same way."))
	}
	for _, d := range r.Diffs {
		li := dom.El("li", "cmp-diff",
			dom.TextEl("b", "", d.Name()),
			dom.TextEl("span", "cmp-v", "1.0"), dom.TextEl("code", "", d.V10),
			dom.TextEl("span", "cmp-v", "0.3"), dom.TextEl("code", "", d.V03),
			dom.TextEl("span", "cmp-sec", "§"+d.Section))
		dom.SetAttr(li, "data-what", d.What)
		m.el.diffs.Call("append", li)
	}
}

// compareKey moves the compare view for a key; false when the view is
// not open.
func (p *page) compareKey(mv view.KeyMove) bool {
	m := &p.cmp
	if !m.on {
		return false
	}
	switch mv {
	case view.KeyNext:
		p.compareTo(m.k+1, step)
	case view.KeyPrev:
		p.compareTo(m.k-1, step)
	case view.KeyFirst:
		p.compareTo(1, step)
	case view.KeyLast:
		p.compareTo(len(m.c.Rows), step)
	default:
		return false
	}
	return true
}

// wireCompare looks up the view's elements and connects its controls,
// once.
func (p *page) wireCompare() {
	m := &p.cmp
	if m.wired {
		return
	}
	m.wired = true
	e := &m.el
	e.section, e.title, e.pos, e.diffs = dom.ByID("compare"), dom.ByID("cmp-title"), dom.ByID("cmp-pos"), dom.ByID("cmp-diffs")
	e.first, e.prev, e.next, e.last = dom.ByID("cmp-first"), dom.ByID("cmp-prev"), dom.ByID("cmp-next"), dom.ByID("cmp-last")
	e.heads = [2]js.Value{dom.ByID("cmp-head-a"), dom.ByID("cmp-head-b")}
	e.figs = [2]js.Value{dom.ByID("cmp-fig-a"), dom.ByID("cmp-fig-b")}
	on := func(target js.Value, fn func(ev js.Value)) {
		dom.On(target, "click", func(ev js.Value) { p.do(func() { fn(ev) }) })
	}
	on(e.first, func(js.Value) { p.compareTo(1, step) })
	on(e.prev, func(js.Value) { p.compareTo(m.k-1, step) })
	on(e.next, func(js.Value) { p.compareTo(m.k+1, step) })
	on(e.last, func(js.Value) { p.compareTo(len(m.c.Rows), step) })
	on(e.diffs, func(ev js.Value) {
		if b := ev.Get("target").Call("closest", "[data-pos]"); !b.IsNull() {
			k, _ := strconv.Atoi(dom.Attr(b, "data-pos"))
			p.compareTo(k, step)
		}
	})
	for i := range e.figs {
		on(e.figs[i], func(ev js.Value) {
			g := ev.Get("target").Call("closest", "[data-step]")
			if g.IsNull() {
				return
			}
			at, _ := strconv.Atoi(dom.Attr(g, "data-step"))
			for k, r := range m.c.Rows {
				if (i == 0 && r.A == at) || (i == 1 && r.B == at) {
					p.compareTo(k+1, step)
					return
				}
			}
		})
	}
}

// syncCompareLink points the replayer's compare link at the story of
// the transcript shown, and hides it for a transcript without a twin.
func (p *page) syncCompareLink() {
	link := dom.ByID("compare-link")
	if link.IsNull() || p.cur == nil {
		return
	}
	story := ""
	if !p.cur.local {
		for _, s := range p.data.Stories() {
			if p.cur.name == s || p.cur.name == s+view.V03Suffix {
				story = s
			}
		}
	}
	dom.SetHidden(link, story == "")
	if story != "" {
		dom.SetAttr(link, "href", view.Link{Compare: story}.Hash())
	}
}
