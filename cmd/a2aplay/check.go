package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay/har"
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
	quiet := fs.Bool("q", false, "print violations only, not warnings")
	listRules := fs.Bool("rules", false, "list the rules with the sentences they enforce, and stop")
	explain := fs.String("explain", "", "print one `RULE` with its sources, and stop")
	format := fs.String("format", "text", "output `format`: text, json (one object per line) or sarif (SARIF 2.1.0)")
	max := fs.Int("max", check.DefaultMaxPerRule, "keep at most `N` findings per rule and file, and count the rest (0: all)")
	harOpts := harFlag(fs)
	exercises := fs.String("exercises", "", "grade the sessions against the exercises of this `LESSON.md`: print each one's state, exit 0 only when all are done")
	only := fs.String("exercise", "", "with -exercises, grade these exercises only (`IDs`, comma-separated)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay check [-strict] [-q] [-format text|json|sarif] [-max N] [-har-all] FILE.http|FILE.har...")
		fmt.Fprintln(fs.Output(), "       a2aplay check -rules")
		fmt.Fprintln(fs.Output(), "       a2aplay check -explain RULE")
		fmt.Fprintln(fs.Output(), "       a2aplay check -exercises LESSON.md [-exercise ID,...] [-format text|json] SESSION.http...")
		fmt.Fprintln(fs.Output(), "\nChecks each transcript against the A2A v1.0 specification and prints one")
		fmt.Fprintln(fs.Output(), "line per finding, FILE:LINE: §SECTION: message (a HAR file has no lines:")
		fmt.Fprintln(fs.Output(), "FILE: exchange N: ...). Each rule enforces sentences of the specification")
		fmt.Fprintln(fs.Output(), "(-rules lists them): a MUST broken is a violation, a SHOULD a warning.")
		fmt.Fprintln(fs.Output(), "Exits 1 when a transcript breaks a rule (with -strict, also when it only")
		fmt.Fprintln(fs.Output(), "departs from a recommendation) or on Ctrl-C, 2 on bad usage.")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
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
	var out findingWriter
	switch *format {
	case "text":
		out = &textWriter{w: checkOut, quiet: *quiet}
	case "json":
		out = &jsonWriter{enc: json.NewEncoder(checkOut), quiet: *quiet}
	case "sarif":
		out = &sarifWriter{w: checkOut, quiet: *quiet}
	default:
		return &usageError{fmt.Sprintf("unknown format %q (text, json or sarif)", *format)}
	}
	if *max < 0 {
		return &usageError{"-max must be 0 or more"}
	}
	if fs.NArg() == 0 {
		return &usageError{"no transcript given"}
	}
	var violations, warnings, unread int
	for _, file := range fs.Args() {
		rep, err := checkFile(ctx, file, *harOpts, check.Options{MaxPerRule: *max})
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted")
		}
		if err != nil {
			fmt.Fprintln(fs.Output(), err)
			unread++
			continue
		}
		for _, f := range rep.Findings {
			if f.Severity == check.Warning {
				warnings++
			} else {
				violations++
			}
			out.finding(file, f)
		}
		for _, id := range sortedRules(rep.Omitted) {
			n := rep.Omitted[id]
			if r, _ := check.RuleByID(id); r.Severity == check.Warning {
				warnings += n
			} else {
				violations += n
			}
			fmt.Fprintf(fs.Output(), "%s: %d more findings of rule %s not shown (-max %d)\n", file, n, id, *max)
		}
	}
	if err := out.close(); err != nil {
		return err
	}
	if unread > 0 {
		return fmt.Errorf("%d of %d files could not be read", unread, fs.NArg())
	}
	if violations > 0 || (*strict && warnings > 0) {
		return fmt.Errorf("%s, %s", count(violations, "violation"), count(warnings, "warning"))
	}
	return nil
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

func sortedRules(m map[string]int) []string {
	var ids []string
	for _, r := range check.Rules {
		if m[r.ID] > 0 {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// writeRule prints a rule and the sentences it enforces; full adds its
// derivation, a2a-go's deviation and the link to its section.
func writeRule(w io.Writer, r check.Rule, full bool) {
	binds := "client and agent"
	if r.By != "" {
		binds = r.By
	}
	fmt.Fprintf(w, "%s  §%s  %s (%s)  binds the %s\n", r.ID, r.Section, r.Severity, r.Keyword, binds)
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

// A findingWriter prints findings in one format.
type findingWriter interface {
	finding(file string, f check.Finding)
	close() error
}

type textWriter struct {
	w     io.Writer
	quiet bool
}

func (t *textWriter) finding(file string, f check.Finding) {
	if t.quiet && f.Severity == check.Warning {
		return
	}
	fmt.Fprintf(t.w, "%s: %s\n", where(file, f), f)
}

func (t *textWriter) close() error { return nil }

// A jsonFinding is one finding as -format json prints it.
type jsonFinding struct {
	File      string `json:"file"`
	Line      int    `json:"line,omitempty"`
	Exchange  int    `json:"exchange,omitempty"`
	Frame     int    `json:"frame,omitempty"`
	Rule      string `json:"rule"`
	Section   string `json:"section"`
	Severity  string `json:"severity"`
	By        string `json:"by,omitempty"`
	Message   string `json:"message"`
	Deviation string `json:"deviation,omitempty"`
}

type jsonWriter struct {
	enc   *json.Encoder
	quiet bool
	err   error
}

func (j *jsonWriter) finding(file string, f check.Finding) {
	if (j.quiet && f.Severity == check.Warning) || j.err != nil {
		return
	}
	j.err = j.enc.Encode(jsonFinding{File: file, Line: f.Line, Exchange: f.Exchange, Frame: f.Frame, Rule: f.Rule,
		Section: f.Section, Severity: f.Severity.String(), By: f.By, Message: f.Msg, Deviation: f.Deviation})
}

func (j *jsonWriter) close() error { return j.err }

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

// SARIF 2.1.0 (OASIS), the subset a code host reads to show findings on
// the lines of a file: one run, the rules as the tool's reportingDescriptors,
// one result per finding located by its file and line.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	HelpURI              string          `json:"helpUri"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

func sarifLevel(s check.Severity) string {
	if s == check.Warning {
		return "warning"
	}
	return "error"
}

type sarifWriter struct {
	w       io.Writer
	quiet   bool
	results []sarifResult
}

func (s *sarifWriter) finding(file string, f check.Finding) {
	if s.quiet && f.Severity == check.Warning {
		return
	}
	loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(file)}}
	msg := "§" + f.Section + ": " + f.Msg
	if f.Line > 0 {
		loc.Region = &sarifRegion{StartLine: f.Line}
	} else if w := where("", f); w != "" {
		msg = strings.TrimPrefix(w, ": ") + ": " + msg // a HAR has no lines
	}
	index := 0
	for i, r := range check.Rules {
		if r.ID == f.Rule {
			index = i
		}
	}
	s.results = append(s.results, sarifResult{RuleID: f.Rule, RuleIndex: index, Level: sarifLevel(f.Severity),
		Message: sarifText{msg}, Locations: []sarifLocation{{loc}}})
}

func (s *sarifWriter) close() error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "a2aplay check", InformationURI: lesson.SpecURL}}, Results: s.results}
	if run.Results == nil {
		run.Results = []sarifResult{}
	}
	for _, r := range check.Rules {
		var full strings.Builder
		full.WriteString(r.Summary + ".")
		for _, q := range r.Quotes {
			fmt.Fprintf(&full, " %s: %q", q.Source, q.Text)
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: r.ID,
			ShortDescription: sarifText{"§" + r.Section + ": " + r.Summary}, FullDescription: sarifText{full.String()},
			HelpURI: lesson.SpecSectionURL(r.Section), DefaultConfiguration: sarifRuleConfig{sarifLevel(r.Severity)}})
	}
	enc := json.NewEncoder(s.w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}
