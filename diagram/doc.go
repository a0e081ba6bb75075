// Package diagram draws the steps of a transcript as a sequence diagram:
// SVG for the page and for docs, and Mermaid text for code hosts.
//
//	transcript -> replay.Steps -> [Layout] -> *[Geometry] -> [WriteSVG] -> SVG
//	                                  \-> [WriteMermaid] -> sequenceDiagram text
//
// [Layout] computes geometry only: columns, rows, arrows, wrapped labels,
// badges, brackets, bands and lanes, in whole pixels. [WriteSVG] turns a
// Geometry into SVG and adds nothing but styling. The split keeps the
// layout testable as data (testdata/NAME.layout.json) and the picture
// reviewable in a browser (testdata/NAME.svg).
//
//	steps := replay.Steps(t)
//	g := diagram.Layout(steps, diagram.Options{Title: t.Title, First: 4, Last: 9})
//	err := diagram.WriteSVG(w, g)
//
// # Phases
//
// Layout runs in phases, each a method of one layouter that adds its
// part to the Geometry (layout.go unless said):
//
//   - select (select.go): the steps in range, their texts made visible,
//     and the participants' order over all the steps;
//   - columns: a column per participant a drawn step involves, and its
//     header's width;
//   - spacing: each row's label measured on one line, and the gaps
//     between columns widened until every label fits;
//   - gutter: the time and number gutter, then each column's x;
//   - rows (rows.go): each row top to bottom, its texts wrapped, badge,
//     arrow and tag, opening on the way the streams' brackets and the
//     bands outside A2A it falls into (streams.go);
//   - streams and bands (streams.go): each bracket from its first row to
//     its last, joined to its close; each band's tab;
//   - lanes (lanes.go): a lane per task alive at once, a segment per
//     state;
//   - footers: the lifelines' end, and the headers again below a long
//     diagram.
//
// The geometry's types are in geometry.go, the description in words in
// describe.go, text measurement and wrapping in metrics.go and text.go.
//
// # The page's layout
//
// [Options].Compact is the layout the playground draws, made so that any
// one step (its arrow, its label, the headers of both participants it
// joins, and its number) shows whole on a 390-px phone at 100 %, by the
// layout rather than by shrinking: labels wrap at 160 px instead of 300,
// columns stand only as far apart as their labels and headers need
// (120 px at least, against 180), headers are padded less, and the
// gutter puts the step numbers at the diagram's left edge and the times
// after them, so that the page can pin the numbers' column
// ([Geometry].Gutter) while the diagram scrolls sideways.
//
// [Options].Fold draws participants folded: a 48-px header with the name
// cut short (whole in its <title>), and gaps around it that hold only
// the arrows crossing it; a label on an arrow that ends at a folded
// column wraps into the room there is. The page folds the columns a step
// crosses when that step would not fit its screen (view.FoldsFor), and
// unfolds one on a click. [Geometry.Focus] and [Geometry.Columns] say,
// from the layout, what must show of a row and which columns it joins.
//
// Figures for docs ("a2aplay figures", Export, the golden files) keep the
// full layout, unfolded: a figure is read on its own, at the width of a
// page of text, and has no current step for which to fold the others;
// folding is the page's concern, decided step by step.
//
// # Long transcripts
//
// A page draws a long transcript a window at a time. [Layout] with a
// range costs the steps it draws plus one light pass over the rest;
// [Prepare] makes even that pass once, and [Prepared.Layout] then costs
// only the window:
//
//	p := diagram.Prepare(steps, diagram.Options{Title: t.Title, IDPrefix: "fig-"})
//	g := p.Layout(first, last)
//
// A page may also put a long diagram in a little at a time: the SVG of
// a copy of its Geometry whose Rows hold only some rows, then the
// others into its steps group as they are needed ([WriteRows],
// [AppendRows]). [Geometry.Span] says how far a row's drawing reaches
// down (its lane segment may run on past it) and [Geometry.Hit] its box
// across the diagram, so that the page picks the rows a viewport meets
// from the layout.
//
// # Same bytes everywhere
//
// Text is measured from advance widths built into the package (the
// Arial metrics that Liberation Sans and Helvetica share, and 0.6 em for
// monospace), never by a browser, and all geometry is integer. The same
// steps give the same bytes natively and under GOOS=js GOARCH=wasm; the
// golden files are checked under both. Layout and WriteSVG do work in
// proportion to the number of steps (BenchmarkRender measures it, and
// BenchmarkLayoutLarge, BenchmarkSVGLarge and BenchmarkWindow up to
// 100,000 steps).
//
// # What the picture says
//
//   - Participants are columns, left to right in order of first
//     appearance ([Options].Participants can put some first); a party
//     that only takes part outside A2A, like an operator, comes last, with
//     a dashed teal header that says "outside A2A" and a dotted teal
//     lifeline. Long diagrams repeat the headers at the bottom.
//   - Each step is one row, numbered in the left gutter with its time
//     since the first step (the number first in the compact layout). A request is a solid arrow with a filled head
//     and a bold label; a reply or a stream frame is a dashed arrow with an
//     open head. Frames carry a small "frame N" under their tail.
//   - Every arrow of an exchange in A2A v0.3 ([replay.Step].Version) says
//     so in that tag too, "A2A v0.3" ("frame 3 · A2A v0.3"), and in its
//     aria-label; Mermaid adds it to the message. An A2A arrow without it is
//     v1.0's, so no figure, nor a range of one, passes for the other
//     version's.
//   - A label is the step's method or event; the words the step carries
//     (a message, a question, an error) follow in italics. A label wraps
//     over at most two lines and the words over three; what does not fit
//     ends in "…".
//   - A step that reports a task's state has a badge in the state's
//     colour. The two interrupted states, INPUT_REQUIRED (orange) and
//     AUTH_REQUIRED (magenta), carry a pause sign, and the row where a task
//     starts to wait is tinted across the whole diagram.
//   - The steps of one stream sit in a blue bracket, "stream of step N",
//     from the call that opened it to its close, drawn as a heavy edge
//     labelled "stream closed by server" (or "by client"). A stream the
//     capture never saw close has an open, dashed bottom and says "still
//     open when the capture ended".
//   - Calls outside A2A are teal, in a dashed teal band labelled
//     "outside A2A".
//   - A push notification, the agent calling a client's webhook, is a
//     violet dash-dot arrow from the agent's lifeline to the webhook's,
//     with a filled head and a violet bold label ("push statusUpdate
//     WORKING"): the colour and the dash-dot tell it from a request,
//     which is solid and dark, and the filled head and the label from a
//     response, which is dashed with an open head. The
//     webhook is a participant of its own (replay/doc.go says why); it
//     first appears after the agent, so its lane stands right of the
//     agent's and a push never crosses the client's lane to look like a
//     reply to it. The webhook's answer is a reply like any other. The
//     notification's state is a badge on the arrow and a segment on the
//     task's lane, as a frame's is. In Mermaid a push is the async arrow
//     "-)" where a request is "->>" and a reply "-->>".
//   - Right of the participants, each task has a lane: a bar coloured by
//     state from the step that reported it, wider and with a pause sign
//     while the task waits, ending in a dot at a terminal state. A lane is
//     reused once its task is no longer mentioned, so many short tasks do
//     not make a wide diagram.
//   - Errors (JSON-RPC, HTTP+JSON, HTTP or transport) are red.
//
// # CSS hooks
//
// Every SVG embeds its style sheet, scoped to the root class "a2s", with
// light colours and dark ones under prefers-color-scheme: dark. A page
// whose Content-Security-Policy forbids inline styles draws with
// [Options].NoStyle and serves [StyleSheet] itself. A page
// may override the custom properties on .a2s: --bg, --fg, --muted,
// --line, --life, --box, --box-line, --num, --cur, --stream, --stream-bg,
// --oob, --oob-bg, --push, --err, --on, and one per state: --s-submitted,
// --s-working, --s-input, --s-auth, --s-completed, --s-failed,
// --s-canceled, --s-rejected, --s-other.
//
// Every element of a step (its hit area, number, time, arrow, labels,
// badge, tag, close edge and the lane segment it starts) is inside one
// group:
//
//	<g class="step frame st-auth-required paused" id="s4" data-step="4"
//	   data-kind="frame" data-exchange="1" data-frame="3" data-group="s1"
//	   data-state="TASK_STATE_AUTH_REQUIRED" data-task="ecf2dcb6-…"
//	   role="listitem" aria-label="Step 4, frame 3: deployer to client, …">
//
// The classes are the kind (request, reply, frame, close, push), "oob"
// outside A2A, "error", the state class st-submitted, st-working,
// st-input-required, st-auth-required, st-completed, st-failed,
// st-canceled, st-rejected or st-other, and "paused" on the step where a
// task starts to wait. Ids take [Options].IDPrefix. The step groups are
// the children of <g class="steps" role="list">, in reading order.
//
// Each step group starts with rect.hit, the box of the step's row, so a
// page that replays the steps can mark one without drawing again: the
// playground lays a band in --cur over the current step's row and a veil
// in --bg over the rows after it. Inside a group, the parts have the
// classes hit, num, time, arrow, head (and "head open"), label, detail,
// badge, tag, closed, end-edge and seg. A folded participant's group is
// g.party.folded, its cut name text.short.
//
// Outside the steps: g.stream[data-group] holds a bracket (band, edge,
// tab, note), g.channel[data-steps] a band outside A2A, g.party[data-name]
// a participant's headers, g.lane[data-task] a lane's track and headers,
// and line.life the lifelines. The root has role="group",
// aria-roledescription="sequence diagram", a <title> and a <desc> that
// sums up the steps in words.
//
// # Trust
//
// Steps come from transcripts, which are untrusted. Every text is
// escaped for XML, and characters XML cannot hold become U+FFFD; no
// transcript text reaches an element name, an attribute name, a class or
// the style sheet. [WriteMermaid] escapes with Mermaid's entity codes.
// Neither draws a character that would not show as itself: a bidi
// override or isolate, a zero-width space or joiner, a byte order mark
// or another format character is drawn as its escape ("\u202e", by
// [replay.Visible]) and measured as such, so a label cannot pass for
// another.
package diagram
