package view

import (
	"reflect"
	"testing"
)

func TestExercisesFor(t *testing.T) {
	all := []Exercise{{ID: "a", Live: "review"}, {ID: "b", Live: "deploy"}, {ID: "c", Live: "review"}}
	ids := func(es []Exercise) (out []string) {
		for _, e := range es {
			out = append(out, e.ID)
		}
		return out
	}
	for _, tc := range []struct {
		id, live string
		want     []string
	}{
		{"b", "review", []string{"b"}}, // the link's exercise, whatever the setup shown
		{"", "review", []string{"a", "c"}},
		{"nope", "deploy", []string{"b"}}, // an id no lesson has: the setup's
		{"", "try", nil},
	} {
		if got := ids(ExercisesFor(all, tc.id, tc.live)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ExercisesFor(%q, %q) = %q, want %q", tc.id, tc.live, got, tc.want)
		}
	}
}

func TestProgress(t *testing.T) {
	p := ReadProgress("  a b\ta  c ")
	if got := p.String(); got != "a b c" {
		t.Errorf("ReadProgress read %q", got)
	}
	p, news := p.Add("d")
	if !news || !p.Has("d") || p.String() != "a b c d" {
		t.Errorf("Add(d): %q %v", p, news)
	}
	for _, id := range []string{"a", "", "x y"} {
		if q, news := p.Add(id); news || len(q) != len(p) {
			t.Errorf("Add(%q) took it: %q", id, q)
		}
	}
	if ReadProgress("").Has("a") || len(ReadProgress("")) != 0 {
		t.Error("empty progress has something")
	}
}

func TestShowExercise(t *testing.T) {
	e := Exercise{ID: "ex", Live: "review"}
	missed := &Verdict{ID: "ex", Status: ExMissed, Hint: "Task 1234 is still waiting: give its `taskId`"}
	for _, tc := range []struct {
		v    *Verdict
		p    Progress
		want ExerciseShown
	}{
		{nil, nil, ExerciseShown{ExNotTried, "Start the review setup below and play."}},
		{&Verdict{Status: ExInProgress, Why: "still to come: x"}, nil, ExerciseShown{ExInProgress, "still to come: x"}},
		{missed, nil, ExerciseShown{ExMissed, "Task 1234 is still waiting: give its taskId"}},
		{&Verdict{Status: ExDone}, nil, ExerciseShown{ExDone, "Done: well played."}},
		{missed, Progress{"ex"}, ExerciseShown{ExDone, "Done: well played."}}, // done stays done
		{nil, Progress{"other"}, ExerciseShown{ExNotTried, "Start the review setup below and play."}},
	} {
		if got := ShowExercise(e, tc.v, tc.p); got != tc.want {
			t.Errorf("ShowExercise(%+v, %q) = %+v, want %+v", tc.v, tc.p, got, tc.want)
		}
	}
}
