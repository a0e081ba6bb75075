package diagram

import (
	"bytes"
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
