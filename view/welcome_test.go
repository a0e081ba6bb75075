package view

import "testing"

func TestShowWelcome(t *testing.T) {
	for _, c := range []struct {
		link, stored string
		want         bool
	}{
		{"", "", true},
		{"#", "", true},
		{"?", "", true},
		{"", WelcomeSeen, false},
		{"", "anything", false},
		{"#t=06-input-required&s=3", "", false},
		{"#live=review", "", false},
		{"#live=review&ex=answer-same-task", "", false},
		{"#lesson-02-auth-required", "", false},
		{"?t=07-auth-required", "", false},
		{"#f=mine.http", "", false},
	} {
		if got := ShowWelcome(c.link, c.stored); got != c.want {
			t.Errorf("ShowWelcome(%q, %q) = %v, want %v", c.link, c.stored, got, c.want)
		}
	}
}
