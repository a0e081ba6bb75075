package panel

import "github.com/a2aplay/a2aplay/internal/jsonvalue"

// The page's side of the boundary, without encoding/json, which the
// viewer's module does not link: the arguments it sends as the members
// of a JavaScript object (Args), and the Snapshot and Result it reads
// from the objects the worker posts (ReadSnapshot, ReadResult). The
// members are named as the types' json tags name them, which the worker
// reads and writes by; the tests hold both to encoding/json (an empty
// list may read as nil).

// Args are the arguments of one of the worker's commands, as the
// members of the object the page posts: only those encoding/json would
// write (no member for an empty field tagged omitempty).
type Args interface {
	Fields() map[string]any
}

// fields collects members, leaving out the empty ones given with omit.
type fields map[string]any

func (f fields) str(key, v string, omit bool) fields {
	if v != "" || !omit {
		f[key] = v
	}
	return f
}

func (f fields) flag(key string, v, omit bool) fields {
	if v || !omit {
		f[key] = v
	}
	return f
}

func (a SaveOptions) Fields() map[string]any { return fields{}.flag("normalize", a.Normalize, false) }

func (a OpenArgs) Fields() map[string]any {
	f := fields{}.str("mode", string(a.Mode), false).str("url", a.URL, true).str("title", a.Title, true)
	if len(a.URLs) > 0 {
		urls := make([]any, len(a.URLs))
		for i, u := range a.URLs {
			urls[i] = u
		}
		f["urls"] = urls
	}
	return f
}

func (a DiffArgs) Fields() map[string]any {
	return fields{}.str("base", a.Base, true).str("repository", a.Repository, true).str("diff", a.Diff, true).
		str("agent", a.Agent, true).str("binding", string(a.Binding), true).str("road", string(a.Road), true)
}

func (a AnswerArgs) Fields() map[string]any {
	return fields{}.str("taskId", a.TaskID, false).str("contextId", a.ContextID, true).str("text", a.Text, false).
		str("variant", string(a.Variant), true).str("agent", a.Agent, true).str("binding", string(a.Binding), true)
}

func (a MessageArgs) Fields() map[string]any {
	return fields{}.str("taskId", a.TaskID, false).str("text", a.Text, true).str("agent", a.Agent, true).
		str("binding", string(a.Binding), true)
}

func (a DeployArgs) Fields() map[string]any {
	return fields{}.str("build", a.Build, true).str("environment", a.Environment, true).flag("blocking", a.Blocking, true).
		str("agent", a.Agent, true).str("binding", string(a.Binding), true).str("road", string(a.Road), true)
}

func (a SendArgs) Fields() map[string]any {
	return fields{}.str("agent", a.Agent, true).str("text", a.Text, false).str("taskId", a.TaskID, true).
		str("contextId", a.ContextID, true).flag("stream", a.Stream, true).str("binding", string(a.Binding), true)
}

func (a PlanArgs) Fields() map[string]any {
	return fields{}.str("base", a.Base, true).str("build", a.Build, true).str("environment", a.Environment, true).
		str("agent", a.Agent, true).str("binding", string(a.Binding), true)
}

func (a TaskArgs) Fields() map[string]any {
	return fields{}.str("taskId", a.TaskID, false).str("agent", a.Agent, true).str("binding", string(a.Binding), true)
}

func (a DecideArgs) Fields() map[string]any {
	return fields{}.str("taskId", a.TaskID, true).str("url", a.URL, true).str("token", a.Token, true)
}

// ReadSnapshot reads the session's state from v, the worker's object.
func ReadSnapshot(v jsonvalue.Value) (Snapshot, error) {
	r := &jsonvalue.Reader{What: "the session's state"}
	s := Snapshot{Mode: Mode(r.Str(v, "", "mode")), Closed: r.Bool(v, "", "closed")}
	r.Objects(v, "", "agents", func(_ int, a jsonvalue.Value, at string) {
		info := AgentInfo{Name: r.Str(a, at, "name"), URL: r.Str(a, at, "url"), Description: r.Str(a, at, "description"),
			Streaming: r.Bool(a, at, "streaming")}
		for _, b := range r.Strs(a, at, "bindings") {
			info.Bindings = append(info.Bindings, Binding(b))
		}
		s.Agents = append(s.Agents, info)
	})
	s.Tasks = readTasks(r, v, "", "tasks")
	r.Objects(v, "", "streams", func(_ int, e jsonvalue.Value, at string) {
		s.Streams = append(s.Streams, readStream(r, e, at))
	})
	r.Objects(v, "", "waiting", func(_ int, w jsonvalue.Value, at string) {
		s.Waiting = append(s.Waiting, Waiting{URL: r.Str(w, at, "url"), Task: r.Str(w, at, "task"), Agent: r.Str(w, at, "agent"),
			Own: r.Bool(w, at, "own"), State: r.Str(w, at, "state"), Says: r.Str(w, at, "says"), PassedUp: readTasks(r, w, at, "passedUp")})
	})
	s.Observations = r.Int(v, "", "observations")
	s.Goroutines = r.Int(v, "", "goroutines")
	return s, r.Err()
}

// ReadResult reads a move's answer from v, the worker's object.
func ReadResult(v jsonvalue.Value) (Result, error) {
	r := &jsonvalue.Reader{What: "the move's answer"}
	res := Result{Move: r.Str(v, "", "move"), Agent: r.Str(v, "", "agent"), Binding: Binding(r.Str(v, "", "binding"))}
	if o, at, ok := r.Object(v, "", "sent"); ok {
		res.Sent = &Sent{TaskID: r.Str(o, at, "taskId"), ContextID: r.Str(o, at, "contextId"), Text: r.Str(o, at, "text")}
	}
	if o, at, ok := r.Object(v, "", "task"); ok {
		t := readTask(r, o, at)
		res.Task = &t
	}
	res.Message = r.Str(v, "", "message")
	if o, at, ok := r.Object(v, "", "stream"); ok {
		st := readStream(r, o, at)
		res.Stream = &st
	}
	if o, at, ok := r.Object(v, "", "http"); ok {
		res.HTTP = &HTTPReply{URL: r.Str(o, at, "url"), Status: r.Int(o, at, "status"), Body: r.Str(o, at, "body")}
	}
	if o, at, ok := r.Object(v, "", "error"); ok {
		res.Error = &WireError{HTTPStatus: r.Int(o, at, "httpStatus"), Code: r.Int(o, at, "code"), Status: r.Str(o, at, "status"),
			Reason: r.Str(o, at, "reason"), Message: r.Str(o, at, "message"), InStream: r.Bool(o, at, "inStream"),
			NoStream: r.Bool(o, at, "noStream"), Transport: r.Str(o, at, "transport")}
	}
	res.Failure = r.Str(v, "", "failure")
	if o, at, ok := r.Object(v, "", "deviation"); ok {
		res.Deviation = &Deviation{Spec: r.Str(o, at, "spec"), Expected: r.Str(o, at, "expected"), Got: r.Str(o, at, "got"),
			Known: r.Str(o, at, "known"), Text: r.Str(o, at, "text")}
	}
	res.Note = r.Str(v, "", "note")
	res.Exchanges = r.Ints(v, "", "exchanges")
	return res, r.Err()
}

func readTasks(r *jsonvalue.Reader, o jsonvalue.Value, at, key string) []Task {
	var ts []Task
	r.Objects(o, at, key, func(_ int, e jsonvalue.Value, at string) { ts = append(ts, readTask(r, e, at)) })
	return ts
}

func readTask(r *jsonvalue.Reader, o jsonvalue.Value, at string) Task {
	t := Task{ID: r.Str(o, at, "id"), ContextID: r.Str(o, at, "contextId"), Agent: r.Str(o, at, "agent"), State: r.Str(o, at, "state"),
		Text: r.Str(o, at, "text"), Binding: Binding(r.Str(o, at, "binding")), ApproveURL: r.Str(o, at, "approveUrl"),
		RefuseURL: r.Str(o, at, "refuseUrl"), ApproveTask: r.Str(o, at, "approveTask"), ApproveAgent: r.Str(o, at, "approveAgent"),
		Terminal: r.Bool(o, at, "terminal")}
	r.Objects(o, at, "artifacts", func(_ int, e jsonvalue.Value, at string) {
		t.Artifacts = append(t.Artifacts, Artifact{Name: r.Str(e, at, "name"), Text: r.Str(e, at, "text")})
	})
	return t
}

func readStream(r *jsonvalue.Reader, o jsonvalue.Value, at string) Stream {
	return Stream{ID: r.Int(o, at, "id"), Move: r.Str(o, at, "move"), Agent: r.Str(o, at, "agent"), Binding: Binding(r.Str(o, at, "binding")),
		TaskID: r.Str(o, at, "taskId"), Open: r.Bool(o, at, "open"), Events: r.Int(o, at, "events"), State: r.Str(o, at, "state"),
		Error: r.Str(o, at, "error")}
}
