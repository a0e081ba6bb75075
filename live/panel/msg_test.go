package panel

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
)

// every returns each message, empty and with every field set: each
// command in a Request, each command's answer in a Reply, an error
// Reply, and the updates.
func every() []any {
	var out []any
	for _, full := range []bool{false, true} {
		fill := func(p any) {
			if full {
				replaytest.Fill(p)
			}
		}
		for i, c := range commands {
			p := reflect.New(reflect.TypeOf(c))
			fill(p.Interface())
			out = append(out, &Request{ID: i + 1, Command: p.Elem().Interface().(Command)})
			res := c.answer()
			fill(res)
			out = append(out, &Reply{ID: i + 1, Op: c.Op(), Result: res})
		}
		var tr Delta
		var st State
		var ready Ready
		var fail Failure
		for _, p := range []any{&tr, &st, &ready, &fail} {
			fill(p)
		}
		out = append(out, &Reply{ID: -3, Op: "answer", Error: "live: answer: bad args"}, &tr, &st, &ready, &fail)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	ops := map[string]bool{}
	for _, m := range every() {
		if r, ok := m.(*Request); ok {
			ops[r.Command.Op()] = true
		}
		got, err := Decode(Encode(m))
		if err != nil {
			t.Errorf("%T: %v", m, err)
			continue
		}
		if d := cmp.Diff(m, got); d != "" {
			t.Errorf("%T read back differs (-sent +read):\n%s", m, d)
		}
	}
	if len(ops) != len(commands) {
		t.Errorf("%d ops for %d commands: two commands share an Op", len(ops), len(commands))
	}
}

// TestFilled: the filled messages fill every field, so that the round
// trip would see one that is not written.
func TestFilled(t *testing.T) {
	var s Snapshot
	replaytest.Fill(&s)
	if len(s.Waiting) == 0 || len(s.Waiting[0].PassedUp) == 0 || s.Waiting[0].PassedUp[0].Artifacts == nil {
		t.Errorf("Fill left the snapshot's nested lists empty: %+v", s)
	}
}

// TestReplyOfAnotherType: a worker that answers a command with a value
// of another type says so, rather than sending what the page would
// misread.
func TestReplyOfAnotherType(t *testing.T) {
	got, err := Decode(Encode(&Reply{ID: 4, Op: "close", Result: &Stats{Goroutines: 3}}))
	if err != nil {
		t.Fatal(err)
	}
	if r := got.(*Reply); r.Result != nil || !strings.Contains(r.Error, "close answered a *panel.Stats, not a *panel.Closed") {
		t.Errorf("got %+v", r)
	}
	if _, err := Decode(Encode(&Reply{ID: 4, Op: "fly", Result: &Stats{}})); err == nil || !strings.Contains(err.Error(), `a reply to no command known, "fly"`) {
		t.Errorf("a reply to an unknown op: %v", err)
	}
}

// TestCutShort: every message cut anywhere, or with a byte more, is an
// error, never a panic.
func TestCutShort(t *testing.T) {
	for _, m := range every() {
		b := Encode(m)
		for n := range len(b) {
			if _, err := Decode(b[:n]); err == nil {
				t.Errorf("%T cut to %d of %d bytes was read", m, n, len(b))
			}
		}
		if _, err := Decode(append(b, 0)); err == nil || !strings.Contains(err.Error(), "1 bytes left over") {
			t.Errorf("%T with a byte more: %v", m, err)
		}
	}
}

// TestWrongVersion: a message of another version is ErrVersion, told
// apart from a broken one; so is a message of the check worker's.
func TestWrongVersion(t *testing.T) {
	for _, m := range every() {
		b := Encode(m)
		b[0] = Version + 1
		if _, err := Decode(b); !errors.Is(err, ErrVersion) {
			t.Errorf("%T of version %d: %v", m, Version+1, err)
		}
	}
	if _, err := Decode([]byte{Version, 'Q'}); err == nil || errors.Is(err, ErrVersion) {
		t.Errorf("a message of no kind: %v", err)
	}
	b := Encode(&Request{ID: 1, Command: StatsArgs{}})
	b = []byte(strings.Replace(string(b), "stats", "stars", 1))
	if _, err := Decode(b); err == nil || err.Error() != `a live message: no command "stars"` {
		t.Errorf("an unknown command: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, m := range every() {
		f.Add(Encode(m))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		// What reads back writes back the same.
		again, err := Decode(Encode(m))
		if err != nil {
			t.Fatalf("%T read, written again, does not read: %v", m, err)
		}
		if d := cmp.Diff(m, again); d != "" {
			t.Fatalf("%T read, written and read again differs:\n%s", m, d)
		}
	})
}
