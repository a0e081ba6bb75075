package view

import "fmt"

// The check worker posts findings to the page as one byte array that
// AppendFindings writes and ReadFindings reads: per finding, its step,
// the length of its rule's id and the length of its text, each four
// bytes little-endian, then the rule's id and the text. The page takes
// it into Go in one copy. A list of objects, read a field at a time
// across the JavaScript boundary, held the page's thread for seconds on
// the 55,556 findings of a 100,000-exchange file.

// AppendFindings appends fs to b as the check worker posts them.
func AppendFindings(b []byte, fs []Finding) []byte {
	for _, f := range fs {
		b = appendUint32(b, uint32(max(f.Step, 0)))
		b = appendUint32(b, uint32(len(f.Rule)))
		b = appendUint32(b, uint32(len(f.Text)))
		b = append(b, f.Rule...)
		b = append(b, f.Text...)
	}
	return b
}

func appendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

// ReadFindings reads findings as AppendFindings writes them. Their
// texts share one copy of b.
func ReadFindings(b []byte) ([]Finding, error) {
	s := string(b)
	var fs []Finding
	for at := 0; at < len(s); {
		if len(s)-at < 12 {
			return nil, fmt.Errorf("findings: byte %d: %d bytes where a finding's step and lengths take 12", at, len(s)-at)
		}
		step, nr, nt := uint32At(s, at), uint32At(s, at+4), uint32At(s, at+8)
		if step > 1<<31-1 {
			return nil, fmt.Errorf("findings: byte %d: step %d is out of range", at, step)
		}
		at += 12
		if uint64(nr)+uint64(nt) > uint64(len(s)-at) {
			return nil, fmt.Errorf("findings: byte %d: a rule of %d bytes and a text of %d where %d remain", at-8, nr, nt, len(s)-at)
		}
		rule := s[at : at+int(nr)]
		at += int(nr)
		fs = append(fs, Finding{Step: int(step), Rule: rule, Text: s[at : at+int(nt)]})
		at += int(nt)
	}
	return fs, nil
}

func uint32At(s string, at int) uint32 {
	return uint32(s[at]) | uint32(s[at+1])<<8 | uint32(s[at+2])<<16 | uint32(s[at+3])<<24
}
