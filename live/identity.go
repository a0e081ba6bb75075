package live

import (
	"net/url"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/replay"
)

// An agent of a remote session is its card: its name and every URL the
// card lists, not the origin it is served from. Several agents may share
// an origin under different paths (http://host:8080/reviewer,
// http://host:8080/deployer), and one agent may be reached as
// localhost, 127.0.0.1 or [::1] on the same port. The session records
// requests by host (capture.Recorder knows only hosts), then names the
// target of each exchange by its URL (Session.agentAt), with
// replay.OriginKey and replay.Under.

// sameURL reports whether a and b name the same place: one origin, one
// path but for a trailing slash.
func sameURL(a, b *url.URL) bool {
	return replay.OriginKey(a) == replay.OriginKey(b) && strings.TrimRight(a.Path, "/") == strings.TrimRight(b.Path, "/")
}

// agentURLs are the URLs that identify an agent: the base URL it was
// opened with and the URL of every interface its card lists.
func agentURLs(base string, card *a2a.AgentCard) []*url.URL {
	var out []*url.URL
	add := func(raw string) {
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return
		}
		for _, v := range out {
			if sameURL(u, v) {
				return
			}
		}
		out = append(out, u)
	}
	add(base)
	if card != nil {
		for _, in := range card.SupportedInterfaces {
			if in != nil {
				add(in.URL)
			}
		}
	}
	return out
}

// sameAgent reports whether an agent with this card, opened at base, is
// ref: the same card name and a URL in common.
func (ref *agentRef) sameAgent(name string, urls []*url.URL) bool {
	if ref.card == nil || ref.card.Name != name {
		return false
	}
	for _, u := range urls {
		for _, v := range ref.urls {
			if sameURL(u, v) {
				return true
			}
		}
	}
	return false
}

// agentAt returns the agent of the session that serves raw, or nil:
// the agent with a URL that raw lies deepest under; else the only agent
// on raw's origin; else, when several share it, the agent of the task
// whose id is a segment of raw's path (an operator's
// POST /approve/{taskId} at the origin's root). rest is raw's path below
// the agent's URL when raw lies under one, else its whole path.
func (s *Session) agentAt(raw string) (a *agentRef, rest string) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, ""
	}
	a, depth := s.agentOf(u)
	if depth > 0 {
		return a, u.Path[depth:]
	}
	return a, u.Path
}

func (s *Session) agentOf(u *url.URL) (*agentRef, int) {
	var best *agentRef
	depth := -1
	var onOrigin []*agentRef
	key := replay.OriginKey(u)
	for _, a := range s.agents {
		on := false
		for _, au := range a.urls {
			if d := replay.Under(u, au); d > depth {
				best, depth = a, d
			}
			on = on || replay.OriginKey(au) == key
		}
		if on {
			onOrigin = append(onOrigin, a)
		}
	}
	switch {
	case best != nil:
		return best, depth
	case len(onOrigin) == 1:
		return onOrigin[0], -1
	case len(onOrigin) == 0:
		return nil, -1
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, seg := range strings.Split(u.Path, "/") {
		if t := s.tasks[a2a.TaskID(seg)]; seg != "" && t != nil {
			for _, a := range onOrigin {
				if a.name == t.agent {
					return a, -1
				}
			}
		}
	}
	return nil, -1
}
