package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"html/template"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/web"
)

func init() {
	register(&command{
		name:    "docs",
		summary: "build the lessons (web/lessons/*.md) into static HTML pages",
		run:     runDocs,
	})
}

// printableError is an error whose text is printed with its control
// characters escaped: file names and lessons may hold any byte.
type printableError struct{ err error }

func (e printableError) Error() string { return lesson.Printable(e.err.Error()) }
func (e printableError) Unwrap() error { return e.err }

func runDocs(ctx context.Context, fs *flag.FlagSet, args []string) (err error) {
	defer func() {
		var u *usageError
		if err != nil && !errors.As(err, &u) {
			err = printableError{err}
		}
	}()
	out := fs.String("out", "site/lessons", "folder to write the lesson pages into")
	src := fs.String("lessons", "web/lessons", "folder of the lessons' Markdown")
	dir := fs.String("transcripts", "transcripts", "folder of the transcripts the lessons quote")
	style := fs.String("style", "web/style.css", "the playground's style sheet, which the lessons' sheet starts from")
	remoteImages := fs.Bool("remote-images", false, "let lessons show images from http(s) URLs (their pages then load them)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay docs [-out site/lessons] [-lessons web/lessons] [-transcripts transcripts] [-style web/style.css] [-remote-images]")
		fmt.Fprintln(fs.Output(), "\nBuilds every lesson into OUT/NAME.html, an index at OUT/index.html and")
		fmt.Fprintln(fs.Output(), "OUT/lessons.css. Pages link the playground as ../index.html, run one script of")
		fmt.Fprintln(fs.Output(), "their own (OUT/progress.js: which exercises the learner has done in Live) and")
		fmt.Fprintln(fs.Output(), "load nothing remote: each carries a Content-Security-Policy that allows its")
		fmt.Fprintln(fs.Output(), "script, style sheet and images of its own origin, and an image from an http(s)")
		fmt.Fprintln(fs.Output(), "URL is a mistake unless -remote-images allows it.")
		fmt.Fprintln(fs.Output(), "\nLessons are the project's dialect or the tutorial's upstream pages: a listing")
		fmt.Fprintln(fs.Output(), "that quotes its own text is checked against its capture (capture/out/NAME.http")
		fmt.Fprintln(fs.Output(), "or .events.json, read from the transcripts folder). Any mistake in a lesson is")
		fmt.Fprintln(fs.Output(), "printed as file:line and nothing is written; a caption that the drawing does")
		fmt.Fprintln(fs.Output(), "not bear out is printed as a finding and shown beside its figure.")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{"docs takes no arguments"}
	}
	return writeLessons(ctx, lessonPages{Out: *out, Lessons: *src, Transcripts: *dir, Style: *style, RemoteImages: *remoteImages}, fs.Output())
}

// lessonPages says where a2aplay docs reads the lessons and writes
// their pages; a2aplay site writes the same pages into its site.
type lessonPages struct {
	Out          string // the folder to write into
	Lessons      string // the folder of the lessons' Markdown
	Transcripts  string // the folder of the transcripts they quote
	Style        string // the playground's style sheet, which the lessons' starts from
	RemoteImages bool   // let lessons show images from http(s) URLs
}

// writeLessons builds every lesson into p.Out/NAME.html, with an index
// and lessons.css, and reports on log what it wrote and what it found.
func writeLessons(ctx context.Context, p lessonPages, log io.Writer) error {
	base, err := os.ReadFile(p.Style)
	if err != nil {
		return err
	}

	// Build everything before writing anything, so that a lesson with a
	// mistake leaves the folder as it was.
	built, figureCSS, findings, err := buildLessons(ctx, p.Lessons, p.Transcripts, log, func(string) lesson.Config {
		return lesson.Config{RemoteImages: p.RemoteImages}
	})
	if err != nil {
		return err
	}

	written := map[string][]byte{}
	css := string(base) + "\n" + lesson.StyleSheet + "\n" + figureCSS + "\n"
	if strings.Contains(strings.ToLower(css), "</style") {
		return errors.New("a style sheet contains </style")
	}
	written["lessons.css"] = []byte(css)
	written["favicon.svg"] = web.Favicon()
	written["progress.js"] = web.LessonProgressScript() // the exercises' state, from the playground's localStorage
	csp := lessonCSP(p.RemoteImages)
	var entries []indexEntry
	for i, l := range built {
		v := pageView{Title: l.info.Title, Body: template.HTML(l.body), CSP: csp}
		if i > 0 {
			v.Prev = &indexEntry{Href: built[i-1].name + ".html", Title: built[i-1].info.Title}
		}
		if i+1 < len(built) {
			v.Next = &indexEntry{Href: built[i+1].name + ".html", Title: built[i+1].info.Title}
		}
		var b bytes.Buffer
		if err := pages.ExecuteTemplate(&b, "lesson", v); err != nil {
			return fmt.Errorf("%s: %w", l.name, err)
		}
		written[l.name+".html"] = b.Bytes()
		entries = append(entries, indexEntry{Href: l.name + ".html", Title: l.info.Title, Summary: l.info.Summary})
	}
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, "index", indexView{Entries: entries, CSP: csp}); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	written["index.html"] = b.Bytes()

	if err := os.MkdirAll(p.Out, 0o755); err != nil {
		return err
	}
	names := make([]string, 0, len(written))
	for n := range written {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(p.Out, n), written[n], 0o644); err != nil {
			return err
		}
	}
	printFindings(log, findings)
	fmt.Fprintf(log, "a2aplay docs: %s into %s", count(len(built), "lesson"), lesson.Printable(p.Out))
	if len(findings) > 0 {
		fmt.Fprintf(log, "; %s to look at (shown beside their figures)", count(len(findings), "finding"))
	}
	fmt.Fprintln(log)
	return nil
}

// A builtLesson is one lesson converted to HTML.
type builtLesson struct {
	name string // the file name without .md
	info *lesson.Info
	body []byte
}

// buildLessons converts every lesson of the folder src, in name order,
// quoting the transcripts of the folder dir; config gives each lesson
// (by name) its Config, whose Resolver it sets. Mistakes are printed to
// out and make it fail; findings are returned for the caller to print.
func buildLessons(ctx context.Context, src, dir string, out io.Writer, config func(name string) lesson.Config) (built []builtLesson, figureCSS string, findings lesson.ErrorList, err error) {
	files, err := filepath.Glob(filepath.Join(src, "*.md"))
	if err != nil {
		return nil, "", nil, err
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, "", nil, fmt.Errorf("no lessons in %s", src)
	}
	res := &transcriptDir{dir: dir, cache: map[string]*replay.Transcript{}}
	var errs lesson.ErrorList
	for _, file := range files {
		if err := ctx.Err(); err != nil {
			return nil, "", nil, err
		}
		md, err := os.ReadFile(file)
		if err != nil {
			return nil, "", nil, err
		}
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		c := config(name)
		c.Resolver = res
		var body bytes.Buffer
		info, err := lesson.Convert(md, file, c, &body)
		var list lesson.ErrorList
		switch {
		case errors.As(err, &list):
			errs = append(errs, list...)
			continue
		case err != nil:
			return nil, "", nil, err
		}
		findings = append(findings, info.Findings...)
		if info.Title == "" {
			errs = append(errs, &lesson.Error{File: file, Line: 1, Msg: "a lesson starts with a level-1 heading, its title"})
			continue
		}
		if info.FigureCSS != "" {
			figureCSS = info.FigureCSS
		}
		built = append(built, builtLesson{name, info, body.Bytes()})
	}
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(out, e)
		}
		return nil, "", nil, fmt.Errorf("%d mistakes in the lessons; nothing written", len(errs))
	}
	return built, figureCSS, findings, nil
}

// printFindings prints the findings of the lessons, one a line.
func printFindings(out io.Writer, findings lesson.ErrorList) {
	for _, f := range findings {
		fmt.Fprintf(out, "%s:%d: finding: %s\n", lesson.Printable(f.File), f.Line, lesson.Printable(f.Msg))
	}
}

// transcriptDir resolves a lesson's source "transcripts/NAME.http" to
// NAME.http in a folder; nothing outside that folder can be named. The
// tutorial's upstream pages name the same file capture/out/NAME.http
// (and capture/out/NAME.events.json, which package lesson derives from
// the .http).
type transcriptDir struct {
	dir   string
	cache map[string]*replay.Transcript
}

func (r *transcriptDir) Transcript(source string) (*replay.Transcript, error) {
	name := path.Base(source)
	if clean := path.Clean(source); clean != name && clean != "transcripts/"+name && clean != "capture/out/"+name {
		return nil, fmt.Errorf("source %q: name a transcript as transcripts/NAME.http or capture/out/NAME.http", source)
	}
	if !strings.HasSuffix(name, ".http") || strings.HasPrefix(name, ".") {
		return nil, fmt.Errorf("source %q: name a .http transcript", source)
	}
	if t, ok := r.cache[name]; ok {
		return t, nil
	}
	file := filepath.Join(r.dir, name)
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("source %q: %w", source, err)
	}
	t, err := replay.Parse(data, file)
	if err != nil {
		return nil, err
	}
	r.cache[name] = t
	return t, nil
}

type indexEntry struct {
	Href, Title, Summary string
}

type pageView struct {
	Title      string
	Body       template.HTML // the lesson's HTML from package lesson: escaped there
	Prev, Next *indexEntry
	CSP        string
}

type indexView struct {
	Entries []indexEntry
	CSP     string
}

type headView struct{ Title, CSP string }

// lessonCSP is the Content-Security-Policy every lesson page carries in
// a meta element, so that it holds wherever the pages are served from
// (or opened from disk): no frame, no connection, no inline script;
// the one script, styles and images from the pages' own origin (and
// http(s) images with -remote-images).
func lessonCSP(remoteImages bool) string {
	img := "'self'"
	if remoteImages {
		img += " https: http:"
	}
	return "default-src 'none'; script-src 'self'; style-src 'self'; img-src " + img + "; base-uri 'none'; form-action 'none'"
}

// The pages load one style sheet, their icon and one script of their
// own (progress.js: beside each exercise, whether the learner has done
// it in Live, as the playground's localStorage says), and nothing else:
// no font, nothing remote. Links are relative, so the folder works from
// disk.
var pages = template.Must(template.New("pages").Funcs(template.FuncMap{
	"head": func(title, csp string) headView { return headView{title, csp} },
}).Parse(`
{{- define "head" -}}
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{{.Title}}</title>
<link rel="stylesheet" href="lessons.css">
<link rel="icon" type="image/svg+xml" href="favicon.svg">
<script src="progress.js" defer></script>
</head>
<body class="lesson-page">
{{end}}

{{- define "top" -}}
<header class="top">
  <a class="brand" href="../index.html"><span class="logo" aria-hidden="true">a2a</span><span class="name">play</span>
  <span class="tagline">A2A interrupted states, step by step</span></a>
  <nav class="lesson-nav" aria-label="Site">
    <a href="index.html"{{if .}} aria-current="page"{{end}}>Lessons</a>
    <a href="../index.html">Replay</a>
  </nav>
</header>
{{end}}

{{- define "lesson" -}}
{{template "head" (head (printf "%s · a2aplay lessons" .Title) .CSP)}}
{{- template "top" false -}}
<main class="lesson">
{{.Body}}</main>
<nav class="lesson-foot" aria-label="Lessons">
  <span>{{with .Prev}}← <a href="{{.Href}}">{{.Title}}</a>{{end}}</span>
  <span>{{with .Next}}<a href="{{.Href}}">{{.Title}}</a> →{{end}}</span>
</nav>
</body>
</html>
{{end}}

{{- define "index" -}}
{{template "head" (head "Lessons · a2aplay" .CSP)}}
{{- template "top" true -}}
<main class="lesson">
<h1>Lessons</h1>
<p>Each lesson reads a captured exchange of the kit's agents frame by frame, links every quote to its step in the replayer, and ends with exercises to play in Live.</p>
<ol class="lesson-list">
{{- range .Entries}}
<li><a href="{{.Href}}">{{.Title}}</a>{{with .Summary}}<p>{{.}}</p>{{end}}</li>
{{- end}}
</ol>
</main>
</body>
</html>
{{end}}`))
