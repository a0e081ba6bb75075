package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

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

	code, out, errOut = runChecked(t, rules+"context-mismatch.http", rules+"role.http")
	want := []string{
		rules + `context-mismatch.http:82: §4.1.4: the message names task t1 with contextId c9, but the task's contextId is c1; send the task's own contextId, or the taskId alone`,
		rules + `context-mismatch.http:87: §3.4.3: the agent accepted a message for task t1 whose contextId c9 is not the task's (c1); it must reject it`,
		rules + `role.http:21: §4.1.5: warning: the client sends a message with ROLE_AGENT; a client's message has ROLE_USER`,
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSpace(out), "\n")); diff != "" || code != 1 {
		t.Errorf("exit %d; findings (-want +got):\n%s", code, diff)
	}
	if !strings.Contains(errOut, "a2aplay check: 2 violations, 1 warning") {
		t.Errorf("stderr %q lacks the count", errOut)
	}

	// Warnings alone pass, unless -strict; -q hides them.
	code, out, _ = runChecked(t, "-q", rules+"context-mismatch.http", rules+"role.http")
	if code != 1 || strings.Contains(out, "warning") {
		t.Errorf("-q: exit %d, output %q", code, out)
	}
	if code, _, _ = runChecked(t, rules+"role.http"); code != 0 {
		t.Errorf("a warning alone: exit %d, want 0", code)
	}
	if code, _, _ = runChecked(t, "-strict", rules+"role.http"); code != 1 {
		t.Errorf("-strict with a warning: exit %d, want 1", code)
	}

	code, _, errOut = runChecked(t, "../../check/testdata/missing.http")
	if code != 1 || !strings.Contains(errOut, "1 of 1 files could not be read") {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{{}, {"-format", "xml", rules + "role.http"}, {"-explain", "no-such-rule"}, {"-max", "-1", rules + "role.http"}} {
		if code, _, _ = runChecked(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
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

func TestCheckJSON(t *testing.T) {
	code, out, _ := runChecked(t, "-format", "json", "../../transcripts/11-wrong-task.http")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines:\n%s", code, len(lines), out)
	}
	var f jsonFinding
	if err := json.Unmarshal([]byte(lines[1]), &f); err != nil {
		t.Fatal(err)
	}
	want := jsonFinding{File: "../../transcripts/11-wrong-task.http", Line: f.Line, Exchange: 5, Rule: "message-to-terminal",
		Section: "3.1.1", Severity: "violation", By: "agent", Message: f.Message, Deviation: "a2a-go v2.4.0"}
	if diff := cmp.Diff(want, f); diff != "" || f.Line == 0 || !strings.HasPrefix(f.Message, "a message to task") {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCheckSARIF: the log has what SARIF 2.1.0 requires (version, runs,
// each run's tool.driver.name, each result's message text), findings on
// their lines, rules with links, and a HAR's findings without a region.
func TestCheckSARIF(t *testing.T) {
	_, out, _ := runChecked(t, "-format", "sarif", rules+"context-mismatch.http", rules+"role.http", "../../replay/har/testdata/firefox-rest.har")
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if log["version"] != "2.1.0" || log["$schema"] == nil {
		t.Errorf("version %v, $schema %v", log["version"], log["$schema"])
	}
	runs, _ := log["runs"].([]any)
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	run := runs[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	if driver["name"] != "a2aplay check" || len(driver["rules"].([]any)) != len(check.Rules) {
		t.Errorf("driver %v", driver["name"])
	}
	results := run["results"].([]any)
	var got []string
	har := 0
	for _, r := range results {
		r := r.(map[string]any)
		msg := r["message"].(map[string]any)["text"].(string)
		loc := r["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
		uri := loc["artifactLocation"].(map[string]any)["uri"].(string)
		rules := driver["rules"].([]any)
		idx := int(r["ruleIndex"].(float64))
		if rules[idx].(map[string]any)["id"] != r["ruleId"] || msg == "" {
			t.Errorf("result %v: ruleIndex %d does not name its rule, or no message", r["ruleId"], idx)
		}
		if strings.HasSuffix(uri, ".har") {
			har++
			if loc["region"] != nil || !strings.HasPrefix(msg, "exchange ") {
				t.Errorf("a HAR finding has a region, or its message %q does not name the exchange", msg)
			}
			continue
		}
		got = append(got, filepath.Base(uri)+":"+jsonNumber(loc["region"].(map[string]any)["startLine"])+" "+r["ruleId"].(string)+" "+r["level"].(string))
	}
	want := []string{"context-mismatch.http:82 context-match error", "context-mismatch.http:87 context-mismatch error", "role.http:21 role warning"}
	if diff := cmp.Diff(want, got); diff != "" || har == 0 {
		t.Errorf("%d HAR results; results (-want +got):\n%s", har, diff)
	}
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
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
