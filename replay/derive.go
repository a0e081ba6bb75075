package replay

import "time"

// A FrameStatus is what a stream frame says about its task.
type FrameStatus struct {
	Task  string    // the task's id, or "" when the frame names none
	State string    // the task's state, such as "TASK_STATE_WORKING", or ""
	At    time.Time // the status timestamp in UTC, zero when the frame has none
}

// ReadFrameStatus reads the task, state and status timestamp of a
// frame's data, in either binding's shape (a JSON-RPC result, or the
// bare object): a task, a statusUpdate, an artifactUpdate (task only) or
// a bare status. Data that says none of this gives the zero FrameStatus.
func ReadFrameStatus(data string) FrameStatus {
	var w wire
	if !decode(data, &w) {
		return FrameStatus{}
	}
	p := &w
	if w.Result != nil {
		p = w.Result
	}
	var f FrameStatus
	var st *wireStatus
	switch {
	case p.Task != nil:
		f.Task, st = p.Task.id(), p.Task.Status
	case p.StatusUpdate != nil:
		f.Task, st = p.StatusUpdate.TaskID, p.StatusUpdate.Status
	case p.ArtifactUpdate != nil:
		f.Task = p.ArtifactUpdate.TaskID
	case p.Status != nil:
		f.Task, st = p.TaskID, p.Status
		if f.Task == "" {
			f.Task = p.id()
		}
	}
	if st != nil {
		f.State = st.State
		if t, err := time.Parse(time.RFC3339Nano, st.Timestamp); err == nil {
			f.At = t.UTC().Truncate(time.Millisecond)
		}
	}
	return f
}

// Method returns the A2A method exchange x calls ("SendMessage"), as
// the step of its request names it ([Step].Method), or "" when it calls
// none: a call outside A2A, or a JSON-RPC method A2A does not define.
func Method(x *Exchange) string { return requestStep(x).Method }
