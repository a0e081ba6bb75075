package lesson

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// KindFigure is the node kind of a figure.
var KindFigure = ast.NewNodeKind("Figure")

// A Figure draws a transcript's sequence diagram, or a range of its
// steps:
//
//	```figure
//	id: fig-input-required
//	source: transcripts/06-input-required.http
//	steps: 4-9
//	title: the review question and its answer
//	claim: The answer is a new message on the same task.
//	caption: Steps 4 to 9 answer the question.
//	```
//
// Keys: source (required); steps ("N" or "N-M", 1-based and inclusive;
// all steps when absent); id, title, claim, caption; kind (only
// "sequence"); row (a name: figures that follow one another with the
// same row are drawn side by side, see [Figure].Row). A body, if any,
// is Markdown added to the caption.
//
// The figure is rendered as static SVG inside a <figure> that carries
// data-transcript and data-steps, so the playground's script can replace
// it with the live diagram, and it links to the steps in the replayer.
type Figure struct {
	ast.BaseBlock
	fence

	ID, Title, Claim, Caption string
	// Row names the row the figure is drawn in: two or more figures
	// that follow one another, with nothing between them, and the same
	// row are put side by side in one <div class="lesson-figrow">, one
	// column each, every drawing scrollable in its column; on a narrow
	// screen they stack. Figures to compare (the same deploy by three
	// roads) are read best so. "" draws the figure on its own.
	Row      string
	From, To int    // the step range, 1-based inclusive; 0, 0 for all steps
	Steps    int    // number of steps in the transcript
	SVG      []byte // the drawing, from package diagram

	transcript string
	prefix     string // put before the SVG's ids, unique in the lesson
}

// Kind implements ast.Node.
func (n *Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Transcript": n.transcript, "Range": n.Range()}, nil)
}

// Transcript is the replayer's name of the drawn transcript.
func (n *Figure) Transcript() string { return n.transcript }

// Range is the step range as written in data-steps: "4-9", "4", or ""
// for the whole transcript.
func (n *Figure) Range() string {
	switch {
	case n.From == 0:
		return ""
	case n.From == n.To:
		return strconv.Itoa(n.From)
	}
	return fmt.Sprintf("%d-%d", n.From, n.To)
}

var figureKeys = map[string]bool{
	"source": false, // required, unless the caption names it
	"steps":  false, "id": false, "title": false, "claim": false, "caption": false, "kind": false, "row": false,
}

// captionSourceRE finds the capture a caption names.
var captionSourceRE = regexp.MustCompile(`\b(capture/out|transcripts)/[A-Za-z0-9][A-Za-z0-9._-]*\.http\b`)

// parseRange reads a step range: "4" or "4-9", 1-based, first ≤ last.
func parseRange(s string) (from, to int, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	from, err1 := strconv.Atoi(strings.TrimSpace(a))
	to, err2 := from, error(nil)
	if isRange {
		to, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("steps %q: want N or N-M", s)
	case from < 1 || to < 1:
		return 0, 0, fmt.Errorf("steps %q: steps count from 1", s)
	case from > to:
		return 0, 0, fmt.Errorf("steps %q: %d comes after %d", s, from, to)
	}
	return from, to, nil
}

func (n *Figure) resolve(srcs *sources) {
	f := &n.fence
	f.checkHeader(figureKeys)
	for _, k := range []string{"title", "claim", "caption"} {
		if fl, ok := f.get(k); ok {
			f.checkInline(fl)
		}
	}
	if k, ok := f.get("kind"); ok && k.Value != "sequence" {
		f.errorf(k.Offset, "figure: kind %q: only sequence diagrams are drawn", k.Value)
	}
	id, _ := f.get("id")
	n.ID = id.Value
	if n.ID != "" && !isID(n.ID) {
		f.errorf(id.Offset, "figure: id %q: use letters, digits, \"-\" and \"_\"", n.ID)
	}
	if row, ok := f.get("row"); ok {
		n.Row = row.Value
		if !isID(n.Row) {
			f.errorf(row.Offset, "figure: row %q: use letters, digits, \"-\" and \"_\"", n.Row)
		}
	}
	title, _ := f.get("title")
	claim, _ := f.get("claim")
	caption, _ := f.get("caption")
	n.Title, n.Claim, n.Caption = title.Value, claim.Value, caption.Value

	stepsF, hasSteps := f.get("steps")
	if hasSteps {
		from, to, err := parseRange(stepsF.Value)
		if err != nil {
			f.errorf(stepsF.Offset, "figure: %v", err)
			return
		}
		n.From, n.To = from, to
	}
	src, ok := f.get("source")
	if !ok {
		// The tutorial's pages name a figure's capture in its caption:
		// "From capture/out/NAME.http."
		if m := captionSourceRE.FindString(caption.Value); m != "" {
			src, ok = Field{Key: "source", Value: m, Offset: caption.Offset}, true
		} else {
			f.errorf(f.offset, "figure: missing key \"source\" (or a caption that says \"From capture/out/NAME.http.\")")
			return
		}
	}
	if src.Value == "" {
		return // reported by checkHeader
	}
	n.transcript = TranscriptName(src.Value)
	rs, err := srcs.get(src.Value)
	if err != nil {
		f.errorf(src.Offset, "figure: %v", err)
		return
	}
	if len(f.errs) > 0 {
		return // draw only what is written right
	}
	t, steps := rs.t, rs.steps
	n.Steps = len(steps)
	if n.To > n.Steps {
		f.errorf(stepsF.Offset, "figure: steps %s: %s has %d steps", stepsF.Value, src.Value, n.Steps)
		return
	}
	n.prefix = srcs.c.IDPrefix + fmt.Sprintf("fig%d-", srcs.figures)
	if n.ID != "" && len(f.errs) == 0 {
		n.prefix = srcs.c.IDPrefix + n.ID + "-"
	}
	srcs.figures++
	alt := n.Title
	if alt == "" {
		alt = t.Title
	}
	svg, css, err := drawFigure(steps, diagram.Options{Title: alt, First: n.From, Last: n.To, IDPrefix: n.prefix})
	if err != nil {
		f.errorf(f.offset, "figure: %v", err)
		return
	}
	n.SVG = svg
	srcs.css = css
	for _, fl := range []Field{claim, caption} {
		for _, p := range checkClaims(fl.Value, steps, n.From, n.To) {
			f.finds = append(f.finds, blockError{fl.Offset, "figure: " + fl.Key + ": " + p})
		}
	}
}

// drawFigure draws steps as SVG for a page. A strict
// Content-Security-Policy forbids a <style> element in the page, so the
// diagram's style sheet is cut out of the SVG and returned apart; it is
// the same for every figure, and the page's style sheet must carry it
// (see [Info].FigureCSS).
func drawFigure(steps []replay.Step, opts diagram.Options) (svg []byte, css string, err error) {
	if len(steps) == 0 {
		return nil, "", errors.New("the transcript has no steps to draw")
	}
	var b bytes.Buffer
	if err := diagram.WriteSVG(&b, diagram.Layout(steps, opts)); err != nil {
		return nil, "", err
	}
	s := b.String()
	i, j := strings.Index(s, "<style>"), strings.Index(s, "</style>")
	if i < 0 || j < i {
		return b.Bytes(), "", nil
	}
	css = strings.TrimSpace(s[i+len("<style>") : j])
	rest := strings.TrimPrefix(s[j+len("</style>"):], "\n")
	return []byte(s[:i] + rest), css, nil
}

// rowMate says whether node is a figure of row: the figure before or
// after one of that row, in the same row.
func rowMate(node ast.Node, row string) bool {
	f, ok := node.(*Figure)
	return ok && row != "" && f.Row == row
}

// checkRows finds the figures of a row that do not follow one another:
// a row of one figure, and a row named again after other blocks.
func checkRows(blocks []fenced) {
	ended := map[string]bool{} // rows whose figures have been drawn
	for _, b := range blocks {
		n, ok := b.(*Figure)
		if !ok || n.Row == "" {
			continue
		}
		row, _ := n.fence.get("row")
		prev, next := rowMate(n.PreviousSibling(), n.Row), rowMate(n.NextSibling(), n.Row)
		switch {
		case !prev && ended[n.Row]:
			n.fence.errorf(row.Offset, "figure: row %q was drawn above already: the figures of a row follow one another, with nothing between them", n.Row)
		case !prev && !next:
			n.fence.errorf(row.Offset, "figure: row %q has this figure only: a row puts two figures or more side by side, one after the other", n.Row)
		}
		if !next {
			ended[n.Row] = true
		}
	}
}
