package msg

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/internal/wire"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// filled returns a T with every field set (replaytest.Fill).
func filled[T any]() *T {
	var v T
	replaytest.Fill(&v)
	return &v
}

// filledPart returns a view.Part with every field set, its questions'
// answers among their choices and its frame whole, as a worker sends
// them.
func filledPart() *view.Part {
	p := filled[view.Part]()
	p.Frame = view.Frame{Width: 700, Height: 900, LifelineTop: 70, LifelineBottom: 880, RowX: 4, RowW: 692,
		Rows: []view.FrameRow{{Index: 10, Top: 80, Bottom: 120, MarkX: 350, MarkY: 100}, {Index: 11, Top: 120, Bottom: 170, MarkX: 96, MarkY: 131}}}
	for i := range p.Questions {
		p.Questions[i].Answer = len(p.Questions[i].Choices) - 1
	}
	return p
}

// diff compares values, times by the instant and the offset.
func diff(want, got any) string {
	return cmp.Diff(want, got, cmp.Comparer(func(a, b time.Time) bool {
		_, ao := a.Zone()
		_, bo := b.Zone()
		return a.Equal(b) && ao == bo
	}))
}

func TestPartRoundTrip(t *testing.T) {
	p := filledPart()
	for i := range p.Steps {
		p.Steps[i].Index = 10 + i // ascending, as a part's are
	}
	for i, x := range p.Transcript.Exchanges {
		x.Seq = 3 + i
	}
	sent := NewPart(7, p, 1<<40)
	w, err := ReadPart(sent.Data)
	if err != nil {
		t.Fatal(err)
	}
	if w.ID != 7 || w.Sys != 1<<40 || sent.SVG != p.SVG || len(sent.More) != len(p.More) {
		t.Fatalf("sys %d, svg %q, %d pieces", w.Sys, sent.SVG, len(sent.More))
	}
	got := *w.Part
	got.SVG = sent.SVG
	for i := range got.More {
		got.More[i].SVG = sent.More[i]
	}
	if got.Steps, err = w.Steps(); err != nil {
		t.Fatal(err)
	}
	for _, seq := range w.Seqs {
		x, err := w.Exchange(seq)
		if err != nil {
			t.Fatal(err)
		}
		got.Transcript.Exchanges = append(got.Transcript.Exchanges, x)
	}
	if d := diff(p, &got); d != "" {
		t.Errorf("the part read back differs (-sent +read):\n%s", d)
	}
	if s, err := w.Step(9); s != nil || err != nil {
		t.Errorf("Step(9) of a part without it = %v, %v", s, err)
	}
	if x, err := w.Exchange(99); x != nil || err != nil {
		t.Errorf("Exchange(99) of a part without it = %v, %v", x, err)
	}

	// Nil and empty lists stay as they were; no transcript is none.
	empty := &view.Part{N: 1, Lanes: []view.Lane{}, Summary: view.Summary{Notes: []string{}}}
	w, err = ReadPart(NewPart(0, empty, 0).Data)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(empty, w.Part); d != "" {
		t.Errorf("an empty part read back differs (-sent +read):\n%s", d)
	}
}

func TestWholeRoundTrip(t *testing.T) {
	want := filled[Whole]()
	got, err := ReadWhole(EncodeWhole(want))
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("the whole read back differs (-sent +read):\n%s", d)
	}
}

// shipped reads the shipped transcripts, by their files' names.
func shipped(t *testing.T) map[string]*replay.Transcript {
	files, err := filepath.Glob("../../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped transcripts: %v", err)
	}
	out := map[string]*replay.Transcript{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if out[f], err = replay.Parse(b, f); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestShipped sends every step and exchange of the shipped transcripts.
func TestShipped(t *testing.T) {
	for f, tr := range shipped(t) {
		steps := replay.Steps(tr)
		p := view.Cut(tr, steps, view.Lanes(steps), 0)
		w, err := ReadPart(NewPart(0, p, 0).Data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := w.Steps()
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(p.Steps, got); d != "" {
			t.Errorf("%s: steps differ (-sent +read):\n%s", f, d)
		}
		for _, x := range p.Transcript.Exchanges {
			y, err := w.Exchange(x.Seq)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(x, y); d != "" {
				t.Errorf("%s: exchange %d differs (-sent +read):\n%s", f, x.Seq, d)
			}
		}
	}
}

// TestBadMessages: a message cut short, of another version or of
// another kind is an error that says so, never a panic.
func TestBadMessages(t *testing.T) {
	p := filledPart()
	data := NewPart(0, p, 7).Data
	for n := range len(data) {
		if _, err := ReadPart(data[:n]); err == nil {
			t.Fatalf("a part cut to %d of its %d bytes read without error", n, len(data))
		}
	}
	if _, err := ReadPart(append(data[:len(data):len(data)], 0)); err == nil || !strings.Contains(err.Error(), "1 bytes left over") {
		t.Errorf("a part with a byte more: %v", err)
	}
	old := append([]byte{Version + 1}, data[1:]...)
	if _, err := ReadPart(old); !errors.Is(err, ErrVersion) {
		t.Errorf("a part of another version: %v, want ErrVersion", err)
	}
	if _, err := ReadWhole(data); err == nil || !strings.Contains(err.Error(), "not a message of kind") {
		t.Errorf("a part read as a whole: %v", err)
	}
	whole := EncodeWhole(filled[Whole]())
	for n := range len(whole) {
		if _, err := ReadWhole(whole[:n]); err == nil {
			t.Fatalf("a whole cut to %d of its %d bytes read without error", n, len(whole))
		}
	}
}

func FuzzReadPart(f *testing.F) {
	f.Add(NewPart(0, filledPart(), 1).Data)
	f.Add(EncodeWhole(filled[Whole]()))
	for _, m := range controls() {
		f.Add(encode(m))
	}
	f.Add([]byte{Version, kindPart, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02})
	f.Fuzz(func(t *testing.T, data []byte) {
		if w, err := ReadPart(data); err == nil {
			if _, err := w.Steps(); err != nil {
				return
			}
			for _, seq := range w.Seqs {
				w.Exchange(seq)
			}
			_ = NewPart(0, w.Part, w.Sys) // what reads back can be sent again
		}
		ReadWhole(data)
		if m, err := Decode(data); err == nil {
			switch m.(type) {
			case *Window, *Whole:
			default:
				if m2, err := Decode(encode(m)); err != nil || !reflect.DeepEqual(m, m2) {
					t.Errorf("%#v encodes to what decodes as %#v, %v", m, m2, err)
				}
			}
		}
	})
}

// controls are one of each message that Encode writes, every field set.
func controls() []any {
	r := filled[Request]()
	r.Op = OpExport
	fs := filled[Findings]()
	fs.Findings = view.AppendFindings(nil, []view.Finding{{Step: 3, Text: "§3.1.6: x"}})
	c := filled[Request]()
	c.Op = OpCheck
	l := filled[Request]()
	l.Op = OpLive
	return []any{r, c, l, &Request{Op: OpCheck, Exercises: []view.Exercise{{ID: "a"}}}, filled[Progress](), filled[Failure](), fs, filled[Text](),
		filled[Verdicts](), &Verdicts{Verdicts: []view.Verdict{}}}
}

func TestControlRoundTrip(t *testing.T) {
	for _, m := range append(controls(), &Request{Op: OpShown}, &Findings{}) {
		got, err := Decode(encode(m))
		if err != nil {
			t.Fatalf("%T: %v", m, err)
		}
		if d := diff(m, got); d != "" {
			t.Errorf("%T read back differs (-sent +read):\n%s", m, d)
		}
		b := encode(m)
		for n := range len(b) {
			if _, err := Decode(b[:n]); err == nil {
				t.Fatalf("%T cut to %d of its %d bytes read without error", m, n, len(b))
			}
		}
		if _, err := Decode(append([]byte{Version + 1}, b[1:]...)); !errors.Is(err, ErrVersion) {
			t.Errorf("%T of another version: %v, want ErrVersion", m, err)
		}
	}
	p := filledPart()
	for i := range p.Steps {
		p.Steps[i].Index = i + 1
	}
	for _, b := range [][]byte{NewPart(4, p, 1).Data, EncodeWhole(&Whole{ID: 4, Whole: &view.Whole{}})} {
		if m, err := Decode(b); err != nil || m == nil {
			t.Errorf("a part or a whole decodes as %T, %v", m, err)
		}
	}
	bad := (&Request{Op: OpCheck}).Encode()
	bad[3] = 'z'
	if _, err := Decode(bad); err == nil || !strings.Contains(err.Error(), "no such request") {
		t.Errorf("a request of no op: %v", err)
	}
}

// encode writes a request or an answer.
func encode(m any) []byte {
	if r, ok := m.(*Request); ok {
		return r.Encode()
	}
	return EncodeAnswer(m)
}

// TestPartQuestionOutOfChoices: a question whose answer is not among
// its choices is an error, not a panic later in predict mode.
func TestPartQuestionOutOfChoices(t *testing.T) {
	p := filledPart()
	if len(p.Questions) == 0 {
		t.Fatal("the filled part has no questions")
	}
	p.Questions[0].Answer = 99
	if _, err := ReadPart(NewPart(1, p, 0).Data); err == nil || !strings.Contains(err.Error(), "a question's answer 99 where it has") {
		t.Errorf("ReadPart: %v", err)
	}
}

func TestProgressText(t *testing.T) {
	seen := map[string]bool{}
	for _, ph := range []string{PhaseRead, PhaseParse, PhaseFirst, PhaseSteps, PhaseLanes} {
		text := (&Progress{Phase: ph}).Text()
		if text == ph || text == "" || seen[text] {
			t.Errorf("phase %q says %q: not its own words", ph, text)
		}
		seen[text] = true
	}
	if got := (&Progress{Phase: "later"}).Text(); got != "later" {
		t.Errorf("an unknown phase says %q, want it as it is", got)
	}
}

// TestPartHeadHoldsSteps: a part whose head holds what travels apart
// (its steps, its exchanges, its drawing) is an error, not a window
// that shows them twice.
func TestPartHeadHoldsSteps(t *testing.T) {
	for _, change := range []func(*view.Part){
		func(p *view.Part) { p.Steps = []replay.Step{{Index: 1}} },
		func(p *view.Part) { p.SVG = "<svg/>" },
		func(p *view.Part) { p.Transcript.Exchanges = []*replay.Exchange{{Seq: 1}} },
	} {
		head := &view.Part{N: 1, Transcript: &replay.Transcript{}}
		change(head)
		e := start(kindPart)
		e.Int(0)
		e.Uint(0)
		e.Value(head)
		e.Uint(0)
		e.Uint(0)
		if _, err := ReadPart(e.B); err == nil || !strings.Contains(err.Error(), "a part's head that holds") {
			t.Errorf("ReadPart: %v", err)
		}
	}
}

// TestPartFrameChecked: a part whose frame is out of order is an error
// that names it, not marks drawn anywhere.
func TestPartFrameChecked(t *testing.T) {
	p := filledPart()
	p.Frame.Rows[1].Index = 9
	if _, err := ReadPart(NewPart(1, p, 0).Data); err == nil || !strings.Contains(err.Error(), "a frame's row 1 (step 9") {
		t.Errorf("ReadPart: %v", err)
	}
}

// TestValuesAsValue: package wire's functions for a step and an
// exchange write what its Value writes of them, every field set and
// every step and exchange of the shipped transcripts: one encoding,
// whichever writes it.
func TestValuesAsValue(t *testing.T) {
	steps := []replay.Step{*filled[replay.Step]()}
	xs := []*replay.Exchange{filled[replay.Exchange]()}
	for _, tr := range shipped(t) {
		steps = append(steps, replay.Steps(tr)...)
		xs = append(xs, tr.Exchanges...)
	}
	for i := range steps {
		var hand, value wire.Encoder
		hand.Step(&steps[i])
		value.Value(&steps[i])
		if string(hand.B) != string(value.B) {
			t.Fatalf("step %d (%s): by hand %x, by Value %x", i, steps[i].ID, hand.B, value.B)
		}
	}
	for i, x := range xs {
		var hand, value wire.Encoder
		hand.Exchange(x)
		value.Value(x)
		if string(hand.B) != string(value.B) {
			t.Fatalf("exchange %d (%d): by hand %x, by Value %x", i, x.Seq, hand.B, value.B)
		}
	}
}
