// Package growtest grows a transcript as a live session grows, for the
// tests that hold what follows a growing session (check.Session,
// exercise.Judger) to what reads it whole: each exchange's request
// first, then its response, a stream with half its frames and still
// open; a stream left open while the next two exchanges come, and then
// closed whole.
//
// Only tests import it (internal/layers checks it).
package growtest

import (
	"fmt"

	"github.com/a2aplay/a2aplay/replay"
)

// Grow plays tr as a live session grows it. At each event it calls
// event with the transcript then (the same value each time, its
// exchanges as they are then), the positions of the exchanges that
// changed and what happened ("request 3", "response 3", "closed 3",
// "all closed"); it stops when event returns false.
func Grow(tr *replay.Transcript, event func(now *replay.Transcript, changed []int, what string) bool) {
	now := *tr
	now.Exchanges = nil
	var open []int // streams left open, by position
	for i, ex := range tr.Exchanges {
		now.Exchanges = append(now.Exchanges[:i:i], Staged(ex, 0))
		if !event(&now, []int{i}, fmt.Sprintf("request %d", i+1)) {
			return
		}
		now.Exchanges[i] = Staged(ex, 1)
		if !event(&now, []int{i}, fmt.Sprintf("response %d", i+1)) {
			return
		}
		if now.Exchanges[i] != ex {
			open = append(open, i)
		}
		for len(open) > 0 && open[0] <= i-2 {
			k := open[0]
			open = open[1:]
			now.Exchanges[k] = tr.Exchanges[k]
			if !event(&now, []int{k}, fmt.Sprintf("closed %d", k+1)) {
				return
			}
		}
	}
	for _, k := range open {
		now.Exchanges[k] = tr.Exchanges[k]
	}
	event(&now, open, "all closed")
}

// Staged is exchange ex as a live session shows it at stage k: 0, the
// request alone; 1, its response, a stream with half its frames and
// still open; 2, whole. An exchange the stage does not change is ex.
func Staged(ex *replay.Exchange, k int) *replay.Exchange {
	if k >= 2 || ex.Response == nil {
		return ex
	}
	x := *ex
	if k == 0 {
		x.Response = nil
		return &x
	}
	if st := ex.Response.Stream; st != nil {
		r := *ex.Response
		r.Stream = &replay.Stream{Frames: st.Frames[:len(st.Frames)/2]}
		x.Response = &r
	}
	return &x
}
