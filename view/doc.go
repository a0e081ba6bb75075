// Package view is the state of the replay page, kept apart from the DOM
// so that it can be tested natively: which step is current, what a deep
// link says, and what the inspector shows for a step (with the request
// as curl); how far to scroll to reveal a step and how large to draw the
// diagram; which steps of a long transcript to draw and how its task
// lanes summarise; and what a file the learner opens is. It also draws
// the diagram as the page shows it ([AppendPageFigure]) and as Export
// writes it ([SVG]).
//
// The step that matters is always in view: the page draws the diagram's
// compact layout ([PageLayout]); at each step [FoldsFor] says which
// participants to fold so that the step fits the stage (the columns its
// arrow crosses, only when it would not fit otherwise, and only until a
// step involves them again, so that stepping on seldom draws again);
// [StepBox] is what must show of the step, from the layout (its marks,
// both participants' headers, its number), which the page scrolls into
// view with [Reveal]; [AppendGutter] draws the step numbers' column the
// page pins to the stage's left; on a narrow stage a long transcript is
// drawn [NarrowWindowSteps] at a time ([WindowOn]), so that a fold draws
// few rows again. The default zoom is 100 % and Fit never goes under
// [ReadableZoom], where a label would be drawn under 11 CSS px. Folding
// is the page's: Export and the figures keep the full layout (the
// diagram package's doc says why).
//
// Predict mode's questions come from here too ([Questions]): before a
// step that changes a task's state, or that someone new sends, what comes
// next, with the choices, the answer and the rule that decides it; a
// [Quiz] is the state of one transcript's: where a move stops to ask,
// the learner's picks, what to show at a step, and the score. Of a large
// file a worker holds, the quiz gathers the questions each window the
// page is sent carries ([Part].Questions, [QuestionsIn], [Quiz.Add]).
//
// The Live panel's exercises are here as data ([Exercise], in the data
// block) and as rules: which to show ([ExercisesFor]: the one a link
// names, #live=review&ex=ID, or the Live setup's), what to show of each
// ([ShowExercise]: its state, the hint of a wrong road or what is still
// to come) and the learner's [Progress], kept in localStorage by the
// page. The check worker judges them on the session and answers a
// [Verdict] each (package exercise's Judge).
//
// The compare view ([Compare]) steps a v1.0 transcript and its v0.3 twin
// side by side, the story's shipped pairs being [PageData.Stories]: it
// pairs their steps by the story, not by position, and names on each
// pair what the versions write differently (the version header, method
// names, card shape, "kind" against the oneof, state names, "final"
// against the stream's close), with the v1.0 section that says it. Its
// deep link is #compare=06-input-required&s=3.
//
// The Live panel's road chooser (how the client waits on a review or a
// deploy: keep the stream, subscribe later, webhook, poll) says what
// each road does with [RoadNote] (the poll road's schedule is
// live/panel's PollWait: the interval chosen, then backing off), and plainly why a remote agent has no
// webhook road ([WebhookRemote]); [TallyRoad] counts, from the
// session's steps, the notifications that reached the client's webhook
// and the polls it made, with the last state each brought.
//
// The guide is here too: whether a visit opens on the first screen
// ([ShowWelcome]); the name of the mark a spec finding puts on its
// step's arrow and where n and p go ([FindingMark], [NextFinding]); and
// what a click on an approve link in "Says" does instead of opening a
// dead tab ([ActOnLink]).
//
// What a key does is here: to the replay ([MoveOfKey]), and in the
// page's rows of tabs and its menu ([Roving]: where the arrows, Home and
// End move the focus).
//
// The page (wasm/viewer) owns the DOM and calls into this package;
// nothing here imports syscall/js.
//
// Of a diagram of more than [PaintAll] rows the page puts in only
// what shows ([Painted]): the diagram's frame, and the rows that meet
// the stage and a screen around it ([ViewBand]), a piece of
// [PaintPiece] rows at a time, adding pieces as the learner scrolls,
// steps or zooms; the pinned numbers' column comes in with them
// ([AppendNumbers]).
//
// A large file the learner opens stays whole in a Web Worker; the
// page holds a [Part] of it, the window of steps it draws, which the
// worker draws for the screen ([Part.DrawScreen]): its SVG holds only
// the rows of the screen around the current step (or the window's
// first screen), and the other rows, before and after, come in pieces
// of [PieceSteps] steps that the page adds when it is idle. With them
// comes the window's [Frame], what the page frames the diagram and marks
// the current step and the spec findings by (the SVG's size, the
// lifelines' ends, each row's span and the point of its finding mark,
// diagram.Row.MarkPoint), as it takes it from the layout of a diagram it draws itself
// ([FrameOf]): the page never reads geometry back from an SVG. Export
// still writes the whole transcript, from the worker.
//
// Positions run from 0 to N for a transcript of N steps. Position 0 is
// the overview: every step drawn plainly, none selected. Position k
// (1..N) selects step k: steps before it are drawn plainly, step k is
// highlighted, steps after it are dimmed.
//
// A deep link names a shipped transcript and a position in the URL's
// fragment or query:
//
//	#t=07-auth-required&s=5
//
// A file the learner opened has no name the server knows; its links use
// f= instead of t= and only work while the page still holds the file.
package view
