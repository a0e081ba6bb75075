package view

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSays(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"a status message, ids whole",
			`{"result":{"task":{"history":[{"parts":[{"text":"the diff"}]}],"status":{"state":"TASK_STATE_AUTH_REQUIRED","message":{"parts":[{"text":"Approve at http://localhost:41243/approve/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee."}]}}}}}`,
			"Approve at http://localhost:41243/approve/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee."},
		{"a request's message", `{"params":{"message":{"parts":[{"text":" review this "},{"url":"https://x.example/a.diff"},{"data":{}}]}}}`,
			"review this\nhttps://x.example/a.diff"},
		{"no message", `{"result":{"id":"t"}}`, ""},
		{"not JSON", `approved`, ""},
		{"broken JSON", `{"params":`, ""},
	} {
		if got := says(tt.body); got != tt.want {
			t.Errorf("%s: says = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestLinks(t *testing.T) {
	got := Links(`Approve at http://localhost:41243/approve/aaaa-1. Or "https://x.example/b?c=d", then done`)
	want := []Span{
		{Text: "Approve at "}, {Text: "http://localhost:41243/approve/aaaa-1", Link: true}, {Text: `. Or "`},
		{Text: "https://x.example/b?c=d", Link: true}, {Text: `", then done`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Links (-want +got):\n%s", diff)
	}
	if got := Links("no links"); len(got) != 1 || got[0].Link {
		t.Errorf("Links(no links) = %+v", got)
	}
	if got := Links("javascript:alert(1) http://"); len(got) != 2 || got[1].Link || got[1].Text != "http://" {
		t.Errorf("Links = %+v", got)
	}
}
