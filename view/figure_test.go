package view

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// TestPageSVGIsTheDiagramWithoutItsStyle: what the page draws is the
// diagram package's SVG, ids prefixed, with the <style> element (and the
// line break after it) taken out and given apart, byte for byte.
func TestPageSVGIsTheDiagramWithoutItsStyle(t *testing.T) {
	files, err := filepath.Glob("../transcripts/*.http")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	long := longTranscript(t, 4)
	for _, tc := range []struct {
		name        string
		t           *replay.Transcript
		first, last int
	}{
		{"long, whole", long, 0, 0},
		{"long, steps 5 to 22", long, 5, 22},
		{"long, from 30", long, 30, 0},
	} {
		steps := replay.Steps(tc.t)
		var full bytes.Buffer
		g := diagram.Layout(steps, diagram.Options{Title: tc.t.Title, IDPrefix: IDPrefix, First: tc.first, Last: tc.last, Compact: true})
		if err := diagram.WriteSVG(&full, g); err != nil {
			t.Fatal(err)
		}
		style := "<style>" + diagram.StyleSheet() + "</style>\n"
		want := string(bytes.Replace(full.Bytes(), []byte(style), nil, 1))
		if want == full.String() {
			t.Fatalf("%s: the diagram has no <style> to take out", tc.name)
		}
		svg, css, err := PageSVGRange(tc.t, steps, tc.first, tc.last)
		if err != nil {
			t.Fatal(err)
		}
		if svg != want || css != diagram.StyleSheet() {
			t.Errorf("%s: PageSVGRange differs from the diagram without its style", tc.name)
		}
		// The page draws into the buffer of its last diagram, longer or
		// shorter: what it held before must neither stay nor show.
		for _, old := range [][]byte{nil, bytes.Repeat([]byte("<old/>"), 1<<14), []byte("<old/>")} {
			if got, _, err := AppendPageFigure(old[:0], tc.t, steps, tc.first, tc.last); err != nil || string(got) != want {
				t.Errorf("%s: AppendPageFigure into a buffer of %d bytes differs from the diagram without its style (%v)", tc.name, len(old), err)
			}
		}
		if got, _, err := AppendPageFigure([]byte("<before/>"), tc.t, steps, tc.first, tc.last); err != nil || string(got) != "<before/>"+want {
			t.Errorf("%s: AppendPageFigure does not append (%v)", tc.name, err)
		}
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
		std, err := SVG(tr, replay.Steps(tr))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(std, []byte("<style>"+diagram.StyleSheet()+"</style>\n")) {
			t.Errorf("%s: the standalone SVG lacks its style sheet", f)
		}
	}
	if _, _, err := PageSVG(nil, nil); err == nil {
		t.Error("PageSVG(nil) gave no error")
	}
}
