package replay

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAppender checks that the text an Appender has written is, after
// every call, the canonical text of the transcript so far.
func TestAppender(t *testing.T) {
	trs := map[string]*Transcript{"full": fullTranscript()}
	for _, file := range allTranscriptFiles(t) {
		trs[file] = mustParseFile(t, file)
	}
	for name, tr := range trs {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			a, err := NewAppender(&out, tr)
			if err != nil {
				t.Fatal(err)
			}
			sofar := &Transcript{Title: tr.Title, Notes: tr.Notes, Participants: tr.Participants}
			for i := 0; ; i++ {
				want, err := Marshal(sofar)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(string(want), out.String()); diff != "" {
					t.Fatalf("after %d exchanges (-Marshal +Appender):\n%s", i, diff)
				}
				if _, err := Parse(out.Bytes(), "sofar"); err != nil {
					t.Fatalf("after %d exchanges: %v", i, err)
				}
				if i == len(tr.Exchanges) {
					break
				}
				x := *tr.Exchanges[i]
				x.Seq = 0 // the Appender numbers
				if err := a.Append(&x); err != nil {
					t.Fatal(err)
				}
				sofar.Exchanges = append(sofar.Exchanges, &x)
			}
			if a.Len() != len(tr.Exchanges) {
				t.Errorf("Len() = %d, want %d", a.Len(), len(tr.Exchanges))
			}
		})
	}
}

func TestAppenderRefuses(t *testing.T) {
	var out bytes.Buffer
	if _, err := NewAppender(&out, &Transcript{Participants: []Participant{{Name: "a b"}}}); !errors.Is(err, ErrNotRepresentable) || out.Len() > 0 {
		t.Fatalf("bad participant: err %v, wrote %q", err, out.String())
	}
	tr := fullTranscript()
	a, err := NewAppender(&out, tr)
	if err != nil {
		t.Fatal(err)
	}
	head := out.String()
	bad := *tr.Exchanges[0]
	bad.To = "nobody"
	if err := a.Append(&bad); !errors.Is(err, ErrNotRepresentable) {
		t.Fatalf("Append of an exchange to nobody: %v", err)
	}
	if out.String() != head || a.Len() != 0 {
		t.Fatalf("a refused exchange was written: %q", out.String()[len(head):])
	}
	good := *tr.Exchanges[0]
	if err := a.Append(&good); err != nil || good.Seq != 1 {
		t.Fatalf("Append after a refusal: %v, Seq %d", err, good.Seq)
	}
}
