package backoff

import (
	"slices"
	"testing"
	"time"
)

// TestWait: the first interval, then twice as long each ask, at most
// Factor times the first, in seconds or as a time.Duration.
func TestWait(t *testing.T) {
	for _, c := range []struct {
		first int
		want  []int // waits before asks 1, 2, ...
	}{
		{1, []int{1, 2, 4, 8, 8, 8}},
		{3, []int{3, 6, 12, 24, 24}},
		{60, []int{60, 120, 240, 480, 480}},
	} {
		var got []int
		for n := 1; n <= len(c.want); n++ {
			got = append(got, Wait(c.first, n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("first %d: waits %v, want %v", c.first, got, c.want)
		}
	}
	var got []time.Duration
	for n := 1; n <= 5; n++ {
		got = append(got, Wait(time.Second, n))
	}
	if want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second}; !slices.Equal(got, want) {
		t.Errorf("from 1 s: waits %v, want %v", got, want)
	}
	if got := Wait(2, 0); got != 2 {
		t.Errorf("Wait(2, 0) = %d, want the first ask's 2", got)
	}
	if got := Wait(1, 1<<30); got != Factor {
		t.Errorf("a billionth ask waits %d, want %d", got, Factor)
	}
	if got := Longest(5 * time.Second); got != 40*time.Second {
		t.Errorf("Longest(5 s) = %v, want 40 s", got)
	}
}
