package diagram

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

// TestWriteRows puts every transcript's diagram together from its first
// rows and the others written apart, cut at each row: it is the diagram
// WriteSVG writes whole.
func TestWriteRows(t *testing.T) {
	all := transcripts(t)
	for _, name := range sortedNames(all) {
		t.Run(name, func(t *testing.T) {
			tr := all[name]
			g, whole := render(t, replay.Steps(tr), Options{Title: tr.Title, IDPrefix: "fig-"})
			const end = "</g>\n</svg>\n"
			for k := 0; k <= len(g.Rows); k++ {
				head := *g
				head.Rows = g.Rows[:k]
				var b, rest bytes.Buffer
				if err := WriteSVG(&b, &head); err != nil {
					t.Fatal(err)
				}
				if err := WriteRows(&rest, g, g.Rows[k:]); err != nil {
					t.Fatal(err)
				}
				if a := AppendRows([]byte("x"), g, g.Rows[k:]); string(a) != "x"+rest.String() {
					t.Fatalf("AppendRows of rows %d on is not what WriteRows writes", k)
				}
				first, ok := strings.CutSuffix(b.String(), end)
				if !ok {
					t.Fatalf("the SVG of the first %d rows does not end with its steps group: %q", k, b.String()[max(b.Len()-40, 0):])
				}
				if diff := cmp.Diff(string(whole), first+rest.String()+end); diff != "" {
					t.Fatalf("first %d rows and the rest put together (-whole +together):\n%s", k, diff)
				}
				if k > 0 && k < len(g.Rows) {
					checkWellFormed(t, b.Bytes())
				}
			}
		})
	}
}

// TestRowsSetSize: in the page's layout every row says its place among
// all the transcript's steps (aria-posinset, aria-setsize), in a window
// of the steps and in rows written apart as in the whole; a figure,
// which holds every row, says neither.
func TestRowsSetSize(t *testing.T) {
	tr := transcripts(t)["19-planner"]
	steps := replay.Steps(tr)
	n := len(steps)
	place := regexp.MustCompile(`<g class="step [^>]*role="listitem" aria-posinset="(\d+)" aria-setsize="(\d+)"`)
	g := Layout(steps, Options{Compact: true, First: 5, Last: 9})
	var b bytes.Buffer
	if err := WriteRows(&b, g, g.Rows); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range place.FindAllStringSubmatch(b.String(), -1) {
		got = append(got, m[1]+"/"+m[2])
	}
	var want []string
	for k := 5; k <= 9; k++ {
		want = append(want, strconv.Itoa(k)+"/"+strconv.Itoa(n))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the window's rows' places (-want +got):\n%s", diff)
	}
	if whole := string(AppendSVG(nil, Layout(steps, Options{Compact: true}))); strings.Count(whole, `aria-setsize="`+strconv.Itoa(n)+`"`) != n {
		t.Errorf("the whole compact diagram: %d rows say the set's size, want %d", strings.Count(whole, "aria-setsize"), n)
	}
	if fig := string(AppendSVG(nil, Layout(steps, Options{}))); strings.Contains(fig, "aria-setsize") || strings.Contains(fig, "aria-posinset") {
		t.Error("a figure's rows say their place in the set: they are all in")
	}
}
