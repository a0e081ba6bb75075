package view

import (
	"net/url"
	"strconv"
	"strings"
	"time"
)

// A Link is what a deep link says: a shipped transcript (Transcript) or
// a file the learner opened (File), and a position.
type Link struct {
	Transcript string // a shipped transcript's name, "07-auth-required"
	File       string // the name of a file the learner opened
	Compare    string // a story the compare view shows in 1.0 and 0.3 ([Compare])
	Step       int    // 0 for the overview
}

// ParseLink reads a link from a URL fragment or query, with or without
// its leading "#" or "?". Unknown keys are ignored and a bad step reads
// as 0: a link never fails, it only says less.
func ParseLink(s string) Link {
	s = strings.TrimLeft(s, "#?")
	q, _ := url.ParseQuery(s) // keeps the pairs it could read
	var l Link
	l.Transcript = cleanName(q.Get("t"))
	l.Compare = cleanName(q.Get("compare"))
	if l.Transcript == "" {
		l.File = q.Get("f")
	}
	if n, err := strconv.Atoi(q.Get("s")); err == nil && n > 0 {
		l.Step = n
	}
	return l
}

// cleanName keeps a transcript name only if it is a plain name: letters,
// digits, "-", "_" and ".", not starting with ".". Anything else is
// dropped so that a link cannot point outside the transcripts folder.
func cleanName(s string) string {
	if s == "" || len(s) > 100 || s[0] == '.' {
		return ""
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
		default:
			return ""
		}
	}
	return s
}

// Hash is the link as a URL fragment, "#t=06-input-required&s=3". The
// step is left out at the overview.
func (l Link) Hash() string {
	var b strings.Builder
	b.WriteByte('#')
	switch {
	case l.Compare != "":
		b.WriteString("compare=")
		b.WriteString(url.QueryEscape(l.Compare))
	case l.Transcript != "":
		b.WriteString("t=")
		b.WriteString(url.QueryEscape(l.Transcript))
	case l.File != "":
		b.WriteString("f=")
		b.WriteString(url.QueryEscape(l.File))
	}
	if l.Step > 0 {
		if b.Len() > 1 {
			b.WriteByte('&')
		}
		b.WriteString("s=")
		b.WriteString(strconv.Itoa(l.Step))
	}
	return b.String()
}

// Nav is the position in a transcript of N steps.
type Nav struct {
	N   int // number of steps
	Cur int // 0 (overview) to N
}

// Go moves to position i, clamped to 0..N, and reports whether it moved.
func (n *Nav) Go(i int) bool {
	i = max(0, min(i, n.N))
	if i == n.Cur {
		return false
	}
	n.Cur = i
	return true
}

// Next moves one step on; at the last step it stays.
func (n *Nav) Next() bool { return n.Go(n.Cur + 1) }

// Prev moves one step back, down to the overview.
func (n *Nav) Prev() bool { return n.Go(n.Cur - 1) }

// First moves to step 1 (the overview when there are no steps).
func (n *Nav) First() bool { return n.Go(min(1, n.N)) }

// Last moves to the last step.
func (n *Nav) Last() bool { return n.Go(n.N) }

// AtEnd reports whether there is no step after the current one.
func (n *Nav) AtEnd() bool { return n.Cur >= n.N }

// Speeds are the playback speeds offered, as multiples of the base pace.
var Speeds = []float64{0.5, 1, 2, 4}

// BaseInterval is the time one step stays on screen at speed 1.
const BaseInterval = 1200 * time.Millisecond

// Interval is the time between steps when playing at speed s; unknown or
// non-positive speeds play at speed 1.
func Interval(s float64) time.Duration {
	if s <= 0 {
		s = 1
	}
	return time.Duration(float64(BaseInterval) / s)
}

// Summary returns the lane's segments for a track that can show at most
// buckets of them, in a transcript of n steps. A lane with no more
// segments than that comes back as it is. Otherwise the steps are cut
// into buckets runs of equal length, each shown in the state the task
// held longest within it, and runs of one state are joined: the lane
// stays readable, a state held for long shows, and a flurry of short
// changes reads as the state that dominates it.
func (l Lane) Summary(n, buckets int) []Segment {
	if len(l.Segments) <= buckets || buckets <= 0 || n <= 0 {
		return l.Segments
	}
	var out []Segment
	si := 0
	for b := range buckets {
		from, to := b*n/buckets+1, (b+1)*n/buckets
		if to < from {
			continue
		}
		best, bestLen := "", 0
		held := map[string]int{}
		for si < len(l.Segments) && l.Segments[si].To < from {
			si++
		}
		for j := si; j < len(l.Segments) && l.Segments[j].From <= to; j++ {
			s := l.Segments[j]
			k := min(s.To, to) - max(s.From, from) + 1
			held[s.State] += k
			if held[s.State] > bestLen || held[s.State] == bestLen && s.State < best {
				best, bestLen = s.State, held[s.State]
			}
		}
		if best == "" {
			continue // before the task's first state
		}
		if m := len(out); m > 0 && out[m-1].State == best && out[m-1].To == from-1 {
			out[m-1].To = to
			continue
		}
		if m := len(out); m == 0 {
			from = max(from, l.Segments[0].From)
		}
		out = append(out, Segment{From: from, To: to, State: best})
	}
	return out
}
