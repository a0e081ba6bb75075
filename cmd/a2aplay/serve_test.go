package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/web"
)

func TestConnectSources(t *testing.T) {
	for _, tc := range []struct {
		name  string
		list  string
		extra []string
		want  []string
		bad   bool
	}{
		{"default", strings.Join(web.DefaultConnectSrc, " "), nil, []string{"http://localhost:*", "http://127.0.0.1:*"}, false},
		{"none", "", nil, []string{}, false},
		{"an agent more", "http://localhost:*", []string{"https://agent.example"}, []string{"http://localhost:*", "https://agent.example"}, false},
		{"a directive smuggled in", "http://localhost:*; script-src *", nil, nil, true},
		{"a quote", "'unsafe-inline'", nil, nil, true},
		{"a space in -connect", "", []string{"http://a http://b"}, nil, true},
		{"an empty -connect", "", []string{""}, nil, true},
		{"every origin", "*", nil, nil, true},
		{"every origin by -connect", "", []string{"*"}, nil, true},
		{"a script scheme", "", []string{"javascript:"}, nil, true},
		{"a control byte", "", []string{"http://a\x1b[2J"}, nil, true},
		{"a header split", "", []string{"http://a\r\nX: y"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := connectSources(tc.list, tc.extra)
			var u *usageError
			if tc.bad {
				if !errors.As(err, &u) {
					t.Fatalf("connectSources(%q, %q) = %q, %v; want a usage error", tc.list, tc.extra, got, err)
				}
				if strings.ContainsAny(u.msg, "\x1b\r\n") {
					t.Errorf("the message carries a raw control byte: %q", u.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
