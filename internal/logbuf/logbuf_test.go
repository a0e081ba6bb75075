package logbuf

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestConcurrent: writers and a reader at once (run with -race); every
// line written is there once at the end.
func TestConcurrent(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				fmt.Fprintf(&b, "w%d-%d\n", w, i)
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	got := b.String()
	if n := strings.Count(got, "\n"); n != 400 {
		t.Fatalf("%d lines, want 400", n)
	}
	for w := range 4 {
		if !strings.Contains(got, fmt.Sprintf("w%d-99\n", w)) {
			t.Errorf("writer %d's last line is missing", w)
		}
	}
}
