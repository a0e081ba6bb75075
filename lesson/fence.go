package lesson

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The block kinds of the dialect, by their info string.
const (
	infoListing   = "listing"
	infoFigure    = "figure"
	infoRule      = "rule"
	infoTakeaways = "takeaways"
	infoExercise  = "exercise"
	infoMeasures  = "measures"
)

// A Field is one "key: value" line of a block's header.
type Field struct {
	Key, Value string
	Offset     int // byte offset of the line in the lesson source
}

// fence is what every dialect block shares: the fence that opened it,
// its header and the errors found while parsing it. Its body, if any, is
// the node's children, parsed as ordinary Markdown.
type fence struct {
	info     string
	char     byte
	length   int
	offset   int // byte offset of the opening fence line
	inHeader bool
	sawRule  bool // the "---" line was seen
	header   []Field
	errs     []blockError
	finds    []blockError // findings: text to look at, not errors
	// body holds a listing's or a measures block's body lines as
	// written: quoted text or a table, not Markdown, so it never becomes
	// child nodes.
	body []bodyLine
}

// A bodyLine is one raw line of a listing's body, with the byte offset
// of its first character in the lesson source.
type bodyLine struct {
	text   string // without the line break
	offset int
}

// A blockError is an error at a byte offset of the lesson source; the
// offset becomes a line when the lesson's errors are collected.
type blockError struct {
	offset int
	msg    string
}

func (f *fence) errorf(offset int, format string, args ...any) {
	f.errs = append(f.errs, blockError{offset, fmt.Sprintf(format, args...)})
}

// fenced is implemented by the dialect's block nodes.
type fenced interface {
	ast.Node
	fenceData() *fence
}

func (f *fence) fenceData() *fence { return f }

// Offset is the byte offset of the block's opening fence in the source.
func (f *fence) Offset() int { return f.offset }

// Header returns the block's header fields in order.
func (f *fence) Header() []Field { return f.header }

// get returns the value of a header key and whether it was given.
func (f *fence) get(key string) (Field, bool) {
	for _, fl := range f.header {
		if fl.Key == key {
			return fl, true
		}
	}
	return Field{}, false
}

// fenceParser opens ```listing, ```figure, ```rule, ```takeaways,
// ```exercise and ```measures blocks. It runs before goldmark's fenced code block parser and leaves
// every other fence to it.
type fenceParser struct{}

func (fenceParser) Trigger() []byte { return []byte{'`', '~'} }

func (fenceParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos >= len(line) || (line[pos] != '`' && line[pos] != '~') {
		return nil, parser.NoChildren
	}
	// Dialect blocks do not nest: inside one, a fence is ordinary code.
	// (Nesting would also let a lesson open thousands of containers that
	// every later line has to pass through.)
	for p := parent; p != nil; p = p.Parent() {
		if _, ok := p.(fenced); ok {
			return nil, parser.NoChildren
		}
	}
	char := line[pos]
	i := pos
	for i < len(line) && line[i] == char {
		i++
	}
	if i-pos < 3 {
		return nil, parser.NoChildren
	}
	info := string(bytes.TrimSpace(line[i:]))
	var n fenced
	switch info {
	case infoListing:
		n = &Listing{}
	case infoFigure:
		n = &Figure{}
	case infoRule:
		n = &Rule{}
	case infoTakeaways:
		n = &Takeaways{}
	case infoExercise:
		n = &Exercise{}
	case infoMeasures:
		n = &Measures{}
	default:
		return nil, parser.NoChildren // an ordinary fenced code block
	}
	f := n.fenceData()
	*f = fence{info: info, char: char, length: i - pos, offset: seg.Start - seg.Padding, inHeader: true}
	reader.AdvanceToEOL()
	return n, parser.HasChildren
}

func (fenceParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n, ok := node.(fenced)
	if !ok {
		return parser.Close
	}
	f := n.fenceData()
	line, seg := reader.PeekLine()
	if isClosingFence(line, reader.LineOffset(), f) {
		reader.AdvanceToEOL()
		return parser.Close
	}
	if !f.inHeader {
		if f.rawBody() {
			f.addBody(line, seg.Start)
			reader.AdvanceToEOL()
			return parser.Continue | parser.NoChildren
		}
		return parser.Continue | parser.HasChildren
	}
	trimmed := strings.TrimSpace(string(line))
	switch {
	case trimmed == "":
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	case trimmed == "---":
		f.inHeader, f.sawRule = false, true
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	case isHeaderLine(trimmed):
		k, v, _ := strings.Cut(trimmed, ":")
		f.header = append(f.header, Field{Key: k, Value: strings.TrimSpace(v), Offset: seg.Start - seg.Padding})
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	default:
		// The body starts without a "---". That is fine for a block
		// without a header (takeaways are often just a list); after
		// header lines it is a mistake.
		if len(f.header) > 0 {
			f.errorf(seg.Start, "%s: want a %q line between the header and the body, or a header line \"key: value\"", f.info, "---")
		}
		f.inHeader = false
		if f.rawBody() {
			f.addBody(line, seg.Start)
			reader.AdvanceToEOL()
			return parser.Continue | parser.NoChildren
		}
		return parser.Continue | parser.HasChildren
	}
}

// rawBody says whether the block's body is kept as written (a
// listing's quote, a measures block's table) rather than parsed as
// Markdown.
func (f *fence) rawBody() bool { return f.info == infoListing || f.info == infoMeasures }

func (f *fence) addBody(line []byte, offset int) {
	t := strings.TrimRight(string(line), "\r\n")
	f.body = append(f.body, bodyLine{text: t, offset: offset})
}

// bodyText returns a listing's body as one text, with blank lines at
// its start and end dropped, and a function that maps a byte index of
// that text back to an offset in the lesson source.
func (f *fence) bodyText() (string, func(int) int) {
	lines := f.body
	for len(lines) > 0 && strings.TrimSpace(lines[0].text) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1].text) == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	starts := make([]int, len(lines))
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		starts[i] = b.Len()
		b.WriteString(l.text)
	}
	at := func(i int) int {
		if len(lines) == 0 {
			return f.offset
		}
		k := sort.Search(len(starts), func(j int) bool { return starts[j] > i }) - 1
		if k < 0 {
			k = 0
		}
		return lines[k].offset + min(i-starts[k], len(lines[k].text))
	}
	return b.String(), at
}

func (fenceParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (fenceParser) CanInterruptParagraph() bool { return true }

func (fenceParser) CanAcceptIndentedLine() bool { return false }

func isClosingFence(line []byte, lineOffset int, f *fence) bool {
	w, pos := util.IndentWidth(line, lineOffset)
	if w >= 4 {
		return false
	}
	i := pos
	for i < len(line) && line[i] == f.char {
		i++
	}
	return i-pos >= f.length && util.IsBlank(line[i:])
}

// isHeaderLine reports whether s reads "key: value" with a key of lower
// case letters, digits and "-", starting with a letter.
func isHeaderLine(s string) bool {
	k, _, ok := strings.Cut(s, ":")
	return ok && isKey(k)
}

func isKey(k string) bool {
	if k == "" || k[0] < 'a' || k[0] > 'z' {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// checkHeader reports unknown and repeated keys and missing required
// ones. allowed maps each known key to whether it is required.
func (f *fence) checkHeader(allowed map[string]bool) { f.checkHeaderRepeat(allowed, nil) }

// checkHeaderRepeat is checkHeader for a block whose keys in repeatable
// may be given more than once.
func (f *fence) checkHeaderRepeat(allowed, repeatable map[string]bool) {
	seen := map[string]bool{}
	for _, fl := range f.header {
		if _, ok := allowed[fl.Key]; !ok {
			f.errorf(fl.Offset, "%s: unknown key %q (known: %s)", f.info, fl.Key, keyList(allowed))
			continue
		}
		if seen[fl.Key] && !repeatable[fl.Key] {
			f.errorf(fl.Offset, "%s: key %q given twice", f.info, fl.Key)
		}
		seen[fl.Key] = true
		if fl.Value == "" {
			f.errorf(fl.Offset, "%s: key %q has no value", f.info, fl.Key)
		}
	}
	var missing []string
	for k, required := range allowed {
		if required && !seen[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		f.errorf(f.offset, "%s: missing key %q", f.info, k)
	}
}

func keyList(m map[string]bool) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}
