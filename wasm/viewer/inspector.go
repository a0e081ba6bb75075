//go:build js && wasm

package viewer

import (
	"slices"
	"strconv"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// inspector is what the inspector shows, so that a step change rewrites
// only what differs, and what its copy buttons copy.
type inspector struct {
	tab string // the tab the learner chose: "raw" or "json"

	copyRaw, copyJSON, curlText string // what the inspector's copy buttons copy
	jsonBody                    string // the step's body, for the JSON tab's tree
	jsonDrawn                   bool   // the tree is drawn

	heading         string    // the heading's text
	facts           []factRow // the facts list's rows
	notes, findings []string  // the notes list's
	inspTabs        bool      // the tabs and copy buttons show
	tabShown        string    // the tab shown: "raw", "json", or "" after the tabs were hidden
	noJSON, noCurl  bool      // the JSON tab and the curl button are disabled
}

// inspectorElements are the inspector's elements.
type inspectorElements struct {
	heading, label, facts, notes, tabs, tabRaw, tabJSON js.Value
	raw, json, tools, copy, copyCurl                    js.Value
}

// inspect fills the inspector for the current position. All of it is
// text: nothing a transcript says becomes markup. A step change rewrites
// only what differs from the step before (the facts' values, mostly):
// each element made or text set is a call into JavaScript, and the
// inspector is most of a step change's calls.
func (p *page) inspect() {
	e := &p.el
	d := p.cur
	if p.nav.Cur == 0 {
		var s view.Summary
		if d.part != nil {
			s = d.part.Summary
		} else {
			s = view.Summarize(d.t, d.steps)
		}
		title := s.Title
		if title == "" {
			title = d.name
		}
		tasks := count(s.Tasks, "task")
		if d.part != nil && d.part.Provisional {
			tasks = "tasks being counted"
		}
		rows := []view.Row{{Name: "Transcript", Value: d.name}}
		for _, pt := range s.Participants {
			rows = append(rows, view.Row{Name: "Participant", Value: pt})
		}
		for i, l := range d.lanes {
			if i == view.MaxLanes {
				break
			}
			st := l.StateAt(0)
			rows = append(rows, view.Row{Name: "Task " + replay.ShortID(l.TaskID), Value: replay.ShortState(st), State: st})
		}
		if more := d.tasks() - min(len(d.lanes), view.MaxLanes); more > 0 {
			rows = append(rows, view.Row{Name: "…", Value: strconv.Itoa(more) + " more tasks"})
		}
		p.blankInspector(title, count(s.Steps, "step")+" in "+count(s.Exchanges, "exchange")+", "+
			tasks+". Press → or Play to step through, or click a step.", rows, s.Notes)
		return
	}
	s := d.step(p.nav.Cur)
	if s == nil {
		return // a window of a large file on its way
	}
	var start time.Time
	if d.part != nil {
		start = d.part.Start
	} else if len(d.steps) > 0 {
		start = d.steps[0].At
	}
	t := d.t
	if d.lazy != nil {
		t = d.lazy.transcriptFor(d.t, s.Exchange)
	}
	det := view.InspectStep(t, *s, d.count(), start)
	p.heading = det.Heading
	p.text.heading.set(det.Heading)
	p.text.label.set(det.Label)
	p.setFacts(det.Rows)
	p.setNotes(det.Notes, findingsAt(d, p.nav.Cur)) // findings.go: what check.Check finds here
	p.text.raw.set(clipText(det.Raw))
	// The JSON tree is built when its tab shows: stepping with the raw
	// tab open costs no tree.
	if p.jsonDrawn {
		dom.Clear(e.json)
	}
	p.jsonBody, p.jsonDrawn = det.Body, false
	p.copyRaw, p.copyJSON, p.curlText = det.Raw, det.JSON, det.Curl
	if !p.inspTabs {
		p.inspTabs = true
		dom.SetHidden(e.tabs, false)
		dom.SetHidden(e.tools, false)
		p.tabShown = "" // showTab shows the panel again
	}
	if noJSON := det.JSON == ""; noJSON != p.noJSON {
		p.noJSON = noJSON
		e.tabJSON.Set("disabled", noJSON)
	}
	if noCurl := det.Curl == ""; noCurl != p.noCurl {
		p.noCurl = noCurl
		e.copyCurl.Set("disabled", noCurl)
	}
	p.showTab()
}

// blankInspector shows a heading, a label, facts and notes, and no
// step's wire text: the overview, or Live before its first step.
func (p *page) blankInspector(heading, label string, facts []view.Row, notes []string) {
	e := &p.el
	p.heading = heading
	p.text.heading.set(heading)
	p.text.label.set(label)
	p.setFacts(facts)
	p.setNotes(notes, nil)
	if p.inspTabs {
		p.inspTabs = false
		dom.SetHidden(e.tabs, true)
		dom.SetHidden(e.tools, true)
		dom.SetHidden(e.raw, true)
		dom.SetHidden(e.json, true)
	}
	p.copyRaw, p.copyJSON, p.curlText = "", "", ""
}

// A factRow is one name/value pair the facts list shows, and its
// elements, kept from one step to the next.
type factRow struct {
	dt, dd js.Value
	val    textBox // dd's text, while the value is plain
	row    view.Row
}

// setFacts makes the facts list show rows, reusing the rows it shows:
// a pair whose name and value stay costs nothing, one whose value
// changes one text.
func (p *page) setFacts(rows []view.Row) {
	for i, r := range rows {
		if i == len(p.facts) {
			f := factRow{dt: dom.TextEl("dt", "", r.Name), dd: dom.El("dd", ""), row: r}
			f.val = newTextBox(f.dd)
			fillFact(f.dd, r)
			dom.Append(p.el.facts, f.dt, f.dd)
			p.facts = append(p.facts, f)
			continue
		}
		f := &p.facts[i]
		if f.row == r {
			continue
		}
		if f.row.Name != r.Name {
			dom.SetText(f.dt, r.Name)
		}
		if factKind(f.row) == plainFact && factKind(r) == plainFact {
			f.val.set(r.Value)
		} else {
			fillFact(f.dd, r)
			f.val = newTextBox(f.dd) // its text is fillFact's now
		}
		f.row = r
	}
	for _, f := range p.facts[min(len(rows), len(p.facts)):] {
		f.dt.Call("remove")
		f.dd.Call("remove")
	}
	p.facts = p.facts[:min(len(rows), len(p.facts))]
}

// How a fact's value shows.
const (
	plainFact = iota
	stateFact // a task state, in its colour
	idFact    // a task's or a context's id
	saysFact  // what a message says: whole, its web addresses links
)

func factKind(r view.Row) int {
	switch {
	case r.State != "":
		return stateFact
	case r.Name == "Task" || r.Name == "Context":
		return idFact
	case r.Name == "Says":
		return saysFact
	}
	return plainFact
}

// fillFact writes a fact's value into its dd; a state gets its colour.
func fillFact(dd js.Value, r view.Row) {
	switch factKind(r) {
	case stateFact:
		dd.Set("className", "")
		dom.Clear(dd)
		dom.Append(dd, dom.TextEl("span", "state st-"+cssState(r.State), r.Value))
	case idFact:
		dd.Set("className", "id")
		dom.SetText(dd, r.Value)
	case saysFact:
		// Whole, on its lines, its web addresses links: only http and
		// https ones, set as properties, opened apart from the page.
		dd.Set("className", "says")
		dom.Clear(dd)
		for _, sp := range view.Links(r.Value) {
			if !sp.Link {
				dom.Append(dd, dom.Text(sp.Text))
				continue
			}
			a := dom.TextEl("a", "", sp.Text)
			a.Set("href", sp.Text)
			a.Set("target", "_blank")
			a.Set("rel", "noopener noreferrer")
			dom.Append(dd, a)
		}
	default:
		dd.Set("className", "")
		dom.SetText(dd, r.Value)
	}
}

// setNotes makes the notes list show an exchange's notes and the spec's
// findings, hidden when there are none; the same list as before is left
// as it is.
func (p *page) setNotes(notes, findings []string) {
	if slices.Equal(notes, p.notes) && slices.Equal(findings, p.findings) {
		return
	}
	p.notes, p.findings = slices.Clone(notes), slices.Clone(findings)
	e := &p.el
	dom.Clear(e.notes)
	for _, n := range notes {
		dom.Append(e.notes, dom.TextEl("li", "", n))
	}
	for _, f := range findings {
		dom.Append(e.notes, dom.El("li", "finding", dom.TextEl("b", "", "Spec check "), dom.Text(f)))
	}
	dom.SetHidden(e.notes, len(notes)+len(findings) == 0)
}

// drawJSON fills the JSON tab with the step's body as a tree.
func (p *page) drawJSON() {
	p.jsonDrawn = true
	e := &p.el
	dom.Clear(e.json)
	if p.copyJSON == "" {
		return
	}
	if len(p.jsonBody) <= maxTree {
		if v, err := jsonread.Parse([]byte(p.jsonBody)); err == nil {
			dom.Append(e.json, jsonNode(v, "", 0))
			return
		}
	}
	dom.Append(e.json, dom.TextEl("pre", "", clipText(p.copyJSON)))
}

// maxShown is the most of a step's raw text the inspector shows, and
// maxTree the largest body it draws as a tree: more would freeze the
// page for seconds. Copy still copies it all.
const (
	maxShown = 256 << 10
	maxTree  = 128 << 10
)

// clipText cuts a long text and says how much is left out.
func clipText(s string) string {
	if len(s) <= maxShown {
		return s
	}
	cut := maxShown
	for cut > 0 && s[cut]&0xC0 == 0x80 { // not in the middle of a character
		cut--
	}
	return s[:cut] + "\n\n… " + strconv.Itoa((len(s)-cut)>>10) + " KB more: Copy copies the whole text."
}

// jsonNode draws a JSON value as a tree: objects and arrays fold (a
// details element each, open to depth foldDepth), scalars show as
// written. Everything is text, and a character that would not show as
// itself shows as its escape (replay.Visible).
func jsonNode(v *jsonread.Value, key string, depth int) js.Value {
	keyEl := func() js.Value {
		if key == "" {
			return dom.Text("")
		}
		return dom.El("span", "", dom.TextEl("span", "j-key", replay.Visible(strconv.Quote(key))), dom.Text(": "))
	}
	switch v.Kind {
	case jsonread.Object, jsonread.Array:
		open, closing, n, noun := "{", "}", len(v.Fields), "key"
		if v.Kind == jsonread.Array {
			open, closing, n, noun = "[", "]", len(v.Items), "item"
		}
		if n == 0 {
			return dom.El("div", "j-row", keyEl(), dom.Text(open+closing))
		}
		det := dom.El("details", "j-fold")
		if depth < foldDepth {
			det.Set("open", true)
		}
		sum := dom.El("summary", "", keyEl(), dom.Text(open), dom.TextEl("span", "j-count", " "+count(n, noun)+" "+closing))
		body := dom.El("div", "j-body")
		if v.Kind == jsonread.Object {
			for _, f := range v.Fields {
				dom.Append(body, jsonNode(f.Value, f.Key, depth+1))
			}
		} else {
			for _, it := range v.Items {
				dom.Append(body, jsonNode(it, "", depth+1))
			}
		}
		// Folded, the summary says what it holds: "{ 3 keys }".
		dom.Append(det, sum, body, dom.TextEl("div", "j-close", closing))
		return dom.El("div", "j-row", det)
	}
	cls := map[jsonread.Kind]string{jsonread.String: "j-str", jsonread.Number: "j-num", jsonread.Bool: "j-bool", jsonread.Null: "j-null"}[v.Kind]
	return dom.El("div", "j-row", keyEl(), dom.TextEl("span", cls, replay.Visible(v.Raw)))
}

// foldDepth is how deep the JSON tree opens at first.
const foldDepth = 6

// tabKey moves between the inspector's tabs with the arrows, Home and
// End, as WAI-ARIA's tabs do: focus follows, and the tab opens.
func (p *page) tabKey(ev js.Value) {
	e := &p.el
	tabs, at := [2]js.Value{e.tabRaw, e.tabJSON}, 0
	if p.tab == "json" {
		at = 1
	}
	k := view.EdgeTabKeys.Move(ev.Get("key").String(), at, len(tabs))
	if k < 0 {
		return
	}
	to := tabs[k]
	ev.Call("preventDefault")
	ev.Call("stopPropagation") // the arrows here do not step the diagram
	if to.Get("disabled").Bool() {
		return
	}
	p.tab = "raw"
	if to.Equal(e.tabJSON) {
		p.tab = "json"
	}
	p.showTab()
	to.Call("focus")
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
	if p.noJSON {
		tab = "raw"
	}
	if tab != p.tabShown {
		p.tabShown = tab
		for _, t := range []struct {
			b    js.Value
			name string
		}{{e.tabRaw, "raw"}, {e.tabJSON, "json"}} {
			on := tab == t.name
			dom.SetAttr(t.b, "aria-selected", strconv.FormatBool(on))
			// Roving focus: Tab reaches the selected tab, the arrows the other.
			t.b.Set("tabIndex", -1)
			if on {
				t.b.Set("tabIndex", 0)
			}
		}
		dom.SetHidden(e.raw, tab != "raw")
		dom.SetHidden(e.json, tab != "json")
	}
	if tab == "json" && !p.jsonDrawn {
		p.drawJSON()
	}
}

// laneBuckets is the most segments a lane draws; a task with more
// states is summarised (view.Lane.Summary).
const laneBuckets = 160

// count writes "1 step", "2 steps".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// copyTab copies what the open tab shows, whole.
func (p *page) copyTab() {
	text := p.copyRaw
	if p.tab == "json" && p.copyJSON != "" {
		text = p.copyJSON
	}
	p.copy(p.el.copy, text)
}

// copy puts text on the clipboard and says so on the button for a
// moment. The asynchronous clipboard needs a secure context; a page
// opened from disk falls back to the older copy command.
func (p *page) copy(btn js.Value, text string) {
	if text == "" {
		return
	}
	dom.Go(func() {
		ok := false
		if cb := dom.Global().Get("navigator").Get("clipboard"); !cb.IsUndefined() && cb.Get("writeText").Type() == js.TypeFunction {
			_, err := dom.Await(cb.Call("writeText", text))
			ok = err == nil
		}
		p.do(func() {
			if !ok {
				ok = copyCommand(text)
			}
			label := dom.Attr(btn, "data-label")
			if label == "" {
				label = btn.Get("textContent").String()
				dom.SetAttr(btn, "data-label", label)
			}
			dom.SetText(btn, map[bool]string{true: "Copied", false: "Could not copy"}[ok])
			dom.SetClass(btn, "done", ok)
		})
		time.Sleep(1500 * time.Millisecond)
		p.do(func() {
			dom.SetText(btn, dom.Attr(btn, "data-label"))
			dom.SetClass(btn, "done", false)
		})
	})
}

// copyCommand copies text with document.execCommand("copy") through a
// text area out of sight.
func copyCommand(text string) bool {
	ta := dom.El("textarea", "sr-only")
	ta.Set("value", text)
	dom.SetAttr(ta, "readonly", "")
	dom.Append(dom.Document().Get("body"), ta)
	ta.Call("select")
	ok := dom.Document().Call("execCommand", "copy").Bool()
	ta.Call("remove")
	return ok
}
