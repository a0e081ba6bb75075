package lesson

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/jsonread"
)

// A listing with a body quotes its own text, and that text must be what
// the capture shows. This file checks it: the quote is read as a piece
// of JSON in which "…" stands for whatever was cut, and it must match a
// value of the named source. Text that is not JSON must occur in the
// source's HTTP text, "…" again standing for any cut.

// cutMark is the character a quote uses where it leaves something out.
const cutMark = "…"

// maxQuote bounds the size of a quoted listing the checker reads.
const maxQuote = 64 << 10

// A pattern is a quoted piece of JSON. Offsets are byte indexes into the
// quote's text.
type pattern struct {
	kind   jsonread.Kind
	off    int
	end    int
	open   bool       // an object or array with a cut: more members or elements may be there
	fields []patField // members of an object, in the quote's order
	items  []*pattern // elements of an array
	str    string     // the decoded text of a string
	raw    string     // a scalar as written
}

type patField struct {
	key string
	off int
	val *pattern
}

// A quoteError is where a quote stops being JSON with cuts.
type quoteError struct {
	off int
	msg string
}

func (e *quoteError) Error() string { return e.msg }

// parseQuote reads a quote: one JSON value, or a run of object members
// ("key": value, …) cut out of an object, with "…" wherever something
// was left out. A run of members matches any object that has them.
func parseQuote(s string) (*pattern, error) {
	if len(s) > maxQuote {
		return nil, &quoteError{0, fmt.Sprintf("the quote is longer than %d bytes", maxQuote)}
	}
	q := &quoteParser{s: s}
	q.space()
	start := q.i
	q.cuts()
	if q.peekMember() {
		p := &pattern{kind: jsonread.Object, off: start, open: true}
		if err := q.members(p, 0, true); err != nil {
			return nil, err
		}
		p.end = q.i
		return p, nil
	}
	if q.i >= len(q.s) {
		return nil, &quoteError{start, "the quote holds no JSON"}
	}
	v, err := q.value(0)
	if err != nil {
		return nil, err
	}
	q.cuts() // a value with cuts around it is still matched as a value
	if q.i < len(q.s) {
		return nil, q.errorf("unexpected %s after the quoted value", q.show())
	}
	return v, nil
}

type quoteParser struct {
	s string
	i int
}

func (q *quoteParser) errorf(format string, args ...any) error {
	return &quoteError{q.i, fmt.Sprintf(format, args...)}
}

func (q *quoteParser) show() string {
	if q.i >= len(q.s) {
		return "the end of the quote"
	}
	r, _ := utf8.DecodeRuneInString(q.s[q.i:])
	return strconv.QuoteRune(r)
}

func (q *quoteParser) space() {
	for q.i < len(q.s) {
		switch q.s[q.i] {
		case ' ', '\t', '\n', '\r':
			q.i++
		default:
			return
		}
	}
}

// cuts skips cut marks and the commas and spaces around them, and
// reports whether there was one.
func (q *quoteParser) cuts() bool {
	found := false
	for {
		q.space()
		switch {
		case strings.HasPrefix(q.s[q.i:], cutMark):
			q.i += len(cutMark)
			found = true
		case q.i < len(q.s) && q.s[q.i] == ',' && found:
			q.i++
		default:
			return found
		}
	}
}

// endsInCut reports whether the quote ends with a cut, which stands for
// the rest of every object and array still open there.
func (q *quoteParser) endsInCut() bool {
	return strings.HasSuffix(strings.TrimRight(q.s, " \t\r\n,"), cutMark)
}

// peekMember reports whether a member ("key":) starts here.
func (q *quoteParser) peekMember() bool {
	if q.i >= len(q.s) || q.s[q.i] != '"' {
		return false
	}
	save := q.i
	defer func() { q.i = save }()
	if _, err := q.str(); err != nil {
		return false
	}
	q.space()
	return q.i < len(q.s) && q.s[q.i] == ':'
}

func (q *quoteParser) value(depth int) (*pattern, error) {
	if depth > jsonread.MaxDepth {
		return nil, q.errorf("the quote nests deeper than %d", jsonread.MaxDepth)
	}
	q.space()
	if q.i >= len(q.s) {
		return nil, q.errorf("the quote ends where a value should be")
	}
	start := q.i
	switch c := q.s[q.i]; {
	case c == '{':
		q.i++
		p := &pattern{kind: jsonread.Object, off: start}
		if err := q.members(p, depth, false); err != nil {
			return nil, err
		}
		p.end = q.i
		return p, nil
	case c == '[':
		q.i++
		p := &pattern{kind: jsonread.Array, off: start}
		for {
			if q.cuts() {
				p.open = true
			}
			if q.i >= len(q.s) {
				if q.endsInCut() {
					p.open, p.end = true, q.i
					return p, nil
				}
				return nil, q.errorf("the quote ends inside an array: a \"]\" is missing")
			}
			if q.s[q.i] == ']' {
				q.i++
				p.end = q.i
				return p, nil
			}
			v, err := q.value(depth + 1)
			if err != nil {
				return nil, err
			}
			p.items = append(p.items, v)
			q.space()
			switch {
			case q.i < len(q.s) && q.s[q.i] == ',':
				q.i++
			case q.i < len(q.s) && q.s[q.i] == ']', strings.HasPrefix(q.s[q.i:], cutMark):
			default:
				return nil, q.errorf("expected \",\" or \"]\" in an array, found %s", q.show())
			}
		}
	case c == '"':
		str, err := q.str()
		if err != nil {
			return nil, err
		}
		return &pattern{kind: jsonread.String, off: start, end: q.i, str: str, raw: q.s[start:q.i]}, nil
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if strings.HasPrefix(q.s[q.i:], lit) {
				q.i += len(lit)
				k := jsonread.Bool
				if lit == "null" {
					k = jsonread.Null
				}
				return &pattern{kind: k, off: start, end: q.i, raw: lit}, nil
			}
		}
	case c == '-' || c >= '0' && c <= '9':
		j := q.i + 1
		for j < len(q.s) && strings.IndexByte("0123456789.eE+-", q.s[j]) >= 0 {
			j++
		}
		if _, err := strconv.ParseFloat(q.s[q.i:j], 64); err != nil {
			return nil, q.errorf("%q is not a number", q.s[q.i:j])
		}
		q.i = j
		return &pattern{kind: jsonread.Number, off: start, end: j, raw: q.s[start:j]}, nil
	}
	return nil, q.errorf("expected a JSON value, found %s", q.show())
}

// members reads object members up to "}" (or the end of the quote, for
// a run of members at the top).
func (q *quoteParser) members(p *pattern, depth int, top bool) error {
	for {
		if q.cuts() {
			p.open = true
		}
		if q.i >= len(q.s) {
			if top {
				return nil
			}
			if q.endsInCut() {
				p.open = true
				return nil
			}
			return q.errorf("the quote ends inside an object: a \"}\" is missing")
		}
		if q.s[q.i] == '}' {
			if top {
				return q.errorf("unexpected \"}\": it closes no object of the quote")
			}
			q.i++
			return nil
		}
		if q.s[q.i] != '"' {
			return q.errorf("expected a member name in quotes, found %s", q.show())
		}
		off := q.i
		key, err := q.str()
		if err != nil {
			return err
		}
		q.space()
		if q.i >= len(q.s) || q.s[q.i] != ':' {
			return q.errorf("expected \":\" after the member name %q, found %s", key, q.show())
		}
		q.i++
		v, err := q.value(depth + 1)
		if err != nil {
			return err
		}
		p.fields = append(p.fields, patField{key: key, off: off, val: v})
		q.space()
		switch {
		case q.i < len(q.s) && q.s[q.i] == ',':
			q.i++
		case q.i < len(q.s) && q.s[q.i] == '}', q.i >= len(q.s), strings.HasPrefix(q.s[q.i:], cutMark):
		default:
			return q.errorf("expected \",\" or \"}\" after the member %q, found %s", key, q.show())
		}
	}
}

// str reads a JSON string and returns its decoded text.
func (q *quoteParser) str() (string, error) {
	start := q.i
	j := q.i + 1
	for j < len(q.s) {
		switch q.s[j] {
		case '\\':
			j += 2
			continue
		case '"':
			s, err := strconv.Unquote(jsonToGoString(q.s[start : j+1]))
			if err != nil {
				return "", &quoteError{start, fmt.Sprintf("the string %s is not valid JSON", clip(q.s[start:j+1], 40))}
			}
			q.i = j + 1
			return s, nil
		case '\n':
			return "", &quoteError{start, "a string of the quote is not closed on its line"}
		}
		j++
	}
	return "", &quoteError{start, "a string of the quote is not closed"}
}

// jsonToGoString turns the escapes JSON has and Go does not (\/) into
// Go's, so that strconv.Unquote reads a JSON string.
func jsonToGoString(s string) string {
	if !strings.Contains(s, `\/`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] == '/' {
				b.WriteByte('/')
			} else {
				b.WriteString(s[i : i+2])
			}
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// A mismatch is the first place where a quote and a capture's value
// differ: at offset off of the quote, the quote has want, the capture
// has got.
type mismatch struct {
	off       int
	want, got string
}

// match compares a quote with a value of the capture. Objects are
// compared member by member, whatever their order (JSON gives members no
// order); an object without a cut must have no other members. Arrays are
// compared element by element in order; with a cut, the quoted elements
// must come in that order among the others. A string with "…" in it
// matches any string with the same text around the cuts. Numbers compare
// by value. It returns how many scalars of the quote matched, and the
// first mismatch in the quote's order (nil when everything matched).
func match(p *pattern, v *jsonread.Value, quote string) (int, *mismatch) {
	if p.kind != v.Kind {
		return 0, &mismatch{p.off, clip(quote[p.off:p.end], 60), "a " + v.Kind.String() + ": " + showValue(v)}
	}
	n := 0
	var first *mismatch
	note := func(k int, mm *mismatch) {
		n += k
		if first == nil {
			first = mm
		}
	}
	switch p.kind {
	case jsonread.Object:
		for _, f := range p.fields {
			fv := v.Get(f.key)
			if fv == nil {
				note(0, &mismatch{f.off, clip(quote[f.off:f.val.end], 60), "no member " + strconv.Quote(f.key) + " there (" + memberList(v) + ")"})
				continue
			}
			k, mm := match(f.val, fv, quote)
			if mm != nil && mm.off == f.val.off && f.val.kind != jsonread.Object && f.val.kind != jsonread.Array {
				// A scalar that differs: show it with its name.
				mm = &mismatch{f.off, clip(quote[f.off:f.val.end], 60), strconv.Quote(f.key) + ": " + mm.got}
			}
			note(k, mm)
		}
		if !p.open && len(v.Fields) > len(p.fields) {
			quoted := map[string]bool{}
			for _, f := range p.fields {
				quoted[f.key] = true
			}
			for _, f := range v.Fields {
				if !quoted[f.Key] {
					note(0, &mismatch{p.end - 1, "no other member (write … where members are cut)", "also the member " + strconv.Quote(f.Key)})
					break
				}
			}
		}
		return n, first
	case jsonread.Array:
		if !p.open {
			if len(p.items) != len(v.Items) {
				note(0, &mismatch{p.off, fmt.Sprintf("%d elements (write … where elements are cut)", len(p.items)), fmt.Sprintf("%d elements", len(v.Items))})
			}
			for i, it := range p.items {
				if i < len(v.Items) {
					note(match(it, v.Items[i], quote))
				}
			}
			return n, first
		}
		j := 0
		for _, it := range p.items {
			found := false
			var near *mismatch
			for k := j; k < len(v.Items); k++ {
				sc, mm := match(it, v.Items[k], quote)
				if mm == nil {
					n += sc
					j, found = k+1, true
					break
				}
				if near == nil {
					near = mm
				}
			}
			if !found {
				if near == nil {
					near = &mismatch{it.off, clip(quote[it.off:it.end], 60), "no more elements"}
				}
				note(0, near)
			}
		}
		return n, first
	case jsonread.String:
		if globMatch(p.str, v.Str) {
			return 1, nil
		}
	case jsonread.Number:
		a, err1 := strconv.ParseFloat(p.raw, 64)
		b, err2 := strconv.ParseFloat(v.Raw, 64)
		if err1 == nil && err2 == nil && a == b {
			return 1, nil
		}
	default:
		if p.raw == v.Raw {
			return 1, nil
		}
	}
	return 0, &mismatch{p.off, clip(quote[p.off:p.end], 60), showValue(v)}
}

// globMatch reports whether s is pat, where each "…" in pat stands for
// any text.
func globMatch(pat, s string) bool {
	parts := strings.Split(pat, cutMark)
	if len(parts) == 1 {
		return pat == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, last)
}

func showValue(v *jsonread.Value) string {
	switch v.Kind {
	case jsonread.Object:
		return "an object (" + memberList(v) + ")"
	case jsonread.Array:
		return fmt.Sprintf("an array of %d elements", len(v.Items))
	}
	return clip(v.Raw, 60)
}

func memberList(v *jsonread.Value) string {
	if len(v.Fields) == 0 {
		return "no members"
	}
	keys := make([]string, 0, len(v.Fields))
	for _, f := range v.Fields {
		keys = append(keys, strconv.Quote(f.Key))
		if len(keys) == 8 {
			keys = append(keys, "…")
			break
		}
	}
	return "members " + strings.Join(keys, ", ")
}

// clip shortens s to about n runes on one line, for a message.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// A place is one value of a capture a quote can come from: a body or a
// frame's data (or an events file), parsed, or its HTTP text.
type place struct {
	where string // "exchange 1, response"
	step  int
	v     *jsonread.Value
	text  string
	// events: v is an events file; the exchange and frame of a value
	// come from its path in it.
	events []eventsEntry
}

type eventsEntry struct {
	exchange int
	steps    map[int]int // frame -> step
}

// A hit is where a quote matched, or came closest.
type hit struct {
	where string
	step  int
	score int
	mm    *mismatch
}

// findQuote looks for the quote p in every place and returns the first
// full match, or the closest miss: the value that matched the most
// scalars before its first difference.
func findQuote(p *pattern, quote string, places []place) hit {
	best := hit{score: -1}
	for _, pl := range places {
		if pl.v == nil {
			continue
		}
		found := false
		walkValues(pl.v, nil, func(v *jsonread.Value, path []int) bool {
			if p.kind != v.Kind && best.score >= 0 {
				return true
			}
			k, mm := match(p, v, quote)
			if mm == nil || k > best.score {
				where, step := pl.where, pl.step
				if pl.events != nil && len(path) > 0 {
					where, step = eventsPlace(pl, path)
				}
				best = hit{where: where, step: step, score: k, mm: mm}
			}
			if mm == nil {
				found = true
				return false
			}
			return true
		})
		if found {
			return best
		}
	}
	return best
}

// walkValues calls f on v and every value inside it, depth first, with
// the array indexes on the way (object members count as -1). f returns
// false to stop.
func walkValues(v *jsonread.Value, path []int, f func(*jsonread.Value, []int) bool) bool {
	if !f(v, path) {
		return false
	}
	for _, fl := range v.Fields {
		if !walkValues(fl.Value, append(path, -1), f) {
			return false
		}
	}
	for i, it := range v.Items {
		if !walkValues(it, append(path, i), f) {
			return false
		}
	}
	return true
}

// eventsPlace names where in an events file a value sits: the exchange
// of its entry and, inside "frames", the frame.
func eventsPlace(pl place, path []int) (string, int) {
	i := path[0]
	if i < 0 || i >= len(pl.events) {
		return pl.where, 0
	}
	e := pl.events[i]
	// path: [entry, -1 ("frames"), frame index, ...]
	if len(path) >= 3 && path[1] == -1 && path[2] >= 0 {
		fr := path[2] + 1
		return fmt.Sprintf("%s, exchange %d, frame %d", pl.where, e.exchange, fr), e.steps[fr]
	}
	return fmt.Sprintf("%s, exchange %d", pl.where, e.exchange), 0
}

// findText looks for a quote that is not JSON in the places' text:
// the parts between cuts must occur in order, spaces compared loosely.
// It returns the place that held the whole quote, or the one that held
// the most of it with the first part it lacks.
func findText(quote string, places []place) hit {
	parts := strings.Split(quote, cutMark)
	best := hit{score: -1}
	for _, pl := range places {
		text := squeeze(pl.text)
		pos, n := 0, 0
		var mm *mismatch
		off := 0
		for _, part := range parts {
			sq := squeeze(part)
			if sq != "" {
				i := strings.Index(text[pos:], sq)
				if i < 0 {
					mm = &mismatch{off + leadingSpace(part), clip(part, 60), nearest(text[pos:], sq)}
					break
				}
				pos += i + len(sq)
				n++
			}
			off += len(part) + len(cutMark)
		}
		if mm == nil {
			return hit{where: pl.where, step: pl.step, score: n}
		}
		if n > best.score {
			best = hit{where: pl.where, step: pl.step, score: n, mm: mm}
		}
	}
	return best
}

func leadingSpace(s string) int { return len(s) - len(strings.TrimLeft(s, " \t\n\r")) }

// squeeze collapses runs of white space to one space and trims the ends.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// nearest shows the capture's text where the longest start of want
// occurs, or says it has none of it.
func nearest(text, want string) string {
	// Only the first 120 bytes are tried, so a long quote against a long
	// capture costs linear time.
	for n := min(len(want)-1, 120); n >= 4; n-- {
		if !utf8.RuneStart(want[n]) {
			continue
		}
		if i := strings.Index(text, want[:n]); i >= 0 {
			end := min(len(text), i+len(want)+10)
			for end < len(text) && !utf8.RuneStart(text[end]) {
				end++
			}
			return clip(text[i:end], 60)
		}
	}
	return "no text like it"
}
