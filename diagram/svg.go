package diagram

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/replay"
)

// WriteSVG writes the diagram as one SVG document. The bytes depend only
// on g. Every text is escaped: whatever a transcript says stays text.
// A writer with a Grow method, such as a [strings.Builder] or a
// [bytes.Buffer], is first grown to about the document's size, so that
// a large diagram is not copied as the writer grows.
func WriteSVG(w io.Writer, g *Geometry) error {
	if gw, ok := w.(interface{ Grow(int) }); ok {
		gw.Grow(sizeSVG(g))
	}
	x := &svgWriter{w: w, b: make([]byte, 0, 20<<10)}
	x.svg(g)
	x.flush()
	return x.err
}

// AppendSVG appends the diagram's SVG document, the bytes [WriteSVG]
// writes, to b and returns the extended buffer. It grows b once, to
// about the document's size, before it writes.
func AppendSVG(b []byte, g *Geometry) []byte {
	x := &svgWriter{b: slices.Grow(b, sizeSVG(g))}
	x.svg(g)
	return x.b
}

// sizeSVG is about the length of g's SVG, a little more rather than
// less: the texts it holds and, per row, the markup around them (about
// 1,100 bytes in the shipped transcripts, 850 to 1,110).
func sizeSVG(g *Geometry) int {
	n := 4<<10 + len(g.Title) + len(g.Desc)
	if !g.NoStyle {
		n += len(styleSheet)
	}
	for i := range g.Rows {
		r := &g.Rows[i]
		n += 1100 + len(r.Aria) + 2*len(r.Step) + len(r.TaskID) + len(r.Group)
		for _, l := range r.Label {
			n += len(l.Text)
		}
		for _, l := range r.Detail {
			n += len(l.Text)
		}
	}
	return n
}

type svgWriter struct {
	w   io.Writer // nil when appending: all of the document stays in b
	b   []byte
	err error
	id  string // the id prefix
}

func (x *svgWriter) flush() {
	if x.w == nil {
		return
	}
	if x.err == nil && len(x.b) > 0 {
		_, x.err = x.w.Write(x.b)
	}
	x.b = x.b[:0]
}

// endGroup closes a group of elements (a row, a stream, a lane, ...),
// and hands what is written so far to the writer once it holds 16 KB:
// the buffer stays small however large the diagram.
func (x *svgWriter) endGroup(b svgBuf) svgBuf {
	b = append(b, "</g>\n"...)
	if len(b) > 16<<10 && x.w != nil {
		x.b = b
		x.flush()
		b = x.b
	}
	return b
}

// An svgBuf is the SVG written so far. Its methods append to it and
// return it, so that the elements of a row are written into a local
// value: nothing is stored through a pointer while a row is written.
type svgBuf []byte

func (b svgBuf) s(s string) svgBuf { return append(b, s...) }

func (b svgBuf) n(v int) svgBuf { return appendInt(b, v) }

// attr writes ` name="value"` with value escaped.
func (b svgBuf) attr(name, value string) svgBuf {
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, '=', '"')
	b = appendEscaped(b, value)
	return append(b, '"')
}

// idAttr writes ` name="PREFIXid"`, the id after the diagram's id
// prefix, as attr(name, prefix+id) does without joining them first.
func (b svgBuf) idAttr(name, prefix, id string) svgBuf {
	if !utf8.ValidString(prefix) {
		return b.attr(name, prefix+id) // escaped as one string
	}
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, '=', '"')
	b = appendEscaped(b, prefix)
	b = appendEscaped(b, id)
	return append(b, '"')
}

// num writes ` name="v"`.
func (b svgBuf) num(name string, v int) svgBuf {
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, '=', '"')
	b = appendInt(b, v)
	return append(b, '"')
}

// appendInt appends v in decimal, as strconv.AppendInt, with a quicker
// way for the small non-negative numbers most coordinates are.
func appendInt(b []byte, v int) []byte {
	if v < 0 || v >= 1e8 {
		return strconv.AppendInt(b, int64(v), 10)
	}
	var d [8]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + v%10)
		if v /= 10; v == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

func (b svgBuf) text(class string, l Line) svgBuf {
	if l.Text == "" {
		return b
	}
	b = b.s(`<text class="`).s(class).s(`"`).num("x", l.X).num("y", l.Y)
	if l.Anchor != "" && l.Anchor != "start" {
		b = b.s(` text-anchor="`).s(l.Anchor).s(`"`)
	}
	b = b.s(">")
	b = appendEscaped(b, l.Text)
	return b.s("</text>")
}

func (b svgBuf) rect(class string, r Rect, rx int) svgBuf {
	b = b.s(`<rect class="`).s(class).s(`"`).num("x", r.X).num("y", r.Y).num("width", r.W).num("height", r.H)
	if rx > 0 {
		b = b.num("rx", rx)
	}
	return b.s("/>")
}

func (b svgBuf) line(class string, x1, y1, x2, y2 int) svgBuf {
	return b.s(`<line class="`).s(class).s(`"`).num("x1", x1).num("y1", y1).num("x2", x2).num("y2", y2).s("/>")
}

func (x *svgWriter) svg(g *Geometry) {
	x.id = g.IDPrefix
	b := svgBuf(x.b)
	b = b.s(`<svg xmlns="http://www.w3.org/2000/svg" class="a2s"`)
	b = b.s(` viewBox="0 0 `).n(g.Width).s(" ").n(g.Height).s(`"`).num("width", g.Width).num("height", g.Height)
	b = b.s(` role="group" aria-roledescription="sequence diagram"`)
	b = b.attr("aria-labelledby", x.id+"title").attr("aria-describedby", x.id+"desc")
	b = b.s(">\n<title").attr("id", x.id+"title").s(">")
	b = appendEscaped(b, g.Title)
	b = b.s("</title>\n<desc").attr("id", x.id+"desc").s(">")
	b = appendEscaped(b, g.Desc)
	b = b.s("</desc>\n")
	if !g.NoStyle {
		b = b.s("<style>").s(styleSheet).s("</style>\n")
	}
	b = b.rect("bg", Rect{W: g.Width, H: g.Height}, 0)
	b = b.s("\n")

	// Behind everything: the bands of streams and of calls outside A2A.
	for _, st := range g.Streams {
		b = b.s(`<g class="stream"`).idAttr("data-group", x.id, st.Group).s(">")
		b = b.rect("band", st.Rect, 10)
		b = b.streamEdges(st)
		b = b.text("tab", st.Tab)
		if st.Note != nil {
			b = b.text("note", *st.Note)
		}
		b = x.endGroup(b)
	}
	for _, c := range g.Channels {
		b = b.s(`<g class="channel"`).attr("data-steps", x.prefixed(c.Steps)).s(">")
		b = b.rect("band", c.Rect, 10)
		b = b.text("tab", c.Tab)
		b = x.endGroup(b)
	}

	// Lifelines and participants.
	for _, p := range g.Participants {
		cls := "life"
		if p.OutOfBand {
			cls = "life oob"
		}
		b = b.line(cls, p.X, g.LifelineTop, p.X, g.LifelineBottom)
	}
	b = b.s("\n")
	for _, p := range g.Participants {
		b = b.s(`<g class="party`)
		if p.OutOfBand {
			b = b.s(" oob")
		}
		if p.Folded {
			b = b.s(" folded")
		}
		b = b.s(`"`).attr("data-name", p.Name).s(">")
		b = b.header(p, p.Top)
		if p.Bottom != nil {
			b = b.header(p, *p.Bottom)
		}
		b = x.endGroup(b)
	}

	// Lanes: a track per task, with the segments no drawn step starts.
	for i, ln := range g.Lanes {
		b = b.s(`<g class="lane"`).attr("data-task", ln.TaskID).s(">")
		cx := ln.X + lanePausedW/2
		b = b.line("track", cx, g.LifelineTop, cx, g.LifelineBottom)
		b = b.laneHeader(ln.Header)
		b = b.laneHeader(ln.Footer)
		for _, sg := range ln.Segments {
			if sg.Step == "" {
				b = b.segment(sg)
			}
		}
		b = x.endGroup(b)
		_ = i
	}

	// The steps, one group each, in reading order.
	b = b.s(`<g class="steps" role="list">` + "\n")
	for i := range g.Rows {
		b = x.endGroup(x.row(b, g, &g.Rows[i]))
	}
	x.b = b.s("</g>\n</svg>\n")
}

func (x *svgWriter) prefixed(ids []string) string {
	if x.id == "" {
		return strings.Join(ids, " ")
	}
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x.id)
		b.WriteString(id)
	}
	return b.String()
}

func (b svgBuf) header(p Participant, r Rect) svgBuf {
	b = b.rect("box", r, 8)
	cx := r.X + r.W/2
	if p.Folded {
		// Cut short, and whole in the title a pointer shows.
		b = b.s("<title>")
		b = appendEscaped(b, p.Name)
		b = b.s("</title>")
		return b.text("short", Line{X: cx, Y: r.Y + 27, Anchor: "middle", Text: p.Short})
	}
	if p.OutOfBand {
		b = b.text("name", Line{X: cx, Y: r.Y + 21, Anchor: "middle", Text: p.Name})
		b = b.text("sub", Line{X: cx, Y: r.Y + 37, Anchor: "middle", Text: outsideA2A})
		return b
	}
	return b.text("name", Line{X: cx, Y: r.Y + 28, Anchor: "middle", Text: p.Name})
}

func (b svgBuf) laneHeader(h []Line) svgBuf {
	for i, l := range h {
		if i == 0 {
			b = b.text("lane-kind", l)
		} else {
			b = b.text("lane-id mono", l)
		}
	}
	return b
}

// streamEdges draws a stream's bracket: its sides, its top unless the
// request is out of view, and its bottom dashed while it stays open.
func (b svgBuf) streamEdges(st Stream) svgBuf {
	l, r, t, bot := st.X, st.X+st.W, st.Y, st.Y+st.H
	b = b.s(`<path class="edge" d="M`).n(l).s(" ").n(t).s("V").n(bot).s("M").n(r).s(" ").n(t).s("V").n(bot)
	if !st.OpenTop {
		b = b.s("M").n(l).s(" ").n(t).s("H").n(r)
	}
	b = b.s(`"/>`)
	if st.OpenEnd {
		b = b.line("edge open", l, bot, r, bot)
	}
	return b
}

func (x *svgWriter) row(b svgBuf, g *Geometry, r *Row) svgBuf {
	b = b.s(`<g class="step `).s(string(kindClass(r.Kind)))
	if r.OutOfBand {
		b = b.s(" oob")
	}
	if r.Error {
		b = b.s(" error")
	}
	if r.State != "" {
		b = b.s(" ").s(stateClass(r.State))
	}
	if r.Changed && replay.Interrupted(r.State) {
		b = b.s(" paused")
	}
	b = b.s(`"`).idAttr("id", x.id, r.Step).num("data-step", r.Index)
	b = b.s(` data-kind="`).s(string(kindClass(r.Kind))).s(`"`).num("data-exchange", r.Exchange)
	if r.Frame > 0 {
		b = b.num("data-frame", r.Frame)
	}
	if r.Group != "" {
		b = b.idAttr("data-group", x.id, r.Group)
	}
	if r.State != "" {
		b = b.attr("data-state", r.State)
	}
	if r.TaskID != "" {
		b = b.attr("data-task", r.TaskID)
	}
	b = b.s(` role="listitem"`)
	if g.SetSize > 0 {
		b = b.num("aria-posinset", r.Index).num("aria-setsize", g.SetSize)
	}
	b = b.attr("aria-label", r.Aria).s(">")
	b = b.rect("hit", g.hit(r), 6)
	b = b.rect("num", r.Number, 10)
	b = b.s(`<text class="num"`).num("x", r.Number.X+r.Number.W/2).num("y", r.Number.Y+14).s(` text-anchor="middle">`).n(r.Index).s("</text>")
	b = b.text("time mono", r.Time)
	if a := r.Arrow; a != nil {
		b = b.arrow(r, a)
	}
	for _, l := range r.Label {
		b = b.text("label", l)
	}
	if bg := r.Badge; bg != nil {
		b = b.s(`<g class="badge">`)
		b = b.rect("pill", bg.Rect, bg.H/2)
		if bg.Paused {
			b = b.pause(bg.X+badgePadX, bg.Y+5)
		}
		b = b.text("state", bg.Text)
		b = b.s("</g>")
	}
	for _, l := range r.Detail {
		b = b.text("detail", l)
	}
	if r.Tag != nil {
		b = b.text("tag", *r.Tag)
	}
	if c := r.Close; c != nil {
		b = b.text("closed", c.Text)
		b = b.line("end-edge", c.X1+4, c.Y, c.X2-4, c.Y)
	}
	if r.Mark != nil {
		b = b.segment(*r.Mark)
	}
	return b
}

// pause draws the pause sign, two bars, 8 px high, at its top left.
func (b svgBuf) pause(px, py int) svgBuf {
	return b.s(`<path class="pause" d="M`).n(px).s(" ").n(py).s("h2.5v8h-2.5zM").n(px + 4).s(" ").n(py).s(`h2.5v8h-2.5z"/>`)
}

func (b svgBuf) segment(sg Segment) svgBuf {
	b = b.s(`<g class="seg `).s(stateClass(sg.State))
	if sg.Paused {
		b = b.s(" paused")
	}
	b = b.s(`"`).attr("data-state", sg.State).s(">")
	b = b.rect("bar", sg.Bar, sg.Bar.W/2)
	if sg.Terminal {
		b = b.s(`<circle class="end"`).num("cx", sg.Bar.X+sg.Bar.W/2).num("cy", sg.Bar.Y+sg.Bar.H).s(` r="5"/>`)
	}
	if sg.Paused {
		b = b.s(`<g class="sign">`)
		b = b.pause(sg.Text.X-pauseW-1, sg.Text.Y-9)
		b = b.s("</g>")
	}
	b = b.text("state", sg.Text)
	if sg.ID != nil {
		b = b.text("lane-id mono", *sg.ID)
	}
	return b.s("</g>")
}

func (b svgBuf) arrow(r *Row, a *Arrow) svgBuf {
	y := r.Y
	if a.Self {
		x1, x2 := a.X1, a.X1+selfW
		b = b.s(`<path class="arrow" d="M`).n(x1).s(" ").n(y).s("H").n(x2).s("V").n(y + 14).s("H").n(x1 + 2).s(`"/>`)
		b = b.head(r.Kind, x1, y+14, -1)
		return b
	}
	dir := 1
	if a.X2 < a.X1 {
		dir = -1
	}
	b = b.line("arrow", a.X1, y, a.lineEnd(), y)
	return b.head(r.Kind, a.X2, y, dir)
}

// head draws an arrowhead with its tip at (tx, ty), pointing right when
// dir is 1 and left when -1: filled for requests and push notifications,
// open for the rest.
func (b svgBuf) head(k replay.StepKind, tx, ty, dir int) svgBuf {
	bx := tx - dir*11
	if k == replay.KindRequest || k == replay.KindPush {
		b = b.s(`<path class="head" d="M`).n(tx).s(" ").n(ty).s("L").n(bx).s(" ").n(ty - 5).s("L").n(bx).s(" ").n(ty + 5).s(`z"/>`)
		return b
	}
	return b.s(`<path class="head open" d="M`).n(bx).s(" ").n(ty - 5).s("L").n(tx).s(" ").n(ty).s("L").n(bx).s(" ").n(ty + 5).s(`"/>`)
}

func kindClass(k replay.StepKind) string {
	switch k {
	case replay.KindRequest, replay.KindReply, replay.KindFrame, replay.KindClose, replay.KindPush:
		return string(k)
	}
	return "other"
}

// stateClass names the CSS class of a state: "st-input-required".
func stateClass(state string) string {
	switch state {
	case replay.StateSubmitted:
		return "st-submitted"
	case replay.StateWorking:
		return "st-working"
	case replay.StateInputRequired:
		return "st-input-required"
	case replay.StateAuthRequired:
		return "st-auth-required"
	case replay.StateCompleted:
		return "st-completed"
	case replay.StateFailed:
		return "st-failed"
	case replay.StateCanceled:
		return "st-canceled"
	case replay.StateRejected:
		return "st-rejected"
	}
	return "st-other"
}

// appendEscaped appends s escaped for XML text and attribute values.
// Characters XML cannot hold (most control characters, invalid UTF-8,
// U+FFFE and U+FFFF) become U+FFFD, and format characters such as bidi
// controls are written as escapes by [replay.Visible].
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		// Copy the run of bytes that stay as they are in one go.
		j := i
		for j < len(s) && plainByte[s[j]] {
			j++
		}
		b = append(b, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '&':
				b = append(b, "&amp;"...)
			case c == '<':
				b = append(b, "&lt;"...)
			case c == '>':
				b = append(b, "&gt;"...)
			case c == '"':
				b = append(b, "&quot;"...)
			case c == '\'':
				b = append(b, "&#39;"...)
			case c == '\t' || c == '\n' || c == '\r':
				b = append(b, ' ')
			default: // other control characters
				b = append(b, "\uFFFD"...)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || r == 0xfffe || r == 0xffff || (r >= 0x80 && r < 0xa0) {
			b = append(b, "\uFFFD"...)
		} else if v := replay.Visible(s[i : i+n]); len(v) != n {
			// A format character: Layout has made the text it draws
			// visible already; this catches ids and the like.
			b = append(b, v...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// plainByte tells the ASCII bytes that XML text and attribute values
// hold as they are.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = true
	}
	for _, c := range `&<>"'` {
		t[c] = false
	}
	return t
}()
