package agents

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
)

// TestReviewGolden reviews each testdata/*.diff against main and compares
// the review with testdata/NAME.review.json.
func TestReviewGolden(t *testing.T) {
	diffs, err := filepath.Glob("testdata/*.diff")
	if err != nil || len(diffs) == 0 {
		t.Fatalf("no testdata diffs: %v", err)
	}
	for _, path := range diffs {
		name := strings.TrimSuffix(filepath.Base(path), ".diff")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rv, err := ReviewDiff(name, "main", string(src))
			if err != nil {
				t.Fatalf("ReviewDiff: %v", err)
			}
			got, err := json.MarshalIndent(rv, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden.Check(t, filepath.Join("testdata", name+".review.json"), got)
		})
	}
}

func TestSampleDiff(t *testing.T) {
	rv, err := ReviewDiff(SampleRepository, SampleBase, SampleDiff)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sampleReview(SampleBase), rv); diff != "" {
		t.Errorf("review of SampleDiff (-want +got):\n%s", diff)
	}
}

// fileDiff wraps added and removed lines into a one-hunk diff of a
// modified file.
func fileDiff(path string, lines ...string) string {
	var old, new int
	var body strings.Builder
	for _, l := range lines {
		switch l[0] {
		case '+':
			new++
		case '-':
			old++
		default:
			old++
			new++
		}
		body.WriteString(l + "\n")
	}
	var b strings.Builder
	b.WriteString("diff --git a/" + path + " b/" + path + "\n")
	b.WriteString("--- a/" + path + "\n+++ b/" + path + "\n")
	b.WriteString("@@ -10," + itoa(old) + " +10," + itoa(new) + " @@\n")
	b.WriteString(body.String())
	return b.String()
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestReviewRules(t *testing.T) {
	tests := []struct {
		name string
		diff string
		want []Finding
	}{
		{"todo and fixme", fileDiff("a.go", " x", "+// TODO: later", "+y := 1 // FIXME"), []Finding{
			{Rule: "todo", Severity: "warning", Path: "a.go", Line: 11, Message: "TODO comment left in the change"},
			{Rule: "todo", Severity: "warning", Path: "a.go", Line: 12, Message: "FIXME comment left in the change"},
		}},
		{"todo in a removed line is no finding", fileDiff("a.go", "-// TODO: done"), nil},
		{"debug prints", fileDiff("web/app.js", "+console.log(state)", "+logger.println(x)"), []Finding{
			{Rule: "debug-print", Severity: "warning", Path: "web/app.js", Line: 10, Message: "debug print left in non-test code: console.log(state)"},
		}},
		{"prints in tests are fine", fileDiff("a_test.go", "+\tfmt.Println(got)"), nil},
		{"stripe key", fileDiff("config.go", `+const key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"`), []Finding{
			{Rule: "secret", Severity: "error", Path: "config.go", Line: 10, Message: "looks like a Stripe secret key (sk_l…); keep secrets out of source"},
		}},
		{"password", fileDiff("db.py", `+DB_PASSWORD = "hunter2hunter2"`), []Finding{
			{Rule: "secret", Severity: "error", Path: "db.py", Line: 10, Message: "looks like a hard-coded credential (PASS…); keep secrets out of source"},
		}},
		{"private key", fileDiff("k.pem", "+-----BEGIN RSA PRIVATE KEY-----"), []Finding{
			{Rule: "secret", Severity: "error", Path: "k.pem", Line: 10, Message: "looks like a private key (----…); keep secrets out of source"},
		}},
		{"long line", fileDiff("a.txt", "+"+strings.Repeat("é", MaxLineLength+1)), []Finding{
			{Rule: "long-line", Severity: "info", Path: "a.txt", Line: 10, Message: "line is 121 characters long (limit 120)"},
		}},
		{"120 characters is fine", fileDiff("a.txt", "+"+strings.Repeat("a", MaxLineLength)), nil},
		{"trailing whitespace", fileDiff("a.txt", "+x \t"), []Finding{
			{Rule: "trailing-whitespace", Severity: "info", Path: "a.txt", Line: 10, Message: "trailing whitespace"},
		}},
		{"conflict markers", fileDiff("a.txt", "+<<<<<<< HEAD", "+=======", "+>>>>>>> topic"), []Finding{
			{Rule: "conflict-marker", Severity: "error", Path: "a.txt", Line: 10, Message: "merge conflict marker"},
			{Rule: "conflict-marker", Severity: "error", Path: "a.txt", Line: 11, Message: "merge conflict marker"},
			{Rule: "conflict-marker", Severity: "error", Path: "a.txt", Line: 12, Message: "merge conflict marker"},
		}},
		{"ignored error", fileDiff("a.go", "+\t_ = f.Close()", "+\tn, _ := strconv.Atoi(s)", "+\tv, ok := m[k]"), []Finding{
			{Rule: "ignored-error", Severity: "warning", Path: "a.go", Line: 10, Message: "a returned value, perhaps an error, is discarded with _"},
			{Rule: "ignored-error", Severity: "warning", Path: "a.go", Line: 11, Message: "a returned value, perhaps an error, is discarded with _"},
		}},
		{"removed test function", fileDiff("pay_test.go", " }", "-func TestRefund(t *testing.T) {", "-}"), []Finding{
			{Rule: "removed-test", Severity: "warning", Path: "pay_test.go", Line: 11, Message: "test function removed: func TestRefund(t *testing.T)"},
		}},
		{"deleted test file", "diff --git a/x_test.go b/x_test.go\ndeleted file mode 100644\nindex 1111111..0000000\n--- a/x_test.go\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-package x\n", []Finding{
			{Rule: "removed-test", Severity: "warning", Path: "x_test.go", Message: "test file deleted"},
		}},
		{"no newline at end of file", fileDiff("a.txt", "+last") + "\\ No newline at end of file\n", []Finding{
			{Rule: "no-newline-at-eof", Severity: "info", Path: "a.txt", Line: 10, Message: "no newline at end of file"},
		}},
		{"binary file", "diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\nBinary files a/logo.png and b/logo.png differ\n", []Finding{
			{Rule: "binary-file", Severity: "info", Path: "logo.png", Message: "binary file modified; its content is not reviewed"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rv, err := ReviewDiff("r", "main", tt.diff)
			if err != nil {
				t.Fatalf("ReviewDiff: %v\n%s", err, tt.diff)
			}
			want := tt.want
			if want == nil {
				want = []Finding{}
			}
			if diff := cmp.Diff(want, rv.Findings); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
			if rv.Totals.Findings != len(rv.Findings) {
				t.Errorf("totals.findings = %d, findings %d", rv.Totals.Findings, len(rv.Findings))
			}
		})
	}
}

func TestReviewFiles(t *testing.T) {
	diff := "diff --git a/old/name.go b/new/name.go\nsimilarity index 90%\nrename from old/name.go\nrename to new/name.go\nindex 1111111..2222222 100644\n--- a/old/name.go\n+++ b/new/name.go\n@@ -1,2 +1,2 @@\n package name\n-var a = 1\n+var a = 2\n" +
		"diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\nindex 1111111..0000000\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n" +
		"--- plain.txt\t2026-10-06 09:00:00\n+++ plain.txt\t2026-10-06 09:01:00\n@@ -1 +1,2 @@\n one\n+two\n"
	rv, err := ReviewDiff("r", "main", diff)
	if err != nil {
		t.Fatal(err)
	}
	want := []FileChange{
		{Path: "new/name.go", OldPath: "old/name.go", Change: "renamed", Added: 1, Removed: 1},
		{Path: "gone.txt", Change: "deleted", Removed: 2},
		{Path: "plain.txt", Change: "modified", Added: 1},
	}
	if diff := cmp.Diff(want, rv.Files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if got := (Totals{Files: 3, Added: 2, Removed: 3}); got != rv.Totals {
		t.Errorf("totals = %+v, want %+v", rv.Totals, got)
	}
}

func TestReviewErrors(t *testing.T) {
	tests := []struct {
		name string
		diff string
		is   error
		text string
	}{
		{"empty", "  \n", ErrNoDiff, "the diff is empty"},
		{"prose", "please review my change", ErrNoDiff, "found no file header"},
		{"hunk too short", "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n", ErrBadDiff, "does not parse"},
		{"bad hunk header", "--- a/x\n+++ b/x\n@@ -1,x +1 @@\n a\n", ErrBadDiff, "does not parse"},
		{"new file with old lines", "diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -1,1 +1,1 @@\n-a\n+b\n", ErrBadDiff, "does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReviewDiff("r", "main", tt.diff)
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.text) {
				t.Errorf("err = %v, want %v with %q", err, tt.is, tt.text)
			}
		})
	}
}

// FuzzReviewDiff checks that no input makes the review panic and that a
// review's totals add up.
func FuzzReviewDiff(f *testing.F) {
	diffs, _ := filepath.Glob("testdata/*.diff")
	for _, p := range diffs {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(fileDiff("a.go", " x", "+// TODO", "-y"))
	f.Add("--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n")
	f.Add("diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\nBinary files a/logo.png and b/logo.png differ\n")
	f.Fuzz(func(t *testing.T, diff string) {
		rv, err := ReviewDiff("r", "main", diff)
		if err != nil {
			if !errors.Is(err, ErrNoDiff) && !errors.Is(err, ErrBadDiff) {
				t.Fatalf("error %v wraps neither ErrNoDiff nor ErrBadDiff", err)
			}
			return
		}
		var added, removed int
		for _, f := range rv.Files {
			added += f.Added
			removed += f.Removed
		}
		if rv.Totals != (Totals{Files: len(rv.Files), Added: added, Removed: removed, Findings: len(rv.Findings)}) {
			t.Fatalf("totals %+v do not add up", rv.Totals)
		}
	})
}

// FuzzReadInputs checks the message readers never panic, and that what
// they take from any words passes the checks they apply.
func FuzzReadInputs(f *testing.F) {
	f.Add("deploy 2026.10.06-1 to staging", "main")
	f.Add("please deploy build x to prod.", "`release/1.2`")
	f.Add("", "main or develop")
	f.Add("Please review this diff of payments-api against main:\n```diff\n"+SampleDiff+"```\nthanks", "use the develop branch")
	f.Add("repo: acme/billing, base: release/2026.10", "env=qa build #42")
	f.Add("Task 1 for pagination", "v1.4.2 prod")
	f.Add("data:text/x-diff;base64,LS0tIGEveAorKysgYi94Cg==", "data:,%zz")
	f.Fuzz(func(t *testing.T, text, answer string) {
		for _, asked := range []reviewAsk{askNothing, askRepository, askDiff, askBase} {
			rt, err := readReview(reviewRequest{}, NewAnswerMessage(a2a.TaskInfo{}, text), asked)
			if err != nil {
				t.Fatalf("words alone gave an error no answer fixes: %v", err)
			}
			rt, _ = readReview(rt.req, NewAnswerMessage(a2a.TaskInfo{}, answer), rt.ask)
			if b := rt.req.Base; b != "" && checkBranch(b) != nil {
				t.Fatalf("%q then %q: base %q, which checkBranch refuses", text, answer, b)
			}
			if r := rt.req.Repository; r != "" && checkRepository(r) != nil {
				t.Fatalf("%q then %q: repository %q, which checkRepository refuses", text, answer, r)
			}
		}
		// The same bytes as metadata, a url part and a raw part.
		meta := a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(answer))
		meta.Metadata = map[string]any{"diff": text, "repository": answer, "base": text, "build": answer, "environment": text}
		readReview(reviewRequest{}, meta, askNothing)
		readDeploy(deployRequest{}, meta, askNoDeploy)
		readReview(reviewRequest{}, a2a.NewMessage(a2a.MessageRoleUser, &a2a.Part{Content: a2a.URL(text)}, &a2a.Part{Content: a2a.Raw(answer), MediaType: "text/plain"}), askNothing)
		for _, asked := range []deployAsk{askNoDeploy, askBuild, askEnvironment, askDeploy} {
			dt, _ := readDeploy(deployRequest{}, NewAnswerMessage(a2a.TaskInfo{}, text), asked)
			dt, _ = readDeploy(dt.req, NewAnswerMessage(a2a.TaskInfo{}, answer), dt.ask)
			if b := dt.req.Build; b != "" && checkBuild(b) != nil {
				t.Fatalf("build %q refused by checkBuild", b)
			}
			if e := dt.req.Environment; e != "" && (checkEnvironment(e) != nil || knownEnvironment(e) != e) {
				t.Fatalf("environment %q: not one the deployer knows by that name", e)
			}
		}
	})
}
