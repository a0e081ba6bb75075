package test

import (
	"bytes"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/a2aplay/a2aplay/internal/build"
)

// viewerBudget is the budget for the viewer module, brotli: room for the
// teaching work.
const viewerBudget = build.ViewerBudget

// TestViewerSize compresses the viewer as the site ships it (brotli 11)
// and holds it to its budget; it reports the size either way.
func TestViewerSize(t *testing.T) {
	if env.skip != "" {
		t.Skip(env.skip)
	}
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, brotli.BestCompression)
	if _, err := w.Write(env.viewer); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("viewer wasm: %d bytes, %d brotli (budget %d)", len(env.viewer), b.Len(), viewerBudget)
	if b.Len() > viewerBudget {
		t.Errorf("the viewer is %d bytes brotli, over its budget of %d: see where its bytes go with go run ./cmd/wasmsize -build ./cmd/viewer", b.Len(), viewerBudget)
	}
}
