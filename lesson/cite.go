package lesson

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// SpecURL is the published A2A specification that spec citations link to.
const SpecURL = "https://a2a-protocol.org/latest/specification/"

// KindCite is the node kind of a citation.
var KindCite = ast.NewNodeKind("Cite")

// A Cite is an inline citation, {{spec §7.6.1}}, {{proto TaskState}} or
// {{sdk-go internal/taskupdate/final.go}}: a source kind and a reference
// within it.
type Cite struct {
	ast.BaseInline
	Source string // "spec", "proto", "sdk", "sdk-go", "rfc"
	Ref    string // "§7.6.1", "TaskState", a file path
}

// Kind implements ast.Node.
func (n *Cite) Kind() ast.NodeKind { return KindCite }

// Dump implements ast.Node.
func (n *Cite) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Source": n.Source, "Ref": n.Ref}, nil)
}

// Label is the citation's text as the reader sees it: "spec §7.6.1".
func (n *Cite) Label() string { return n.Source + " " + n.Ref }

// Section returns the section number of a spec citation ("7.6.1"), or
// "" for any other citation.
func (n *Cite) Section() string {
	if n.Source != "spec" {
		return ""
	}
	return strings.TrimPrefix(n.Ref, "§")
}

// URL is where the citation links to: the spec section for spec
// citations, "" for the others, which are shown as cited text.
func (n *Cite) URL() string {
	if n.Source != "spec" {
		return ""
	}
	return SpecSectionURL(n.Section())
}

var (
	citeSourceRE  = regexp.MustCompile(`^(spec|proto|rfc|sdk(-[a-z0-9]+)*)$`)
	specSectionRE = regexp.MustCompile(`^§[1-9][0-9]*(\.[1-9][0-9]*)*$`)
)

// parseCite reads "kind ref" (the text between the braces) and says what
// is wrong with it, if anything.
func parseCite(s string) (source, ref, problem string) {
	source, ref, _ = strings.Cut(strings.TrimSpace(s), " ")
	ref = strings.TrimSpace(ref)
	switch {
	case !citeSourceRE.MatchString(source):
		return source, ref, "unknown citation source " + quote(source) + " (want spec, proto, rfc, sdk or sdk-LANG)"
	case ref == "":
		return source, ref, "citation " + quote(source) + " names nothing"
	case source == "spec" && !specSectionRE.MatchString(ref):
		return source, ref, "spec citation " + quote(ref) + " is not a section like §7.6.1"
	}
	return source, ref, ""
}

func quote(s string) string { return `"` + s + `"` }

// citeParser parses {{...}} citations.
type citeParser struct{}

func (citeParser) Trigger() []byte { return []byte{'{'} }

// maxCite bounds how far a citation may run: "}}" is looked for only
// this far, so a line of many "{" costs linear time, not quadratic.
const maxCite = 256

func (citeParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if !bytes.HasPrefix(line, []byte("{{")) {
		return nil
	}
	window := line[:min(len(line), maxCite)]
	end := bytes.Index(window, []byte("}}"))
	if end < 0 {
		// An unclosed "{{spec ..." is a typo worth reporting; any other
		// "{{" is just text.
		word, _, _ := strings.Cut(strings.TrimSpace(string(window[2:])), " ")
		if citeSourceRE.MatchString(word) {
			addError(pc, blockError{seg.Start, "citation not closed with }} on its line"})
		}
		return nil
	}
	source, ref, problem := parseCite(string(line[2:end]))
	if problem != "" {
		addError(pc, blockError{seg.Start, problem})
		return nil // shown as the text it is
	}
	block.Advance(end + 2)
	return &Cite{Source: source, Ref: ref}
}

// specTitles holds the titles of the spec sections lessons cite, so
// their links can carry the anchor the published page uses. The titles
// are those of the specification's docs/specification.md; a section not
// listed links to the top of the page rather than to a guessed anchor.
var specTitles = map[string]string{
	"3.1.1":  "Send Message",
	"3.1.2":  "Send Streaming Message",
	"3.1.3":  "Get Task",
	"3.1.4":  "List Tasks",
	"3.1.5":  "Cancel Task",
	"3.1.6":  "Subscribe to Task",
	"3.1.7":  "Create Push Notification Config",
	"3.2.2":  "SendMessageConfiguration",
	"3.2.3":  "Stream Response",
	"3.2.4":  "History Length Semantics",
	"3.3.1":  "Idempotency",
	"3.3.2":  "Error Handling",
	"3.3.4":  "Capability Validation",
	"3.4":    "Multi-Turn Interactions",
	"3.4.1":  "Context Identifier Semantics",
	"3.4.2":  "Task Identifier Semantics",
	"3.4.3":  "Multi-Turn Conversation Patterns",
	"3.5.2":  "Streaming Event Delivery",
	"3.6":    "Versioning",
	"3.6.1":  "Client Responsibilities",
	"3.6.2":  "Server Responsibilities",
	"4.1.1":  "Task",
	"4.1.2":  "TaskStatus",
	"4.1.3":  "TaskState",
	"4.1.4":  "Message",
	"4.1.5":  "Role",
	"4.1.6":  "Part",
	"4.1.7":  "Artifact",
	"4.2.1":  "TaskStatusUpdateEvent",
	"4.2.2":  "TaskArtifactUpdateEvent",
	"4.4.1":  "AgentCard",
	"5.3":    "Method Mapping Reference",
	"5.4":    "Error Code Mappings",
	"5.5":    "JSON Field Naming Convention",
	"5.6.1":  "Timestamps",
	"5.7":    "Field Presence and Optionality",
	"7.6":    "In-Task Authorization",
	"7.6.1":  "In-Task Authorization Agent Responsibilities",
	"7.6.2":  "In-Task Authorization Client Responsibilities",
	"7.6.3":  "In-Task Authorization Security Considerations",
	"9":      "JSON-RPC Protocol Binding",
	"9.1":    "Protocol Requirements",
	"9.3":    "Base Request Structure",
	"9.4.2":  "SendStreamingMessage",
	"9.5":    "Error Handling",
	"11":     "HTTP+JSON/REST Protocol Binding",
	"11.1":   "Protocol Requirements",
	"11.6":   "Error Handling",
	"11.7":   "Streaming",
	"14.2.1": "A2A-Version Header",
}

// SpecSectionURL returns the link to a section ("7.6.1") of the
// specification, with the page's anchor when the section's title is
// known.
func SpecSectionURL(section string) string {
	title, ok := specTitles[section]
	if !ok {
		return SpecURL
	}
	return SpecURL + "#" + slug(section+". "+title)
}

// slug makes an anchor the way the specification's site does: drop
// everything but letters, digits, spaces and "-", lower the case, and
// join words with "-".
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '-':
			b.WriteByte('-')
		}
	}
	out := b.String()
	for strings.Contains(out, "--") {
		out = strings.ReplaceAll(out, "--", "-")
	}
	return strings.Trim(out, "-")
}
