package exercise

import (
	"reflect"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/exercise/onpage"
)

// TestPage: an exercise goes into the page's data block as text and
// comes back from the page the same, and Judge says of it what Evaluate
// says, in the words the page knows.
func TestPage(t *testing.T) {
	road, err := ParseRoad("message-on-task terminal => Task {task} was already {state} at step {step}.")
	if err != nil {
		t.Fatal(err)
	}
	ex := &Exercise{ID: "same-task", Title: "answer it", Live: "review",
		Done: []Cond{mustCond(t, "answered  INPUT_REQUIRED")}, Wrong: []Road{road}}
	pv := ToPage(ex, "01-input-required")
	if pv.Lesson != "01-input-required" || pv.Done[0] != "answered INPUT_REQUIRED" {
		t.Errorf("ToPage: %+v", pv)
	}
	back, err := FromPage(pv)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, ex) {
		t.Errorf("FromPage(ToPage) = %+v, want %+v", back, ex)
	}

	tr, steps := shipped(t, "11-wrong-task")
	missed := pv
	missed.Done = []string{"reached CANCELED"}
	bad := onpage.Exercise{ID: "bad", Done: []string{"reached NOWHERE"}}
	got := Judge([]onpage.Exercise{pv, missed, bad}, tr, steps)
	if len(got) != 3 {
		t.Fatalf("Judge gave %d verdicts, want 3", len(got))
	}
	if v := got[0]; v.ID != "same-task" || v.Status != onpage.Done || v.Step == 0 {
		t.Errorf("done: %+v", got[0])
	}
	if v := got[1]; v.Status != onpage.Missed || v.Hint != "Task 37b29ce4 was already COMPLETED at step 9." {
		t.Errorf("missed: %+v", v)
	}
	if v := got[2]; v.Status != onpage.NotTried || !strings.Contains(v.Why, "exercise bad: done condition 1") {
		t.Errorf("a condition that does not parse: %+v", v)
	}
	if v := Judge([]onpage.Exercise{pv}, tr, steps[:2])[0]; v.Status != onpage.InProgress || v.Why == "" {
		t.Errorf("in progress: %+v", v)
	}
	for s, want := range map[Status]string{NotTried: onpage.NotTried, InProgress: onpage.InProgress, Done: onpage.Done, Missed: onpage.Missed} {
		if s.String() != want {
			t.Errorf("%d says %q, the page knows %q", s, s.String(), want)
		}
	}
}
