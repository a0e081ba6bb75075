package view

import (
	"net/url"
	"strings"

	"github.com/a2aplay/a2aplay/jsonread"
)

// says returns what a step's JSON body says in words, whole: the text of
// the task's status message when it has one, else of the first message
// in it, each part on its line, ids and URLs as written. The diagram's
// label shortens ids to fit; the inspector shows them in full, so a link
// in the text works. It returns "" when the body is not JSON or holds no
// message.
func says(body string) string {
	body = strings.TrimSpace(body)
	if body == "" || body[0] != '{' {
		return ""
	}
	v, err := jsonread.Parse([]byte(body))
	if err != nil {
		return ""
	}
	if m := find(v, func(p, k string, _ *jsonread.Value) bool { return p == "status" && k == "message" }); m != nil {
		if t := partsWords(m.Get("parts")); t != "" {
			return t
		}
	}
	if ps := find(v, func(_, k string, c *jsonread.Value) bool { return k == "parts" && c.Kind == jsonread.Array }); ps != nil {
		return partsWords(ps)
	}
	return ""
}

// find walks v depth first and returns the first member for which match
// holds, given its parent's key, its own key and its value.
func find(v *jsonread.Value, match func(parent, key string, c *jsonread.Value) bool) *jsonread.Value {
	var walk func(v *jsonread.Value, parent string, depth int) *jsonread.Value
	walk = func(v *jsonread.Value, parent string, depth int) *jsonread.Value {
		if v == nil || depth > 64 {
			return nil
		}
		switch v.Kind {
		case jsonread.Object:
			for _, f := range v.Fields {
				if match(parent, f.Key, f.Value) {
					return f.Value
				}
				if r := walk(f.Value, f.Key, depth+1); r != nil {
					return r
				}
			}
		case jsonread.Array:
			for _, it := range v.Items {
				if r := walk(it, parent, depth+1); r != nil {
					return r
				}
			}
		}
		return nil
	}
	return walk(v, "", 0)
}

// partsWords joins the words of message parts: texts, and the URLs of
// files, one a line.
func partsWords(ps *jsonread.Value) string {
	if ps == nil || ps.Kind != jsonread.Array {
		return ""
	}
	var lines []string
	for _, p := range ps.Items {
		for _, k := range []string{"text", "url"} {
			if t := p.Get(k); t != nil && t.Kind == jsonread.String && strings.TrimSpace(t.Str) != "" {
				lines = append(lines, strings.TrimSpace(t.Str))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// A Span is a piece of text that is a web link or is not.
type Span struct {
	Text string
	Link bool // an http or https URL, whole
}

// Links cuts s into plain text and http(s) URLs, so that the page can
// make the URLs links. A URL ends at a space or a quote, and trailing
// punctuation is left out of it.
func Links(s string) []Span {
	var out []Span
	for s != "" {
		i := min(index(s, "http://"), index(s, "https://"))
		if i < 0 || i == len(s) {
			out = append(out, Span{Text: s})
			break
		}
		if i > 0 {
			out = append(out, Span{Text: s[:i]})
		}
		j := i
		for j < len(s) && !strings.ContainsRune(" \t\n\"'<>`", rune(s[j])) {
			j++
		}
		for j > i && strings.ContainsRune(".,;:!?)]}", rune(s[j-1])) {
			j--
		}
		u, err := url.Parse(s[i:j])
		out = append(out, Span{Text: s[i:j], Link: err == nil && u.Host != ""})
		s = s[j:]
	}
	return out
}

// index is strings.Index, with len(s) for "not found" so that min picks
// the one found.
func index(s, sub string) int {
	if i := strings.Index(s, sub); i >= 0 {
		return i
	}
	return len(s)
}
