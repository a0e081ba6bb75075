package diagram

import (
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// stateText is how a badge or a lane names a state: without its
// TASK_STATE_ prefix, and cut short when it is not one A2A defines.
func stateText(state string) string {
	t := replay.ShortState(state)
	if n := 20; len(t) > n {
		if cut := []rune(t); len(cut) > n {
			t = string(cut[:n]) + "…"
		}
	}
	return t
}

// headText is what a step's head line says: its Label without the state
// the badge shows.
func headText(s *replay.Step) string {
	h := s.Label
	if s.Reports && s.State != "" {
		h = strings.TrimSuffix(h, " "+replay.ShortState(s.State))
	}
	return h
}

// lineWidth is the width of a step's head and badge on one line.
func lineWidth(s *replay.Step, head string) int {
	f := sans
	if s.Kind == replay.KindRequest {
		f = sansBold
	}
	w := f.width(head, labelSize)
	if s.Reports && s.State != "" {
		w += 8 + sansBold.width(stateText(s.State), smallSize) + 2*badgePadX
		if replay.Interrupted(s.State) {
			w += pauseW
		}
	}
	return w
}

// wrap breaks text into lines no wider than width px, at spaces where it
// can and inside words wider than a line, and keeps at most n lines; when
// text is left over, the last line ends in "…".
func wrap(text string, f font, size, width, n int) []string {
	return appendWrapped(nil, text, f, size, width, n)
}

// appendWrapped appends the lines of [wrap] to dst, so that a caller can
// reuse one slice for every label.
func appendWrapped(dst []string, text string, f font, size, width, n int) []string {
	if n > 0 && text != "" && f.units(text)*size <= width*1000 && plain(text) {
		return append(dst, text) // the common case: one line as it is
	}
	words := strings.Fields(text)
	if len(words) == 0 || n <= 0 {
		return dst
	}
	limit := width * 1000 // widths below are in units × size
	space := f.units(" ") * size
	start := len(dst)
	cur, curU := "", 0
	i := 0
	for i < len(words) && len(dst)-start < n {
		w := words[i]
		wu := f.units(w) * size
		switch {
		case cur == "" && wu <= limit:
			cur, curU = w, wu
			i++
		case cur == "":
			head, rest := cutToWidth(w, f, size, limit)
			dst = append(dst, head)
			words[i] = rest
		case curU+space+wu <= limit:
			cur += " " + w
			curU += space + wu
			i++
		default:
			dst = append(dst, cur)
			cur, curU = "", 0
		}
	}
	if cur != "" && len(dst)-start < n {
		dst = append(dst, cur)
		cur = ""
	}
	if i < len(words) || cur != "" {
		dst[len(dst)-1] = ellipsize(dst[len(dst)-1], f, size, limit)
	}
	return dst
}

// plain reports whether s has single spaces between words and no other
// white space, so that it is its own wrapped line.
func plain(s string) bool {
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && s[i+1] == ' ', c == '\t', c == '\n', c == '\r', c == '\v', c == '\f':
			return false
		case c >= 0x80:
			return false // leave other spaces to strings.Fields
		}
	}
	return true
}

// cutToWidth splits a word after as many runes as fit in limit (at
// least one).
func cutToWidth(w string, f font, size, limit int) (string, string) {
	u := 0
	for i, r := range w {
		u += f.advance(r) * size
		if u > limit && i > 0 {
			return w[:i], w[i:]
		}
	}
	return w, ""
}

// ellipsize ends a line in "…" within limit: after its last whole word
// when that keeps a third of the line, or else inside a word.
func ellipsize(line string, f font, size, limit int) string {
	room := limit - f.units("…")*size
	if f.units(line)*size <= room {
		return line + "…"
	}
	for j := strings.LastIndexByte(line, ' '); j > 0; j = strings.LastIndexByte(line[:j], ' ') {
		if u := f.units(line[:j]) * size; u <= room {
			if 3*u >= limit {
				return line[:j] + "…"
			}
			break
		}
	}
	head, _ := cutToWidth(line, f, size, room)
	if f.units(head)*size > room {
		head = ""
	}
	return strings.TrimRight(head, " ") + "…"
}

// appendElapsed appends a duration as seconds with milliseconds:
// "+1.250s".
func appendElapsed(b []byte, d time.Duration) []byte {
	ms := d.Milliseconds()
	if ms < 0 {
		b, ms = append(b, '-'), -ms
	} else {
		b = append(b, '+')
	}
	b = strconv.AppendInt(b, ms/1000, 10)
	b = append(b, '.', byte('0'+ms%1000/100), byte('0'+ms%100/10), byte('0'+ms%10), 's')
	return b
}

// digits counts the decimal digits of n ≥ 0.
func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

func displayName(n string) string {
	if n == "" {
		return "(unknown)"
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
