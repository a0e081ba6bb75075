package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
)

func init() {
	register(&command{
		name:    "docs",
		summary: "build the lessons (web/lessons/*.md) into static HTML pages",
		run:     runDocs,
	})
}

func runDocs(ctx context.Context, fs *flag.FlagSet, args []string) error {
	out := fs.String("out", "site/lessons", "folder to write the lesson pages into")
	src := fs.String("lessons", "web/lessons", "folder of the lessons' Markdown")
	dir := fs.String("transcripts", "transcripts", "folder of the transcripts the lessons quote")
	style := fs.String("style", "web/style.css", "the playground's style sheet, which the lessons' sheet starts from")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay docs [-out site/lessons] [-lessons web/lessons] [-transcripts transcripts] [-style web/style.css]")
		fmt.Fprintln(fs.Output(), "\nBuilds every lesson into OUT/NAME.html, an index at OUT/index.html and")
		fmt.Fprintln(fs.Output(), "OUT/lessons.css. Pages link the playground as ../index.html and load nothing")
		fmt.Fprintln(fs.Output(), "remote and no script. Any mistake in a lesson is printed as file:line and")
		fmt.Fprintln(fs.Output(), "nothing is written.")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{"docs takes no arguments"}
	}
	files, err := filepath.Glob(filepath.Join(*src, "*.md"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	if len(files) == 0 {
		return fmt.Errorf("no lessons in %s", *src)
	}
	base, err := os.ReadFile(*style)
	if err != nil {
		return err
	}

	// Build everything before writing anything, so that a lesson with a
	// mistake leaves the folder as it was.
	res := &transcriptDir{dir: *dir, cache: map[string]*replay.Transcript{}}
	type page struct {
		name string
		info *lesson.Info
		body []byte
	}
	var built []page
	var errs lesson.ErrorList
	figureCSS := ""
	for _, file := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		md, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		var body bytes.Buffer
		info, err := lesson.Convert(md, file, lesson.Config{Resolver: res}, &body)
		var list lesson.ErrorList
		switch {
		case errors.As(err, &list):
			errs = append(errs, list...)
			continue
		case err != nil:
			return err
		}
		if info.Title == "" {
			errs = append(errs, &lesson.Error{File: file, Line: 1, Msg: "a lesson starts with a level-1 heading, its title"})
			continue
		}
		if info.FigureCSS != "" {
			figureCSS = info.FigureCSS
		}
		built = append(built, page{strings.TrimSuffix(filepath.Base(file), ".md"), info, body.Bytes()})
	}
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(fs.Output(), e)
		}
		return fmt.Errorf("%d mistakes in the lessons; nothing written", len(errs))
	}

	written := map[string][]byte{}
	css := string(base) + "\n" + lesson.StyleSheet + "\n" + figureCSS + "\n"
	if strings.Contains(strings.ToLower(css), "</style") {
		return errors.New("a style sheet contains </style")
	}
	written["lessons.css"] = []byte(css)
	var entries []indexEntry
	for i, p := range built {
		v := pageView{Title: p.info.Title, Body: template.HTML(p.body)}
		if i > 0 {
			v.Prev = &indexEntry{Href: built[i-1].name + ".html", Title: built[i-1].info.Title}
		}
		if i+1 < len(built) {
			v.Next = &indexEntry{Href: built[i+1].name + ".html", Title: built[i+1].info.Title}
		}
		var b bytes.Buffer
		if err := pages.ExecuteTemplate(&b, "lesson", v); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		written[p.name+".html"] = b.Bytes()
		entries = append(entries, indexEntry{Href: p.name + ".html", Title: p.info.Title, Summary: p.info.Summary})
	}
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, "index", entries); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	written["index.html"] = b.Bytes()

	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	names := make([]string, 0, len(written))
	for n := range written {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(*out, n), written[n], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(fs.Output(), "a2aplay docs: %d lessons into %s\n", len(built), *out)
	return nil
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
}

// The pages load one style sheet and nothing else: no script, no font,
// nothing remote. Links are relative, so the folder works from disk.
var pages = template.Must(template.New("pages").Parse(`
{{- define "head" -}}
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{{.}}</title>
<link rel="stylesheet" href="lessons.css">
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
{{template "head" (printf "%s · a2aplay lessons" .Title)}}
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
{{template "head" "Lessons · a2aplay"}}
{{- template "top" true -}}
<main class="lesson">
<h1>Lessons</h1>
<p>Each lesson reads a captured exchange of the kit's agents frame by frame, links every quote to its step in the replayer, and ends with an exercise to play live.</p>
<ol class="lesson-list">
{{- range .}}
<li><a href="{{.Href}}">{{.Title}}</a>{{with .Summary}}<p>{{.}}</p>{{end}}</li>
{{- end}}
</ol>
</main>
</body>
</html>
{{end}}`))
