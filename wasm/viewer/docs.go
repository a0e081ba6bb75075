//go:build js && wasm

package viewer

import (
	"strconv"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// A doc is a transcript the page holds, parsed and stepped, with the
// diagram's elements for each step once it is drawn.
type doc struct {
	name  string // shipped name, or the file name of an opened file
	local bool   // opened by the learner, not shipped
	t     *replay.Transcript
	steps []replay.Step
	lanes []view.Lane

	parseMs  float64 // time parse and steps took in the page
	svgMs    float64 // time Layout and WriteSVG took in the page
	renderMs float64 // that and putting the SVG into the page

	first, last int // the steps drawn: all, or a window of a long one (draw.go)
	// The layouts of the steps drawn, as view.PageLayout gives them:
	// base with nothing folded, geom as drawn, with folds folded; open
	// names what the learner unfolded by a click. nil for the
	// pre-rendered diagram until first needed, and for a large file's
	// window, which the opener draws.
	base, geom  *diagram.Geometry
	folds, open []string

	findings []view.Finding // check.Check's: the data block's, or the check worker's for a local one
	checked  bool           // its answer came, or none will

	// part is, for a large file the opener holds (opener.go), the window
	// of it the page has: t is then the part's (without its exchanges),
	// lanes its first ones, and the steps and exchanges are in lazy.
	part *view.Part
	lazy *lazy

	quiz      *view.Quiz // predict mode's questions and picks, once it was on here (predict.go)
	quizAsked bool       // a large file's: the opener was asked for its window's questions
}

// count returns how many steps d has in all.
func (d *doc) count() int {
	if d.part != nil {
		return d.part.N
	}
	return len(d.steps)
}

// step returns step k (1-based) of d, or nil when the page does not hold
// it.
func (d *doc) step(k int) *replay.Step {
	if d.lazy != nil {
		return d.lazy.stepAt(k)
	}
	if k < 1 || k > len(d.steps) {
		return nil
	}
	return &d.steps[k-1]
}

// stepID returns the id of step k (1-based) of d, or "" when the page
// does not hold it. Of a part it reads no step: replay.Steps names step
// k "sk".
func (d *doc) stepID(k int) string {
	if d.lazy != nil {
		if d.lazy.has(k) {
			return "s" + strconv.Itoa(k)
		}
		return ""
	}
	if s := d.step(k); s != nil {
		return s.ID
	}
	return ""
}

// tasks returns how many tasks d has in all.
func (d *doc) tasks() int {
	if d.part != nil {
		return d.part.Tasks
	}
	return len(d.lanes)
}

// parseShipped reads a shipped transcript, with the findings the data
// block carries for it.
func (p *page) parseShipped(name, text string) (*doc, error) {
	t, err := replay.ParseString(text, name+".http")
	if err != nil {
		return nil, err
	}
	d := newDoc(name, false, t)
	if s := p.data.Shipped(name); s != nil {
		d.findings, d.checked = view.SortFindings(s.Findings, len(d.steps)), true
	}
	return d, nil
}

func newDoc(name string, local bool, t *replay.Transcript) *doc {
	steps := replay.Steps(t)
	return &doc{name: name, local: local, t: t, steps: steps, lanes: view.Lanes(steps)}
}
