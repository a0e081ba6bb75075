// Command bench measures the playground in one headless Chromium run:
// navigation to the first diagram and to an interactive page, cold and
// warm; the cost of one step change at 1,000 steps; the time to draw
// one 1,000-message diagram, by a2aplay in the page (Go in WebAssembly)
// and by Mermaid 12 on the same diagram, as a ratio; and a 100,000-step
// transcript opened as a file: to its painted first screen, the longest
// task the page's thread ran meanwhile, the page's memory, and a step
// change in it; and what one Live event costs the page at sizes of a
// Live session (-live-events, 10, 100 and 1,000 exchanges by default;
// -live-only measures it alone): the review scenario's session grown
// with its GetTask button, then one GetTask at a time timed from its
// Delta's arrival (the page's measure a2aplay-live-delta) to the next
// frame painted after it, the handler's own task, and the main thread's
// CPU per event, all its tasks (the renderer's TaskDuration), and the
// pieces of rows the page put in meanwhile (its a2aplay-rows); with
// -profile, a CPU profile of the timed events, summed by function.
//
//	./build.sh bench
//
// runs it with the viewer, check and live modules it builds (the site is
// built as ./build.sh serve builds it: the Live panel and the lessons'
// exercises are in its markup) and Mermaid from
// npm. It ends with each budget (DESIGN.md, issue 12), the figure
// measured against it, and whether it is met. Times are wall-clock: on a
// loaded machine they are inflated, so read them with the load average
// it prints. The site's first paint is judged against the control
// issue 26 names: a page served with the site's headers that paints the
// same inline figure and nothing else, the diagram's element cut out of
// the built site's own index.html with the diagram's style sheet
// (control.go), so that it cannot drift from the page. Site and control
// are loaded in turns, -loads times each (15 by default), and the budget
// is on the median of each round's difference. Beside it, as context: a
// floor, a page of one line with the site's headers, and the same line
// with thin lines across the viewport, so that every tile of the screen
// is rastered, as it is for any page that fills it. What those lines
// cost over the floor is the part of the first paint's time no page that
// fills the screen can go under on the machine measured.
// With -nav-trace DIR it also traces a warm navigation to the floor and
// -nav-trace-loads (5) each to the control and the site, in turns, and
// prints the medians of the processor time the control and the site
// spent before their first paint (main thread, renderer, raster), which
// a loaded machine inflates much less than the wall clock, and of each
// round's difference; and for the last of each, its processor time
// by thread and by kind of
// task, how many WebAssembly functions were compiled on their first
// call, whether the module came from Chrome's code cache, the tiles
// rastered before the first paint for each main frame, and the font
// look-ups the page made through the browser and how long it waited.
package main
