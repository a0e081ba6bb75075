package panel

import (
	"slices"
	"testing"

	"github.com/a2aplay/a2aplay/backoff"
)

// TestRoadCheck: every road the panel offers, and none, passes; another
// is an error naming it and the roads.
func TestRoadCheck(t *testing.T) {
	for _, r := range append([]Road{RoadDefault}, Roads...) {
		if err := r.Check(); err != nil {
			t.Errorf("%q: %v", r, err)
		}
	}
	err := Road("carrier-pigeon").Check()
	if err == nil || err.Error() != `unknown road "carrier-pigeon" (want "stream", "subscribe", "webhook", "poll" or none)` {
		t.Errorf("an unknown road: %v", err)
	}
}

// TestPollWait: the page's poller waits the interval the learner chose,
// then twice as long each ask, at most backoff.Factor times it; an
// interval out of bounds is brought within them.
func TestPollWait(t *testing.T) {
	for _, c := range []struct {
		every int
		want  []int // waits before asks 1, 2, ...
	}{
		{1, []int{1, 2, 4, 8, 8, 8}},
		{2, []int{2, 4, 8, 16, 16}},
		{3, []int{3, 6, 12, 24, 24}},
		{60, []int{60, 120, 240, 480, 480}},
		{0, []int{1, 2, 4, 8, 8}},       // below the least: 1 s
		{-5, []int{1, 2, 4, 8, 8}},      // below the least: 1 s
		{600, []int{60, 120, 240, 480}}, // above the most: 60 s
	} {
		var got []int
		for n := 1; n <= len(c.want); n++ {
			got = append(got, PollWait(c.every, n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("every %d: waits %v, want %v", c.every, got, c.want)
		}
	}
	if got := PollWait(2, 0); got != 2 {
		t.Errorf("PollWait(2, 0) = %d, want the first ask's 2", got)
	}
	if got := PollWait(1, 1<<30); got != backoff.Factor {
		t.Errorf("a billionth ask waits %d s, want %d", got, backoff.Factor)
	}
}
