package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// gradeOptions are what a2aplay check -exercises was asked.
type gradeOptions struct {
	Lesson string   // the lesson whose exercises count
	Only   []string // these exercises only; all of the lesson's when empty
	Format string   // text or json
	HAR    har.Options
}

// runGrade is a2aplay check -exercises.
func runGrade(ctx context.Context, fs *flag.FlagSet, o gradeOptions, only string) error {
	if o.Format != "text" && o.Format != "json" {
		return &usageError{fmt.Sprintf("-exercises writes text or json, not %q", o.Format)}
	}
	if fs.NArg() == 0 {
		return &usageError{"no session given to grade"}
	}
	if only != "" {
		o.Only = strings.Split(only, ",")
	}
	return gradeSessions(ctx, o, fs.Args(), checkOut)
}

// errNotDone is the answer when a session has not done every exercise
// asked for: exit status 1, with the details already printed. As with
// the findings, a lesson or a session that cannot be read is exit
// status 2.
var errNotDone = errors.New("not every exercise is done")

// gradeSessions checks each saved session against the lesson's
// exercises and prints, per session and exercise, done or not and why.
func gradeSessions(ctx context.Context, o gradeOptions, files []string, w io.Writer) error {
	exs, err := lesson.ReadExercises(o.Lesson)
	if err != nil {
		return &exitError{code: 2, msg: err.Error()}
	}
	if len(o.Only) > 0 {
		byID := map[string]*exercise.Exercise{}
		for _, ex := range exs {
			byID[ex.ID] = ex
		}
		exs = exs[:0:0]
		for _, id := range o.Only {
			ex, ok := byID[id]
			if !ok {
				return &usageError{fmt.Sprintf("%s has no exercise %q", o.Lesson, id)}
			}
			exs = append(exs, ex)
		}
	}
	if len(exs) == 0 {
		return fmt.Errorf("%s sets no exercise", o.Lesson)
	}
	enc := json.NewEncoder(w)
	all := true
	for _, file := range files {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted")
		}
		t, err := readTranscript(file, o.HAR)
		if err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
		steps := replay.Steps(t)
		for _, ex := range exs {
			r := exercise.Evaluate(ex, t, steps)
			all = all && r.Status == exercise.Done
			if o.Format == "json" {
				if err := enc.Encode(gradeJSON{File: file, Exercise: ex.ID, Title: ex.Title, Status: r.Status.String(), Step: r.Step, Why: r.Why, Hint: r.Hint}); err != nil {
					return err
				}
				continue
			}
			fmt.Fprintln(w, gradeLine(file, ex, r))
		}
	}
	if !all {
		return errNotDone
	}
	return nil
}

// gradeJSON is one line of -format json: a session's state in one
// exercise.
type gradeJSON struct {
	File     string `json:"file"`
	Exercise string `json:"exercise"`
	Title    string `json:"title"`
	Status   string `json:"status"` // not tried, in progress, done, missed
	Step     int    `json:"step,omitempty"`
	Why      string `json:"why,omitempty"`
	Hint     string `json:"hint,omitempty"`
}

// gradeLine is one line of the text output:
//
//	session.http: same-task: done at step 4
//	session.http: same-task: missed at step 9: Task 37b29ce4 was …
//	session.http: same-task: in progress: still to come: …
func gradeLine(file string, ex *exercise.Exercise, r exercise.Result) string {
	s := file + ": " + ex.ID + ": " + r.Status.String()
	if r.Step > 0 {
		s += fmt.Sprintf(" at step %d", r.Step)
	}
	switch {
	case r.Hint != "":
		s += ": " + r.Hint
	case r.Why != "":
		s += ": " + r.Why
	}
	return s
}
