package view

import (
	"net/url"

	"github.com/a2aplay/a2aplay/replay"
)

// The deployer's status message carries its approve link, and the
// inspector's "Says" shows it as a link. A browser tab cannot use it:
// the agents of Live's in-page kit have no address a tab reaches, a
// recorded agent is not running, and even a running kit's deployer
// takes the decision as a POST with the operator's token, not a GET.
// [ActOnLink] says what a click on such a link does instead.

// A LinkUse is what a click on a link in "Says" does.
type LinkUse int

const (
	LinkOpen     LinkUse = iota // open it in a tab of its own: a web page, or a remote agent's real address
	LinkOperator                // the Live operator panel holds it: decide the task there
	LinkStep                    // a step of the transcript is the decision sent to it: go there
	LinkSay                     // it can do nothing here: say why (LinkAct.Why)
)

// A LinkAct is what to do with a click on a link: its use, the step for
// LinkStep, and the words for LinkSay.
type LinkAct struct {
	Use  LinkUse
	Step int
	Why  string
}

// A LinkPlace is where a link was clicked.
type LinkPlace struct {
	Live   bool // the diagram shows the Live session
	InPage bool // its agents run in this page, not at an address
	// Auth is set when the step that says the link is in AUTH_REQUIRED:
	// the link is the task's way to a decision.
	Auth    bool
	Waiting []string // the approve links the operator panel lists now
}

// ActOnLink says what a click on link does in the inspector's "Says" of
// a step of steps (the transcript's, or the Live session's):
//
//   - an approve link the operator panel lists (Live): decide it there;
//   - a link that a step of the transcript is a request to (the
//     operator's POST, outside A2A): go to that step, where the decision
//     was sent;
//   - in Live with the in-page agents, a link to them: say that they have
//     no address a tab reaches and that nothing waits at it now;
//   - a replay's link said by a task in AUTH_REQUIRED: say that it is the
//     address the agent gave when the exchange was recorded, where an
//     operator POSTs with a token, and that Live lets the learner decide
//     one;
//   - anything else (a remote agent's real approval page, a web page):
//     open it in a tab.
func ActOnLink(link string, t *replay.Transcript, steps []replay.Step, at LinkPlace) LinkAct {
	if at.Live {
		for _, w := range at.Waiting {
			if w == link {
				return LinkAct{Use: LinkOperator}
			}
		}
	}
	if k := stepRequesting(link, t, steps); k > 0 {
		return LinkAct{Use: LinkStep, Step: k}
	}
	switch {
	case at.Live && at.InPage:
		return LinkAct{Use: LinkSay, Why: "The agents of this page run inside it, so their links open nothing in a tab: the operator panel decides their tasks. Nothing waits for a decision at this link now."}
	case !at.Live && at.Auth:
		return LinkAct{Use: LinkSay, Why: "This is the address the agent gave when this exchange was recorded: an operator sends the decision there with a POST and the operator's token, outside A2A. A tab would only ask it with a GET, and the agent is not running here. To decide a task yourself, play Live's Approve."}
	}
	return LinkAct{Use: LinkOpen}
}

// stepRequesting returns the first step that is the request of an
// exchange sent to link, 0 when none is.
func stepRequesting(link string, t *replay.Transcript, steps []replay.Step) int {
	if t == nil {
		return 0
	}
	for _, s := range steps {
		if s.Kind != replay.KindRequest {
			continue
		}
		for _, e := range t.Exchanges {
			if e.Seq == s.Exchange && e.Request.URL == link {
				return s.Index
			}
		}
	}
	return 0
}

// AgentOfLink names the agent an approve link decides at, for the
// operator panel: its name when an agent of the session serves it, else
// "the agent at HOST" from the link (a link passed up from an agent the
// learner did not connect), or "the agent that sent the link" when the
// link names no host.
func AgentOfLink(name, link string) string {
	if name != "" {
		return name
	}
	if u, err := url.Parse(link); err == nil && u.Host != "" {
		return "the agent at " + u.Host
	}
	return "the agent that sent the link"
}
