package spec

import "testing"

func TestSectionURL(t *testing.T) {
	tests := map[string]string{
		"3.1.2": URL + "#312-send-streaming-message",
		"9":     URL + "#9-json-rpc-protocol-binding",
		"5.6.1": URL + "#561-timestamps",
		"7.6.1": URL + "#761-in-task-authorization-agent-responsibilities",
		"3.4.3": URL + "#343-multi-turn-conversation-patterns",
		"11":    URL + "#11-httpjsonrest-protocol-binding",
		"A.2.1": URL + "#a21-breaking-change-kind-discriminator-removed",
		"12.8":  URL, // title not known: no guessed anchor
		"7.5":   URL, // title not known: no guessed anchor
	}
	for in, want := range tests {
		if got := SectionURL(in); got != want {
			t.Errorf("SectionURL(%q) = %s, want %s", in, got, want)
		}
	}
}
