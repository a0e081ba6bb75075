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
	// fits lessons built into a lessons/ folder beside the page.
	Replayer string
}

func (c *Config) replayer() string {
	if c.Replayer == "" {
		return "../index.html"
	}
	return c.Replayer
}

// ReplayLink returns the link to step (1-based; 0 for the overview) of
// the named transcript in the replayer.
func (c *Config) ReplayLink(transcript string, step int) string {
	s := c.replayer() + "#t=" + url.QueryEscape(transcript)
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

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

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
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	info := describe(doc, src)
	info.FigureCSS, _ = pc.Get(cssKey).(string)
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
	errorsKey = parser.NewContextKey()
	cssKey    = parser.NewContextKey()
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
	defer func() { pc.Set(cssKey, srcs.css) }()
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
		}
	}
	// Citation errors were recorded while inlines were parsed; merge all
	// errors into source order.
	var all []blockError
	all = append(all, collected(pc)...)
	for _, b := range blocks {
		all = append(all, b.fenceData().errs...)
	}
	sortErrors(all)
	pc.Set(errorsKey, all)
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
