package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/view"
)

// TestDocs builds the shipped lessons and checks that the pages stand
// alone: every local link resolves, nothing remote is loaded and no
// script but their own progress.js, no inline style or script (the
// site's CSP forbids them).
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
		// One script of their own, progress.js, and nothing else.
		if n := bytes.Count(b, []byte(`<script src="progress.js" defer></script>`)); n != 1 {
			t.Errorf("%s loads progress.js %d times", p, n)
		}
		if m := loads.Find(bytes.Replace(b, []byte(`<script src="progress.js" defer></script>`), nil, 1)); m != nil {
			t.Errorf("%s loads or runs something: %q", p, m)
		}
		if !bytes.Contains(b, []byte(`<link rel="icon" type="image/svg+xml" href="favicon.svg">`)) {
			t.Errorf("%s has no icon", p)
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
				if !regexp.MustCompile(`^\.\./index\.html(#((t|compare)=[0-9a-z.-]+(&amp;s=[0-9]+)?|live=[a-z]+(&amp;ex=[0-9a-z-]+)?))?$`).MatchString(h) {
					t.Errorf("%s: playground link %q is not #t=NAME&s=N, #compare=STORY&s=N or #live=NAME(&ex=ID)", p, h)
				}
				if name := regexp.MustCompile(`#t=([0-9a-z.-]+)`).FindStringSubmatch(h); name != nil {
					if _, err := os.Stat(filepath.Join("../../transcripts", name[1]+".http")); err != nil {
						t.Errorf("%s: link %q names no shipped transcript", p, h)
					}
				}
				// A story to compare is shipped in both versions.
				if name := regexp.MustCompile(`#compare=([0-9a-z.-]+)`).FindStringSubmatch(h); name != nil {
					for _, n := range []string{name[1], name[1] + view.V03Suffix} {
						if _, err := os.Stat(filepath.Join("../../transcripts", n+".http")); err != nil {
							t.Errorf("%s: link %q names no story shipped in 1.0 and 0.3 (%s)", p, h, n)
						}
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

// TestDocsUpstream builds a lesson in the tutorial's upstream format
// (lesson/testdata/lessons/upstream.md, on the lesson package's test
// transcripts): it builds, prints the caption finding at its line
// without failing, and every page carries its own CSP.
func TestDocsUpstream(t *testing.T) {
	src := t.TempDir()
	b, err := os.ReadFile("../../lesson/testdata/lessons/upstream.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "upstream.md"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var stderr bytes.Buffer
	args := []string{"docs", "-out", out, "-lessons", src, "-transcripts", "../../lesson/testdata/transcripts", "-style", "../../web/style.css"}
	if code := run(context.Background(), args, &stderr); code != 0 {
		t.Fatalf("a2aplay docs: exit %d:\n%s", code, stderr.String())
	}
	for _, want := range []string{
		filepath.Join(src, "upstream.md") + ":63: finding: figure: caption: `steps 4 to 6 answer on the same task`: the figure has no steps 5 to 6",
		"a2aplay docs: 1 lesson into " + out + "; 2 findings to look at (shown beside their figures)",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("output:\n%s\nwant %q", stderr.String(), want)
		}
	}
	csp := `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39;; style-src &#39;self&#39;; img-src &#39;self&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">`
	for _, p := range []string{"index.html", "upstream.html"} {
		page, err := os.ReadFile(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(page, []byte(csp)) {
			t.Errorf("%s carries no CSP of its own:\n%s", p, page[:min(len(page), 600)])
		}
	}
}

// TestDocsPrintsNoControls: a lesson's escape sequences reach the
// terminal escaped, in mistakes and in the file names they name.
func TestDocsPrintsNoControls(t *testing.T) {
	src := t.TempDir()
	lesson := "# T\n\nSee {{\x1b]0;owned\x07 x}} and {{sdk-\x1b[2J x}}.\n"
	if err := os.WriteFile(filepath.Join(src, "a\x1b[31m.md"), []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	args := []string{"docs", "-out", filepath.Join(t.TempDir(), "o"), "-lessons", src, "-transcripts", "../../transcripts", "-style", "../../web/style.css"}
	if code := run(context.Background(), args, &stderr); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if strings.ContainsAny(stderr.String(), "\x1b\x07") {
		t.Errorf("control characters printed raw: %q", stderr.String())
	}
	if !strings.Contains(stderr.String(), `a\x1b[31m.md:3: unknown citation source "sdk-\x1b[2J"`) {
		t.Errorf("output:\n%s\nwant the file and the citation escaped", stderr.String())
	}
}
