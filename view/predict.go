package view

import (
	"github.com/a2aplay/a2aplay/replay"
)

// Predict mode: before a step that matters, the page asks the learner
// what comes next, then shows the step and says whether the guess was
// right, with the rule of the specification that decides it where there
// is one. The questions come from the transcript itself, so they work on
// a file the learner opened as on the shipped captures.

// A Question is what the page asks before step Step (1-based) is shown.
type Question struct {
	Step    int          `json:"step"`
	Kind    QuestionKind `json:"kind"`
	Prompt  string       `json:"prompt"`  // "Task 75106f8f is WORKING. Which state does it report next?"
	Choices []string     `json:"choices"` // what the learner picks from, in a fixed order
	Answer  int          `json:"answer"`  // the index of the right choice
	// Why says what decides it, in a sentence; Rule cites the section of
	// the specification ("§7.6.1"), "" when no single rule does.
	Why  string `json:"why,omitempty"`
	Rule string `json:"rule,omitempty"`
}

// A QuestionKind is what a question asks.
type QuestionKind string

const (
	AskState   QuestionKind = "state"   // the state a task reports next
	AskSpeaker QuestionKind = "speaker" // who sends the next message
)

// stateOrder is the order states are offered in: the way a task goes.
var stateOrder = []string{
	replay.StateSubmitted, replay.StateWorking, replay.StateInputRequired, replay.StateAuthRequired,
	replay.StateCompleted, replay.StateFailed, replay.StateCanceled, replay.StateRejected,
}

// Questions returns the questions of predict mode for a transcript's
// steps, in step order: before each step that changes a task's state,
// which state it goes to; before each other step sent by a participant
// that neither sent nor received the step before (the turn passes to
// someone else: the operator, once the deployer has asked for an
// approval), who speaks next, when more than two take part. At most one
// question a step, the state first.
func Questions(steps []replay.Step) []Question {
	var qs []Question
	who := speakers(steps)
	seen := map[string]bool{} // states the transcript reports
	for _, s := range steps {
		if s.Reports && s.State != "" {
			seen[s.State] = true
		}
	}
	for i, s := range steps {
		switch {
		case s.Reports && s.Changed && s.State != "" && s.TaskID != "":
			if q, ok := stateQuestion(steps, i, seen); ok {
				qs = append(qs, q)
			}
		case i > 0 && s.Kind != replay.KindClose && s.From != steps[i-1].From && s.From != steps[i-1].To && len(who) > 2:
			qs = append(qs, speakerQuestion(steps, i, who))
		}
	}
	return qs
}

// stateQuestion asks for the state step i reports. It asks nothing
// where every task goes the same way, which teaches nothing: a new task
// in SUBMITTED, and SUBMITTED to WORKING.
func stateQuestion(steps []replay.Step, i int, seen map[string]bool) (Question, bool) {
	s := steps[i]
	prev := ""
	for j := i - 1; j >= 0; j-- {
		if steps[j].TaskID == s.TaskID && steps[j].Reports {
			prev = steps[j].State
			break
		}
	}
	if s.State == replay.StateSubmitted || prev == replay.StateSubmitted && s.State == replay.StateWorking {
		return Question{}, false
	}
	q := Question{Step: i + 1, Kind: AskState}
	if prev == "" {
		q.Prompt = "Task " + replay.ShortID(s.TaskID) + " appears next. In which state?"
	} else {
		q.Prompt = "Task " + replay.ShortID(s.TaskID) + " is " + replay.ShortState(prev) + ". Which state does it report next?"
	}
	// The right state, the ones the transcript shows, and the two
	// interrupted states and COMPLETED, which a learner weighs most.
	offer := map[string]bool{s.State: true, replay.StateInputRequired: true, replay.StateAuthRequired: true, replay.StateCompleted: true}
	for st := range seen {
		offer[st] = true
	}
	delete(offer, prev)
	delete(offer, replay.StateSubmitted) // no task goes back to it
	offer[s.State] = true
	for _, st := range stateOrder {
		if offer[st] {
			if st == s.State {
				q.Answer = len(q.Choices)
			}
			q.Choices = append(q.Choices, replay.ShortState(st))
		}
	}
	if !known(s.State) { // a state no version names: still the answer
		q.Answer = len(q.Choices)
		q.Choices = append(q.Choices, replay.ShortState(s.State))
	}
	q.Why, q.Rule = stateReason(prev, s)
	return q, true
}

func known(state string) bool {
	for _, st := range stateOrder {
		if st == state {
			return true
		}
	}
	return false
}

// stateReason says why a task goes from prev to the state step s
// reports.
func stateReason(prev string, s replay.Step) (why, rule string) {
	switch {
	case s.State == replay.StateInputRequired:
		return "The agent cannot go on without something only the client knows: it pauses the task in an interrupted state and asks, in the status message.", "§4.1.3"
	case s.State == replay.StateAuthRequired:
		return "The agent needs an authorization before it acts; it travels outside A2A unless both sides agreed otherwise.", "§7.6.1"
	case prev == replay.StateAuthRequired && s.State == replay.StateWorking:
		return "The authorization arrived outside A2A, and the agent goes on by itself: no client message is needed.", "§7.6.1"
	case prev == replay.StateInputRequired && s.State == replay.StateWorking:
		return "The answer came as a new message on the same task, and the agent picks the task up where it stopped.", "§3.4.3"
	case s.State == replay.StateCanceled:
		return "A client may cancel a task that has not ended; a canceled task stays canceled.", "§3.1.5"
	case replay.Terminal(s.State):
		return "The task has ended: a terminal state is final, and a stream of it closes.", "§3.1.2"
	}
	return "", ""
}

func speakerQuestion(steps []replay.Step, i int, who []string) Question {
	s := steps[i]
	q := Question{Step: i + 1, Kind: AskSpeaker, Prompt: "Who sends the next message?"}
	for k, w := range who {
		if w == s.From {
			q.Answer = k
		}
	}
	q.Choices = who
	switch {
	case s.OutOfBand:
		q.Why, q.Rule = s.From+" acts outside A2A: the decision goes straight to the agent that asked for it, not through its client.", "§7.6.1"
	case s.Kind == replay.KindRequest && i > 0 && replay.Interrupted(steps[i-1].State):
		q.Why, q.Rule = "The task waits; the next move is "+s.From+"'s.", "§7.6.2"
	}
	return q
}

// speakers are the participants that send a step, in the order they
// first do.
func speakers(steps []replay.Step) []string {
	var who []string
	seen := map[string]bool{}
	for _, s := range steps {
		if s.From != "" && !seen[s.From] {
			seen[s.From] = true
			who = append(who, s.From)
		}
	}
	return who
}

// A Score is the learner's guesses in one transcript.
type Score struct {
	Asked, Right int
}

// Guess records a guess of choice c at q and reports whether it was
// right.
func (sc *Score) Guess(q Question, c int) bool {
	sc.Asked++
	if c == q.Answer {
		sc.Right++
		return true
	}
	return false
}

// QuestionAt returns the question asked before step k, if there is one;
// qs is in step order.
func QuestionAt(qs []Question, k int) (Question, bool) {
	lo, hi := 0, len(qs)
	for lo < hi {
		m := (lo + hi) / 2
		if qs[m].Step < k {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(qs) && qs[lo].Step == k {
		return qs[lo], true
	}
	return Question{}, false
}
