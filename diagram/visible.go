package diagram

import "github.com/a2aplay/a2aplay/replay"

// shown returns steps with every text a diagram draws, names of parties,
// labels, details, states and task ids, passed through [replay.Visible],
// so that a bidi override or a zero-width character from a transcript
// shows as an escape instead of hiding or reordering the text around it.
// It returns steps itself when nothing changes, and otherwise a copy: the
// caller's steps are left as they are.
func shown(steps []replay.Step) []replay.Step {
	out, copied := steps, false
	for i := range steps {
		s := &steps[i]
		from, to := replay.Visible(s.From), replay.Visible(s.To)
		label, detail := replay.Visible(s.Label), replay.Visible(s.Detail)
		state, task := replay.Visible(s.State), replay.Visible(s.TaskID)
		if from == s.From && to == s.To && label == s.Label && detail == s.Detail &&
			state == s.State && task == s.TaskID {
			continue
		}
		if !copied {
			out, copied = append([]replay.Step(nil), steps...), true
		}
		c := &out[i]
		c.From, c.To, c.Label, c.Detail, c.State, c.TaskID = from, to, label, detail, state, task
	}
	return out
}

// shownOptions returns o with its title and the names of its parties
// passed through [replay.Visible], as [shown] does for the steps, so that
// the names still match.
func shownOptions(o Options) Options {
	o.Title = replay.Visible(o.Title)
	for _, p := range o.Participants {
		if replay.Visible(p) != p {
			ps := make([]string, len(o.Participants))
			for j, q := range o.Participants {
				ps[j] = replay.Visible(q)
			}
			o.Participants = ps
			break
		}
	}
	return o
}
