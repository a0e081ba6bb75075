package live

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
)

// The page's own traffic on the webhook and poll roads, checked: each
// road played as the page plays it (the webhook in the worker; the
// poller on panel.PollWait's schedule), in a deploy and in a review,
// over both bindings, saved as recorded and normalised, and given to
// a2aplay check. What comes out is exactly what is listed: nothing of
// the roads' rules (push-on-change, push-authentication,
// push-unrecorded, poll-backoff), where a poller that does not back off
// gets the poll-backoff note.

// roadFindings saves the session (normalised or not) and returns its
// findings as "rule by" strings, sorted, each once.
func roadFindings(t *testing.T, s *tsession, normalize bool) []string {
	t.Helper()
	var buf bytes.Buffer
	if err := s.Save(&buf, SaveOptions{Normalize: normalize}); err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(buf.Bytes(), "roads.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	var out []string
	for _, f := range check.Check(tr) {
		out = append(out, f.Rule+" "+string(f.By))
		t.Logf("normalised %v: %s %s (exchange %d): %s", normalize, f.Rule, f.By, f.Exchange, f.Msg)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// pollBy asks GetTask of task the way the page does: Wait(n) seconds
// before ask n, until the task has ended; after ask act, it calls act's
// move (the operator's approval, the client's answer). It returns the
// number of asks.
func pollBy(t *testing.T, s *tsession, task string, b Binding, wait func(n int) int, actAfter int, act func()) int {
	t.Helper()
	for n := 1; n <= 12; n++ {
		w := wait(n)
		time.Sleep(time.Duration(w) * time.Second)
		r := s.do(fmt.Sprintf("Poll %d", n), func(ctx context.Context) (*Result, error) {
			return s.Poll(ctx, PollArgs{TaskID: task, HistoryLength: 1, Number: n, Every: w, Binding: b})
		})
		if r.Task == nil {
			t.Fatalf("poll %d: no task: %+v", n, r)
		}
		if r.Task.Terminal {
			return n
		}
		if n == actAfter {
			act()
		}
	}
	t.Fatalf("the task has not ended after 12 asks")
	return 0
}

// The review's answer, once the question has been heard, and the
// deploy's approval.
func answerTask(s *tsession, id string) {
	s.waitFor("the question", taskIn(id, string(a2a.TaskStateInputRequired)))
	// A learner reads the question before answering: a2a-go may still
	// hold the execution that asked it for a moment after.
	time.Sleep(300 * time.Millisecond)
	s.do("Answer", func(ctx context.Context) (*Result, error) { return s.Answer(ctx, AnswerArgs{TaskID: id, Text: "main"}) })
}

func approveTask(s *tsession, id string) {
	s.do("Approve", func(ctx context.Context) (*Result, error) { return s.Approve(ctx, DecideArgs{TaskID: id}) })
}

// TestRoadsCheckClean plays each road as the page does and checks the
// saved sessions. The HTTP+JSON binding's one finding is a2a-go's,
// whatever the road: its replies are labelled application/json
// (capture 10-rest-binding shows it too).
func TestRoadsCheckClean(t *testing.T) {
	agentOnly := map[Binding][]string{JSONRPC: nil, HTTPJSON: {"rest-content-type agent"}}
	// 3 s: the control's intervals stay within a tenth of each other
	// (the rule's room for jitter) on a loaded machine, and once
	// normalised on 250 ms ticks.
	fixed := func(int) int { return 3 }
	backoff := func(n int) int { return panel.PollWait(1, n) }
	var runs sync.WaitGroup
	defer runs.Wait()
	for _, c := range []struct {
		name   string
		road   Road
		review bool
		wait   func(int) int // poll: the page's schedule; nil for the webhook
		want   []string      // findings beyond agentOnly's
	}{
		{"webhook-deploy", RoadWebhook, false, nil, nil},
		{"webhook-review", RoadWebhook, true, nil, nil},
		{"poll-deploy", RoadPoll, false, backoff, nil},
		{"poll-review", RoadPoll, true, backoff, nil},
		// The control: a page that polled at a fixed interval would get
		// the note, in either save.
		{"poll-fixed-deploy", RoadPoll, false, fixed, []string{"poll-backoff client"}},
	} {
		for _, b := range []Binding{JSONRPC, HTTPJSON} {
			// The runs mostly wait, as the page's poller does: all at
			// once, whatever -parallel allows (t.Run may be called from
			// several goroutines).
			runs.Add(1)
			go t.Run(c.name+"/"+string(b), func(t *testing.T) {
				defer runs.Done()
				s := openTest(t, Config{})
				var task string
				if c.review {
					r := s.do("SendDiff", func(ctx context.Context) (*Result, error) {
						return s.SendDiff(ctx, DiffArgs{Road: c.road, Binding: b})
					})
					if r.Task == nil {
						t.Fatalf("SendDiff by %s: %+v", c.road, r)
					}
					task = r.Task.ID
				} else {
					r := s.do("Deploy", func(ctx context.Context) (*Result, error) {
						return s.Deploy(ctx, DeployArgs{Road: c.road, Binding: b})
					})
					task = wantState(t, "Deploy", r, string(a2a.TaskStateAuthRequired)).ID
				}
				act := func() { approveTask(s, task) }
				if c.review {
					act = func() { answerTask(s, task) }
				}
				switch c.road {
				case RoadWebhook:
					act()
					waitPush(t, s, "COMPLETED")
				case RoadPoll:
					// The act comes after the fourth ask: four asks in a
					// row while the task waits, enough for the rule to
					// judge the loop.
					if n := pollBy(t, s, task, b, c.wait, 4, act); n < 5 {
						t.Errorf("%d asks, want the four before the act and one after", n)
					}
				}
				want := slices.Sorted(slices.Values(append(slices.Clone(agentOnly[b]), c.want...)))
				for _, norm := range []bool{false, true} {
					if got := roadFindings(t, s, norm); !slices.Equal(got, want) {
						t.Errorf("normalised %v: findings %q, want %q", norm, got, want)
					}
				}
			})
		}
	}
}
