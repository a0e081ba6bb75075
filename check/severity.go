package check

import "strings"

// The requirement keywords of RFC 2119 (and RFC 8174: in capitals
// only), strongest first within each severity, as KeywordOf reads them.
var keywords = []struct {
	word     string
	severity Severity
}{
	{"MUST NOT", Violation}, {"MUST", Violation}, {"SHALL NOT", Violation}, {"SHALL", Violation}, {"REQUIRED", Violation},
	{"SHOULD NOT", Warning}, {"SHOULD", Warning}, {"NOT RECOMMENDED", Warning}, {"RECOMMENDED", Warning},
	{"MAY", Note}, {"OPTIONAL", Note},
}

// KeywordOf returns the requirement keyword a sentence states: of the
// RFC 2119 keywords written in capitals as whole words, the one of the
// strongest severity, the first of those in the sentence; "" when it
// states none ("must" in lower case is not one). "MUST not" reads as
// MUST, as it does to RFC 8174.
func KeywordOf(sentence string) string {
	best := ""
	for at := 0; at < len(sentence); at++ {
		for _, k := range keywords {
			if !wordAt(sentence, at, k.word) {
				continue
			}
			if best == "" || SeverityOf(k.word) < SeverityOf(best) {
				best = k.word
			}
			at += len(k.word) - 1
			break
		}
	}
	return best
}

// wordAt says whether s holds w at i as a whole word.
func wordAt(s string, i int, w string) bool {
	if !strings.HasPrefix(s[i:], w) {
		return false
	}
	letter := func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' }
	return (i == 0 || !letter(s[i-1])) && (i+len(w) == len(s) || !letter(s[i+len(w)]))
}

// SeverityOf is the severity of breaking a sentence with that keyword:
// MUST, MUST NOT, SHALL, SHALL NOT and REQUIRED a [Violation]; SHOULD,
// SHOULD NOT, RECOMMENDED and NOT RECOMMENDED a [Warning]; MAY,
// OPTIONAL and no keyword at all a [Note].
func SeverityOf(keyword string) Severity {
	for _, k := range keywords {
		if k.word == keyword {
			return k.severity
		}
	}
	return Note
}
