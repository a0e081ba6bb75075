package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestHelp runs every command with -h: each prints its usage and exits 0,
// without an error line after it.
func TestHelp(t *testing.T) {
	for name := range commands {
		t.Run(name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(context.Background(), []string{name, "-h"}, &stderr)
			if code != 0 {
				t.Errorf("a2aplay %s -h exited %d, want 0", name, code)
			}
			out := stderr.String()
			if !strings.Contains(strings.ToLower(out), "usage") {
				t.Errorf("a2aplay %s -h printed no usage:\n%s", name, out)
			}
			if strings.Contains(out, "help requested") || strings.Contains(out, "a2aplay "+name+":") {
				t.Errorf("a2aplay %s -h printed an error:\n%s", name, out)
			}
		})
	}
}
