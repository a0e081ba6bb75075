package replay

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
)

// A SyntaxError reports input that does not follow the format. For a
// transcript it reads "name:line: expected X, found Y".
type SyntaxError struct {
	Name string // the name given to the reader, usually a file name
	Line int    // 1-based line of the problem
	Msg  string // what was expected and what was found
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg) }

// The lines of the format that are not HTTP.
const (
	versionLine     = "# a2aplay transcript 1"
	versionPrefix   = "# a2aplay transcript "
	titlePrefix     = "# title: "
	headerNote      = "# note:"
	participantPref = "# participant: "
	exchangePrefix  = "### "
	fromPrefix      = "# @from "
	toPrefix        = "# @to "
	channelPrefix   = "# @channel "
	noteDirective   = "# @note"
	atPrefix        = "# @at "
	errorPrefix     = "# @error "
	frameAtPrefix   = ": @at "
	endPrefix       = ": @end "
)

// timeLayout is the only time format of a transcript: RFC 3339 in UTC
// with exactly three fractional digits.
const timeLayout = "2006-01-02T15:04:05.000Z"

// Parse reads a transcript, with "\n", "\r\n" or "\r" line breaks. The
// name is used in errors only; Parse reads no file. An error is a
// [*SyntaxError] naming the line and what was expected there.
func Parse(data []byte, name string) (*Transcript, error) {
	return ParseString(string(data), name)
}

// ParseString is [Parse] of text. The transcript's strings share text's
// memory: a caller that reads a large file straight into a string (with
// a [strings.Builder]) holds it once.
func ParseString(text, name string) (*Transcript, error) {
	p := &parser{name: name}
	if err := p.split(text); err != nil {
		return nil, err
	}
	t, err := p.transcript()
	if err != nil {
		return nil, err
	}
	return t, nil
}

type parser struct {
	name  string
	text  string // the input
	eol   string // its line break
	i     int    // index of the current line
	off   int    // offset in text of the current line
	cur   string // the current line, "" at the end of the file
	t     *Transcript
	seen  map[string]int // participant name -> line declared
	names map[string]string
	urls  [8]string // request URLs found valid last, for urlOK
	nURL  int

	// What exchanges are made of, allocated many at a time; what a
	// header list or a stream's frames are gathered in before they are
	// cut to size.
	exchanges  slab[Exchange]
	responses  slab[Response]
	streams    slab[Stream]
	headerSlab slab[Header]
	frameSlab  slab[Frame]
	headerBuf  []Header
	frameBuf   []Frame
}

// A slab hands out values and slices of one larger array, so that the
// many small parts of a long transcript take few allocations.
type slab[T any] struct{ free []T }

// slabSize is how many values a slab allocates at a time.
const slabSize = 128

// one returns a new zero value.
func (s *slab[T]) one() *T {
	if len(s.free) == 0 {
		s.free = make([]T, slabSize)
	}
	v := &s.free[0]
	s.free = s.free[1:]
	return v
}

// take returns a copy of vs, whose capacity is its length; nil when vs
// is empty.
func (s *slab[T]) take(vs []T) []T {
	n := len(vs)
	if n == 0 {
		return nil
	}
	if n > len(s.free) {
		s.free = make([]T, max(n, slabSize))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	copy(out, vs)
	return out
}

// urlOK is validURL of a request's URL. A transcript names the same few
// URLs again and again, so it remembers the last ones it found valid.
func (p *parser) urlOK(u string) bool {
	for _, v := range p.urls {
		if v == u && u != "" {
			return true
		}
	}
	if !validURL(u) {
		return false
	}
	p.urls[p.nURL%len(p.urls)] = u
	p.nURL++
	return true
}

// split checks that the input is UTF-8 and ends each line as its first
// line ends, and sets the parser at its first line.
func (p *parser) split(text string) error {
	if !utf8.ValidString(text) {
		valid := text
		for i, r := range text {
			if r == utf8.RuneError {
				if _, size := utf8.DecodeRuneInString(text[i:]); size <= 1 {
					valid = text[:i]
					break
				}
			}
		}
		n := strings.Count(valid, lineEnding(text)) + 1
		return &SyntaxError{p.name, n, "expected UTF-8 text, found a byte that is not UTF-8"}
	}
	p.text, p.eol = text, lineEnding(text)
	p.cur = p.lineAt(0)
	if oneLineEnding(text, p.eol) {
		return nil
	}
	lines := strings.Split(text, p.eol)
	for i, l := range lines {
		if j := strings.IndexAny(l, "\r\n"); j >= 0 {
			n, found := i+1, `"\n"`
			switch {
			case l[j] == '\n' && j == 0 && i > 0 && p.eol == "\r":
				n, found = i, `"\r\n"` // the line before ends in "\r" + "\n"
			case l[j] == '\r' && j == len(l)-1 && p.eol == "\n":
				found = `"\r\n"`
			case l[j] == '\r':
				found = `"\r"`
			}
			return &SyntaxError{p.name, n, fmt.Sprintf(
				"expected every line to end in %s as the first does, found one ending in %s", quoteEOL(p.eol), found)}
		}
	}
	return nil
}

// oneLineEnding reports whether every "\r" and "\n" in text is part of
// a line break eol.
func oneLineEnding(text, eol string) bool {
	switch eol {
	case "\n":
		return strings.IndexByte(text, '\r') < 0
	case "\r":
		return strings.IndexByte(text, '\n') < 0
	}
	n := strings.Count(text, eol)
	return strings.Count(text, "\r") == n && strings.Count(text, "\n") == n
}

// lineEnding returns the line break a file uses, "\n", "\r\n" or "\r":
// the one its first line ends with.
func lineEnding(text string) string {
	i := strings.IndexAny(text, "\r\n")
	switch {
	case i < 0 || text[i] == '\n':
		return "\n"
	case strings.HasPrefix(text[i:], "\r\n"):
		return "\r\n"
	}
	return "\r"
}

// quoteEOL writes a line break as the format's specification does.
func quoteEOL(eol string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(`"` + eol + `"`)
}

func (p *parser) eof() bool { return p.off >= len(p.text) }

// line returns the current line, or "" at the end of the file.
func (p *parser) line() string { return p.cur }

// next moves to the next line.
func (p *parser) next() {
	p.i++
	p.off += len(p.cur) + len(p.eol)
	p.cur = p.lineAt(p.off)
}

// lineAt returns the line that starts at offset off, or "" past the end.
func (p *parser) lineAt(off int) string {
	if off >= len(p.text) {
		return ""
	}
	l := p.text[off:]
	if j := strings.Index(l, p.eol); j >= 0 {
		return l[:j]
	}
	return l
}

func (p *parser) errorf(format string, args ...any) error {
	return &SyntaxError{p.name, p.i + 1, fmt.Sprintf(format, args...)}
}

// expected reports that the current line is not what was expected.
func (p *parser) expected(what string) error {
	return p.errorf("expected %s, found %s", what, p.found())
}

// found describes the current line for an error.
func (p *parser) found() string {
	if p.eof() {
		return "end of file"
	}
	if p.cur == "" {
		return "an empty line"
	}
	return quote(p.cur)
}

// quote quotes s for an error, shortened when long.
func quote(s string) string {
	const max = 72
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strconv.Quote(s)
}

func (p *parser) transcript() (*Transcript, error) {
	p.t = &Transcript{}
	p.seen, p.names = map[string]int{}, map[string]string{}
	l := p.line()
	if l != versionLine {
		if strings.HasPrefix(l, versionPrefix) {
			return nil, p.errorf("expected %q, found %s (this reader reads version %d only)",
				versionLine, quote(l), Version)
		}
		return nil, p.expected(strconv.Quote(versionLine) + " as the first line")
	}
	p.next()
	if strings.HasPrefix(p.line(), "# title:") {
		v, ok := strings.CutPrefix(p.line(), titlePrefix)
		if !ok || v == "" {
			return nil, p.expected(`"# title: TEXT" with a title`)
		}
		p.t.Title = v
		p.next()
	}
	for strings.HasPrefix(p.line(), headerNote) {
		v := strings.TrimPrefix(p.line(), headerNote)
		if v != "" {
			var ok bool
			if v, ok = strings.CutPrefix(v, " "); !ok {
				return nil, p.expected(`"# note: TEXT" or "# note:"`)
			}
		}
		p.t.Notes = append(p.t.Notes, v)
		p.next()
	}
	for strings.HasPrefix(p.line(), "# participant:") {
		if err := p.participant(); err != nil {
			return nil, err
		}
	}
	if !p.eof() && p.line() != "" && !strings.HasPrefix(p.line(), exchangePrefix) {
		if len(p.t.Participants) == 0 && len(p.t.Notes) == 0 && p.t.Title == "" {
			return nil, p.expected(`"# title: TEXT", "# note: TEXT", "# participant: NAME [URL]" or "### 1 NAME"`)
		}
		if len(p.t.Participants) == 0 {
			return nil, p.expected(`"# note: TEXT", "# participant: NAME [URL]" or "### 1 NAME"`)
		}
		return nil, p.expected(`"# participant: NAME [URL]" or "### 1 NAME"`)
	}
	for {
		for !p.eof() && p.line() == "" {
			p.next()
		}
		if p.eof() {
			return p.t, nil
		}
		seq := len(p.t.Exchanges) + 1
		if !strings.HasPrefix(p.line(), exchangePrefix) {
			if seq == 1 {
				return nil, p.expected(`"### 1 NAME"`)
			}
			return nil, p.expected(fmt.Sprintf(`"### %d NAME" or end of file`, seq))
		}
		x, err := p.exchange(seq)
		if err != nil {
			return nil, err
		}
		p.t.Exchanges = append(p.t.Exchanges, x)
	}
}

func (p *parser) participant() error {
	v, ok := strings.CutPrefix(p.line(), participantPref)
	if !ok {
		return p.expected(`"# participant: NAME [URL]"`)
	}
	name, u, hasURL := strings.Cut(v, " ")
	if !validName(name) {
		return p.errorf(`expected a participant name of letters, digits, ".", "_" or "-" after "# participant:", found %s`, quote(name))
	}
	if hasURL && !validURL(u) {
		return p.errorf(`expected an absolute http or https URL after the participant name, found %s`, quote(u))
	}
	if first, dup := p.seen[name]; dup {
		return p.errorf("expected a new participant name, found %q, declared already on line %d", name, first)
	}
	p.seen[name] = p.i + 1
	// Every exchange names its parties with this copy, not with a piece
	// of its own line: steps that outlive the transcript keep no part of
	// the file's text alive.
	name = strings.Clone(name)
	p.names[name] = name
	p.t.Participants = append(p.t.Participants, Participant{Name: name, URL: u})
	p.next()
	return nil
}

func (p *parser) exchange(seq int) (*Exchange, error) {
	head := p.line()
	rest, _ := strings.CutPrefix(head, exchangePrefix)
	num, name, _ := strings.Cut(rest, " ")
	if !isNumber(num, seq) || name == "" {
		return nil, p.expected(fmt.Sprintf(`"### %d NAME"`, seq))
	}
	x := p.exchanges.one()
	*x = Exchange{Seq: seq, Name: name, Line: p.i + 1}
	p.next()

	var err error
	if x.From, err = p.party(fromPrefix, "# @from NAME", head); err != nil {
		return nil, err
	}
	if x.To, err = p.party(toPrefix, "# @to NAME", "# @from"); err != nil {
		return nil, err
	}
	if v, ok := strings.CutPrefix(p.line(), channelPrefix); ok {
		if v == string(ChannelA2A) || !ValidChannel(Channel(v)) {
			return nil, p.expected(`"# @channel out-of-band" or "# @channel push"`)
		}
		x.Channel = Channel(v)
		p.next()
	}
	for {
		l := p.line()
		if p.eof() {
			break
		}
		if l == noteDirective {
			x.Notes = append(x.Notes, "")
		} else if v, ok := strings.CutPrefix(l, noteDirective+" "); ok {
			x.Notes = append(x.Notes, v)
		} else {
			break
		}
		p.next()
	}
	if !strings.HasPrefix(p.line(), atPrefix) {
		switch {
		case len(x.Notes) > 0 || x.Channel != ChannelA2A:
			return nil, p.expected(`"# @note TEXT" or "# @at TIME"`)
		default:
			return nil, p.expected(`"# @channel CHANNEL", "# @note TEXT" or "# @at TIME"`)
		}
	}
	if x.Request.At, err = p.at(atPrefix); err != nil {
		return nil, err
	}
	if err := p.request(&x.Request); err != nil {
		return nil, err
	}
	if p.eof() || strings.HasPrefix(p.line(), exchangePrefix) {
		return x, nil
	}
	if !strings.HasPrefix(p.line(), atPrefix) {
		return nil, p.expected(fmt.Sprintf(`"# @at TIME" opening the response, "### %d NAME" or end of file`, seq+1))
	}
	if x.Response, err = p.response(); err != nil {
		return nil, err
	}
	for !p.eof() && p.line() == "" {
		p.next()
	}
	if !p.eof() && !strings.HasPrefix(p.line(), exchangePrefix) {
		return nil, p.expected(fmt.Sprintf(`"### %d NAME" or end of file after the response`, seq+1))
	}
	return x, nil
}

// party reads a "# @from" or "# @to" line, which comes after the line
// after, and checks the participant.
func (p *parser) party(prefix, shape, after string) (string, error) {
	v, ok := strings.CutPrefix(p.line(), prefix)
	if !ok {
		return "", p.expected(fmt.Sprintf("%q after %q", shape, after))
	}
	if _, ok := p.seen[v]; !ok {
		return "", p.errorf("expected a participant declared in the header after %q, found %s",
			strings.TrimSpace(prefix), quote(v))
	}
	p.next()
	return p.names[v], nil
}

// at reads a line of the given prefix followed by a time.
func (p *parser) at(prefix string) (time.Time, error) {
	v, _ := strings.CutPrefix(p.line(), prefix)
	t, ok := parseTime(v)
	if !ok {
		return time.Time{}, p.errorf(`expected a UTC time like "2026-10-06T09:00:00.000Z" after %q, found %s`,
			strings.TrimSpace(prefix), quote(v))
	}
	p.next()
	return t, nil
}

func (p *parser) request(r *Request) error {
	r.Line = p.i + 1
	f := strings.Split(p.line(), " ")
	if p.eof() || strings.HasPrefix(p.line(), "#") || len(f) != 3 {
		return p.expected(`a request line "METHOD URL HTTP/1.1" after "# @at"`)
	}
	r.Method, r.URL, r.Proto = f[0], f[1], f[2]
	switch {
	case !validToken(r.Method):
		return p.errorf("expected an HTTP method in the request line, found %s", quote(r.Method))
	case !p.urlOK(r.URL):
		return p.errorf("expected an absolute http or https URL in the request line, found %s", quote(r.URL))
	case !validProto(r.Proto):
		return p.errorf(`expected "HTTP/1.1" or another "HTTP/N.N" at the end of the request line, found %s`, quote(r.Proto))
	}
	p.next()
	var err error
	if r.Header, err = p.headers(); err != nil {
		return err
	}
	r.Body, err = p.body()
	return err
}

func (p *parser) response() (*Response, error) {
	r := p.responses.one()
	r.Line = p.i + 1
	var err error
	if r.At, err = p.at(atPrefix); err != nil {
		return nil, err
	}
	l := p.line()
	if strings.HasPrefix(l, "# @error") {
		v, ok := strings.CutPrefix(l, errorPrefix)
		if !ok || v == "" {
			return nil, p.expected(`"# @error MESSAGE" with a message`)
		}
		r.Err = v
		p.next()
		return r, nil
	}
	proto, rest, _ := strings.Cut(l, " ")
	code, status, _ := strings.Cut(rest, " ")
	if p.eof() || !validProto(proto) || len(code) != 3 {
		return nil, p.expected(`a status line "HTTP/1.1 200 OK" or "# @error MESSAGE" after "# @at"`)
	}
	n, err := strconv.Atoi(code)
	if err != nil || n < 100 || n > 599 {
		return nil, p.errorf("expected a status code from 100 to 599 in the status line, found %s", quote(code))
	}
	r.Proto, r.StatusCode, r.Status = proto, n, status
	p.next()
	if r.Header, err = p.headers(); err != nil {
		return nil, err
	}
	if binding.IsEventStream(r.Get("Content-Type")) {
		if r.Stream, err = p.stream(); err != nil {
			return nil, err
		}
		return r, nil
	}
	if r.Body, err = p.body(); err != nil {
		return nil, err
	}
	return r, nil
}

// headers reads header lines up to and including the empty line after
// them.
func (p *parser) headers() ([]Header, error) {
	h := p.headerBuf[:0]
	defer func() { p.headerBuf = h[:0] }()
	for {
		l := p.line()
		if !p.eof() && l == "" {
			p.next()
			return p.headerSlab.take(h), nil
		}
		name, value, ok := strings.Cut(l, ":")
		if p.eof() || !ok || !validHeaderName(name) {
			return nil, p.expected(`a header line "Name: value" or an empty line ending the headers`)
		}
		value = strings.TrimPrefix(value, " ")
		h = append(h, Header{Name: name, Value: value})
		p.next()
	}
}

// body reads lines up to the next line that starts with "#", and drops
// the empty lines at its end. A body nested too deep is an error.
func (p *parser) body() (string, error) {
	line := p.i + 1
	start, end := p.off, p.off // end: after the last line that is not empty
	for !p.eof() && !strings.HasPrefix(p.cur, "#") {
		if p.cur != "" {
			end = p.off + len(p.cur)
		}
		p.next()
	}
	if end == start {
		return "", nil
	}
	// The lines as they are in the text, with "\n" between them.
	b := p.text[start:end]
	if p.eol != "\n" {
		b = strings.ReplaceAll(b, p.eol, "\n")
	}
	return b, p.tooDeep(b, line)
}

// tooDeep returns the error of a body or a frame's data, text, that
// nests JSON too deep for a2aplay's readers (jsonread.MaxDepth), at the
// line of the bracket past the limit; text starts at line first.
func (p *parser) tooDeep(text string, first int) error {
	err := jsonread.CheckDepth(text)
	if err == nil { // most bodies: no need for errors.As, which allocates
		return nil
	}
	var se *jsonread.SyntaxError
	errors.As(err, &se)
	return &SyntaxError{p.name, first + strings.Count(text[:se.Offset], "\n"), se.Msg}
}

// stream reads an event-stream body: frames, each opened by ": @at TIME",
// and an optional ": @end TIME BY".
func (p *parser) stream() (*Stream, error) {
	s := p.streams.one()
	frames := p.frameBuf[:0]
	defer func() {
		s.Frames = p.frameSlab.take(frames)
		p.frameBuf = frames[:0]
	}()
	for !p.eof() && !strings.HasPrefix(p.line(), "#") {
		l := p.line()
		switch {
		case l == "":
			p.next()
		case strings.HasPrefix(l, frameAtPrefix):
			f, err := p.frame()
			if err != nil {
				return nil, err
			}
			frames = append(frames, f)
		case strings.HasPrefix(l, endPrefix):
			end, err := p.end()
			if err != nil {
				return nil, err
			}
			s.End = end
			for !p.eof() && p.line() == "" {
				p.next()
			}
			if !p.eof() && !strings.HasPrefix(p.line(), "#") {
				return nil, p.expected(`nothing after ": @end" in the stream`)
			}
			return s, nil
		default:
			return nil, p.expected(`": @at TIME" opening a frame or ": @end TIME server|client" in the event stream`)
		}
	}
	return s, nil
}

func (p *parser) frame() (Frame, error) {
	f := Frame{Line: p.i + 1}
	var err error
	if f.At, err = p.at(frameAtPrefix); err != nil {
		return Frame{}, err
	}
	// Fields come in the order id, event, data; stage is how far we are.
	const (
		afterAt = iota
		afterID
		afterEvent
		afterData
	)
	want := [...]string{
		afterAt:    `"id: ID", "event: NAME" or "data: DATA" after ": @at"`,
		afterID:    `"event: NAME" or "data: DATA" after "id:"`,
		afterEvent: `"data: DATA" after "event:"`,
		afterData:  `"data: DATA" or an empty line ending the frame`,
	}
	stage := afterAt
	var data []string
	for {
		l := p.line()
		if p.eof() || strings.HasPrefix(l, "#") {
			return Frame{}, p.expected(want[stage])
		}
		if l == "" {
			if stage != afterData {
				return Frame{}, p.expected(want[stage])
			}
			p.next()
			f.Data = strings.Join(data, "\n")
			return f, p.tooDeep(f.Data, p.i-len(data))
		}
		field, value, _ := strings.Cut(l, ":")
		value = strings.TrimPrefix(value, " ")
		switch {
		case field == "id" && stage == afterAt:
			f.ID, stage = value, afterID
		case field == "event" && stage < afterEvent:
			f.Event, stage = value, afterEvent
		case field == "data":
			data, stage = append(data, value), afterData
		default:
			return Frame{}, p.expected(want[stage])
		}
		p.next()
	}
}

func (p *parser) end() (*StreamEnd, error) {
	e := &StreamEnd{Line: p.i + 1}
	v, _ := strings.CutPrefix(p.line(), endPrefix)
	at, by, _ := strings.Cut(v, " ")
	t, ok := parseTime(at)
	if !ok {
		return nil, p.errorf(`expected a UTC time like "2026-10-06T09:00:00.000Z" after ": @end", found %s`, quote(at))
	}
	if by != EndServer && by != EndClient {
		return nil, p.errorf(`expected "server" or "client" after the time in ": @end", found %s`, quote(by))
	}
	e.At, e.By = t, by
	p.next()
	return e, nil
}

// timeShaped reports whether s has the shape of timeLayout, a digit
// wherever the layout has one: time.Parse accepts one-digit hours, a
// sign before the year and more, which a transcript does not.
func timeShaped(s string) bool {
	const shape = "dddd-dd-ddTdd:dd:dd.dddZ"
	if len(s) != len(shape) {
		return false
	}
	for i := 0; i < len(shape); i++ {
		if shape[i] == 'd' {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		} else if s[i] != shape[i] {
			return false
		}
	}
	return true
}

// parseTime reads a time in the one layout a transcript allows. It
// takes what time.Parse(timeLayout, s) takes, apart from the zero time,
// and gives the same time, without time.Parse's work of reading the
// layout.
func parseTime(s string) (time.Time, bool) {
	if !timeShaped(s) {
		return time.Time{}, false
	}
	num := func(i, n int) int {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			v = v*10 + int(c-'0')
		}
		return v
	}
	year, month, day := num(0, 4), time.Month(num(5, 2)), num(8, 2)
	hour, minute, sec, ms := num(11, 2), num(14, 2), num(17, 2), num(20, 3)
	if month < time.January || month > time.December || day < 1 || day > daysIn(month, year) ||
		hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(year, month, day, hour, minute, sec, ms*int(time.Millisecond), time.UTC)
	if t.IsZero() {
		return time.Time{}, false
	}
	return t, true
}

// daysIn returns the number of days in a month of the proleptic
// Gregorian calendar, as time.Parse counts them.
func daysIn(m time.Month, year int) int {
	if m == time.February && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		return 29
	}
	return int("\x1f\x1c\x1f\x1e\x1f\x1e\x1f\x1f\x1e\x1f\x1e\x1f"[m-1])
}

// isNumber reports whether s is n written in decimal, as strconv.Itoa
// writes it, for n > 0.
func isNumber(s string, n int) bool {
	if s == "" || s[0] == '0' || len(s) > 19 {
		return false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v == n
}

// formatTime writes a time in the transcript's layout.
func formatTime(t time.Time) string { return t.Format(timeLayout) }

// validTime reports whether t can be written and read back unchanged.
func validTime(t time.Time) bool {
	if t.Location() != time.UTC {
		return false
	}
	back, ok := parseTime(formatTime(t))
	return ok && back.Equal(t)
}

// validName reports whether s is a participant name: ASCII letters,
// digits, ".", "_" and "-".
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// validToken reports whether s is an HTTP token (RFC 9110 §5.6.2), as
// method and header names are.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			continue
		}
		if !strings.ContainsRune("!#$%&'*+-.^_`|~", rune(c)) {
			return false
		}
	}
	return true
}

// validHeaderName reports whether s can be a header name in a
// transcript: a token that does not start with "#", since such a line
// would read as a comment.
func validHeaderName(s string) bool { return validToken(s) && s[0] != '#' }

// validProto reports whether s is "HTTP/" followed by a version such as
// 1.1 or 2.
func validProto(s string) bool {
	v, ok := strings.CutPrefix(s, "HTTP/")
	if !ok {
		return false
	}
	switch len(v) {
	case 1:
		return v[0] >= '0' && v[0] <= '9'
	case 3:
		return v[0] >= '0' && v[0] <= '9' && v[1] == '.' && v[2] >= '0' && v[2] <= '9'
	}
	return false
}

// validURL reports whether s is an absolute http or https URL without
// spaces or control characters.
func validURL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			return false
		}
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
