package jsonread

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// depth returns how deep arrays and objects nest in s, a JSON text.
func depth(s string) int {
	d, most := 0, 0
	dec := json.NewDecoder(strings.NewReader(s))
	for {
		tok, err := dec.Token()
		if err != nil {
			return most
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			d++
			most = max(most, d)
		case json.Delim(']'), json.Delim('}'):
			d--
		}
	}
}

// agrees fails t unless err, what a reader of this package said of s,
// is what encoding/json says of it: nil for JSON no deeper than
// MaxDepth, ErrTooDeep for deeper JSON, another *SyntaxError for text
// that is not JSON. It reports whether s is JSON.
func agrees(t *testing.T, s string, err error) bool {
	t.Helper()
	valid := json.Valid([]byte(s))
	var se *SyntaxError
	switch {
	case err != nil && !errors.As(err, &se):
		t.Fatalf("error %T is not a *SyntaxError: %v", err, err)
	case err != nil && (se.Offset < 0 || se.Offset > len(s)):
		t.Fatalf("error %v: offset out of the text of %d bytes", err, len(s))
	case valid && depth(s) > MaxDepth:
		if !errors.Is(err, ErrTooDeep) {
			t.Fatalf("JSON %d deep: error %v, want ErrTooDeep", depth(s), err)
		}
	case valid && err != nil:
		t.Fatalf("JSON read with error %v", err)
	case !valid && err == nil:
		t.Fatalf("not JSON, read without error")
	}
	return valid
}

// seed adds to f JSON of every shape: small values, the frames and
// bodies of the shipped transcripts, and texts nested deep and wide
// around MaxDepth.
func seed(f *testing.F) {
	for _, s := range []string{`{}`, `[1,"a",{"b":null}]`, `{"a":{"b":[true,false]}}`, `"\ud83d\ude00"`, `-1.5E-7`, "\"\xee\""} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../transcripts/*.events.json")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	for _, d := range []int{MaxDepth - 1, MaxDepth, MaxDepth + 1, 5000, 9999, 10001} {
		f.Add([]byte(nested(d, 1, "[", "]")))
		f.Add([]byte(nested(d, 3, `{"a":`, "}")))
	}
}

// nested returns a text width values wide at each of depth levels: each
// level holds width-1 scalars and, last, the next level. open and
// close make a level: "[" and "]", or `{"a":` and "}".
func nested(depth, width int, open, close string) string {
	var b strings.Builder
	member := ""
	if open != "[" {
		member = `"m":`
	}
	for range depth {
		b.WriteString(open[:1])
		for range width - 1 {
			b.WriteString(member + `1,`)
		}
		b.WriteString(open[1:])
	}
	b.WriteString(`"x"`)
	b.WriteString(strings.Repeat(close, depth))
	return b.String()
}

// FuzzRead checks that a Reader never panics on any text and agrees
// with encoding/json on what is JSON, but for nesting deeper than
// MaxDepth; that CheckDepth finds exactly the texts too deep; and that
// Raw gives the text of what it read.
func FuzzRead(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		s := string(b)
		err := Check(s)
		valid := agrees(t, s, err)
		if Valid(s) != (err == nil) {
			t.Fatalf("Valid = %v, Check %v", Valid(s), err)
		}
		deep := CheckDepth(s)
		if (deep != nil) != errors.Is(err, ErrTooDeep) || deep != nil && deep.Error() != err.Error() {
			t.Fatalf("CheckDepth %v, Check %v", deep, err)
		}
		if valid && err == nil {
			r := NewReader(s)
			if raw := r.Raw(); strings.TrimSpace(s) != raw || !r.End() {
				t.Fatalf("Raw = %q, %v", raw, r.Err())
			}
		}
	})
}

// FuzzNesting feeds the readers texts nested deep and wide, arrays and
// objects by turns, and holds them to one error at one depth: the
// opening bracket of the level past MaxDepth, from Check, CheckDepth,
// Parse and a Reader that skips.
func FuzzNesting(f *testing.F) {
	for _, d := range []uint16{0, 1, MaxDepth - 1, MaxDepth, MaxDepth + 1, 5000, 9999, 10000, 65535} {
		for _, w := range []uint8{1, 2, 40} {
			f.Add(d, w, false)
			f.Add(d, w, true)
		}
	}
	f.Fuzz(func(t *testing.T, d uint16, w uint8, objects bool) {
		width := 1 + int(w)%64
		open, close := "[", "]"
		if objects {
			open, close = `{"a":`, "}"
		}
		s := nested(int(d), width, open, close)
		var want error
		if int(d) > MaxDepth {
			// The opening of level MaxDepth+1: after MaxDepth levels.
			at := len(nested(MaxDepth, width, open, close)) - len(`"x"`) - MaxDepth*len(close)
			want = &SyntaxError{Offset: at, Msg: ErrTooDeep.Error()}
		}
		_, perr := ParseString(s)
		r := NewReader(s)
		r.Skip()
		var n node
		into := NewReader(s)
		if objects {
			into.ReadObject(&n)
		} else {
			ReadSlice(&into, &n.List)
		}
		for name, err := range map[string]error{"Check": Check(s), "CheckDepth": CheckDepth(s), "Parse": perr, "Skip": r.Err(), "ReadObject": into.Err()} {
			if (err == nil) != (want == nil) || err != nil && (err.Error() != want.Error() || !errors.Is(err, ErrTooDeep)) {
				t.Fatalf("%d deep, %d wide: %s gives %v, want %v", d, width, name, err, want)
			}
		}
	})
}

// A node reads what FuzzNesting nests: objects {"m": 1, "a": node} and
// arrays [1, …, node], as a struct that a Reader fills.
type node struct {
	M    int
	A    *node
	List []node
}

func (n *node) Member(r *Reader, key string) {
	switch FieldName(key, []string{"m", "a"}) {
	case "m":
		r.ReadInt(&n.M)
	case "a":
		ReadPtr(r, &n.A)
	default:
		r.Skip()
	}
}
