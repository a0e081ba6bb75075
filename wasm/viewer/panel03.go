//go:build js && wasm

package viewer

// The Live panel's A2A version. The live module (live.wasm) speaks 1.0
// only: a2a-go's 0.3 package links gRPC and protobuf, which would make
// every page's Live 60% heavier. A session that speaks 0.3 (the
// learner's choice of 0.3 for the in-page agents, or a remote agent
// whose card offers 0.3 alone) runs in the live03 module instead: the
// same package built with the tag a2a03, which speaks both. The page
// loads it once, when first needed, in place of the other worker, and
// keeps it for every session after: the protocol is the same, whichever
// module answers. The offline page does not carry live03; there the
// 0.3 button is disabled and a 0.3-only agent gets a message saying so.

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// wireVersions connects the version buttons ([data-version]).
func (p *page) wireVersions() {
	s := &p.live.panel
	s.version = replay.V10
	s.el.versions = dom.All(p.live.el.panel, ".lv-version button")
	for _, b := range s.el.versions {
		dom.On(b, "click", func(js.Value) {
			p.do(func() { p.pickVersion(dom.Attr(b, "data-version")) })
		})
	}
}

// pickVersion opens an in-page session of version v.
func (p *page) pickVersion(v string) {
	s := &p.live.panel
	if v != replay.V03 {
		v = replay.V10
	}
	if v == s.version && s.open && s.mode == panel.Offline {
		return
	}
	s.version = v
	p.openSession(panel.OpenArgs{Mode: panel.Offline, Version: p.openVersion(panel.Offline)})
}

// openVersion is the Version of an "open": offline, the one picked;
// remote, 0.3 when picked (the agent's 0.3 interface), else none (its
// card decides).
func (p *page) openVersion(m panel.Mode) string {
	v := p.live.panel.version
	if m == panel.Remote && v == replay.V10 {
		return ""
	}
	return v
}

// has03 reports whether this page has the live03 module.
func (p *page) has03() bool { return p.live.cfg != nil && p.live.cfg.Worker03 != "" }

// openIn03 opens args in the live03 module, starting it first if the
// worker runs the other module, and calls open when it can. It returns
// false when there is no live03 module.
func (p *page) openIn03(open func()) bool {
	s := &p.live.panel
	if s.on03 {
		open()
		return true
	}
	if !p.has03() {
		return false
	}
	if !s.w.IsUndefined() {
		s.w.Call("terminate")
	}
	for id, done := range s.pending {
		delete(s.pending, id)
		done(nil, errors.New("the worker was replaced by the one that speaks A2A 0.3"))
	}
	s.ready, s.open, s.closed, s.on03 = false, false, false, true
	p.status("Loading the agents that speak A2A 0.3 too (a third WebAssembly module, about 3.6 MB)…", "busy")
	if err := p.runWorker(workerSource{url: p.live.cfg.Worker03}); err != nil {
		p.status("The agents' worker that speaks A2A 0.3 could not start: "+err.Error(), "error")
		return true
	}
	p.call(panel.StatsArgs{}, func(r any, err error) {
		if err == nil {
			s.before = r.(*panel.Stats).Goroutines
		}
		open()
	})
	return true
}

// needs03 says why a session that needs 0.3 cannot open here.
func (p *page) needs03(err error) string {
	if p.live.cfg != nil && p.live.cfg.Inline {
		return "This session needs A2A 0.3, which the offline file does not carry (its agents speak 1.0): serve the playground (./build.sh serve) to speak 0.3."
	}
	return "This session needs A2A 0.3, and this build has no live03 module (a2aplay site -build builds it): " + err.Error()
}

// isNeeds03 reports whether err is a 1.0-only module's answer to a
// session that needs 0.3.
func isNeeds03(err error) bool { return err != nil && strings.Contains(err.Error(), panel.NeedsV03) }

// paintVersions shows the version picked, or the one the session
// speaks, and disables 0.3 where the page has no live03 module.
func (p *page) paintVersions() {
	s := &p.live.panel
	v := s.version
	if s.open && s.snap.Version != "" {
		v = s.snap.Version
	}
	for _, b := range s.el.versions {
		bv := dom.Attr(b, "data-version")
		dom.SetAttr(b, "aria-pressed", strconv.FormatBool(strings.Contains(v, bv)))
		if bv == replay.V03 && !p.has03() {
			b.Set("disabled", true)
		}
	}
	dom.SetAttr(p.live.el.panel, "data-version", v)
}

// speaks is what the status line says of the session's version.
func speaks(snap panel.Snapshot) string {
	if snap.Version == "" {
		return ""
	}
	return " Speaking A2A " + snap.Version + "."
}
