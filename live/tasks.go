package live

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/agents"

	"github.com/a2aplay/a2aplay/live/panel"
)

// Task and Artifact are package panel's: the page's Live panel shows
// them.
type (
	Task     = panel.Task
	Artifact = panel.Artifact
)

func interruptedState(s string) bool {
	return s == string(a2a.TaskStateInputRequired) || s == string(a2a.TaskStateAuthRequired)
}

func terminalState(s string) bool { return a2a.TaskState(s).Terminal() }

// taskState is the session's record of a task; guarded by Session.mu.
type taskState struct {
	id        a2a.TaskID
	contextID string
	agent     string
	binding   Binding
	state     string
	text      string
	approve   string
	// approveTask and approveAgent: the task approve decides and the
	// agent that serves it (Session.linkOwner).
	approveTask, approveAgent string
	artifacts                 []*a2a.Artifact
	stamp                     time.Time // the status's timestamp, when it had one
}

func (t *taskState) view() Task {
	v := Task{
		ID: string(t.id), ContextID: t.contextID, Agent: t.agent, State: t.state,
		Text: t.text, Binding: t.binding, ApproveURL: t.approve,
		Terminal: terminalState(t.state),
	}
	if t.approve != "" {
		v.RefuseURL = agents.RefuseURLBeside(t.approve)
		v.ApproveTask, v.ApproveAgent = t.approveTask, t.approveAgent
	}
	for _, a := range t.artifacts {
		v.Artifacts = append(v.Artifacts, Artifact{Name: a.Name, Text: partsText(a.Parts)})
	}
	return v
}

// linkOwner returns the agent of the session that serves an operator's
// link: by its card's URLs in a remote session, else the agent whose
// base URL the link starts with (the longest), or "".
func (s *Session) linkOwner(link string) string {
	if s.mode == Remote {
		s.idMu.Lock()
		name, _, id, ok := s.ids.Lookup(link)
		a := s.byID[id]
		s.idMu.Unlock()
		if ok && name != "" && a != nil {
			return a.name
		}
	}
	owner, best := "", 0
	for _, a := range s.agents {
		if (link == a.url || strings.HasPrefix(link, a.url+"/")) && len(a.url) > best {
			owner, best = a.name, len(a.url)
		}
	}
	return owner
}

// observe updates the task table from an event an agent sent; agent is
// the participant that sent it.
func (s *Session) observe(agent string, b Binding, ev a2a.Event) {
	if ev == nil {
		return
	}
	s.mu.Lock()
	switch e := ev.(type) {
	case *a2a.Task:
		t := s.task(e.ID, e.ContextID, agent, b)
		s.setStatus(t, e.Status)
		t.artifacts = append([]*a2a.Artifact(nil), e.Artifacts...)
	case *a2a.TaskStatusUpdateEvent:
		s.setStatus(s.task(e.TaskID, e.ContextID, agent, b), e.Status)
	case *a2a.TaskArtifactUpdateEvent:
		t := s.task(e.TaskID, e.ContextID, agent, b)
		t.artifacts = agents.MergeArtifact(t.artifacts, e)
	default:
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.changed()
}

// task returns the record of a task, creating it; s.mu must be held.
func (s *Session) task(id a2a.TaskID, contextID, agent string, b Binding) *taskState {
	t := s.tasks[id]
	if t == nil {
		t = &taskState{id: id, agent: agent}
		s.tasks[id] = t
		s.order = append(s.order, id)
	}
	if contextID != "" {
		t.contextID = contextID
	}
	if b != "" {
		t.binding = b
	}
	return t
}

func (t *taskState) setStatus(st a2a.TaskStatus) {
	// A terminal state is final: a late or replayed event does not undo it.
	if terminalState(t.state) && !terminalState(string(st.State)) {
		return
	}
	t.state = string(st.State)
	t.text = messageText(st.Message)
	if u := agents.FindApproveURL(t.text); u != "" {
		t.approve = u
	}
}

// setStatus sets a task's status and, when it names a new approve URL,
// whose task and agent that URL decides; s.mu must be held.
//
// Roads bring news of a task by more than one way at once (a send's
// answer and a webhook's notification race), so a status stamped
// earlier than the one the task has is old news and changes nothing.
func (s *Session) setStatus(t *taskState, st a2a.TaskStatus) {
	if st.Timestamp != nil {
		if st.Timestamp.Before(t.stamp) {
			return
		}
		t.stamp = *st.Timestamp
	}
	before := t.approve
	t.setStatus(st)
	if t.approve != "" && t.approve != before {
		t.approveTask = string(agents.DecisionTask(t.approve))
		t.approveAgent = s.linkOwner(t.approve)
	}
}

// lookup returns a copy of what the session knows of a task.
func (s *Session) lookup(id string) (taskState, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tasks[a2a.TaskID(id)]
	if t == nil {
		return taskState{}, false
	}
	return *t, true
}

// messageText returns the text parts of a message, joined by newlines.
func messageText(m *a2a.Message) string {
	if m == nil {
		return ""
	}
	return partsText(m.Parts)
}

// partsText renders parts as text: text as is, data as indented JSON,
// files by name or URL.
func partsText(parts a2a.ContentParts) string {
	var b []string
	for _, p := range parts {
		if p == nil {
			continue
		}
		switch c := p.Content.(type) {
		case a2a.Text:
			b = append(b, string(c))
		case a2a.Data:
			if j, err := json.MarshalIndent(c.Value, "", "  "); err == nil {
				b = append(b, string(j))
			}
		case a2a.URL:
			b = append(b, string(c))
		case a2a.Raw:
			if p.Filename != "" {
				b = append(b, "["+p.Filename+"]")
			} else {
				b = append(b, "[raw "+p.MediaType+"]")
			}
		}
	}
	return strings.Join(b, "\n")
}
