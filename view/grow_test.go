package view

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// grownSVG is what the page holds after it grew old's diagram into g:
// g's frame, drawn anew, around old's rows as old drew them and g's
// new rows after them.
func grownSVG(t *testing.T, old, g *diagram.Geometry) []byte {
	t.Helper()
	frame := *g
	frame.Rows = nil
	b := diagram.AppendSVG(nil, &frame)
	end := []byte("</g>\n</svg>\n")
	if !bytes.HasSuffix(b, end) {
		t.Fatalf("a frame without rows ends in %q", b[max(0, len(b)-40):])
	}
	// The rows kept, their stretched segments' bars as tall as g's.
	stretched, _ := Grows(old, g)
	kept := slices.Clone(old.Rows)
	for _, i := range stretched {
		m := *kept[i].Mark
		m.Bar.H = g.Rows[i].Mark.Bar.H
		kept[i].Mark = &m
	}
	rows := diagram.AppendRows(nil, old, kept)
	rows = diagram.AppendRows(rows, g, g.Rows[len(old.Rows):])
	return append(append(b[:len(b)-len(end)], rows...), end...)
}

// growing lays out every shipped transcript's steps as a Live session
// would show them, one step more each time (a stream's frames arrive
// while it is open, and exchanges after it may come before its close),
// with the participants fold(g, k) folds at step k, and calls check
// with each layout and the one before it.
func growing(t *testing.T, fold func(base *diagram.Geometry, k int, cur []string) []string, check func(name string, old, g *diagram.Geometry)) {
	files, err := filepath.Glob("../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := replay.Parse(b, filepath.Base(file))
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.Steps(tr)
		var old *diagram.Geometry
		var folds []string
		for k := 1; k <= len(steps); k++ {
			g := PageLayout(tr, steps[:k], 0, 0, nil)
			if folds = fold(g, k, folds); folds != nil {
				g = PageLayout(tr, steps[:k], 0, 0, folds)
			}
			Room(g)
			if old != nil {
				check(fmt.Sprintf("%s, %d steps (folded %q)", filepath.Base(file), k, folds), old, g)
			}
			old = g
		}
	}
}

// TestGrows: at every step of every shipped transcript growing, as the
// page lays it out and on a stage narrow enough to fold columns, when
// Grows says the layout keeps the rows the page holds, the diagram the
// page makes of them (the frame drawn anew around the rows kept and the
// new ones) is byte for byte the diagram drawn whole. And it says so
// for most steps (the shipped transcripts are short: their first steps
// widen the diagram, and each new task's lane does).
func TestGrows(t *testing.T) {
	for _, c := range []struct {
		name string
		room int
	}{{"wide", 1 << 20}, {"narrow", 300}} {
		t.Run(c.name, func(t *testing.T) {
			var grows, not, folded int
			growing(t, func(base *diagram.Geometry, k int, cur []string) []string {
				f := FoldsFor(base, k, cur, nil, c.room)
				if !slices.Equal(f, cur) {
					folded++
				}
				return f
			}, func(name string, old, g *diagram.Geometry) {
				if _, ok := Grows(old, g); !ok {
					not++
					return
				}
				grows++
				if got, want := grownSVG(t, old, g), diagram.AppendSVG(nil, g); !bytes.Equal(got, want) {
					i := 0
					for i < min(len(got), len(want)) && got[i] == want[i] {
						i++
					}
					t.Errorf("%s: grown, the diagram differs from the one drawn whole at byte %d: %q against %q", name, i, got[i:min(len(got), i+80)], want[i:min(len(want), i+80)])
				}
			})
			t.Logf("%d steps grown, %d drawn whole again; folds changed %d times", grows, not, folded)
			if grows <= not {
				t.Errorf("Grows kept the rows at %d steps of %d", grows, grows+not)
			}
			if not == 0 {
				t.Errorf("Grows never asked for a whole redraw: no wider label, no changed step?")
			}
			if c.name == "narrow" && folded == 0 {
				t.Errorf("no fold changed on a stage %d px wide", c.room)
			}
		})
	}
}

// TestGrowsNot: a wider label, a changed step, a fold or another id
// prefix is no growth.
func TestGrowsNot(t *testing.T) {
	b, err := os.ReadFile("../transcripts/06-input-required.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "06-input-required.http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	old := PageLayout(tr, steps[:len(steps)-1], 0, 0, nil)
	g := PageLayout(tr, steps, 0, 0, nil)
	Room(old)
	Room(g)
	if _, ok := Grows(old, g); !ok {
		t.Fatalf("the last step of %s is no growth", tr.Title)
	}
	if _, ok := Grows(g, old); ok {
		t.Error("fewer rows grow")
	}
	for name, change := range map[string]func(g *diagram.Geometry){
		"wider":      func(g *diagram.Geometry) { g.Width++ },
		"taller":     func(g *diagram.Geometry) { g.Height += LiveRoom },
		"a row's id": func(g *diagram.Geometry) { g.Rows[0].Step += "x" },
		"a row's words": func(g *diagram.Geometry) {
			g.Rows[1].Label = append(slices.Clone(g.Rows[1].Label), diagram.Line{Text: "more"})
		},
		"prefix":  func(g *diagram.Geometry) { g.IDPrefix += "x" },
		"headers": func(g *diagram.Geometry) { g.LifelineTop++ },
	} {
		c := *g
		c.Rows = slices.Clone(g.Rows)
		change(&c)
		if _, ok := Grows(old, &c); ok {
			t.Errorf("%s: grows", name)
		}
	}
	folded := PageLayout(tr, steps, 0, 0, []string{g.Participants[0].Name})
	Room(folded)
	if _, ok := Grows(old, folded); ok {
		t.Error("a fold grows")
	}
}

// TestPaintedGrow: after Grow, the rows the page holds, in their order,
// are those it held and the rows from the one Grow names on, whichever
// pieces it held; and the pieces Grow says are in are those.
func TestPaintedGrow(t *testing.T) {
	lay := func(n int) *diagram.Geometry {
		g := &diagram.Geometry{}
		for i := range n {
			g.Rows = append(g.Rows, diagram.Row{Step: fmt.Sprint("s", i), Index: i + 1, Top: 30 * i, Bottom: 30*i + 30})
		}
		return g
	}
	ids := func(rows []diagram.Row) []string {
		var s []string
		for _, r := range rows {
			s = append(s, r.Step)
		}
		return s
	}
	for _, c := range []struct {
		old, n int
		in     []int // pieces in before
	}{
		{10, 12, nil},                 // short: whole before and after
		{60, 70, nil},                 // whole before, not after
		{100, 102, []int{0, 6}},       // the last piece in: only the new rows
		{100, 102, []int{0}},          // the last piece not in: its rows too
		{96, 98, []int{0, 5}},         // the old rows end a piece
		{200, 240, []int{1, 3, 12}},   // pieces new whole
		{200, 201, []int{0, 1, 2, 3}}, // scrolled to the top
	} {
		old := NewPainted(lay(c.old))
		for _, i := range c.in {
			old.Add(i)
		}
		had := ids(old.Drawn())
		g := lay(c.n)
		next, from := old.Grow(g)
		want := append(had, ids(g.Rows[from:])...)
		if got := ids(next.Drawn()); !slices.Equal(got, want) {
			t.Errorf("%d rows to %d, pieces %v in: holds %v, want %v", c.old, c.n, c.in, got, want)
		}
		if from > c.old {
			t.Errorf("%d rows to %d: new rows from %d", c.old, c.n, from)
		}
		for k := from; k < c.n; k++ {
			if !next.Has(k) {
				t.Errorf("%d rows to %d: row %d put in but not held", c.old, c.n, k)
			}
		}
	}
}

// TestSameRow: sameRow tells apart two rows that differ in any one
// field, however deep, a field added to diagram.Row later too.
func TestSameRow(t *testing.T) {
	full := func() diagram.Row {
		var r diagram.Row
		fill(reflect.ValueOf(&r).Elem(), 1)
		return r
	}
	a, b := full(), full()
	if !sameRow(&a, &b) {
		t.Fatal("two rows filled alike differ")
	}
	var paths []string
	walk(reflect.TypeOf(a), "", &paths)
	for _, path := range paths {
		b := full()
		bump(reflect.ValueOf(&b).Elem(), path)
		if sameRow(&a, &b) {
			t.Errorf("rows that differ in %s are the same to sameRow", path)
		}
	}
	var none diagram.Row
	if sameRow(&a, &none) || sameRow(&none, &a) {
		t.Error("a row with its pointers nil is the same as one with them set")
	}
}

// fill sets every field of v, through pointers and slices (of one
// element), to values made of seed.
func fill(v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), seed+i)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), seed)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), seed)
	case reflect.String:
		v.SetString(fmt.Sprint("s", seed))
	case reflect.Int:
		v.SetInt(int64(seed))
	case reflect.Bool:
		v.SetBool(true)
	default:
		panic("fill: a field of kind " + v.Kind().String())
	}
}

// walk lists the paths to every leaf field of t ("Arrow.X1", "Label.Text").
func walk(t reflect.Type, prefix string, out *[]string) {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			walk(t.Field(i).Type, prefix+"."+t.Field(i).Name, out)
		}
	case reflect.Pointer, reflect.Slice:
		walk(t.Elem(), prefix, out)
	default:
		*out = append(*out, prefix)
	}
}

// bump changes the leaf at path in v.
func bump(v reflect.Value, path string) {
	for _, name := range strings.Split(strings.TrimPrefix(path, "."), ".") {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Slice {
			if v.Kind() == reflect.Pointer {
				v = v.Elem()
			} else {
				v = v.Index(0)
			}
		}
		v = v.FieldByName(name)
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Slice {
		if v.Kind() == reflect.Pointer {
			v = v.Elem()
		} else {
			v = v.Index(0)
		}
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Int:
		v.SetInt(v.Int() + 1000)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	}
}
