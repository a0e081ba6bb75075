package lesson

import (
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/spec"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// SpecURL is the published A2A specification that spec citations link to.
const SpecURL = spec.URL

// KindCite is the node kind of a citation.
var KindCite = ast.NewNodeKind("Cite")

// A Cite is an inline citation, {{spec §7.6.1}}, {{proto TaskState}} or
// {{sdk-go internal/taskupdate/final.go at v2.6.0}}: a source kind and
// a reference within it.
type Cite struct {
	ast.BaseInline
	Source string // "spec", "proto", "rfc", "sdk", "sdk-go", "sdk-java", …
	Ref    string // "§7.6.1", "TaskState", "9110", a file path, "PATH at VERSION"
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

// URL is where the citation links to (see [CiteURL]).
func (n *Cite) URL() string { return CiteURL(n.Source, n.Ref) }

// SDKRepos maps the SDK citation kinds to their repositories: "sdk" is
// the Python SDK, "sdk-LANG" the SDK of that language.
var SDKRepos = map[string]string{
	"sdk":        "https://github.com/a2aproject/a2a-python",
	"sdk-python": "https://github.com/a2aproject/a2a-python",
	"sdk-go":     "https://github.com/a2aproject/a2a-go",
	"sdk-java":   "https://github.com/a2aproject/a2a-java",
	"sdk-js":     "https://github.com/a2aproject/a2a-js",
	"sdk-dotnet": "https://github.com/a2aproject/a2a-dotnet",
	"sdk-rust":   "https://github.com/a2aproject/a2a-rs",
}

// ProtoURL is the specification's proto file that proto citations link
// to, at the release whose section numbers the lessons cite.
const ProtoURL = "https://github.com/a2aproject/A2A/blob/v1.0.1/specification/a2a.proto"

// protoLines holds the line of each top-level message, enum and service
// of a2a.proto at v1.0.1, so that a proto citation links to its
// definition; a name not listed links to the top of the file.
var protoLines = map[string]int{
	"A2AService": 19, "SendMessageConfiguration": 143, "Task": 167, "TaskState": 187,
	"TaskStatus": 211, "Part": 224, "Role": 245, "Message": 260, "Artifact": 280,
	"TaskStatusUpdateEvent": 296, "TaskArtifactUpdateEvent": 308, "AuthenticationInfo": 325,
	"AgentInterface": 336, "AgentCard": 361, "AgentProvider": 401, "AgentCapabilities": 411,
	"AgentExtension": 423, "AgentSkill": 435, "AgentCardSignature": 456,
	"TaskPushNotificationConfig": 469, "SecurityScheme": 503, "SendMessageRequest": 648,
	"GetTaskRequest": 661, "ListTasksRequest": 675, "ListTasksResponse": 703,
	"CancelTaskRequest": 715, "SubscribeToTaskRequest": 748, "SendMessageResponse": 779,
	"StreamResponse": 790,
}

// CiteURL returns where a citation links: a spec section to the
// published specification (with the section's anchor when its title is
// known, see [SpecSectionURL]); a proto name to its definition in
// a2a.proto; an RFC to the RFC Editor; an SDK file to the file in the
// SDK's repository at the cited version ("PATH at VERSION"), or on its
// default branch when no version is cited. It returns "" for a kind it
// cannot place (an SDK of an unknown language), which is shown as text.
func CiteURL(source, ref string) string {
	switch source {
	case "spec":
		return SpecSectionURL(strings.TrimPrefix(ref, "§"))
	case "proto":
		if l, ok := protoLines[ref]; ok {
			return ProtoURL + "#L" + strconv.Itoa(l)
		}
		return ProtoURL
	case "rfc":
		return "https://www.rfc-editor.org/rfc/rfc" + ref
	}
	repo, ok := SDKRepos[source]
	if !ok {
		return ""
	}
	file, version := SDKRef(ref)
	if version == "" {
		version = "HEAD"
	}
	return repo + "/blob/" + url.PathEscape(version) + "/" + escapePath(file)
}

// SDKRef splits an SDK citation's reference, "PATH at VERSION", into
// the file's path and the version (a tag or commit); the version is ""
// when none is cited.
func SDKRef(ref string) (file, version string) {
	if i := strings.LastIndex(ref, " at "); i >= 0 {
		return strings.TrimSpace(ref[:i]), strings.TrimSpace(ref[i+len(" at "):])
	}
	return ref, ""
}

// escapePath escapes each segment of a slash-separated path for a URL.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

var (
	citeSourceRE  = regexp.MustCompile(`^(spec|proto|rfc|sdk(-[a-z0-9]+)*)$`)
	specSectionRE = regexp.MustCompile(`^§([1-9][0-9]*|[A-Z])(\.[1-9][0-9]*)*$`) // §7.6.1, or an appendix's §A.2.1
	protoNameRE   = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*(\.[A-Z][A-Za-z0-9_]*)*$`)
	rfcNumberRE   = regexp.MustCompile(`^[1-9][0-9]{0,4}$`)
	sdkFileRE     = regexp.MustCompile(`^[A-Za-z0-9_.@+-]+(/[A-Za-z0-9_.@+-]+)*( at [A-Za-z0-9_.+-]+)?$`)
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
	case source == "proto" && !protoNameRE.MatchString(ref):
		return source, ref, "proto citation " + quote(ref) + " is not a message or enum name like TaskState"
	case source == "rfc" && !rfcNumberRE.MatchString(ref):
		return source, ref, "rfc citation " + quote(ref) + " is not an RFC number like 9110"
	case strings.HasPrefix(source, "sdk") && !sdkFileRE.MatchString(ref):
		return source, ref, source + " citation " + quote(ref) + " is not a file path, optionally followed by \"at VERSION\""
	case strings.HasPrefix(source, "sdk") && SDKRepos[source] == "":
		return source, ref, "unknown SDK " + quote(source) + " (known: " + sdkList() + ")"
	}
	return source, ref, ""
}

func sdkList() string {
	names := make([]string, 0, len(SDKRepos))
	for k := range SDKRepos {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// quote quotes s for a message, Go-style: control characters, and any
// byte that is not valid UTF-8, are written as escapes, so a lesson
// cannot send a terminal its own escape sequences through an error.
func quote(s string) string { return strconv.Quote(s) }

// Printable returns s with control characters and bytes that are not
// UTF-8 escaped as Go would quote them (\x1b, \u202e), everything else
// as it is: what a command prints of a lesson, a file name or a
// capture cannot drive the terminal.
func Printable(s string) string { return escapeControls(s) }

// escapeControls writes control characters (C0, DEL, C1, and the
// Unicode format controls that reorder text) and bytes that are not
// UTF-8 as Go escapes; everything else is kept as it is.
func escapeControls(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

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

// SpecSectionURL returns the link to a section ("7.6.1") of the
// specification (spec.SectionURL).
func SpecSectionURL(section string) string { return spec.SectionURL(section) }
