package view

import "strings"

// The first screen: on a first visit the page opens a dialog that says
// what the page is and offers three ways in (a question being answered,
// an approval, Live). The learner dismisses it with one key or click;
// the page then keeps [WelcomeSeen] under [WelcomeKey] in localStorage
// and does not open it again by itself (the header's "Start here"
// does).

// WelcomeKey is the localStorage key under which the page remembers that
// the learner has seen the first screen.
const WelcomeKey = "a2aplay-welcome"

// WelcomeSeen is the value stored under WelcomeKey.
const WelcomeSeen = "seen"

// ShowWelcome reports whether the page opens on its first screen, given
// the URL's link text (its fragment, else its query: "#t=…", "#live=…",
// "#lesson-…", "?t=…") and what localStorage holds under WelcomeKey
// ("" for nothing). A learner who came by a link, a lesson's included,
// asked for something: the page shows it. Any value stored counts as
// seen, so that a browser that kept another version's note does not ask
// again.
func ShowWelcome(link, stored string) bool {
	return stored == "" && strings.TrimLeft(link, "#?") == ""
}
