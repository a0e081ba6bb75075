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
	steps, opts = shown(steps), shownOptions(opts)
	bw := bufio.NewWriter(w)
	title := opts.Title
	if title == "" {
		title = defaultTitle
	}
	at := drawnSteps(steps, opts)
	drawn := make([]*replay.Step, len(at))
	for k, i := range at {
		drawn[k] = &steps[i]
	}
	names, oobOnly := columns(steps, at, opts.Participants)
	id := map[string]string{}
	for i, n := range names {
		id[n] = "p" + strconv.Itoa(i+1)
	}

	bw.WriteString("sequenceDiagram\n")
	bw.WriteString("    title " + mermaidText(title) + "\n")
	bw.WriteString("    accDescr: " + mermaidText(describe(steps, at, names)) + "\n")
	// Parties outside A2A go in a box when they are side by side.
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
			bw.WriteString("    box rgba(13,148,136,0.12) " + outsideA2A + "\n")
		}
		bw.WriteString("    participant " + id[n] + " as " + mermaidText(displayName(n)) + "\n")
		if boxed && i == lastOOB {
			bw.WriteString("    end\n")
		}
	}

	// Where each stream and each run outside A2A ends, to open a box
	// only when it nests inside the boxes already open.
	lastOf := map[string]int{}
	for k, s := range drawn {
		if s.Group != "" {
			lastOf[s.Group] = k
		}
	}
	type box struct {
		end  int    // position of the last step inside
		name string // group id, or "" for a run outside A2A
	}
	var stack []box
	fits := func(end int) bool { return len(stack) == 0 || end <= stack[len(stack)-1].end }
	opened := map[string]bool{}
	for k, s := range drawn {
		if s.Group != "" && !opened[s.Group] {
			opened[s.Group] = true
			if end := lastOf[s.Group]; fits(end) {
				stack = append(stack, box{end, s.Group})
				bw.WriteString("    rect rgba(37,99,235,0.07)\n")
				bw.WriteString("    Note over " + id[s.From] + "," + id[s.To] + ": stream of step " + mermaidText(groupNumber(s)) + "\n")
			}
		}
		if s.OutOfBand && (k == 0 || !drawn[k-1].OutOfBand) {
			end := k
			for end+1 < len(drawn) && drawn[end+1].OutOfBand {
				end++
			}
			if fits(end) {
				stack = append(stack, box{end, ""})
				bw.WriteString("    rect rgba(13,148,136,0.14)\n")
				bw.WriteString("    Note over " + id[s.From] + "," + id[s.To] + ": " + outsideA2A + "\n")
			}
		}
		text := strconv.Itoa(s.Index) + " · " + mermaidText(s.Label)
		if s.Kind == replay.KindFrame && s.Frame > 0 {
			text = strconv.Itoa(s.Index) + " · frame " + strconv.Itoa(s.Frame) + ": " + mermaidText(s.Label)
		}
		if s.Detail != "" && s.Kind != replay.KindClose {
			text += "<br/>" + mermaidText(clipRunes(s.Detail, 60))
		}
		switch {
		case s.Kind == replay.KindClose:
			bw.WriteString("    Note over " + id[s.From] + "," + id[s.To] + ": " + text + "\n")
		case s.Kind == replay.KindRequest:
			bw.WriteString("    " + id[s.From] + "->>" + id[s.To] + ": " + text + "\n")
		default:
			bw.WriteString("    " + id[s.From] + "-->>" + id[s.To] + ": " + text + "\n")
		}
		if s.Changed && replay.Interrupted(s.State) {
			bw.WriteString("    Note over " + id[s.From] + ": task " + mermaidText(replay.ShortID(s.TaskID)) +
				" waits in " + mermaidText(s.State) + "\n")
		}
		for len(stack) > 0 && stack[len(stack)-1].end == k {
			stack = stack[:len(stack)-1]
			bw.WriteString("    end\n")
		}
	}
	for range stack {
		bw.WriteString("    end\n")
	}
	return bw.Flush()
}

// groupNumber is the number of the step that opened s's stream: its id
// without the "s".
func groupNumber(s *replay.Step) string { return strings.TrimPrefix(s.Group, "s") }

// participantOrder orders the participants of all the steps: those named
// first, then by first appearance, the parties only outside A2A last.
func participantOrder(all []*replay.Step, first []string) ([]string, map[string]bool) {
	inA2A := map[string]bool{}
	used := map[string]bool{}
	for _, s := range all {
		used[s.From], used[s.To] = true, true
		if !s.OutOfBand {
			inA2A[s.From], inA2A[s.To] = true, true
		}
	}
	seen := map[string]bool{}
	var names []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, n := range first {
		if used[n] {
			add(n)
		}
	}
	for pass := 0; pass < 2; pass++ {
		for _, s := range all {
			for _, n := range [2]string{s.From, s.To} {
				if inA2A[n] == (pass == 0) {
					add(n)
				}
			}
		}
	}
	oob := map[string]bool{}
	for _, n := range names {
		oob[n] = !inA2A[n]
	}
	return names, oob
}

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
