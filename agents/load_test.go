package agents

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

// reviewFlow asks for a review without a base, answers the question and
// checks the review.
func reviewFlow(ctx context.Context, c *a2aclient.Client) error {
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: NewReviewMessage(SampleRepository, "", SampleDiff)})
	if err != nil {
		return fmt.Errorf("send: %w", err)
	}
	task, ok := res.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateInputRequired {
		return fmt.Errorf("first reply %T, want a task in INPUT_REQUIRED", res)
	}
	res, err = c.SendMessage(ctx, &a2a.SendMessageRequest{Message: NewAnswerMessage(task, SampleBase)})
	if err != nil {
		return fmt.Errorf("answer: %w", err)
	}
	task, ok = res.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateCompleted {
		return fmt.Errorf("second reply %T, want a completed task", res)
	}
	a := findArtifact(task, ReviewArtifact)
	if a == nil {
		return fmt.Errorf("no %s", ReviewArtifact)
	}
	if totals, _ := a.Parts[0].Data().(map[string]any)["totals"].(map[string]any); totals["added"] != 41.0 || totals["findings"] != 2.0 {
		return fmt.Errorf("totals %v", totals)
	}
	return nil
}

// deployFlow streams a deploy, approves it when the stream says so, and
// reads the stream to its end.
func deployFlow(ctx context.Context, c *a2aclient.Client, hc *http.Client, deployerURL, token string) error {
	var frames []frame
	for e, err := range c.SendStreamingMessage(ctx, &a2a.SendMessageRequest{Message: NewDeployMessage(SampleBuild, SampleEnvironment)}) {
		if err != nil {
			return fmt.Errorf("stream after %d frames: %w", len(frames), err)
		}
		f := frameOf(e)
		frames = append(frames, f)
		if f.State == a2a.TaskStateAuthRequired {
			u := ApproveURL(deployerURL, e.TaskInfo().TaskID)
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
			if err != nil {
				return err
			}
			req.Header.Set("Authorization", OperatorAuthorization(token))
			resp, err := hc.Do(req)
			if err != nil {
				return fmt.Errorf("approve: %w", err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				return fmt.Errorf("approve: %s", resp.Status)
			}
		}
	}
	if len(frames) != 6 || frames[5].State != a2a.TaskStateCompleted {
		return fmt.Errorf("frames %+v, want 6 ending COMPLETED", frames)
	}
	return nil
}

// TestConcurrentFlows drives review flows and deploy-and-approve flows at
// the same time over loopback, then shuts everything down and checks that
// no goroutine is left.
func TestConcurrentFlows(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 20
	}
	before := runtime.NumGoroutine()
	func() {
		var rh, dh http.Handler
		ready := make(chan struct{})
		rs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-ready; rh.ServeHTTP(w, r) }))
		ds := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-ready; dh.ServeHTTP(w, r) }))
		reviewer := NewCodeReviewer(Config{BaseURL: rs.URL})
		deployer := NewDeployer(Config{BaseURL: ds.URL})
		rh, dh = reviewer.Handler(), deployer.Handler()
		close(ready)
		tr := &http.Transport{MaxIdleConnsPerHost: 64}
		hc := &http.Client{Transport: tr}
		defer func() {
			tr.CloseIdleConnections()
			rs.Close()
			ds.Close()
			reviewer.Close()
			deployer.Close()
		}()

		ctx := context.Background()
		clientFor := func(u string) *a2aclient.Client {
			card, err := agentcard.NewResolver(hc).Resolve(ctx, u)
			if err != nil {
				t.Fatal(err)
			}
			c, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(hc))
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		rc, dc := clientFor(rs.URL), clientFor(ds.URL)
		defer rc.Destroy()
		defer dc.Destroy()

		var wg sync.WaitGroup
		errs := make(chan error, 2*n)
		start := time.Now()
		for i := 0; i < n; i++ {
			wg.Add(2)
			go func() {
				defer wg.Done()
				if err := reviewFlow(ctx, rc); err != nil {
					errs <- fmt.Errorf("review flow: %w", err)
				}
			}()
			go func() {
				defer wg.Done()
				if err := deployFlow(ctx, dc, hc, ds.URL, deployer.OperatorToken()); err != nil {
					errs <- fmt.Errorf("deploy flow: %w", err)
				}
			}()
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
			t.Errorf("%d of %d flows failed", failed, 2*n)
		}
		t.Logf("%d review flows and %d deploy-and-approve flows in %v", n, n, time.Since(start).Round(time.Millisecond))

		// Deploys left waiting for an operator: Close must end them.
		for i := 0; i < 10; i++ {
			res, err := dc.SendMessage(ctx, &a2a.SendMessageRequest{Message: NewDeployMessage(SampleBuild, SampleEnvironment)})
			if task, ok := res.(*a2a.Task); err != nil || !ok || task.Status.State != a2a.TaskStateAuthRequired {
				t.Fatalf("abandoned deploy %d: %v %v", i, res, err)
			}
		}
	}()

	// Goroutines end shortly after the connections close.
	var after int
	for i := 0; i < 200; i++ {
		if after = runtime.NumGoroutine(); after <= before {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	buf := make([]byte, 1<<20)
	t.Errorf("%d goroutines before, %d after shutdown:\n%s", before, after, buf[:runtime.Stack(buf, true)])
}

// TestLoadMemory drives 10,000 flows (half reviews with their answer, half
// deploys streamed and approved) through a code-reviewer and a deployer
// over loopback, 32 at a time, and reports the process's resident memory:
// the kit keeps at most MaxTasks tasks per agent however many flows pass,
// and the process's peak RSS stays within loadRSSBound (where /proc says
// it). The figure includes the test's own clients. So that the peak is
// the flows' and not that of the tests before it in the same process,
// the flows run in a fresh process of the test binary (loadChild). The
// README's figure comes from
//
//	go test ./agents -run TestLoadMemory -v -flows 10000
//
// By default it runs 1,000 flows, 100 with -short.
func TestLoadMemory(t *testing.T) {
	flows := *loadFlows
	if testing.Short() {
		flows = 100
	}
	if os.Getenv(loadChild) == "" && runtime.GOOS == "linux" {
		runLoadChild(t, flows)
		return
	}
	rss0, _ := procRSS()
	var rh, dh http.Handler
	ready := make(chan struct{})
	rs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-ready; rh.ServeHTTP(w, r) }))
	ds := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-ready; dh.ServeHTTP(w, r) }))
	reviewer := NewCodeReviewer(Config{BaseURL: rs.URL})
	deployer := NewDeployer(Config{BaseURL: ds.URL})
	rh, dh = reviewer.Handler(), deployer.Handler()
	close(ready)
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	hc := &http.Client{Transport: tr}
	defer func() {
		tr.CloseIdleConnections()
		rs.Close()
		ds.Close()
		reviewer.Close()
		deployer.Close()
	}()
	ctx := context.Background()
	rc, dc := newClient(t, hc, rs.URL), newClient(t, hc, ds.URL)

	start := time.Now()
	work := make(chan int)
	errs := make(chan error, flows)
	var wg sync.WaitGroup
	for w := 0; w < 32; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				var err error
				if i%2 == 0 {
					err = reviewFlow(ctx, rc)
				} else {
					err = deployFlow(ctx, dc, hc, ds.URL, deployer.OperatorToken())
				}
				if err != nil {
					errs <- fmt.Errorf("flow %d: %w", i, err)
				}
			}
		}()
	}
	for i := 0; i < flows; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		if failed++; failed <= 5 {
			t.Error(err)
		}
	}
	elapsed := time.Since(start)

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rss, peak := procRSS()
	rAll, _ := reviewer.store.len()
	dAll, _ := deployer.store.len()
	t.Logf("%d flows in %v (%d failed); tasks kept: code-reviewer %d, deployer %d (limit %d each)",
		flows, elapsed.Round(time.Millisecond), failed, rAll, dAll, DefaultMaxTasks)
	t.Logf("memory: RSS %s at start, %s after, %s at peak; Go heap in use after GC %s",
		mib(rss0), mib(rss), mib(peak), mib(ms.HeapInuse))
	if rAll > DefaultMaxTasks || dAll > DefaultMaxTasks {
		t.Errorf("the stores hold %d and %d tasks, over their limit %d", rAll, dAll, DefaultMaxTasks)
	}
	// Under GOOS=js /proc is Node's, whose own heap is most of it (224
	// MiB read so at start): the bound is the Go process's, held natively.
	if peak > loadRSSBound && runtime.GOOS != "js" {
		t.Errorf("peak RSS %s, over the %s the package documentation promises", mib(peak), mib(loadRSSBound))
	}
	if n := reviewer.pendingCount() + deployer.pendingCount() + reviewer.waiting() + deployer.waiting(); n != 0 {
		t.Errorf("%d requests or waits left after every flow ended", n)
	}
}

var loadFlows = flag.Int("flows", 1000, "flows TestLoadMemory drives")

// loadChild names the environment variable that tells a test binary it
// is TestLoadMemory's fresh process.
const loadChild = "A2APLAY_LOAD_CHILD"

// runLoadChild runs TestLoadMemory's flows in a fresh process of the
// test binary and passes on what it logs and whether it failed.
func runLoadChild(t *testing.T, flows int) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadMemory$", "-test.v", fmt.Sprintf("-flows=%d", flows))
	cmd.Env = append(os.Environ(), loadChild+"=1")
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "=== RUN") && line != "PASS" && line != "FAIL" {
			t.Log(line)
		}
	}
	if err != nil {
		t.Errorf("TestLoadMemory's own process: %v", err)
	}
}

// loadRSSBound is the resident memory the test process (the kit and its
// clients) stays within under TestLoadMemory's flows: agents/doc.go's
// and the README's 64 MB. Measured: 42.2 MiB peak at 1,000 flows, 54
// at 10,000.
const loadRSSBound = 64_000_000

// procRSS reads the process's resident set size and its peak, in bytes,
// from /proc (0 where there is none).
func procRSS() (rss, peak uint64) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb uint64
		if _, err := fmt.Sscanf(line, "VmRSS: %d kB", &kb); err == nil {
			rss = kb << 10
		}
		if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil {
			peak = kb << 10
		}
	}
	return rss, peak
}

func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
