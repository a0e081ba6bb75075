//go:build js && wasm

package checker

import (
	"sync"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// shownWait is the longest an open waits, after it has sent a part of a
// long file, for the page to say it has shown it. A page that is slow
// to say so is one that needs the processor; a page that never does
// (one of an older build, or one hidden while a frame was awaited)
// slows the open by no more than this each time.
const shownWait = time.Second

// A server answers the page's requests in the order they came, one at a
// time, in a goroutine of its own (run): only that goroutine touches
// held. The worker's onmessage hands it each message (take) and returns
// at once.
//
// An open gives the worker's thread back to the browser at points on
// its way, so that the messages that came meanwhile are taken: a newer
// open, which the open in progress gives way to, and the page's word
// that it has shown what the open sent (msg.OpShown with the open's
// id, once for each part and whole), which the open waits for before it
// goes on. While the page puts a long file's first screen in, lays it
// out and paints it, and then its first window and its lane, the worker
// leaves the processor to it: on a machine of two cores the page would
// otherwise share one with the worker's work and everything else.
// The other requests wait their turn: a part or an export asked for
// during an open is answered from the file once it is open, when the
// open's check stops for them (aside).
type server struct {
	post func(any)     // posts an answer (package msg) to the page
	wake chan struct{} // something came: a request, or the page's word

	mu     sync.Mutex
	queue  []request // requests not yet served, in the order they came
	opens  int       // the opens taken so far
	shown  int       // the id of the open the page last said it has shown a part of
	shownN int       // how many times it said so of that open
}

// A request is one of the page's requests, the file that came with an
// open (an ArrayBuffer) or why the worker's script could not read it,
// and the number of the newest open when it came (counting itself when
// it is one).
type request struct {
	*msg.Request
	data     js.Value
	readFail string
	open     int
}

func newServer(post func(any)) *server {
	return &server{post: post, wake: make(chan struct{}, 1)}
}

// take takes a message from the page. It never waits: it runs in the
// worker's onmessage.
func (s *server) take(m js.Value) {
	v, err := msg.Decode(dom.Bytes(m.Get("m")))
	req, ok := v.(*msg.Request)
	if err != nil || !ok {
		why := "the page's message is not a request"
		if err != nil {
			why = err.Error()
		}
		s.post(&msg.Failure{Error: "check worker: " + why})
		return
	}
	r := request{Request: req, data: m.Get("data")}
	if e := m.Get("readError"); e.Type() == js.TypeString {
		r.readFail = e.String()
	}
	s.mu.Lock()
	switch req.Op {
	case msg.OpShown:
		if req.ID != s.shown {
			s.shown, s.shownN = req.ID, 0
		}
		s.shownN++
	case msg.OpOpen:
		s.opens++
		opened.Store(true)
		fallthrough
	default:
		r.open = s.opens
		s.queue = append(s.queue, r)
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // a wake-up is already on its way
	}
}

// run serves the requests as they come; it never returns.
func (s *server) run() {
	for {
		s.mu.Lock()
		if len(s.queue) == 0 {
			s.mu.Unlock()
			<-s.wake
			continue
		}
		r := s.shift()
		s.mu.Unlock()
		s.serve(r)
	}
}

// shift takes the request at the head of the queue, which is not
// empty, off it; s.mu is held.
func (s *server) shift() request {
	r := s.queue[0]
	s.queue[0] = request{}
	s.queue = s.queue[1:]
	return r
}

// superseded reports whether an open newer than request r has come.
func (s *server) superseded(r request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opens > r.open
}

// pause gives the worker's thread back to the browser until the messages
// that came meanwhile have been taken, and reports whether open r is
// to go on (no newer open has come).
func (s *server) pause(r request) bool {
	yield()
	return !s.superseded(r)
}

// aside gives the worker's thread back to the browser, then answers
// the parts and exports of the file open r holds that came meanwhile
// and wait at the head of the queue, in order. It reports whether
// open r is to go on (no newer open has come).
func (s *server) aside(r request) bool {
	yield()
	for {
		s.mu.Lock()
		newer := s.opens > r.open
		var q request
		ok := !newer && len(s.queue) > 0 && s.queue[0].open == r.open && (s.queue[0].Op == msg.OpPart || s.queue[0].Op == msg.OpExport)
		if ok {
			q = s.shift()
		}
		s.mu.Unlock()
		if !ok {
			return !newer
		}
		s.serve(q)
	}
}

// waitShown waits until the page says it has shown the first n parts
// (or wholes) open r sent, or shownWait has passed, and reports whether
// the open is to go on.
func (s *server) waitShown(r request, n int) bool {
	timeout := time.NewTimer(shownWait)
	defer timeout.Stop()
	for {
		s.mu.Lock()
		shown, newer := s.shown == r.ID && s.shownN >= n, s.opens > r.open
		s.mu.Unlock()
		if newer || shown {
			return !newer
		}
		select {
		case <-s.wake:
		case <-timeout.C:
			return !s.superseded(r)
		}
	}
}

// yield gives the worker's thread back to the browser for one turn of
// its event loop: messages already posted to the worker are taken
// before it returns. (A short time.Sleep does not promise that: the Go
// runtime runs a sleeper whose time has passed without giving the
// thread back.)
func yield() {
	done := make(chan struct{})
	f := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	defer f.Release()
	js.Global().Call("setTimeout", f, 0)
	<-done
}
