//go:build js && wasm

package viewer

import (
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// linkState is the link of a step the URL does not name yet (record).
type linkState struct {
	linkDue   string    // the link to write
	linkAt    time.Time // when to write it
	linkTimer bool      // a write of it is on its way
	pushDue   string    // a new entry's link, waiting for its transcript to be painted (record)
}

// linkText is the part of the URL that holds a deep link: the fragment,
// or else the query.
func linkText() string {
	loc := dom.Global().Get("location")
	if h := loc.Get("hash").String(); len(h) > 1 {
		return h
	}
	return loc.Get("search").String()
}

func key(name string, local bool) string {
	if local {
		return "f:" + name
	}
	return "t:" + name
}

// openLink shows what a link names, loading it first if needed. When
// the link names nothing the page has or can fetch, it shows the
// pre-rendered transcript instead and says why in the banner.
// Call with p.mu held.
func (p *page) openLink(l view.Link) {
	if l.Compare != "" {
		p.openCompare(l.Compare, l.Step, noHistory) // compare.go
		return
	}
	p.closeCompare()
	problem := ""
	switch {
	case l.File != "":
		if d := p.docs[key(l.File, true)]; d != nil {
			p.show(d, l.Step, noHistory)
			return
		}
		problem = "The link names the file " + l.File + ", which this page does not hold (it was opened in an earlier visit): open it again to replay it."
	case l.Transcript != "":
		if d := p.docs[key(l.Transcript, false)]; d != nil {
			p.show(d, l.Step, noHistory)
			return
		}
		if s := p.data.Shipped(l.Transcript); s != nil {
			p.load(s, l.Step, noHistory)
			return
		}
		problem = "There is no transcript named " + l.Transcript + "; showing " + p.data.Prerendered + "."
	}
	first := p.data.Shipped(p.data.Prerendered)
	if first == nil {
		p.showError("The page's data names no transcript to show.")
		return
	}
	if d := p.docs[key(first.Name, false)]; d != nil {
		p.show(d, l.Step, noHistory)
	} else {
		p.load(first, l.Step, noHistory)
	}
	if problem != "" {
		p.showError(problem)
	}
}

func (p *page) link() view.Link {
	l := view.Link{Step: p.nav.Cur}
	if p.cur != nil {
		if p.cur.local {
			l.File = p.cur.name
		} else {
			l.Transcript = p.cur.name
		}
	}
	return l
}

// record writes the current link into the URL. A new entry is pushed
// once the page is painted. A step rewrites the entry once the learner pauses for
// linkDelay, once for a run of steps: rewriting the URL costs the
// browser more than the rest of a step change (a call to the browser's
// own process, many milliseconds on a busy machine), and Chromium
// ignores a page's history calls past a few hundred in ten seconds,
// which holding an arrow key down would reach.
func (p *page) record(h history) {
	if h == noHistory || p.inLive() { // Live's URL names its scenario
		return
	}
	if h == push {
		p.flushLink() // the entry left names the step it was left at
		// The new entry is pushed once its transcript is painted: the
		// call took 98 ms of a cold 1,000-step load (bench -profile).
		// Steps meanwhile go into it; leaving it for another entry
		// writes it first (flushLink), Back drops it (dropLink).
		p.pushDue = p.link().Hash()
		p.afterPaint(p.flushLink)
		return
	}
	if p.pushDue != "" {
		p.pushDue = p.link().Hash()
		return
	}
	p.linkDue = p.link().Hash()
	p.linkAt = time.Now().Add(linkDelay)
	if p.linkTimer {
		return
	}
	p.linkTimer = true
	dom.Go(func() {
		for wait := linkDelay; wait > 0; {
			time.Sleep(wait)
			p.do(func() {
				if wait = time.Until(p.linkAt); wait <= 0 {
					p.linkTimer = false
					p.flushLink()
				}
			})
		}
	})
}

// flushLink writes a new entry and the link of a step still waiting
// into the URL now.
func (p *page) flushLink() {
	if hash := p.pushDue; hash != "" {
		p.pushDue = ""
		writeLink("pushState", hash)
	}
	if hash := p.linkDue; hash != "" {
		p.linkDue = ""
		writeLink("replaceState", hash)
	}
}

// dropLink forgets a new entry and a step's link still waiting: the
// history moved to another entry, which they must not rewrite.
func (p *page) dropLink() { p.linkDue, p.pushDue = "", "" }

// writeLink puts a link into the URL with method, "pushState" or
// "replaceState", unless the URL says it already.
func writeLink(method, hash string) {
	if dom.Global().Get("location").Get("hash").String() == hash {
		return
	}
	dom.Global().Get("history").Call(method, js.Null(), "", hash)
}

// history says how a move shows in the browser's history. Back undoes
// a change of transcript or mode; steps within a transcript rewrite the
// entry, so that Back leaves a transcript however far the learner
// stepped through it, and a shared link names the step shown.
type history int

const (
	noHistory history = iota // restoring a link: the URL already says it
	push                     // another transcript or mode: a new entry
	step                     // the learner's step: rewrites the entry, stops playback
	replace                  // playback: rewrites the entry
)

// linkDelay is how long the learner pauses before the step shown is
// written into the URL.
const linkDelay = 150 * time.Millisecond
