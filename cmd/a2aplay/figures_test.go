package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFigures(t *testing.T) {
	src := filepath.Join("..", "..", "transcripts", "07-auth-required.http")
	if _, err := os.Stat(src); err != nil {
		t.Fatal(err)
	}
	draw := func(args ...string) (string, string) {
		t.Helper()
		dir := t.TempDir()
		var stderr bytes.Buffer
		if code := run(context.Background(), append([]string{"figures", "-out", dir}, args...), &stderr); code != 0 {
			t.Fatalf("a2aplay figures %v: exit %d: %s", args, code, stderr.String())
		}
		return dir, stderr.String()
	}
	dir1, _ := draw(src)
	dir2, _ := draw(src)
	a, err := os.ReadFile(filepath.Join(dir1, "07-auth-required.svg"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir2, "07-auth-required.svg"))
	if fi, err := os.Stat(filepath.Join(dir1, "07-auth-required.svg")); err != nil {
		t.Error(err)
	} else if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o644 {
		t.Errorf("the figure's mode is %v, want -rw-r--r--", fi.Mode())
	}
	if !bytes.Equal(a, b) || !bytes.HasPrefix(a, []byte("<svg ")) {
		t.Errorf("two runs gave different or no SVG (%d and %d bytes)", len(a), len(b))
	}

	har := filepath.Join("..", "..", "replay", "har", "testdata", "chrome-deploy.har")
	dir, _ := draw(har)
	if h, err := os.ReadFile(filepath.Join(dir, "chrome-deploy.svg")); err != nil || !bytes.Contains(h, []byte(`class="step `)) {
		t.Errorf("HAR figure: %v, %d bytes without steps", err, len(h))
	}

	dir, _ = draw("-steps", "5-6", "-format", "mermaid", src)
	m, err := os.ReadFile(filepath.Join(dir, "07-auth-required.mmd"))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, l := range strings.Split(string(m), "\n") {
		if strings.Contains(l, "->>") {
			msgs = append(msgs, strings.TrimSpace(l))
		}
	}
	want := []string{"p2->>p1: 5 · POST /approve/ecf2dcb6", "p1-->>p2: 6 · 200 OK<br/>{#quot;build#quot;: #quot;2026.10.06-1#quot;, #quot;decision#quot;: #quot;approved#quot;, #quot;environme…"}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("steps 5-6 as Mermaid (-want +got):\n%s", diff)
	}
}

func TestFiguresErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.http")
	if err := os.WriteFile(bad, []byte("# a2aplay transcript 1\n### 1 x\nnot a directive\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join("..", "..", "transcripts", "06-input-required.http")
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{}, 2, "no transcript given"},
		{[]string{"-format", "png", good}, 2, `-format "png"`},
		{[]string{"-steps", "9-4", good}, 2, "the first step comes after the last"},
		{[]string{"-steps", "x", good}, 2, "want a range of step numbers"},
		{[]string{"-steps", "40-", good}, 1, "the transcript has steps 1 to 4"},
		{[]string{bad}, 1, bad + ":3:"},
		{[]string{filepath.Join(dir, "missing.http")}, 1, "missing.http"},
		{[]string{good, good}, 1, "would both be drawn to 06-input-required.svg"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		out := filepath.Join(dir, "out")
		code := run(context.Background(), append([]string{"figures", "-out", out}, tt.args...), &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("figures %v: exit %d, stderr:\n%s\nwant exit %d and %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("figures %v failed but created %s", tt.args, out)
		}
	}
}

func TestParseStepRange(t *testing.T) {
	tests := []struct {
		in          string
		first, last int
		ok          bool
	}{
		{"", 0, 0, true}, {"4-9", 4, 9, true}, {"4-", 4, 0, true}, {"-9", 0, 9, true}, {"7", 7, 7, true},
		{"-", 0, 0, false}, {"0-3", 0, 0, false}, {"a-b", 0, 0, false}, {"5-4", 0, 0, false}, {"1-2-3", 0, 0, false},
	}
	for _, tt := range tests {
		f, l, err := parseStepRange(tt.in)
		if (err == nil) != tt.ok || f != tt.first || l != tt.last {
			t.Errorf("parseStepRange(%q) = %d, %d, %v; want %d, %d, ok %v", tt.in, f, l, err, tt.first, tt.last, tt.ok)
		}
	}
}

// TestErrorsQuoteControls: an error that names a file or quotes it
// prints what would steer a terminal or hide as escapes.
func TestErrorsQuoteControls(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "evil\x1b]0;owned\x07\u202e.http")
	if err := os.WriteFile(name, []byte("# a2aplay transcript 1\n# title: x\x1b[2J\n### 1 x\n"), 0o644); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"figures", "-out", filepath.Join(dir, "out"), name}, &stderr); code != 1 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	msg := stderr.String()
	if strings.ContainsAny(msg, "\x1b\x07\u202e") {
		t.Errorf("stderr carries raw control characters: %q", msg)
	}
	if !strings.Contains(msg, `evil\x1b]0;owned\a\u202e.http:`) {
		t.Errorf("stderr does not name the file with escapes: %q", msg)
	}
}

// TestFiguresHARAll: a HAR's page traffic is left out unless -har-all.
func TestFiguresHARAll(t *testing.T) {
	for _, keep := range []bool{false, true} {
		dir := t.TempDir()
		args := []string{"figures", "-format", "mermaid", "-out", dir}
		if keep {
			args = append(args, "-har-all")
		}
		var stderr bytes.Buffer
		if code := run(context.Background(), append(args, "../../replay/har/testdata/chrome-deploy.har"), &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		out, err := os.ReadFile(filepath.Join(dir, "chrome-deploy.mmd"))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(out), "agent-8080"); got != keep {
			t.Errorf("-har-all %v: the page's origin drawn: %v\n%s", keep, got, out)
		}
	}
}

// A figure of a 0.3 transcript says its version on every arrow it draws,
// in SVG and in Mermaid, even when it draws a few steps only; a 1.0
// figure does not say it.
func TestFiguresMarkV03(t *testing.T) {
	dir := t.TempDir()
	v03 := filepath.Join("..", "..", "transcripts", "06-input-required.v0.3.http")
	v10 := filepath.Join("..", "..", "transcripts", "06-input-required.http")
	var stderr bytes.Buffer
	for _, args := range [][]string{{v03, v10}, {"-steps", "2-3", "-format", "mermaid", v03}} {
		if code := run(context.Background(), append([]string{"figures", "-out", dir}, args...), &stderr); code != 0 {
			t.Fatalf("a2aplay figures %v: exit %d: %s", args, code, stderr.String())
		}
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if svg := read("06-input-required.v0.3.svg"); strings.Count(svg, `class="tag"`) != 4 || strings.Count(svg, ">A2A v0.3</text>") != 4 {
		t.Errorf("the 0.3 figure marks %d rows with a tag, %d with A2A v0.3; want all 4", strings.Count(svg, `class="tag"`), strings.Count(svg, ">A2A v0.3</text>"))
	}
	if svg := read("06-input-required.svg"); strings.Contains(svg, "v0.3") {
		t.Error("the 1.0 figure says v0.3")
	}
	var msgs []string
	for _, l := range strings.Split(read("06-input-required.v0.3.mmd"), "\n") {
		if strings.Contains(l, "->>") {
			msgs = append(msgs, strings.TrimSpace(l))
		}
	}
	want := []string{"p2-->>p1: 2 · task e5c95b09 INPUT_REQUIRED · A2A v0.3<br/>Which base branch should I compare this diff against?", "p1->>p2: 3 · message/send (task e5c95b09) · A2A v0.3<br/>main"}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("steps 2-3 of the 0.3 capture as Mermaid (-want +got):\n%s", diff)
	}
}
