package binding

import "testing"

func TestMediaTypes(t *testing.T) {
	for _, tc := range []struct {
		ct          string
		mt          string
		json, event bool
	}{
		{"application/json", "application/json", true, false},
		{"application/json; charset=utf-8", "application/json", true, false},
		{" Application/JSON ;charset=UTF-8", "application/json", true, false},
		{"application/a2a+json", "application/a2a+json", true, false},
		{"application/problem+json; q=1", "application/problem+json", true, false},
		{"text/vnd.x+json", "text/vnd.x+json", true, false},
		{"application/+json", "application/+json", false, false},
		{"application/json-seq", "application/json-seq", false, false},
		{"application/jsonx", "application/jsonx", false, false},
		{"text/json", "text/json", false, false},
		{"text/event-stream", "text/event-stream", false, true},
		{"TEXT/Event-Stream; charset=utf-8", "text/event-stream", false, true},
		{"text/event-stream;", "text/event-stream", false, true},
		{"text/event-streams", "text/event-streams", false, false},
		{"text/plain", "text/plain", false, false},
		{"", "", false, false},
		{";charset=utf-8", "", false, false},
		{"application/json, text/event-stream", "application/json, text/event-stream", false, false},
	} {
		if got := MediaType(tc.ct); got != tc.mt {
			t.Errorf("MediaType(%q) = %q, want %q", tc.ct, got, tc.mt)
		}
		if got := IsJSON(tc.ct); got != tc.json {
			t.Errorf("IsJSON(%q) = %v", tc.ct, got)
		}
		if got := IsEventStream(tc.ct); got != tc.event {
			t.Errorf("IsEventStream(%q) = %v", tc.ct, got)
		}
	}
}
