package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// liveSizes is the -live-events flag: the sizes of the Live session,
// in exchanges, at which one more exchange is timed; liveOnly is
// -live-only; livePer is -live-per.
var (
	liveSizes string
	liveOnly  bool
	livePer   int

	liveProfiles []string // with -profile, each size's CPU profile, summed
)

// liveSize is what one more exchange of a Live session of Exchanges
// cost the page: from the Delta's arrival (the page's measure
// a2aplay-live-delta, wasm/viewer/panel.go) to the end of the next
// frame that came after the page handled it (Frame), and the handler's
// own task (Handler), each event's, in milliseconds; and the main
// thread's CPU time in tasks per event (Tasks), all it did from the
// click to the event's findings taken in, the waits between included.
type liveSize struct {
	Error     string    `json:"error"`
	Exchanges int       `json:"exchanges"`
	Steps     int       `json:"steps"`
	Frame     []float64 `json:"frame"`
	Handler   []float64 `json:"handler"`
	RowsPut   int       `json:"rowsPut"` // pieces of rows put in after the diagram was drawn (paint.go), all events
	RowsMs    float64   `json:"rowsMs"`
	Tasks     float64   `json:"-"`
}

// runLive opens Live's review scenario in a fresh tab, sends the diff,
// and grows the session with GetTask, the panel's own button, to each
// of the sizes; at each it times livePer more GetTasks one at a time,
// each once the page is quiet.
func runLive(ctx context.Context, base string) error {
	var sizes []int
	for _, f := range strings.Split(liveSizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 {
			return fmt.Errorf("-live-events: %q is not a size of 2 exchanges or more", f)
		}
		sizes = append(sizes, n)
	}
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	ready := `(e => !!e && e.classList.contains("ok"))(document.querySelector(".lv-status"))`
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1366, 768), chromedp.Navigate(base+"/#live=review"), chromedp.Poll[chromedp.Void](ready)); err != nil {
		return fmt.Errorf("opening Live: %w", err)
	}
	fmt.Printf("a Live event, one more GetTask of the review scenario at 1366x768, from its Delta's arrival to the next frame after it (load average %s)\n", loadAverage())
	fmt.Println("  exchanges   steps   to the frame: median    max    the handler: median    max    main thread's CPU per event   rows put in, all events")
	for _, n := range sizes {
		grown, err := chromedp.Run(tab, chromedp.Evaluate[string](fmt.Sprintf(liveGrowJS, n), chromedp.EvalAwaitPromise))
		if err != nil {
			return err
		}
		if grown != "" {
			return errors.New(grown)
		}
		r, err := liveProfiled(tab, n, chromedp.Evaluate[liveSize](fmt.Sprintf(liveTimeJS, livePer), chromedp.EvalAwaitPromise))
		if err != nil {
			return err
		}
		if r.Error != "" {
			return errors.New(r.Error)
		}
		fmt.Printf("  %9d %7d   %19.1f %6.1f   %19.1f %6.1f   %27.1f   %d pieces in %.0f ms\n", r.Exchanges, r.Steps, medianFloat(r.Frame), pct(r.Frame, 100), medianFloat(r.Handler), pct(r.Handler, 100), r.Tasks, r.RowsPut, r.RowsMs)
	}
	fmt.Println()
	if len(liveProfiles) > 0 {
		fmt.Printf("where a Live event's time goes (CPU profiles in %s), per event:\n%s\n", profileDir, strings.Join(liveProfiles, ""))
	}
	return nil
}

// liveGrowJS grows the session to %d exchanges: GetTasks clicked in
// bursts, each burst drawn before the next. It returns why it could
// not, or "".
const liveGrowJS = `(async target => {
	const x = () => a2aplay.liveState().exchanges;
	const t0 = performance.now();
	const frame = () => new Promise(r => requestAnimationFrame(r));
	const until = async ok => {
		while (!ok()) {
			if (performance.now() - t0 > 600000) throw new Error("Live: " + target + " exchanges not in 10 minutes (" + x() + " exchanges)");
			await frame();
		}
	};
	try {
		if (x() === 0) {
			document.getElementById("lv-send-diff").click();
			await until(() => x() >= 1 && document.getElementById("lv-review-task").value !== "");
		}
		const get = document.getElementById("lv-review-get");
		while (x() < target) {
			const want = Math.min(target, x() + 50);
			for (let i = x(); i < want; i++) get.click();
			await until(() => x() >= want);
		}
		return "";
	} catch (err) {
		return err.message;
	}
})(%d)`

// liveTimeJS times %d more GetTasks, one at a time, each once the page
// is quiet. A frame ends after the animation frame's callbacks, style,
// layout and paint: a timeout set in the callback runs after them.
const liveTimeJS = `(async per => {
	let rafAt = 0;
	const frame = () => new Promise(r => requestAnimationFrame(() => { rafAt = performance.now(); setTimeout(r, 0); }));
	const sleep = ms => new Promise(r => setTimeout(r, ms));
	const x = () => a2aplay.liveState().exchanges;
	const deltas = () => performance.getEntriesByName("a2aplay-live-delta");
	const get = document.getElementById("lv-review-get");
	const t0 = performance.now();
	const out = {frame: [], handler: [], exchanges: x() + 1};
	for (let i = 0; i < per; i++) {
		// Quiet: the check worker's findings of the last event are in.
		await sleep(300);
		await frame();
		const seen = deltas().length, had = x();
		get.click();
		let e;
		for (;;) {
			await frame();
			const ds = deltas();
			if (ds.length > seen) e = ds[ds.length - 1];
			if (e && rafAt >= e.startTime + e.duration) break;
			if (performance.now() - t0 > 600000) return {error: "Live: no Delta for GetTask in 10 minutes"};
		}
		if (x() !== had + 1) return {error: "Live: one GetTask made " + (x() - had) + " exchanges"};
		out.frame.push(performance.now() - e.startTime);
		out.handler.push(e.duration);
	}
	out.steps = a2aplay.liveState().steps;
	const rows = performance.getEntriesByName("a2aplay-rows").filter(e => e.startTime >= t0);
	out.rowsPut = rows.length;
	out.rowsMs = rows.reduce((a, e) => a + e.duration, 0);
	return out;
})(%d)`

// liveProfiled runs the timed events of a session of n exchanges; with
// -profile it records a CPU profile of them, written to the -profile
// folder as live-N.cpuprofile, and prints its time per event by
// function (printProfile) after the figures.
// It reads the renderer's main-thread task time (CPU, not wall clock)
// around them into the result's Tasks, per event.
func liveProfiled(tab context.Context, n int, run func(context.Context, *chromedp.Target) (liveSize, error)) (liveSize, error) {
	type result struct {
		r liveSize
		p *profiler.Profile
	}
	res, err := chromedp.Run(tab, func(ctx context.Context, t *chromedp.Target) (result, error) {
		var res result
		if _, err := cdp.Call(ctx, t, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
			return res, err
		}
		tasks := func() (float64, error) {
			m, err := cdp.Call(ctx, t, performance.GetMetrics, cdp.Empty{})
			if err != nil {
				return 0, err
			}
			for _, x := range m.Metrics {
				if x.Name == "TaskDuration" {
					return x.Value, nil
				}
			}
			return 0, errors.New("the renderer has no TaskDuration metric")
		}
		before, err := tasks()
		if err != nil {
			return res, err
		}
		if profileDir == "" {
			res.r, err = run(ctx, t)
		} else {
			res.r, res.p, err = cpuProfiled(ctx, t, run)
		}
		if err != nil {
			return res, err
		}
		after, err := tasks()
		res.r.Tasks = (after - before) * 1e3 / float64(max(1, len(res.r.Frame)))
		return res, err
	})
	if err != nil || profileDir == "" {
		return res.r, err
	}
	w := &strings.Builder{}
	printProfile(w, res.p, float64(max(1, len(res.r.Frame))))
	liveProfiles = append(liveProfiles, fmt.Sprintf("  %d exchanges:\n%s", n, w))
	b, err := json.Marshal(res.p)
	if err != nil {
		return liveSize{}, err
	}
	return res.r, os.WriteFile(filepath.Join(profileDir, fmt.Sprintf("live-%d.cpuprofile", n)), b, 0o644)
}
