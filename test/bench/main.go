package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/test/bench/gen"
	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/web"
)

func main() {
	wasm := flag.String("wasm", "bin/viewer.wasm", "the viewer module")
	checkWasm := flag.String("check", "bin/check.wasm", "the check module, which opens large files")
	liveWasm := flag.String("live", "bin/live.wasm", "the live module: the site is built with it, as ./build.sh serve builds it, so that the page measured carries the Live panel's markup (the module itself loads only when Live opens)")
	lessons := flag.String("lessons", "web/lessons", "the lessons, whose exercises the Live panel's markup lists as the served site's does")
	cache := flag.String("cache", "bin/cache", "a folder for the compressed modules, kept by content hash (as ./build.sh site keeps them)")
	wasmExec := flag.String("wasm-exec", "bin/wasm_exec.js", "wasm_exec.js of the Go that built it")
	mermaid := flag.String("mermaid", "bin/npm/node_modules/mermaid/dist/mermaid.min.js", "Mermaid 12's mermaid.min.js")
	dir := flag.String("transcripts", "transcripts", "the shipped transcripts")
	steps := flag.Int("steps", 1000, "steps of the generated diagram")
	loads := flag.Int("loads", 15, "warm page loads of the site and of each control to take the median of (issue 26: 15)")
	flag.IntVar(&drawCount, "draws", 4, "draws of the generated diagram in one page, the first cold, the others warm")
	big := flag.Int("big", 100000, "steps of the long transcript opened as a file; 0 skips it")
	flag.BoolVar(&bigOnly, "big-only", false, "measure only the long transcript")
	flag.BoolVar(&jumpEnd, "end", false, "once every step of the long transcript is worked out, press End and time the last step drawn, while its findings are worked out (the step changes then start from a window drawn again)")
	flag.StringVar(&bigTrace, "trace", "", "write a Chrome trace of the long transcript's open to this file (open it in chrome://tracing or Perfetto)")
	flag.StringVar(&profileDir, "profile", "", "a folder to write CPU profiles of the step changes into, with their cost split by function")
	flag.BoolVar(&navOnly, "nav-only", false, "measure only the navigation")
	flag.BoolVar(&stepsOnly, "steps-only", false, "measure only the draws of the generated diagram and the step changes through it (and the long transcript, unless -big 0): no navigation, no Mermaid")
	flag.IntVar(&navTraceLoads, "nav-trace-loads", 5, "with -nav-trace, traced loads of the control and of the site, in turns, to take the medians of their processor time before the first paint from")
	flag.StringVar(&navTraceDir, "nav-trace", "", "write a trace of a warm navigation to the floor, to the control (the site's figure alone) and to the site into this folder, and say where their time went")
	flag.StringVar(&liveSizes, "live-events", "10,100,1000", "sizes of a Live session, in exchanges, at which one more exchange is timed in the page; empty skips it")
	flag.IntVar(&livePer, "live-per", 10, "Live events timed at each size")
	flag.BoolVar(&liveOnly, "live-only", false, "measure only the Live events")
	flag.Parse()
	bigSteps = *big
	if err := run(*wasm, *checkWasm, *liveWasm, *wasmExec, *mermaid, *dir, *lessons, *cache, *steps, *loads); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(wasmPath, checkPath, livePath, wasmExecPath, mermaidPath, dir, lessonsDir, cache string, n, loads int) error {
	exe, err := browser.Find()
	if err != nil {
		return err
	}
	viewer, err := os.ReadFile(wasmPath)
	if err != nil {
		return err
	}
	checkMod, err := os.ReadFile(checkPath)
	if err != nil {
		return err
	}
	liveMod, err := os.ReadFile(livePath)
	if err != nil {
		return fmt.Errorf("%w (./build.sh bench builds it: bin/a2aplay build -out bin live)", err)
	}
	exercises, err := lesson.PageExercises(lessonsDir)
	if err != nil {
		return err
	}
	wasmExec, err := os.ReadFile(wasmExecPath)
	if err != nil {
		return err
	}
	mermaidJS, err := os.ReadFile(mermaidPath)
	if err != nil && !navOnly && !stepsOnly && !liveOnly {
		return fmt.Errorf("%w (./build.sh bench installs Mermaid 12 from npm)", err)
	}
	shipped, err := browser.Transcripts(dir)
	if err != nil {
		return err
	}
	if len(shipped) == 0 {
		return fmt.Errorf("no transcripts in %s", dir)
	}

	// The same diagram for both: n steps, as a2aplay text and as Mermaid.
	text, err := gen.Transcript(n)
	if err != nil {
		return err
	}
	tr, err := replay.Parse(text, "bench.http")
	if err != nil {
		return err
	}
	st := replay.Steps(tr)
	if len(st) != n {
		return fmt.Errorf("generated %d steps, want %d", len(st), n)
	}
	var mmd bytes.Buffer
	if err := diagram.WriteMermaid(&mmd, st, diagram.Options{Title: tr.Title}); err != nil {
		return err
	}

	tmp, err := os.MkdirTemp("", "a2aplay-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	siteDir := filepath.Join(tmp, "site")
	// The site as ./build.sh serve builds it (less live03, which only
	// a 0.3 session loads and which changes no markup the first paint
	// lays out): the page measured is the one a learner gets.
	rep, err := web.Build(siteDir, web.Options{Transcripts: shipped, Viewer: viewer, Check: checkMod, Live: liveMod,
		Exercises: exercises, WasmExec: wasmExec, Cache: cache})
	if err != nil {
		return err
	}

	mux := http.NewServeMux()
	mux.Handle("/", web.Handler(os.DirFS(siteDir), web.ServeOptions{}))
	mux.HandleFunc("/bench/blank.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, blankPage)
	})
	// The same line of text with the site's headers, served by web.Handler:
	// its Cross-Origin-Opener-Policy makes Chromium start the page in a
	// new renderer process, which the bare floor above does not pay for.
	floorDir := filepath.Join(tmp, "floor")
	if err := os.MkdirAll(floorDir, 0o755); err != nil {
		return err
	}
	// The CSP allows no inline script: the ready mark comes from a file.
	// grid.html is the same line under a grid of thin lines that crosses
	// every tile of the viewport and holds no other text; figure.html is
	// the control of issue 26's budget, the site's own first figure alone
	// (figurePage).
	index, err := os.ReadFile(filepath.Join(siteDir, "index.html"))
	if err != nil {
		return err
	}
	figure, err := figurePage(index)
	if err != nil {
		return err
	}
	for name, text := range map[string]string{"index.html": floorPage, "grid.html": gridPage(), "figure.html": figure, "ready.js": floorReady} {
		if err := os.WriteFile(filepath.Join(floorDir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	mux.Handle("/bench/floor/", http.StripPrefix("/bench/floor", web.Handler(os.DirFS(floorDir), web.ServeOptions{})))
	mux.HandleFunc("/bench/transcript.http", func(w http.ResponseWriter, r *http.Request) { w.Write(text) })
	var bigText []byte
	if bigSteps > 0 {
		if bigText, err = gen.Transcript(bigSteps); err != nil {
			return err
		}
	}
	mux.HandleFunc("/bench/big.http", func(w http.ResponseWriter, r *http.Request) { w.Write(bigText) })
	mux.HandleFunc("/bench/diagram.mmd", func(w http.ResponseWriter, r *http.Request) { w.Write(mmd.Bytes()) })
	mux.HandleFunc("/mermaid/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".js") {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(mermaidJS)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, mermaidPage)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx, cancel, err := browser.Start(context.Background(), exe, filepath.Join(tmp, "profile"))
	if err != nil {
		return err
	}
	defer cancel()
	version, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.userAgent`))
	if err := markWelcomeSeen(ctx, srv.URL); err != nil {
		return err
	}

	fmt.Printf("a2aplay browser benchmark: %s, GOMAXPROCS %d, %d CPUs, load average %s at the start\n", chromiumVersion(version), runtime.GOMAXPROCS(0), runtime.NumCPU(), loadAverage())
	fmt.Printf("viewer wasm: %d bytes, %d brotli (%.3f MB; budget %.3f MB), %d gzip\n\n",
		rep.ViewerRaw, rep.ViewerBr, float64(rep.ViewerBr)/1e6, float64(build.ViewerBudget)/1e6, rep.ViewerGzip)
	judge("viewer module, brotli", float64(rep.ViewerBr)/1e6, float64(build.ViewerBudget)/1e6, "MB")
	if liveOnly {
		return runLive(ctx, srv.URL)
	}
	if bigOnly {
		if err := runBig(ctx, srv.URL, bigText); err != nil {
			return err
		}
		printBudgets()
		return nil
	}

	// 0. The floor, a page with a line of text loaded the same way, bare
	// and with the site's headers, the grid, the control with the site's
	// figure alone, and 1. the site: the first load of the site has an
	// empty cache, the others a warm one. They take turns, so that a
	// machine whose load changes during the run moves the controls and
	// the site alike.
	var cold navTimes
	var floor, floorHeaders, grid, control, warm []navTimes
	for i := 0; i <= loads && !stepsOnly; i++ {
		site, err := navigate(ctx, srv.URL+"/")
		if err != nil {
			return err
		}
		if i == 0 {
			cold = site
			continue
		}
		warm = append(warm, site)
		nt, err := navigate(ctx, srv.URL+"/bench/blank.html")
		if err != nil {
			return err
		}
		floor = append(floor, nt)
		if nt, err = navigate(ctx, srv.URL+"/bench/floor/"); err != nil {
			return err
		}
		floorHeaders = append(floorHeaders, nt)
		if nt, err = navigate(ctx, srv.URL+"/bench/floor/grid.html"); err != nil {
			return err
		}
		grid = append(grid, nt)
		if nt, err = navigate(ctx, srv.URL+"/bench/floor/figure.html"); err != nil {
			return err
		}
		control = append(control, nt)
	}
	if stepsOnly {
		return runSteps(ctx, srv.URL, n, bigText)
	}
	fmt.Println("navigation (localhost, no throttling)        cold      warm (median)")
	fmt.Printf("  floor: FCP of a page with one line        %6s     %6.0f ms\n", "", median(floor, func(t navTimes) float64 { return t.FCP }))
	fmt.Printf("  same, with the site's headers (COOP, CSP) %6s     %6.0f ms\n", "", median(floorHeaders, func(t navTimes) float64 { return t.FCP }))
	fmt.Printf("  same, with thin lines across the viewport %6s     %6.0f ms\n", "", median(grid, func(t navTimes) float64 { return t.FCP }))
	fmt.Printf("  control: the site's first figure alone    %6s     %6.0f ms\n", "", median(control, func(t navTimes) float64 { return t.FCP }))
	fmt.Printf("  first diagram painted (FCP; budget 150)  %6.0f ms  %6.0f ms\n", cold.FCP, median(warm, func(t navTimes) float64 { return t.FCP }))
	fmt.Printf("  largest paint (LCP)                      %6.0f ms  %6.0f ms\n", cold.LCP, median(warm, func(t navTimes) float64 { return t.LCP }))
	fmt.Printf("  interactive, viewer ready (budget 600)   %6.0f ms  %6.0f ms\n", cold.Ready, median(warm, func(t navTimes) float64 { return t.Ready }))
	fmt.Printf("    of which module compiled at            %6.0f ms  %6.0f ms\n", cold.Compiled, median(warm, func(t navTimes) float64 { return t.Compiled }))
	// Over a control: the median of each round's difference, the site
	// against the control loaded in the same round. The budget is over
	// the control with the same figure (issue 26); the floor and the
	// grid are context: what a page of one line costs, and what
	// rastering every tile of the screen adds to it.
	over, overRounds := overFloor(warm, control)
	floorOver, floorRounds := overFloor(warm, floorHeaders)
	gridOver, gridRounds := overFloor(grid, floorHeaders)
	figOver, figRounds := overFloor(control, floorHeaders)
	fmt.Printf("  first diagram over the control, each round %s ms; median %.0f ms\n", overRounds, medianFloat(over))
	fmt.Printf("  first diagram over the floor, each round  %s ms; median %.0f ms\n", floorRounds, medianFloat(floorOver))
	fmt.Printf("  control over the floor, each round        %s ms; median %.0f ms\n", figRounds, medianFloat(figOver))
	fmt.Printf("  lines over the floor, each round          %s ms; median %.0f ms\n\n", gridRounds, medianFloat(gridOver))
	judge("first diagram painted, warm, over a control page with the same figure", medianFloat(over), 40, "ms")
	judge("interactive, warm", median(warm, func(t navTimes) float64 { return t.Ready }), 600, "ms")
	if navTraceDir != "" {
		if err := traceNavigations(ctx, srv.URL); err != nil {
			return err
		}
	}
	if navOnly {
		printBudgets()
		return nil
	}

	// 2. a2aplay draws the n-step diagram in the page, then steps through it.
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	draws, stepping, settled, err := drawAndStep(tab, srv.URL, n)
	if err != nil {
		return err
	}

	// 3. Mermaid 12 draws the same diagram in the same browser.
	mtab, closeM := chromedp.NewContext(ctx)
	defer closeM()
	if err := chromedp.Do(mtab, chromedp.Navigate(srv.URL+"/mermaid/"), chromedp.Poll[chromedp.Void](`window.benchReady === true`)); err != nil {
		return err
	}
	var mer, merSVG []float64
	for range 4 {
		ms, err := chromedp.Run(mtab, chromedp.Evaluate[[2]float64](mermaidJSRun, chromedp.EvalAwaitPromise, chromedp.EvalIgnoreExceptions))
		if err != nil {
			return fmt.Errorf("mermaid: %w", err)
		}
		merSVG = append(merSVG, ms[0])
		mer = append(mer, ms[1])
	}
	merSize, _ := chromedp.Run(mtab, chromedp.Evaluate[int](`document.querySelectorAll("#out svg text").length`))

	printDraws(n, draws, mer, merSVG, merSize)
	printSteps(n, stepping, "")
	printSteps(n, settled, settledTitle)
	if liveSizes != "" {
		if err := runLive(ctx, srv.URL); err != nil {
			return err
		}
	}
	if bigSteps > 0 {
		if err := runBig(ctx, srv.URL, bigText); err != nil {
			return err
		}
	}
	printBudgets()
	return nil
}

// bigSteps is the -big flag; bigOnly -big-only; bigTrace -trace;
// navOnly -nav-only; navTraceDir -nav-trace; navTraceLoads
// -nav-trace-loads; drawCount -draws.
var (
	bigSteps      int
	bigOnly       bool
	jumpEnd       bool // -end
	bigTrace      string
	navOnly       bool
	stepsOnly     bool
	navTraceDir   string
	navTraceLoads int
	drawCount     int
)

// traceNavigations traces a warm navigation to the floor, then
// navTraceLoads to the control and to the site in turns, and says
// where the last of each spent its time (summarizeTrace); then the
// medians of the processor time each spent before its first paint
// (firstPaintCost), and of each round's difference, site less control:
// on a loaded machine the wall-clock figures above mostly measure the
// other processes, and these much less.
func traceNavigations(ctx context.Context, base string) error {
	pages := []struct{ name, url string }{{"floor", base + "/bench/floor/"}, {"control", base + "/bench/floor/figure.html"}, {"site", base + "/"}}
	costs := map[string][]paintCost{}
	for i := 0; i < max(1, navTraceLoads); i++ {
		for _, p := range pages {
			if p.name == "floor" && i > 0 {
				continue
			}
			file := filepath.Join(navTraceDir, p.name+".json")
			evs, err := traceNavigation(ctx, p.url, file)
			if err != nil {
				return fmt.Errorf("tracing %s: %w", p.name, err)
			}
			c, ok := firstPaintCost(evs)
			if !ok {
				return fmt.Errorf("tracing %s (%s): no first contentful paint, or no start, in the trace", p.name, file)
			}
			costs[p.name] = append(costs[p.name], c)
			if i == max(1, navTraceLoads)-1 || p.name == "floor" {
				summarizeTrace(os.Stdout, "trace of a warm navigation to the "+p.name+" ("+file+")", evs)
			}
		}
	}
	site, control := costs["site"], costs["control"]
	fmt.Printf("\nprocessor time before the first paint, median of %d traced loads each (load average %s)\n", len(site), loadAverage())
	fmt.Println("                                  main thread   renderer   raster (tiles)")
	for _, p := range []string{"control", "site"} {
		c := costs[p]
		fmt.Printf("  %-30s %8.1f ms %8.1f ms %6.1f ms (%.0f)\n", p, median(c, func(c paintCost) float64 { return c.main }), median(c, func(c paintCost) float64 { return c.renderer }),
			median(c, func(c paintCost) float64 { return c.raster }), median(c, func(c paintCost) float64 { return float64(c.tiles) }))
	}
	diff := func(f func(paintCost) float64) float64 {
		d := make([]float64, len(site))
		for i := range site {
			d[i] = f(site[i]) - f(control[i])
		}
		return medianFloat(d)
	}
	fmt.Printf("  %-30s %8.1f ms %8.1f ms %6.1f ms\n\n", "site over control, each round's", diff(func(c paintCost) float64 { return c.main }), diff(func(c paintCost) float64 { return c.renderer }), diff(func(c paintCost) float64 { return c.raster }))
	return nil
}

// drawAll draws the generated diagram drawCount times (at least twice)
// in tab, the first cold, and returns each draw's times.
func drawAll(tab context.Context) ([]drawTimes, error) {
	var draws []drawTimes
	for range max(2, drawCount) {
		d, err := chromedp.Run(tab, chromedp.Evaluate[drawTimes](drawJS, chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, err
		}
		if d.Error != "" {
			return nil, errors.New(d.Error)
		}
		draws = append(draws, d)
	}
	return draws, nil
}

// drawAndStep loads the site at base in tab, draws the n-step diagram
// there drawCount times (drawAll) and steps through it twice: from the
// frame after the last draw (stepJS) and once the page has settled
// (stepSettled).
func drawAndStep(tab context.Context, base string, n int) (draws []drawTimes, stepping, settled [][3]float64, err error) {
	if err = chromedp.Do(tab, chromedp.Navigate(base+"/"), chromedp.Poll[chromedp.Void](`document.documentElement.dataset.viewer === "ready"`)); err != nil {
		return
	}
	if draws, err = drawAll(tab); err != nil {
		return
	}
	if stepping, err = profiled(tab, stepJS, n); err != nil {
		return
	}
	settled, err = stepSettled(tab)
	return
}

// runSteps is -steps-only: the n-step diagram drawn drawCount times,
// the step changes through it, then the long transcript unless -big 0.
func runSteps(ctx context.Context, base string, n int, bigText []byte) error {
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	draws, stepping, settled, err := drawAndStep(tab, base, n)
	if err != nil {
		return err
	}
	printDraws(n, draws, nil, nil, 0)
	printSteps(n, stepping, "")
	printSteps(n, settled, settledTitle)
	if bigSteps > 0 {
		if err := runBig(ctx, base, bigText); err != nil {
			return err
		}
	}
	printBudgets()
	return nil
}

// printDraws reports a2aplay's draws of the n-message diagram, the
// first cold, and beside them Mermaid's of the same diagram (mer: text
// to painted, merSVG: text to SVG, merSize: the texts it drew) when it
// was measured, with their ratios judged against the budgets.
func printDraws(n int, draws []drawTimes, mer, merSVG []float64, merSize int) {
	toSVG := func(d drawTimes) float64 { return d.ParseMs + d.SvgMs }
	total := func(d drawTimes) float64 { return d.TotalMs }
	warm := func(f func(drawTimes) float64) float64 { return medianF(draws[1:], f) }
	fmt.Printf("one %d-message diagram                        cold      warm (median of %d)\n", n, len(draws)-1)
	fmt.Printf("  a2aplay (wasm): parse and steps          %6.1f ms  %6.1f ms\n", draws[0].ParseMs, warm(func(d drawTimes) float64 { return d.ParseMs }))
	fmt.Printf("  a2aplay (wasm): layout and SVG (budget 30) %4.1f ms  %6.1f ms\n", draws[0].SvgMs, warm(func(d drawTimes) float64 { return d.SvgMs }))
	fmt.Printf("  a2aplay (wasm): SVG into the page        %6.1f ms  %6.1f ms\n", draws[0].RenderMs-draws[0].SvgMs, warm(func(d drawTimes) float64 { return d.RenderMs - d.SvgMs }))
	var each []string
	for _, d := range draws {
		each = append(each, fmt.Sprintf("%.1f", d.SvgMs))
	}
	fmt.Printf("  a2aplay (wasm): layout and SVG, each draw  %s ms\n", strings.Join(each, ", "))
	fmt.Printf("  a2aplay: the whole load call             %6.1f ms  %6.1f ms\n", draws[0].CallMs, warm(func(d drawTimes) float64 { return d.CallMs }))
	fmt.Printf("  a2aplay: style and layout after it       %6.1f ms  %6.1f ms\n", draws[0].LayoutMs, warm(func(d drawTimes) float64 { return d.LayoutMs }))
	fmt.Printf("  a2aplay: text to painted, next frame     %6.1f ms  %6.1f ms\n", draws[0].TotalMs, warm(total))
	if len(mer) < 2 {
		fmt.Println()
		judge(fmt.Sprintf("%d-message layout and SVG in the page, warm", n), warm(func(d drawTimes) float64 { return d.SvgMs }), 30, "ms")
		return
	}
	fmt.Printf("  Mermaid 12.3.0: render(), text to SVG    %6.0f ms  %6.0f ms\n", merSVG[0], medianFloat(merSVG[1:]))
	fmt.Printf("  Mermaid 12.3.0: text to painted          %6.0f ms  %6.0f ms  (%d texts)\n", mer[0], medianFloat(mer[1:]), merSize)
	fmt.Printf("  ratio, text to SVG (budget ≥ 20×)        %6.1f×   %6.1f×\n", merSVG[0]/toSVG(draws[0]), medianFloat(merSVG[1:])/warm(toSVG))
	fmt.Printf("  ratio, text to painted page (budget ≥ 20×) %4.1f×   %6.1f×\n\n", mer[0]/draws[0].TotalMs, medianFloat(mer[1:])/warm(total))

	judge(fmt.Sprintf("%d-message layout and SVG in the page, warm", n), warm(func(d drawTimes) float64 { return d.SvgMs }), 30, "ms")
	judgeAtLeast("a2aplay vs Mermaid 12, text to SVG, warm", medianFloat(merSVG[1:])/warm(toSVG), 20, "×")
	judgeAtLeast("a2aplay vs Mermaid 12, text to painted page, cold", mer[0]/draws[0].TotalMs, 20, "×")
	judgeAtLeast("a2aplay vs Mermaid 12, text to painted page, warm", medianFloat(mer[1:])/warm(total), 20, "×")
}

// settledTitle names the step changes stepSettled times.
const settledTitle = "once the page has settled"

// stepSettled times the step changes of stepJS again once the page has
// the findings of the diagram it shows and its warm-up is over. The
// first pass starts a frame after the last draw, while the check worker
// and the warm-up still work on the machine's other core: on two cores
// its p95 is mostly theirs. This one is what stepping costs the page
// by itself; both are judged.
func stepSettled(tab context.Context) ([][3]float64, error) {
	js := "(async () => { await " + settleJS + "; return await " + stepJS + "; })()"
	return chromedp.Run(tab, chromedp.Evaluate[[][3]float64](js, chromedp.EvalAwaitPromise))
}

// settleJS waits until the page has the findings of what it shows and
// is no longer warming up; stepJS follows it.
const settleJS = `(async () => {
	for (;;) {
		const s = a2aplay.state();
		if (s.findings >= 0 && !s.warming) return;
		await new Promise(r => setTimeout(r, 50));
	}
})()`

// printSteps reports the step changes stepJS timed, under title when
// it is not the first pass.
func printSteps(n int, stepping [][3]float64, title string) {
	var handler, layout, frame []float64
	for _, s := range stepping {
		handler = append(handler, s[0])
		layout = append(layout, s[1])
		frame = append(frame, s[2])
	}
	head, what := fmt.Sprintf("one step change at %d steps (%d changes, ArrowRight)", n, len(stepping)), ""
	if title != "" {
		head, what = fmt.Sprintf("the same, %s (%d changes)", title, len(stepping)), " (settled)"
	}
	fmt.Printf("%-53s median    p95     max\n", head)
	fmt.Printf("  key handler (marks, inspector, lane)      %6.2f ms %6.2f ms %6.2f ms\n", medianFloat(handler), pct(handler, 95), pct(handler, 100))
	fmt.Printf("  and style and layout (budget 8)           %6.2f ms %6.2f ms %6.2f ms\n", medianFloat(layout), pct(layout, 95), pct(layout, 100))
	fmt.Printf("  to the next animation frame               %6.2f ms %6.2f ms %6.2f ms\n\n", medianFloat(frame), pct(frame, 95), pct(frame, 100))
	if w := profiles[n]; w != nil && title == "" {
		fmt.Print(w.String())
	}
	judge(fmt.Sprintf("step change at %d steps, p95 with style and layout%s", n, what), pct(layout, 95), 8, "ms")
}

// bigOpen is what openBigJS measures.
type bigOpen struct {
	Error     string   `json:"error"`
	Steps     int      `json:"steps"`
	PaintedMs float64  `json:"paintedMs"`
	WholeMs   float64  `json:"wholeMs"`   // to every step worked out (the lane drawn)
	CheckedMs float64  `json:"checkedMs"` // to the findings taken in
	Findings  int      `json:"findings"`
	LongestMs float64  `json:"longestMs"`
	Tasks     int      `json:"tasks"` // main-thread tasks over 50 ms
	Frames    int      `json:"frames"`
	Phases    []string `json:"phases"`   // the progress the page showed, in order, with when
	Measures  []string `json:"measures"` // the viewer's own spans of time
	Long      []string `json:"long"`     // main-thread tasks of 100 ms or more, and when
	Drawn     int      `json:"drawn"`    // steps drawn when the first screen is painted
	Window    int      `json:"window"`   // steps drawn once every step is worked out
	Pieces    int      `json:"pieces"`   // pieces of rows put in meanwhile
	PieceMax  float64  `json:"pieceMaxMs"`
	WidenedMs float64  `json:"widenedMs"`      // when the first window was drawn whole
	EndMs     float64  `json:"endMs"`          // End pressed once every step is worked out, to the last step drawn
	EndDuring bool     `json:"endDuringCheck"` // and the findings had not come yet
	EndLong   float64  `json:"endLongestMs"`   // the longest main-thread task meanwhile
	JSHeap    float64  `json:"jsHeap"`
	GoSys     float64  `json:"goSys"`
	WorkerSys float64  `json:"workerSys"`
}

// openBigJS opens the long transcript as a learner's file would be,
// through the page's file input a second after Open file… was clicked, and times it from the input's change to
// the first frame painted after the page shows the file; meanwhile a
// long-task observer keeps the longest task the page's thread ran, and
// the progress the page showed is noted at each frame.
const openBigJS = `(async () => {
	const text = await (await fetch("/bench/big.http")).text();
	const file = new File([text], "big.http", {type: "text/plain"});
	const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
	// A learner clicks Open file… and takes a second to pick the file.
	document.getElementById("open").click();
	await new Promise(r => setTimeout(r, 1000));
	await frame();
	let t0 = 0;
	const longTasks = [];
	const obs = new PerformanceObserver(l => { for (const e of l.getEntries()) longTasks.push(e); });
	obs.observe({type: "longtask"});
	const input = document.getElementById("file");
	const dt = new DataTransfer();
	dt.items.add(file);
	t0 = performance.now();
	performance.mark("a2aplay-bench-open"); // where a trace (-trace) of it starts
	input.files = dt.files;
	input.dispatchEvent(new Event("change", {bubbles: true}));
	const phases = [];
	let frames = 0;
	while (a2aplay.state().transcript !== "big.http") {
		const b = document.getElementById("banner");
		if (!b.hidden) return {error: document.getElementById("banner-text").textContent};
		const o = document.querySelector(".opening:not([hidden]) .opening-text");
		if (o && !phases.some(p => p.startsWith(o.textContent))) phases.push(o.textContent + " at " + Math.round(performance.now() - t0) + " ms");
		if (performance.now() - t0 > 600000) return {error: "the file did not open in 10 minutes"};
		await new Promise(r => requestAnimationFrame(r));
		frames++;
	}
	await frame();
	const painted = performance.now() - t0;
	const drawn = document.querySelectorAll("#diagram .fig > svg:last-child [data-step]").length;
	// The first window can come before the worker has every step: the
	// memory is read once it has (the tasks counted, the lane drawn).
	while (/being counted/.test(document.getElementById("insp-label").textContent)) {
		if (performance.now() - t0 > 600000) return {error: "the file's steps were not all worked out in 10 minutes"};
		await new Promise(r => setTimeout(r, 20));
	}
	const whole = performance.now() - t0;
	const windowSteps = document.querySelectorAll("#diagram .fig > svg:last-child [data-step]").length;
	// The window's other rows, put in a piece at a time when idle.
	const pieces = performance.getEntriesByType("measure").filter(e => e.name === "a2aplay-rows" && e.startTime >= t0);
	// The last window made whole: the first screen, a window of its
	// own, is made whole before the first window comes.
	const widened = performance.getEntriesByName("a2aplay-window-whole").filter(e => e.startTime >= t0).pop();
	// With -end the learner jumps to the last step (End) while the
	// worker works out the file's findings: a window it draws meanwhile.
	const jumpEnd = JUMP_END;
	const steps = a2aplay.state().steps;
	const drawnStep = k => document.querySelector('#diagram .fig > svg:last-child [data-step="' + k + '"]');
	const tEnd = performance.now();
	const endDuringCheck = a2aplay.state().findings < 0;
	if (jumpEnd) {
		document.dispatchEvent(new KeyboardEvent("keydown", {key: "End", bubbles: true}));
		while (a2aplay.state().step !== steps || !drawnStep(steps)) {
			if (performance.now() - t0 > 600000) return {error: "the last step was not drawn in 10 minutes"};
			await new Promise(r => setTimeout(r, 5));
		}
	}
	const endMs = jumpEnd ? performance.now() - tEnd : -1;
	// Then the check worker's findings come, and the page takes them in.
	while (a2aplay.state().findings < 0) {
		if (performance.now() - t0 > 600000) return {error: "the file's findings did not come in 10 minutes"};
		await new Promise(r => setTimeout(r, 20));
	}
	const checked = performance.now() - t0, findings = a2aplay.state().findings;
	await new Promise(r => setTimeout(r, 200));
	obs.disconnect();
	// The open's tasks, and apart from them those of the jump to the end.
	let longest = 0, tasks = 0, endLongest = 0;
	const long = [];
	for (const e of longTasks) {
		if (e.startTime >= tEnd && e.startTime <= tEnd + endMs) {
			endLongest = Math.max(endLongest, e.duration);
			continue;
		}
		longest = Math.max(longest, e.duration); tasks++;
		if (e.duration >= 100) long.push(Math.round(e.duration) + " ms at " + Math.round(e.startTime - t0));
	}
	// Back to the first step, where the step changes below start, once
	// its window is drawn whole (its rows are put in when idle).
	if (jumpEnd) {
		const wholes = () => performance.getEntriesByName("a2aplay-window-whole").length;
		const before = wholes();
		document.dispatchEvent(new KeyboardEvent("keydown", {key: "Home", bubbles: true}));
		while (a2aplay.state().step !== 1 || !drawnStep(1) || wholes() === before) {
			if (performance.now() - t0 > 600000) return {error: "the first window was not drawn again in 10 minutes"};
			await new Promise(r => setTimeout(r, 5));
		}
	}
	const m = a2aplay.memory();
	const measures = performance.getEntriesByType("measure").filter(e => e.name.startsWith("a2aplay-part")).map(e => e.name + " " + e.duration.toFixed(0) + " ms at " + Math.round(e.startTime - t0));
	return {steps: a2aplay.state().steps, paintedMs: painted, wholeMs: whole, checkedMs: checked, findings, longestMs: longest, long, tasks, frames, phases, measures,
		drawn, window: windowSteps, endMs, endDuringCheck, endLongestMs: endLongest,
		pieces: pieces.length, pieceMaxMs: Math.max(0, ...pieces.map(e => e.duration)), widenedMs: widened ? widened.startTime - t0 : 0,
		jsHeap: performance.memory ? performance.memory.usedJSHeapSize : 0, goSys: m.sys, workerSys: m.worker};
})()`

// runBig opens a long transcript in a fresh tab and steps through it;
// the 200 steps cross the edge of the drawn window once (its redraw is
// the max).
func runBig(ctx context.Context, base string, text []byte) error {
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	if err := chromedp.Do(tab, chromedp.Navigate(base+"/"), chromedp.Poll[chromedp.Void](`document.documentElement.dataset.viewer === "ready"`)); err != nil {
		return err
	}
	var stopTrace func() error
	if bigTrace != "" {
		st, err := startTrace(tab, bigTrace)
		if err != nil {
			return err
		}
		stopTrace = st
	}
	o, err := chromedp.Run(tab, chromedp.Evaluate[bigOpen](strings.Replace(openBigJS, "JUMP_END", strconv.FormatBool(jumpEnd), 1), chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	if stopTrace != nil {
		if err := stopTrace(); err != nil {
			return err
		}
	}
	if o.Error != "" {
		return errors.New(o.Error)
	}
	tr, err := replay.Parse(text, "big.http")
	if err != nil {
		return err
	}
	mem := o.JSHeap + o.GoSys + o.WorkerSys
	fmt.Printf("a long transcript opened as a file: %d exchanges, %d steps, %.1f MB (load average %s)\n", len(tr.Exchanges), o.Steps, float64(len(text))/1e6, loadAverage())
	fmt.Printf("  progress shown: %s\n", strings.Join(o.Phases, " | "))
	fmt.Printf("  in the page: %s\n", strings.Join(o.Measures, ", "))
	fmt.Printf("  open to painted, %d steps drawn (budget 1,500) %8.0f ms\n", o.Drawn, o.PaintedMs)
	if o.Pieces > 0 {
		fmt.Printf("  window drawn whole, %d steps, in %d pieces  %8.0f ms  (longest piece put in: %.0f ms)\n", o.Window, o.Pieces, o.WidenedMs, o.PieceMax)
	}
	fmt.Printf("  every step worked out, the lane drawn     %8.0f ms\n", o.WholeMs)
	if o.EndMs >= 0 {
		during := "after the findings came"
		if o.EndDuring {
			during = "while its findings are worked out"
		}
		fmt.Printf("  then End, to the last step drawn          %8.0f ms  (%s; longest task %.0f ms)\n", o.EndMs, during, o.EndLong)
	}
	fmt.Printf("  its findings taken in (%d)            %8.0f ms\n", o.Findings, o.CheckedMs)
	fmt.Printf("  frames painted meanwhile                  %8d\n", o.Frames)
	fmt.Printf("  longest main-thread task (budget 100)     %8.0f ms  (%d tasks over 50 ms)\n", o.LongestMs, o.Tasks)
	fmt.Printf("  main-thread tasks of 100 ms or more: %s\n", strings.Join(o.Long, ", "))
	fmt.Printf("  page memory: JS heap %.0f MB + Go %.0f MB + worker's Go %.0f MB = %.0f MB (budget 400)\n\n", o.JSHeap/1e6, o.GoSys/1e6, o.WorkerSys/1e6, mem/1e6)
	judge(fmt.Sprintf("%d steps opened as a file, to the painted first screen", o.Steps), o.PaintedMs, 1500, "ms")
	judge("longest main-thread task while it opens (to its findings taken in)", o.LongestMs, 100, "ms")
	judge("page memory with it open (JS heap + both Go heaps)", mem/1e6, 400, "MB")
	steps, err := profiled(tab, strings.Replace(stepJS, "a2aplay.go(400)", fmt.Sprintf("a2aplay.go(%d); a2aplay.go(%d)", o.Steps/2, o.Steps/2+380), 1), o.Steps)
	if err != nil {
		return err
	}
	printSteps(o.Steps, steps, "")
	return nil
}

// A budget is one of the playground's budgets and the figure measured
// against it.
type budget struct {
	name        string
	value, want float64
	unit        string
	atLeast     bool // the figure must reach want, not stay under it
}

var budgets []budget

func judge(name string, value, limit float64, unit string) {
	budgets = append(budgets, budget{name: name, value: value, want: limit, unit: unit})
}

func judgeAtLeast(name string, value, floor float64, unit string) {
	budgets = append(budgets, budget{name: name, value: value, want: floor, unit: unit, atLeast: true})
}

// printBudgets says, for each budget, the figure measured and whether
// it is met.
func printBudgets() {
	fmt.Printf("budgets (load average %s now)\n", loadAverage())
	for _, b := range budgets {
		met := b.value <= b.want
		rel := "≤"
		if b.atLeast {
			met, rel = b.value >= b.want, "≥"
		}
		verdict := "met"
		if !met {
			verdict = "NOT MET"
		}
		prec := 1
		if b.unit == "MB" && b.value < 10 {
			prec = 3
		}
		fmt.Printf("  %-72s %9.*f %-2s (%s %g)  %s\n", b.name, prec, b.value, b.unit, rel, b.want, verdict)
	}
}

// loadAverage is the machine's load over the last minute, as
// /proc/loadavg has it; "?" where there is none.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

type navTimes struct {
	FCP      float64 `json:"fcp"`
	LCP      float64 `json:"lcp"`
	Compiled float64 `json:"compiled"`
	Ready    float64 `json:"ready"`
}

// markWelcomeSeen keeps the first screen (view.WelcomeKey) as seen in
// the browser's localStorage for base's origin, which every tab of the
// run shares: the budgets are the diagram's and the stepper's, not those
// of a dialog over them. It loads a blank page of the origin, not the
// viewer, so the first navigation to the site stays cold.
func markWelcomeSeen(ctx context.Context, base string) error {
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	set := fmt.Sprintf("localStorage.setItem(%q, %q)", view.WelcomeKey, view.WelcomeSeen)
	if err := chromedp.Do(tab, chromedp.Navigate(base+"/bench/blank.html"), chromedp.Evaluate[chromedp.Void](set)); err != nil {
		return fmt.Errorf("keeping the first screen as seen: %w", err)
	}
	return nil
}

// navigate loads url in a new tab and reads its paint and viewer marks,
// in milliseconds since the navigation started.
func navigate(ctx context.Context, url string) (navTimes, error) {
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
		return navTimes{}, err
	}
	if err := waitReady(tab); err != nil {
		return navTimes{}, err
	}
	return chromedp.Run(tab, chromedp.Evaluate[navTimes](`new Promise(resolve => {
		const at = name => (performance.getEntriesByName(name)[0] || {startTime: NaN}).startTime;
		let lcp = NaN;
		new PerformanceObserver(list => { for (const e of list.getEntries()) lcp = e.startTime; })
			.observe({type: "largest-contentful-paint", buffered: true});
		setTimeout(() => resolve({fcp: at("first-contentful-paint"), lcp, compiled: at("a2aplay-wasm-compiled"), ready: at("a2aplay-ready")}), 100);
	})`, chromedp.EvalAwaitPromise))
}

// waitReady waits, up to a minute, until the page in tab marks its
// viewer ready. A page that moves into a new renderer process (the
// site's Cross-Origin-Opener-Policy) can take away the context a poll
// evaluates in ("Cannot find context with specified id": it ended a
// -nav-trace run once); the poll then starts again in the new one.
func waitReady(tab context.Context) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		err := chromedp.Do(tab, chromedp.Poll[chromedp.Void](`document.documentElement.dataset.viewer === "ready"`, chromedp.WithPollingTimeout(max(time.Until(deadline), time.Second))))
		if err == nil || !strings.Contains(err.Error(), "Cannot find context with specified id") || time.Now().After(deadline) {
			return err
		}
	}
}

type drawTimes struct {
	Error    string  `json:"error"`
	ParseMs  float64 `json:"parseMs"`
	SvgMs    float64 `json:"svgMs"`
	RenderMs float64 `json:"renderMs"`
	CallMs   float64 `json:"callMs"`   // all of a2aplay.load, in the page
	LayoutMs float64 `json:"layoutMs"` // the browser's style and layout after it
	TotalMs  float64 `json:"totalMs"`
}

// drawJS loads the generated transcript into the viewer and times it to
// the next frame after the SVG is in the page, once the page has the
// findings of what it shows: a draw does not share the machine with
// the check of the one before, as a learner's next file would not.
const drawJS = `(async () => {
	const text = await (await fetch("/bench/transcript.http")).text();
	const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
	// The draw before this one is checked first: its check runs in the
	// worker, on the machine's other core.
	while (a2aplay.state().findings < 0) await new Promise(r => setTimeout(r, 50));
	await frame();
	const t0 = performance.now();
	const r = a2aplay.load("bench-" + performance.now() + ".http", text);
	if (r.error) return {error: r.error};
	const t1 = performance.now();
	document.querySelector("#diagram svg").getBoundingClientRect();
	const t2 = performance.now();
	await frame();
	return {parseMs: r.parseMs, svgMs: r.svgMs, renderMs: r.renderMs, callMs: t1 - t0, layoutMs: t2 - t1, totalMs: performance.now() - t0};
})()`

// stepJS steps through the middle of the loaded diagram with the keys.
const stepJS = `(async () => {
	const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
	a2aplay.go(400);
	await frame();
	const out = [];
	// A step out of the window drawn is drawn when the window comes
	// from the worker that holds a large file.
	const drawn = () => document.querySelector('#diagram [aria-current="step"][data-step="' + a2aplay.state().step + '"]');
	while (!drawn()) await frame();
	for (let i = 0; i < 200; i++) {
		const t0 = performance.now();
		document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
		const t1 = performance.now();
		// Style and layout, as the frame would do them. Finding the step's
		// group first (drawn) would add a selector's search of the whole
		// diagram, about 1 ms at 1,000 steps, to what is timed.
		document.body.getBoundingClientRect();
		const t2 = performance.now();
		await frame();
		while (!drawn()) await frame();
		out.push([t1 - t0, t2 - t0, performance.now() - t0]);
	}
	return out;
})()`

const blankPage = `<!doctype html>
<meta charset="utf-8">
<title>floor</title>
<p>One line of text.</p>
<script>document.documentElement.dataset.viewer = "ready"; performance.mark("a2aplay-ready");</script>`

// overFloor is each round's FCP of pages less that of the floor (or
// the control) of the same round, and those differences written out.
func overFloor(pages, floor []navTimes) ([]float64, string) {
	over := make([]float64, len(pages))
	round := make([]string, len(pages))
	for i := range pages {
		over[i] = pages[i].FCP - floor[i].FCP
		round[i] = fmt.Sprintf("%.0f", over[i])
	}
	return over, strings.Join(round, ", ")
}

// gridPage is floorPage with lines one pixel wide, 128 pixels apart,
// under its line and across a viewport of up to 2048×1280 (the CSP
// allows no style attribute, so they are drawn in the flow): no tile of it is one colour, as
// none of the site's first screen is, and it asks for no font but the
// line's. What it paints over the floor is what rastering a whole
// screen costs the machine, whatever the page.
func gridPage() string {
	var d strings.Builder
	for x := 0; x <= 2048; x += 128 {
		fmt.Fprintf(&d, "M%d.5 0V1280", x)
	}
	for y := 0; y <= 1280; y += 128 {
		fmt.Fprintf(&d, "M0 %d.5H2048", y)
	}
	return `<!doctype html>
<meta charset="utf-8">
<title>floor</title>
<p>One line of text.</p>
<svg width="2048" height="1280" aria-hidden="true"><path d="` + d.String() + `" stroke="#dfe3ea" fill="none"/></svg>
<script src="ready.js"></script>`
}

// floorPage is blankPage for a server whose CSP allows no inline script.
const floorPage = `<!doctype html>
<meta charset="utf-8">
<title>floor</title>
<p>One line of text.</p>
<script src="ready.js"></script>`

const floorReady = `document.documentElement.dataset.viewer = "ready"; performance.mark("a2aplay-ready");`

const mermaidPage = `<!doctype html>
<meta charset="utf-8">
<title>Mermaid 12 benchmark</title>
<div id="out"></div>
<script src="mermaid.min.js"></script>
<script>
mermaid.initialize({startOnLoad: false, maxTextSize: 100000000, maxEdges: 1000000, securityLevel: "strict"});
window.benchReady = true;
</script>`

// mermaidJSRun renders the same diagram with Mermaid, text to painted SVG.
const mermaidJSRun = `(async () => {
	const text = await (await fetch("/bench/diagram.mmd")).text();
	const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
	const out = document.getElementById("out");
	out.replaceChildren();
	await frame();
	const t0 = performance.now();
	const {svg} = await mermaid.render("m" + Math.round(performance.now()), text);
	const t1 = performance.now();
	out.innerHTML = svg;
	out.querySelector("svg").getBoundingClientRect();
	await frame();
	return [t1 - t0, performance.now() - t0];
})()`

func chromiumVersion(ua string) string {
	for _, f := range strings.Fields(ua) {
		if strings.HasPrefix(f, "Chrome/") || strings.HasPrefix(f, "HeadlessChrome/") {
			return "Chromium " + f[strings.Index(f, "/")+1:]
		}
	}
	return ua
}

func median[T any](xs []T, f func(T) float64) float64 {
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = f(x)
	}
	return medianFloat(v)
}

func medianF(xs []drawTimes, f func(drawTimes) float64) float64 { return median(xs, f) }

func medianFloat(v []float64) float64 { return pct(v, 50) }

// pct is the p-th percentile (nearest rank) of v.
func pct(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}
