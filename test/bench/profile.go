package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// profileDir is the -profile flag: where the step changes' CPU profiles
// go, "" for none. profiles holds what profiled found, by the number of
// steps, for printSteps.
var (
	profileDir string
	profiles   = map[int]*strings.Builder{}
)

// profiled runs the step changes of js in tab, as stepJS does. With
// -profile it also reads the renderer's own counters around them (the
// main thread's CPU time in script, style and layout, and how many style
// recalculations and layouts ran) and records a CPU profile, written to
// the -profile folder as steps-N.cpuprofile (DevTools opens it), whose
// time is summed by function: the step change's cost split by where it
// goes, in CPU time, which a loaded machine inflates far less than the
// wall clock.
func profiled(tab context.Context, js string, n int) ([][3]float64, error) {
	run := chromedp.Evaluate[[][3]float64](js, chromedp.EvalAwaitPromise)
	if profileDir == "" {
		return chromedp.Run(tab, run)
	}
	type result struct {
		steps   [][3]float64
		before  map[string]float64
		after   map[string]float64
		profile *profiler.Profile
		trace   []traceEvent
	}
	r, err := chromedp.Run(tab, func(ctx context.Context, t *chromedp.Target) (result, error) {
		var r result
		metrics := func() (map[string]float64, error) {
			m, err := cdp.Call(ctx, t, performance.GetMetrics, cdp.Empty{})
			if err != nil {
				return nil, err
			}
			out := map[string]float64{}
			for _, x := range m.Metrics {
				out[x.Name] = x.Value
			}
			return out, nil
		}
		if _, err := cdp.Call(ctx, t, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
			return r, err
		}
		var err error
		if r.before, err = metrics(); err != nil {
			return r, err
		}
		if r.steps, r.profile, err = cpuProfiled(ctx, t, run); err != nil {
			return r, err
		}
		if r.after, err = metrics(); err != nil {
			return r, err
		}
		r.trace, err = traceSteps(ctx, t, strings.Replace(js, "i < 200", "i < 20", 1))
		return r, err
	})
	if err != nil {
		return nil, err
	}
	w := &strings.Builder{}
	profiles[n] = w
	k := float64(len(r.steps))
	d := func(name string) float64 { return (r.after[name] - r.before[name]) / k }
	fmt.Fprintf(w, "  per step, the renderer's main thread (CPU time, -profile): script %.2f ms, style %.2f ms in %.1f recalcs, layout %.2f ms in %.1f layouts; tasks %.2f ms\n",
		d("ScriptDuration")*1e3, d("RecalcStyleDuration")*1e3, d("RecalcStyleCount"), d("LayoutDuration")*1e3, d("LayoutCount"), d("TaskDuration")*1e3)
	printTrace(w, r.trace, 20)
	printProfile(w, r.profile, k)
	b, err := json.Marshal(r.profile)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(profileDir, fmt.Sprintf("steps-%d.cpuprofile", n))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "  CPU profile: %s\n\n", path)
	return r.steps, nil
}

// cpuProfiled runs run in t with the renderer's CPU profiler on,
// sampling every 100 µs, and returns its result and the profile.
func cpuProfiled[T any](ctx context.Context, t *chromedp.Target, run func(context.Context, *chromedp.Target) (T, error)) (T, *profiler.Profile, error) {
	var zero T
	if _, err := cdp.Call(ctx, t, profiler.Enable, cdp.Empty{}); err != nil {
		return zero, nil, err
	}
	if _, err := cdp.Call(ctx, t, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
		return zero, nil, err
	}
	if _, err := cdp.Call(ctx, t, profiler.Start, cdp.Empty{}); err != nil {
		return zero, nil, err
	}
	v, err := run(ctx, t)
	if err != nil {
		return zero, nil, err
	}
	stop, err := cdp.Call(ctx, t, profiler.Stop, cdp.Empty{})
	if err != nil {
		return zero, nil, err
	}
	return v, stop.Profile, nil
}

// printProfile sums a CPU profile's samples by function: the time spent
// in each (its own and its callees', each sample counted once per
// function however deep it recurses) and its own. A Go function in the
// viewer shows by its Go name when the module keeps its names (built
// without -ldflags=-s).
func printProfile(w io.Writer, p *profiler.Profile, steps float64) {
	if p == nil || len(p.Samples) != len(p.TimeDeltas) {
		return
	}
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, nd := range p.Nodes {
		byID[nd.ID] = nd
		for _, c := range nd.Children {
			parent[c] = nd.ID
		}
	}
	total, self := map[string]float64{}, map[string]float64{}
	var busy float64
	for i, id := range p.Samples {
		// A sample's delta is the time since the one before it.
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1e3
		}
		top := byID[id]
		if top == nil {
			continue
		}
		name := frameName(top)
		if name == "(idle)" || name == "(program)" || name == "(root)" {
			continue
		}
		busy += dt
		self[name] += dt
		seen := map[string]bool{}
		for nd := top; nd != nil; nd = byID[parent[nd.ID]] {
			fn := frameName(nd)
			if !seen[fn] {
				seen[fn] = true
				total[fn] += dt
			}
			if _, ok := parent[nd.ID]; !ok {
				break
			}
		}
	}
	fmt.Fprintf(w, "  CPU profile, per step: %.2f ms in script and what it calls (idle and (program) left out)\n", busy/steps)
	show := func(title string, m map[string]float64, limit int) {
		type fn struct {
			name string
			ms   float64
		}
		var fs []fn
		for name, ms := range m {
			if name != "(root)" {
				fs = append(fs, fn{name, ms})
			}
		}
		sort.Slice(fs, func(i, j int) bool { return fs[i].ms > fs[j].ms || fs[i].ms == fs[j].ms && fs[i].name < fs[j].name })
		fmt.Fprintf(w, "    %s\n", title)
		for i, f := range fs {
			if i == limit || f.ms/steps < 0.05 {
				break
			}
			fmt.Fprintf(w, "      %6.2f ms  %s\n", f.ms/steps, f.name)
		}
	}
	show("with callees", total, 30)
	show("own", self, 15)
}

// frameName names a profile node's function, short: a Go function
// without its module path.
func frameName(nd *profiler.ProfileNode) string {
	name := nd.CallFrame.FunctionName
	if name == "" {
		name = "(anonymous " + filepath.Base(nd.CallFrame.URL) + ")"
	}
	return strings.ReplaceAll(name, "github.com/a2aplay/a2aplay/", "")
}

// A traceEvent is the part of a Chromium trace event printTrace reads.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Dur  float64 `json:"dur"` // microseconds
	TDur float64 `json:"tdur"`
	Args struct {
		ElementCount int `json:"elementCount"`
		BeginData    struct {
			DirtyObjects int `json:"dirtyObjects"`
			TotalObjects int `json:"totalObjects"`
		} `json:"beginData"`
	} `json:"args"`
}

// traceSteps records the renderer's timeline while js runs: every style
// recalculation with the elements it restyled, every layout with the
// objects it laid out.
func traceSteps(ctx context.Context, t *chromedp.Target, js string) ([]traceEvent, error) {
	var events []traceEvent
	collected := make(chan error, 1)
	go func() {
		for ev, err := range cdp.Events(ctx, t, tracing.DataCollected) {
			if err != nil {
				collected <- err
				return
			}
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal(v, &e) == nil {
					events = append(events, e)
				}
			}
		}
	}()
	complete := make(chan error, 1)
	go func() {
		for _, err := range cdp.Events(ctx, t, tracing.TracingComplete) {
			complete <- err
			return
		}
	}()
	if _, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline"}},
	}); err != nil {
		return nil, err
	}
	if _, err := chromedp.Evaluate[[][3]float64](js, chromedp.EvalAwaitPromise)(ctx, t); err != nil {
		return nil, err
	}
	if _, err := cdp.Call(ctx, t, tracing.End, cdp.Empty{}); err != nil {
		return nil, err
	}
	select {
	case err := <-complete:
		return events, err
	case err := <-collected:
		return nil, err
	}
}

// printTrace sums the style and layout work of a trace over its steps.
func printTrace(w io.Writer, events []traceEvent, steps float64) {
	type sum struct {
		n, elems, dirty, total int
		ms                     float64
	}
	by := map[string]*sum{}
	for _, e := range events {
		if e.Ph != "X" && e.Ph != "B" {
			continue
		}
		switch e.Name {
		case "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "UpdateLayer", "HitTest", "ParseHTML", "ScrollLayer":
		default:
			continue
		}
		s := by[e.Name]
		if s == nil {
			s = &sum{}
			by[e.Name] = s
		}
		s.n++
		s.ms += e.TDur / 1e3
		s.elems += e.Args.ElementCount
		s.dirty += e.Args.BeginData.DirtyObjects
		s.total = max(s.total, e.Args.BeginData.TotalObjects)
	}
	fmt.Fprintf(w, "  traced over %.0f steps, per step (CPU time):", steps)
	for _, name := range []string{"UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "HitTest"} {
		if s := by[name]; s != nil {
			fmt.Fprintf(w, " %s %.2f ms ×%.1f", name, s.ms/steps, float64(s.n)/steps)
			if name == "UpdateLayoutTree" {
				fmt.Fprintf(w, " (%.0f elements)", float64(s.elems)/steps)
			}
			if name == "Layout" {
				fmt.Fprintf(w, " (%.0f of %d objects)", float64(s.dirty)/steps, s.total)
			}
			fmt.Fprint(w, ";")
		}
	}
	fmt.Fprintln(w)
}
