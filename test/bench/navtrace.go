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
	"time"

	"github.com/chromedp/chromedp"
)

// navEvent is one event of a Chrome trace, as summarizeTrace reads it.
type navEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"` // microseconds
	Dur  float64         `json:"dur"`
	Tdur float64         `json:"tdur"` // the thread's own time, microseconds
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// traceNavigation loads url in a new tab under a trace (startTrace)
// and writes the trace to file. It returns the trace's events.
func traceNavigation(ctx context.Context, url, file string) ([]navEvent, error) {
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, err
	}
	stop, err := startTrace(tab, file)
	if err != nil {
		return nil, err
	}
	navErr := chromedp.Do(tab, chromedp.Navigate(url))
	if navErr == nil {
		navErr = waitReady(tab)
	}
	if navErr == nil {
		navErr = chromedp.Do(tab, chromedp.Sleep(300*time.Millisecond))
	}
	if err := stop(); err != nil {
		return nil, err
	}
	if navErr != nil {
		return nil, navErr
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var t struct {
		TraceEvents []navEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return t.TraceEvents, nil
}

// summarizeTrace prints where a warm navigation's time went, from
// navigation start to the first contentful paint and from there to the
// viewer's ready mark: the processor time of each busy thread (its own
// time, not the wall clock, so that a loaded machine inflates it less),
// the page's main thread by task, and the WebAssembly module: whether
// it came from Chrome's code cache, and how many of its functions were
// compiled on their first call.
func summarizeTrace(w io.Writer, label string, evs []navEvent) {
	var fcp *navEvent
	for i := range evs {
		if evs[i].Name == "firstContentfulPaint" {
			fcp = &evs[i]
		}
	}
	if fcp == nil {
		fmt.Fprintf(w, "%s: no firstContentfulPaint in the trace\n", label)
		return
	}
	pid := fcp.Pid // the page's renderer
	threads := map[[2]int]string{}
	procs := map[int]string{}
	for _, e := range evs {
		if e.Ph != "M" {
			continue
		}
		var a struct{ Name string }
		json.Unmarshal(e.Args, &a)
		switch e.Name {
		case "thread_name":
			threads[[2]int{e.Pid, e.Tid}] = a.Name
		case "process_name":
			procs[e.Pid] = a.Name
		}
	}
	start, ready := navStart(evs, pid, fcp.Ts)
	if start < 0 {
		fmt.Fprintf(w, "%s: neither the ready mark nor navigationStart in the page's process\n", label)
		return
	}
	ms := func(ts float64) float64 { return (ts - start) / 1000 }
	fmt.Fprintf(w, "%s\n  FCP at %.0f ms", label, ms(fcp.Ts))
	if ready > 0 {
		fmt.Fprintf(w, ", ready at %.0f ms", ms(ready))
	}
	fmt.Fprintln(w, " (wall clock); processor time (ms) by thread and task:")
	window := func(from, to float64, what string) {
		byThread := map[string]float64{}
		byTask := map[string]float64{}
		lazy, lazyMs := 0, 0.0
		for _, e := range evs {
			if e.Ph != "X" || e.Ts < from || e.Ts >= to {
				continue
			}
			thread := threads[[2]int{e.Pid, e.Tid}]
			switch e.Name {
			case "RunTask", "ThreadPool_RunTask":
				byThread[procs[e.Pid]+" "+thread] += e.Tdur / 1000
			case "wasm.CompileLazy":
				if e.Pid == pid {
					lazy++
					lazyMs += e.Tdur / 1000
				}
			}
			if e.Pid == pid && thread == "CrRendererMain" && taskNames[e.Name] {
				byTask[e.Name] += e.Tdur / 1000
			}
		}
		fmt.Fprintf(w, "  %s:\n   ", what)
		for _, t := range top(byThread, 6) {
			fmt.Fprintf(w, " %s %.0f;", t.name, t.ms)
		}
		fmt.Fprintf(w, "\n    main thread:")
		for _, t := range top(byTask, 10) {
			fmt.Fprintf(w, " %s %.0f;", t.name, t.ms)
		}
		fmt.Fprintln(w)
		if lazy > 0 {
			fmt.Fprintf(w, "    %d WebAssembly functions compiled on their first call, %.0f ms\n", lazy, lazyMs)
		}
	}
	window(start, fcp.Ts, "navigation start to FCP")
	firstFrame(w, evs, pid, fcp.Ts)
	if ready > fcp.Ts {
		window(fcp.Ts, ready, "FCP to ready")
	}
	cached, wasm := false, false
	for _, e := range evs {
		if e.Pid == pid && strings.HasPrefix(e.Name, "wasm.") {
			wasm = true
			cached = cached || e.Name == "wasm.Deserialize"
		}
	}
	if wasm {
		fmt.Fprintf(w, "  the module from Chrome's code cache: %v\n", cached)
	}
}

// navStart is the start of the navigation whose page runs in process
// pid and paints first at fcp, and the time of its ready mark (-1
// without one): the ready mark's time less its startTime
// (performance.now() at the mark), since a trace taken from the tab may
// miss the navigationStart of the process the page swapped into; else
// that navigationStart; -1 without either.
func navStart(evs []navEvent, pid int, fcp float64) (start, ready float64) {
	start, ready = -1, -1
	for _, e := range evs {
		if e.Pid != pid || e.Name != "a2aplay-ready" || ready >= 0 {
			continue
		}
		ready = e.Ts
		var a struct {
			Data struct {
				StartTime *float64 `json:"startTime"`
			} `json:"data"`
		}
		if json.Unmarshal(e.Args, &a) == nil && a.Data.StartTime != nil {
			start = e.Ts - *a.Data.StartTime*1000
		}
	}
	for _, e := range evs {
		if start < 0 && e.Pid == pid && e.Name == "navigationStart" && e.Ts < fcp {
			start = e.Ts
		}
	}
	return start, ready
}

// A paintCost is the processor time a traced navigation's page spent
// before its first contentful paint, in ms: on its main thread, in all
// its renderer's threads, and rastering (with the tiles rastered).
type paintCost struct {
	main, renderer, raster float64
	tiles                  int
}

// firstPaintCost reads a paintCost from a trace of one navigation
// (traceNavigation); false when the trace has no first contentful paint
// or no start.
func firstPaintCost(evs []navEvent) (paintCost, bool) {
	var fcp *navEvent
	for i := range evs {
		if evs[i].Name == "firstContentfulPaint" {
			fcp = &evs[i]
		}
	}
	if fcp == nil {
		return paintCost{}, false
	}
	start, _ := navStart(evs, fcp.Pid, fcp.Ts)
	if start < 0 {
		return paintCost{}, false
	}
	main := map[int]bool{}
	for _, e := range evs {
		if e.Ph == "M" && e.Name == "thread_name" && e.Pid == fcp.Pid {
			var a struct{ Name string }
			json.Unmarshal(e.Args, &a)
			main[e.Tid] = a.Name == "CrRendererMain"
		}
	}
	var c paintCost
	for _, e := range evs {
		if e.Pid != fcp.Pid || e.Ph != "X" || e.Ts < start || e.Ts >= fcp.Ts {
			continue
		}
		switch e.Name {
		case "RunTask", "ThreadPool_RunTask":
			c.renderer += e.Tdur / 1000
			if main[e.Tid] {
				c.main += e.Tdur / 1000
			}
		case "RasterTask":
			c.raster += e.Tdur / 1000
			c.tiles++
		}
	}
	return c, true
}

// firstFrame says what the page's process did before its first
// contentful paint that the task totals hide: the tiles rastered for
// each main frame (one raster thread on a 2-core machine rasters them one
// after the other; Chromium 156 paints and rasters the whole page a
// second time a frame after its first paint, the floor too), and the
// font look-ups it made through the browser, each a synchronous call
// whose wait is wall-clock time on the page's main thread.
func firstFrame(w io.Writer, evs []navEvent, pid int, fcp float64) {
	type frame struct {
		tiles int
		ms    float64
	}
	frames := map[int]*frame{}
	fonts, fontMs := 0, 0.0
	for _, e := range evs {
		if e.Pid != pid || e.Ph != "X" || e.Ts >= fcp {
			continue
		}
		switch e.Name {
		case "RasterTask":
			var a struct {
				TileData struct {
					SourceFrameNumber int `json:"sourceFrameNumber"`
				} `json:"tileData"`
			}
			json.Unmarshal(e.Args, &a)
			f := frames[a.TileData.SourceFrameNumber]
			if f == nil {
				f = &frame{}
				frames[a.TileData.SourceFrameNumber] = f
			}
			f.tiles++
			f.ms += e.Tdur / 1000
		case "FontDataManager::onMatchFamilyStyle", "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike":
			fonts++
			fontMs += e.Dur / 1000
		}
	}
	var nums []int
	for n := range frames {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	fmt.Fprintf(w, "    tiles rastered before FCP, by main frame:")
	for _, n := range nums {
		fmt.Fprintf(w, " frame %d: %d tiles, %.0f ms;", n, frames[n].tiles, frames[n].ms)
	}
	fmt.Fprintf(w, "\n    font look-ups through the browser before FCP: %d, %.0f ms waited\n", fonts, fontMs)
}

// taskNames are the main thread's kinds of work summarizeTrace counts.
var taskNames = map[string]bool{
	"ParseHTML": true, "ParseAuthorStyleSheet": true, "UpdateLayoutTree": true, "Layout": true,
	"Paint": true, "PrePaint": true, "EvaluateScript": true, "v8.compile": true,
	"Receive mojo message": true, "FrameLoader::CommitNavigation": true,
	"v8.wasm.compileConsume": true, "wasm.SyncInstantiate": true, "RunMicrotasks": true,
	"TimerFire": true, "FireAnimationFrame": true,
}

type msTotal struct {
	name string
	ms   float64
}

// top returns the n largest totals of m, of 1 ms or more.
func top(m map[string]float64, n int) []msTotal {
	var ts []msTotal
	for k, v := range m {
		if v >= 1 {
			ts = append(ts, msTotal{k, v})
		}
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].ms > ts[j].ms })
	if len(ts) > n {
		ts = ts[:n]
	}
	return ts
}
