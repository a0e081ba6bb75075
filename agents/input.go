package agents

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aproject/a2a-go/v2/a2a"
)

// The code-reviewer's questions. A question the reviewer asks again comes
// after the reason, so a status message always ends with one of them.
const (
	RepositoryQuestion = "Which repository is this diff of?"
	DiffQuestion       = "Please send the diff to review: paste the output of git diff as text."
	BaseBranchQuestion = "Which base branch should I compare this diff against?"
)

// Media types the agents read and write.
const (
	MediaTypeDiff = "text/x-diff"
	MediaTypeJSON = "application/json"
)

// reviewRequest is what the code-reviewer knows of a review: what the
// request said, completed by the answers to its questions.
type reviewRequest struct {
	Repository string
	Base       string // empty: the reviewer asks for it
	Diff       string
}

// deployRequest is what the deployer knows of a deploy.
type deployRequest struct {
	Build       string
	Environment string
}

// PlanRequest is what the planner reads from a message.
type PlanRequest struct {
	Repository  string
	Base        string // optional: without it the planner passes the reviewer's question up
	Diff        string
	Build       string
	Environment string
}

// NewReviewMessage builds the user message the captures send the
// code-reviewer: the diff as a text part, then a data part
// {"repository":…,"base":…} (base left out when empty).
func NewReviewMessage(repository, base, diff string) *a2a.Message {
	data := map[string]any{"repository": repository}
	if base != "" {
		data["base"] = base
	}
	return a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(diff), a2a.NewDataPart(data))
}

// NewDeployMessage builds the user message the captures send the
// deployer: a data part {"build":…,"environment":…}.
func NewDeployMessage(build, environment string) *a2a.Message {
	return a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(map[string]any{
		"build":       build,
		"environment": environment,
	}))
}

// NewPlanMessage builds the user message the planner expects: one data
// part {"repository","diff","build","environment"} and "base" when set.
func NewPlanMessage(p PlanRequest) *a2a.Message {
	data := map[string]any{
		"repository":  p.Repository,
		"diff":        p.Diff,
		"build":       p.Build,
		"environment": p.Environment,
	}
	if p.Base != "" {
		data["base"] = p.Base
	}
	return a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(data))
}

// NewAnswerMessage builds a user message that answers an interrupted task:
// a text part carrying the same taskId and contextId as the task (§3.4.3).
func NewAnswerMessage(task a2a.TaskInfoProvider, text string) *a2a.Message {
	return a2a.NewMessageForTask(a2a.MessageRoleUser, task, a2a.NewTextPart(text))
}

// A reading is one message sorted by what the agents look for in it.
type reading struct {
	words []string       // text that is not a diff: request sentences, answers
	diffs []string       // diffs: marked or recognised text, raw text, data: URLs
	notes []string       // parts that could have been a diff and are not, and why
	data  map[string]any // the data parts that are objects, merged in order
	meta  map[string]any // the message's metadata
}

func readMessage(m *a2a.Message) reading {
	var rd reading
	if m == nil {
		return rd
	}
	rd.meta = m.Metadata
	for _, part := range m.Parts {
		if part == nil {
			continue
		}
		switch c := part.Content.(type) {
		case a2a.Text:
			if isDiffMedia(part) {
				rd.diffs = append(rd.diffs, string(c))
				continue
			}
			words, diff := splitDiff(string(c))
			if strings.TrimSpace(words) != "" {
				rd.words = append(rd.words, words)
			}
			if diff != "" {
				rd.diffs = append(rd.diffs, diff)
			}
		case a2a.Raw:
			rd.fileContent(part, []byte(c), "a raw part")
		case a2a.URL:
			rd.url(part, string(c))
		case a2a.Data:
			if obj, ok := c.Value.(map[string]any); ok {
				if rd.data == nil {
					rd.data = map[string]any{}
				}
				for k, v := range obj {
					rd.data[k] = v
				}
			}
		}
	}
	return rd
}

// fileContent reads the bytes of a raw part or a data: URL as a diff when
// they are text.
func (rd *reading) fileContent(part *a2a.Part, b []byte, what string) {
	mt := binding.MediaType(part.MediaType)
	switch {
	case mt != "" && !isDiffMedia(part) && !strings.HasPrefix(mt, "text/"):
		rd.notes = append(rd.notes, fmt.Sprintf("%s of type %s is not a diff", what, clip(mt, 40)))
	case !utf8.Valid(b):
		rd.notes = append(rd.notes, what+" that is not UTF-8 text is not a diff")
	default:
		rd.diffs = append(rd.diffs, string(b))
	}
}

// url reads a url part: a data: URL holds the diff itself; any other URL
// is not fetched, for an agent that fetched what a message names would
// reach, on behalf of anyone, whatever its host can reach.
func (rd *reading) url(part *a2a.Part, raw string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || !strings.EqualFold(u.Scheme, "data") {
		rd.notes = append(rd.notes, fmt.Sprintf("I do not fetch URLs (%s); paste the diff itself", clip(raw, 80)))
		return
	}
	// data:[<mediatype>][;base64],<data>
	head, body, ok := strings.Cut(strings.TrimSpace(raw)[len("data:"):], ",")
	if !ok {
		rd.notes = append(rd.notes, "a data: URL without a comma holds nothing")
		return
	}
	var b []byte
	if h, isB64 := strings.CutSuffix(head, ";base64"); isB64 {
		head = h
		b, err = base64.StdEncoding.DecodeString(body)
		if err != nil {
			b, err = base64.RawStdEncoding.DecodeString(body)
		}
	} else {
		var s string
		s, err = url.PathUnescape(body)
		b = []byte(s)
	}
	if err != nil {
		rd.notes = append(rd.notes, "a data: URL that does not decode: "+err.Error())
		return
	}
	p := *part
	if p.MediaType == "" {
		p.MediaType = head
	}
	rd.fileContent(&p, b, "a data: URL")
}

func isDiffMedia(p *a2a.Part) bool {
	switch binding.MediaType(p.MediaType) {
	case MediaTypeDiff, "text/x-patch", "text/x-diff-unified", "application/x-patch", "text/diff", "application/x-diff":
		return true
	}
	f := strings.ToLower(p.Filename)
	return strings.HasSuffix(f, ".diff") || strings.HasSuffix(f, ".patch")
}

// field reads a string field from the data parts, or else from the
// message metadata, trimmed; a value of another type is an error no
// answer fixes.
func (rd reading) field(key string) (string, error) {
	s, err := rd.rawField(key)
	return strings.TrimSpace(s), err
}

// rawField is field untrimmed: a diff's spaces are part of it.
func (rd reading) rawField(key string) (string, error) {
	for _, src := range []struct {
		where string
		m     map[string]any
	}{{"data part", rd.data}, {"metadata", rd.meta}} {
		v, ok := src.m[key]
		if !ok || v == nil {
			continue
		}
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("the %s's %q must be a string, not %s", src.where, key, jsonKind(v))
		}
		if strings.TrimSpace(s) != "" {
			return s, nil
		}
	}
	return "", nil
}

func jsonKind(v any) string {
	switch v.(type) {
	case bool:
		return "a boolean"
	case float64, int, int64:
		return "a number"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	return fmt.Sprintf("%T", v)
}

// text is the message's words, one text part a line.
func (rd reading) text() string { return strings.Join(rd.words, "\n") }

// splitDiff cuts a text part into the words before a diff (a request
// sentence, perhaps) and the diff: from the first "diff --git" line, or the
// first "--- " line followed by a "+++ " line. A Markdown code fence
// around the diff is dropped; words after the closing fence are kept.
func splitDiff(s string) (words, diff string) {
	lines := strings.SplitAfter(s, "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "diff --git ") ||
			(strings.HasPrefix(l, "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ ")) {
			start = i
			break
		}
	}
	if start < 0 {
		return s, ""
	}
	before := lines[:start]
	fenced := false
	if n := len(before); n > 0 && strings.HasPrefix(strings.TrimSpace(before[n-1]), "```") {
		before, fenced = before[:n-1], true
	}
	rest := lines[start:]
	var after []string
	if fenced {
		for i, l := range rest {
			if strings.TrimSpace(l) == "```" {
				rest, after = rest[:i], rest[i+1:]
				break
			}
		}
	}
	return strings.Join(append(slices.Clip(before), after...), ""), strings.Join(rest, "")
}

// A reviewAsk is what the code-reviewer asks for. It asks in this order.
type reviewAsk int

const (
	askNothing reviewAsk = iota
	askRepository
	askDiff
	askBase
)

func (a reviewAsk) question() string {
	switch a {
	case askRepository:
		return RepositoryQuestion
	case askDiff:
		return DiffQuestion
	case askBase:
		return BaseBranchQuestion
	}
	return ""
}

// A reviewTurn is the code-reviewer's reading of one message: what the
// request is now, and what it must ask next (askNothing: review it) with
// the reason to put before the question.
type reviewTurn struct {
	req    reviewRequest
	ask    reviewAsk
	reason string
}

// readReview merges message m into the request known so far. asked is the
// question m answers (askNothing for a task's first message): a bare word
// answers it. The error is for what no answer can fix.
func readReview(req reviewRequest, m *a2a.Message, asked reviewAsk) (reviewTurn, error) {
	rd := readMessage(m)
	words := rd.text()
	var notes []string

	base, err := rd.field("base")
	if err != nil {
		return reviewTurn{}, err
	}
	if base == "" {
		base = branchIn(words)
	}
	repo, err := rd.field("repository")
	if err != nil {
		return reviewTurn{}, err
	}
	if repo == "" {
		repo = repositoryIn(words)
	}
	if repo == "" && asked == askRepository {
		repo = bareWord(words, repoFiller, base)
	}
	if repo != "" {
		if err := checkRepository(repo); err != nil {
			notes = append(notes, err.Error())
		} else {
			req.Repository = repo
		}
	}

	diffs := rd.diffs
	d, err := rd.rawField("diff")
	if err != nil {
		return reviewTurn{}, err
	}
	if strings.TrimSpace(d) != "" {
		diffs = append(diffs, d)
	}
	switch len(diffs) {
	case 0:
		notes = append(notes, rd.notes...)
	case 1:
		if _, err := ReviewDiff("", "", diffs[0]); err != nil {
			notes = append(notes, err.Error())
		} else {
			req.Diff = diffs[0]
		}
	default:
		notes = append(notes, fmt.Sprintf("the message holds %d diffs; send one", len(diffs)))
	}

	if base == "" && asked == askBase {
		base = bareWord(words, branchFiller)
		if base == "" {
			notes = append(notes, branchAnswerTrouble(words))
		}
	}
	if base != "" {
		if err := checkBranch(base); err != nil {
			notes = append(notes, err.Error())
		} else {
			req.Base = base
		}
	}

	t := reviewTurn{req: req}
	switch {
	case req.Repository == "":
		t.ask = askRepository
	case req.Diff == "":
		t.ask = askDiff
	case req.Base == "":
		t.ask = askBase
	default:
		if branches := SampleBranches(req.Repository); branches != nil && !slices.Contains(branches, req.Base) {
			notes = append(notes, fmt.Sprintf("There is no branch %q in %s; its branches are %s", clip(req.Base, 40), req.Repository, andList(branches)))
			t.req.Base, t.ask = "", askBase
		}
	}
	if t.ask != askNothing {
		t.reason = reasons(notes)
		if t.reason == "" && asked == t.ask && asked != askNothing {
			t.reason = "I could not find that in your answer."
		}
	}
	return t, nil
}

// askText is a question after its reason, if any.
func askText(reason, question string) string {
	if reason == "" {
		return question
	}
	return reason + " " + question
}

// reasons makes one sentence of each note, capitalised and with a full stop.
func reasons(notes []string) string {
	var b strings.Builder
	for _, n := range notes {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		r, size := utf8.DecodeRuneInString(n)
		b.WriteString(strings.ToUpper(string(r)) + n[size:])
		if !strings.HasSuffix(n, ".") {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// andList writes "a", "a and b", "a, b and c".
func andList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// checkRepository accepts a repository name or owner/name: letters,
// digits, ".", "_" and "-", at most 100 bytes each side.
func checkRepository(s string) error {
	owner, name, two := strings.Cut(s, "/")
	ok := func(x string) bool {
		if x == "" || len(x) > 100 || x == "." || x == ".." {
			return false
		}
		for _, r := range x {
			if !(r == '.' || r == '_' || r == '-' || r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')) {
				return false
			}
		}
		return true
	}
	if !ok(owner) || (two && !ok(name)) {
		return fmt.Errorf("%q is not a repository name (letters, digits, \".\", \"_\" and \"-\", optionally owner/name)", clip(s, 40))
	}
	return nil
}

// checkBranch accepts the branch names git accepts, simplified: no spaces
// or control characters, none of ~^:?*[\, no "..", "@{" or "//", no leading
// "-", "/" or ".", no trailing "/", "." or ".lock", at most 200 bytes.
func checkBranch(b string) error {
	bad := func(why string) error { return fmt.Errorf("%q is not a branch name: %s", clip(b, 40), why) }
	switch {
	case b == "":
		return fmt.Errorf("the branch name is empty")
	case len(b) > 200:
		return bad("too long")
	case strings.ContainsAny(b, " \t\r\n"):
		return bad("it contains spaces; send one branch name")
	case strings.ContainsAny(b, "~^:?*[\\\x7f"):
		return bad("it contains one of ~^:?*[\\")
	case strings.Contains(b, ".."), strings.Contains(b, "@{"), strings.Contains(b, "//"):
		return bad("it contains \"..\", \"@{\" or \"//\"")
	case strings.HasPrefix(b, "-"), strings.HasPrefix(b, "/"), strings.HasPrefix(b, "."):
		return bad("it starts with \"-\", \"/\" or \".\"")
	case strings.HasSuffix(b, "/"), strings.HasSuffix(b, "."), strings.HasSuffix(b, ".lock"):
		return bad("it ends with \"/\", \".\" or \".lock\"")
	}
	for _, r := range b {
		if r < 0x20 {
			return bad("it contains a control character")
		}
	}
	return nil
}

// A deployAsk is what the deployer asks for.
type deployAsk int

const (
	askNoDeploy deployAsk = iota
	askBuild
	askEnvironment
	askDeploy // both: which build, to which environment
)

// The deployer's questions.
const (
	BuildQuestion       = "Which build should I deploy?"
	EnvironmentQuestion = "Which environment should I deploy it to?"
	DeployQuestion      = "Which build should I deploy, and to which environment (for example, 2026.10.06-1 to staging)?"
)

// MaxDeployQuestions is how many times the deployer asks on one task
// what to deploy where. When the answer to the last question still
// leaves it unclear, the task ends in TASK_STATE_REJECTED: nothing was
// deployed, and the client starts again with a request that names both.
const MaxDeployQuestions = 3

func (a deployAsk) question() string {
	switch a {
	case askBuild:
		return BuildQuestion
	case askEnvironment:
		return EnvironmentQuestion
	case askDeploy:
		return DeployQuestion
	}
	return ""
}

// A deployTurn is the deployer's reading of one message.
type deployTurn struct {
	req    deployRequest
	ask    deployAsk
	reason string
}

// readDeploy merges message m into the deploy known so far: build and
// environment from a data part, the metadata or the words. asked is the
// question m answers: a bare word answers it.
//
// The deployer starts a deploy only when both are clear. An environment
// must be one it knows ([Environments]), wherever it is named. A build
// named by a data part or the metadata is taken as it is (a program said
// which field it is); in words, it must be called a build ("build 42")
// or look like one ([looksLikeBuild]), so that "Task 1 for pagination"
// is asked about, not deployed. In an answer to its question, a bare
// word with a digit is a build.
func readDeploy(req deployRequest, m *a2a.Message, asked deployAsk) (deployTurn, error) {
	rd := readMessage(m)
	words := rd.text()
	var notes []string
	build, err := rd.field("build")
	if err != nil {
		return deployTurn{}, err
	}
	env, err := rd.field("environment")
	if err != nil {
		return deployTurn{}, err
	}
	var otherEnv, doubt string
	if env == "" {
		env, otherEnv = environmentIn(words)
	}
	if build == "" {
		build, doubt = buildIn(words, env, otherEnv)
	}
	// A bare answer: one word, or for the question of both, a word of
	// each kind.
	if asked != askNoDeploy && (build == "" || env == "") {
		for _, w := range strings.Fields(words) {
			w = trimName(w)
			switch {
			case w == "" || buildFiller[strings.ToLower(w)] || envFiller[strings.ToLower(w)]:
			case env == "" && asked != askBuild && knownEnvironment(w) != "":
				env, otherEnv = knownEnvironment(w), ""
			case build == "" && asked != askEnvironment && strings.ContainsFunc(w, unicode.IsDigit) && checkBuild(w) == nil && !strings.EqualFold(w, env):
				build, doubt = w, ""
			}
		}
		if env == "" && otherEnv == "" && asked == askEnvironment {
			otherEnv = bareWord(words, envFiller)
		}
	}
	if build != "" {
		if err := checkBuild(build); err != nil {
			notes = append(notes, err.Error())
		} else {
			req.Build = build
		}
	} else if doubt != "" && req.Build == "" {
		notes = append(notes, fmt.Sprintf("%s does not look like a build id to me (builds look like %s or v1.4.2, or say \"build %s\")", quoteClip(doubt, 40), SampleBuild, clip(doubt, 40)))
	}
	if env != "" {
		switch e := knownEnvironment(env); {
		case checkEnvironment(strings.ToLower(env)) != nil:
			notes = append(notes, checkEnvironment(strings.ToLower(env)).Error())
		case e == "":
			otherEnv = env
		default:
			req.Environment = e
		}
	}
	if otherEnv != "" && req.Environment == "" {
		notes = append(notes, fmt.Sprintf("I know no environment %s; I deploy to %s", quoteClip(otherEnv, 40), andList(Environments())))
	}
	t := deployTurn{req: req}
	switch {
	case req.Build == "" && req.Environment == "":
		t.ask = askDeploy
	case req.Build == "":
		t.ask = askBuild
	case req.Environment == "":
		t.ask = askEnvironment
	}
	if t.ask != askNoDeploy {
		t.reason = reasons(notes)
		if t.reason == "" && asked == t.ask {
			t.reason = "I could not find that in your answer."
		}
	}
	return t, nil
}

// question is the deployer's question for what it still needs.
func (t deployTurn) question() string {
	if t.ask == askEnvironment {
		return fmt.Sprintf("Which environment should I deploy %s to?", t.req.Build)
	}
	if t.ask == askBuild && t.req.Environment != "" {
		return fmt.Sprintf("Which build should I deploy to %s?", t.req.Environment)
	}
	return t.ask.question()
}

func checkBuild(b string) error {
	if !reBuild.MatchString(b) {
		return fmt.Errorf("%q is not a build id (letters, digits and ._+- only, at most 64)", clip(b, 40))
	}
	return nil
}

func checkEnvironment(e string) error {
	if !reEnv.MatchString(e) {
		return fmt.Errorf("%q is not an environment name (letters, digits and -, at most 32)", clip(e, 40))
	}
	return nil
}

// readPlanRequest reads a plan request: "repository", "diff", "build",
// "environment" and optionally "base", each from a data part, the metadata
// or the words, as the code-reviewer and the deployer read theirs.
func readPlanRequest(m *a2a.Message) (PlanRequest, error) {
	rt, err := readReview(reviewRequest{}, m, askNothing)
	if err != nil {
		return PlanRequest{}, err
	}
	dt, err := readDeploy(deployRequest{}, m, askNoDeploy)
	if err != nil {
		return PlanRequest{}, err
	}
	var why string
	switch {
	case rt.ask == askRepository:
		why = "the request names no repository"
	case rt.ask == askDiff:
		why = "send the diff as a text part or a \"diff\" field"
	case dt.ask == askDeploy:
		why = "the request names no build and no environment"
	case dt.ask == askBuild:
		why = "the request names no build"
	case dt.ask == askEnvironment:
		why = "the request names no environment"
	}
	if why != "" {
		for _, r := range []string{rt.reason, dt.reason} {
			if r != "" {
				why += " (" + strings.TrimSuffix(r, ".") + ")"
			}
		}
		return PlanRequest{}, errors.New(why)
	}
	req := rt.req
	return PlanRequest{Repository: req.Repository, Base: req.Base, Diff: req.Diff, Build: dt.req.Build, Environment: dt.req.Environment}, nil
}
