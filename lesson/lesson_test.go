package lesson

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/lessons")

// dirResolver reads transcripts from a folder: "transcripts/NAME.http"
// is dir/NAME.http. It is what the docs command does, on testdata.
type dirResolver struct{ dir string }

func (r dirResolver) Transcript(source string) (*replay.Transcript, error) {
	name := filepath.Base(source)
	b, err := os.ReadFile(filepath.Join(r.dir, name))
	if err != nil {
		return nil, fmt.Errorf("no transcript %s", source)
	}
	return replay.Parse(b, source)
}

var testResolver = dirResolver{"testdata/transcripts"}

// TestGolden converts every lesson in testdata/lessons and compares the
// HTML with NAME.html and the errors with NAME.errors.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/lessons/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons in testdata/lessons: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var html bytes.Buffer
			_, err = Convert(src, filepath.Base(file), Config{Resolver: testResolver}, &html)
			var errText string
			if err != nil {
				var list ErrorList
				if !errors.As(err, &list) {
					t.Fatalf("Convert: %v", err)
				}
				errText = list.Error() + "\n"
			}
			golden(t, strings.TrimSuffix(file, ".md")+".html", html.String())
			golden(t, strings.TrimSuffix(file, ".md")+".errors", errText)
		})
	}
}

// golden compares got with the file; with -update it rewrites the file.
// A mismatch writes NAME.got.EXT beside it.
func golden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		ext := filepath.Ext(file)
		gotFile := strings.TrimSuffix(file, ext) + ".got" + ext
		_ = os.WriteFile(gotFile, []byte(got), 0o644)
		t.Errorf("%s differs (-want +got):\n%s\nwrote %s; accept with: go test ./lesson -run TestGolden -update", file, diff, gotFile)
	}
}

func TestErrorsNameLines(t *testing.T) {
	src := "# x\n\n```listing\nsource: transcripts/review.http\nexchange: 1\nframe: 0\n```\n"
	_, err := Convert([]byte(src), "l.md", Config{Resolver: testResolver}, new(bytes.Buffer))
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("err = %v, want an ErrorList", err)
	}
	want := ErrorList{{File: "l.md", Line: 6, Msg: `listing: frame "0": want a number from 1`}}
	if diff := cmp.Diff(want, list); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := list.Error(); got != `l.md:6: listing: frame "0": want a number from 1` {
		t.Errorf("Error() = %s", got)
	}
}

func TestNoResolver(t *testing.T) {
	src := "```listing\nsource: transcripts/review.http\nexchange: 1\n```\n"
	_, err := Convert([]byte(src), "l.md", Config{}, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "l.md:2: listing: no resolver") {
		t.Errorf("err = %v, want the missing resolver named at line 2", err)
	}
}

func TestInfo(t *testing.T) {
	src, err := os.ReadFile("testdata/lessons/blocks.md")
	if err != nil {
		t.Fatal(err)
	}
	info, err := Convert(src, "blocks.md", Config{Resolver: testResolver}, new(bytes.Buffer))
	if err != nil {
		t.Fatal(err)
	}
	want := &Info{
		Title:       "Blocks of the dialect",
		Summary:     "A task can wait for input (spec §3.2.2); the proto marks the state (proto TaskState).",
		Transcripts: []string{"review", "deploy"},
	}
	if diff := cmp.Diff(want, info); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestFigureCSS: a figure's SVG carries no <style> (the site's CSP
// forbids one); its style sheet comes back in Info for the page's CSS.
func TestFigureCSS(t *testing.T) {
	src, err := os.ReadFile("testdata/lessons/figure.md")
	if err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	info, err := Convert(src, "figure.md", Config{Resolver: testResolver}, &html)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(html.Bytes(), []byte("<style")) || !bytes.Contains(html.Bytes(), []byte("<svg ")) {
		t.Errorf("want an SVG without <style> in:\n%s", html.String())
	}
	if !strings.Contains(info.FigureCSS, ".a2s") {
		t.Errorf("FigureCSS = %q, want the diagram's style sheet", info.FigureCSS)
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in       string
		from, to int
		err      string
	}{
		{"4-9", 4, 9, ""},
		{" 3 ", 3, 3, ""},
		{"2 - 5", 2, 5, ""},
		{"9-4", 0, 0, `steps "9-4": 9 comes after 4`},
		{"0-3", 0, 0, `steps "0-3": steps count from 1`},
		{"a", 0, 0, `steps "a": want N or N-M`},
		{"1-", 0, 0, `steps "1-": want N or N-M`},
		{"-3", 0, 0, `steps "-3": want N or N-M`},
	}
	for _, tt := range tests {
		from, to, err := ParseRange(tt.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if from != tt.from || to != tt.to || got != tt.err {
			t.Errorf("ParseRange(%q) = %d, %d, %q; want %d, %d, %q", tt.in, from, to, got, tt.from, tt.to, tt.err)
		}
	}
}

func TestSpecSectionURL(t *testing.T) {
	tests := map[string]string{
		"3.1.2": SpecURL + "#312-send-streaming-message",
		"9":     SpecURL + "#9-json-rpc-protocol-binding",
		"5.6.1": SpecURL + "#561-timestamps",
		"7.6.1": SpecURL + "#761-in-task-authorization-agent-responsibilities",
		"3.4.3": SpecURL + "#343-multi-turn-conversation-patterns",
		"11":    SpecURL + "#11-httpjsonrest-protocol-binding",
		"12.8":  SpecURL, // title not known: no guessed anchor
		"7.5":   SpecURL, // title not known: no guessed anchor
	}
	for in, want := range tests {
		if got := SpecSectionURL(in); got != want {
			t.Errorf("SpecSectionURL(%q) = %s, want %s", in, got, want)
		}
	}
}

var (
	scriptRE  = regexp.MustCompile(`(?i)<script|<style|<iframe|<object|<embed|<img|href="\s*javascript:|\son[a-z]+="`)
	lessonDir = "../web/lessons"
)

// seedLessons adds the test lessons and the shipped ones to a fuzz corpus.
func seedLessons(f *testing.F) {
	for _, pattern := range []string{"testdata/lessons/*.md", lessonDir + "/*.md"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
}

// FuzzConvert: no input makes Convert panic, every error names a line
// of the lesson, and nothing in the output runs script.
func FuzzConvert(f *testing.F) {
	seedLessons(f)
	f.Add([]byte("```listing\n---\n```\n{{spec §"))
	// Inputs that once cost quadratic time: nested dialect blocks and
	// long runs of "{".
	f.Add([]byte(strings.Repeat("````rule\nlabel: x\n---\n", 300)))
	f.Add([]byte(strings.Repeat("{", 5000)))
	f.Fuzz(func(t *testing.T, src []byte) {
		var out bytes.Buffer
		_, err := Convert(src, "f.md", Config{Resolver: testResolver}, &out)
		checkOutput(t, src, out.Bytes(), err)
	})
}

// FuzzBlockHeader puts arbitrary header text into each kind of block.
func FuzzBlockHeader(f *testing.F) {
	for _, s := range []string{
		"source: transcripts/review.http\nexchange: 1\npath: result.task\ncut: history",
		"source: transcripts/deploy.http\nexchange: 1\nframe: 2\nlang: http",
		"source: transcripts/deploy.http\nsteps: 1-3\ntitle: `x` {{spec §1}}",
		"label: x\nsource: spec §7.6.1\n---\nbody",
		"title: t\n---\n- a",
		"key without colon\n: value\n--\n---",
		"steps: 3-\nexchange: -1\nframe: 99999999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		for _, kind := range []string{infoListing, infoFigure, infoRule, infoTakeaways} {
			src := []byte("# t\n\n```" + kind + "\n" + header + "\n```\n")
			var out bytes.Buffer
			_, err := Convert(src, "f.md", Config{Resolver: testResolver}, &out)
			checkOutput(t, src, out.Bytes(), err)
		}
	})
}

func checkOutput(t *testing.T, src, out []byte, err error) {
	t.Helper()
	if err != nil {
		var list ErrorList
		if !errors.As(err, &list) {
			t.Fatalf("Convert returned %T %v, want an ErrorList", err, err)
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, e := range list {
			if e.Line < 1 || e.Line > lines || e.File != "f.md" || e.Msg == "" {
				t.Fatalf("error %q is not at a line of the %d-line lesson", e.Error(), lines)
			}
		}
	}
	if loc := scriptRE.FindIndex(out); loc != nil {
		t.Fatalf("output has active markup %q:\n%s", out[loc[0]:loc[1]], out)
	}
}
