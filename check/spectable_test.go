package check

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/golden"
)

// citations splits a rule's quote into the sentences the table holds: a
// proto quote of REQUIRED field declarations is one row per field.
func citations(q Quote) []string {
	if !strings.HasPrefix(q.Source, "a2a.proto ") || !strings.Contains(q.Text, "field_behavior) = REQUIRED]") {
		return []string{q.Text}
	}
	var out []string
	for _, d := range strings.SplitAfter(q.Text, "];") {
		if d = strings.TrimSpace(d); d != "" {
			out = append(out, d)
		}
	}
	return out
}

// same is how a quote and a row are matched: as written, but for the
// backticks of code spans, which rules may leave out of their quotes.
func same(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ") }

// fromSpec says whether a quote's source is the specification or its
// proto, which the table holds; JSON-RPC 2.0's own text it does not.
func fromSpec(source string) bool {
	return strings.HasPrefix(source, "spec §") || strings.HasPrefix(source, "a2a.proto ")
}

// TestSpecTable holds the table and the rules to each other: every
// sentence of the specification a rule quotes is a row; every rule a row
// names exists and quotes that row; a row says either which rules check
// it or why a transcript cannot show it, never both.
func TestSpecTable(t *testing.T) {
	type key struct{ source, text string }
	rows := map[key]*Requirement{}
	for i := range SpecTable {
		r := &SpecTable[i]
		k := key{r.Source, same(r.Text)}
		switch {
		case !fromSpec(r.Source) || r.Section() == "":
			t.Errorf("spec table row %d: source %q names no section of the specification", i+1, r.Source)
		case r.Text == "":
			t.Errorf("spec table row %d (%s): no text", i+1, r.Source)
		case rows[k] != nil:
			t.Errorf("spec table row %d (%s) repeats %q", i+1, r.Source, r.Text)
		case r.Partly != "" && len(r.Rules) == 0:
			t.Errorf("spec table row %d (%s): it says what its rules leave unchecked, and no rule checks it", i+1, r.Source)
		case len(r.Rules) > 0 && r.Unseen != "":
			t.Errorf("spec table row %d (%s): rules %v check it, yet it says no transcript can show it (%s)", i+1, r.Source, r.Rules, r.Unseen)
		}
		switch r.Keyword {
		case "MUST", "MUST NOT", "REQUIRED", "SHALL", "SHALL NOT":
			if !strings.Contains(r.Text, r.Keyword) {
				t.Errorf("spec table row %d (%s): keyword %s is not in its text %q", i+1, r.Source, r.Keyword, r.Text)
			}
		case "SHOULD", "MAY", "must", "":
		default:
			t.Errorf("spec table row %d (%s): unknown keyword %q", i+1, r.Source, r.Keyword)
		}
		rows[k] = r
	}
	quoted := map[key]map[string]bool{} // row -> the rules quoting it
	for _, rule := range Rules {
		for _, q := range rule.Quotes {
			if !fromSpec(q.Source) {
				continue
			}
			for _, s := range citations(q) {
				k := key{q.Source, same(s)}
				if rows[k] == nil {
					t.Errorf("rule %s cites %s %q, which is not in the spec table (check/spectable.go)", rule.ID, q.Source, s)
					continue
				}
				if quoted[k] == nil {
					quoted[k] = map[string]bool{}
				}
				quoted[k][rule.ID] = true
			}
		}
	}
	for i, r := range SpecTable {
		for _, id := range r.Rules {
			if _, ok := RuleByID(id); !ok {
				t.Errorf("spec table row %d (%s %q) names rule %s, which does not exist", i+1, r.Source, short(r.Text), id)
				continue
			}
			if !quoted[key{r.Source, same(r.Text)}][id] {
				t.Errorf("spec table row %d (%s %q) names rule %s, which does not quote it", i+1, r.Source, short(r.Text), id)
			}
		}
	}
}

func short(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// coverageLine is the README's line that states the coverage; the test
// computes it from the table.
func coverageLine() string {
	checked, partly, visible, total := Coverage()
	return fmt.Sprintf("Spec coverage (counted by `go test ./check`): rules check %d of the %d MUST, REQUIRED and SHALL sentences a transcript can show (%d of them only in part), of %d in the specification v1.0.1 and its proto (the table: `check/spectable.go`).",
		checked, visible, partly, total)
}

var coverageRE = regexp.MustCompile(`(?m)^Spec coverage \(counted by .*$`)

// TestReadmeCoverage: the README states the coverage the table gives
// (rewrite it with -update).
func TestReadmeCoverage(t *testing.T) {
	const readme = "../README.md"
	b, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	want := coverageLine()
	got := coverageRE.FindString(string(b))
	switch {
	case got == want:
	case golden.Updating() && got != "":
		b = []byte(strings.Replace(string(b), got, want, 1))
		if err := os.WriteFile(readme, b, 0o644); err != nil {
			t.Fatal(err)
		}
	case got == "":
		t.Errorf("README.md has no coverage line; add, in its section on the checker:\n%s", want)
	default:
		t.Errorf("README.md states\n%s\nbut the table counts\n%s\n(go test ./check -run TestReadmeCoverage -update rewrites it)", got, want)
	}
}

// TestSpecTableVerbatim compares the table with the specification's own
// text, when A2A_SPEC names a folder holding specification.md and
// a2a.proto of v1.0.1 (git -C A2A show v1.0.1:docs/specification.md);
// without it the test is skipped. Every row must stand in that text, and
// every MUST-class sentence of it must be a row.
func TestSpecTableVerbatim(t *testing.T) {
	dir := os.Getenv("A2A_SPEC")
	if dir == "" {
		t.Skip("set A2A_SPEC to a folder with specification.md and a2a.proto of A2A v1.0.1 to compare the table with them")
	}
	spec := readLines(t, dir+"/specification.md")
	proto := readLines(t, dir+"/a2a.proto")
	var specText strings.Builder
	fence := false
	for _, l := range spec {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
			continue
		}
		if !fence {
			specText.WriteString(plainMarkdown(l) + "\n")
		}
	}
	var protoText strings.Builder
	for _, l := range proto {
		l = strings.TrimSpace(l)
		if c, ok := strings.CutPrefix(l, "//"); ok {
			protoText.WriteString(strings.TrimSpace(c) + " ")
		} else {
			protoText.WriteString("\n" + strings.Join(strings.Fields(l), " ") + "\n")
		}
	}
	for i, r := range SpecTable {
		if strings.HasPrefix(r.Text, "oneof ") || strings.Contains(r.Text, ". oneof ") {
			continue // a oneof's declarations, joined without the comments between them
		}
		text := specText.String()
		if strings.HasPrefix(r.Source, "a2a.proto ") {
			text = protoText.String()
		}
		if !strings.Contains(text, r.Text) {
			t.Errorf("spec table row %d (%s): %q is not in the specification's text", i+1, r.Source, r.Text)
		}
	}
	kw := regexp.MustCompile(`(^|[^A-Za-z_])(MUST|REQUIRED|SHALL)([^A-Za-z_]|$)`)
	counted := 0
	for _, r := range SpecTable {
		if r.Counted() {
			counted++
		}
	}
	n := 0
	for _, l := range strings.Split(specText.String(), "\n") {
		if kw.MatchString(l) {
			n++
		}
	}
	for _, l := range strings.Split(protoText.String(), "\n") {
		n += len(kw.FindAllString(l, -1))
	}
	if counted < n {
		t.Errorf("the specification has %d lines (and proto keywords) with MUST, REQUIRED or SHALL; the table counts only %d sentences", n, counted)
	}
}

var linkRE = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
var listRE = regexp.MustCompile(`^\s*(?:[-*]|\d+\.)\s+`)

// plainMarkdown is a line as the table quotes it: links as their text,
// no emphasis, no list marker.
func plainMarkdown(l string) string {
	l = linkRE.ReplaceAllString(l, "$1")
	l = strings.ReplaceAll(l, "**", "")
	return strings.TrimSpace(listRE.ReplaceAllString(l, ""))
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		out = append(out, s.Text())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
