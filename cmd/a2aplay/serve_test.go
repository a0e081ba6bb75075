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
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := connectSources(tc.list, tc.extra)
			var u *usageError
			if tc.bad {
				if !errors.As(err, &u) {
					t.Fatalf("connectSources(%q, %q) = %q, %v; want a usage error", tc.list, tc.extra, got, err)
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

func TestOperatorOrigins(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		want  []string
		bad   bool
	}{
		{"default", nil, nil, false},
		{"none", []string{"none"}, []string{}, false},
		{"two", []string{"https://ops.example", "http://localhost:*"}, []string{"https://ops.example", "http://localhost:*"}, false},
		{"any origin", []string{"*"}, nil, true},
		{"a path", []string{"https://ops.example/approve"}, nil, true},
		{"a wildcard host", []string{"https://*.example"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := operatorOrigins(tc.flags)
			var u *usageError
			if tc.bad {
				if !errors.As(err, &u) {
					t.Fatalf("operatorOrigins(%q) = %q, %v; want a usage error", tc.flags, got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" || (tc.want == nil) != (got == nil) {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
