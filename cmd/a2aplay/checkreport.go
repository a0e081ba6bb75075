package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/replay"
)

// The reports of -format json, sarif and junit. Each holds a finding's
// message as the text output does, through replay.Visible; the file
// names stay as given (percent-encoded in SARIF's URIs).

// jsonFormat and jsonVersion name the -format json document; the version
// changes when a field changes meaning or goes away, never when one is
// added.
const (
	jsonFormat  = "a2aplay-check"
	jsonVersion = 1
)

// A jsonReport is the document -format json prints (cmd/a2aplay's
// package documentation describes every field).
type jsonReport struct {
	Format   string        `json:"format"`
	Version  int           `json:"version"`
	Findings []jsonFinding `json:"findings"`
	Omitted  []jsonOmitted `json:"omitted"`
	Summary  *summary      `json:"summary"`
}

// A jsonFinding is one finding of -format json. Every member is always
// there: 0 or "" when it does not apply.
type jsonFinding struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Exchange  int    `json:"exchange"`
	Frame     int    `json:"frame"`
	Rule      string `json:"rule"`
	Section   string `json:"section"`
	Severity  string `json:"severity"`
	By        string `json:"by"`
	Message   string `json:"message"`
	Deviation string `json:"deviation"`
}

// A jsonOmitted counts the findings of one rule and severity in one file
// that -max left out.
type jsonOmitted struct {
	File     string `json:"file"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Count    int    `json:"count"`
}

type jsonWriter struct {
	w     io.Writer
	quiet bool
	rep   jsonReport
}

func (j *jsonWriter) file(r *fileResult, _ *summary) {
	if r.err != nil {
		j.rep.Findings = append(j.rep.Findings, jsonFinding{File: r.name, Rule: unreadable, Severity: "error", By: check.ByUnknown,
			Message: replay.Visible(r.err.Error())})
		return
	}
	for _, f := range r.findings {
		if shown(j.quiet, f.Severity) {
			j.rep.Findings = append(j.rep.Findings, jsonFinding{File: r.name, Line: f.Line, Exchange: f.Exchange, Frame: f.Frame,
				Rule: f.Rule, Section: f.Section, Severity: f.Severity.String(), By: f.By, Message: replay.Visible(f.Msg), Deviation: f.Deviation})
		}
	}
	for _, c := range r.cut {
		j.rep.Omitted = append(j.rep.Omitted, jsonOmitted{File: r.name, Rule: c.Rule, Severity: c.Severity.String(), Count: c.Count})
	}
}

func (j *jsonWriter) close(s *summary) error {
	j.rep.Format, j.rep.Version, j.rep.Summary = jsonFormat, jsonVersion, s
	if j.rep.Findings == nil {
		j.rep.Findings = []jsonFinding{}
	}
	if j.rep.Omitted == nil {
		j.rep.Omitted = []jsonOmitted{}
	}
	enc := json.NewEncoder(j.w)
	enc.SetIndent("", "  ")
	return enc.Encode(&j.rep)
}

// SARIF 2.1.0 (OASIS), what a code host reads to show findings on the
// lines of a file: one run, the rules as the tool's reportingDescriptors
// (and one for a file that cannot be read), one result per finding
// located by its file's URI and its line, or for a HAR file by the
// entry of the log its exchange comes from; one invocation, whose
// notifications count the findings -max left out.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
	ColumnKind  string            `json:"columnKind"`
	Properties  map[string]any    `json:"properties,omitempty"`
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
	HelpURI              string          `json:"helpUri,omitempty"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifText       `json:"message"`
	Locations  []sarifLocation `json:"locations"`
	Properties map[string]any  `json:"properties,omitempty"`
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
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	ExitCode            int                 `json:"exitCode"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level          string          `json:"level"`
	Message        sarifText       `json:"message"`
	Locations      []sarifLocation `json:"locations"`
	AssociatedRule sarifRuleRef    `json:"associatedRule"`
	Properties     map[string]any  `json:"properties"`
}

type sarifRuleRef struct {
	ID    string `json:"id"`
	Index int    `json:"index"`
}

// sarifSchema is the URI of the SARIF 2.1.0 schema, as OASIS publishes it.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

func sarifLevel(s check.Severity) string {
	switch s {
	case check.Warning:
		return "warning"
	case check.Note:
		return "note"
	}
	return "error"
}

type sarifWriter struct {
	w             io.Writer
	quiet         bool
	results       []sarifResult
	notifications []sarifNotification
}

// ruleIndex is the index of a rule in the driver's rules: check.Rules,
// then unreadable.
func ruleIndex(id string) int {
	for i, r := range check.Rules {
		if r.ID == id {
			return i
		}
	}
	return len(check.Rules)
}

func (s *sarifWriter) file(r *fileResult, sum *summary) {
	artifact := sarifArtifact{URI: fileURI(r.name)}
	if r.err != nil {
		s.results = append(s.results, sarifResult{RuleID: unreadable, RuleIndex: len(check.Rules), Level: "error",
			Message: sarifText{replay.Visible(r.err.Error())}, Locations: []sarifLocation{{sarifPhysical{ArtifactLocation: artifact}}}})
		return
	}
	for _, f := range r.findings {
		if !shown(s.quiet, f.Severity) {
			continue
		}
		loc := sarifPhysical{ArtifactLocation: artifact}
		msg := replay.Visible(f.String())
		if f.Line > 0 {
			loc.Region = &sarifRegion{StartLine: f.Line}
		} else if w := where("", f); w != "" {
			msg = strings.TrimPrefix(w, ": ") + ": " + msg // a HAR has no lines: the exchange
			if i := f.Exchange - 1; i >= 0 && i < len(r.entries) {
				e := r.entries[i]
				loc.Region = &sarifRegion{StartLine: e.Line, StartColumn: e.Column, EndLine: e.EndLine, EndColumn: e.EndColumn}
				msg = fmt.Sprintf("entries[%d], %s", e.Index, msg)
			}
		}
		props := map[string]any{"blame": f.By, "section": f.Section}
		if f.Deviation != "" {
			props["deviation"] = f.Deviation
		}
		s.results = append(s.results, sarifResult{RuleID: f.Rule, RuleIndex: ruleIndex(f.Rule), Level: sarifLevel(f.Severity),
			Message: sarifText{msg}, Locations: []sarifLocation{{loc}}, Properties: props})
	}
	for _, c := range r.cut {
		s.notifications = append(s.notifications, sarifNotification{Level: "note", Message: sarifText{sum.cutText(c)},
			Locations: []sarifLocation{{sarifPhysical{ArtifactLocation: artifact}}}, AssociatedRule: sarifRuleRef{c.Rule, ruleIndex(c.Rule)},
			Properties: map[string]any{"omitted": c.Count, "severity": c.Severity.String()}})
	}
}

func (s *sarifWriter) close(sum *summary) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "a2aplay check", InformationURI: lesson.SpecURL}}, Results: s.results,
		ColumnKind: "unicodeCodePoints", Properties: map[string]any{"omitted": sum.Omitted}}
	if run.Results == nil {
		run.Results = []sarifResult{}
	}
	inv := sarifInvocation{ExecutionSuccessful: sum.Unreadable == 0, ExitCode: sum.Exit, Notifications: s.notifications}
	if inv.Notifications == nil {
		inv.Notifications = []sarifNotification{}
	}
	run.Invocations = []sarifInvocation{inv}
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
	run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: unreadable,
		ShortDescription:     sarifText{"the file could not be read as a transcript or a HAR file"},
		FullDescription:      sarifText{"a2aplay check could not read the file: it is missing, unreadable, or neither an a2aplay transcript nor a HAR file. No rule of the specification was checked in it."},
		DefaultConfiguration: sarifRuleConfig{"error"}})
	enc := json.NewEncoder(s.w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// fileURI is a file's name as the URI reference SARIF wants (RFC 3986):
// relative as given, or a file: URI for an absolute name; every byte
// but the unreserved characters and the slash percent-encoded, so that
// "my capture#2.http" is "my%20capture%232.http".
func fileURI(name string) string {
	p := filepath.ToSlash(name)
	var b strings.Builder
	if filepath.IsAbs(name) {
		b.WriteString("file://")
		if !strings.HasPrefix(p, "/") {
			b.WriteByte('/') // C:/x
		}
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// JUnit XML, as CI systems read it: a testsuite per file, a testcase
// per rule in it (classname the file, name the rule and its section),
// failed by that rule's findings that fail the run, which its failure
// element lists a line each (with the count of those -max left out);
// findings that do not fail the run are listed in the testcase's
// system-out. A file that cannot be read is a testsuite of one testcase,
// unreadable, with an error element.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitWriter struct {
	w      io.Writer
	quiet  bool
	suites junitSuites
}

func (j *junitWriter) file(r *fileResult, sum *summary) {
	suite := junitSuite{Name: r.name}
	if r.err != nil {
		msg := replay.Visible(r.err.Error())
		suite.Cases = []junitCase{{Name: unreadable, Classname: r.name, Error: &junitProblem{Message: msg, Type: unreadable, Text: msg}}}
		suite.Tests, suite.Errors = 1, 1
		j.add(suite)
		return
	}
	byRule := map[string][]check.Finding{}
	for _, f := range r.findings {
		byRule[f.Rule] = append(byRule[f.Rule], f)
	}
	cut := map[string][]check.Omission{}
	for _, c := range r.cut {
		cut[c.Rule] = append(cut[c.Rule], c)
	}
	for _, rule := range check.Rules {
		tc := junitCase{Name: rule.ID + " §" + rule.Section, Classname: r.name}
		var failed, passed strings.Builder
		nFailed := 0
		for _, f := range byRule[rule.ID] {
			line := replay.Visible(where(r.name, f)) + ": " + replay.Visible(f.String()) + "\n"
			switch {
			case sum.fails(f.Severity):
				nFailed++
				failed.WriteString(line)
			case shown(j.quiet, f.Severity):
				passed.WriteString(line)
			}
		}
		for _, c := range cut[rule.ID] {
			line := sum.cutText(c) + "\n"
			if sum.fails(c.Severity) {
				nFailed += c.Count
				failed.WriteString(line)
			} else if shown(j.quiet, c.Severity) {
				passed.WriteString(line)
			}
		}
		if nFailed > 0 {
			tc.Failure = &junitProblem{Message: count(nFailed, "finding") + " of rule " + rule.ID, Type: rule.Severity.String(), Text: failed.String()}
			suite.Failures++
		}
		tc.SystemOut = passed.String()
		suite.Cases = append(suite.Cases, tc)
	}
	suite.Tests = len(suite.Cases)
	j.add(suite)
}

func (j *junitWriter) add(s junitSuite) {
	j.suites.Suites = append(j.suites.Suites, s)
	j.suites.Tests += s.Tests
	j.suites.Failures += s.Failures
	j.suites.Errors += s.Errors
}

func (j *junitWriter) close(*summary) error {
	j.suites.Name = "a2aplay check"
	if _, err := io.WriteString(j.w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(j.w)
	enc.Indent("", "  ")
	if err := enc.Encode(&j.suites); err != nil {
		return err
	}
	_, err := io.WriteString(j.w, "\n")
	return err
}
