package msg

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// filled returns a T with every field set (replaytest.Fill).
func filled[T any]() *T {
	var v T
	replaytest.Fill(&v)
	return &v
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
	p := filled[view.Part]()
	for i := range p.Steps {
		p.Steps[i].Index = 10 + i // ascending, as a part's are
	}
	for i, x := range p.Transcript.Exchanges {
		x.Seq = 3 + i
	}
	sent := NewPart(p, 1<<40)
	w, err := ReadPart(sent.Data)
	if err != nil {
		t.Fatal(err)
	}
	if w.Sys != 1<<40 || sent.SVG != p.SVG || len(sent.More) != len(p.More) {
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
	w, err = ReadPart(NewPart(empty, 0).Data)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(empty, w.Part); d != "" {
		t.Errorf("an empty part read back differs (-sent +read):\n%s", d)
	}
}

func TestWholeRoundTrip(t *testing.T) {
	want := filled[view.Whole]()
	got, sys, err := ReadWhole(EncodeWhole(want, 12345))
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(want, got); d != "" || sys != 12345 {
		t.Errorf("sys %d; the whole read back differs (-sent +read):\n%s", sys, d)
	}
}

// TestShipped sends every step and exchange of the shipped transcripts.
func TestShipped(t *testing.T) {
	files, err := filepath.Glob("../../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped transcripts: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := replay.Parse(b, f)
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.Steps(tr)
		p := view.Cut(tr, steps, view.Lanes(steps), 0)
		w, err := ReadPart(NewPart(p, 0).Data)
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
	p := filled[view.Part]()
	data := NewPart(p, 7).Data
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
	if _, _, err := ReadWhole(data); err == nil || !strings.Contains(err.Error(), "not a message of kind") {
		t.Errorf("a part read as a whole: %v", err)
	}
	whole := EncodeWhole(filled[view.Whole](), 1)
	for n := range len(whole) {
		if _, _, err := ReadWhole(whole[:n]); err == nil {
			t.Fatalf("a whole cut to %d of its %d bytes read without error", n, len(whole))
		}
	}
}

func FuzzReadPart(f *testing.F) {
	f.Add(NewPart(filled[view.Part](), 1).Data)
	f.Add(EncodeWhole(filled[view.Whole](), 1))
	f.Add([]byte{Version, kindPart, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02})
	f.Fuzz(func(t *testing.T, data []byte) {
		if w, err := ReadPart(data); err == nil {
			if _, err := w.Steps(); err != nil {
				return
			}
			for _, seq := range w.Seqs {
				w.Exchange(seq)
			}
			_ = NewPart(w.Part, w.Sys) // what reads back can be sent again
		}
		ReadWhole(data)
	})
}
