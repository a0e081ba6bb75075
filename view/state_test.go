package view

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseLink(t *testing.T) {
	tests := []struct {
		in   string
		want Link
	}{
		{"", Link{}},
		{"#", Link{}},
		{"#t=07-auth-required&s=5", Link{Transcript: "07-auth-required", Step: 5}},
		{"?t=06-input-required&s=2", Link{Transcript: "06-input-required", Step: 2}},
		{"t=19-planner", Link{Transcript: "19-planner"}},
		{"#s=3&t=x", Link{Transcript: "x", Step: 3}},
		{"#t=07&s=-2", Link{Transcript: "07"}},
		{"#t=07&s=abc", Link{Transcript: "07"}},
		{"#t=../etc/passwd&s=1", Link{Step: 1}},
		{"#t=.hidden", Link{}},
		{"#t=a%20b", Link{}},
		{"#t=<script>", Link{}},
		{"#f=my%20capture.http&s=4", Link{File: "my capture.http", Step: 4}},
		{"#t=a&f=b", Link{Transcript: "a"}},
		{"#t=a;s=3", Link{}}, // ParseQuery rejects ";": the pair is dropped
		{"#%zz&t=ok", Link{Transcript: "ok"}},
		{"#compare=06-input-required&s=2", Link{Compare: "06-input-required", Step: 2}},
		{"#compare=../x", Link{}},
	}
	for _, tt := range tests {
		got := ParseLink(tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseLink(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestLinkHashRoundTrip(t *testing.T) {
	tests := []struct {
		link Link
		hash string
	}{
		{Link{}, "#"},
		{Link{Transcript: "07-auth-required", Step: 5}, "#t=07-auth-required&s=5"},
		{Link{Transcript: "06-input-required"}, "#t=06-input-required"},
		{Link{File: "my capture.http", Step: 2}, "#f=my+capture.http&s=2"},
		{Link{Step: 3}, "#s=3"},
		{Link{Compare: "07-auth-required", Step: 9}, "#compare=07-auth-required&s=9"},
	}
	for _, tt := range tests {
		if got := tt.link.Hash(); got != tt.hash {
			t.Errorf("%+v.Hash() = %q, want %q", tt.link, got, tt.hash)
		}
		if diff := cmp.Diff(tt.link, ParseLink(tt.hash)); diff != "" {
			t.Errorf("ParseLink(%q) (-want +got):\n%s", tt.hash, diff)
		}
	}
}

func TestNav(t *testing.T) {
	type op struct {
		name  string
		do    func(*Nav) bool
		moved bool
		cur   int
	}
	next := func(n *Nav) bool { return n.Next() }
	prev := func(n *Nav) bool { return n.Prev() }
	first := func(n *Nav) bool { return n.First() }
	last := func(n *Nav) bool { return n.Last() }
	goTo := func(i int) func(*Nav) bool { return func(n *Nav) bool { return n.Go(i) } }
	ops := []op{
		{"prev at overview", prev, false, 0},
		{"next", next, true, 1},
		{"next", next, true, 2},
		{"last", last, true, 4},
		{"next at end", next, false, 4},
		{"go beyond", goTo(99), false, 4},
		{"go negative", goTo(-3), true, 0},
		{"first", first, true, 1},
		{"first again", first, false, 1},
		{"prev to overview", prev, true, 0},
		{"go 3", goTo(3), true, 3},
	}
	n := &Nav{N: 4}
	for i, o := range ops {
		moved := o.do(n)
		if moved != o.moved || n.Cur != o.cur {
			t.Fatalf("op %d (%s): moved=%v cur=%d, want moved=%v cur=%d", i, o.name, moved, n.Cur, o.moved, o.cur)
		}
	}
	empty := &Nav{}
	if empty.Next() || empty.First() || empty.Last() || empty.Cur != 0 || !empty.AtEnd() {
		t.Errorf("an empty transcript moved: %+v", empty)
	}
}

func TestInterval(t *testing.T) {
	for _, tt := range []struct {
		speed float64
		want  time.Duration
	}{{1, BaseInterval}, {2, BaseInterval / 2}, {0.5, 2 * BaseInterval}, {0, BaseInterval}, {-1, BaseInterval}} {
		if got := Interval(tt.speed); got != tt.want {
			t.Errorf("Interval(%v) = %v, want %v", tt.speed, got, tt.want)
		}
	}
}

// FuzzParseLink checks that no URL makes ParseLink panic, and that what
// it reads writes back to a link that reads the same.
func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"", "#t=07-auth-required&s=5", "?t=06&s=2", "#f=my%20file.http&s=3", "#t=../x", "#%zz", "#s=-1&t=a;b", "#t=a&t=b&s=1&s=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := ParseLink(s)
		if l.Step < 0 {
			t.Fatalf("ParseLink(%q) gave step %d", s, l.Step)
		}
		if l.Transcript != "" && cleanName(l.Transcript) != l.Transcript {
			t.Fatalf("ParseLink(%q) let through the name %q", s, l.Transcript)
		}
		if again := ParseLink(l.Hash()); again != l {
			t.Fatalf("ParseLink(%q) = %+v, but its hash %q reads %+v", s, l, l.Hash(), again)
		}
	})
}

func TestLaneSummary(t *testing.T) {
	short := Lane{Segments: []Segment{{1, 4, "A"}, {5, 10, "B"}}}
	if got := short.Summary(10, 5); len(got) != 2 {
		t.Errorf("a lane that fits was changed: %+v", got)
	}
	// 1,000 steps: A for the first half, then A and B in turns of 2.
	var l Lane
	l.Segments = append(l.Segments, Segment{1, 500, "A"})
	for k := 501; k <= 1000; k += 2 {
		st := "B"
		if (k-501)/2%3 == 0 {
			st = "A"
		}
		l.Segments = append(l.Segments, Segment{k, k + 1, st})
	}
	got := l.Summary(1000, 10)
	want := []Segment{{1, 500, "A"}, {501, 1000, "B"}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Summary = %+v, want %+v", got, want)
	}
	// A task that starts late keeps its start.
	late := Lane{Segments: []Segment{{350, 360, "A"}, {361, 1000, "B"}}}
	for i := 0; i < 20; i++ {
		late.Segments = append(late.Segments, Segment{1001 + i, 1001 + i, "C"})
	}
	late.Segments[1].To = 1000
	if got := late.Summary(1020, 4); got[0].From != 350 {
		t.Errorf("a late task's summary starts at %d: %+v", got[0].From, got)
	}
}
