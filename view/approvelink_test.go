package view

import (
	"os"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

func TestActOnLink(t *testing.T) {
	b, err := os.ReadFile("../transcripts/07-auth-required.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(b, "07-auth-required.http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	const link = "http://localhost:41243/approve/ecf2dcb6-79c8-48f8-8868-24a0541781f4"
	decision := 0
	for _, s := range steps {
		if s.Kind == replay.KindRequest && tr.Exchanges[s.Exchange-1].Request.URL == link {
			decision = s.Index
			break
		}
	}
	if decision == 0 {
		t.Fatal("07 has no step that POSTs the approve link")
	}
	other := "http://localhost:41243/approve/another"
	for _, c := range []struct {
		name string
		link string
		t    *replay.Transcript
		at   LinkPlace
		want LinkUse
		step int
		why  string
	}{
		{"replay: the decision's step", link, tr, LinkPlace{Auth: true}, LinkStep, decision, ""},
		{"replay: never decided", other, tr, LinkPlace{Auth: true}, LinkSay, 0, "recorded"},
		{"replay: a web page", "https://a2a-protocol.org/", tr, LinkPlace{}, LinkOpen, 0, ""},
		{"live in page: waiting", other, nil, LinkPlace{Live: true, InPage: true, Auth: true, Waiting: []string{link, other}}, LinkOperator, 0, ""},
		{"live in page: decided", link, tr, LinkPlace{Live: true, InPage: true, Auth: true}, LinkStep, decision, ""},
		{"live in page: gone", other, nil, LinkPlace{Live: true, InPage: true, Auth: true}, LinkSay, 0, "operator panel"},
		{"live remote: waiting", other, nil, LinkPlace{Live: true, Auth: true, Waiting: []string{other}}, LinkOperator, 0, ""},
		{"live remote: its own page", "https://agent.example/approvals/7", nil, LinkPlace{Live: true, Auth: true}, LinkOpen, 0, ""},
	} {
		got := ActOnLink(c.link, c.t, steps, c.at)
		if got.Use != c.want || got.Step != c.step || !strings.Contains(got.Why, c.why) || (c.want == LinkSay) != (got.Why != "") {
			t.Errorf("%s: %+v, want use %d step %d why with %q", c.name, got, c.want, c.step, c.why)
		}
	}
}

func TestAgentOfLink(t *testing.T) {
	for _, c := range []struct{ name, link, want string }{
		{"deployer", "http://localhost:41243/approve/t1", "deployer"},
		{"", "http://localhost:41243/approve/t1", "the agent at localhost:41243"},
		{"", "not a link", "the agent that sent the link"},
	} {
		if got := AgentOfLink(c.name, c.link); got != c.want {
			t.Errorf("AgentOfLink(%q, %q) = %q, want %q", c.name, c.link, got, c.want)
		}
	}
}
