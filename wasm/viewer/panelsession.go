//go:build js && wasm

package viewer

import (
	"errors"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// openSession opens an offline or a remote session; the worker closes
// the one before.
func (p *page) openSession(args panel.OpenArgs) {
	s := &p.live.panel
	s.mode = args.Mode
	s.opening = true
	s.review, s.plan, s.deploys = nil, nil, nil
	clear(s.decided)
	p.stopRoads()
	s.after = -1
	for _, l := range dom.All(p.live.el.panel, ".lv-log") {
		dom.Clear(l)
	}
	p.paintPanel()
	var open func()
	open = func() {
		p.liveReset()
		p.call(args, func(r any, err error) {
			// A session that needs 0.3 opens in the live03 module.
			if isNeeds03(err) && !s.on03 && p.openIn03(open) {
				return
			}
			s.opening = false
			if err != nil {
				s.open = false
				if isNeeds03(err) {
					p.status(p.needs03(err), "error")
				} else if args.Mode == panel.Remote {
					p.status("Could not read the agents' cards: "+err.Error()+". Is the agent running, and does it allow CORS? The kit does: run a2aplay agents. The served page may only fetch the origins its Content-Security-Policy names (a2aplay serve -connect-src).", "error")
				} else {
					p.status("The session could not open: "+err.Error(), "error")
				}
				p.paintPanel()
				return
			}
			snap := *r.(*panel.Snapshot)
			s.snap, s.open, s.closed, s.mode = snap, true, false, snap.Mode
			var names []string
			for _, a := range snap.Agents {
				names = append(names, a.Name)
			}
			if snap.Mode == panel.Remote {
				p.status("Connected: "+strings.Join(names, ", ")+". Requests go from this page to the agents through the browser's fetch."+speaks(snap), "ok")
			} else {
				p.status("Ready: "+strings.Join(names, ", ")+" run in a Web Worker of this page. Nothing leaves your browser."+speaks(snap), "ok")
			}
			p.paintPanel()
		})
	}
	if args.Version == replay.V03 && !s.on03 {
		// Known before asking: start the module that speaks it.
		if !p.openIn03(open) {
			s.opening = false
			p.status(p.needs03(errors.New(panel.NeedsV03)), "error")
			p.paintPanel()
		}
		return
	}
	if !s.open && !s.closed {
		open()
		return
	}
	// Count again: the session before may have left goroutines.
	p.call(panel.StatsArgs{}, func(r any, err error) {
		if err == nil {
			s.before = r.(*panel.Stats).Goroutines
		}
		open()
	})
}

// agentFor names a kit agent, or in a remote session the one agent when
// there is only one.
func (p *page) agentFor(name string) string {
	as := p.live.panel.snap.Agents
	if p.hasAgent(name) || len(as) != 1 {
		return name
	}
	return as[0].Name
}

func (p *page) hasAgent(name string) bool {
	for _, a := range p.live.panel.snap.Agents {
		if a.Name == name {
			return true
		}
	}
	return false
}

// taskNow is the task with id as the last snapshot has it.
func (p *page) taskNow(id string) *panel.Task {
	if id == "" {
		return nil
	}
	for i := range p.live.panel.snap.Tasks {
		if t := &p.live.panel.snap.Tasks[i]; t.ID == id {
			return t
		}
	}
	return nil
}

// now is task as the last snapshot has it, or as the move left it.
func (p *page) now(task *panel.Task) *panel.Task {
	if task == nil {
		return nil
	}
	if t := p.taskNow(task.ID); t != nil {
		return t
	}
	return task
}

func (p *page) lastDeploy() *panel.Task {
	d := p.live.panel.deploys
	if len(d) == 0 {
		return nil
	}
	return p.taskNow(d[len(d)-1])
}

func (p *page) waitingDeploy() *panel.Task {
	d := p.live.panel.deploys
	for i := len(d) - 1; i >= 0; i-- {
		if t := p.taskNow(d[i]); t != nil && t.State == replay.StateAuthRequired {
			return t
		}
	}
	return p.lastDeploy()
}

func (p *page) streamOf(taskID string) *panel.Stream {
	ss := p.live.panel.snap.Streams
	for i := len(ss) - 1; i >= 0; i-- {
		if ss[i].TaskID == taskID {
			return &ss[i]
		}
	}
	return nil
}

// saveSession downloads the session's transcript as the worker writes
// it: as recorded, or normalised (on the synthetic clock, with
// deterministic ids) when the learner asks.
func (p *page) saveSession() {
	s := &p.live.panel
	if s.exchanges == 0 {
		return
	}
	norm := s.el.normalize.Get("checked").Bool()
	p.call(panel.SaveOptions{Normalize: norm}, func(r any, err error) {
		if err != nil {
			p.status("Could not save the session: "+err.Error(), "error")
			return
		}
		name := "a2aplay-live-session.http"
		if norm {
			name = "a2aplay-live-session-normalised.http"
		}
		dom.Download(name, "text/plain;charset=utf-8", r.(*panel.Saved).Text)
	})
}

// replaySession opens the session in Replay, like a file the learner
// opened: the transcript as the worker writes it.
func (p *page) replaySession() {
	s := &p.live.panel
	if s.exchanges == 0 {
		return
	}
	p.call(panel.SaveOptions{}, func(r any, err error) {
		if err == nil {
			_, err = p.loadText("a2aplay-live-session.http", r.(*panel.Saved).Text)
		}
		if err != nil {
			p.status("The session does not replay: "+err.Error(), "error")
		}
	})
}

// endSession closes the session and counts the worker's goroutines
// until they are back to what they were before it.
func (p *page) endSession() {
	s := &p.live.panel
	s.el.end.Set("disabled", true)
	p.status("Ending the session: canceling its tasks, stopping its agents…", "busy")
	fail := func(err error) {
		p.status("Could not end the session: "+err.Error(), "error")
		p.paintPanel()
	}
	p.call(panel.CloseArgs{}, func(_ any, err error) {
		if err != nil {
			fail(err)
			return
		}
		// A goroutine may still be on its way out: count until it is.
		tries := 0
		var count func()
		count = func() {
			p.call(panel.StatsArgs{}, func(r any, err error) {
				if err != nil {
					fail(err)
					return
				}
				n := r.(*panel.Stats).Goroutines
				if tries++; tries < 40 && s.before >= 0 && n > s.before {
					dom.Go(func() {
						time.Sleep(50 * time.Millisecond)
						p.do(count)
					})
					return
				}
				s.after, s.closed, s.open = n, true, false
				p.status("Session ended: its tasks are canceled and its agents stopped. Save it or replay it; or start a new one.", "ok")
				p.paintPanel()
				dom.SetAttr(s.el.offline, "aria-pressed", "false")
			})
		}
		count()
	})
}
