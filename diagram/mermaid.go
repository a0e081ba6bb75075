package diagram

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// WriteMermaid writes the steps as a Mermaid sequenceDiagram, for docs on
// code hosts that draw Mermaid. It follows the SVG's vocabulary as far as
// Mermaid can: requests solid, replies and frames dashed, a tinted box
// around each stream and each run of calls outside A2A, a note where a
// task starts to wait. Step numbers are written into the messages, so
// a step range keeps its numbers. opts.Title, First, Last and
// Participants apply; the rest is ignored.
//
// Every text is escaped with Mermaid's entity codes: a transcript cannot
// end a message, start a statement or inject HTML.
func WriteMermaid(w io.Writer, steps []replay.Step, opts Options) error {
	opts = shownOptions(opts)
	sel := selectSteps(steps, opts)
	m := &mermaidWriter{w: bufio.NewWriter(w), sel: sel, id: map[string]string{}}
	for i, n := range sel.names {
		m.id[n] = "p" + strconv.Itoa(i+1)
	}
	title := opts.Title
	if title == "" {
		title = defaultTitle
	}
	m.w.WriteString("sequenceDiagram\n")
	m.w.WriteString("    title " + mermaidText(title) + "\n")
	m.w.WriteString("    accDescr: " + mermaidText(describe(sel.drawn, len(steps), sel.names)) + "\n")
	m.participants()
	m.messages()
	return m.w.Flush()
}

// A mermaidWriter writes one Mermaid diagram.
type mermaidWriter struct {
	w   *bufio.Writer
	sel selection
	id  map[string]string // each column's Mermaid id: p1, p2, ...
}

// participants declares the columns, the parties outside A2A in a box
// when they are side by side.
func (m *mermaidWriter) participants() {
	names, oobOnly := m.sel.names, m.sel.oobOnly
	firstOOB, lastOOB := -1, -1
	for i, n := range names {
		if oobOnly[n] {
			if firstOOB < 0 {
				firstOOB = i
			}
			lastOOB = i
		}
	}
	boxed := firstOOB >= 0
	for i := firstOOB; boxed && i <= lastOOB; i++ {
		boxed = oobOnly[names[i]]
	}
	for i, n := range names {
		if boxed && i == firstOOB {
			m.w.WriteString("    box rgba(13,148,136,0.12) " + outsideA2A + "\n")
		}
		m.w.WriteString("    participant " + m.id[n] + " as " + mermaidText(displayName(n)) + "\n")
		if boxed && i == lastOOB {
			m.w.WriteString("    end\n")
		}
	}
}

// A mermaidBox is a rect open around steps: a stream or a run outside A2A.
type mermaidBox struct {
	end  int    // position of the last step inside
	name string // group id, or "" for a run outside A2A
}

// messages writes a message or note per step, opening a box around each
// stream and each run outside A2A where it nests inside the boxes
// already open (Mermaid's rects cannot overlap).
func (m *mermaidWriter) messages() {
	drawn := m.sel.drawn
	lastOf := map[string]int{}
	for k, s := range drawn {
		if s.Group != "" {
			lastOf[s.Group] = k
		}
	}
	var stack []mermaidBox
	fits := func(end int) bool { return len(stack) == 0 || end <= stack[len(stack)-1].end }
	opened := map[string]bool{}
	for k, s := range drawn {
		if s.Group != "" && !opened[s.Group] {
			opened[s.Group] = true
			if end := lastOf[s.Group]; fits(end) {
				stack = append(stack, mermaidBox{end, s.Group})
				m.w.WriteString("    rect rgba(37,99,235,0.07)\n")
				m.w.WriteString("    Note over " + m.id[s.From] + "," + m.id[s.To] + ": stream of step " + mermaidText(groupNumber(s)) + "\n")
			}
		}
		if s.OutOfBand && (k == 0 || !drawn[k-1].OutOfBand) {
			end := k
			for end+1 < len(drawn) && drawn[end+1].OutOfBand {
				end++
			}
			if fits(end) {
				stack = append(stack, mermaidBox{end, ""})
				m.w.WriteString("    rect rgba(13,148,136,0.14)\n")
				m.w.WriteString("    Note over " + m.id[s.From] + "," + m.id[s.To] + ": " + outsideA2A + "\n")
			}
		}
		m.message(s)
		for len(stack) > 0 && stack[len(stack)-1].end == k {
			stack = stack[:len(stack)-1]
			m.w.WriteString("    end\n")
		}
	}
	for range stack {
		m.w.WriteString("    end\n")
	}
}

// message writes one step: an arrow, or a note for a close, and a note
// where a task starts to wait.
func (m *mermaidWriter) message(s *replay.Step) {
	text := strconv.Itoa(s.Index) + " · " + mermaidText(s.Label)
	if s.Kind == replay.KindFrame && s.Frame > 0 {
		text = strconv.Itoa(s.Index) + " · frame " + strconv.Itoa(s.Frame) + ": " + mermaidText(s.Label)
	}
	if s.Version == replay.V03 && s.Kind != replay.KindClose {
		text += " · " + v03Tag // as the SVG's tag says it
	}
	if s.Detail != "" && s.Kind != replay.KindClose {
		text += "<br/>" + mermaidText(clipRunes(s.Detail, 60))
	}
	from, to := m.id[s.From], m.id[s.To]
	arrow := "-->>"
	switch s.Kind {
	case replay.KindRequest:
		arrow = "->>"
	case replay.KindPush:
		// Mermaid's async arrow: a call the agent makes of its own
		// accord, that nobody waits on.
		arrow = "-)"
	}
	if s.Kind == replay.KindClose {
		m.w.WriteString("    Note over " + from + "," + to + ": " + text + "\n")
	} else {
		m.w.WriteString("    " + from + arrow + to + ": " + text + "\n")
	}
	if s.Changed && replay.Interrupted(s.State) {
		m.w.WriteString("    Note over " + from + ": task " + mermaidText(replay.ShortID(s.TaskID)) +
			" waits in " + mermaidText(s.State) + "\n")
	}
}

// groupNumber is the number of the step that opened s's stream: its id
// without the "s".
func groupNumber(s *replay.Step) string { return strings.TrimPrefix(s.Group, "s") }

// mermaidText escapes text for a Mermaid message, note, title or alias:
// characters that would not show as themselves are written as escapes
// ([replay.Visible]), the characters Mermaid or HTML would read become
// entity codes, and line breaks become spaces.
func mermaidText(s string) string {
	var b strings.Builder
	for _, r := range replay.Visible(s) {
		switch {
		case r == '#':
			b.WriteString("#35;")
		case r == ';':
			b.WriteString("#59;")
		case r == '<':
			b.WriteString("#lt;")
		case r == '>':
			b.WriteString("#gt;")
		case r == '&':
			b.WriteString("#amp;")
		case r == '"':
			b.WriteString("#quot;")
		case r == '%':
			b.WriteString("#37;")
		case r == '`':
			b.WriteString("#96;")
		case r == '\\':
			b.WriteString("#92;")
		case r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// clipRunes cuts s to n runes, ending in "…" when cut.
func clipRunes(s string, n int) string {
	k := 0
	for i := range s {
		if k == n {
			return s[:i] + "…"
		}
		k++
	}
	return s
}
