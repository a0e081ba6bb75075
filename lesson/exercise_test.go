package lesson

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/exercise"
)

// TestPageExercises: the shipped lessons' exercises, as the page's data
// block carries them, read back by the check worker's FromPage to what
// ReadExercises read.
func TestPageExercises(t *testing.T) {
	dir := filepath.Join("..", "web", "lessons")
	got, err := PageExercises(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 10 {
		t.Fatalf("%d exercises in the lessons, want at least 10", len(got))
	}
	seen := map[string]bool{}
	for _, v := range got {
		if seen[v.ID] {
			t.Errorf("exercise %s twice: the page keeps progress by id", v.ID)
		}
		seen[v.ID] = true
		exs, err := ReadExercises(filepath.Join(dir, v.Lesson+".md"))
		if err != nil {
			t.Fatal(err)
		}
		back, err := exercise.FromPage(v)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		found := false
		for _, ex := range exs {
			if ex.ID == v.ID {
				found = true
				if exercise.ToPage(back, v.Lesson).Title != ex.Title || len(back.Done) != len(ex.Done) || len(back.Wrong) != len(ex.Wrong) {
					t.Errorf("%s read back as %+v, want %+v", v.ID, back, ex)
				}
			}
		}
		if !found {
			t.Errorf("%s is not in its lesson %s", v.ID, v.Lesson)
		}
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "x.md"), []byte("# X\n\n```exercise\nid: a\ntitle: t\nlive: review\ndone: reached NOWHERE\n---\nGo.\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := PageExercises(bad); err == nil || !strings.Contains(err.Error(), "x.md") {
		t.Errorf("a lesson with a bad exercise: %v", err)
	}
}
