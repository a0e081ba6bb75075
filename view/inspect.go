package view

import (
	"strconv"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// A Detail is what the inspector shows for one step. Every field is
// plain text: the page sets it as text, never as markup, and a character
// that would not show as itself is written as its escape.
type Detail struct {
	Heading string   // "Step 3 of 9 · reply"
	Label   string   // the step's label, "task e5c95b09 INPUT_REQUIRED"
	Rows    []Row    // facts: time, parties, exchange, stream, ids, state
	Raw     string   // the step as it was on the wire
	JSON    string   // the body or frame data as indented JSON; "" if not JSON
	Body    string   // the body or frame data as it was, for the JSON tree
	Curl    string   // the exchange's request as a curl command
	Notes   []string // the exchange's notes
}

// A Row is one fact of a [Detail]. State is set on the row that shows a
// task state, so the page can colour it.
type Row struct {
	Name  string
	Value string
	State string
}

// timeLayout writes times as the transcript does: UTC with "Z".
const timeLayout = "2006-01-02T15:04:05.000Z"

// FormatTime writes t in UTC with milliseconds and "Z".
func FormatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// Inspect describes steps[i], a step of transcript t.
func Inspect(t *replay.Transcript, steps []replay.Step, i int) Detail {
	var start time.Time
	if len(steps) > 0 {
		start = steps[0].At
	}
	return InspectStep(t, steps[i], len(steps), start)
}

// InspectStep describes step s of transcript t, which has n steps in
// all, the first at start: t need only hold s's exchange, as a [Part]
// does.
func InspectStep(t *replay.Transcript, s replay.Step, n int, start time.Time) Detail {
	d := Detail{
		Heading: "Step " + strconv.Itoa(s.Index) + " of " + strconv.Itoa(n) + " · " + kindName(s),
		Label:   s.Label,
	}
	ex := exchange(t, s.Exchange)
	add := func(name, value string) {
		if value != "" {
			d.Rows = append(d.Rows, Row{Name: name, Value: value})
		}
	}
	at := FormatTime(s.At)
	if !start.IsZero() {
		at += " (+" + seconds(s.At.Sub(start)) + ")"
	}
	add("Time", at)
	add("From → to", s.From+" → "+s.To)
	if s.OutOfBand {
		add("Channel", "outside A2A (plain HTTP)")
	}
	if ex != nil {
		add("Exchange", strconv.Itoa(ex.Seq)+" "+ex.Name)
		if v := replay.ExchangeVersion(ex); v != "" {
			add("A2A version", v)
		}
	}
	add("Method", s.Method)
	if ex != nil && ex.Response != nil && ex.Response.Stream != nil {
		add("Stream", streamText(ex, s))
	}
	add("Task", s.TaskID)
	add("Context", s.ContextID)
	if s.State != "" {
		v := replay.ShortState(s.State)
		switch {
		case s.Reports && s.Changed:
			v += " (changed here)"
		case s.Reports:
			v += " (reported again)"
		default:
			v += " (unchanged)"
		}
		if name, ok := replay.V03StateName(s.State); ok && s.Reports && s.Version == replay.V03 {
			v += ", written " + name + " in 0.3"
		}
		d.Rows = append(d.Rows, Row{Name: "Task state", Value: v, State: s.State})
	}
	if s.Status != 0 {
		add("HTTP status", strconv.Itoa(s.Status))
	}
	if e := s.Error; e != nil {
		v := e.Kind + " error"
		if e.Code != 0 {
			v += " " + strconv.Itoa(e.Code)
		}
		if e.Message != "" {
			v += ": " + e.Message
		}
		add("Error", v)
	}
	if ex != nil {
		d.Notes = ex.Notes
		d.Raw, d.JSON, d.Body = wire(ex, s)
		d.Curl = Curl(&ex.Request)
	}
	// The words whole: the label shortens ids, and a shortened URL is no
	// link.
	if w := says(d.Body); w != "" {
		add("Says", w)
	} else {
		add("Says", s.Detail)
	}
	return d.visible()
}

// visible returns d with every text passed through [replay.Visible]: a
// bidi override, a zero-width character or a control character that a
// transcript put in a body, a header or a name shows as its escape, so
// the inspector cannot show one text for another.
func (d Detail) visible() Detail {
	v := replay.Visible
	d.Heading, d.Label, d.Raw, d.JSON = v(d.Heading), v(d.Label), v(d.Raw), v(d.JSON)
	rows := make([]Row, len(d.Rows))
	for i, r := range d.Rows {
		rows[i] = Row{Name: v(r.Name), Value: v(r.Value), State: r.State}
	}
	d.Rows = rows
	if len(d.Notes) > 0 {
		notes := make([]string, len(d.Notes))
		for i, n := range d.Notes {
			notes[i] = v(n)
		}
		d.Notes = notes
	}
	return d
}

func kindName(s replay.Step) string {
	switch s.Kind {
	case replay.KindRequest:
		if s.OutOfBand {
			return "request outside A2A"
		}
		return "request"
	case replay.KindReply:
		return "reply"
	case replay.KindFrame:
		return "stream frame " + strconv.Itoa(s.Frame)
	case replay.KindClose:
		return "stream closed"
	}
	return string(s.Kind)
}

func exchange(t *replay.Transcript, seq int) *replay.Exchange {
	if t == nil {
		return nil
	}
	for _, ex := range t.Exchanges {
		if ex != nil && ex.Seq == seq {
			return ex
		}
	}
	return nil
}

func seconds(d time.Duration) string {
	ms := d.Milliseconds()
	if ms < 0 {
		return "-" + seconds(-d)
	}
	frac := strconv.FormatInt(1000+ms%1000, 10)[1:]
	return strconv.FormatInt(ms/1000, 10) + "." + frac + " s"
}

// streamText says where a step sits in its exchange's stream.
func streamText(ex *replay.Exchange, s replay.Step) string {
	st := ex.Response.Stream
	n := strconv.Itoa(len(st.Frames))
	frames := n + " frames"
	if len(st.Frames) == 1 {
		frames = "1 frame"
	}
	var b strings.Builder
	switch s.Kind {
	case replay.KindFrame:
		b.WriteString("frame " + strconv.Itoa(s.Frame) + " of " + n)
	case replay.KindRequest:
		b.WriteString("opens a stream of " + frames)
	default:
		b.WriteString(frames)
	}
	if st.End != nil {
		b.WriteString("; closed by the " + st.End.By + " at " + FormatTime(st.End.At))
	} else {
		b.WriteString("; still open when the capture ended")
	}
	return b.String()
}

// wire returns the raw text of what step s saw on the wire, its body as
// indented JSON when it is JSON, and the body as it was.
func wire(ex *replay.Exchange, s replay.Step) (raw, pretty, body string) {
	switch s.Kind {
	case replay.KindRequest, replay.KindPush:
		r := ex.Request
		var b strings.Builder
		replay.WriteRequestHead(&b, &r)
		b.WriteString("\n" + r.Body)
		return b.String(), indent(r.Body), r.Body
	case replay.KindReply:
		rs := ex.Response
		if rs == nil {
			return "", "", ""
		}
		if rs.Err != "" {
			return "no response: " + rs.Err, "", ""
		}
		var b strings.Builder
		replay.WriteResponseHead(&b, rs)
		b.WriteString("\n" + rs.Body)
		return b.String(), indent(rs.Body), rs.Body
	case replay.KindFrame:
		rs := ex.Response
		if rs == nil || rs.Stream == nil || s.Frame < 1 || s.Frame > len(rs.Stream.Frames) {
			return "", "", ""
		}
		f := rs.Stream.Frames[s.Frame-1]
		var b strings.Builder
		if s.Frame == 1 {
			// The first frame arrives with the response's status line.
			replay.WriteResponseHead(&b, rs)
			b.WriteString("\n")
		}
		replay.WriteFrame(&b, &f)
		return b.String(), indent(f.Data), f.Data
	case replay.KindClose:
		rs := ex.Response
		if rs == nil || rs.Stream == nil || rs.Stream.End == nil {
			return "", "", ""
		}
		e := rs.Stream.End
		return "(stream closed by the " + e.By + " at " + FormatTime(e.At) + ")", "", ""
	}
	return "", "", ""
}

// indent returns body as JSON indented by two spaces, or "" when it is
// not JSON.
func indent(body string) string {
	body = strings.TrimSpace(body)
	if body == "" || (body[0] != '{' && body[0] != '[') {
		return ""
	}
	out, _ := jsonread.Indent(body)
	return out
}

// A Summary describes a whole transcript, for the overview position.
type Summary struct {
	Title        string
	Notes        []string // the transcript's notes, such as what an import left out
	Participants []string // "code-reviewer http://localhost:41242"
	Steps        int
	Exchanges    int
	Tasks        int
}

// Summarize describes transcript t and its steps.
func Summarize(t *replay.Transcript, steps []replay.Step) Summary {
	s := Summary{Title: t.Title, Steps: len(steps), Exchanges: len(t.Exchanges)}
	for _, n := range t.Notes {
		if n != "" {
			s.Notes = append(s.Notes, n)
		}
	}
	for _, p := range t.Participants {
		s.Participants = append(s.Participants, strings.TrimSpace(p.Name+" "+p.URL))
	}
	s.Tasks = len(replay.Timelines(steps))
	s.Title = replay.Visible(s.Title)
	for i, p := range s.Participants {
		s.Participants[i] = replay.Visible(p)
	}
	return s
}

// A Lane is one task's states over the steps, for the task-state lane.
type Lane struct {
	TaskID   string
	Segments []Segment
}

// A Segment is a run of steps, From to To (1-based, inclusive), during
// which a task was in State.
type Segment struct {
	From, To int
	State    string
}

// Lanes returns one lane per task, in the order tasks first appear. A
// task's last segment runs to the last step.
func Lanes(steps []replay.Step) []Lane {
	var out []Lane
	for _, tl := range replay.Timelines(steps) {
		l := Lane{TaskID: tl.TaskID}
		for i, p := range tl.Points {
			to := len(steps)
			if i+1 < len(tl.Points) {
				to = tl.Points[i+1].Index - 1
			}
			l.Segments = append(l.Segments, Segment{From: p.Index, To: to, State: p.State})
		}
		out = append(out, l)
	}
	return out
}

// StateAt returns the state of lane l at position cur, or "" before its
// first state (and at the overview, the last state).
func (l Lane) StateAt(cur int) string {
	if len(l.Segments) == 0 {
		return ""
	}
	if cur == 0 {
		return l.Segments[len(l.Segments)-1].State
	}
	for _, s := range l.Segments {
		if s.From <= cur && cur <= s.To {
			return s.State
		}
	}
	return ""
}
