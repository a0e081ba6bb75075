package agents

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

func text(s string) *a2a.Part { return a2a.NewTextPart(s) }

func userMsg(parts ...*a2a.Part) *a2a.Message { return a2a.NewMessage(a2a.MessageRoleUser, parts...) }

func withMeta(m *a2a.Message, meta map[string]any) *a2a.Message {
	m.Metadata = meta
	return m
}

// TestReadReview reads review requests as people and programs send them.
func TestReadReview(t *testing.T) {
	diff := SampleDiff
	b64 := base64.StdEncoding.EncodeToString([]byte(diff))
	broken := strings.Replace(diff, "@@ -0,0 +1,23 @@", "@@ -0,0 +1,29 @@", 1)
	tests := []struct {
		name     string
		msg      *a2a.Message
		asked    reviewAsk
		prior    reviewRequest
		wantRepo string
		wantBase string
		wantDiff bool
		wantAsk  reviewAsk
		reason   string // a part of the reason, "" for none
	}{
		// A request sentence, then the diff, in one text part.
		{name: "sentence then diff", msg: userMsg(text("Please review this diff of payments-api against main:\n" + diff)),
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "fenced diff", msg: userMsg(text("Review my change to the payments-api repository.\n\n```diff\n" + diff + "```\nThanks!")),
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase},
		{name: "sentence and diff in two parts", msg: userMsg(text("payments-api, compared to develop"), text(diff)),
			wantRepo: "payments-api", wantBase: "develop", wantDiff: true},
		{name: "the branch word after the name", msg: userMsg(text("Check payments-api against the release/2026.10 branch.\n" + diff)),
			wantRepo: "payments-api", wantBase: "release/2026.10", wantDiff: true},
		{name: "vs.", msg: userMsg(text("payments-api vs. main\n" + diff)), wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "base is", msg: userMsg(text("Please review the diff below for payments-api. The base is develop.\n" + diff)),
			wantRepo: "payments-api", wantBase: "develop", wantDiff: true},
		{name: "repo and base keywords, unknown repository", msg: userMsg(text("Can you review this for repo acme/billing, base branch release-7?\n" + diff)),
			wantRepo: "acme/billing", wantBase: "release-7", wantDiff: true},
		{name: "a slug after of", msg: userMsg(text("a diff of billing-svc\n" + diff)), wantRepo: "billing-svc", wantDiff: true, wantAsk: askBase},
		{name: "capitalised keywords", msg: userMsg(text("REVIEW REPOSITORY payments-api AGAINST main\n" + diff)),
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},

		// What it must still ask about.
		{name: "diff alone", msg: userMsg(text(diff)), wantDiff: true, wantAsk: askRepository},
		{name: "words alone", msg: userMsg(text("review this please")), wantAsk: askRepository},
		{name: "this repository is not a name", msg: userMsg(text("Review this diff in this repository:\n" + diff)), wantDiff: true, wantAsk: askRepository},
		{name: "repository, no diff", msg: userMsg(text("review payments-api against main")), wantRepo: "payments-api", wantBase: "main", wantAsk: askDiff},
		{name: "unknown branch", msg: userMsg(text("payments-api against no-such-branch\n" + diff)),
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase, reason: `There is no branch "no-such-branch" in payments-api; its branches are main, develop and release/2026.10.`},
		{name: "not a branch name", msg: userMsg(text(diff), a2a.NewDataPart(map[string]any{"repository": "payments-api", "base": "main..dev"})),
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase, reason: "is not a branch name"},
		{name: "broken diff", msg: userMsg(text("payments-api against main\n" + broken)),
			wantRepo: "payments-api", wantBase: "main", wantAsk: askDiff, reason: "does not parse"},
		{name: "two diffs", msg: userMsg(text(diff), text(diff), a2a.NewDataPart(map[string]any{"repository": "r"})),
			wantRepo: "r", wantAsk: askDiff, reason: "holds 2 diffs"},
		{name: "an image is no diff", msg: userMsg(text("payments-api"), &a2a.Part{Content: a2a.Raw{0x89, 'P', 'N', 'G'}, MediaType: "image/png"}),
			wantRepo: "payments-api", wantAsk: askDiff, reason: "A raw part of type image/png is not a diff"},
		{name: "an http URL is not fetched", msg: userMsg(text("payments-api"), &a2a.Part{Content: a2a.URL("https://example.com/change.diff")}),
			wantRepo: "payments-api", wantAsk: askDiff, reason: "I do not fetch URLs"},

		// Programs: data parts, metadata, raw and data: URL parts.
		{name: "data part and raw diff", msg: userMsg(&a2a.Part{Content: a2a.Raw(diff), MediaType: MediaTypeDiff}, a2a.NewDataPart(map[string]any{"repository": "payments-api"})),
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase},
		{name: "diff in data", msg: userMsg(a2a.NewDataPart(map[string]any{"repository": "x", "diff": diff, "base": "main"})),
			wantRepo: "x", wantBase: "main", wantDiff: true},
		{name: "metadata", msg: withMeta(userMsg(text(diff)), map[string]any{"repository": "payments-api", "base": "develop"}),
			wantRepo: "payments-api", wantBase: "develop", wantDiff: true},
		{name: "diff in metadata", msg: withMeta(userMsg(text("please review")), map[string]any{"repository": "payments-api", "diff": diff, "base": "main"}),
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "data: URL", msg: userMsg(text("payments-api against main"), &a2a.Part{Content: a2a.URL("data:text/x-diff;base64," + b64)}),
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "raw text/plain file", msg: userMsg(text("payments-api"), &a2a.Part{Content: a2a.Raw(diff), MediaType: "text/plain", Filename: "change.txt"}),
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase},

		// Answers, read against the question they answer.
		{name: "answer: a branch", msg: userMsg(text("  main\n")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "answer: quoted", msg: userMsg(text("`develop`")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantBase: "develop", wantDiff: true},
		{name: "answer: a sentence", msg: userMsg(text("Use the develop branch, please.")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantBase: "develop", wantDiff: true},
		{name: "answer: against", msg: userMsg(text("compare it against release/2026.10.")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantBase: "release/2026.10", wantDiff: true},
		{name: "answer: data", msg: userMsg(a2a.NewDataPart(map[string]any{"base": "main"})), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "answer: two branches", msg: userMsg(text("main or develop?")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase, reason: "I could not read one branch name"},
		{name: "answer: blank", msg: userMsg(text("   ")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase, reason: "holds no branch name"},
		{name: "answer: no such branch", msg: userMsg(text("no-such-branch")), asked: askBase, prior: reviewRequest{Repository: "payments-api", Diff: diff},
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase, reason: `no branch "no-such-branch" in payments-api`},
		{name: "answer: a repository", msg: userMsg(text("payments-api")), asked: askRepository, prior: reviewRequest{Diff: diff},
			wantRepo: "payments-api", wantDiff: true, wantAsk: askBase},
		{name: "answer: an unknown repository", msg: userMsg(text("It's the billing-svc repo.")), asked: askRepository, prior: reviewRequest{Diff: diff},
			wantRepo: "billing-svc", wantDiff: true, wantAsk: askBase},
		{name: "answer: a repository and a base", msg: userMsg(text("acme/ledger, against main")), asked: askRepository, prior: reviewRequest{Diff: diff},
			wantRepo: "acme/ledger", wantBase: "main", wantDiff: true},
		{name: "answer: no repository", msg: userMsg(text("I don't know")), asked: askRepository, prior: reviewRequest{Diff: diff},
			wantDiff: true, wantAsk: askRepository, reason: "I could not find that in your answer."},
		{name: "answer: the diff", msg: userMsg(text(diff)), asked: askDiff, prior: reviewRequest{Repository: "payments-api", Base: "main"},
			wantRepo: "payments-api", wantBase: "main", wantDiff: true},
		{name: "answer: a sentence, not a diff", msg: userMsg(text("it's the refund change")), asked: askDiff, prior: reviewRequest{Repository: "payments-api"},
			wantRepo: "payments-api", wantAsk: askDiff, reason: "I could not find that in your answer."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readReview(tt.prior, tt.msg, tt.asked)
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if got.req.Repository != tt.wantRepo || got.req.Base != tt.wantBase || (got.req.Diff != "") != tt.wantDiff || got.ask != tt.wantAsk {
				t.Errorf("got repository %q base %q diff %v, asks %q; want %q %q %v, asks %q",
					got.req.Repository, got.req.Base, got.req.Diff != "", got.ask.question(), tt.wantRepo, tt.wantBase, tt.wantDiff, tt.wantAsk.question())
			}
			if !strings.Contains(got.reason, tt.reason) || (tt.reason == "") != (got.reason == "") {
				t.Errorf("reason %q, want %q", got.reason, tt.reason)
			}
			if got.req.Diff != "" && got.req.Diff != diff && !strings.HasPrefix(diff, strings.TrimSpace(got.req.Diff)) {
				t.Errorf("the diff read is not the diff sent:\n%q", clip(got.req.Diff, 200))
			}
		})
	}
}

// TestReadReviewErrors: what no answer can fix.
func TestReadReviewErrors(t *testing.T) {
	for _, m := range []*a2a.Message{
		userMsg(text(SampleDiff), a2a.NewDataPart(map[string]any{"repository": 7})),
		userMsg(a2a.NewDataPart(map[string]any{"repository": "r", "diff": []any{"x"}})),
		withMeta(userMsg(text(SampleDiff)), map[string]any{"base": true}),
	} {
		if _, err := readReview(reviewRequest{}, m, askNothing); err == nil || !strings.Contains(err.Error(), "must be a string") {
			t.Errorf("%v: error %v, want one saying the field must be a string", m.Parts, err)
		}
	}
}

// TestReadDeployNearMisses: requests that look a little like a deploy
// are asked about (INPUT_REQUIRED), never taken on a guess: a bare
// number is not a build, and an environment the deployer does not know
// is not one.
func TestReadDeployNearMisses(t *testing.T) {
	tests := []struct {
		text      string
		wantAsk   deployAsk
		wantBuild string // what it did take
		wantEnv   string
		says      []string // in the reason
	}{
		{"Task 1 for pagination", askDeploy, "", "", []string{`“1” does not look like a build id`, `no environment “pagination”`}},
		{"Fix bug 7 in the login page", askDeploy, "", "", []string{`“7” does not look like a build id`}},
		{"move task 3 to done", askDeploy, "", "", []string{`“3”`, `no environment “done”`}},
		{"deploy 1 to staging", askBuild, "", "staging", []string{`“1” does not look like a build id`}},
		{"deploy 42 to production", askBuild, "", "production", []string{`“42”`}},
		{"ship it to staging", askBuild, "", "staging", nil},
		{"deploy build x to prod", askBuild, "", "production", nil},
		{"roll out version two to staging", askBuild, "", "staging", nil},
		{"deploy 10 instances to staging", askBuild, "", "staging", []string{`“10”`}},
		{"deploy 2026.10.06-1 to pagination", askEnvironment, SampleBuild, "", []string{`no environment “pagination”`}},
		{"deploy 2026.10.06-1 for the pagination team", askEnvironment, SampleBuild, "", []string{`no environment “pagination”`}},
		{"deploy 2026.10.06-1 to staging2", askEnvironment, SampleBuild, "", []string{`no environment “staging2”`}},
		{"deploy 2026.10.06-1 on friday", askEnvironment, SampleBuild, "", []string{`no environment “friday”`}},
		{"deploy to staging-2", askDeploy, "", "", []string{`no environment “staging-2”`}},
		{"deploy 2026.10.06-1", askEnvironment, SampleBuild, "", nil},
		{"what can you do?", askDeploy, "", "", nil},
	}
	for _, tt := range tests {
		got, err := readDeploy(deployRequest{}, userMsg(text(tt.text)), askNoDeploy)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		if got.ask != tt.wantAsk || got.req.Build != tt.wantBuild || got.req.Environment != tt.wantEnv {
			t.Errorf("%q: took build %q environment %q, asks %q; want %q %q and %q", tt.text, got.req.Build, got.req.Environment, got.question(), tt.wantBuild, tt.wantEnv, tt.wantAsk.question())
		}
		for _, w := range tt.says {
			if !strings.Contains(got.reason, w) {
				t.Errorf("%q: the reason %q does not say %s", tt.text, got.reason, w)
			}
		}
	}
	// A program's data part is read as it says, but an environment the
	// deployer does not know is asked about all the same.
	got, _ := readDeploy(deployRequest{}, NewDeployMessage("1", "pagination"), askNoDeploy)
	if got.req.Build != "1" || got.ask != askEnvironment || !strings.Contains(got.reason, `no environment “pagination”`) {
		t.Errorf("data part with an unknown environment: %+v", got)
	}
}

// TestReadDeploy reads deploy requests in the usual phrasings.
func TestReadDeploy(t *testing.T) {
	const build, env = SampleBuild, SampleEnvironment
	tests := []struct {
		name      string
		msg       *a2a.Message
		asked     deployAsk
		prior     deployRequest
		wantBuild string
		wantEnv   string
		wantAsk   deployAsk
		question  string // for an ask
	}{
		{name: "the tutorial's words", msg: userMsg(text("deploy 2026.10.06-1 to staging")), wantBuild: build, wantEnv: env},
		{name: "ship build to the environment", msg: userMsg(text("please ship build 2026.10.06-1 to the staging environment")), wantBuild: build, wantEnv: env},
		{name: "polite, with a full stop", msg: userMsg(text("Please deploy build 2026.10.06-1 to staging.")), wantBuild: build, wantEnv: env},
		{name: "a question", msg: userMsg(text("Can you roll out 2026.10.06-1 on staging?")), wantBuild: build, wantEnv: env},
		{name: "release into", msg: userMsg(text("release 2026.10.06-1 into staging")), wantBuild: build, wantEnv: env},
		{name: "version in the env", msg: userMsg(text("Deploy version 2026.10.06-1 in the staging env")), wantBuild: build, wantEnv: env},
		{name: "environment first", msg: userMsg(text("staging environment, build 2026.10.06-1")), wantBuild: build, wantEnv: env},
		{name: "key: value", msg: userMsg(text("build: 2026.10.06-1, environment: staging")), wantBuild: build, wantEnv: env},
		{name: "key=value", msg: userMsg(text("deploy build=2026.10.06-1 env=staging")), wantBuild: build, wantEnv: env},
		{name: "shouting", msg: userMsg(text("DEPLOY 2026.10.06-1 TO STAGING")), wantBuild: build, wantEnv: env},
		{name: "to the environment, then the build", msg: userMsg(text("deploy to production the build 2026.10.06-1")), wantBuild: build, wantEnv: "production"},
		{name: "data part", msg: NewDeployMessage(build, env), wantBuild: build, wantEnv: env},
		{name: "metadata", msg: withMeta(userMsg(text("go")), map[string]any{"build": build, "environment": "Staging"}), wantBuild: build, wantEnv: env},

		{name: "no build", msg: userMsg(text("deploy to staging")), wantEnv: env, wantAsk: askBuild, question: "Which build should I deploy to staging?"},
		{name: "no environment", msg: userMsg(text("deploy 2026.10.06-1")), wantBuild: build, wantAsk: askEnvironment, question: "Which environment should I deploy 2026.10.06-1 to?"},
		{name: "nothing", msg: userMsg(text("deploy it")), wantAsk: askDeploy, question: DeployQuestion},
		{name: "a bad build", msg: NewDeployMessage("2026 10 06", env), wantEnv: env, wantAsk: askBuild},

		{name: "answer: a build", msg: userMsg(text("2026.10.06-1")), asked: askBuild, prior: deployRequest{Environment: env}, wantBuild: build, wantEnv: env},
		{name: "answer: an environment", msg: userMsg(text("to production, please")), asked: askEnvironment, prior: deployRequest{Build: build}, wantBuild: build, wantEnv: "production"},
		{name: "answer: a bare environment", msg: userMsg(text("qa")), asked: askEnvironment, prior: deployRequest{Build: build}, wantBuild: build, wantEnv: "qa"},
		{name: "answer: nothing usable", msg: userMsg(text("hmm, not sure")), asked: askEnvironment, prior: deployRequest{Build: build}, wantBuild: build, wantAsk: askEnvironment},
		{name: "answer: a bare number for the build asked", msg: userMsg(text("42")), asked: askBuild, prior: deployRequest{Environment: env}, wantBuild: "42", wantEnv: env},
		{name: "answer: both, bare", msg: userMsg(text("v1.4.2 prod")), asked: askDeploy, wantBuild: "v1.4.2", wantEnv: "production"},
		{name: "answer: both, in words", msg: userMsg(text("2026.10.06-1 to staging")), asked: askDeploy, wantBuild: build, wantEnv: env},
		{name: "answer: the environment only", msg: userMsg(text("staging")), asked: askDeploy, wantEnv: env, wantAsk: askBuild},
		{name: "answer: an unknown environment", msg: userMsg(text("pagination")), asked: askEnvironment, prior: deployRequest{Build: build}, wantBuild: build, wantAsk: askEnvironment},

		// Clear enough to ask an operator about.
		{name: "a short name of production", msg: userMsg(text("deploy v1.4.2 to Prod")), wantBuild: "v1.4.2", wantEnv: "production"},
		{name: "a build called one", msg: userMsg(text("deploy build 42 to staging")), wantBuild: "42", wantEnv: env},
		{name: "build #", msg: userMsg(text("ship build #1187 to qa")), wantBuild: "1187", wantEnv: "qa"},
		{name: "a commit", msg: userMsg(text("deploy 3f2a9c1 to dev")), wantBuild: "3f2a9c1", wantEnv: "development"},
		{name: "a release candidate", msg: userMsg(text("roll out 1.4.0-rc1 on test")), wantBuild: "1.4.0-rc1", wantEnv: "test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readDeploy(tt.prior, tt.msg, tt.asked)
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if got.req.Build != tt.wantBuild || got.req.Environment != tt.wantEnv || got.ask != tt.wantAsk {
				t.Errorf("got build %q environment %q asks %q; want %q %q %q", got.req.Build, got.req.Environment, got.question(), tt.wantBuild, tt.wantEnv, tt.wantAsk.question())
			}
			if tt.question != "" && got.question() != tt.question {
				t.Errorf("question %q, want %q", got.question(), tt.question)
			}
		})
	}
}

func TestSplitDiff(t *testing.T) {
	tests := []struct{ in, words, diff string }{
		{"no diff here", "no diff here", ""},
		{"diff --git a/x b/x\n", "", "diff --git a/x b/x\n"},
		{"look:\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", "look:\n", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"},
		{"look:\n```diff\n--- a/x\n+++ b/x\n```\nthanks", "look:\nthanks", "--- a/x\n+++ b/x\n"},
		{"--- not a diff\nbecause no plus line", "--- not a diff\nbecause no plus line", ""},
	}
	for _, tt := range tests {
		w, d := splitDiff(tt.in)
		if w != tt.words || d != tt.diff {
			t.Errorf("splitDiff(%q) = %q, %q; want %q, %q", tt.in, w, d, tt.words, tt.diff)
		}
	}
}
