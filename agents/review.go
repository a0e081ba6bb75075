package agents

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// A Review is what the code-reviewer computes from a diff; it travels as
// the data part of the review.json artifact.
type Review struct {
	Repository string       `json:"repository"`
	Base       string       `json:"base"`
	Files      []FileChange `json:"files"`
	Totals     Totals       `json:"totals"`
	Findings   []Finding    `json:"findings"`
}

// A FileChange is one file of a diff.
type FileChange struct {
	Path    string `json:"path"`
	OldPath string `json:"oldPath,omitempty"` // set when renamed or copied
	// Change is "added", "deleted", "renamed", "copied" or "modified".
	Change  string `json:"change"`
	Binary  bool   `json:"binary,omitempty"`
	Added   int    `json:"added"`
	Removed int    `json:"removed"`
}

// Totals sums a review.
type Totals struct {
	Files    int `json:"files"`
	Added    int `json:"added"`
	Removed  int `json:"removed"`
	Findings int `json:"findings"`
}

// A Finding is one rule that matched a line of the diff.
type Finding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"` // "error", "warning" or "info"
	Path     string `json:"path"`
	// Line is the line number in the new file, or in the old file for
	// rules about removed lines; 0 when the finding is about the file.
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// Severities of findings.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)

// MaxLineLength is the length in characters above which an added line is
// reported by the long-line rule.
const MaxLineLength = 120

// Errors of ReviewDiff. The returned errors wrap one of them and say
// where and what is wrong.
var (
	ErrNoDiff  = errors.New("no unified diff")
	ErrBadDiff = errors.New("the diff does not parse")
)

// ReviewDiff parses a unified diff (as git diff writes it, or diff -u) and
// reviews its added and removed lines with the rules listed in the package
// documentation. It never panics; a diff it cannot read gives an error
// wrapping ErrNoDiff or ErrBadDiff.
func ReviewDiff(repository, base, diff string) (*Review, error) {
	if strings.TrimSpace(diff) == "" {
		return nil, fmt.Errorf("%w: the diff is empty", ErrNoDiff)
	}
	files, err := parseDiff(diff)
	if err != nil {
		return nil, err
	}
	r := &Review{Repository: repository, Base: base, Files: []FileChange{}, Findings: []Finding{}}
	for _, f := range files {
		fc := fileChange(f)
		r.Files = append(r.Files, fc)
		r.Findings = append(r.Findings, reviewFile(f, fc)...)
		r.Totals.Added += fc.Added
		r.Totals.Removed += fc.Removed
	}
	r.Totals.Files = len(r.Files)
	r.Totals.Findings = len(r.Findings)
	return r, nil
}

// parseDiff parses and checks a diff. gitdiff may stop at the first line
// it cannot read and still return the files before it, so a diff is
// accepted only when it parses to the end and each fragment is
// self-consistent.
func parseDiff(diff string) (files []*gitdiff.File, err error) {
	defer func() {
		// gitdiff is well behaved; this guards the agents against a bug in
		// it all the same.
		if r := recover(); r != nil {
			files, err = nil, fmt.Errorf("%w: %v", ErrBadDiff, r)
		}
	}()
	if !strings.HasSuffix(diff, "\n") {
		// A diff cut after its last line still ends that line: only a
		// "\ No newline at end of file" marker takes a newline away.
		diff += "\n"
	}
	files, _, err = gitdiff.Parse(strings.NewReader(diff))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadDiff, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%w: found no file header (expected \"diff --git\" or \"--- a/file\" and \"+++ b/file\" lines)", ErrNoDiff)
	}
	for _, f := range files {
		for _, frag := range f.TextFragments {
			if err := frag.Validate(); err != nil {
				return nil, fmt.Errorf("%w: %s, hunk %s: %w", ErrBadDiff, filePath(f), strings.TrimSpace(frag.Header()), err)
			}
		}
		if filePath(f) == "" {
			return nil, fmt.Errorf("%w: a file header names no file", ErrBadDiff)
		}
	}
	return files, nil
}

func filePath(f *gitdiff.File) string {
	if f.IsDelete || f.NewName == "" {
		return f.OldName
	}
	return f.NewName
}

func fileChange(f *gitdiff.File) FileChange {
	fc := FileChange{Path: filePath(f), Binary: f.IsBinary, Change: "modified"}
	switch {
	case f.IsNew:
		fc.Change = "added"
	case f.IsDelete:
		fc.Change = "deleted"
	case f.IsRename:
		fc.Change = "renamed"
		fc.OldPath = f.OldName
	case f.IsCopy:
		fc.Change = "copied"
		fc.OldPath = f.OldName
	}
	for _, frag := range f.TextFragments {
		fc.Added += int(frag.LinesAdded)
		fc.Removed += int(frag.LinesDeleted)
	}
	return fc
}

// isTestFile reports whether a path names a test by the usual
// conventions of Go, Python, JavaScript and TypeScript, Java and Ruby.
func isTestFile(p string) bool {
	base := path.Base(p)
	switch {
	case strings.HasSuffix(base, "_test.go"),
		strings.HasPrefix(base, "test_") && strings.HasSuffix(base, ".py"),
		strings.HasSuffix(base, "_test.py"),
		strings.Contains(base, ".test."), strings.Contains(base, ".spec."),
		strings.HasSuffix(base, "Test.java"),
		strings.HasSuffix(base, "_spec.rb"):
		return true
	}
	return false
}

var (
	reTodo         = regexp.MustCompile(`\b(TODO|FIXME|XXX|HACK)\b`)
	reDebugPrint   = regexp.MustCompile(`\bfmt\.Print(ln|f)?\(|(^|[^.\w])println\(|\bconsole\.(log|debug)\(|\bpdb\.set_trace\(|\bbreakpoint\(\)|(^|\s)debugger;?\s*$|\bSystem\.out\.print`)
	reConflict     = regexp.MustCompile(`^(<<<<<<<|>>>>>>>)( |$)|^=======$`)
	reIgnoredError = regexp.MustCompile(`^\s*(_|\w+\s*,\s*_)\s*:?=\s*[\w.]+\(`)
	reGoTestFunc   = regexp.MustCompile(`^func (Test|Fuzz|Benchmark|Example)\w*\(`)
	secretRules    = []struct {
		what string
		re   *regexp.Regexp
	}{
		{"a private key", regexp.MustCompile(`-----BEGIN ([A-Z]+ )*PRIVATE KEY-----`)},
		{"an AWS access key id", regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`)},
		{"a Stripe secret key", regexp.MustCompile(`\b[sr]k_live_[0-9A-Za-z]{16,}`)},
		{"a GitHub token", regexp.MustCompile(`\bgh[pousr]_[0-9A-Za-z]{36,}`)},
		{"a Slack token", regexp.MustCompile(`\bxox[abprs]-[0-9A-Za-z-]{10,}`)},
		{"a hard-coded credential", regexp.MustCompile(`(?i)(password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)\w*["']?\s*[:=]+\s*["'][^"'\s]{8,}["']`)},
	}
)

// reviewFile applies the rules to one file.
func reviewFile(f *gitdiff.File, fc FileChange) []Finding {
	var out []Finding
	add := func(rule, sev string, line int, format string, args ...any) {
		out = append(out, Finding{Rule: rule, Severity: sev, Path: fc.Path, Line: line, Message: fmt.Sprintf(format, args...)})
	}
	test := isTestFile(fc.Path)
	if f.IsBinary {
		add("binary-file", SeverityInfo, 0, "binary file %s; its content is not reviewed", fc.Change)
	}
	if f.IsDelete && test {
		add("removed-test", SeverityWarning, 0, "test file deleted")
	}
	goFile := strings.HasSuffix(fc.Path, ".go")
	for _, frag := range f.TextFragments {
		oldLine, newLine := int(frag.OldPosition), int(frag.NewPosition)
		for _, l := range frag.Lines {
			text := strings.TrimRight(l.Line, "\r\n")
			switch l.Op {
			case gitdiff.OpContext:
				oldLine++
				newLine++
				continue
			case gitdiff.OpDelete:
				if goFile && test && !f.IsDelete && reGoTestFunc.MatchString(text) {
					add("removed-test", SeverityWarning, oldLine, "test function removed: %s", strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "{")))
				}
				oldLine++
				continue
			}
			// An added line. The rules' regular expressions run only on
			// lines holding one of their literal words.
			lower := strings.ToLower(text)
			if m := reTodo.FindString(text); m != "" {
				add("todo", SeverityWarning, newLine, "%s comment left in the change", m)
			}
			if !test && containsAny(lower, debugWords) && reDebugPrint.MatchString(text) {
				add("debug-print", SeverityWarning, newLine, "debug print left in non-test code: %s", clip(strings.TrimSpace(text), 60))
			}
			for _, s := range secretRules {
				if !containsAny(lower, secretWords) {
					break
				}
				if m := s.re.FindString(text); m != "" {
					add("secret", SeverityError, newLine, "looks like %s (%s); keep secrets out of source", s.what, redact(m))
					break
				}
			}
			if (strings.HasPrefix(text, "<<<<<<<") || strings.HasPrefix(text, ">>>>>>>") || text == "=======") && reConflict.MatchString(text) {
				add("conflict-marker", SeverityError, newLine, "merge conflict marker")
			}
			if goFile && !test && strings.Contains(text, "_") && reIgnoredError.MatchString(text) {
				add("ignored-error", SeverityWarning, newLine, "a returned value, perhaps an error, is discarded with _")
			}
			if n := utf8.RuneCountInString(text); n > MaxLineLength {
				add("long-line", SeverityInfo, newLine, "line is %d characters long (limit %d)", n, MaxLineLength)
			}
			if strings.TrimRight(text, " \t") != text {
				add("trailing-whitespace", SeverityInfo, newLine, "trailing whitespace")
			}
			if l.NoEOL() {
				add("no-newline-at-eof", SeverityInfo, newLine, "no newline at end of file")
			}
			newLine++
		}
	}
	return out
}

// Literal words that the debug-print and secret rules need to match, in
// lower case.
var (
	debugWords  = []string{"print", "console.", "pdb.", "breakpoint", "debugger", "system.out"}
	secretWords = []string{"private key", "akia", "asia", "k_live_", "gh", "xox", "pass", "secret", "key", "token"}
)

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// redact keeps the first four characters of a secret-looking string.
func redact(s string) string {
	r := []rune(s)
	if len(r) <= 4 {
		return "…"
	}
	return string(r[:4]) + "…"
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
