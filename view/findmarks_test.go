package view

import (
	"slices"
	"testing"
)

func TestFindingMarks(t *testing.T) {
	fs := SortFindings([]Finding{
		{Step: 0, Rule: "whole", Text: "§3 (agent): about the transcript"},
		{Step: 3, Rule: "message-to-terminal", Text: "§3.1.1 (client): a message to an ended task"},
		{Step: 5, Rule: "task-state", Text: "§7.6.1 (agent): one"},
		{Step: 5, Rule: "task-state", Text: "§7.6.1 (agent): two"},
		{Step: 5, Rule: "bidi\u202e", Text: "§4 (agent): three"},
		{Step: 9, Text: "§5.5 (agent): no rule's id"},
	}, 10)
	for k, want := range map[int]string{
		0: "", 1: "", 3: "finding: message-to-terminal",
		5: `3 findings: task-state, bidi\u202e`,
		9: "finding: §5.5 (agent)", 10: "",
	} {
		if got := FindingMark(fs, k); got != want {
			t.Errorf("FindingMark(%d) = %q, want %q", k, got, want)
		}
	}
	if got, want := FindingSteps(fs, 1, 10), []int{3, 5, 9}; !slices.Equal(got, want) {
		t.Errorf("FindingSteps(1, 10) = %v, want %v", got, want)
	}
	if got, want := FindingSteps(fs, 4, 8), []int{5}; !slices.Equal(got, want) {
		t.Errorf("FindingSteps(4, 8) = %v, want %v", got, want)
	}
	for _, c := range []struct {
		cur, dir, want int
		ok             bool
	}{
		{0, 1, 3, true}, {3, 1, 5, true}, {4, 1, 5, true}, {5, 1, 9, true}, {9, 1, 0, false},
		{10, -1, 9, true}, {9, -1, 5, true}, {5, -1, 3, true}, {3, -1, 0, false}, {1, -1, 0, false},
	} {
		if got, ok := NextFinding(fs, c.cur, c.dir); got != c.want || ok != c.ok {
			t.Errorf("NextFinding(%d, %d) = %d, %v; want %d, %v", c.cur, c.dir, got, ok, c.want, c.ok)
		}
	}
	if _, ok := NextFinding(nil, 0, 1); ok {
		t.Error("NextFinding(nil) found one")
	}
	if got := FindingsAt(fs, 3); len(got) != 1 || got[0] != "§3.1.1 (client): a message to an ended task (rule message-to-terminal)" {
		t.Errorf("FindingsAt(3) = %q", got)
	}
}
