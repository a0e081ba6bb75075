package check

import (
	"fmt"
	"sort"

	"github.com/a2aplay/a2aplay/replay"
)

// Severity says how bad a finding is.
type Severity int

const (
	// Violation: the transcript breaks a MUST of the specification.
	Violation Severity = iota
	// Warning: the transcript departs from a SHOULD or a recommendation,
	// or shows something the specification allows only under conditions
	// a transcript cannot show.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
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
	// By says who departs from the rule: ByClient when the finding is
	// about a request, ByAgent when it is about a response or a frame.
	By string
}

// Who a finding is about.
const (
	ByClient = "client"
	ByAgent  = "agent"
)

// String formats the finding as "§3.2.2: message", with "warning: "
// before the message of a warning. A command line tool puts "file:line: "
// in front.
func (f Finding) String() string {
	if f.Severity == Warning {
		return fmt.Sprintf("§%s: warning: %s", f.Section, f.Msg)
	}
	return fmt.Sprintf("§%s: %s", f.Section, f.Msg)
}

// A Rule is one check, with the section of the specification it comes
// from.
type Rule struct {
	ID       string
	Section  string
	Severity Severity // the usual severity; a few rules also report the other
	Summary  string
}

// Rules lists every check, in the order findings of one line are sorted.
var Rules = []Rule{
	{"jsonrpc-envelope", "9", Violation, `JSON-RPC requests, responses and stream frames are JSON-RPC 2.0 objects: "jsonrpc": "2.0", an id the response echoes, exactly one of result and error`},
	{"method-name", "5.3", Violation, "JSON-RPC methods have their v1.0 names (SendMessage, GetTask, ...), not the v0.3 ones (message/send, tasks/get)"},
	{"content-type", "9.1", Violation, "JSON bodies are sent as application/json (HTTP+JSON also allows application/a2a+json); streams as text/event-stream"},
	{"a2a-version", "3.6.1", Warning, "clients send the A2A-Version header, as Major.Minor (1.0)"},
	{"blocking-send", "3.2.2", Violation, "a blocking SendMessage (returnImmediately not set) returns only at a terminal or interrupted state"},
	{"answer-ids", "3.4.3", Violation, "a message that answers a task carries the task's taskId and its contextId; an agent rejects a contextId that is not the task's"},
	{"message-to-terminal", "3.1.1", Violation, "a message to a task in a terminal state is refused with UnsupportedOperationError (-32004)"},
	{"terminal-is-final", "4.1.3", Violation, "a task that reached a terminal state never reports another state"},
	{"auth-required-message", "7.6.1", Warning, "a task entering TASK_STATE_AUTH_REQUIRED carries a status message that says what authorization is needed"},
	{"auth-required-accepts", "7.6.1", Warning, "an agent keeps accepting messages on a task in TASK_STATE_AUTH_REQUIRED, so the client can negotiate, correct or refuse"},
	{"stream-start", "3.1.2", Violation, "a stream starts with the Task, or is exactly one Message and then closes"},
	{"stream-one-task", "3.1.2", Violation, "the events of a task's stream are about that task"},
	{"stream-closes", "3.1.2", Violation, "a stream closes when its task reaches a terminal state, and carries nothing after it"},
	{"subscribe-snapshot", "3.1.6", Violation, "SubscribeToTask's first event is the Task as it is now"},
	{"subscribe-state", "3.1.6", Violation, "SubscribeToTask serves any task not in a terminal state, and refuses a terminal one with UnsupportedOperationError"},
	{"timestamp-utc", "5.6.1", Violation, `timestamps are ISO 8601 in UTC with "Z", no other offset`},
	{"enum-names", "5.5", Violation, "enums travel as their proto names: TASK_STATE_WORKING, ROLE_USER"},
	{"role", "4.1.5", Warning, "a client's message has ROLE_USER and an agent's ROLE_AGENT"},
	{"message-fields", "4.1.4", Violation, "a Message has a messageId, a role and at least one part"},
	{"task-fields", "4.1.1", Violation, "a Task has an id, a contextId and a status with a state"},
	{"part-shape", "4.1.6", Violation, "a Part holds exactly one of text, raw, url and data, and no v0.3 kind or file member"},
	{"history-length", "3.2.4", Warning, "historyLength 0 asks for no history"},
}

var ruleOrder = func() map[string]int {
	m := map[string]int{}
	for i, r := range Rules {
		m[r.ID] = i
	}
	return m
}()

func ruleByID(id string) Rule {
	if i, ok := ruleOrder[id]; ok {
		return Rules[i]
	}
	panic("check: unknown rule " + id) // a programming error, never input
}

// Check checks a transcript against the rules and returns its findings,
// sorted by line. A transcript that follows every rule gives none.
// Check never fails: what it cannot read (a body that is not JSON, an
// exchange outside A2A) it reports or leaves alone.
func Check(t *replay.Transcript) []Finding {
	if t == nil {
		return nil
	}
	c := &checker{t: t}
	c.decode()
	c.run()
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
	return c.findings
}

// Violations counts the findings that are violations.
func Violations(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == Violation {
			n++
		}
	}
	return n
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
