package agents

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// sampleBranches are the branches of the repositories the code-reviewer
// knows.
var sampleBranches = map[string][]string{
	SampleRepository: {"main", "develop", "release/2026.10"},
}

// SampleBranches returns the branches of a repository the code-reviewer
// knows, or nil. A base branch that is not one of them is asked for again,
// naming them; any branch name is taken for a repository it does not know.
func SampleBranches(repository string) []string {
	return slices.Clone(sampleBranches[repository])
}

// What the agents read in a person's words. Keywords match in any case;
// names keep theirs. A name may be quoted with ", ' or `.
const (
	quoted   = "[\"'`]?"
	nameRE   = `([A-Za-z0-9][A-Za-z0-9._-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)?)`
	branchRE = "([^\\s\"'`,;()]+)"
	buildRE  = `([A-Za-z0-9][A-Za-z0-9._+-]*)`
	envRE    = `([A-Za-z][A-Za-z0-9-]*)`
	// A name ends at a space, the end, or the punctuation that ends a
	// clause: "prod;rm" is no environment "prod".
	endRE      = "(?:[\\s.,!?)\"'`]|$)"
	articleRE  = `(?:(?i:the|a|an|my|our|this)\s+)?`
	connective = `\s*(?i:is|=|:|named|called)?\s*`
)

var (
	// "repository payments-api", "repo: payments-api", "the payments-api
	// repository", "a diff of payments-api".
	reRepo = []*regexp.Regexp{
		regexp.MustCompile(`(?i:\b(?:repository|repo)\b)` + connective + quoted + nameRE),
		regexp.MustCompile(quoted + nameRE + quoted + `\s+(?i:repository|repo)\b`),
		regexp.MustCompile(`(?i:\b(?:of|for|in|from|on))\s+` + articleRE + quoted + `([A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+(?:/[A-Za-z0-9][A-Za-z0-9._-]*)?)`),
	}
	// "against main", "compared to develop", "base: main", "onto the
	// release/2026.10 branch", "the develop branch".
	reBranch = []*regexp.Regexp{
		regexp.MustCompile(`(?i:\b(?:against|onto|into|versus|vs\.?|relative\s+to|compared?\s+(?:to|with|against)|diffed\s+(?:to|with|against)))\s+` + articleRE + `(?i:branch\s+)?` + quoted + branchRE),
		regexp.MustCompile(`(?i:\bbase(?:\s+branch)?\b)` + connective + quoted + branchRE),
		regexp.MustCompile(quoted + branchRE + quoted + `\s+(?i:branch)\b`),
	}
	// "to staging", "on the staging environment", "env=staging".
	reEnvironment = []*regexp.Regexp{
		regexp.MustCompile(`(?:^|\s)` + quoted + envRE + quoted + `\s+(?i:environment|env)\b`),
		regexp.MustCompile(`(?i:\b(?:environment|env)\b)` + connective + quoted + envRE + endRE),
		regexp.MustCompile(`(?i:\b(?:to|on|onto|into|in|for))\s+` + articleRE + quoted + envRE + endRE),
	}
	// "build 2026.10.06-1", "deploy 2026.10.06-1", "ship version v1.2".
	reBuildWords = []*regexp.Regexp{
		regexp.MustCompile(`(?i:\b(?:build|version|release|tag|artifact)\b)\s*(?i:#|:|=|is|number|id)?\s*` + quoted + buildRE),
		regexp.MustCompile(`(?i:\b(?:deploy|ship|roll\s*out|rollout|push|promote|launch|release|install))\s+` + articleRE + `(?i:(?:build|version|release)\s+)?` + quoted + buildRE),
	}
	reBuild = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$`)
	reEnv   = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)
)

// Words that are never names, whatever stands next to them.
var notNames = words("a an and any are as at be branch build by can could deploy diff do does env environment " +
	"for from git i if in into is it its it's me my new no not of on onto or our please repo repository review " +
	"same should so that the these this those to us use version we what which will with would you your " +
	"base target default feature other another current right correct wrong remote local")

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Words an answer may add around the one name it gives.
var (
	repoFiller   = words("the repo repository it's its it is please thanks thank you ok okay sure that's that one just against vs compared to with onto base branch in of for")
	branchFiller = words("use the branch base please it's its it is compare against with to on onto i think probably should be thanks thank you ok okay sure that's that one just")
	buildFiller  = words("the build version deploy ship please it's its it is use thanks thank you ok okay sure that's that one just number")
	envFiller    = words("the environment env to on into deploy it please it's its is use thanks thank you ok okay sure that's that one just")
)

// trimName drops quotes and the punctuation that ends a sentence.
func trimName(s string) string {
	s = strings.Trim(s, "\"'`")
	s = strings.TrimRight(s, ".,;:!?)\"'`")
	return strings.Trim(s, "\"'`")
}

// firstMatch returns the first name the patterns find, trying them in
// order, that is not a common word and passes check.
func firstMatch(res []*regexp.Regexp, s string, check func(string) bool) string {
	for _, re := range res {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			name := trimName(m[len(m)-1])
			if name != "" && !notNames[strings.ToLower(name)] && check(name) {
				return name
			}
		}
	}
	return ""
}

// repositoryIn finds a repository named in words: a repository the
// reviewer knows, named anywhere, or a name the patterns above find.
func repositoryIn(s string) string {
	if s == "" {
		return ""
	}
	known := make([]string, 0, len(sampleBranches))
	for name := range sampleBranches {
		known = append(known, name)
	}
	slices.Sort(known)
	for _, name := range known {
		if containsWord(s, name) {
			return name
		}
	}
	return firstMatch(reRepo, s, func(n string) bool { return checkRepository(n) == nil })
}

// containsWord reports whether name stands in s as a word of its own.
func containsWord(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isNameRune(rune(s[j-1]))) && (end == len(s) || !isNameRune(rune(s[end])) || s[end] == '.' && (end+1 == len(s) || s[end+1] == ' ' || s[end+1] == '\n')) {
			return true
		}
		i = j + 1
	}
}

func isNameRune(r rune) bool {
	return r == '-' || r == '_' || r == '/' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// branchIn finds a base branch named in words.
func branchIn(s string) string {
	return firstMatch(reBranch, s, func(n string) bool { return checkBranch(n) == nil })
}

// environments are the environments the deployer deploys to, and the
// short names it knows them by.
var environments = map[string]string{
	"development": "development", "dev": "development",
	"test": "test", "qa": "qa",
	"staging": "staging", "stage": "staging",
	"production": "production", "prod": "production",
}

// Environments returns the environments the deployer deploys to, in the
// order of a release: development, test, qa, staging, production. It
// also knows dev, stage and prod for three of them. Any other name is
// asked about: a deploy starts only where the deployer knows it goes.
func Environments() []string {
	return []string{"development", "test", "qa", "staging", "production"}
}

// knownEnvironment returns the environment a name stands for, in any
// case, or "".
func knownEnvironment(name string) string { return environments[strings.ToLower(name)] }

// environmentIn finds an environment named in words: the first name the
// patterns find that is a known environment, else, as other, the first
// that is not (for the deployer to say it does not know it).
func environmentIn(s string) (env, other string) {
	found := firstMatch(reEnvironment, s, func(n string) bool {
		if checkEnvironment(strings.ToLower(n)) != nil {
			return false
		}
		if knownEnvironment(n) != "" {
			return true
		}
		if other == "" {
			other = n
		}
		return false
	})
	if found != "" {
		return knownEnvironment(found), ""
	}
	return "", other
}

// looksLikeBuild reports whether a name looks like a build id without a
// word that calls it one: a version with its parts (2026.10.06-1, 1.4.0,
// 1.4.0-rc1, r-1234), a v and a number (v2, v1.3), or a commit hash of 7
// to 40 hex digits. A bare number ("Task 1") is no build: it may count
// anything.
func looksLikeBuild(s string) bool {
	if checkBuild(s) != nil || !strings.ContainsFunc(s, unicode.IsDigit) {
		return false
	}
	return reVersion.MatchString(s) || reVersionParts.MatchString(s) ||
		reCommit.MatchString(s) && strings.ContainsAny(s, "abcdef")
}

var (
	reVersion      = regexp.MustCompile(`^[vV]\d+(\.\d+)*$`)
	reVersionParts = regexp.MustCompile(`^[A-Za-z0-9]+([._+-][A-Za-z0-9]+)+$`)
	reCommit       = regexp.MustCompile(`^[0-9a-f]{7,40}$`)
)

// buildIn finds a build named in words; envs are the environments named
// there (known or not), not to be taken for the build. A build is what a keyword calls one ("build
// 42", "version 3") when it has a digit; else, after a verb ("deploy
// 2026.10.06-1") or as the one word with a digit in it, a name that
// looks like a build ([looksLikeBuild]). doubt is a word it did not take
// for a build, to say so.
func buildIn(s string, envs ...string) (build, doubt string) {
	notEnv := func(n string) bool {
		return !slices.ContainsFunc(envs, func(e string) bool { return strings.EqualFold(n, e) }) &&
			knownEnvironment(n) == "" && checkBuild(n) == nil
	}
	named := func(n string) bool { return notEnv(n) && strings.ContainsFunc(n, unicode.IsDigit) }
	if b := firstMatch(reBuildWords[:1], s, named); b != "" {
		return b, ""
	}
	if b := firstMatch(reBuildWords[1:], s, func(n string) bool { return notEnv(n) && looksLikeBuild(n) }); b != "" {
		return b, ""
	}
	var found []string
	for _, w := range strings.Fields(s) {
		w = trimName(w)
		if named(w) && !slices.Contains(found, w) {
			found = append(found, w)
		}
	}
	switch {
	case len(found) == 1 && looksLikeBuild(found[0]):
		return found[0], ""
	case len(found) == 1:
		return "", found[0]
	}
	return "", ""
}

// bareWord reads an answer that is one name, perhaps with filler words
// around it ("use develop", "`main`", "main, please"), and names found
// otherwise (skip). It returns "" when the answer holds no name or more
// than one.
func bareWord(s string, filler map[string]bool, skip ...string) string {
	var names []string
	for _, w := range strings.Fields(s) {
		w = trimName(w)
		if w == "" || filler[strings.ToLower(w)] || slices.Contains(skip, w) {
			continue
		}
		names = append(names, w)
	}
	if len(names) != 1 {
		return ""
	}
	return names[0]
}

// branchAnswerTrouble says why an answer to the base branch question gave
// no branch.
func branchAnswerTrouble(s string) string {
	if strings.TrimSpace(s) == "" {
		return "the answer holds no branch name"
	}
	return "I could not read one branch name in " + quoteClip(s, 60) + "; send just the branch name"
}

// quoteClip quotes s for a status message, clipped to n bytes.
func quoteClip(s string, n int) string {
	return "\u201c" + clip(strings.Join(strings.Fields(s), " "), n) + "\u201d"
}
