package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestBuildUsage: a module the recipes do not know, and -build with the
// flags it replaces, are refused before anything is built.
func TestBuildUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "-out", t.TempDir(), "viewer", "nope"}, `a2aplay build: no module "nope": the modules are viewer, check, live`},
		{[]string{"site", "-build", t.TempDir(), "-wasm", "x.wasm", "-live", "y.wasm"}, "a2aplay site: -build builds the modules: leave out -live, -wasm"},
	} {
		var stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("a2aplay %s: exit %d, want 2 and %q:\n%s", strings.Join(tc.args, " "), code, tc.want, stderr.String())
		}
	}
}

// TestBuildHelpShowsRecipes: build -h prints each module's command as a
// shell would run it.
func TestBuildHelpShowsRecipes(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"build", "-h"}, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	want := "live    GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false '-ldflags=-s -w' -gcflags=all=-l -o OUT/live.wasm ./cmd/live"
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("build -h lacks %q:\n%s", want, stderr.String())
	}
}
