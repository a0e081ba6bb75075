package live

import (
	"errors"
	"fmt"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
)

// The A2A versions a session speaks: replay's names of them.
const (
	V10 = replay.V10
	V03 = replay.V03
)

// ErrNeedsV03 is what a build without a2a-go's 0.3 client (the
// browser's live module) answers to a session that needs 0.3; its text
// holds panel.NeedsV03, which the page looks for.
var ErrNeedsV03 = errors.New("live: this session " + panel.NeedsV03 + " (live03): this one speaks 1.0 only")

// SpeaksV03 says whether this build can open a 0.3 session: natively
// and in the live03 module, built with the tag a2a03.
const SpeaksV03 = capture.HasV03Client

// versionOf reads a version string ("0.3", "0.3.0", "1.0.1") as V10 or
// V03, or "" when it is neither. An interface that names no version is
// taken as 1.0, the card's own version.
func versionOf(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return V10
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return ""
	}
	switch parts[0] + "." + parts[1] {
	case V10:
		return V10
	case V03:
		return V03
	}
	return ""
}

// checkVersion checks the Version of an "open": "", V10 or V03.
func checkVersion(v string) error {
	switch v {
	case "", V10, V03:
		return nil
	}
	return fmt.Errorf("live: open: unknown A2A version %q (want %q or %q, or none: the card decides)", v, V10, V03)
}

// chooseVersion is the version a session speaks to the agent of card:
// want when its card offers an interface of it; with no want, 1.0 when
// the card offers it, else 0.3.
func chooseVersion(name string, card *a2a.AgentCard, want string) (string, error) {
	has := map[string]bool{}
	for _, in := range card.SupportedInterfaces {
		if in != nil {
			has[versionOf(string(in.ProtocolVersion))] = true
		}
	}
	v := want
	switch {
	case want != "" && !has[want]:
		return "", fmt.Errorf("live: the %s's card offers no A2A %s interface", name, want)
	case want != "":
	case has[V10]:
		v = V10
	case has[V03]:
		v = V03
	default:
		return "", fmt.Errorf("live: the %s's card offers no interface of A2A %s or %s", name, V10, V03)
	}
	if v == V03 && !SpeaksV03 {
		return "", ErrNeedsV03
	}
	return v, nil
}

// parseCard reads an agent card: a 1.0 card as a2a-go reads it; a card
// with no supportedInterfaces but a 0.3 card's url (the card of an agent
// that speaks 0.3 only) with a2a-go's 0.3 card parser, in a build that
// has it (v03card.go), else ErrNeedsV03.
func parseCard(b []byte) (*a2a.AgentCard, error) {
	card, err := agentcard.DefaultCardParser(b)
	if err != nil || len(card.SupportedInterfaces) > 0 {
		return card, err
	}
	return parseV03Card(b)
}

// versionsOf names the versions a session's agents speak: one, or
// "0.3 and 1.0".
func versionsOf(refs []*agentRef, offline string) string {
	seen := map[string]bool{}
	for _, a := range refs {
		seen[a.version] = true
	}
	switch {
	case len(seen) == 0:
		return offline
	case len(seen) > 1:
		return V03 + " and " + V10
	}
	for v := range seen {
		return v
	}
	return ""
}
