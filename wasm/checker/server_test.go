//go:build js && wasm

package checker

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall/js"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/view/msg"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// A page is the far end of a server in a test: it posts requests and
// reads the answers, in order.
type page struct {
	t   *testing.T
	s   *server
	got chan map[string]any
}

func newPage(t *testing.T) *page {
	p := &page{t: t, got: make(chan map[string]any, 1000)}
	p.s = newServer(func(a any) { p.got <- p.asMap(a) })
	go p.s.run()
	return p
}

// asMap is an answer (package msg) as the tests read it: {id, error},
// {id, progress}, {id, part, svg, more}, {id, whole}, {id, findings,
// more: true or none}, {id, text}.
func (p *page) asMap(a any) map[string]any {
	switch a := a.(type) {
	case *msg.Failure:
		return map[string]any{"id": a.ID, "error": a.Error}
	case *msg.Progress:
		return map[string]any{"id": a.ID, "progress": a}
	case *msg.Part:
		w, err := msg.ReadPart(a.Data)
		if err != nil {
			p.t.Error(err)
			return map[string]any{"id": -1}
		}
		more := make([]any, len(a.More))
		for i, v := range a.More {
			more[i] = v
		}
		return map[string]any{"id": w.ID, "part": w, "svg": a.SVG, "more": more}
	case *msg.Whole:
		return map[string]any{"id": a.ID, "whole": a}
	case *msg.Findings:
		m := map[string]any{"id": a.ID, "findings": a.Findings}
		if a.More {
			m["more"] = true
		}
		return m
	case *msg.Text:
		return map[string]any{"id": a.ID, "text": a.Text}
	case *msg.Verdicts:
		return map[string]any{"id": a.ID, "verdicts": a.Verdicts}
	}
	p.t.Errorf("an answer of no kind: %T", a)
	return map[string]any{"id": -1}
}

// send posts a request written as a map: id, op ("open", "shown",
// "part", "export", "har"; none for a check), and its other members.
func (p *page) send(m map[string]any) {
	r := &msg.Request{ID: m["id"].(int)}
	r.Op = map[any]msg.Op{nil: msg.OpCheck, "open": msg.OpOpen, "shown": msg.OpShown, "part": msg.OpPart, "export": msg.OpExport, "har": msg.OpHAR}[m["op"]]
	r.Name, _ = m["name"].(string)
	r.Text, _ = m["text"].(string)
	r.Kind, _ = m["kind"].(string)
	r.At, _ = m["at"].(int)
	r.Screen, _ = m["screen"].(int)
	r.Exercises, _ = m["exercises"].([]view.Exercise)
	v := map[string]any{"m": dom.Uint8Array(r.Encode())}
	if d, ok := m["data"]; ok {
		v["data"] = d
	}
	p.s.take(js.ValueOf(v))
}

// open posts an open of text as name, for a screen 600 pixels high.
func (p *page) open(id int, name string, text []byte) {
	u := js.Global().Get("Uint8Array").New(len(text))
	js.CopyBytesToJS(u, text)
	p.send(map[string]any{"id": id, "op": "open", "name": name, "data": u.Get("buffer"), "screen": 600})
}

// next returns the next answer and its id; it fails the test when none
// comes within a minute.
func (p *page) next() (int, map[string]any) {
	p.t.Helper()
	select {
	case m := <-p.got:
		return m["id"].(int), m
	case <-time.After(time.Minute):
		p.t.Fatal("no answer in a minute")
		return 0, nil
	}
}

// kind names what an answer is.
func kind(m map[string]any) string {
	for _, k := range []string{"error", "progress", "part", "whole", "findings", "text", "verdicts"} {
		if _, ok := m[k]; ok {
			return k
		}
	}
	return "?"
}

// readFindings reads a findings answer as the page does.
func readFindings(t *testing.T, m map[string]any) []view.Finding {
	t.Helper()
	b, ok := m["findings"].([]byte)
	if !ok {
		t.Fatalf("findings came as %T %v, want bytes", m["findings"], m["findings"])
	}
	fs, err := view.ReadFindings(b)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// wantPart takes the next answer and checks that it is request id's
// part, around step at.
func (p *page) wantPart(id, at int) {
	p.t.Helper()
	got, m := p.next()
	if got != id || kind(m) != "part" {
		p.t.Fatalf("the part asked for as request %d: answer %d is %v", id, got, m)
	}
	if first, last := window(p.t, m); first > at || last < at {
		p.t.Errorf("the part around step %d has steps %d-%d", at, first, last)
	}
}

// window reads the steps a part answer holds, as the page reads it.
func window(t *testing.T, m map[string]any) (first, last int) {
	t.Helper()
	w := m["part"].(*msg.Window)
	if svg, ok := m["svg"].(string); !ok || !strings.HasPrefix(svg, "<svg") || len(m["more"].([]any)) != len(w.Part.More) {
		t.Fatalf("a part's drawing: %.40q and %d pieces for %d", svg, len(m["more"].([]any)), len(w.Part.More))
	}
	return w.Part.First, w.Part.Last
}

// longText is a transcript long enough to be opened as a long file: the
// warm-up's exchanges again and again.
func longText(t testing.TB) []byte {
	t.Helper()
	long := warmText(t)
	one := long.Exchanges
	long.Exchanges = nil
	for c := 0; replay.CountSteps(long) <= 2*view.BigTranscript; c++ {
		for _, ex := range one {
			again := *ex
			again.Seq = len(long.Exchanges) + 1
			long.Exchanges = append(long.Exchanges, &again)
		}
	}
	var b bytes.Buffer
	if err := replay.Write(&b, long); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestOpenWaitsForThePage: a long file's open sends its first screen,
// then its first window, then the rest, each once the page has said it
// has shown the one before, and does not go on before; a part and an
// export asked for while it opens are answered from the file once it is
// open, while its findings are still being worked out.
func TestOpenWaitsForThePage(t *testing.T) {
	defer func(n int, d time.Duration) { findingsPerMessage, asideEvery = n, d }(findingsPerMessage, asideEvery)
	findingsPerMessage = 50 // the findings come in several messages
	asideEvery = 0          // the check stops for them at every chance
	p := newPage(t)
	text := longText(t)
	p.open(1, "long.http", text)
	p.send(map[string]any{"id": 2, "op": "part", "at": 2000, "screen": 600})
	p.send(map[string]any{"id": 3, "op": "export", "kind": "http"})
	var kinds []string
	var found []view.Finding
	for {
		id, m := p.next()
		k := kind(m)
		switch {
		case id == 2:
			if k != "part" || slices.Index(kinds, "progress") < 0 || strings.Count(strings.Join(kinds, " "), "part")+strings.Count(strings.Join(kinds, " "), "whole") < 3 {
				t.Fatalf("the part asked for during the open came as a %s after %v", k, kinds)
			}
			if first, last := window(t, m); first > 2000 || last < 2000 {
				t.Errorf("the part around step 2000 has steps %d-%d", first, last)
			}
			kinds = append(kinds, "part 2")
			continue
		case id == 3:
			if m["text"] != string(text) || !slices.Contains(kinds, "part 2") {
				t.Fatalf("the export asked for during the open: %s after %v, want the file after the part", k, kinds)
			}
			kinds = append(kinds, "export 3")
			continue
		case id != 1:
			t.Fatalf("answer %d (%s) to no request", id, k)
		}
		kinds = append(kinds, k)
		if k == "error" {
			t.Fatalf("the open answered %v", m["error"])
		}
		if k == "findings" {
			found = append(found, readFindings(t, m)...)
			if m["more"] != nil {
				continue
			}
			if len(found) <= findingsPerMessage {
				t.Errorf("%d findings came; want more than a message's %d, in several", len(found), findingsPerMessage)
			}
			break
		}
		if k == "part" || k == "whole" {
			// Nothing more comes until the page says it has shown it.
			select {
			case m := <-p.got:
				t.Fatalf("after a %s and before the page said it was shown, the open answered %s", k, kind(m))
			case <-time.After(shownWait / 4):
			}
			p.send(map[string]any{"id": 1, "op": "shown"})
		}
	}
	got := strings.Join(kinds, " ")
	if !strings.HasPrefix(got, "progress progress progress part part progress progress ") || !strings.Contains(got, " part 2 export 3 findings") || !strings.HasSuffix(got, " findings") {
		t.Errorf("the open answered %s, want its progress, its first screen, its first window, the rest, the part and export asked for, its findings", got)
	}
}

// TestCheckGivesWay: an open whose findings are being worked out gives
// way to a newer open.
func TestCheckGivesWay(t *testing.T) {
	defer func(d time.Duration) { asideEvery = d }(asideEvery)
	asideEvery = 0
	p := newPage(t)
	text := longText(t)
	p.open(1, "a.http", text)
	for sent := 0; ; {
		id, m := p.next()
		k := kind(m)
		switch {
		case id == 9 && k == "part":
			// The part is answered while the check runs: a newer open
			// comes now.
			p.open(2, "b.http", text)
			continue
		case id != 1:
			t.Fatalf("answer %d (%s) before the open was given up", id, k)
		case k == "part" || k == "whole":
			if sent++; sent == 3 {
				// The rest of the file: the check starts once the page
				// has shown it, and stops for this part.
				p.send(map[string]any{"id": 9, "op": "part", "at": 2000, "screen": 600})
			}
			p.send(map[string]any{"id": 1, "op": "shown"})
			continue
		case k == "findings":
			t.Fatal("the open superseded during its check posted its findings")
		case k == "error":
			if !strings.Contains(m["error"].(string), "a.http: given up") {
				t.Errorf("the open given up says %q", m["error"])
			}
		default:
			continue
		}
		break
	}
	for {
		id, m := p.next()
		if id != 2 {
			t.Fatalf("answer %d after the given-up open", id)
		}
		switch kind(m) {
		case "part", "whole":
			p.send(map[string]any{"id": 2, "op": "shown"})
		case "error":
			t.Fatalf("the newer open: %v", m["error"])
		case "findings":
			if m["more"] == nil {
				return
			}
		}
	}
}

// TestOpenWaitsNoLonger: a page that never says it has shown a part
// holds each wait of the open no longer than shownWait.
func TestOpenWaitsNoLonger(t *testing.T) {
	p := newPage(t)
	p.open(1, "long.http", longText(t))
	start, parts := time.Now(), 0
	for {
		_, m := p.next()
		if k := kind(m); k == "part" || k == "whole" {
			parts++
		} else if k != "progress" {
			if k != "findings" {
				t.Fatalf("the open answered %s: %v", k, m["error"])
			}
			if m["more"] == nil {
				break
			}
		}
	}
	if took := time.Since(start); parts != 3 || took < 3*shownWait || took > 3*shownWait+30*time.Second {
		t.Errorf("with no word from the page, %d parts took %v; want 3 parts, each held up to %v", parts, took, shownWait)
	}
}

// TestNewerOpenSupersedes: an open gives way to one that comes after
// it; what was asked of its file meanwhile is answered with an error,
// what is asked of the newer one from it.
func TestNewerOpenSupersedes(t *testing.T) {
	p := newPage(t)
	p.send(map[string]any{"id": 1, "op": "part", "at": 1, "screen": 600})
	if id, m := p.next(); id != 1 || m["error"] != "no file is open" {
		t.Errorf("a part with no file open: %d %v", id, m)
	}
	text := longText(t)
	p.open(2, "a.http", text)
	p.send(map[string]any{"id": 3, "op": "part", "at": 5, "screen": 600})
	p.open(4, "b.http", text)
	p.send(map[string]any{"id": 5, "op": "part", "at": 3000, "screen": 600})
	var ended []string
	for !slices.Contains(ended, "b.http") {
		id, m := p.next()
		switch k := kind(m); {
		case id == 2 && k == "error":
			if !strings.Contains(m["error"].(string), "a.http: given up") {
				t.Errorf("the open given up says %q", m["error"])
			}
			ended = append(ended, "a.http")
		case id == 2:
			if k != "progress" {
				t.Errorf("the open given up answered a %s", k)
			}
		case id == 3:
			if k != "error" || !strings.Contains(m["error"].(string), "given up") {
				t.Errorf("a part of the file given up: %s %v", k, m["error"])
			}
		case id == 4 && (k == "part" || k == "whole"):
			p.send(map[string]any{"id": 4, "op": "shown"})
		case id == 4 && k == "findings" && m["more"] == nil:
			ended = append(ended, "b.http")
		case id == 4 && k == "error":
			t.Fatalf("the newer open: %v", m["error"])
		case id == 5 && k == "part":
			// Asked of the newer file: answered once it is open.
			if first, last := window(t, m); first > 3000 || last < 3000 {
				t.Errorf("the part around step 3000 has steps %d-%d", first, last)
			}
			ended = append(ended, "part 5")
		case id != 4:
			t.Fatalf("answer %d (%s) before the newer open was done", id, k)
		}
	}
	if got := strings.Join(ended, ", "); got != "a.http, b.http" && got != "a.http, part 5, b.http" {
		t.Errorf("the opens ended in the order %v", got)
	}
	if !slices.Contains(ended, "part 5") {
		p.wantPart(5, 3000)
	}
}

// TestCheckJudgesExercises: a check that names exercises answers the
// worker's verdict on each, before the findings; one whose condition
// does not parse says why.
func TestCheckJudgesExercises(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "transcripts", "06-input-required.http"))
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t)
	exs := []view.Exercise{
		{ID: "same-task", Live: "review", Done: []string{"answered INPUT_REQUIRED", "reached COMPLETED after INPUT_REQUIRED"}},
		{ID: "cancel", Live: "review", Done: []string{"reached CANCELED"}, Wrong: []string{"reached COMPLETED => Task {task} ended at step {step}."}},
		{ID: "bad", Live: "review", Done: []string{"reached NOWHERE"}},
	}
	p.send(map[string]any{"id": 3, "name": "06.http", "text": string(text), "exercises": exs})
	id, m := p.next()
	vs, ok := m["verdicts"].([]view.Verdict)
	if id != 3 || !ok || len(vs) != 3 {
		t.Fatalf("first answer: %d %v, want request 3's three verdicts", id, m)
	}
	if vs[0].ID != "same-task" || vs[0].Status != view.ExDone {
		t.Errorf("same-task: %+v", vs[0])
	}
	if vs[1].Status != view.ExMissed || !strings.HasPrefix(vs[1].Hint, "Task ") {
		t.Errorf("cancel: %+v", vs[1])
	}
	if vs[2].Status != view.ExNotTried || !strings.Contains(vs[2].Why, "NOWHERE") {
		t.Errorf("bad: %+v", vs[2])
	}
	if _, m := p.next(); kind(m) != "findings" {
		t.Errorf("after the verdicts: %v, want the findings", m)
	}
	// Without exercises, findings only.
	p.send(map[string]any{"id": 4, "name": "06.http", "text": string(text)})
	if _, m := p.next(); kind(m) != "findings" {
		t.Errorf("a check without exercises answered %v first", m)
	}
}

// TestPartCarriesQuestions: a part the page asks for carries predict
// mode's questions about its steps and the first after them, those of
// the whole file; the open's own parts carry none.
func TestPartCarriesQuestions(t *testing.T) {
	p := newPage(t)
	text := longText(t)
	tr, err := replay.Parse(text, "a.http")
	if err != nil {
		t.Fatal(err)
	}
	all := view.Questions(replay.Steps(tr))
	p.open(1, "a.http", text)
	for done := false; !done; {
		id, m := p.next()
		switch k := kind(m); {
		case id == 1 && (k == "part" || k == "whole"):
			if k == "part" && len(m["part"].(*msg.Window).Part.Questions) > 0 {
				t.Error("a part of the open carries questions")
			}
			p.send(map[string]any{"id": 1, "op": "shown"})
		case id == 1 && k == "findings":
			done = m["more"] == nil
		case k == "error":
			t.Fatal(m["error"])
		}
	}
	p.send(map[string]any{"id": 2, "op": "part", "at": 2000, "screen": 600})
	_, m := p.next()
	w := m["part"].(*msg.Window).Part
	want := view.QuestionsIn(all, w.First, w.Last)
	if len(want) == 0 || len(w.Questions) != len(want) || w.Questions[0].Prompt != want[0].Prompt || w.Questions[len(want)-1].Step != want[len(want)-1].Step {
		t.Errorf("the part of steps %d-%d carries %d questions, want %d", w.First, w.Last, len(w.Questions), len(want))
	}
}
