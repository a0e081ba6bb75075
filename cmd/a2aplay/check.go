package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/a2aplay/a2aplay/replay/open"
)

func init() {
	register(&command{
		name:    "check",
		summary: "check transcripts (.http, or a browser's .har) against the A2A spec's rules",
		run:     runCheck,
	})
}

// checkOut is where findings go; tests replace it.
var checkOut io.Writer = os.Stdout

func runCheck(ctx context.Context, fs *flag.FlagSet, args []string) error {
	strict := fs.Bool("strict", false, "fail on warnings too")
	quiet := fs.Bool("q", false, "report violations only, not warnings and notes")
	listRules := fs.Bool("rules", false, "list the rules with the sentences they enforce, and stop")
	explain := fs.String("explain", "", "print one `RULE` with its sources, and stop")
	format := fs.String("format", "text", "output `format`: text, json (one document, version 1), sarif (SARIF 2.1.0) or junit (JUnit XML)")
	max := fs.Int("max", check.DefaultMaxPerRule, "keep at most `N` findings per rule and file, and count the rest (0: all)")
	harOpts := harFlag(fs)
	exercises := fs.String("exercises", "", "grade the sessions against the exercises of this `LESSON.md`: print each one's state, exit 0 only when all are done")
	only := fs.String("exercise", "", "with -exercises, grade these exercises only (`IDs`, comma-separated)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay check [-strict] [-q] [-format text|json|sarif|junit] [-max N] [-har-all] FILE.http|FILE.har...")
		fmt.Fprintln(fs.Output(), "       a2aplay check -rules")
		fmt.Fprintln(fs.Output(), "       a2aplay check -explain RULE")
		fmt.Fprintln(fs.Output(), "       a2aplay check -exercises LESSON.md [-exercise ID,...] [-format text|json] SESSION.http...")
		fmt.Fprintln(fs.Output(), "\nChecks each transcript against the A2A v1.0 specification and prints one")
		fmt.Fprintln(fs.Output(), "line per finding, FILE:LINE: §SECTION (WHO): message (a HAR file has no")
		fmt.Fprintln(fs.Output(), "lines: FILE: exchange N: ...), WHO being the side it blames: client, agent")
		fmt.Fprintln(fs.Output(), "or cannot tell. Each rule enforces a sentence of the specification (-rules")
		fmt.Fprintln(fs.Output(), "lists them): a MUST broken is a violation, a SHOULD a warning, a sentence")
		fmt.Fprintln(fs.Output(), "without such a keyword a note.")
		fmt.Fprintln(fs.Output(), "\nExit status, the same in every format: 0 when no finding fails the run;")
		fmt.Fprintln(fs.Output(), "1 when one does (a violation, or with -strict a warning too), or on Ctrl-C;")
		fmt.Fprintln(fs.Output(), "2 on bad usage, or when a file cannot be read (the json, sarif and junit")
		fmt.Fprintln(fs.Output(), "reports are still written, with the error as a finding of rule unreadable).")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return err
		}
		return &exitError{code: 2} // the flag package said what, and how to use
	}
	switch {
	case *listRules:
		for i, r := range check.Rules {
			if i > 0 {
				fmt.Fprintln(checkOut)
			}
			writeRule(checkOut, r, false)
		}
		return nil
	case *explain != "":
		r, ok := check.RuleByID(*explain)
		if !ok {
			return &usageError{fmt.Sprintf("no rule %q (a2aplay check -rules lists them)", *explain)}
		}
		writeRule(checkOut, r, true)
		return nil
	}
	if *exercises != "" {
		return runGrade(ctx, fs, gradeOptions{Lesson: *exercises, Format: *format, HAR: *harOpts}, *only)
	}
	var out reportWriter
	switch *format {
	case "text":
		out = &textWriter{w: checkOut, quiet: *quiet}
	case "json":
		out = &jsonWriter{w: checkOut, quiet: *quiet}
	case "sarif":
		out = &sarifWriter{w: checkOut, quiet: *quiet}
	case "junit":
		out = &junitWriter{w: checkOut, quiet: *quiet}
	default:
		return &usageError{fmt.Sprintf("unknown format %q (text, json, sarif or junit)", *format)}
	}
	if *max < 0 {
		return &usageError{"-max must be 0 or more"}
	}
	if fs.NArg() == 0 {
		return &usageError{"no transcript given"}
	}
	sum := summary{strict: *strict, max: *max}
	for _, file := range fs.Args() {
		rep, err := checkFile(ctx, file, *harOpts, check.Options{MaxPerRule: *max})
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted")
		}
		r := &fileResult{name: file, err: err}
		if err != nil {
			fmt.Fprintln(fs.Output(), replay.Visible(err.Error()))
		} else {
			r.findings, r.cut = rep.Findings, rep.Cut
			if _, ok := out.(*sarifWriter); ok {
				r.entries = harEntries(file, *harOpts)
			}
			for _, c := range r.cut {
				fmt.Fprintf(fs.Output(), "%s: %s\n", replay.Visible(file), sum.cutText(c))
			}
		}
		sum.add(r)
		out.file(r, &sum)
	}
	if err := out.close(&sum); err != nil {
		return err
	}
	switch sum.Exit {
	case 2:
		return &exitError{2, fmt.Sprintf("%d of %d files could not be read", sum.Unreadable, sum.Files)}
	case 1:
		return fmt.Errorf("%s, %s, %s", count(sum.Violations, "violation"), count(sum.Warnings, "warning"), count(sum.Notes, "note"))
	}
	return nil
}

// A fileResult is what checking one file gave: its findings and those
// past -max, or why it could not be read.
type fileResult struct {
	name     string
	findings []check.Finding
	cut      []check.Omission
	err      error           // the file could not be read
	entries  []har.EntrySpan // of a HAR file, for -format sarif: where each exchange stands
}

// unreadable is the rule of the finding a file that cannot be read
// gives in the json, sarif and junit reports; it is no rule of the
// specification's.
const unreadable = "unreadable"

// A summary counts the findings of every file, those past -max
// included, by severity.
type summary struct {
	strict     bool
	max        int
	Files      int `json:"files"`      // files given
	Unreadable int `json:"unreadable"` // files that could not be read
	Violations int `json:"violations"`
	Warnings   int `json:"warnings"`
	Notes      int `json:"notes"`
	Omitted    int `json:"omitted"` // of the findings counted, those not listed (-max)
	Exit       int `json:"exit"`    // the exit status
}

func (s *summary) add(r *fileResult) {
	s.Files++
	if r.err != nil {
		s.Unreadable++
	}
	for _, f := range r.findings {
		s.count(f.Severity, 1)
	}
	for _, c := range r.cut {
		s.count(c.Severity, c.Count)
		s.Omitted += c.Count
	}
	switch {
	case s.Unreadable > 0:
		s.Exit = 2
	case s.Violations > 0 || (s.strict && s.Warnings > 0):
		s.Exit = 1
	}
}

func (s *summary) count(sev check.Severity, n int) {
	switch sev {
	case check.Violation:
		s.Violations += n
	case check.Warning:
		s.Warnings += n
	default:
		s.Notes += n
	}
}

// fails says whether a finding of that severity fails the run.
func (s *summary) fails(sev check.Severity) bool {
	return sev == check.Violation || (s.strict && sev == check.Warning)
}

// cutText says how many findings of a kind -max left out.
func (s *summary) cutText(c check.Omission) string {
	what := "findings"
	if c.Severity != check.Violation {
		what = c.Severity.String() + "s"
	}
	return fmt.Sprintf("%d more %s of rule %s not shown (-max %d)", c.Count, what, c.Rule, s.max)
}

// harEntries returns where the exchanges of a HAR file stand in it, or
// nothing for a transcript or a file that changed since it was read.
func harEntries(file string, o har.Options) []har.EntrySpan {
	data, err := os.ReadFile(file)
	if err != nil || !open.IsHAR(data[:min(len(data), open.HeadSize)], file) {
		return nil
	}
	es, _ := har.Entries(data, o)
	return es
}

// checkFile reads and checks one file, and returns as soon as ctx is
// done, even while a huge file is still being parsed.
func checkFile(ctx context.Context, file string, harOpts har.Options, o check.Options) (*check.Report, error) {
	type result struct {
		rep *check.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		t, err := readTranscript(file, harOpts)
		if err != nil {
			done <- result{err: err}
			return
		}
		rep, err := check.Run(ctx, t, o)
		done <- result{rep, err}
	}()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-done:
		return r.rep, r.err
	}
}

// writeRule prints a rule and the sentences it enforces; full adds its
// derivation, a2a-go's deviation and the link to its section.
func writeRule(w io.Writer, r check.Rule, full bool) {
	binds := "client and agent"
	if r.By != "" {
		binds = r.By
	}
	keyword := r.Keyword
	if keyword == "" {
		keyword = "no keyword"
	}
	fmt.Fprintf(w, "%s  §%s  %s (%s)  binds the %s\n", r.ID, r.Section, r.Severity, keyword, binds)
	fmt.Fprintf(w, "  %s\n", r.Summary)
	for _, q := range r.Quotes {
		fmt.Fprintf(w, "  %s: \"%s\"\n", q.Source, q.Text)
	}
	if !full {
		return
	}
	if r.Derivation != "" {
		fmt.Fprintf(w, "  How: %s\n", r.Derivation)
	}
	if r.Deviation != "" {
		fmt.Fprintf(w, "  Known deviation: %s\n", r.Deviation)
	}
	fmt.Fprintf(w, "  %s\n", lesson.SpecSectionURL(r.Section))
}

// A reportWriter writes the findings in one format: file is called
// once per file, in order, after s counted it, and close at the end.
type reportWriter interface {
	file(r *fileResult, s *summary)
	close(s *summary) error
}

// shown says whether a finding is listed: -q lists violations only.
func shown(quiet bool, sev check.Severity) bool {
	return !quiet || sev == check.Violation
}

type textWriter struct {
	w     io.Writer
	quiet bool
}

// file prints a line per finding as it comes, escaped as replay.Visible
// escapes: a bidi control or an escape sequence a transcript holds does
// not steer the terminal.
func (t *textWriter) file(r *fileResult, _ *summary) {
	for _, f := range r.findings {
		if shown(t.quiet, f.Severity) {
			fmt.Fprintf(t.w, "%s: %s\n", replay.Visible(where(r.name, f)), replay.Visible(f.String()))
		}
	}
}

func (t *textWriter) close(*summary) error { return nil }

// where is "file:line", or for a finding without a line (a HAR import)
// "file: exchange N, frame M".
func where(file string, f check.Finding) string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d", file, f.Line)
	}
	s := file
	if f.Exchange > 0 {
		s += fmt.Sprintf(": exchange %d", f.Exchange)
	}
	if f.Frame > 0 {
		s += fmt.Sprintf(", frame %d", f.Frame)
	}
	return s
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
