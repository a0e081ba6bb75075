package check

import (
	"context"
	"maps"
	"reflect"
	"slices"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// A Session checks a transcript that grows, as a live session's does:
// each [Session.Update] takes the transcript as it is now and the
// positions of the exchanges that are new or changed (an open stream
// gained frames, a request its response), and returns the [Report]
// that [Run] gives for the whole transcript then. What an Update costs
// grows with what changed and with the calls not yet settled, not with
// the session (but for a few passes over small per-call records, and
// the report's findings, which it copies and sorts).
//
// A Session keeps a checker of the settled calls: every call before
// the first whose exchange may still change (no response yet, or a
// stream without its end). An Update decodes only the exchanges it is
// told changed, adds the task states and cards they show to the kept
// checker, checks the calls that settled into it for good, and then
// checks the unsettled calls and runs the final passes on a fork of it,
// which it drops after.
//
// Run checks a call once every state of its batch is known; a Session
// checks a settled call once every state known then is. The two agree
// while a state or card that comes later does not bear on a settled
// call: one reported before a settled call's request (stateBefore), a
// card fetched before it (cardFor), or a state of a task that purged
// judged gone. A live session's clock only goes forward, so that is the
// rule; when it does not hold, or a settled exchange changes, the
// Update checks the whole transcript afresh, as the first did. Run
// works in batches of 2,048 exchanges, whose calls do not see the
// states of the batches after; a Session of more exchanges than that
// sees them, so the two may differ when a later batch reports a state
// earlier in time than a call of an earlier batch.
type Session struct {
	o        Options
	c        *checker // the settled calls, checked
	slots    []slot   // by the exchange's position in the transcript
	settled  int      // slots[:settled] are checked into c
	lastCall int      // the position of the last of c.calls
	// mark is the latest request of the settled calls: a state
	// reported before it could change what one of them was judged.
	mark observation
	// Resets counts the Updates that checked the whole transcript
	// afresh (the first, a settled exchange that changed, a state that
	// came late).
	Resets int
}

// A slot is one exchange of the session as the Session read it.
type slot struct {
	cl     *call
	call   int           // cl's index in c.calls
	obs    []observation // the states its reply and frames report, merged into c
	carded bool          // its card is among c's
}

// NewSession returns a Session with nothing read, whose reports keep
// o.MaxPerRule findings per rule (o.Yield is not used).
func NewSession(o Options) *Session { return &Session{o: o} }

// Update takes t, the session's transcript now, in which the exchanges
// at the positions changed (0-based, any order) are new or changed
// since the Update before (the first Update reads them all), and
// returns what Run would find in t.
func (s *Session) Update(t *replay.Transcript, changed []int) *Report {
	if t == nil {
		return newChecker(context.Background(), nil, s.o).result()
	}
	if s.c == nil || len(t.Exchanges) < len(s.slots) || !s.same(t, changed) || !s.read(t, changed) {
		s.reset(t)
	}
	s.settle()
	return s.report()
}

// same says whether the settled exchanges among changed are the same
// as far as a check reads them: a live session adds notes to an
// exchange after it is done, and a check reads no notes.
func (s *Session) same(t *replay.Transcript, changed []int) bool {
	for _, i := range changed {
		if i < 0 || i >= s.settled || i >= len(t.Exchanges) {
			continue
		}
		old, now := s.slots[i].cl, t.Exchanges[i]
		if old == nil || now == nil {
			if old != nil || now != nil {
				return false
			}
			continue
		}
		a, b := *old.ex, *now
		a.Notes, b.Notes = nil, nil
		if !reflect.DeepEqual(a, b) {
			return false
		}
	}
	return true
}

// reset forgets what the Session read and reads t whole.
func (s *Session) reset(t *replay.Transcript) {
	s.Resets++
	s.c, s.slots, s.settled, s.mark, s.lastCall = newChecker(context.Background(), t, s.o), nil, 0, observation{}, 0
	s.c.purgedAt = map[string]time.Time{}
	all := make([]int, len(t.Exchanges))
	for i := range all {
		all[i] = i
	}
	s.read(t, all) // nothing is settled: nothing can come late
}

// read decodes the exchanges of t at changed and the new ones, adding
// the states and cards they show to the settled calls' checker. It
// returns false, having changed nothing settled, when one of them comes
// late: a settled call could have been judged otherwise.
func (s *Session) read(t *replay.Transcript, changed []int) bool {
	c := s.c
	c.t = t
	var todo []int
	for _, i := range changed {
		if i >= s.settled { // a settled one is the same (same)
			todo = append(todo, i)
		}
	}
	for i := len(s.slots); i < len(t.Exchanges); i++ {
		todo = append(todo, i)
	}
	slices.Sort(todo)
	todo = slices.Compact(todo)
	type read struct {
		at   int
		cl   *call
		obs  []observation // the new ones
		card bool
	}
	var reads []read
	var pending []observation
	for _, i := range todo {
		if i < 0 || i >= len(t.Exchanges) {
			continue
		}
		r := read{at: i}
		if ex := t.Exchanges[i]; ex != nil {
			r.cl = &call{ex: ex, version: replay.ExchangeVersion(ex)}
			decodeCall(r.cl)
			r.cl.observe()
		}
		var old slot
		if i < len(s.slots) {
			old = s.slots[i]
		}
		var now []observation
		if r.cl != nil {
			now = r.cl.obs
		}
		if len(now) < len(old.obs) || !slices.Equal(now[:len(old.obs)], old.obs) {
			return false // a state it reported is gone
		}
		r.obs = now[len(old.obs):]
		for _, o := range r.obs {
			if s.late(o) {
				return false
			}
		}
		if cd := r.cl.cardInfoOrNil(); cd != nil && !old.carded {
			if s.settled > 0 && cd.at.Before(s.mark.at) {
				return false
			}
			r.card = true
		} else if old.carded && cd == nil {
			return false
		}
		pending = append(pending, r.obs...)
		reads = append(reads, r)
	}
	for len(s.slots) < len(t.Exchanges) {
		s.slots = append(s.slots, slot{})
	}
	rebuild := false
	for _, r := range reads {
		sl := &s.slots[r.at]
		switch { // keep c.calls, the calls in position order
		case r.cl != nil && sl.cl != nil:
			c.calls[sl.call] = r.cl
		case r.cl != nil && (len(c.calls) == 0 || r.at > s.lastCall):
			sl.call, s.lastCall = len(c.calls), r.at
			c.calls = append(c.calls, r.cl)
		case r.cl != nil || sl.cl != nil:
			rebuild = true
		}
		sl.cl = r.cl
		if r.cl != nil {
			c.versions[r.cl.ex.Seq] = r.cl.version
			sl.obs = append(sl.obs, r.obs...)
		}
		if r.card {
			sl.carded = true
			c.addCard(r.cl.cardInfo)
		}
	}
	c.merge(pending)
	if rebuild {
		c.calls = c.calls[:0]
		for i := range s.slots {
			if sl := &s.slots[i]; sl.cl != nil {
				sl.call, s.lastCall = len(c.calls), i
				c.calls = append(c.calls, sl.cl)
			}
		}
	}
	return true
}

// cardInfoOrNil is the card a call read, if any.
func (cl *call) cardInfoOrNil() *card {
	if cl == nil {
		return nil
	}
	return cl.cardInfo
}

// late says whether o, a state a settled call has not seen, is one it
// could have been judged by: reported before the latest settled
// request, or of a task purged judged gone, after.
func (s *Session) late(o observation) bool {
	if s.settled == 0 {
		return false
	}
	m := &s.mark
	if o.at.Before(m.at) || (o.at.Equal(m.at) && o.line < m.line) {
		return true
	}
	at, ok := s.c.purgedAt[o.task]
	return ok && o.at.After(at)
}

// settle checks the calls that settled into the kept checker: from the
// first not checked, those whose exchange is done.
func (s *Session) settle() {
	c := s.c
	for ; s.settled < len(s.slots); s.settled++ {
		cl := s.slots[s.settled].cl
		if cl == nil {
			continue
		}
		if !cl.ex.Settled() {
			return
		}
		c.checkCall(cl)
		req := cl.ex.Request
		if m := &s.mark; req.At.After(m.at) || (req.At.Equal(m.at) && req.Line > m.line) {
			m.at, m.line = req.At, req.Line
		}
		cl.release()
	}
}

// report checks the unsettled calls and runs the final passes on a fork
// of the kept checker, and returns what it found.
func (s *Session) report() *Report {
	f := s.c.fork()
	for _, sl := range s.slots[s.settled:] {
		if sl.cl != nil {
			f.checkCall(sl.cl)
		}
	}
	f.final()
	return f.result()
}

// fork returns a checker that starts where c is, which can go on
// checking without changing c: what a check adds to or changes in place
// is copied; what only decoding changes (cards, task states, versions)
// and the calls are shared, and so are slices a check only appends to,
// since c appends to them again only once the fork is dropped.
func (c *checker) fork() *checker {
	f := *c
	f.purgedAt = nil
	f.unknownTasks = maps.Clone(c.unknownTasks)
	f.pushConfigs = make(map[pushKey]*pushState, len(c.pushConfigs))
	for k, v := range c.pushConfigs {
		st := *v
		f.pushConfigs[k] = &st
	}
	f.pushDeleted = maps.Clone(c.pushDeleted)
	f.webhooks = maps.Clone(c.webhooks)
	f.artifacts = maps.Clone(c.artifacts)
	f.streams = make(map[string][]*streamRec, len(c.streams))
	for k, v := range c.streams { // checkBroadcast sorts them in place
		f.streams[k] = slices.Clone(v)
	}
	f.equiv = make(map[*card]map[string][2]*opSeen, len(c.equiv))
	for k, v := range c.equiv {
		f.equiv[k] = maps.Clone(v)
	}
	f.polling = c.polling.copy()
	f.served = maps.Clone(c.served)
	f.migrated = maps.Clone(c.migrated)
	f.findings = slices.Clone(c.findings) // result sorts them in place
	f.seen = maps.Clone(c.seen)
	f.kept = maps.Clone(c.kept)
	f.omitted = maps.Clone(c.omitted)
	f.cut = maps.Clone(c.cut)
	return &f
}
