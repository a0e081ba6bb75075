package view

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// The diagram marks each step with a spec finding on its arrow, and the
// keys n and p move to the next or previous such step ([KeyNextFinding],
// [KeyPrevFinding]). What the marks say, and where the keys go, is
// decided here from the findings as [SortFindings] orders them.

// findingText is a finding as the inspector shows it, through
// replay.Visible, the one road by which findings' texts reach the page.
func findingText(f Finding) string {
	if f.Rule == "" {
		return replay.Visible(f.Text)
	}
	return replay.Visible(f.Text + " (rule " + f.Rule + ")")
}

// FindingMark returns the accessible name of the mark on step k's
// arrow, "finding: message-to-terminal", or "2 findings:
// message-to-terminal, task-state" (each rule once), and "" when step k
// (1-based) has no finding. A finding without a rule's id is named by
// its text's head, the section and whom it blames ("§3.1.1 (client)").
// It goes through replay.Visible, as the findings' texts do.
func FindingMark(fs []Finding, k int) string {
	if k < 1 {
		return ""
	}
	lo := sort.Search(len(fs), func(i int) bool { return fs[i].Step >= k })
	var names []string
	n := 0
	for ; lo < len(fs) && fs[lo].Step == k; lo++ {
		n++
		name := fs[lo].Rule
		if name == "" {
			name, _, _ = strings.Cut(fs[lo].Text, ":")
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return replay.Visible("finding: " + names[0])
	}
	return replay.Visible(strconv.Itoa(n) + " findings: " + strings.Join(names, ", "))
}

// FindingSteps returns the steps from first to last (1-based, both
// included) that have a finding, each once, in order.
func FindingSteps(fs []Finding, first, last int) []int {
	lo := sort.Search(len(fs), func(i int) bool { return fs[i].Step >= max(first, 1) })
	var out []int
	for ; lo < len(fs) && fs[lo].Step <= last; lo++ {
		if k := fs[lo].Step; len(out) == 0 || out[len(out)-1] != k {
			out = append(out, k)
		}
	}
	return out
}

// NextFinding returns the nearest step after position cur (dir > 0) or
// before it (dir < 0) that has a finding, and false when there is none
// that way. Findings about the whole transcript (step 0) are the
// overview's, where no key needs to go.
func NextFinding(fs []Finding, cur, dir int) (int, bool) {
	if dir > 0 {
		i := sort.Search(len(fs), func(i int) bool { return fs[i].Step > max(cur, 0) })
		if i < len(fs) {
			return fs[i].Step, true
		}
		return 0, false
	}
	i := sort.Search(len(fs), func(i int) bool { return fs[i].Step >= cur })
	if i > 0 && fs[i-1].Step >= 1 {
		return fs[i-1].Step, true
	}
	return 0, false
}
