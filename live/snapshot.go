package live

// A Snapshot is what a page draws beside the diagram: the agents, the
// tasks with their states (the operator panel lists those that wait in
// AUTH_REQUIRED with an approve URL), the streams being read, and the
// goroutine count.
type Snapshot struct {
	Mode   Mode        `json:"mode"`
	Closed bool        `json:"closed"`
	Agents []AgentInfo `json:"agents"`
	// Tasks are in the order the session first saw them.
	Tasks   []Task   `json:"tasks"`
	Streams []Stream `json:"streams"`
	// Observations is how many events the recorder has stamped
	// (requests, replies, frames, stream ends).
	Observations int `json:"observations"`
	// Goroutines is runtime.NumGoroutine() when the snapshot was taken.
	Goroutines int `json:"goroutines"`
}

// AgentInfo is an agent of the session, from its card.
type AgentInfo struct {
	Name        string    `json:"name"`
	URL         string    `json:"url"`
	Description string    `json:"description,omitempty"`
	Bindings    []Binding `json:"bindings"`
	Streaming   bool      `json:"streaming"`
}

// Snapshot returns the session's state now.
func (s *Session) Snapshot() Snapshot {
	sn := Snapshot{Mode: s.mode, Observations: s.rec.Ticks(), Agents: []AgentInfo{}, Tasks: []Task{}, Streams: []Stream{}}
	for _, a := range s.agents {
		info := AgentInfo{Name: a.name, URL: a.url, Description: a.card.Description, Streaming: a.card.Capabilities.Streaming, Bindings: []Binding{}}
		for _, in := range a.card.SupportedInterfaces {
			if in != nil {
				info.Bindings = append(info.Bindings, Binding(in.ProtocolBinding))
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
	sn.Goroutines = Goroutines()
	return sn
}
