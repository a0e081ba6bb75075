//go:build js && wasm

package checker

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall/js"
	"time"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/a2aplay/a2aplay/replay/open"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
)

// held is the file the worker has open for the page: one at a time.
// Only the server's goroutine touches it.
var held struct {
	open   int // the number of the open that opened it (request.open)
	name   string
	t      *replay.Transcript
	steps  []replay.Step
	lanes  []view.Lane
	screen int // the page's screen height, at the diagram's size; 0 draws windows whole

	// Predict mode's questions of the file (view.Questions), worked out
	// the first time the page asks for a part of it: the parts it asks
	// for carry those about their steps (view.QuestionsIn).
	questions []view.Question
	asked     bool
}

func (a answerer) text(text string) { a.post(&msg.Text{ID: a.id, Text: text}) }

func (a answerer) progress(phase string, done float64) {
	a.post(&msg.Progress{ID: a.id, Phase: phase, Done: done})
}

// part sends a part to the page.
func (a answerer) part(p *view.Part) { a.post(msg.NewPart(a.id, p, sys())) }

func (a answerer) whole(w *view.Whole) { a.post(&msg.Whole{ID: a.id, Whole: w, Sys: sys()}) }

// screenOf is the screen height a request says the page has.
func screenOf(r *msg.Request) int { return min(max(r.Screen, 0), 1e5) }

// serve answers one of the page's requests: a check, or an open, part
// or export of a file, or a HAR export of a transcript.
func (s *server) serve(r request) {
	ans := answerer{r.ID, s.post}
	defer func() {
		if r := recover(); r != nil {
			ans.fail(fmt.Sprint("internal error in the worker: ", r))
		}
	}()
	switch r.Op {
	case msg.OpCheck:
		answer(r.Request, ans)
	case msg.OpLive:
		answerLive(r.Request, ans)
	case msg.OpOpen:
		if r.readFail != "" || r.data.Type() != js.TypeObject {
			ans.fail(r.Name + ": the file could not be read: " + r.readFail)
			return
		}
		held.screen = screenOf(r.Request)
		o := opening{
			ans:   ans,
			goOn:  func() bool { return s.pause(r) },
			shown: func(n int) bool { return s.waitShown(r, n) },
			aside: func() bool { return s.aside(r) },
		}
		if !openFile(r.Name, r.data, r.open, o) {
			held.open = 0
			ans.fail(r.Name + ": given up for a file opened after it")
		}
	case msg.OpHAR:
		text, err := writeHAR(r.Text)
		if err != nil {
			ans.fail(err.Error())
			return
		}
		ans.text(text)
	case msg.OpPart, msg.OpExport:
		if err := heldFor(r); err != "" {
			ans.fail(err)
			return
		}
		if r.Op == msg.OpExport {
			text, err := export(r.Kind)
			if err != nil {
				ans.fail(err.Error())
				return
			}
			ans.text(text)
			return
		}
		held.screen = screenOf(r.Request)
		postPart(r.At, ans, true)
	}
}

// heldFor says why request r, a part or an export, cannot be answered
// from the file held, or "" when it can: it asks of the file of the
// newest open before it, which must have opened.
func heldFor(r request) string {
	switch {
	case held.open == r.open && held.t != nil:
		return ""
	case held.open == r.open || r.open == 0:
		return "no file is open"
	}
	return "the file it asks of was given up for a file opened after it"
}

// An opening is what openFile needs of the server as it goes.
type opening struct {
	ans answerer // answers the page
	// goOn gives the worker's thread back to the browser for a moment,
	// and says whether to go on: false when a newer open has come.
	goOn func() bool
	// shown waits until the page has shown the first n parts (or
	// wholes) sent, or for a while, and says whether to go on.
	shown func(n int) bool
	// aside answers the parts and exports of the file, open by then,
	// that came meanwhile, and says whether to go on.
	aside func() bool
}

// asideEvery is how often an open's check stops to answer the parts
// and exports asked of the file meanwhile (opening.aside): the check of
// a file of 100,000 exchanges takes seconds, and a learner who steps
// out of the first window meanwhile would wait for all of it.
var asideEvery = 50 * time.Millisecond

// errGivenUp stops a check that a newer open has superseded.
var errGivenUp = errors.New("given up for a newer open")

// openFile reads a file, says how far it has got as it goes, answers the
// Part the page draws first, then the file's findings. It is open n
// (request.open). It reports false when it gave up because a newer open
// came, having answered nothing more.
func openFile(name string, data js.Value, n int, o opening) bool {
	held.open, held.t, held.steps, held.lanes = n, nil, nil, nil
	ans := o.ans
	progress := ans.progress
	progress(msg.PhaseRead, 0)
	b := make([]byte, data.Get("byteLength").Int())
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(data))
	progress(msg.PhaseParse, 0.05)
	t, err := open.Read(b, name, har.Options{})
	b = nil
	if err != nil {
		ans.fail(err.Error())
		return true
	}
	if !o.goOn() {
		return false
	}
	// Of a long file the page gets the steps of its first screen first,
	// then its first window, both from the steps of its first
	// exchanges: it shows them while the others are worked out. The
	// window comes drawn for the screen too: the page puts in its rows
	// a few at a time. After each part (or whole) it sends, the worker
	// goes on once the page has shown it.
	var first *view.Part
	sent := 0
	if n := replay.CountSteps(t); n > view.BigTranscript {
		progress(msg.PhaseFirst, 0.3)
		gc := holdGC()
		defer gc()
		pre := *t
		if held.screen > 0 {
			pre.Exchanges = t.Exchanges[:firstExchanges(t, 2*view.ScreenSteps(held.screen))]
			// It holds the steps whose rows the screen shows: drawn for
			// the screen, and cut again to the rows drawn when it had
			// more (its steps are counted at a row's least height).
			steps := replay.Steps(&pre)
			screen := view.CutScreen(t, steps, n, held.screen)
			err := screen.DrawScreen(0, held.screen)
			if err == nil && len(screen.More) > 0 {
				screen = view.CutScreen(t, steps[:screen.ShownLast], n, held.screen)
				err = screen.Draw()
			}
			if err != nil {
				ans.fail(err.Error())
				return true
			}
			ans.part(screen)
			if sent++; !o.shown(sent) {
				return false
			}
		}
		pre.Exchanges = t.Exchanges[:firstExchanges(t, 2*view.WindowSteps)]
		first = view.CutFirst(t, replay.Steps(&pre), n)
		if err := first.DrawScreen(0, held.screen); err != nil {
			ans.fail(err.Error())
			return true
		}
		ans.part(first)
		if sent++; !o.shown(sent) {
			return false
		}
		gc()
	}
	progress(msg.PhaseSteps, 0.4)
	steps := replay.Steps(t)
	if !o.goOn() {
		return false
	}
	progress(msg.PhaseLanes, 0.9)
	held.name, held.t, held.steps, held.lanes = name, t, steps, view.Lanes(steps)
	held.questions, held.asked = nil, false
	gc := holdGC()
	defer gc()
	if first == nil {
		if postPart(0, ans, false) != nil {
			return true
		}
	} else {
		whole := view.Cut(t, steps, held.lanes, 0)
		if err := whole.DrawScreen(0, held.screen); err != nil {
			ans.fail(err.Error())
			return true
		}
		if first.Same(whole) {
			ans.whole(view.WholeOf(t, steps, held.lanes))
		} else {
			ans.part(whole)
		}
	}
	// The findings wait until the page has shown what came last.
	if sent++; !o.shown(sent) {
		return false
	}
	gc()
	last := time.Now()
	fs, err := findings(t, steps, func() error {
		if time.Since(last) < asideEvery {
			return nil
		}
		defer func() { last = time.Now() }()
		if !o.aside() {
			return errGivenUp
		}
		return nil
	})
	if err != nil {
		return false
	}
	postFindings(fs, ans)
	return true
}

// holdGC finishes the garbage collection under way, if any, and holds
// off the next one until the function it returns is called (once or
// more). The worker holds it off while the page shows what it sent:
// when the worker waits, the Go runtime spends the time on the marking
// of a collection under way before it gives the thread back, on the
// processor the page needs (the file held is a heap of hundreds of
// megabytes). Little is allocated meanwhile.
//
// What it buys, against a module built with the tag nogchold
// (GOFLAGS=-tags=nogchold bin/a2aplay build -out DIR check, then
// chrt -r 10 go run ./test/bench -big-only -check DIR/check.wasm and
// the same with bin/check.wasm, in turns, twice each at load 4-5): the
// 100,000-step file to its painted first screen in 451 and 429 ms with
// it, 475 and 457 ms without; its first window whole in 798 and 815
// against 844 and 822 ms. Small, and the same way in both turns.
func holdGC() (release func()) {
	if !gcHoldOn {
		return func() {}
	}
	old := debug.SetGCPercent(-1)
	return func() {
		if old >= 0 {
			debug.SetGCPercent(old)
			old = -1
		}
	}
}

// firstExchanges returns how many of t's first exchanges make at least
// steps steps (or all of them).
func firstExchanges(t *replay.Transcript, steps int) int {
	pre := replay.Transcript{}
	for i := range t.Exchanges {
		pre.Exchanges = t.Exchanges[i : i+1]
		if steps -= replay.CountSteps(&pre); steps <= 0 {
			return i + 1
		}
	}
	return len(t.Exchanges)
}

// postPart answers the Part around position at of the file open, drawn,
// with predict mode's questions about its steps when questions is set
// (a part the page asked for, not the open's first); an error is
// answered and returned.
func postPart(at int, ans answerer, questions bool) error {
	part := view.Cut(held.t, held.steps, held.lanes, at)
	if questions {
		if !held.asked {
			held.questions, held.asked = view.Questions(held.steps), true
		}
		part.Questions = view.QuestionsIn(held.questions, part.First, part.Last)
	}
	if err := part.DrawScreen(at, held.screen); err != nil {
		ans.fail(err.Error())
		return err
	}
	ans.part(part)
	return nil
}

// sys is what the worker's Go runtime has taken from the browser: the
// page counts it in its memory (a2aplay.memory()).
func sys() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Sys
}

// maxExportSteps is the most steps Export draws as SVG or Mermaid, as
// a2aplay figures draws in one figure.
const maxExportSteps = 20000

// export writes the whole file open as the page's Export menu names it.
func export(kind string) (string, error) {
	if (kind == "svg" || kind == "mermaid") && len(held.steps) > maxExportSteps {
		return "", fmt.Errorf("%s has %d steps: a drawing of more than %d is too large for a browser to show or for this page to write; a2aplay figures -steps A-B draws a range of it", held.name, len(held.steps), maxExportSteps)
	}
	var b strings.Builder
	var err error
	switch kind {
	case "svg":
		var svg []byte
		svg, err = view.SVG(held.t, held.steps)
		b.Write(svg)
	case "mermaid":
		err = diagram.WriteMermaid(&b, held.steps, diagram.Options{Title: held.t.Title})
	case "http":
		err = replay.Write(&b, held.t)
	case "har":
		err = har.Write(&b, held.t)
	default:
		err = fmt.Errorf("no export %q", kind)
	}
	return b.String(), err
}

// writeHAR writes text, a transcript the page holds, as HAR: the page's
// module has no HAR writer.
func writeHAR(text string) (string, error) {
	t, err := replay.ParseString(text, "the page's transcript")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = har.Write(&b, t)
	return b.String(), err
}
