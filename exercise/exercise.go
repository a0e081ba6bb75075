package exercise

import (
	"fmt"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// An Exercise is a task a lesson sets the learner: what must hold of
// their session for it to count, and the wrong roads it recognises.
type Exercise struct {
	ID    string // unique in its lesson; the page keeps progress by it
	Title string
	Live  string // the Live setup it starts: review, deploy, planner or remote
	Done  []Cond // every one must hold
	Wrong []Road // in order: the first that holds gives the hint
}

// A Road is a wrong road: a condition and the hint shown when it holds.
type Road struct {
	When Cond
	Hint string // may name {task}, {other}, {step} and {state}
}

// A Cond is a condition: predicates that must all hold (those with Not,
// must not).
type Cond struct {
	Terms []Term
	Text  string // as written
}

// A Term is one predicate of a condition, or its negation.
type Term struct {
	Not  bool
	Pred Pred
}

// A Pred is one predicate with its arguments, as [ParseCond] read it.
type Pred struct {
	Name  string
	State string // its STATE: a full state name, "interrupted" or "terminal"
	After string // reached STATE after After
	While string // called METHOD while While
	Meth  string // called METHOD
	Agent string // asked AGENT: a participant's name
}

// Lives are the Live setups an exercise can start.
var Lives = []string{"review", "deploy", "planner", "remote"}

// ValidLive reports whether s names a Live setup.
func ValidLive(s string) bool {
	for _, l := range Lives {
		if s == l {
			return true
		}
	}
	return false
}

// methods are the A2A v1.0 methods a condition may name.
var methods = []string{
	"SendMessage", "SendStreamingMessage", "GetTask", "ListTasks", "CancelTask", "SubscribeToTask",
	"CreateTaskPushNotificationConfig", "GetTaskPushNotificationConfig",
	"ListTaskPushNotificationConfigs", "DeleteTaskPushNotificationConfig", "GetExtendedAgentCard",
}

// ParseCond reads a condition: predicates joined by "and", each maybe
// preceded by "not".
func ParseCond(s string) (Cond, error) {
	c := Cond{Text: strings.Join(strings.Fields(s), " ")}
	words := strings.Fields(s)
	if len(words) == 0 {
		return c, fmt.Errorf("empty condition")
	}
	var cur []string
	flush := func() error {
		t, err := parseTerm(cur)
		if err != nil {
			return err
		}
		c.Terms = append(c.Terms, t)
		cur = nil
		return nil
	}
	for _, w := range words {
		if w == "and" {
			if err := flush(); err != nil {
				return c, err
			}
			continue
		}
		cur = append(cur, w)
	}
	if err := flush(); err != nil {
		return c, err
	}
	return c, nil
}

// ParseRoad reads a wrong road, "CONDITION => HINT".
func ParseRoad(s string) (Road, error) {
	cond, hint, ok := strings.Cut(s, "=>")
	if !ok {
		return Road{}, fmt.Errorf("want CONDITION => HINT, found no \"=>\"")
	}
	hint = strings.TrimSpace(hint)
	if hint == "" {
		return Road{}, fmt.Errorf("the hint after \"=>\" is empty")
	}
	c, err := ParseCond(cond)
	if err != nil {
		return Road{}, err
	}
	if err := checkHint(hint); err != nil {
		return Road{}, err
	}
	return Road{When: c, Hint: hint}, nil
}

// checkHint reports a {name} in a hint that Evaluate cannot fill.
func checkHint(h string) error {
	for rest := h; ; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			return nil
		}
		rest = rest[i+1:]
		if strings.HasPrefix(rest, "{") { // {{spec §x}}, a citation
			if j := strings.Index(rest, "}}"); j >= 0 {
				rest = rest[j+2:]
				continue
			}
			return fmt.Errorf("hint: a citation \"{{\" is not closed")
		}
		j := strings.IndexByte(rest, '}')
		if j < 0 {
			return fmt.Errorf("hint: %q is not closed", "{")
		}
		switch rest[:j] {
		case "task", "other", "step", "state":
		default:
			return fmt.Errorf("hint: unknown {%s} (known: {task}, {other}, {step}, {state})", replay.Visible(rest[:j]))
		}
		rest = rest[j+1:]
	}
}

// predicates are the words a condition may use, with the form of their
// arguments, for parseTerm and its errors.
var predicates = map[string]string{
	"reached":         "reached STATE [after STATE]",
	"all-reached":     "all-reached STATE after STATE",
	"answered":        "answered STATE",
	"message-on-task": "message-on-task STATE",
	"new-task-while":  "new-task-while STATE",
	"called":          "called METHOD [while STATE]",
	"approved":        "approved",
	"refused":         "refused",
	"stream-through":  "stream-through STATE",
	"closed-in":       "closed-in STATE",
	"unheard":         "unheard STATE",
	"heard":           "heard STATE",
	"pushed":          "pushed STATE",
	"asked":           "asked AGENT",
}

func parseTerm(words []string) (Term, error) {
	var t Term
	if len(words) > 0 && words[0] == "not" {
		t.Not, words = true, words[1:]
	}
	if len(words) == 0 {
		return t, fmt.Errorf("a predicate is missing (around \"and\" or \"not\")")
	}
	name, args := words[0], words[1:]
	form, ok := predicates[name]
	if !ok {
		return t, fmt.Errorf("unknown predicate %s (known: %s)", printable(name), predicateList())
	}
	bad := func(why string) (Term, error) {
		return t, fmt.Errorf("%s: %s; write %q", name, why, form)
	}
	p := Pred{Name: name}
	switch name {
	case "approved", "refused":
		if len(args) > 0 {
			return bad("it takes no argument")
		}
	case "all-reached":
		if len(args) != 3 || args[1] != "after" {
			return bad(fmt.Sprintf("%d arguments", len(args)))
		}
		fallthrough
	case "reached":
		if len(args) != 1 && !(len(args) == 3 && args[1] == "after") {
			return bad(fmt.Sprintf("%d arguments", len(args)))
		}
		var err error
		if p.State, err = parseState(args[0]); err != nil {
			return bad(err.Error())
		}
		if len(args) == 3 {
			if p.After, err = parseState(args[2]); err != nil {
				return bad(err.Error())
			}
		}
	case "asked":
		if len(args) != 1 {
			return bad(fmt.Sprintf("%d arguments", len(args)))
		}
		if !replay.ValidName(args[0]) {
			return bad(fmt.Sprintf("%s is not a participant's name (letters, digits, '.', '_' and '-')", printable(args[0])))
		}
		p.Agent = args[0]
	case "called":
		if len(args) != 1 && !(len(args) == 3 && args[1] == "while") {
			return bad(fmt.Sprintf("%d arguments", len(args)))
		}
		if !validMethod(args[0]) {
			return bad(fmt.Sprintf("%s is not an A2A method (known: %s)", printable(args[0]), strings.Join(methods, ", ")))
		}
		p.Meth = args[0]
		if len(args) == 3 {
			var err error
			if p.While, err = parseState(args[2]); err != nil {
				return bad(err.Error())
			}
		}
	default: // one STATE
		if len(args) != 1 {
			return bad(fmt.Sprintf("%d arguments", len(args)))
		}
		var err error
		if p.State, err = parseState(args[0]); err != nil {
			return bad(err.Error())
		}
	}
	t.Pred = p
	return t, nil
}

func predicateList() string {
	return "reached, all-reached, answered, message-on-task, new-task-while, called, approved, refused, stream-through, closed-in, heard, unheard, pushed, asked"
}

func validMethod(m string) bool {
	for _, x := range methods {
		if m == x {
			return true
		}
	}
	return false
}

// states are the task states of v1.0, short.
var states = []string{"SUBMITTED", "WORKING", "INPUT_REQUIRED", "AUTH_REQUIRED", "COMPLETED", "FAILED", "CANCELED", "REJECTED"}

// parseState reads a STATE argument into a full state name or a class.
func parseState(s string) (string, error) {
	switch s {
	case "interrupted", "terminal":
		return s, nil
	}
	short := strings.TrimPrefix(s, "TASK_STATE_")
	for _, x := range states {
		if short == x {
			return "TASK_STATE_" + x, nil
		}
	}
	return "", fmt.Errorf("%s is not a task state (known: %s, interrupted, terminal)", printable(s), strings.Join(states, ", "))
}

// stateIs reports whether a task state is want: a full state name or a
// class.
func stateIs(state, want string) bool {
	switch want {
	case "interrupted":
		return replay.Interrupted(state)
	case "terminal":
		return replay.Terminal(state)
	}
	return state != "" && state == want
}

// stateName is want as a learner reads it.
func stateName(want string) string {
	switch want {
	case "interrupted":
		return "an interrupted state"
	case "terminal":
		return "a terminal state"
	}
	return replay.ShortState(want)
}

// printable quotes what a lesson wrote, for an error: in double quotes,
// what would not show as itself escaped (replay.Visible), and cut to a
// length that reads.
func printable(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return `"` + replay.Visible(s) + `"`
}
