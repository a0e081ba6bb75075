package lesson

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/a2aplay/a2aplay/exercise"
	"github.com/a2aplay/a2aplay/replay"
)

// A Resolver finds the transcripts that listings and figures name. The
// lesson package reads no files: the caller decides what a source such
// as "transcripts/07-auth-required.http" means.
type Resolver interface {
	// Transcript returns the transcript named by a block's source key.
	Transcript(source string) (*replay.Transcript, error)
}

// Config configures the extension.
type Config struct {
	// Resolver finds the transcripts blocks quote. Without one, every
	// listing and figure is an error.
	Resolver Resolver
	// Replayer is the URL of the playground page as seen from the
	// rendered lesson; links to a transcript's steps and to Live
	// exercises are made from it. Empty means "../index.html", which
	// fits lessons built into a lessons/ folder beside the page; "#"
	// means the lesson is part of the playground's own page (the
	// offline file), so its links are fragments of that page.
	Replayer string
	// IDPrefix is put before every id the lesson's HTML carries
	// (headings, blocks, the figures' SVG ids), so that several lessons
	// can share one page.
	IDPrefix string
	// LinkMap, when set, rewrites the target of every Markdown link of
	// the lesson, as the page that carries it needs ("#fig" to
	// "#PREFIXfig", "../index.html#t=…" to "#t=…").
	LinkMap func(dest string) string
	// RemoteImages lets a lesson show images from http and https URLs.
	// Without it such an image is an error: lesson pages load nothing
	// remote (their Content-Security-Policy allows images only from
	// their own origin). Images by a relative path are always shown;
	// any other image (data:, file:, an empty link) never is.
	RemoteImages bool
}

func (c *Config) replayer() string {
	if c.Replayer == "" {
		return "../index.html"
	}
	return c.Replayer
}

// InPage returns the Config of lesson name (its file name without .md)
// when it is a section of the playground's own page, as in the offline
// file, where every link must stay in the one file to work from
// file://. The page shows the lesson at #lesson-NAME and the lessons'
// index at #lessons. The lesson's ids get the prefix "l-NAME-"; a link
// to the playground ("../index.html#t=…") becomes the page's own
// fragment; a fragment of the lesson gets the prefix; a link to another
// lesson ("NAME.html", "NAME.html#id") or to the index ("index.html")
// goes to its section.
func InPage(name string) Config {
	prefix := "l-" + name + "-"
	return Config{Replayer: "#", IDPrefix: prefix, LinkMap: func(dest string) string {
		file, frag, hasFrag := strings.Cut(dest, "#")
		switch {
		case file == "" && hasFrag:
			return "#" + prefix + frag
		case file == "../index.html" || file == "../":
			return "#" + frag
		case file == "index.html" && !hasFrag:
			return "#lessons"
		case strings.HasSuffix(file, ".html") && !strings.ContainsAny(file, "/:\\?"):
			other := strings.TrimSuffix(file, ".html")
			if hasFrag {
				return "#l-" + other + "-" + frag
			}
			return "#lesson-" + other
		}
		return dest
	}}
}

// ReplayLink returns the link to step (1-based; 0 for the overview) of
// the named transcript in the replayer.
func (c *Config) ReplayLink(transcript string, step int) string {
	base := c.replayer()
	if base == "#" {
		base = ""
	}
	s := base + "#t=" + url.QueryEscape(transcript)
	if step > 0 {
		s += "&s=" + strconv.Itoa(step)
	}
	return s
}

// TranscriptName returns the name the replayer knows a transcript by:
// the base name of its source without ".http" or ".events.json"
// ("07-auth-required").
func TranscriptName(source string) string {
	b := path.Base(source)
	if IsEventsSource(b) {
		return strings.TrimSuffix(b, eventsSuffix)
	}
	return strings.TrimSuffix(b, ".http")
}

const eventsSuffix = ".events.json"

// IsEventsSource reports whether a block's source names a transcript's
// events file (NAME.events.json) rather than the transcript.
func IsEventsSource(source string) bool { return strings.HasSuffix(source, eventsSuffix) }

// HTTPSource returns the source of the transcript a source names: an
// events file NAME.events.json is derived from NAME.http beside it, so
// the [Resolver] is asked for that; any other source is returned as it
// is.
func HTTPSource(source string) string {
	if IsEventsSource(source) {
		return strings.TrimSuffix(source, eventsSuffix) + ".http"
	}
	return source
}

// An Error is a mistake in a lesson, at a line of its source.
type Error struct {
	File string
	Line int
	Msg  string
}

// Error writes the mistake as "file:line: message", with control
// characters in the file name and the message escaped (see [Printable]).
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s", Printable(e.File), e.Line, Printable(e.Msg))
}

// An ErrorList is every mistake found in a lesson, in source order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Info is what Convert learned about a lesson besides its HTML.
type Info struct {
	Title       string   // text of the first level-1 heading
	Summary     string   // text of the first paragraph
	Transcripts []string // names of the transcripts its blocks use, in order of first use
	// FigureCSS is the diagrams' style sheet, cut out of the figures'
	// SVG so that the page needs no inline <style>; the page's style
	// sheet must carry it. Empty when the lesson has no figure.
	FigureCSS string
	// Findings are sentences of captions and claims that the drawn
	// figure does not bear out (see [Figure]): worth a look, not errors.
	// They are shown beside their figures too.
	Findings ErrorList
	// Exercises are the lesson's exercise blocks that have no mistake,
	// in order.
	Exercises []*exercise.Exercise
}

// Convert renders the lesson src, named name in error messages, to HTML
// on w. The HTML is written even when blocks have errors (each error is
// shown where its block would be); the errors are returned as an
// [ErrorList].
func Convert(src []byte, name string, c Config, w io.Writer) (*Info, error) {
	md := goldmark.New(
		goldmark.WithExtensions(New(c)),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	var opts []parser.ContextOption
	if c.IDPrefix != "" {
		opts = append(opts, parser.WithIDs(prefixedIDs{c.IDPrefix, parser.NewContext().IDs()}))
	}
	pc := parser.NewContext(opts...)
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	info := describe(doc, src)
	info.FigureCSS, _ = pc.Get(cssKey).(string)
	if fs, _ := pc.Get(findingsKey).([]blockError); len(fs) > 0 {
		lines := lineIndex(src)
		for _, e := range fs {
			info.Findings = append(info.Findings, &Error{File: name, Line: lines.line(e.offset), Msg: e.msg})
		}
	}
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		return info, fmt.Errorf("%s: %w", name, err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return info, err
	}
	if errs := Errors(pc, name, src); errs != nil {
		return info, errs
	}
	return info, nil
}

// prefixedIDs makes goldmark's heading ids with a prefix.
type prefixedIDs struct {
	prefix string
	ids    parser.IDs
}

func (p prefixedIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	return append([]byte(p.prefix), p.ids.Generate(value, kind)...)
}

func (p prefixedIDs) Put(value []byte) { p.ids.Put(value) }

// New returns the goldmark extension for the lesson dialect. Use
// [Convert] unless you need a goldmark.Markdown of your own; then read
// the lesson's errors with [Errors] from the parser.Context you passed.
func New(c Config) goldmark.Extender { return &extension{c: c} }

type extension struct{ c Config }

func (e *extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(fenceParser{}, 650)), // before fenced code (700)
		parser.WithInlineParsers(util.Prioritized(citeParser{}, 150)),
		parser.WithASTTransformers(util.Prioritized(&resolver{c: &e.c}, 100)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(&htmlRenderer{c: &e.c}, 100),
	))
}

var (
	errorsKey   = parser.NewContextKey()
	cssKey      = parser.NewContextKey()
	findingsKey = parser.NewContextKey()
)

func addError(pc parser.Context, e blockError) {
	l, _ := pc.Get(errorsKey).([]blockError)
	pc.Set(errorsKey, append(l, e))
}

func collected(pc parser.Context) []blockError {
	l, _ := pc.Get(errorsKey).([]blockError)
	return l
}

// Errors returns the mistakes the extension found while parsing with pc,
// as byte offsets turned into lines of src.
func Errors(pc parser.Context, name string, src []byte) ErrorList {
	errs := collected(pc)
	if len(errs) == 0 {
		return nil
	}
	lines := lineIndex(src)
	list := make(ErrorList, 0, len(errs))
	for _, e := range errs {
		list = append(list, &Error{File: name, Line: lines.line(e.offset), Msg: e.msg})
	}
	return list
}

// resolver is the AST transformer that checks every block's header and
// resolves listings and figures against their transcripts. Errors go to
// the parser context in source order.
type resolver struct{ c *Config }

func (r *resolver) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var blocks []fenced
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(fenced); ok && entering {
			blocks = append(blocks, f)
		}
		return ast.WalkContinue, nil
	})
	srcs := &sources{c: r.c, m: map[string]*source{}}
	exerciseIDs := map[string]bool{}
	defer func() { pc.Set(cssKey, srcs.css) }()
	r.checkImages(doc, pc)
	if r.c.LinkMap != nil {
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if l, ok := n.(*ast.Link); ok && entering {
				l.Destination = []byte(r.c.LinkMap(string(l.Destination)))
			}
			return ast.WalkContinue, nil
		})
	}
	for _, b := range blocks {
		switch n := b.(type) {
		case *Listing:
			n.resolve(srcs)
		case *Figure:
			n.resolve(srcs)
		case *Rule:
			n.check()
		case *Takeaways:
			n.check()
		case *Exercise:
			n.check(exerciseIDs)
		case *Measures:
			n.resolve(srcs)
		}
	}
	checkRows(blocks)
	// Citation errors were recorded while inlines were parsed; merge all
	// errors into source order.
	var all []blockError
	all = append(all, collected(pc)...)
	for _, b := range blocks {
		all = append(all, b.fenceData().errs...)
	}
	sortErrors(all)
	pc.Set(errorsKey, all)
	var finds []blockError
	for _, b := range blocks {
		finds = append(finds, b.fenceData().finds...)
	}
	sortErrors(finds)
	pc.Set(findingsKey, finds)
}

// checkImages reports images a lesson page may not show: remote ones
// (unless Config.RemoteImages), and any whose link is neither a
// relative path nor http(s). The renderer shows such an image as its
// alt text.
func (r *resolver) checkImages(doc *ast.Document, pc parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		img, ok := n.(*ast.Image)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		dest := string(img.Destination)
		switch imageKind(dest) {
		case imageLocal:
		case imageRemote:
			if !r.c.RemoteImages {
				addError(pc, blockError{nodeOffset(img), "image " + quote(dest) + " is remote: lesson pages load nothing remote (allow it with a2aplay docs -remote-images)"})
			}
		default:
			addError(pc, blockError{nodeOffset(img), "image " + quote(dest) + ": link an image by a relative path (or an http(s) URL with -remote-images)"})
		}
		return ast.WalkContinue, nil
	})
}

type imageClass int

const (
	imageNone imageClass = iota // empty, or a scheme other than http(s)
	imageLocal
	imageRemote
)

// imageKind classifies an image link: a relative path, an http(s) URL
// (or one starting "//"), or anything else.
func imageKind(dest string) imageClass {
	d := strings.TrimSpace(dest)
	switch {
	case d == "":
		return imageNone
	case strings.HasPrefix(d, "//") || strings.HasPrefix(d, `\`) || strings.HasPrefix(d, `/\`):
		return imageRemote
	}
	u, err := url.Parse(d)
	if err != nil {
		return imageNone
	}
	switch strings.ToLower(u.Scheme) {
	case "":
		if u.Host != "" || strings.ContainsAny(d, "\x00\t\n\r") {
			return imageNone
		}
		return imageLocal
	case "http", "https":
		return imageRemote
	}
	return imageNone
}

// nodeOffset finds a byte offset of the source for an inline node: its
// first text, or the first line of the block around it.
func nodeOffset(n ast.Node) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if off >= 0 {
		return off
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start
		}
	}
	return 0
}

// A source is a transcript a lesson uses, read once per lesson.
type source struct {
	t     *replay.Transcript
	steps []replay.Step
	err   error
}

type sources struct {
	c       *Config
	m       map[string]*source
	figures int    // figures drawn so far, for unique SVG id prefixes
	css     string // the diagram's style sheet, cut out of the figures
}

// get resolves a block's source key; it returns the transcript and its
// steps, or the resolver's error.
func (s *sources) get(name string) (*source, error) {
	if src, ok := s.m[name]; ok {
		return src, src.err
	}
	src := &source{}
	if s.c.Resolver == nil {
		src.err = fmt.Errorf("no resolver to read %s", name)
	} else if src.t, src.err = s.c.Resolver.Transcript(name); src.err == nil && src.t == nil {
		src.err = fmt.Errorf("no transcript %s", name)
	}
	if src.err == nil {
		src.steps = replay.Steps(src.t)
	}
	s.m[name] = src
	return src, src.err
}

func sortErrors(l []blockError) {
	// Insertion sort keeps equal offsets in the order they were found.
	for i := 1; i < len(l); i++ {
		for j := i; j > 0 && l[j].offset < l[j-1].offset; j-- {
			l[j], l[j-1] = l[j-1], l[j]
		}
	}
}

// lines maps byte offsets to 1-based line numbers.
type lines []int

func lineIndex(src []byte) lines {
	l := lines{0}
	for i, c := range src {
		if c == '\n' {
			l = append(l, i+1)
		}
	}
	return l
}

func (l lines) line(offset int) int {
	lo, hi := 0, len(l)
	for lo+1 < hi {
		m := (lo + hi) / 2
		if l[m] <= offset {
			lo = m
		} else {
			hi = m
		}
	}
	return lo + 1
}

// describe finds the title, summary and transcripts of a lesson.
func describe(doc ast.Node, src []byte) *Info {
	info := &Info{}
	seen := map[string]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level == 1 && info.Title == "" {
				info.Title = plainText(n, src)
			}
		case *ast.Paragraph:
			if info.Summary == "" && n.Parent() != nil && n.Parent().Kind() == ast.KindDocument {
				info.Summary = plainText(n, src)
			}
		case *Listing:
			if n.transcript != "" && !seen[n.transcript] {
				seen[n.transcript] = true
				info.Transcripts = append(info.Transcripts, n.transcript)
			}
		case *Figure:
			if n.transcript != "" && !seen[n.transcript] {
				seen[n.transcript] = true
				info.Transcripts = append(info.Transcripts, n.transcript)
			}
		case *Measures:
			for _, src := range n.Sources {
				if t := TranscriptName(src); !seen[t] {
					seen[t] = true
					info.Transcripts = append(info.Transcripts, t)
				}
			}
		case *Exercise:
			if len(n.errs) == 0 {
				info.Exercises = append(info.Exercises, &n.Exercise)
			}
		}
		return ast.WalkContinue, nil
	})
	return info
}

// plainText is the text of n's inline content, without markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *Cite:
			b.WriteString("(" + c.Label() + ")")
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
