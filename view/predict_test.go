package view

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

// TestQuestionsGolden: predict mode's questions on every shipped
// capture, in testdata/predict/NAME.json (-update rewrites them).
func TestQuestionsGolden(t *testing.T) {
	files, err := filepath.Glob("../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".http")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := replay.Parse(b, file)
			if err != nil {
				t.Fatal(err)
			}
			qs := Questions(replay.Steps(tr))
			out, err := json.MarshalIndent(qs, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "predict", name+".json"), append(out, '\n'))
		})
	}
}

// TestQuestionsTeach: the moments the lessons are about are asked.
func TestQuestionsTeach(t *testing.T) {
	for _, c := range []struct {
		transcript string
		step       int
		kind       QuestionKind
		answer     string
		rule       string
	}{
		{"06-input-required", 2, AskState, "INPUT_REQUIRED", "§4.1.3"},
		{"06-input-required", 4, AskState, "COMPLETED", "§3.1.2"},
		{"07-auth-required", 4, AskState, "AUTH_REQUIRED", "§7.6.1"},
		{"07-auth-required", 5, AskSpeaker, "operator", "§7.6.1"},
		{"07-auth-required", 7, AskState, "WORKING", "§7.6.1"},
		{"09-cancel", 4, AskState, "CANCELED", "§3.1.5"},
	} {
		b, err := os.ReadFile(filepath.Join("..", "transcripts", c.transcript+".http"))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := replay.Parse(b, c.transcript)
		if err != nil {
			t.Fatal(err)
		}
		q, ok := QuestionAt(Questions(replay.Steps(tr)), c.step)
		if !ok {
			t.Errorf("%s: no question before step %d", c.transcript, c.step)
			continue
		}
		if q.Kind != c.kind || q.Choices[q.Answer] != c.answer || q.Rule != c.rule {
			t.Errorf("%s step %d: %s question answered %q (%s), want %s answered %q (%s)", c.transcript, c.step, q.Kind, q.Choices[q.Answer], q.Rule, c.kind, c.answer, c.rule)
		}
		var sc Score
		wrong := (q.Answer + 1) % len(q.Choices)
		if sc.Guess(q, wrong) || !sc.Guess(q, q.Answer) || sc != (Score{Asked: 2, Right: 1}) {
			t.Errorf("%s step %d: score %+v after a wrong and a right guess", c.transcript, c.step, sc)
		}
	}
}

// TestQuestionsAnyTranscript: a transcript of any shape gets questions
// whose answers are among their choices.
func TestQuestionsAnyTranscript(t *testing.T) {
	for _, file := range []string{"testdata/sample.http"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := replay.Parse(b, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range Questions(replay.Steps(tr)) {
			if q.Answer < 0 || q.Answer >= len(q.Choices) || len(q.Choices) < 2 {
				t.Errorf("%s step %d: answer %d of %q", file, q.Step, q.Answer, q.Choices)
			}
		}
	}
}
