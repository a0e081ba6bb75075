package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// TestDeepJSON: a transcript with a body nested deeper than a2aplay
// reads gives check and figures the one error replay.Parse gives (the
// page shows it too: test.TestDeepJSON), naming the file, the line and
// the limit, and neither command writes anything for it.
func TestDeepJSON(t *testing.T) {
	text, err := os.ReadFile("../../transcripts/09-cancel.http")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, depth := range []int{jsonread.MaxDepth - 6, 300, 5000, 9999} {
		// The member goes 6 levels down: body, params, message, parts,
		// the part, its data.
		deep := strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth)
		name := filepath.Join(dir, "deep"+strconv.Itoa(depth)+".http")
		if err := os.WriteFile(name, bytes.Replace(text, []byte(`"environment": "staging"`), []byte(`"environment": "staging", "deep": `+deep), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(name)
		_, perr := replay.Parse(data, name)
		if depth+6 <= jsonread.MaxDepth {
			if perr != nil {
				t.Fatalf("%d deep: %v", depth+6, perr)
			}
			continue
		}
		want := name + ":26: " + jsonread.ErrTooDeep.Error()
		if perr == nil || perr.Error() != want {
			t.Fatalf("%d deep: replay.Parse gives %v, want %s", depth+6, perr, want)
		}
		code, out, errOut := runChecked(t, name)
		if code == 0 || out != "" || !strings.Contains(errOut, want+"\n") {
			t.Errorf("check, %d deep: exit %d, stdout %q, stderr %q; want the error %q", depth+6, code, out, errOut, want)
		}
		var figErr bytes.Buffer
		figs := filepath.Join(dir, "figures")
		code = run(context.Background(), []string{"figures", "-out", figs, name}, &figErr)
		if code == 0 || !strings.Contains(figErr.String(), want+"\n") {
			t.Errorf("figures, %d deep: exit %d, stderr %q; want the error %q", depth+6, code, figErr.String(), want)
		}
		if entries, _ := os.ReadDir(figs); len(entries) != 0 {
			t.Errorf("figures, %d deep: wrote %d files", depth+6, len(entries))
		}
	}
}
