package view

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/replay"
)

// longTranscript repeats the deploy capture (a stream that waits for an
// approval, the approval outside A2A) copies times, each copy a minute
// later and with ids of its own.
func longTranscript(t testing.TB, copies int) *replay.Transcript {
	t.Helper()
	b, err := os.ReadFile("../transcripts/07-auth-required.http")
	if err != nil {
		t.Fatal(err)
	}
	one, err := replay.Parse(b, "07.http")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range replay.Steps(one) {
		if s.TaskID != "" {
			ids = append(ids, s.TaskID, s.ContextID)
		}
	}
	long := &replay.Transcript{Title: one.Title, Participants: one.Participants}
	for i := range copies {
		text := string(b)
		for _, id := range ids {
			text = strings.ReplaceAll(text, id, id[:len(id)-4]+fmt.Sprintf("%04x", i))
		}
		c, err := replay.Parse([]byte(text), "07.http")
		if err != nil {
			t.Fatal(err)
		}
		shift := time.Duration(i) * time.Minute
		for _, ex := range c.Exchanges {
			ex.Seq = len(long.Exchanges) + 1
			ex.Request.At = ex.Request.At.Add(shift)
			if r := ex.Response; r != nil {
				r.At = r.At.Add(shift)
				if st := r.Stream; st != nil {
					for j := range st.Frames {
						st.Frames[j].At = st.Frames[j].At.Add(shift)
					}
					if st.End != nil {
						st.End.At = st.End.At.Add(shift)
					}
				}
			}
			long.Exchanges = append(long.Exchanges, ex)
		}
	}
	return long
}

// received is p after its trip to the page: sent, then read as the page
// reads it.
func received(t *testing.T, p *Part) Part {
	t.Helper()
	sent, err := p.Send()
	if err != nil {
		t.Fatal(err)
	}
	var got Part
	if err := json.Unmarshal([]byte(sent.Head), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Steps) != 0 || len(got.Transcript.Exchanges) != 0 || got.SVG != "" {
		t.Fatal("the head carries steps, exchanges or the drawing")
	}
	got.SVG = sent.SVG
	for i, text := range sent.Steps {
		var s replay.Step
		if err := json.Unmarshal([]byte(text), &s); err != nil {
			t.Fatal(err)
		}
		if s.Index != sent.Index[i] {
			t.Fatalf("step %d sent with index %d", s.Index, sent.Index[i])
		}
		got.Steps = append(got.Steps, s)
	}
	for i, text := range sent.Exchanges {
		var ex replay.Exchange
		if err := json.Unmarshal([]byte(text), &ex); err != nil {
			t.Fatal(err)
		}
		if ex.Seq != sent.Seqs[i] {
			t.Fatalf("exchange %d sent as number %d", ex.Seq, sent.Seqs[i])
		}
		got.Transcript.Exchanges = append(got.Transcript.Exchanges, &ex)
	}
	return got
}

// TestCut checks that a Part, after its trip as JSON, draws and inspects
// every step of its window as the whole transcript does.
func TestCut(t *testing.T) {
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	if len(steps) <= BigTranscript {
		t.Fatalf("%d steps: not a long transcript", len(steps))
	}
	lanes := Lanes(steps)
	for _, at := range []int{0, 1, 777, len(steps) - 5, len(steps)} {
		p := Cut(long, steps, lanes, at)
		got := received(t, p)
		first, last := Window(len(steps), at)
		if got.N != len(steps) || got.First != first || got.Last != last || got.Tasks != len(lanes) || len(got.Lanes) != MaxLanes {
			t.Fatalf("at %d: N %d, window %d-%d, tasks %d, %d lanes; want %d, %d-%d, %d, %d",
				at, got.N, got.First, got.Last, got.Tasks, len(got.Lanes), len(steps), first, last, len(lanes), MaxLanes)
		}
		if !reflect.DeepEqual(got.Summary, Summarize(long, steps)) {
			t.Errorf("at %d: summary %+v, want %+v", at, got.Summary, Summarize(long, steps))
		}
		if len(got.Transcript.Exchanges) >= len(long.Exchanges)/2 {
			t.Errorf("at %d: the part holds %d of %d exchanges", at, len(got.Transcript.Exchanges), len(long.Exchanges))
		}
		for k := first; k <= last; k++ {
			s := got.Step(k)
			if s == nil {
				t.Fatalf("at %d: step %d missing from the part", at, k)
			}
			want := Inspect(long, steps, k-1)
			if d := InspectStep(got.Transcript, *s, got.N, got.Start); !reflect.DeepEqual(d, want) {
				t.Fatalf("at %d: step %d inspects as\n%+v\nwant\n%+v", at, k, d, want)
			}
		}
		if got.Step(first-1) != nil && got.Step(first-1).Exchange == 0 || got.Step(len(steps)+1) != nil {
			t.Errorf("at %d: Step outside the transcript found", at)
		}
		if err := p.Draw(); err != nil {
			t.Fatal(err)
		}
		svg, _, err := PageSVGRange(got.Transcript, got.Steps, got.First, got.Last)
		if err != nil {
			t.Fatal(err)
		}
		if got := received(t, p); got.SVG != svg {
			t.Errorf("at %d: the part sent draws otherwise than the part received", at)
		}
		whole, _, err := PageSVGRange(long, steps, first, last)
		if err != nil {
			t.Fatal(err)
		}
		if svg != whole {
			i := 0
			for i < len(svg) && i < len(whole) && svg[i] == whole[i] {
				i++
			}
			t.Errorf("at %d: the part's window draws otherwise than the whole transcript's: %q vs %q", at, svg[max(0, i-200):min(len(svg), i+200)], whole[max(0, i-200):min(len(whole), i+200)])
		}
	}
}

func BenchmarkPartJSON(b *testing.B) {
	long := longTranscript(&testing.T{}, 2000)
	steps := replay.Steps(long)
	p := Cut(long, steps, Lanes(steps), len(steps)/2)
	js, _ := json.Marshal(p)
	tr, _ := json.Marshal(p.Transcript)
	st, _ := json.Marshal(p.Steps)
	b.Logf("part %d bytes: transcript %d, steps %d (%d steps, %d exchanges)", len(js), len(tr), len(st), len(p.Steps), len(p.Transcript.Exchanges))
	for b.Loop() {
		var q Part
		json.Unmarshal(js, &q)
	}
}

// TestCutFirst: the first Part cut from a long transcript's first
// exchanges shows its window as the Part cut from all its steps does.
func TestCutFirst(t *testing.T) {
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	whole := Cut(long, steps, Lanes(steps), 0)
	prefix := *long
	prefix.Exchanges = long.Exchanges[:60] // 540 steps
	first := CutFirst(long, replay.Steps(&prefix), len(steps))
	for _, p := range []*Part{whole, first} {
		if err := p.Draw(); err != nil {
			t.Fatal(err)
		}
	}
	if !first.Provisional || first.N != len(steps) || first.Summary.Exchanges != len(long.Exchanges) {
		t.Errorf("first part: provisional %v, %d steps, %d exchanges; want true, %d, %d", first.Provisional, first.N, first.Summary.Exchanges, len(steps), len(long.Exchanges))
	}
	if !first.Same(whole) {
		t.Error("the first part shows its window otherwise than the part cut from every step")
	}
	for _, p := range []*Part{whole, first} {
		if err := p.DrawScreen(0, 600); err != nil {
			t.Fatal(err)
		}
	}
	if !first.Same(whole) || len(first.More) == 0 {
		t.Errorf("drawn for a screen, the first part shows its window otherwise than the part cut from every step (%d pieces)", len(first.More))
	}
	WholeOf(long, steps, Lanes(steps)).Apply(first)
	if first.Provisional || !reflect.DeepEqual(first.Summary, whole.Summary) || !reflect.DeepEqual(first.Lanes, whole.Lanes) || first.Tasks != whole.Tasks {
		t.Error("the first part, completed, differs from the whole's")
	}
	// A part from fewer steps than its window is not the same.
	prefix.Exchanges = long.Exchanges[:10]
	short := CutFirst(long, replay.Steps(&prefix), len(steps))
	if err := short.Draw(); err != nil {
		t.Fatal(err)
	}
	if short.Same(whole) {
		t.Error("a part of 90 steps is the same as one of 240")
	}
}

// TestDrawScreen: a part drawn for a screen is the whole window drawn,
// cut into the rows the page shows first and pieces of the others, and
// it travels so.
func TestDrawScreen(t *testing.T) {
	long := longTranscript(t, 300)
	steps := replay.Steps(long)
	lanes := Lanes(steps)
	const end = "</g>\n</svg>\n"
	for _, at := range []int{0, 777, len(steps)} {
		p := Cut(long, steps, lanes, at)
		if err := p.Draw(); err != nil {
			t.Fatal(err)
		}
		whole := p.SVG
		if p.Shown != p.Last || p.More != nil {
			t.Fatalf("at %d: drawn whole, shown to %d with %d pieces; want %d and none", at, p.Shown, len(p.More), p.Last)
		}
		if err := p.DrawScreen(at, 600); err != nil {
			t.Fatal(err)
		}
		got := received(t, p)
		sent, err := p.Send()
		if err != nil {
			t.Fatal(err)
		}
		if got.Shown != p.Shown || got.SVG != p.SVG || len(sent.More) != len(p.More) || !slices.Equal(sent.MoreLast, lastOf(p.More)) {
			t.Fatalf("at %d: the part received shows steps to %d in %d pieces, sent to %d in %d", at, got.Shown, len(sent.More), p.Shown, len(p.More))
		}
		if at == len(steps) {
			// The window ends at the last step: all of it is before.
			if p.Shown != p.Last || p.More != nil || p.SVG != whole {
				t.Errorf("at the last step: shown to %d of %d, %d pieces", p.Shown, p.Last, len(p.More))
			}
			continue
		}
		// One screen: 600 px hold some 10 steps of the deploy capture.
		shown := p.Shown - p.First + 1
		if at > 0 {
			shown = p.Shown - at + 1
		}
		if shown < 5 || shown > 20 || p.Shown >= p.Last {
			t.Errorf("at %d: steps %d-%d of %d-%d drawn first", at, p.First, p.Shown, p.First, p.Last)
		}
		head, ok := strings.CutSuffix(p.SVG, end)
		if !ok {
			t.Fatalf("at %d: the first screen's SVG does not end with the steps group", at)
		}
		if !strings.Contains(head, fmt.Sprintf(`data-step="%d"`, p.Shown)) || strings.Contains(head, fmt.Sprintf(`data-step="%d"`, p.Shown+1)) {
			t.Errorf("at %d: the first screen does not end at step %d", at, p.Shown)
		}
		prev := p.Shown
		together := head
		for _, r := range p.More {
			if r.Last <= prev || r.Last-prev > PieceSteps || strings.Count(r.SVG, `data-step="`) != r.Last-prev {
				t.Errorf("at %d: a piece of steps %d-%d, %d rows", at, prev+1, r.Last, strings.Count(r.SVG, `data-step="`))
			}
			prev = r.Last
			together += r.SVG
		}
		if prev != p.Last {
			t.Errorf("at %d: the pieces end at step %d, the window at %d", at, prev, p.Last)
		}
		if together+end != whole {
			t.Errorf("at %d: the first screen and the pieces put together draw otherwise than the window drawn whole", at)
		}
	}
}

func lastOf(rs []Rows) []int {
	var out []int
	for _, r := range rs {
		out = append(out, r.Last)
	}
	return out
}
