package lesson

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/yuin/goldmark/ast"

	"github.com/a2aplay/a2aplay/replay"
)

// KindMeasures is the node kind of a measures block.
var KindMeasures = ast.NewNodeKind("Measures")

// A Measures block is a table of figures measured from transcripts, one
// column per transcript, one row per measure; every figure the lesson
// writes in it is measured again when the lesson is built:
//
//	```measures
//	title: one deploy, three roads
//	sources: transcripts/07-auth-required.http, transcripts/14-poll.http
//	rows: requests, latency
//	---
//	| | stream | poll |
//	| requests the client sent | 1 | 5 |
//	| from the approval to the client knowing | 0.5 s | 9 s |
//	```
//
// Keys: sources (required: the transcripts, comma-separated, one per
// column in order), rows (required: the measures, comma-separated, one
// per row of the body in order, from [MeasureNames]), title, caption, id.
// The body is a table of rows "| label | figure | figure |": the first
// row is the header (a label for the measures' column, then one for each
// transcript), a row of dashes may follow it, and each further row is a
// measure's, its label in the lesson's words and one figure per
// transcript, written as [Measure] formats it. A figure that is not the
// one measured is an error at its line, naming both; so is a table whose
// rows or columns do not match the header's keys. Labels may hold
// `code` and citations.
type Measures struct {
	ast.BaseBlock
	fence

	ID, Title, Caption string
	Sources            []string   // the transcripts, one per column
	Rows               []string   // the measures, one per row
	Head               []string   // the header row's cells
	Labels             []string   // each row's label
	Cells              [][]string // each row's figures, as measured
}

// Kind implements ast.Node.
func (n *Measures) Kind() ast.NodeKind { return KindMeasures }

// Dump implements ast.Node.
func (n *Measures) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Title": n.Title}, nil)
}

// A measure is a figure of one transcript, measured on the road its
// client took while a task waited for someone outside A2A (an
// operator's approval, the transcript's first out-of-band exchange).
type measure struct {
	what string
	f    func(t *replay.Transcript, steps []replay.Step) (string, error)
}

// measures are the figures a measures block can state, by name, with
// what each counts, in words.
var measures = map[string]measure{
	"requests": {"the A2A requests the client sent", func(t *replay.Transcript, _ []replay.Step) (string, error) {
		client, err := clientOf(t)
		if err != nil {
			return "", err
		}
		n := 0
		for _, ex := range t.Exchanges {
			if ex.Channel == replay.ChannelA2A && ex.From == client {
				n++
			}
		}
		return strconv.Itoa(n), nil
	}},
	"held": {"the client's connections open across the approval: requests sent before it, answered or closed after it", func(t *replay.Transcript, _ []replay.Step) (string, error) {
		client, at, err := waitOf(t)
		if err != nil {
			return "", err
		}
		n := 0
		for _, ex := range t.Exchanges {
			if ex.Channel == replay.ChannelA2A && ex.From == client && !ex.Request.At.After(at) && openUntil(ex).After(at) {
				n++
			}
		}
		return strconv.Itoa(n), nil
	}},
	"pushed": {"the deliveries the agent made to the client after the approval, each once: stream frames to the client and notifications to its webhook, all lost to a client that is down when they come", func(t *replay.Transcript, steps []replay.Step) (string, error) {
		client, at, err := waitOf(t)
		if err != nil {
			return "", err
		}
		n := 0
		for _, s := range steps {
			if s.At.After(at) && (s.Kind == replay.KindFrame && s.To == client || s.Kind == replay.KindPush) {
				n++
			}
		}
		return strconv.Itoa(n), nil
	}},
	"latency": {"the time from the approval to the first answer, frame or notification that tells the client (or its webhook) the task left AUTH_REQUIRED", func(t *replay.Transcript, steps []replay.Step) (string, error) {
		client, at, err := waitOf(t)
		if err != nil {
			return "", err
		}
		for _, s := range steps {
			told := s.Kind == replay.KindPush || (s.Kind == replay.KindFrame || s.Kind == replay.KindReply) && s.To == client
			if told && s.Reports && s.State != "" && s.State != replay.StateAuthRequired && !s.At.Before(at) {
				return seconds(s.At.Sub(at)), nil
			}
		}
		return "", fmt.Errorf("nothing after the approval tells the client the task left %s", replay.StateAuthRequired)
	}},
}

// Measure returns the figure the measure name gives of a transcript, as
// a measures block writes it: a count in digits, a time in seconds
// ("0.5 s", "9 s").
func Measure(name string, t *replay.Transcript, steps []replay.Step) (string, error) {
	m, ok := measures[name]
	if !ok {
		return "", fmt.Errorf("no measure %q (there are %s)", name, keyList(measureNames()))
	}
	return m.f(t, steps)
}

func measureNames() map[string]bool {
	m := map[string]bool{}
	for k := range measures {
		m[k] = true
	}
	return m
}

// MeasureNames returns the measures a measures block can state, each
// with what it counts, in words.
func MeasureNames() map[string]string {
	m := map[string]string{}
	for k, v := range measures {
		m[k] = v.what
	}
	return m
}

// waitOf is the client and when the approval it waits for was sent; an
// error, with neither, when the transcript has no client or no
// approval.
func waitOf(t *replay.Transcript) (client string, approval time.Time, err error) {
	if client, err = clientOf(t); err != nil {
		return "", time.Time{}, err
	}
	if approval, err = approvalOf(t); err != nil {
		return "", time.Time{}, err
	}
	return client, approval, nil
}

// clientOf is the client: the participant that sent the transcript's
// first A2A request.
func clientOf(t *replay.Transcript) (string, error) {
	for _, ex := range t.Exchanges {
		if ex.Channel == replay.ChannelA2A {
			return ex.From, nil
		}
	}
	return "", fmt.Errorf("no A2A request, so no client")
}

// approvalOf is when the transcript's first out-of-band exchange (the
// operator's approval) was sent.
func approvalOf(t *replay.Transcript) (time.Time, error) {
	for _, ex := range t.Exchanges {
		if ex.Channel == replay.ChannelOutOfBand {
			return ex.Request.At, nil
		}
	}
	return time.Time{}, fmt.Errorf("no out-of-band exchange, so no approval to measure from")
}

// openUntil is when an exchange's connection ended: its stream's end,
// its last frame's arrival for a stream the capture left open, or its
// response's arrival.
func openUntil(ex *replay.Exchange) time.Time {
	if ex.Response == nil {
		return ex.Request.At
	}
	end := ex.Response.At
	if s := ex.Response.Stream; s != nil {
		if s.End != nil {
			return s.End.At
		}
		for _, f := range s.Frames {
			if f.At.After(end) {
				end = f.At
			}
		}
	}
	return end
}

// seconds writes a duration as a measures block does: "0.5 s", "9 s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

var measuresKeys = map[string]bool{"sources": true, "rows": true, "title": false, "caption": false, "id": false}

// list splits a comma-separated header value.
func list(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// tableRow splits a body line "| a | b |" into its cells; ok is false
// for a line that is not a table row.
func tableRow(line string) (cells []string, ok bool) {
	l := strings.TrimSpace(line)
	if !strings.HasPrefix(l, "|") || !strings.HasSuffix(l, "|") || len(l) < 2 {
		return nil, false
	}
	for _, c := range strings.Split(l[1:len(l)-1], "|") {
		cells = append(cells, strings.TrimSpace(c))
	}
	return cells, true
}

// dashes says whether a row is the header's underline: "---", ":--:".
func dashes(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return true
}

func (n *Measures) resolve(srcs *sources) {
	f := &n.fence
	f.checkHeader(measuresKeys)
	for _, k := range []string{"title", "caption"} {
		if fl, ok := f.get(k); ok {
			f.checkInline(fl)
		}
	}
	title, _ := f.get("title")
	caption, _ := f.get("caption")
	n.Title, n.Caption = title.Value, caption.Value
	if id, ok := f.get("id"); ok {
		n.ID = id.Value
		if !isID(n.ID) {
			f.errorf(id.Offset, "measures: id %q: use letters, digits, \"-\" and \"_\"", n.ID)
		}
	}
	srcF, _ := f.get("sources")
	rowsF, _ := f.get("rows")
	n.Sources, n.Rows = list(srcF.Value), list(rowsF.Value)
	if len(n.Sources) == 0 || len(n.Rows) == 0 {
		if len(f.errs) == 0 {
			f.errorf(f.offset, "measures: name the transcripts (sources) and the measures (rows)")
		}
		return
	}
	for _, r := range n.Rows {
		if _, ok := measures[r]; !ok {
			f.errorf(rowsF.Offset, "measures: rows: no measure %q (there are %s)", r, keyList(measureNames()))
		}
	}
	got := make([]*source, len(n.Sources))
	for i, name := range n.Sources {
		s, err := srcs.get(name)
		if err != nil {
			f.errorf(srcF.Offset, "measures: sources: %v", err)
			continue
		}
		got[i] = s
	}
	if len(f.errs) > 0 {
		return
	}
	want := 1 + len(n.Sources)
	row := 0
	for _, l := range f.body {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		cells, ok := tableRow(l.text)
		bad := ""
		switch {
		case !ok:
			bad = fmt.Sprintf("%s is not a table row \"| label | figure | ... |\"", quote(l.text))
		case len(cells) != want:
			bad = fmt.Sprintf("the row has %d cells; want %d: a label and one for each of the %d sources", len(cells), want, len(n.Sources))
		}
		switch {
		case bad != "":
			f.errorf(l.offset, "measures: %s", bad)
			if n.Head != nil {
				row++ // a measure's row, written wrong: the next row is the next measure's
			}
			continue
		case n.Head == nil:
			n.Head = cells
			continue
		case dashes(cells) && row == 0 && len(n.Labels) == 0:
			continue
		case row >= len(n.Rows):
			f.errorf(l.offset, "measures: a row more than the %d measures the rows key names", len(n.Rows))
			continue
		}
		name := n.Rows[row]
		row++
		n.Labels = append(n.Labels, cells[0])
		var measured []string
		for i, s := range got {
			v, err := Measure(name, s.t, s.steps)
			if err != nil {
				f.errorf(l.offset, "measures: %s of %s: %v", name, n.Sources[i], err)
				measured = append(measured, cells[i+1])
				continue
			}
			if cells[i+1] != v {
				f.errorf(l.offset, "measures: %s of %s is %s, and the table says %s", name, n.Sources[i], quote(v), quote(cells[i+1]))
			}
			measured = append(measured, v)
		}
		n.Cells = append(n.Cells, measured)
	}
	if n.Head == nil {
		f.errorf(f.offset, "measures: the body is empty; write the table after the %q line", "---")
	} else if row < len(n.Rows) {
		f.errorf(f.offset, "measures: the table has %d rows of figures, and rows names %d measures", row, len(n.Rows))
	}
	for _, c := range n.Labels {
		f.checkInline(Field{Key: "label", Value: c, Offset: f.offset})
	}
}
