package capture

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/replay"
)

// TestMoveTheLoad runs 200 review flows and 200 deploy-and-approve flows
// at once through one in-process transport, recording all of them, and
// checks that every flow completes, that the recording holds every
// exchange with every stream closed by the server, and that no goroutine
// is left once the kit is shut down.
func TestMoveTheLoad(t *testing.T) {
	const flows = 200
	defer leakCheck(t)()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()

	tr := NewTransport(nil)
	rec := NewRecorder(tr)
	kit := agents.NewKit(agents.KitConfig{HTTPClient: rec.Client(agents.PlannerName)})
	for host, h := range kit.Handlers() {
		tr.Handle(host, h)
	}
	client := func(a *agents.Agent) (*a2aclient.Client, error) {
		return a2aclient.NewFromCard(ctx, a.Card(), a2aclient.WithDefaultsDisabled(), a2aclient.WithJSONRPCTransport(rec.Client(ClientName)))
	}

	review := func() error {
		c, err := client(kit.Reviewer)
		if err != nil {
			return err
		}
		defer c.Destroy()
		res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewReviewMessage(agents.SampleRepository, "", agents.SampleDiff)})
		if err != nil {
			return err
		}
		task, err := asTask(res, a2a.TaskStateInputRequired, "review")
		if err != nil {
			return err
		}
		res, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewAnswerMessage(task, agents.SampleBase)})
		if err != nil {
			return err
		}
		done, err := asTask(res, a2a.TaskStateCompleted, "answer")
		if err == nil && !hasArtifact(done, agents.ReviewArtifact) {
			err = fmt.Errorf("no %s", agents.ReviewArtifact)
		}
		return err
	}
	deploy := func() error {
		c, err := client(kit.Deployer)
		if err != nil {
			return err
		}
		defer c.Destroy()
		var url string
		var last a2a.Event
		n := 0
		for ev, err := range c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{Message: agents.NewDeployMessage(agents.SampleBuild, agents.SampleEnvironment)}) {
			if err != nil {
				return err
			}
			n++
			last = ev
			if stateOf(ev) == a2a.TaskStateAuthRequired {
				if url, err = approveURL(statusText(ev)); err != nil {
					return err
				}
				req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
				req.Header.Set("Authorization", agents.OperatorAuthorization(kit.Deployer.OperatorToken()))
				resp, err := rec.Client(OperatorName).Do(req)
				if err != nil {
					return err
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					return fmt.Errorf("approve: %s %s", resp.Status, body)
				}
			}
		}
		if url == "" || n != 6 || stateOf(last) != a2a.TaskStateCompleted {
			return fmt.Errorf("the stream had %d frames ending in %q (approve URL %q)", n, stateOf(last), url)
		}
		return nil
	}

	var wg sync.WaitGroup
	errs := make(chan error, 2*flows)
	for i := range 2 * flows {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				err = review()
			} else {
				err = deploy()
			}
			if err != nil {
				errs <- fmt.Errorf("flow %d: %w", i, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		if failed++; failed <= 5 {
			t.Error(err)
		}
	}
	if failed > 0 {
		t.Fatalf("%d of %d flows failed", failed, 2*flows)
	}

	kit.Close()
	tr.Close()

	got := rec.Transcript("load")
	counts := map[string]int{}
	for _, x := range got.Exchanges {
		counts[x.Name]++
		if x.Response == nil || x.Response.Err != "" {
			t.Fatalf("exchange %d (%s) has no response", x.Seq, x.Name)
		}
		if s := x.Response.Stream; s != nil && (s.End == nil || s.End.By != replay.EndServer || len(s.Frames) != 6) {
			t.Errorf("exchange %d: stream of %d frames, end %+v", x.Seq, len(s.Frames), s.End)
		}
	}
	want := fmt.Sprint(map[string]int{"SendMessage": 2 * flows, "SendStreamingMessage": flows, "approve": flows})
	if fmt.Sprint(counts) != want {
		t.Errorf("recorded %v, want %s", counts, want)
	}
	if n := rec.Ticks(); n != 2*2*flows+(1+1+6+1)*flows+2*flows {
		t.Errorf("%d observations, want %d", n, 2*2*flows+(1+1+6+1)*flows+2*flows)
	}
	if _, err := replay.Marshal(got); err != nil {
		t.Errorf("the recording cannot be written: %v", err)
	}
}

// TestScenarioTimeout: a scenario that waits for what never comes fails
// at its deadline, naming what it waited for, and leaves nothing running.
func TestScenarioTimeout(t *testing.T) {
	defer leakCheck(t)()
	sc := &Scenario{
		Name:    "99-never-approved",
		Parties: []string{ClientName, agents.DeployerName},
		run: func(ctx context.Context, s *Session) error {
			c, err := s.Client(ctx, ClientName, s.Kit.Deployer, false)
			if err != nil {
				return err
			}
			defer c.Destroy()
			st := s.open("the deploy stream", c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{
				Message: agents.NewDeployMessage(agents.SampleBuild, agents.SampleEnvironment),
			}))
			defer st.stop()
			_, err = st.drain() // nobody approves
			return err
		},
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	_, err := sc.Capture(ctx)
	if err == nil || !strings.Contains(err.Error(), "timed out") || !strings.Contains(err.Error(), "frame 4 or the end of the deploy stream") {
		t.Errorf("got %v, want a timeout naming frame 4 of the deploy stream", err)
	}
}
