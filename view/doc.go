// Package view is the state of the replay page, kept apart from the DOM
// so that it can be tested natively: which step is current, what a deep
// link says, and what the inspector shows for a step (with the request
// as curl); how far to scroll to reveal a step and how large to draw the
// diagram; which steps of a long transcript to draw and how its task
// lanes summarise; and what a file the learner opens is. It also draws
// the diagram as the page shows it ([AppendPageFigure]) and as Export
// writes it ([SVG]).
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
// The guide is here too: whether a visit opens on the first screen
// ([ShowWelcome]); the name of the mark a spec finding puts on its
// step's arrow and where n and p go ([FindingMark], [NextFinding]); and
// what a click on an approve link in "Says" does instead of opening a
// dead tab ([ActOnLink]).
//
// The page (wasm/viewer) owns the DOM and calls into this package;
// nothing here imports syscall/js.
//
// A large file the learner opens stays whole in a Web Worker; the
// page holds a [Part] of it, the window of steps it draws, which the
// worker draws for the screen ([Part.DrawScreen]): its SVG holds only
// the rows of the screen around the current step (or the window's
// first screen), and the other rows, before and after, come in pieces
// of [PieceSteps] steps that the page adds when it is idle. Export still
// writes the whole transcript, from the worker.
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
