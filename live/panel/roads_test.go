package panel

import "testing"

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
