package lesson

import (
	"strings"

	"github.com/yuin/goldmark/util"
)

// Header values such as a title, a claim or a note are one line of text
// in which `code` and {{citations}} work as they do in the body; nothing
// else is markup.

type spanKind uint8

const (
	spanText spanKind = iota
	spanCode
	spanCite
)

type span struct {
	kind spanKind
	text string // the text, the code, or for a citation the source
	ref  string // a citation's reference
}

// spans splits a header value into text, code and citations. problems
// lists malformed citations; they stay in the text as written.
func spans(s string) (out []span, problems []string) {
	for s != "" {
		i := strings.IndexAny(s, "`{")
		if i < 0 {
			out = append(out, span{kind: spanText, text: s})
			break
		}
		if i > 0 {
			out = append(out, span{kind: spanText, text: s[:i]})
			s = s[i:]
		}
		if s[0] == '`' {
			if end := strings.IndexByte(s[1:], '`'); end >= 0 {
				out = append(out, span{kind: spanCode, text: s[1 : end+1]})
				s = s[end+2:]
				continue
			}
			out = append(out, span{kind: spanText, text: s[:1]})
			s = s[1:]
			continue
		}
		if strings.HasPrefix(s, "{{") {
			if end := strings.Index(s, "}}"); end >= 0 {
				src, ref, problem := parseCite(s[2:end])
				if problem == "" {
					out = append(out, span{kind: spanCite, text: src, ref: ref})
					s = s[end+2:]
					continue
				}
				problems = append(problems, problem)
			}
		}
		out = append(out, span{kind: spanText, text: s[:1]})
		s = s[1:]
	}
	return merge(out), problems
}

// merge joins neighbouring text spans.
func merge(in []span) []span {
	var out []span
	for _, sp := range in {
		if n := len(out); n > 0 && sp.kind == spanText && out[n-1].kind == spanText {
			out[n-1].text += sp.text
			continue
		}
		out = append(out, sp)
	}
	return out
}

// writeInline writes a header value as escaped HTML.
func writeInline(w util.BufWriter, s string) {
	sp, _ := spans(s)
	for _, x := range sp {
		switch x.kind {
		case spanText:
			w.WriteString(esc(x.text))
		case spanCode:
			w.WriteString("<code>" + esc(x.text) + "</code>")
		case spanCite:
			writeCite(w, &Cite{Source: x.text, Ref: x.ref})
		}
	}
}

// checkInline records malformed citations in a header value.
func (f *fence) checkInline(fl Field) {
	_, problems := spans(fl.Value)
	for _, p := range problems {
		f.errorf(fl.Offset, "%s: %s: %s", f.info, fl.Key, p)
	}
}
