package replay

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestAgents(t *testing.T) {
	var a Agents
	card := func(name string, urls ...string) []byte {
		s := `{"name":"` + name + `","supportedInterfaces":[`
		for i, u := range urls {
			if i > 0 {
				s += ","
			}
			s += `{"url":"` + u + `","protocolBinding":"JSONRPC"}`
		}
		return []byte(s + "]}")
	}
	if !a.AddCard("http://127.0.0.1:9000/reviewer/.well-known/agent-card.json", card("Code Reviewer", "http://localhost:9000/reviewer/rpc", "http://localhost:9000/reviewer/rest")) ||
		!a.AddCard("http://localhost:9000/deployer/.well-known/agent-card.json", card("deployer", "http://localhost:9000/deployer")) ||
		!a.AddCard("http://[::1]:41243/.well-known/agent-card.json", card("deployer", "http://localhost:41243/")) {
		t.Fatal("AddCard refused a card")
	}
	if a.AddCard("http://x/.well-known/agent-card.json", []byte(`<html>`)) || a.AddCard("http://x/", []byte(`{"description":"no name"}`)) {
		t.Error("AddCard took what is not a card")
	}
	// The same deployer, fetched again under another loopback name.
	a.AddCard("http://localhost:41243/.well-known/agent-card.json", card("deployer", "http://127.0.0.1:41243/"))
	for _, tc := range []struct {
		url, card, base string
		id              int
	}{
		{"http://localhost:9000/reviewer/rpc", "Code Reviewer", "http://127.0.0.1:9000/reviewer", 0},
		{"http://[::1]:9000/reviewer/rest/message:send", "Code Reviewer", "http://127.0.0.1:9000/reviewer", 0},
		{"http://LOCALHOST:9000/reviewer", "Code Reviewer", "http://127.0.0.1:9000/reviewer", 0},
		{"http://127.0.0.1:9000/deployer/approve/t1", "deployer", "http://localhost:9000/deployer", 1},
		{"http://127.0.0.1:41243/", "deployer", "http://[::1]:41243", 2},
		{"http://localhost:41243/approve/t2", "deployer", "http://[::1]:41243", 2},
		{"http://localhost:9000/reviewers", "", "http://localhost:9000", 3},
		{"http://127.0.0.1:9000/", "", "http://localhost:9000", 3},
		{"https://localhost:9000/reviewer/rpc", "", "https://localhost:9000", 4},
	} {
		card, base, id, ok := a.Lookup(tc.url)
		if !ok || card != tc.card || base != tc.base || id != tc.id {
			t.Errorf("Lookup(%s) = %q, %q, %d, %v; want %q, %q, %d", tc.url, card, base, id, ok, tc.card, tc.base, tc.id)
		}
	}
	if _, _, _, ok := a.Lookup("ftp://localhost:9000/"); ok {
		t.Error("Lookup took an ftp URL")
	}
}

// jsonCardURLs is cardURLs as encoding/json reads a card: the reference
// FuzzCardURLs holds cardURLs to.
func jsonCardURLs(card []byte) (name string, urls []string, ok bool) {
	var c struct {
		Name                 string                 `json:"name"`
		URL                  string                 `json:"url"`
		SupportedInterfaces  []struct{ URL string } `json:"supportedInterfaces"`
		AdditionalInterfaces []struct{ URL string } `json:"additionalInterfaces"`
	}
	if json.Unmarshal(card, &c) != nil || c.Name == "" {
		return "", nil, false
	}
	if c.URL != "" {
		urls = append(urls, c.URL)
	}
	for _, in := range append(c.SupportedInterfaces, c.AdditionalInterfaces...) {
		if in.URL != "" {
			urls = append(urls, in.URL)
		}
	}
	return c.Name, urls, true
}

func FuzzCardURLs(f *testing.F) {
	for _, s := range []string{
		`{"name":"a","url":"http://a/","supportedInterfaces":[{"url":"http://a/rpc","protocolBinding":"JSONRPC"},null,{}]}`,
		`{"NAME":"b","additionalInterfaces":[{"URL":"http://b/"}],"supportedInterfaces":null}`,
		`{"name":"c","supportedInterfaces":[{"url":"x"},{"url":"y"}],"supportedInterfaces":[{}]}`,
		`{"name":3}`, `{"name":"d","url":4}`, `{"name":"e","supportedInterfaces":[1]}`, `{"name":"f","supportedInterfaces":{}}`,
		`null`, `[]`, `{"name":"g"} x`, `{"description":"no name"}`, `<html>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, card []byte) {
		name, urls, ok := cardURLs(card)
		wname, wurls, wok := jsonCardURLs(card)
		if name != wname || ok != wok || !slices.Equal(urls, wurls) {
			t.Errorf("cardURLs(%q) = %q %q %v, encoding/json reads %q %q %v", card, name, urls, ok, wname, wurls, wok)
		}
	})
}
