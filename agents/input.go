package agents

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// BaseBranchQuestion is the code-reviewer's question when a diff arrives
// without a base branch.
const BaseBranchQuestion = "Which base branch should I compare this diff against?"

// Media types the agents read and write.
const (
	MediaTypeDiff = "text/x-diff"
	MediaTypeJSON = "application/json"
)

// reviewRequest is what the code-reviewer reads from a message.
type reviewRequest struct {
	Repository string
	Base       string // empty: the reviewer asks for it
	Diff       string
}

// deployRequest is what the deployer reads from a message.
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

// NewReviewMessage builds the user message the code-reviewer expects: the
// diff as a text part, then a data part {"repository":…,"base":…} (base
// left out when empty).
func NewReviewMessage(repository, base, diff string) *a2a.Message {
	data := map[string]any{"repository": repository}
	if base != "" {
		data["base"] = base
	}
	return a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(diff), a2a.NewDataPart(data))
}

// NewDeployMessage builds the user message the deployer expects: a data
// part {"build":…,"environment":…}.
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

// partsOf is what a message holds, sorted by kind.
type partsOf struct {
	texts []string       // text parts, in order
	diffs []string       // raw or text parts marked as diffs
	data  map[string]any // data parts that are objects, merged in order
}

func readParts(m *a2a.Message) partsOf {
	var p partsOf
	if m == nil {
		return p
	}
	for _, part := range m.Parts {
		if part == nil {
			continue
		}
		switch c := part.Content.(type) {
		case a2a.Text:
			if isDiffMedia(part) {
				p.diffs = append(p.diffs, string(c))
			} else {
				p.texts = append(p.texts, string(c))
			}
		case a2a.Raw:
			if isDiffMedia(part) || part.MediaType == "" || strings.HasPrefix(part.MediaType, "text/") {
				p.diffs = append(p.diffs, string(c))
			}
		case a2a.Data:
			if obj, ok := c.Value.(map[string]any); ok {
				if p.data == nil {
					p.data = map[string]any{}
				}
				for k, v := range obj {
					p.data[k] = v
				}
			}
		}
	}
	return p
}

func isDiffMedia(p *a2a.Part) bool {
	mt := strings.ToLower(strings.TrimSpace(strings.SplitN(p.MediaType, ";", 2)[0]))
	switch mt {
	case MediaTypeDiff, "text/x-patch", "text/x-diff-unified", "application/x-patch":
		return true
	}
	f := strings.ToLower(p.Filename)
	return strings.HasSuffix(f, ".diff") || strings.HasSuffix(f, ".patch")
}

// str reads a string field of a data part; a non-string value is an error.
func (p partsOf) str(key string) (string, error) {
	v, ok := p.data[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%q must be a string, not %T", key, v)
	}
	return strings.TrimSpace(s), nil
}

// looksLikeDiff reports whether a text is a unified diff rather than words.
func looksLikeDiff(s string) bool {
	return strings.Contains(s, "\n@@ ") || strings.HasPrefix(s, "diff --git ") ||
		strings.Contains(s, "\ndiff --git ") || (strings.Contains(s, "--- ") && strings.Contains(s, "\n+++ "))
}

// readReviewRequest reads a review request from the first message of a
// task. The diff comes from a raw or text part marked text/x-diff, a text
// part that looks like a diff, or the data part's "diff" field.
func readReviewRequest(m *a2a.Message) (reviewRequest, error) {
	p := readParts(m)
	var r reviewRequest
	var err error
	if r.Repository, err = p.str("repository"); err != nil {
		return r, err
	}
	if r.Base, err = p.str("base"); err != nil {
		return r, err
	}
	diffs := p.diffs
	for _, t := range p.texts {
		if looksLikeDiff(t) {
			diffs = append(diffs, t)
		}
	}
	if d, err := p.str("diff"); err != nil {
		return r, err
	} else if d != "" {
		diffs = append(diffs, p.data["diff"].(string)) // untrimmed
	}
	switch len(diffs) {
	case 0:
		return r, fmt.Errorf("%w: send the diff as a text part, or as a raw part with mediaType %s", ErrNoDiff, MediaTypeDiff)
	case 1:
		r.Diff = diffs[0]
	default:
		return r, fmt.Errorf("the message holds %d diffs; send one", len(diffs))
	}
	if r.Repository == "" {
		return r, fmt.Errorf("name the repository in a data part: {\"repository\":\"payments-api\"}")
	}
	if r.Base != "" {
		if err := checkBranch(r.Base); err != nil {
			return r, err
		}
	}
	return r, nil
}

// readBranchAnswer reads the answer to BaseBranchQuestion: a data part
// {"base":…} or the message's text, trimmed, optionally quoted.
func readBranchAnswer(m *a2a.Message) (string, error) {
	p := readParts(m)
	base, err := p.str("base")
	if err != nil {
		return "", err
	}
	if base == "" {
		var words []string
		for _, t := range p.texts {
			if t = strings.TrimSpace(t); t != "" {
				words = append(words, t)
			}
		}
		switch len(words) {
		case 0:
			return "", fmt.Errorf("the answer holds no branch name")
		case 1:
			base = unquote(words[0])
		default:
			return "", fmt.Errorf("the answer holds %d texts; send one branch name", len(words))
		}
	}
	return base, checkBranch(base)
}

func unquote(s string) string {
	for _, q := range []string{"`", `"`, "'"} {
		if len(s) >= 2 && strings.HasPrefix(s, q) && strings.HasSuffix(s, q) {
			return strings.TrimSpace(s[1 : len(s)-1])
		}
	}
	return s
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

var (
	reDeployText = regexp.MustCompile(`(?i)^\s*(?:please\s+)?deploy\s+(?:build\s+)?(\S+)\s+(?:to|on|into)\s+(\S+?)[.!]?\s*$`)
	reBuild      = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$`)
	reEnv        = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)
)

// readDeployRequest reads a deploy request from a data part
// {"build":…,"environment":…} or from text like "deploy 2026.10.06-1 to
// staging".
func readDeployRequest(m *a2a.Message) (deployRequest, error) {
	p := readParts(m)
	var d deployRequest
	var err error
	if d.Build, err = p.str("build"); err != nil {
		return d, err
	}
	if d.Environment, err = p.str("environment"); err != nil {
		return d, err
	}
	if d.Build == "" && d.Environment == "" {
		for _, t := range p.texts {
			if sm := reDeployText.FindStringSubmatch(t); sm != nil {
				d.Build, d.Environment = sm[1], sm[2]
				break
			}
		}
	}
	d.Environment = strings.ToLower(d.Environment)
	switch {
	case d.Build == "" && d.Environment == "":
		return d, fmt.Errorf("say what to deploy where: a data part {\"build\":\"2026.10.06-1\",\"environment\":\"staging\"} or the text \"deploy 2026.10.06-1 to staging\"")
	case d.Build == "":
		return d, fmt.Errorf("the request names no build")
	case d.Environment == "":
		return d, fmt.Errorf("the request names no environment")
	case !reBuild.MatchString(d.Build):
		return d, fmt.Errorf("%q is not a build id (letters, digits and ._+- only, at most 64)", clip(d.Build, 40))
	case !reEnv.MatchString(d.Environment):
		return d, fmt.Errorf("%q is not an environment name (lower-case letters, digits and -, at most 32)", clip(d.Environment, 40))
	}
	return d, nil
}

// readPlanRequest reads a plan request: a data part with "repository",
// "diff" (or the diff as a text or raw part), "build", "environment" and
// optionally "base".
func readPlanRequest(m *a2a.Message) (PlanRequest, error) {
	rr, err := readReviewRequest(m)
	if err != nil {
		return PlanRequest{}, err
	}
	dr, err := readDeployRequest(m)
	if err != nil {
		return PlanRequest{}, err
	}
	return PlanRequest{Repository: rr.Repository, Base: rr.Base, Diff: rr.Diff, Build: dr.Build, Environment: dr.Environment}, nil
}
