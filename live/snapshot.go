package live

import (
	"slices"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
)

// Snapshot and AgentInfo are package panel's: the page's Live panel
// draws them.
type (
	Snapshot  = panel.Snapshot
	AgentInfo = panel.AgentInfo
)

// Snapshot returns the session's state now.
func (s *Session) Snapshot() Snapshot {
	sn := Snapshot{Mode: s.mode, Version: versionsOf(s.agents, s.version), Observations: s.rec.Ticks(), Agents: []AgentInfo{}, Tasks: []Task{}, Streams: []Stream{}}
	for _, a := range s.agents {
		info := AgentInfo{Name: a.name, URL: a.url, Description: a.card.Description, Streaming: a.card.Capabilities.Streaming, Bindings: []Binding{}, Version: a.version}
		for _, in := range a.card.SupportedInterfaces {
			if in == nil || versionOf(string(in.ProtocolVersion)) != a.version {
				continue
			}
			if b := Binding(in.ProtocolBinding); !slices.Contains(info.Bindings, b) {
				info.Bindings = append(info.Bindings, b)
			}
		}
		sn.Agents = append(sn.Agents, info)
	}
	s.mu.Lock()
	sn.Closed = s.closed
	for _, id := range s.order {
		sn.Tasks = append(sn.Tasks, s.tasks[id].view())
	}
	for _, st := range s.streams {
		sn.Streams = append(sn.Streams, st.Stream)
	}
	s.mu.Unlock()
	sn.Waiting = waiting(sn.Tasks)
	sn.Goroutines = Goroutines()
	return sn
}

// waiting lists the approve links that wait for the operator: one entry
// per link among the tasks in AUTH_REQUIRED, named after the task the
// link decides (Task.ApproveTask), which is the task itself or, for a
// planner that passed its deployer's request up, the deployer's.
func waiting(tasks []Task) []panel.Waiting {
	out := []panel.Waiting{}
	at := map[string]int{} // index in out by link
	for _, t := range tasks {
		if t.State != replay.StateAuthRequired || t.ApproveURL == "" {
			continue
		}
		i, ok := at[t.ApproveURL]
		if !ok {
			i = len(out)
			at[t.ApproveURL] = i
			out = append(out, panel.Waiting{URL: t.ApproveURL, Task: t.ApproveTask, Agent: t.ApproveAgent})
		}
		w := &out[i]
		if own := t.ID == t.ApproveTask || t.ApproveTask == ""; own && !w.Own {
			w.Own = true
			if w.Task == "" {
				w.Task, w.Agent = t.ID, t.Agent
			}
			w.State, w.Says = t.State, t.Text
			continue
		}
		w.PassedUp = append(w.PassedUp, t)
		if w.State == "" {
			w.State, w.Says = t.State, t.Text
		}
	}
	return out
}
