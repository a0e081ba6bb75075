package live

import (
	"encoding/json"
	"net/url"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// An agent of a remote session is its card: its name and every URL the
// card lists, not the origin it is served from (replay.Agents). Several
// agents may share an origin under different paths
// (http://host:8080/reviewer, http://host:8080/deployer), and one agent
// may be reached as localhost, 127.0.0.1 or [::1] on the same port. The
// recorder knows only hosts; the session names the target of each
// exchange by its URL (Session.agentAt).

// learn adds an agent's card, read at base, to the session's agent
// identities and returns the agent it names when the session has it
// already.
func (s *Session) learn(base string, card *a2a.AgentCard) *agentRef {
	b, err := json.Marshal(card)
	if err != nil {
		return nil
	}
	s.idMu.Lock()
	defer s.idMu.Unlock()
	s.ids.AddCard(strings.TrimRight(base, "/")+"/.well-known/agent-card.json", b)
	if name, _, id, ok := s.ids.Lookup(base); ok && name != "" {
		return s.byID[id]
	}
	return nil
}

// known records ref as the agent that base leads to.
func (s *Session) known(base string, ref *agentRef) {
	s.idMu.Lock()
	defer s.idMu.Unlock()
	if name, _, id, ok := s.ids.Lookup(base); ok && name != "" {
		s.byID[id] = ref
	}
}

// agentAt returns the agent of the session that serves raw, or nil:
// the agent whose card covers raw (replay.Agents.Lookup), else for a
// call outside A2A (oob) the agent of the task whose id is a segment of
// raw's path, as an operator's POST /approve/{taskId} on an origin that
// several agents share. rest is raw's path below the agent's base URL,
// or its whole path.
func (s *Session) agentAt(raw string, oob bool) (a *agentRef, rest string) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, ""
	}
	s.idMu.Lock()
	name, _, id, ok := s.ids.Lookup(raw)
	if ok && name != "" {
		a = s.byID[id]
	}
	s.idMu.Unlock()
	if a == nil && oob {
		a = s.taskInPath(u.Path)
	}
	if a == nil {
		return nil, ""
	}
	if b, err := url.Parse(a.url); err == nil {
		if bp := strings.TrimRight(b.Path, "/"); bp != "" && strings.HasPrefix(u.Path, bp+"/") {
			return a, u.Path[len(bp):]
		}
	}
	return a, u.Path
}

// taskInPath returns the agent of a task whose id is a segment of path.
func (s *Session) taskInPath(path string) *agentRef {
	s.mu.Lock()
	var agent string
	for _, seg := range strings.Split(path, "/") {
		if t := s.tasks[a2a.TaskID(seg)]; seg != "" && t != nil {
			agent = t.agent
			break
		}
	}
	s.mu.Unlock()
	if agent == "" {
		return nil
	}
	return s.agentNamed(agent)
}
