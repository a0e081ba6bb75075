package diagram

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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

// labelFont is the font of a step's head: bold for what a party sends
// of its own accord (a request, a push notification), regular for
// answers.
func labelFont(k replay.StepKind) font {
	if k == replay.KindRequest || k == replay.KindPush {
		return sansBold
	}
	return sans
}

// lineWidth is the width of a step's head and badge on one line.
func lineWidth(s *replay.Step, head string) int {
	w := labelFont(s.Kind).width(head, labelSize)
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
// reuse one slice for every label. A line is cut from text itself where
// its words stand in text one space apart, as they mostly do.
func appendWrapped(dst []string, text string, f font, size, width, n int) []string {
	if n > 0 && text != "" && f.units(text)*size <= width*1000 && plain(text) {
		return append(dst, text) // the common case: one line as it is
	}
	if n <= 0 {
		return dst
	}
	limit := width * 1000 // widths below are in units × size
	space := f.units(" ") * size
	start := len(dst)
	var cur line
	cutLeft := false
	ws, we := nextWord(text, 0) // the word at hand: text[ws:we]
	for ws < we && len(dst)-start < n {
		wu := f.units(text[ws:we]) * size
		switch {
		case cur.empty() && wu <= limit:
			cur = line{text: text, s: ws, e: we, u: wu}
			ws, we = nextWord(text, we)
		case cur.empty():
			head, _ := cutToWidth(text[ws:we], f, size, limit)
			dst = append(dst, head)
			if ws += len(head); ws == we { // one character wider than a line
				if len(dst)-start < n {
					ws, we = nextWord(text, we)
				} else {
					cutLeft = true // counts as a word left over
				}
			}
		case cur.u+space+wu <= limit:
			cur.add(ws, we, space+wu)
			ws, we = nextWord(text, we)
		default:
			dst = append(dst, cur.String())
			cur = line{}
		}
	}
	if !cur.empty() && len(dst)-start < n {
		dst = append(dst, cur.String())
		cur = line{}
	}
	if ws < we || cutLeft || !cur.empty() {
		dst[len(dst)-1] = ellipsize(dst[len(dst)-1], f, size, limit)
	}
	return dst
}

// A line is a wrapped line being filled: text[s:e] while its words
// stand one space apart in text, else built.
type line struct {
	text  string
	s, e  int
	built string
	u     int // its width, in units × size
}

func (l *line) empty() bool { return l.s == l.e && l.built == "" }

// add puts the word text[ws:we] at the end of the line, after a space.
func (l *line) add(ws, we, u int) {
	l.u += u
	if l.built == "" && ws == l.e+1 && l.text[l.e] == ' ' {
		l.e = we
		return
	}
	if l.built == "" {
		l.built = l.text[l.s:l.e]
	}
	l.built += " " + l.text[ws:we]
}

func (l *line) String() string {
	if l.built != "" {
		return l.built
	}
	return l.text[l.s:l.e]
}

// nextWord finds the first word of text at or after i, as
// [strings.Fields] splits: its start and end, equal when there is none.
func nextWord(text string, i int) (int, int) {
	for i < len(text) {
		r, n := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[i:])
		}
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	j := i
	for j < len(text) {
		r, n := rune(text[j]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[j:])
		}
		if unicode.IsSpace(r) {
			break
		}
		j += n
	}
	return i, j
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
