package panel

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/a2aplay/a2aplay/internal/jsonvalue"
	"github.com/a2aplay/a2aplay/internal/replaytest"
)

// asJSON is v as encoding/json writes it, read back into an any.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestArgs: the members the page posts are those encoding/json writes,
// filled and empty.
func TestArgs(t *testing.T) {
	for _, a := range []Args{SaveOptions{}, OpenArgs{}, DiffArgs{}, AnswerArgs{}, MessageArgs{}, DeployArgs{}, SendArgs{}, PlanArgs{}, TaskArgs{}, DecideArgs{}, PollArgs{}} {
		full := reflect.New(reflect.TypeOf(a))
		replaytest.Fill(full.Interface())
		for _, v := range []Args{a, full.Elem().Interface().(Args)} {
			if d := cmp.Diff(asJSON(t, v), asJSON(t, v.Fields())); d != "" {
				t.Errorf("%T: Fields differs from encoding/json (-json +Fields):\n%s", v, d)
			}
		}
	}
}

// TestRead: what the worker writes with encoding/json, parsed, reads
// back as encoding/json reads it.
func TestRead(t *testing.T) {
	check := func(name string, want any, read func(jsonvalue.Value) (any, error)) {
		got, err := read(jsonvalue.Of(asJSON(t, want)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s read back differs (-written +read):\n%s", name, d)
		}
	}
	for _, full := range []bool{false, true} {
		var s Snapshot
		var r Result
		if full {
			replaytest.Fill(&s)
			replaytest.Fill(&r)
		}
		check("Snapshot", s, func(v jsonvalue.Value) (any, error) { return ReadSnapshot(v) })
		check("Result", r, func(v jsonvalue.Value) (any, error) { return ReadResult(v) })
	}
	if _, err := ReadResult(jsonvalue.Of(map[string]any{"task": map[string]any{"artifacts": []any{1.0}}})); err == nil || err.Error() != "the move's answer: task.artifacts[0] is not an object" {
		t.Errorf("a bad artifact: %v", err)
	}
}

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
