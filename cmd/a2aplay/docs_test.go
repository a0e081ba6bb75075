package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocs builds the shipped lessons and checks that the pages stand
// alone: every local link resolves, nothing remote or scripted is
// loaded, no inline style or script (the site's CSP forbids them).
func TestDocs(t *testing.T) {
	out := t.TempDir()
	var stderr bytes.Buffer
	args := []string{"docs", "-out", out, "-lessons", "../../web/lessons",
		"-transcripts", "../../transcripts", "-style", "../../web/style.css"}
	if code := run(context.Background(), args, &stderr); code != 0 {
		t.Fatalf("a2aplay docs: exit %d:\n%s", code, stderr.String())
	}
	md, _ := filepath.Glob("../../web/lessons/*.md")
	if len(md) < 4 {
		t.Fatalf("%d lessons in web/lessons, want at least 4", len(md))
	}
	pages := []string{"index.html"}
	for _, f := range md {
		pages = append(pages, strings.TrimSuffix(filepath.Base(f), ".md")+".html")
	}
	css, err := os.ReadFile(filepath.Join(out, "lessons.css"))
	if err != nil || !bytes.Contains(css, []byte(".a2s")) || !bytes.Contains(css, []byte(".listing")) {
		t.Errorf("lessons.css lacks the diagram's or the lessons' rules (%v)", err)
	}
	var (
		loads   = regexp.MustCompile(`(?i)<(?:script|iframe|img|object|embed|style)\b|\son[a-z]+=|\sstyle=|\bsrc=|<link[^>]+href="(?:https?:)?//`)
		hrefs   = regexp.MustCompile(`href="([^"]*)"`)
		figures = 0
	)
	for _, p := range pages {
		b, err := os.ReadFile(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		if m := loads.Find(b); m != nil {
			t.Errorf("%s loads or runs something: %q", p, m)
		}
		figures += bytes.Count(b, []byte(`<figure class="lesson-figure"`))
		for _, m := range hrefs.FindAllSubmatch(b, -1) {
			h := string(m[1])
			switch {
			case strings.HasPrefix(h, "https://a2a-protocol.org/"), strings.HasPrefix(h, "#"),
				strings.HasPrefix(h, "https://github.com/a2aproject/"), strings.HasPrefix(h, "https://www.rfc-editor.org/rfc/rfc"):
				// citations: the specification, its proto, an SDK's file, an RFC
			case strings.HasPrefix(h, "../index.html"):
				// the playground, built beside the lessons by a2aplay site
				if !regexp.MustCompile(`^\.\./index\.html(#(t=[0-9a-z-]+(&amp;s=[0-9]+)?|live=[a-z]+))?$`).MatchString(h) {
					t.Errorf("%s: playground link %q is not #t=NAME&s=N or #live=NAME", p, h)
				}
				if name := regexp.MustCompile(`t=([0-9a-z-]+)`).FindStringSubmatch(h); name != nil {
					if _, err := os.Stat(filepath.Join("../../transcripts", name[1]+".http")); err != nil {
						t.Errorf("%s: link %q names no shipped transcript", p, h)
					}
				}
			default:
				target := strings.SplitN(h, "#", 2)[0]
				if _, err := os.Stat(filepath.Join(out, target)); err != nil {
					t.Errorf("%s: link %q leads nowhere", p, h)
				}
			}
		}
	}
	if figures < 4 {
		t.Errorf("%d figures in the lessons, want at least 4", figures)
	}
}

// TestDocsMistake: a lesson with a mistake names file and line, and the
// output folder is left as it was.
func TestDocsMistake(t *testing.T) {
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "bad.md"), []byte("# Bad\n\n```figure\nsource: transcripts/07-auth-required.http\nsteps: 9-4\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "lessons")
	var stderr bytes.Buffer
	args := []string{"docs", "-out", out, "-lessons", src, "-transcripts", "../../transcripts", "-style", "../../web/style.css"}
	if code := run(context.Background(), args, &stderr); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := filepath.Join(src, "bad.md") + `:5: figure: steps "9-4": 9 comes after 4`
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr:\n%s\nwant a line %q", stderr.String(), want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the output folder was created: %v", err)
	}
}

func TestDocsSourceOutsideTranscripts(t *testing.T) {
	r := &transcriptDir{dir: "../../transcripts", cache: nil}
	for _, s := range []string{"../go.mod", "transcripts/../../go.mod", "/etc/passwd", "transcripts/x.txt"} {
		if _, err := r.Transcript(s); err == nil {
			t.Errorf("Transcript(%q): no error", s)
		}
	}
}
