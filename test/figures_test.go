package test

import (
	"bytes"
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// nativeFigures draws tr natively as the page's exports should: the
// browser must give the same bytes.
func nativeFigures(t *testing.T, tr *replay.Transcript) (svg, mermaid []byte) {
	t.Helper()
	steps := replay.Steps(tr)
	svg, err := view.SVG(tr, steps)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := diagram.WriteMermaid(&b, steps, diagram.Options{Title: tr.Title}); err != nil {
		t.Fatal(err)
	}
	return svg, b.Bytes()
}
