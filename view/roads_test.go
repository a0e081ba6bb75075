package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

func capturedSteps(t *testing.T, name string) []replay.Step {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "transcripts", name+".http"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, name+".http")
	if err != nil {
		t.Fatal(err)
	}
	return replay.Steps(tr)
}

// TestTallyRoad counts the roads of the captures: 13's notifications
// and its one GetTask, 14's asks, and nothing of another task.
func TestTallyRoad(t *testing.T) {
	for _, c := range []struct {
		capture           string
		pushes, polls     int
		pushLast, pollEnd string
	}{
		{"13-push-webhook", 6, 1, replay.StateCompleted, replay.StateCompleted},
		{"14-poll", 0, 4, "", replay.StateCompleted},
	} {
		steps := capturedSteps(t, c.capture)
		task := ""
		for _, st := range steps {
			if st.TaskID != "" {
				task = st.TaskID
				break
			}
		}
		got := TallyRoad(steps, task)
		want := RoadTally{Pushes: c.pushes, PushState: c.pushLast, Polls: c.polls, PollState: c.pollEnd}
		if got != want {
			t.Errorf("%s: %+v, want %+v", c.capture, got, want)
		}
		if other := TallyRoad(steps, "another-task"); other != (RoadTally{}) {
			t.Errorf("%s, another task: %+v", c.capture, other)
		}
	}
}

// TestRoadNote: each road says what it does; the webhook with a remote
// agent says plainly why it is not offered; an unknown road says nothing.
func TestRoadNote(t *testing.T) {
	for _, road := range []string{"stream", "subscribe", "webhook", "poll"} {
		if RoadNote(road, false, 3, 24) == "" {
			t.Errorf("%s: no note", road)
		}
	}
	// The poll road's note gives the schedule the page polls by
	// (panel.PollWait): the interval chosen, doubling, at most 8 times it.
	if got := RoadNote("poll", true, 3, 24); !strings.Contains(got, "every 3 s, backing off") || !strings.Contains(got, "3 s after it") || !strings.Contains(got, "at most 24 s") {
		t.Errorf("poll: %q", got)
	}
	if got := RoadNote("webhook", true, 2, 16); got != WebhookRemote || !strings.Contains(got, "a browser accepts no incoming request") {
		t.Errorf("webhook, remote: %q", got)
	}
	if RoadNote("pigeon", false, 2, 16) != "" {
		t.Error("an unknown road has a note")
	}
}
