package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/a2aplay/a2aplay/check"
)

func runChecked(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	old := checkOut
	checkOut = &out
	defer func() { checkOut = old }()
	code = run(context.Background(), append([]string{"check"}, args...), &errOut)
	return code, out.String(), errOut.String()
}

const rules = "../../check/testdata/rules/"

func TestCheckCommand(t *testing.T) {
	code, out, errOut := runChecked(t, "../../check/testdata/clean/handwritten-good.http", "../../transcripts/06-input-required.http")
	if code != 0 || out != "" {
		t.Errorf("clean transcripts: exit %d, output %q, stderr %q", code, out, errOut)
	}

	code, out, errOut = runChecked(t, rules+"context-mismatch.http", rules+"rest-content-type.http")
	want := []string{
		rules + `context-mismatch.http:82: §4.1.4 (client): note: the message names task t1 with contextId c9, but the task's contextId is c1; send the task's own contextId, or the taskId alone`,
		rules + `context-mismatch.http:87: §3.4.3 (agent): the agent accepted a message for task t1 whose contextId c9 is not the task's (c1); it must reject it`,
		rules + `rest-content-type.http:26: §11.1 (agent): warning: SendMessage response body sent as Content-Type "application/json", not application/a2a+json`,
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSpace(out), "\n")); diff != "" || code != 1 {
		t.Errorf("exit %d; findings (-want +got):\n%s", code, diff)
	}
	if !strings.Contains(errOut, "a2aplay check: 1 violation, 1 warning, 1 note") {
		t.Errorf("stderr %q lacks the count", errOut)
	}

	// -q lists violations only.
	code, out, _ = runChecked(t, "-q", rules+"context-mismatch.http", rules+"rest-content-type.http")
	if code != 1 || strings.Contains(out, "warning") || strings.Contains(out, "note") || !strings.Contains(out, "(agent)") {
		t.Errorf("-q: exit %d, output %q", code, out)
	}
}

// TestCheckExitStatus: the exit status is the same in every format: 0
// when no finding fails the run (notes never do, warnings only with
// -strict), 1 when one does, 2 on bad usage or a file that cannot be
// read; and a file that cannot be read still gives a report, with the
// error as a finding of rule unreadable.
func TestCheckExitStatus(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.http")
	picture := filepath.Join(t.TempDir(), "picture.har")
	if err := os.WriteFile(picture, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"../../check/testdata/clean/handwritten-good.http"}, 0},
		{[]string{rules + "role.http"}, 0}, // a note
		{[]string{"-strict", rules + "role.http"}, 0},
		{[]string{rules + "rest-content-type.http"}, 0}, // a warning
		{[]string{"-strict", rules + "rest-content-type.http"}, 1},
		{[]string{rules + "context-mismatch.http"}, 1},
		{[]string{"-q", rules + "context-mismatch.http"}, 1},
		{[]string{"-max", "1", rules + "context-mismatch.http"}, 1},
		{[]string{missing}, 2},
		{[]string{picture, rules + "context-mismatch.http"}, 2},
		{[]string{rules + "context-mismatch.http", missing}, 2},
	}
	for _, format := range []string{"text", "json", "sarif", "junit"} {
		for _, c := range cases {
			args := append([]string{"-format", format}, c.args...)
			code, out, errOut := runChecked(t, args...)
			if code != c.code {
				t.Errorf("%q: exit %d, want %d (stderr %q)", args, code, c.code, errOut)
			}
			if format == "text" || c.code != 2 {
				continue
			}
			if !strings.Contains(out, unreadable) {
				t.Errorf("%q: the report lacks the unreadable file:\n%s", args, out)
			}
		}
		for _, args := range [][]string{{}, {"-format", "xml", rules + "role.http"}, {"-explain", "no-such-rule"}, {"-max", "-1", rules + "role.http"}, {"-no-such-flag"}} {
			args = append([]string{"-format", format}, args...)
			if code, _, _ := runChecked(t, args...); code != 2 {
				t.Errorf("%q: exit %d, want 2", args, code)
			}
		}
	}
}

// TestCheckRules: -rules lists every rule with the sentences it
// enforces; -explain prints one with its derivation and link.
func TestCheckRules(t *testing.T) {
	code, out, _ := runChecked(t, "-rules")
	if code != 0 {
		t.Fatalf("-rules: exit %d", code)
	}
	for _, r := range check.Rules {
		if !strings.Contains(out, r.ID+"  §"+r.Section+"  ") || !strings.Contains(out, r.Quotes[0].Source+": ") {
			t.Errorf("-rules lacks %s with its section and first quote", r.ID)
		}
	}
	code, out, _ = runChecked(t, "-explain", "subscribe-state")
	for _, s := range []string{"subscribe-state  §3.1.6  violation (MUST)  binds the agent",
		`spec §3.1.6: "The operation enables real-time monitoring`, "Known deviation: a2a-go v2.4.0",
		"https://a2a-protocol.org/latest/specification/#316-subscribe-to-task"} {
		if code != 0 || !strings.Contains(out, s) {
			t.Errorf("-explain subscribe-state: exit %d, output lacks %q:\n%s", code, s, out)
		}
	}
}

// TestCheckJSON: -format json is one document, its format named and
// versioned, every field of every finding present, the findings past
// -max counted by file, rule and severity, and a summary whose exit is
// the command's.
func TestCheckJSON(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.http")
	code, out, _ := runChecked(t, "-format", "json", "-max", "1", "../../transcripts/11-wrong-task.http", bigFile(t, 3), missing)
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep["format"] != "a2aplay-check" || rep["version"] != float64(1) {
		t.Errorf("format %v, version %v", rep["format"], rep["version"])
	}
	var doc jsonReport
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	fields := []string{"file", "line", "exchange", "frame", "rule", "section", "severity", "by", "message", "deviation"}
	for _, f := range rep["findings"].([]any) {
		for _, k := range fields {
			if _, ok := f.(map[string]any)[k]; !ok {
				t.Errorf("finding %v lacks %q", f, k)
			}
		}
	}
	var wrong, unread int
	for _, f := range doc.Findings {
		switch {
		case f.Rule == "message-to-terminal":
			wrong++
			want := jsonFinding{File: "../../transcripts/11-wrong-task.http", Line: f.Line, Exchange: 5, Rule: "message-to-terminal",
				Section: "3.1.1", Severity: "violation", By: "agent", Message: f.Message, Deviation: "a2a-go v2.4.0"}
			if diff := cmp.Diff(want, f); diff != "" || f.Line == 0 || !strings.HasPrefix(f.Message, "a message to task") {
				t.Errorf("(-want +got):\n%s", diff)
			}
		case f.Rule == unreadable:
			unread++
			if f.File != missing || f.Severity != "error" || !strings.Contains(f.Message, "no such file") {
				t.Errorf("unreadable finding %+v", f)
			}
		}
	}
	if len(doc.Omitted) != 1 || doc.Omitted[0].Rule != "a2a-version" || doc.Omitted[0].Severity != "violation" || doc.Omitted[0].Count != 2 {
		t.Errorf("omitted %+v, want 2 of a2a-version", doc.Omitted)
	}
	s := doc.Summary
	if wrong != 1 || unread != 1 || code != 2 || s.Exit != 2 || s.Files != 3 || s.Unreadable != 1 || s.Omitted != 2 || s.Violations != 1+3 || s.Notes != 1 {
		t.Errorf("exit %d; %d message-to-terminal, %d unreadable; summary %+v", code, wrong, unread, s)
	}
}

// bigFile writes n exchanges without the version header, one violation
// of a2a-version each, and returns its name.
func bigFile(t *testing.T, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "many.http")
	if err := os.WriteFile(file, bigTranscript(n), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestCheckSARIF: the log is valid SARIF 2.1.0 (the OASIS schema, in
// testdata), its findings on their lines with their rules and blame, a
// HAR's on the entry of the log its exchange comes from, artifact URIs
// percent-encoded so that a name with a space and a # survives, the
// findings past -max in the invocation's notifications, and a file that
// cannot be read a result of its own.
func TestCheckSARIF(t *testing.T) {
	dir := t.TempDir()
	odd := filepath.Join(dir, "my capture#2.http")
	data, err := os.ReadFile(rules + "context-mismatch.http")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(odd, data, 0o644); err != nil {
		t.Fatal(err)
	}
	harFile := "../../replay/har/testdata/firefox-rest.har"
	code, out, _ := runChecked(t, "-format", "sarif", "-max", "1", odd, rules+"rest-content-type.http", harFile, bigFile(t, 3), filepath.Join(dir, "missing.http"))
	if code != 2 {
		t.Errorf("exit %d, want 2 (a file is missing)", code)
	}
	validSARIF(t, out)

	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %v, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(check.Rules)+1 || len(run.Invocations) != 1 || run.Invocations[0].ExitCode != 2 || run.Invocations[0].ExecutionSuccessful {
		t.Errorf("%d rules, invocations %+v", len(run.Tool.Driver.Rules), run.Invocations)
	}
	var got []string
	harResults := 0
	harData, err := os.ReadFile(harFile)
	if err != nil {
		t.Fatal(err)
	}
	harLines := strings.Split(string(harData), "\n")
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID || r.Message.Text == "" {
			t.Errorf("result %v: ruleIndex %d does not name its rule, or no message", r.RuleID, r.RuleIndex)
		}
		loc := r.Locations[0].PhysicalLocation
		u, err := url.Parse(loc.ArtifactLocation.URI)
		if !uriChars.MatchString(loc.ArtifactLocation.URI) || err != nil {
			t.Fatalf("artifact URI %q: %v", loc.ArtifactLocation.URI, err)
		}
		name := filepath.FromSlash(u.Path)
		if u.Scheme != "file" && !filepath.IsAbs(name) {
			name = filepath.Clean(name)
		}
		switch {
		case r.RuleID == unreadable:
			if name != filepath.Join(dir, "missing.http") || r.Level != "error" {
				t.Errorf("unreadable result %+v (file %s)", r, name)
			}
		case strings.HasSuffix(name, ".har"):
			harResults++
			if name != filepath.Clean(harFile) || loc.Region == nil || !strings.HasPrefix(r.Message.Text, "entries[") {
				t.Errorf("a HAR finding %q in %s has no region of its entry: %+v", r.Message.Text, name, loc.Region)
				continue
			}
			if l := []rune(harLines[loc.Region.StartLine-1]); loc.Region.StartColumn < 1 || loc.Region.StartColumn > len(l) || l[loc.Region.StartColumn-1] != '{' {
				t.Errorf("a HAR finding's region %+v does not start at an entry's {", loc.Region)
			}
		case strings.HasSuffix(name, "many.http"):
		default:
			if _, err := os.Stat(name); err != nil {
				t.Errorf("the URI %q does not name a file: %v", loc.ArtifactLocation.URI, err)
			}
			got = append(got, filepath.Base(name)+":"+strconv.Itoa(loc.Region.StartLine)+" "+r.RuleID+" "+r.Level+" "+r.Properties["blame"].(string))
		}
	}
	want := []string{"my capture#2.http:82 context-match note client", "my capture#2.http:87 context-mismatch error agent", "rest-content-type.http:26 rest-content-type warning agent"}
	if diff := cmp.Diff(want, got); diff != "" || harResults == 0 {
		t.Errorf("%d HAR results; results (-want +got):\n%s", harResults, diff)
	}
	if !strings.Contains(out, `"uri": "`+fileURI(odd)+`"`) || !strings.Contains(fileURI(odd), "my%20capture%232.http") {
		t.Errorf("the log lacks the URI %s", fileURI(odd))
	}
	notes := run.Invocations[0].Notifications
	if len(notes) != 2 || notes[1].AssociatedRule.ID != "a2a-version" || notes[1].Properties["omitted"] != float64(2) ||
		notes[0].Message.Text != "3 more warnings of rule rest-content-type not shown (-max 1)" || run.Properties["omitted"] != float64(5) {
		t.Errorf("notifications %+v, run properties %v; want 3 of rest-content-type and 2 of a2a-version left out", notes, run.Properties)
	}
}

// uriChars is what RFC 3986 lets a URI hold: unreserved and reserved
// characters, and percent-encoded bytes.
var uriChars = regexp.MustCompile(`^([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-F]{2})*$`)

// validSARIF validates a log against the SARIF 2.1.0 schema, formats
// (uri, uri-reference) asserted; and makes sure the validation can fail.
// testdata/sarif-schema-2.1.0.json is the OASIS schema as its $id names
// it (oasis-tcs/sarif-spec, Schemata/sarif-schema-2.1.0.json).
func validSARIF(t *testing.T, log string) {
	t.Helper()
	f, err := os.Open("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	schema, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const id = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(id, schema); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		doc   string
		valid bool
	}{
		{log, true},
		{strings.Replace(log, `"level": "error"`, `"level": "fatal"`, 1), false},
		{strings.Replace(log, `"startLine": `, `"startLine": -`, 1), false},
	} {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(s.doc))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(doc); (err == nil) != s.valid {
			t.Errorf("valid %v, want %v: %v", err == nil, s.valid, err)
		}
	}
}

// TestFileURI: file names as RFC 3986 URI references, which read back
// as the name.
func TestFileURI(t *testing.T) {
	for name, want := range map[string]string{
		"my capture#2.http":       "my%20capture%232.http",
		"a/b c/d?.har":            "a/b%20c/d%3F.har",
		"x:y.http":                "x%3Ay.http",
		"100%.http":               "100%25.http",
		"ünï.http":                "%C3%BCn%C3%AF.http",
		"/tmp/my capture#2.http":  "file:///tmp/my%20capture%232.http",
		"../t/11-wrong-task.http": "../t/11-wrong-task.http",
	} {
		got := fileURI(name)
		if got != want {
			t.Errorf("fileURI(%q) = %q, want %q", name, got, want)
		}
		u, err := url.Parse(got)
		if err != nil || u.Path != name || u.Fragment != "" || u.RawQuery != "" {
			t.Errorf("%q reads back as %+v, %v", got, u, err)
		}
	}
}

// TestCheckJUnit: JUnit XML that reads back: a testsuite per file, a
// testcase per rule, failed by the rule's findings that fail the run,
// which its failure lists; the others in system-out; a file that cannot
// be read an error.
func TestCheckJUnit(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.http")
	code, out, _ := runChecked(t, "-format", "junit", "-max", "1", rules+"context-mismatch.http", rules+"rest-content-type.http", bigFile(t, 3), missing)
	if code != 2 || !strings.HasPrefix(out, xml.Header) {
		t.Errorf("exit %d, want 2; header %q", code, out[:min(len(out), 60)])
	}
	var doc junitSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	if len(doc.Suites) != 4 || doc.Tests != 3*len(check.Rules)+1 || doc.Failures != 2 || doc.Errors != 1 {
		t.Fatalf("%d suites, %d tests, %d failures, %d errors", len(doc.Suites), doc.Tests, doc.Failures, doc.Errors)
	}
	cases := map[string]junitCase{}
	for _, s := range doc.Suites {
		if s.Tests != len(s.Cases) {
			t.Errorf("suite %s says %d tests, has %d", s.Name, s.Tests, len(s.Cases))
		}
		for _, c := range s.Cases {
			if c.Classname != s.Name {
				t.Errorf("testcase %s of suite %s has classname %s", c.Name, s.Name, c.Classname)
			}
			cases[filepath.Base(s.Name)+" "+c.Name] = c
		}
	}
	if c := cases["context-mismatch.http context-mismatch §3.4.3"]; c.Failure == nil || c.Failure.Type != "violation" ||
		!strings.Contains(c.Failure.Text, "context-mismatch.http:87: §3.4.3 (agent): the agent accepted") {
		t.Errorf("context-mismatch: %+v", c)
	}
	if c := cases["context-mismatch.http context-match §4.1.4"]; c.Failure != nil || !strings.Contains(c.SystemOut, "(client): note:") {
		t.Errorf("context-match, a note: %+v", c)
	}
	if c := cases["rest-content-type.http rest-content-type §11.1"]; c.Failure != nil || !strings.Contains(c.SystemOut, "warning") {
		t.Errorf("rest-content-type, a warning: %+v", c)
	}
	if c := cases["many.http a2a-version §3.6.1"]; c.Failure == nil || c.Failure.Message != "3 findings of rule a2a-version" ||
		!strings.Contains(c.Failure.Text, "2 more findings of rule a2a-version not shown (-max 1)") {
		t.Errorf("a2a-version past -max: %+v", c)
	}
	if c := cases["missing.http unreadable"]; c.Error == nil || !strings.Contains(c.Error.Message, "no such file") {
		t.Errorf("missing file: %+v", c)
	}
	if c := cases["context-mismatch.http role §4.1.5"]; c.Failure != nil || c.Error != nil || c.SystemOut != "" {
		t.Errorf("a rule without findings: %+v", c)
	}

	// With -strict, the warning fails its testcase.
	_, out, _ = runChecked(t, "-format", "junit", "-strict", rules+"rest-content-type.http")
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Failures != 1 {
		t.Errorf("-strict: %d failures, want the warning's", doc.Failures)
	}
}

// TestCheckBound: a file past -max per rule says how many more it found.
func TestCheckBound(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "many.http")
	var b strings.Builder
	b.WriteString("# a2aplay transcript 1\n# participant: client\n# participant: agent http://localhost:41242\n")
	for i := 1; i <= 30; i++ {
		b.WriteString("\n### " + strconv.Itoa(i) + " SendMessage\n# @from client\n# @to agent\n# @at 2026-10-06T09:00:00.000Z\nPOST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\n\n")
		b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"hi"}]}}}` + "\n")
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runChecked(t, "-max", "5", file)
	if code != 1 || strings.Count(out, "\n") != 5 || !strings.Contains(errOut, "25 more findings of rule a2a-version not shown (-max 5)") ||
		!strings.Contains(errOut, "30 violations") {
		t.Errorf("exit %d, %d lines, stderr %q", code, strings.Count(out, "\n"), errOut)
	}
}

// TestCheckInterrupt: Ctrl-C stops a check of a huge file within a
// second: a real SIGINT to the built command.
func TestCheckInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and writes a large file")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "a2aplay")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	big := filepath.Join(dir, "big.http")
	if err := os.WriteFile(big, bigTranscript(200000), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check", big, big, big, big, big, big, big, big)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	took := time.Since(sent)
	if took > time.Second {
		t.Errorf("exit %v after SIGINT; want within a second", took)
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("after SIGINT: %v, stderr %q; want exit 1 saying interrupted", err, stderr.String())
	}
	t.Logf("exited %v after SIGINT", took)
}

// bigTranscript is n exchanges without the version header: one finding
// each.
func bigTranscript(n int) []byte {
	var b bytes.Buffer
	b.WriteString("# a2aplay transcript 1\n# participant: client\n# participant: agent http://localhost:41242\n")
	for i := 1; i <= n; i++ {
		b.WriteString("\n### ")
		b.WriteString(strconv.Itoa(i))
		b.WriteString(" SendMessage\n# @from client\n# @to agent\n# @at 2026-10-06T09:00:00.000Z\nPOST http://localhost:41242/ HTTP/1.1\nContent-Type: application/json\n\n")
		b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"hi"}]}}}` + "\n")
	}
	return b.Bytes()
}

// TestCheckReadsByContent checks that check tells a HAR file from a
// transcript by what it holds, as the page does, and refuses other files
// in the page's words.
func TestCheckReadsByContent(t *testing.T) {
	dir := t.TempDir()
	harData, err := os.ReadFile("../../replay/har/testdata/chrome-deploy.har")
	if err != nil {
		t.Fatal(err)
	}
	logJSON := filepath.Join(dir, "network-log.json")
	picture := filepath.Join(dir, "picture.har")
	if err := os.WriteFile(logJSON, harData, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(picture, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runChecked(t, logJSON); code != 0 {
		t.Errorf("check of a HAR named .json: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runChecked(t, picture); code == 0 || !strings.Contains(errOut, "not an a2aplay transcript or HAR") || !strings.Contains(errOut, "PNG picture") {
		t.Errorf("check of a picture named .har: exit %d, %q", code, errOut)
	}
}

// TestCheckJSONDocumented: the example of -format json in the package
// documentation is what the command prints, and the documentation names
// every member the document has.
func TestCheckJSONDocumented(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	start := strings.Index(doc, "//\t{\n")
	end := strings.Index(doc[max(start, 0):], "//\t}\n")
	if start < 0 || end < 0 {
		t.Fatal("doc.go has no example document")
	}
	var want strings.Builder
	for _, l := range strings.SplitAfter(doc[start:start+end+len("//\t}\n")], "\n") {
		want.WriteString(strings.TrimPrefix(l, "//\t"))
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("session.http", bigTranscript(3), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runChecked(t, "-format", "json", "-max", "1", "session.http", "gone.http")
	if diff := cmp.Diff(want.String(), out); diff != "" || code != 2 {
		t.Errorf("exit %d; the documented example differs (-doc +got):\n%s", code, diff)
	}
	var members []string
	for _, typ := range []any{jsonReport{}, jsonFinding{}, jsonOmitted{}, summary{}} {
		b, _ := json.Marshal(typ)
		var m map[string]any
		json.Unmarshal(b, &m)
		for k := range m {
			members = append(members, k)
		}
	}
	for _, k := range members {
		if !strings.Contains(doc, "//   - "+k+":") && !strings.Contains(doc, " "+k+" ") && !strings.Contains(doc, " "+k+",") && !strings.Contains(doc, "("+k+")") {
			t.Errorf("doc.go does not describe the member %q", k)
		}
	}
}
