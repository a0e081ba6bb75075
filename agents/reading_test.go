package agents

import (
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/google/go-cmp/cmp"
)

func TestMessageText(t *testing.T) {
	tests := []struct {
		name string
		m    *a2a.Message
		want string
	}{
		{"nil", nil, ""},
		{"no parts", a2a.NewMessage(a2a.MessageRoleAgent), ""},
		{"texts joined", a2a.NewMessage(a2a.MessageRoleAgent, a2a.NewTextPart("one"), nil, a2a.NewTextPart("two")), "one\ntwo"},
		{"other parts left out", a2a.NewMessage(a2a.MessageRoleAgent,
			a2a.NewDataPart(map[string]any{"base": "main"}), a2a.NewTextPart("main"), a2a.NewRawPart([]byte("x"))), "main"},
	}
	for _, tt := range tests {
		if got := MessageText(tt.m); got != tt.want {
			t.Errorf("%s: MessageText = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestMergeArtifact(t *testing.T) {
	text := func(s ...string) a2a.ContentParts {
		var p a2a.ContentParts
		for _, x := range s {
			p = append(p, a2a.NewTextPart(x))
		}
		return p
	}
	art := func(id, name string, parts ...string) *a2a.Artifact {
		return &a2a.Artifact{ID: a2a.ArtifactID(id), Name: name, Parts: text(parts...)}
	}
	update := func(a *a2a.Artifact, app bool) *a2a.TaskArtifactUpdateEvent {
		return &a2a.TaskArtifactUpdateEvent{Artifact: a, Append: app}
	}
	tests := []struct {
		name string
		list []*a2a.Artifact
		e    *a2a.TaskArtifactUpdateEvent
		want []*a2a.Artifact
	}{
		{"no artifact", []*a2a.Artifact{art("a", "x", "1")}, update(nil, false), []*a2a.Artifact{art("a", "x", "1")}},
		{"first", nil, update(art("a", "x", "1"), false), []*a2a.Artifact{art("a", "x", "1")}},
		{"new id at the end", []*a2a.Artifact{art("a", "x", "1")}, update(art("b", "y", "2"), false),
			[]*a2a.Artifact{art("a", "x", "1"), art("b", "y", "2")}},
		{"same id replaces", []*a2a.Artifact{art("a", "x", "1"), art("b", "y", "2")}, update(art("a", "z", "3"), false),
			[]*a2a.Artifact{art("a", "z", "3"), art("b", "y", "2")}},
		{"append adds parts", []*a2a.Artifact{art("a", "x", "1")}, update(art("a", "ignored", "2", "3"), true),
			[]*a2a.Artifact{art("a", "x", "1", "2", "3")}},
		{"append to a new id adds it", nil, update(art("a", "x", "1"), true), []*a2a.Artifact{art("a", "x", "1")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, MergeArtifact(tt.list, tt.e)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}

	// Appending works on a copy: the artifact in the old list is unchanged.
	old := art("a", "x", "1")
	got := MergeArtifact([]*a2a.Artifact{old}, update(art("a", "", "2"), true))
	if diff := cmp.Diff(art("a", "x", "1"), old); diff != "" {
		t.Errorf("the old artifact changed (-want +got):\n%s", diff)
	}
	if got[0] == old {
		t.Error("the appended artifact is the old one")
	}
}
