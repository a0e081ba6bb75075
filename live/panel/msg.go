package panel

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/a2aplay/a2aplay/internal/wire"
	"github.com/a2aplay/a2aplay/replay"
)

// Version is the version of the messages between the page and the live
// worker. Every message starts with it (package internal/wire); a page
// and a worker of different versions (a worker the browser kept from an
// older site) refuse each other's messages with ErrVersion rather than
// misread them. Raise it with every change to what a message holds:
// a field added to a type below, a command added or renamed.
const Version = 3

// ErrVersion says that a message was written by another version of this
// package: the page and its live worker come from different builds.
var ErrVersion = wire.ErrVersion

// A Command is one of the page's commands to the worker: its
// arguments, whose type names the op. Each command type is listed in
// commands, so that a Request can be read back.
type Command interface {
	// Op names the command: on the wire, in the worker's switch and in
	// its errors.
	Op() string
	// answer is a new value of what the command answers, to read its
	// Reply into.
	answer() any
}

// The commands that take no arguments, and those that share their
// arguments' type with another command (each command is its own type).
type (
	CloseArgs     struct{}             // "close": a Closed
	StatsArgs     struct{}             // "stats": a Stats
	StateArgs     struct{}             // "state": a Snapshot
	ApproveArgs   struct{ DecideArgs } // "approve": a Result
	RefuseArgs    struct{ DecideArgs } // "refuse": a Result
	SubscribeArgs struct{ TaskArgs }   // "subscribe": a Result
	GetTaskArgs   struct{ TaskArgs }   // "getTask": a Result
	CancelArgs    struct{ TaskArgs }   // "cancel": a Result
)

// The answers that are neither a Snapshot nor a Result.
type (
	// Closed answers "close": the session is closed, and how many
	// goroutines the worker runs after it.
	Closed struct {
		Closed     bool `json:"closed"`
		Goroutines int  `json:"goroutines"`
	}
	// Stats answers "stats": the goroutines the worker runs, counting
	// the one that answers.
	Stats struct {
		Goroutines int `json:"goroutines"`
	}
	// Saved answers "save": the session as a transcript, and its
	// number of exchanges.
	Saved struct {
		Text      string `json:"text"`
		Exchanges int    `json:"exchanges"`
	}
)

func (OpenArgs) Op() string      { return "open" }
func (CloseArgs) Op() string     { return "close" }
func (StatsArgs) Op() string     { return "stats" }
func (StateArgs) Op() string     { return "state" }
func (SaveOptions) Op() string   { return "save" }
func (DiffArgs) Op() string      { return "sendDiff" }
func (AnswerArgs) Op() string    { return "answer" }
func (MessageArgs) Op() string   { return "sendWhileWaiting" }
func (DeployArgs) Op() string    { return "deploy" }
func (ApproveArgs) Op() string   { return "approve" }
func (RefuseArgs) Op() string    { return "refuse" }
func (SubscribeArgs) Op() string { return "subscribe" }
func (GetTaskArgs) Op() string   { return "getTask" }
func (CancelArgs) Op() string    { return "cancel" }
func (PlanArgs) Op() string      { return "runPlanner" }
func (SendArgs) Op() string      { return "send" }

func (OpenArgs) answer() any    { return new(Snapshot) }
func (CloseArgs) answer() any   { return new(Closed) }
func (StatsArgs) answer() any   { return new(Stats) }
func (StateArgs) answer() any   { return new(Snapshot) }
func (SaveOptions) answer() any { return new(Saved) }

// A move answers with a Result.
func (DiffArgs) answer() any      { return new(Result) }
func (AnswerArgs) answer() any    { return new(Result) }
func (MessageArgs) answer() any   { return new(Result) }
func (DeployArgs) answer() any    { return new(Result) }
func (ApproveArgs) answer() any   { return new(Result) }
func (RefuseArgs) answer() any    { return new(Result) }
func (SubscribeArgs) answer() any { return new(Result) }
func (GetTaskArgs) answer() any   { return new(Result) }
func (CancelArgs) answer() any    { return new(Result) }
func (PlanArgs) answer() any      { return new(Result) }
func (SendArgs) answer() any      { return new(Result) }

// commands are the page's commands, one value of each type: Decode
// (and CommandOf) finds a command's type here by its Op.
var commands = []Command{
	OpenArgs{}, CloseArgs{}, StatsArgs{}, StateArgs{}, SaveOptions{},
	DiffArgs{}, AnswerArgs{}, MessageArgs{}, DeployArgs{}, ApproveArgs{}, RefuseArgs{},
	SubscribeArgs{}, GetTaskArgs{}, CancelArgs{}, PlanArgs{}, SendArgs{},
	PollArgs{}, // roads.go
}

// CommandOf is a zero value of the command named op, or nil when
// there is none.
func CommandOf(op string) Command {
	for _, c := range commands {
		if c.Op() == op {
			return c
		}
	}
	return nil
}

// The messages. The page sends Requests; the worker answers each with
// a Reply, and posts the others as the session goes.
type (
	// A Request is a command from the page, with the number its Reply
	// will carry.
	Request struct {
		ID      int
		Command Command
	}
	// A Reply answers the Request of the same ID and Op: its Result (a
	// pointer to the type the command answers) or its Error.
	Reply struct {
		ID     int
		Op     string
		Error  string
		Result any
	}
	// A Delta is what the session recorded since the Delta before,
	// posted after changes, at most every 50 ms: the exchanges that are
	// new or changed (a stream's frames), each at its position in the
	// transcript, and the steps from position From on (0-based), those
	// before being as the Deltas before left them (replay.Stepper).
	// What it costs does not grow with the session. Sessions count up
	// from 1 as they open: a Delta of a later Session than the last
	// starts afresh, and one of an earlier Session (posted as it
	// closed, after the page asked for another) is stale.
	Delta struct {
		Session      int
		Title        string
		Notes        []string
		Participants []replay.Participant
		Exchanges    int // how many the transcript has
		Changed      []Placed
		From         int
		Steps        []replay.Step
	}
	// A State is the session's state, posted with each Delta.
	State struct{ Snapshot Snapshot }
	// Ready says that the worker's module listens, with its goroutines
	// before any session; posted once.
	Ready struct{ Goroutines int }
	// A Failure is the worker's own error: a message it could not read.
	Failure struct{ Error string }
)

// A Placed is an exchange and its position in the transcript (0-based).
type Placed struct {
	At       int
	Exchange *replay.Exchange
}

// The kinds of message, after the version.
const (
	kindRequest = 'C'
	kindReply   = 'A'
	kindDelta   = 'D'
	kindState   = 'S'
	kindReady   = 'Y'
	kindFailure = 'E'
)

// Encode writes a message: a *Request, *Reply, *Delta, *State,
// *Ready or *Failure. A Reply whose Result is not of the type its
// command answers is written as an error saying so.
func Encode(m any) []byte {
	var e *wire.Encoder
	switch m := m.(type) {
	case *Request:
		e = wire.Start(Version, kindRequest)
		e.Int(m.ID)
		e.Str(m.Command.Op())
		e.Value(m.Command)
	case *Reply:
		e = wire.Start(Version, kindReply)
		e.Int(m.ID)
		e.Str(m.Op)
		res, msg := m.Result, m.Error
		if v := reflect.ValueOf(res); v.Kind() == reflect.Pointer && v.IsNil() {
			res = nil // a nil *Result is no result
		}
		if msg == "" {
			if c := CommandOf(m.Op); c == nil {
				res, msg = nil, fmt.Sprintf("live: unknown op %q", m.Op)
			} else if want := reflect.TypeOf(c.answer()); reflect.TypeOf(res) != want {
				res, msg = nil, fmt.Sprintf("live: %s answered a %T, not a %s", m.Op, res, want)
			}
		} else {
			res = nil
		}
		e.Str(msg)
		e.Bool(res != nil)
		if res != nil {
			e.Value(res)
		}
	case *Delta:
		e = wire.Start(Version, kindDelta)
		e.Value(m)
	case *State:
		e = wire.Start(Version, kindState)
		e.Value(m)
	case *Ready:
		e = wire.Start(Version, kindReady)
		e.Value(m)
	case *Failure:
		e = wire.Start(Version, kindFailure)
		e.Value(m)
	default:
		panic(fmt.Sprintf("panel.Encode: no message %T", m))
	}
	return e.B
}

// Decode reads any message Encode writes. A message of another version
// is an error that wraps ErrVersion; a message cut short, with bytes
// left over or naming no command known is an error that says where.
func Decode(data []byte) (any, error) {
	d, kind, err := wire.Open(string(data), Version)
	if err != nil {
		return nil, fmt.Errorf("a live message: %w", err)
	}
	var m any
	switch kind {
	case kindRequest:
		r := &Request{ID: d.Int()}
		op := d.Str()
		c := CommandOf(op)
		if c == nil {
			if d.Err == nil {
				return nil, fmt.Errorf("a live message: no command %q", op)
			}
			break
		}
		p := reflect.New(reflect.TypeOf(c))
		d.ReadValue(p.Interface())
		r.Command = p.Elem().Interface().(Command)
		m = r
	case kindReply:
		r := &Reply{ID: d.Int(), Op: d.Str(), Error: d.Str()}
		has := d.Bool()
		c := CommandOf(r.Op)
		switch {
		case d.Err != nil:
		case c == nil:
			return nil, fmt.Errorf("a live message: a reply to no command known, %q", r.Op)
		case has == (r.Error != ""):
			return nil, errors.New("a live message: a reply must hold a result or an error, not both, not neither")
		case has:
			r.Result = c.answer()
			d.ReadValue(r.Result)
		}
		m = r
	case kindDelta:
		m = new(Delta)
	case kindState:
		m = new(State)
	case kindReady:
		m = new(Ready)
	case kindFailure:
		m = new(Failure)
	default:
		return nil, fmt.Errorf("a live message of no kind known: %q", kind)
	}
	switch kind {
	case kindDelta, kindState, kindReady, kindFailure:
		d.ReadValue(m)
	}
	if err := d.End(); err != nil {
		return nil, fmt.Errorf("a live message: %w", err)
	}
	if m == nil {
		return nil, errors.New("a live message: unreadable")
	}
	return m, nil
}
