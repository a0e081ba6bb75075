package check

import (
	"context"
	"fmt"
	"sort"

	"github.com/a2aplay/a2aplay/replay"
)

// Severity says how bad a finding is: the strength of the sentence its
// rule enforces ([SeverityOf] its keyword).
type Severity int

const (
	// Violation: the transcript breaks a MUST, MUST NOT, SHALL or
	// REQUIRED of the specification (or a field it marks REQUIRED).
	Violation Severity = iota
	// Warning: the transcript departs from a SHOULD, SHOULD NOT or
	// RECOMMENDED.
	Warning
	// Note: the transcript departs from what a sentence without such a
	// keyword describes (or one with MAY or OPTIONAL), or from a rule
	// where the transcript cannot show that the rule was broken (a
	// capture that ended first).
	Note
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "violation"
}

// A Finding is one place where a transcript departs from the
// specification.
type Finding struct {
	Exchange int // the exchange's number (### N); 0 for the transcript as a whole
	Frame    int // 1-based frame of the exchange's stream; 0 when not about a frame
	// Line is the line of the transcript file the finding is about: the
	// line of the offending JSON member when it can be told, else of the
	// request, response or frame. 0 when the transcript was not parsed
	// from a file with lines (a HAR import).
	Line     int
	Section  string // the specification's section, "3.2.2"
	Rule     string // the rule's ID, one of [Rules]
	Msg      string
	Severity Severity
	// By is the side the finding blames: ByClient when the client's
	// request breaks the rule, ByAgent when the agent's response or
	// frame does, ByUnknown when the transcript cannot tell (a stream
	// the capture ended while it was open). Never "".
	By string
	// Deviation names the implementation known to depart from the rule
	// this way ("a2a-go v2.4.0"), when the finding matches one of the
	// measured deviations; the message says so too.
	Deviation string
}

// Who a finding blames.
const (
	ByClient  = "client"
	ByAgent   = "agent"
	ByUnknown = "unknown"
)

// Blame is how text says whom a finding blames: "client", "agent", or
// "cannot tell".
func (f Finding) Blame() string {
	switch f.By {
	case ByClient, ByAgent:
		return f.By
	}
	return "cannot tell"
}

// String formats the finding as "§3.2.2 (agent): message", with
// "warning: " or "note: " before the message of a warning or a note; in
// the parentheses, whom it blames ([Finding.Blame]). A command line tool
// puts "file:line: " in front. The message may quote the transcript as
// it is: a page shows it through replay.Visible.
func (f Finding) String() string {
	if f.Severity != Violation {
		return fmt.Sprintf("§%s (%s): %s: %s", f.Section, f.Blame(), f.Severity, f.Msg)
	}
	return fmt.Sprintf("§%s (%s): %s", f.Section, f.Blame(), f.Msg)
}

// Options tune [Run].
type Options struct {
	// MaxPerRule bounds the findings kept for one rule; the rest are only
	// counted, once per place (exchange, frame and line), in
	// [Report.Omitted]. Zero keeps them all.
	MaxPerRule int
	// Yield, when set, is called between pieces of the work, a few
	// hundred exchanges apart: a caller that shares its thread (the
	// browser's check worker) answers what came meanwhile there. An
	// error it returns stops the run as a done ctx does, and Run
	// returns it.
	Yield func() error
}

// DefaultMaxPerRule is the bound the command line uses: enough to see a
// pattern, few enough that a huge broken file prints a readable report.
const DefaultMaxPerRule = 100

// A Report is what [Run] found.
type Report struct {
	Findings []Finding      // sorted by line, exchange, frame and rule
	Omitted  map[string]int // per rule, findings past Options.MaxPerRule
	// Cut counts the same findings by rule and severity (a rule's
	// findings may be notes where the transcript cannot show it
	// broken), in the order of Rules, violations first.
	Cut []Omission
}

// An Omission is a kind of finding past Options.MaxPerRule: its rule
// and severity, and how many there were.
type Omission struct {
	Rule     string
	Severity Severity
	Count    int
}

// Check checks a transcript against every rule and returns all its
// findings, sorted by line. A transcript that follows every rule gives
// none. Check never fails: what it cannot read (a body that is not JSON,
// an exchange outside A2A) it reports or leaves alone.
func Check(t *replay.Transcript) []Finding {
	r, _ := Run(context.Background(), t, Options{})
	return r.Findings
}

// Run is Check with a bound on findings per rule and a context: it stops
// soon after ctx is done and returns ctx's error with what it found so
// far. Its cost grows linearly with the exchanges, frames and findings
// (one case aside: when one task's states arrive out of time order in
// every batch of 2,048 exchanges, each batch is merged into that task's
// states in one pass over them).
func Run(ctx context.Context, t *replay.Transcript, o Options) (*Report, error) {
	c := newChecker(ctx, t, o)
	if t == nil {
		return &Report{Omitted: c.omitted}, nil
	}
	err := c.run()
	return c.result(), err
}

// result is the report of what c found: its findings, sorted in place.
func (c *checker) result() *Report {
	rep := &Report{Omitted: c.omitted}
	sort.SliceStable(c.findings, func(i, j int) bool {
		a, b := c.findings[i], c.findings[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Exchange != b.Exchange {
			return a.Exchange < b.Exchange
		}
		if a.Frame != b.Frame {
			return a.Frame < b.Frame
		}
		return ruleOrder[a.Rule] < ruleOrder[b.Rule]
	})
	rep.Findings = c.findings
	for k, n := range c.cut {
		k.Count = n
		rep.Cut = append(rep.Cut, k)
	}
	sort.Slice(rep.Cut, func(i, j int) bool {
		a, b := rep.Cut[i], rep.Cut[j]
		if a.Rule != b.Rule {
			return ruleOrder[a.Rule] < ruleOrder[b.Rule]
		}
		return a.Severity < b.Severity
	})
	return rep
}

// StepsOf returns the step of each of fs, as StepOf does, reading the
// steps once: StepOf reads them all for each finding, which for the
// 55,556 findings of a file of 100,000 exchanges kept the check worker
// busy for most of a minute.
func StepsOf(fs []Finding, steps []replay.Step) []int {
	// Each exchange's steps lie together in steps; StepOf reads only an
	// exchange's own, so the span from its first to its last is enough.
	span := map[int][2]int{}
	for i, s := range steps {
		r, ok := span[s.Exchange]
		if !ok {
			r[0] = i
		}
		r[1] = i + 1
		span[s.Exchange] = r
	}
	out := make([]int, len(fs))
	for i, f := range fs {
		r := span[f.Exchange]
		out[i] = StepOf(f, steps[r[0]:r[1]])
	}
	return out
}

// StepOf returns the step (its 1-based Index) a finding belongs to, so
// that a page can show findings on the diagram: the frame's step for a
// finding about a frame, else the request's step for one about the
// client's request, else the reply's (or, for a stream, its close's or
// first frame's). It returns 0 when no step matches, as for a finding
// about the transcript as a whole.
func StepOf(f Finding, steps []replay.Step) int {
	var request, reply, close, first int
	for _, s := range steps {
		if s.Exchange != f.Exchange {
			continue
		}
		switch s.Kind {
		case replay.KindFrame:
			if f.Frame > 0 && s.Frame == f.Frame {
				return s.Index
			}
			if first == 0 {
				first = s.Index
			}
		case replay.KindRequest:
			request = s.Index
		case replay.KindReply:
			reply = s.Index
		case replay.KindClose:
			close = s.Index
		}
	}
	switch {
	case f.Exchange == 0:
		return 0
	case f.By == ByClient && request > 0:
		return request
	case reply > 0:
		return reply
	case close > 0 && f.Rule == "stream-closes":
		return close
	case first > 0:
		return first
	}
	return request
}
