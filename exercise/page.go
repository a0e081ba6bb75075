package exercise

import (
	"fmt"

	"github.com/a2aplay/a2aplay/exercise/onpage"
	"github.com/a2aplay/a2aplay/replay"
)

// ToPage is an exercise as the page's data block carries it: its
// conditions as written, which the check worker parses back (FromPage).
func ToPage(ex *Exercise, lesson string) onpage.Exercise {
	v := onpage.Exercise{ID: ex.ID, Title: ex.Title, Live: ex.Live, Lesson: lesson}
	for _, c := range ex.Done {
		v.Done = append(v.Done, c.Text)
	}
	for _, w := range ex.Wrong {
		v.Wrong = append(v.Wrong, w.When.Text+" => "+w.Hint)
	}
	return v
}

// FromPage reads an exercise the page sent back: a condition that does
// not parse is an error naming the exercise and the condition.
func FromPage(v onpage.Exercise) (*Exercise, error) {
	ex := &Exercise{ID: v.ID, Title: v.Title, Live: v.Live}
	for i, s := range v.Done {
		c, err := ParseCond(s)
		if err != nil {
			return nil, fmt.Errorf("exercise %s: done condition %d: %w", replay.Visible(v.ID), i+1, err)
		}
		ex.Done = append(ex.Done, c)
	}
	for i, s := range v.Wrong {
		r, err := ParseRoad(s)
		if err != nil {
			return nil, fmt.Errorf("exercise %s: wrong road %d: %w", replay.Visible(v.ID), i+1, err)
		}
		ex.Wrong = append(ex.Wrong, r)
	}
	return ex, nil
}

// Judge evaluates the page's exercises on a session, one verdict each in
// their order: one that does not parse says why in its Why, "not tried".
//
// What the exercises read of the session is worked out once for all of
// them: made for each, it was half of what the check worker did for a
// Live event of 1,000 exchanges (wasm/checker's BenchmarkLiveCheck).
func Judge(exs []onpage.Exercise, t *replay.Transcript, steps []replay.Step) []onpage.Verdict {
	var j Judger
	j.Update(t, steps, 0)
	return j.Judge(exs)
}
